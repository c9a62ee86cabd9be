//! The one-way dependencies of STYLE.md §6, checked on the sources (issue 11): a forbidden `use`
//! or path fails this test, wherever it stands (a `use` group, a path inside code, a unit test).
//!
//! | files | may not name |
//! | --- | --- |
//! | `src/model/` | anything of the crate but `model` |
//! | `src/bytes/` | anything of the crate but `bytes` (PGN byte classes for engine and analysis) |
//! | `src/report/` | anything of the crate but `report` and `model` |
//! | `src/analysis/` | `engine`, `report`, `commands`; the crates rayon, memmap2, clap, indicatif |
//! | `src/engine/` | `analysis`, `report`, `commands` |
//! | the library (all but `src/main.rs`, `src/cli/`) | clap |
//! | all but `src/report/progress.rs` | indicatif |
//! | all but `src/engine/` | rayon, memmap2 |
//!
//! The sources are read with a small Rust lexer (comments, strings, raw strings and character
//! literals are skipped; lifetimes are not mistaken for characters); `use` trees are expanded
//! (`use crate::{a, b::{c, self}}`), and `crate::`, `super::` (`super::super::`, inside inline
//! modules too), `self::`, `arbiter::` and extern-crate paths are resolved to the module or crate
//! they name. Doc links in comments are not imports.
//!
//! [`ALLOWED`] lists known violations, file and path, for their owners to remove (none today);
//! a new violation fails, and so does an entry of the list that no longer occurs.

use std::collections::BTreeSet;
use std::path::Path;

use crate::util::root;

/// Violations present when this test was written (issue 11), each to be removed by the owner of
/// the file; `(file, path as resolved)`. Do not add to this list: fix the import instead.
const ALLOWED: &[(&str, &str)] = &[];

#[test]
fn modules_depend_one_way() {
    let root = root();
    let externs = extern_crates(&std::fs::read_to_string(root.join("Cargo.toml")).unwrap());
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(files.len() > 20, "only {} source files found", files.len());
    let mut found = BTreeSet::new();
    let mut new = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).unwrap();
        for v in violations(&rel, &text, &externs) {
            if ALLOWED.contains(&(rel.as_str(), v.path.as_str())) {
                found.insert((rel.clone(), v.path));
            } else {
                new.push(format!("{rel}:{}: {} ({})", v.line, v.path, v.rule));
            }
        }
    }
    let stale: Vec<String> = ALLOWED
        .iter()
        .filter(|(f, p)| !found.contains(&(f.to_string(), p.to_string())))
        .map(|(f, p)| format!("{f}: {p}"))
        .collect();
    let list = |v: &[String]| match v {
        [] => "(none)".to_owned(),
        v => v.join("\n    "),
    };
    assert!(
        new.is_empty() && stale.is_empty(),
        "layering (STYLE.md §6):\n  forbidden references:\n    {}\n  allowed violations that \
         are gone (remove them from ALLOWED in tests/cli/layering.rs):\n    {}",
        list(&new),
        list(&stale)
    );
}

/// The violations of `text` as the file `file`, as `line:path`.
fn paths(file: &str, text: &str) -> Vec<String> {
    let externs: BTreeSet<String> = ["rayon", "memmap2", "clap", "indicatif", "serde", "std"]
        .map(String::from)
        .into();
    violations(file, text, &externs)
        .into_iter()
        .map(|v| format!("{}:{}", v.line, v.path))
        .collect()
}

/// The checker finds paths in `use` groups, `super::super`, and paths inside code.
#[test]
fn the_checker_resolves_paths() {
    // A group, nested groups with `self`, a glob and a rename, over several lines.
    let text = "use crate::{model::Finding, engine::{self, split::is_space as sp},\n report::*};\n";
    assert_eq!(
        paths("src/analysis/x.rs", text),
        [
            "1:crate::engine",
            "1:crate::engine::split::is_space",
            "2:crate::report::*"
        ]
    );
    // `super::super`, counted from the inline module it stands in; `self::` inside one.
    let text = "mod inner {\n  use super::super::super::engine::scan;\n  fn f() { self::g(); }\n}\n\
                fn h() { super::super::report::human::sanitize(\"\"); }\n";
    assert_eq!(
        paths("src/analysis/x.rs", text),
        ["2:crate::engine::scan", "5:crate::report::human::sanitize"]
    );
    // (from `mod t` in `analysis::x`, `super::super` is `analysis`)
    assert_eq!(
        paths(
            "src/analysis/x.rs",
            "mod t { use super::super::engine::split; }"
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        paths(
            "src/analysis/deep/x.rs",
            "use super::super::super::engine::split;"
        ),
        ["1:crate::engine::split"]
    );
    // Paths inside code, an extern crate by its name and with a leading `::`.
    let text = "fn f<'a>(x: &'a str) -> char {\n let c = '\\'';\n \
                crate::engine::parallel::pool(1);\n let _ = ::rayon::join;\n 'x'\n}\n";
    assert_eq!(
        paths("src/analysis/x.rs", text),
        ["3:crate::engine::parallel::pool", "4:rayon::join"]
    );
}

/// Nothing in comments, doc links, strings, raw strings, or names that only look alike.
#[test]
fn the_checker_skips_comments_and_literals() {
    let text = "//! See [`crate::engine::split`].\n/* use crate::report; /* nested */ */\n\
                const S: &str = \"crate::engine::x\"; const R: &str = r#\"use clap::Parser;\"#;\n\
                fn f(engine: u8, rayon_like: u8) {}\nuse self::engine_local::x;\n\
                pub(crate) fn g() {}\npub(super) fn h() {}\n\
                fn i() { Vec::<u8>::new(); let _ = (b\"crate::report\", b'\\'', br\"engine::x\"); }\n";
    assert_eq!(paths("src/analysis/x.rs", text), Vec::<String>::new());
}

/// The rules of each layer.
#[test]
fn the_checker_applies_the_rules_of_each_layer() {
    assert_eq!(
        paths("src/model.rs", "use crate::report::Format;"),
        ["1:crate::report::Format"]
    );
    assert_eq!(
        paths(
            "src/report/human.rs",
            "use crate::model::Finding;\nuse super::jsonl;\n"
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        paths("src/report/human.rs", "fn f() { crate::commands::run(); }"),
        ["1:crate::commands::run"]
    );
    assert_eq!(
        paths(
            "src/engine/x.rs",
            "use crate::analysis::lexer::Lexer;\nuse rayon::prelude::*;\n"
        ),
        ["1:crate::analysis::lexer::Lexer"]
    );
    assert_eq!(
        paths(
            "src/analysis/x.rs",
            "use memmap2::Mmap;\nuse serde::Serialize;\n"
        ),
        ["1:memmap2::Mmap"]
    );
    assert_eq!(
        paths("src/commands/x.rs", "use clap::Parser;\nuse rayon::join;\n"),
        ["1:clap::Parser", "2:rayon::join"]
    );
    assert_eq!(
        paths("src/report/human.rs", "use indicatif::ProgressBar;"),
        ["1:indicatif::ProgressBar"]
    );
    assert_eq!(
        paths("src/report/progress.rs", "use indicatif::ProgressBar;"),
        Vec::<String>::new()
    );
    // The binary: clap is at home in `src/cli`, and `arbiter::` names the library.
    assert_eq!(
        paths(
            "src/cli/mod.rs",
            "use clap::Parser;\nuse arbiter::commands;\n"
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        paths(
            "src/cli/mod.rs",
            "use arbiter::engine::parallel::RawGame;\nuse memmap2::Mmap;"
        ),
        ["2:memmap2::Mmap"]
    );
}

/// One forbidden reference.
#[derive(Debug)]
struct Violation {
    line: usize,
    /// The path as resolved: `crate::engine::split::is_space`, `rayon::join`.
    path: String,
    rule: &'static str,
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names of the crates of `[dependencies]` and `[dev-dependencies]` (as Rust names), and
/// the standard ones.
fn extern_crates(manifest: &str) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = ["std", "core", "alloc", "proc_macro", "test"]
        .map(String::from)
        .into();
    let mut in_deps = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = matches!(line, "[dependencies]" | "[dev-dependencies]");
        } else if in_deps && let Some((name, _)) = line.split_once('=') {
            names.insert(name.trim().replace('-', "_"));
        }
    }
    assert!(
        names.contains("rayon") && names.contains("clap"),
        "{names:?}"
    );
    names
}

/// Which crate a file belongs to, and its module path in it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Krate {
    Lib,
    Bin,
}

fn module_of(file: &str) -> (Krate, Vec<String>) {
    let rel = file.strip_prefix("src/").expect("a file under src/");
    let rel = rel.strip_suffix(".rs").expect("a .rs file");
    let mut segments: Vec<String> = rel.split('/').map(String::from).collect();
    if matches!(
        segments.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        segments.pop();
    }
    let bin = rel == "main" || rel.starts_with("cli/") || rel == "cli";
    (if bin { Krate::Bin } else { Krate::Lib }, segments)
}

/// A path a file names, resolved.
#[derive(Debug, PartialEq)]
enum Target {
    /// A module or item of the library (`arbiter::x` from the binary, `crate::x` in the
    /// library), by its path from the crate root.
    Lib(Vec<String>),
    /// Something of the binary.
    Bin,
    /// An external crate and the path inside it.
    Extern(String, Vec<String>),
}

/// The forbidden references of the file `file` (path from the repository root) with the
/// contents `text`.
fn violations(file: &str, text: &str, externs: &BTreeSet<String>) -> Vec<Violation> {
    let (krate, module) = module_of(file);
    let mut out = Vec::new();
    for (line, path, inline) in references(text, externs) {
        let mut here = module.clone();
        here.extend(inline);
        let Some(target) = resolve(krate, &here, &path, externs) else {
            continue;
        };
        if let Some(rule) = rule(krate, &module, file, &target) {
            let shown = match &target {
                Target::Lib(p) => std::iter::once("crate".to_owned())
                    .chain(p.iter().cloned())
                    .collect::<Vec<_>>()
                    .join("::"),
                Target::Bin => path.join("::"),
                Target::Extern(name, p) => std::iter::once(name.clone())
                    .chain(p.iter().cloned())
                    .collect::<Vec<_>>()
                    .join("::"),
            };
            out.push(Violation {
                line,
                path: shown,
                rule,
            });
        }
    }
    out
}

/// The rule that `target`, named in `file`, breaks.
fn rule(krate: Krate, module: &[String], file: &str, target: &Target) -> Option<&'static str> {
    let layer = if krate == Krate::Lib {
        module.first().map(String::as_str)
    } else {
        None
    };
    match target {
        Target::Lib(path) => {
            let to = path.first().map(String::as_str).unwrap_or("");
            match layer {
                Some("model") if to != "model" => Some("model imports nothing from the crate"),
                Some("bytes") if to != "bytes" => Some("bytes imports nothing from the crate"),
                Some("report") if !matches!(to, "report" | "model") => {
                    Some("report depends on model only")
                }
                Some("analysis") if matches!(to, "engine" | "report" | "commands") => {
                    Some("analysis never imports engine, report or commands")
                }
                Some("engine") if matches!(to, "analysis" | "report" | "commands") => {
                    Some("engine never imports analysis, report or commands")
                }
                _ => None,
            }
        }
        Target::Bin => None,
        Target::Extern(name, _) => match name.as_str() {
            "clap" if krate == Krate::Lib => Some("clap only in src/cli and src/main.rs"),
            "indicatif" if file != "src/report/progress.rs" => {
                Some("indicatif only in src/report/progress.rs")
            }
            "rayon" | "memmap2" if !file.starts_with("src/engine/") => {
                Some("rayon and memmap2 only in src/engine")
            }
            _ => None,
        },
    }
}

/// Resolves `path`, named in the module `here` of `krate`; `None` for a path relative to a
/// local name (a `use` of a child module or of an alias: it cannot leave the module's layer
/// without a prefix the other references show).
fn resolve(
    krate: Krate,
    here: &[String],
    path: &[String],
    externs: &BTreeSet<String>,
) -> Option<Target> {
    let in_krate = |p: Vec<String>| match krate {
        Krate::Lib => Target::Lib(p),
        Krate::Bin => Target::Bin,
    };
    let first = path.first()?.as_str();
    let rest = || path[1..].to_vec();
    match first {
        "crate" => Some(in_krate(rest())),
        "arbiter" => Some(Target::Lib(rest())),
        "self" => Some(in_krate(here.iter().cloned().chain(rest()).collect())),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            assert!(ups <= here.len(), "{path:?} leaves the crate from {here:?}");
            let base = &here[..here.len() - ups];
            Some(in_krate(
                base.iter()
                    .cloned()
                    .chain(path[ups..].iter().cloned())
                    .collect(),
            ))
        }
        "::" => Some(Target::Extern(path.get(1)?.clone(), path[2..].to_vec())),
        name if externs.contains(name) => Some(Target::Extern(name.to_owned(), rest())),
        _ => Some(in_krate(
            here.iter().cloned().chain(path.iter().cloned()).collect(),
        )),
    }
}

/// A token of the lexer: an identifier (keywords included), `::`, or one other character.
#[derive(Debug, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

/// Tokens with their 1-based line, without comments and literals.
fn tokens(text: &str) -> Vec<(usize, Tok)> {
    let mut scan = Scan {
        c: text.chars().collect(),
        i: 0,
        line: 1,
    };
    let mut out = Vec::new();
    while let Some(&ch) = scan.c.get(scan.i) {
        let next = scan.at(1);
        if ch == '\n' {
            scan.line += 1;
            scan.i += 1;
        } else if ch.is_whitespace() {
            scan.i += 1;
        } else if ch == '/' && next == Some('/') {
            while scan.at(0).is_some_and(|c| c != '\n') {
                scan.i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            scan.block_comment();
        } else if ch == '"' {
            scan.i += 1;
            scan.string();
        } else if ch == '\'' {
            scan.char_or_lifetime();
        } else if ch.is_ascii_digit() {
            scan.word();
        } else if ident_start(ch) {
            let line = scan.line;
            if let Some(word) = scan.ident_or_literal() {
                out.push((line, Tok::Ident(word)));
            }
        } else if ch == ':' && next == Some(':') {
            out.push((scan.line, Tok::PathSep));
            scan.i += 2;
        } else {
            out.push((scan.line, Tok::Punct(ch)));
            scan.i += 1;
        }
    }
    out
}

fn ident_start(ch: char) -> bool {
    ch.is_alphabetic() || ch == '_'
}

fn ident_char(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// The lexer's position in the text: character `i`, on line `line`.
struct Scan {
    c: Vec<char>,
    i: usize,
    line: usize,
}

impl Scan {
    /// The character `k` places ahead.
    fn at(&self, k: usize) -> Option<char> {
        self.c.get(self.i + k).copied()
    }

    /// Skips a word (identifier characters); returns it.
    fn word(&mut self) -> String {
        let start = self.i;
        while self.at(0).is_some_and(ident_char) {
            self.i += 1;
        }
        self.c[start..self.i].iter().collect()
    }

    /// Skips to just past the `"` that closes a (non-raw) string opened before `i`.
    fn string(&mut self) {
        while let Some(ch) = self.at(0) {
            if ch == '"' {
                break;
            }
            if ch == '\\' {
                self.i += 1;
            }
            self.line += usize::from(self.at(0) == Some('\n'));
            self.i += 1;
        }
        self.i += 1;
    }

    /// Skips a block comment (`/* ... */`, nested ones included) starting at `i`.
    fn block_comment(&mut self) {
        let mut depth = 0;
        while let Some(ch) = self.at(0) {
            if ch == '/' && self.at(1) == Some('*') {
                depth += 1;
                self.i += 2;
            } else if ch == '*' && self.at(1) == Some('/') {
                depth -= 1;
                self.i += 2;
                if depth == 0 {
                    break;
                }
            } else {
                self.line += usize::from(ch == '\n');
                self.i += 1;
            }
        }
    }

    /// Skips a character literal ('x', '\n', '\u{1F600}', '\''), or the quote of a lifetime or
    /// label.
    fn char_or_lifetime(&mut self) {
        if self.at(1) == Some('\\') {
            self.i += 3; // the quote, the backslash and the escaped character
            while self.at(0).is_some_and(|c| c != '\'') {
                self.i += 1;
            }
            self.i += 1;
        } else if self.at(2) == Some('\'') {
            self.i += 3;
        } else {
            self.i += 1;
        }
    }

    /// An identifier (`r#name` gives `name`), or `None` past a literal that starts like one:
    /// a raw string (`r"..."`, `br#"..."#`), a byte or C string (`b"..."`), a byte (`b'x'`).
    fn ident_or_literal(&mut self) -> Option<String> {
        let word = self.word();
        let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
        if raw_prefix && matches!(self.at(0), Some('"' | '#')) {
            let hashes = self.c[self.i..].iter().take_while(|&&h| h == '#').count();
            if self.at(hashes) == Some('"') {
                // A raw string: ends at `"` followed by as many `#`.
                self.i += hashes + 1;
                while self
                    .at(0)
                    .is_some_and(|c| !(c == '"' && (1..=hashes).all(|k| self.at(k) == Some('#'))))
                {
                    self.line += usize::from(self.at(0) == Some('\n'));
                    self.i += 1;
                }
                self.i += hashes + 1;
                return None;
            }
            if word == "r" && hashes == 1 && self.at(1).is_some_and(ident_start) {
                self.i += 1;
                return Some(self.word());
            }
        }
        if matches!(word.as_str(), "b" | "c") && self.at(0) == Some('"') {
            self.i += 1;
            self.string();
            return None;
        }
        if word == "b" && self.at(0) == Some('\'') {
            return None; // b'x': the quote starts a character literal
        }
        Some(word)
    }
}

/// Every path `text` names that may leave its module: each path of a `use` (groups expanded)
/// or `extern crate`, and the paths in code that start with `crate`, `super`, `self`,
/// `arbiter`, `::` or the name of an extern crate; with its line and the inline modules it
/// stands in.
fn references(text: &str, externs: &BTreeSet<String>) -> Vec<(usize, Vec<String>, Vec<String>)> {
    let toks = tokens(text);
    let ident = |k: usize| match toks.get(k) {
        Some((_, Tok::Ident(s))) => Some(s.as_str()),
        _ => None,
    };
    let is = |k: usize, t: &Tok| toks.get(k).is_some_and(|(_, x)| x == t);
    let mut out = Vec::new();
    // Inline modules: their names and the brace depth inside them.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut k = 0;
    while k < toks.len() {
        let names = || inline.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        match &toks[k].1 {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Ident(w)
                if w == "mod" && ident(k + 1).is_some() && is(k + 2, &Tok::Punct('{')) =>
            {
                inline.push((ident(k + 1).unwrap().to_owned(), depth + 1));
                k += 1;
            }
            Tok::Ident(w) if w == "use" => {
                let mut trees = Vec::new();
                k = use_tree(&toks, k + 1, Vec::new(), &mut trees);
                for (line, path) in trees {
                    out.push((line, path, names()));
                }
                continue;
            }
            Tok::Ident(w) if w == "extern" && ident(k + 1) == Some("crate") => {
                if let Some(name) = ident(k + 2) {
                    out.push((toks[k].0, vec![name.to_owned()], names()));
                }
                k += 3;
                continue;
            }
            Tok::Ident(w)
                if is(k + 1, &Tok::PathSep)
                    && !is(k.wrapping_sub(1), &Tok::PathSep)
                    && (matches!(w.as_str(), "crate" | "super" | "self" | "arbiter")
                        || externs.contains(w)) =>
            {
                let (end, path) = code_path(&toks, k);
                out.push((toks[k].0, path, names()));
                k = end;
                continue;
            }
            // `::name::...`: an extern crate named explicitly (not the `::` inside a path, nor
            // the one of `Vec::<u8>::new` that follows `>`).
            Tok::PathSep
                if !matches!(toks.get(k.wrapping_sub(1)), Some((_, Tok::Ident(_))))
                    && !is(k.wrapping_sub(1), &Tok::Punct('>'))
                    && ident(k + 1).is_some() =>
            {
                let (end, mut path) = code_path(&toks, k + 1);
                path.insert(0, "::".to_owned());
                out.push((toks[k].0, path, names()));
                k = end;
                continue;
            }
            _ => {}
        }
        k += 1;
    }
    out
}

/// The path `a::b::c` in code starting at token `k`: where it ends and its segments (up to the
/// first segment that is not an identifier, such as `<` of a turbofish).
fn code_path(toks: &[(usize, Tok)], mut k: usize) -> (usize, Vec<String>) {
    let mut path = Vec::new();
    while let Some((_, Tok::Ident(s))) = toks.get(k) {
        path.push(s.clone());
        k += 1;
        if !matches!(toks.get(k), Some((_, Tok::PathSep))) {
            break;
        }
        k += 1;
    }
    (k, path)
}

/// Expands the use tree starting at token `k` under `prefix` into `out` (line of the last
/// segment, full path; a trailing `self` removed, `*` kept); returns the token after it (past the
/// `;` at the top level).
fn use_tree(
    toks: &[(usize, Tok)],
    mut k: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<(usize, Vec<String>)>,
) -> usize {
    let top = prefix.is_empty();
    if top && matches!(toks.get(k), Some((_, Tok::PathSep))) {
        prefix.push("::".to_owned());
        k += 1;
    }
    loop {
        match toks.get(k) {
            Some((line, Tok::Ident(s))) => {
                if s != "self" || prefix.is_empty() {
                    prefix.push(s.clone());
                }
                k += 1;
                match toks.get(k) {
                    Some((_, Tok::PathSep)) => k += 1,
                    _ => {
                        if matches!(toks.get(k), Some((_, Tok::Ident(a))) if a == "as") {
                            k += 2;
                        }
                        out.push((*line, prefix));
                        break;
                    }
                }
            }
            Some((line, Tok::Punct('*'))) => {
                prefix.push("*".to_owned());
                out.push((*line, prefix));
                k += 1;
                break;
            }
            Some((_, Tok::Punct('{'))) => {
                k += 1;
                loop {
                    match toks.get(k) {
                        Some((_, Tok::Punct('}'))) => {
                            k += 1;
                            break;
                        }
                        Some((_, Tok::Punct(','))) => k += 1,
                        Some(_) => k = use_tree(toks, k, prefix.clone(), out),
                        None => panic!("unclosed use group"),
                    }
                }
                break;
            }
            other => panic!("unexpected token in a use tree: {other:?}"),
        }
    }
    if top && matches!(toks.get(k), Some((_, Tok::Punct(';')))) {
        k += 1;
    }
    k
}
