//! `check --format html` and `audit --format html` (issue 35): a hostile file puts no element or
//! attribute into the page, and the page, rendered by headless Chromium, shows one board per
//! finding with a position, a finding's text as the text output's line, and pixels that are not
//! blank.
//!
//! The page is read by independent parsers: Python's `html.parser` (the standard library's HTML
//! tokenizer, through the Python of the table tests) and Chromium (Debian's `chromium`; the test
//! skips with a note where it is missing, and fails under CI, as a missing corpus does).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{TempDir, in_ci, run, testdata};

/// Reads an HTML file with Python's `html.parser` and prints, as JSON: every (element,
/// attribute names) seen, the texts of the `p.line` elements, the count of `svg.board` elements
/// and of `article` elements, and the page's text.
const PARSE: &str = r#"
import json, sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = set(); self.lines = []; self.boards = 0; self.articles = 0
        self.in_line = 0; self.text = []
    def handle_starttag(self, tag, attrs):
        names = sorted(n for n, _ in attrs)
        self.elements.add((tag, tuple(names)))
        cls = dict(attrs).get("class") or ""
        if tag == "svg" and "board" in cls.split(): self.boards += 1
        if tag == "article": self.articles += 1
        if tag == "p" and cls == "line": self.in_line = 1; self.lines.append("")
    def handle_endtag(self, tag):
        if tag == "p": self.in_line = 0
    def handle_data(self, data):
        self.text.append(data)
        if self.in_line: self.lines[-1] += data
p = P()
p.feed(open(sys.argv[1], encoding="utf-8").read())
p.close()
print(json.dumps({"elements": sorted([t, list(a)] for t, a in p.elements), "lines": p.lines,
                  "boards": p.boards, "articles": p.articles, "text": "".join(p.text)}))
"#;

/// The parse of the HTML file `path` ([`PARSE`]), or `None` (with a note) without Python.
pub fn parse(path: &Path) -> Option<Value> {
    let python = crate::tables::python("html.parser", "the HTML report's parse")?;
    let out = Command::new(python)
        .args(["-c", PARSE])
        .arg(path)
        .output()
        .expect("run python");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).expect("JSON from the parser"))
}

/// The (element, attribute) pairs of a parse.
pub fn element_set(parse: &Value) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    for e in parse["elements"].as_array().unwrap() {
        let tag = e[0].as_str().unwrap();
        set.insert(tag.to_owned());
        for a in e[1].as_array().unwrap() {
            set.insert(format!("{tag}[{}]", a.as_str().unwrap()));
        }
    }
    set
}

/// A game whose tags, comments and names carry markup, with `{x}` where the markup goes; the
/// game has an illegal move (a board) and a missing Site tag (a finding without a position).
pub const GAME: &str = "[Event \"{x}\"]\n[Date \"2024.01.01\"]\n[Round \"{x}\"]\n[White \"{x}\"]\n\
    [Black \"{x}\"]\n[Result \"1-0\"]\n[Annotator \"{x}\"]\n\n\
    1. e4 {{x}} e5 2. Qh5 ({x}) Nc6 3. Bc4 Nf6 4. Qxf7# 1/2-1/2\n\n\
    [Event \"{x}\"]\n[Site \"{x}\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"{x}\"]\n\
    [Black \"{x}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 {{x}} *\n";

/// Markup a hostile file may hold.
pub const HOSTILE: [&str; 4] = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(2)>",
    "</svg></p><iframe src=javascript:alert(3)>",
    "'><a href=javascript:alert(4) onclick=alert(5)>x</a>",
];

/// The report of a file holding [`GAME`] with `x` in place of the markup, named `name`.
fn report(dir: &TempDir, name: &str, x: &str, command: &str) -> PathBuf {
    let pgn = dir.write(name, GAME.replace("{x}", x).as_bytes());
    let out = dir.path(&format!("{command}-{}.html", x.len()));
    let o = run(&[
        command,
        "--format",
        "html",
        "-o",
        out.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// A hostile file gives the page the same elements and attributes as a plain one: nothing of
/// the input became markup, and the markup is in the page's text, as written.
#[test]
fn a_hostile_file_puts_no_markup_into_the_page() {
    let dir = TempDir::new("html-hostile");
    for command in ["check", "audit"] {
        let plain = report(&dir, "plain.pgn", "plain", command);
        let Some(plain) = parse(&plain) else {
            return;
        };
        for (i, x) in HOSTILE.iter().enumerate() {
            let name = format!("{i}{}.pgn", &x[..x.len().min(12)].replace('/', "_"));
            let hostile = parse(&report(&dir, &name, x, command)).unwrap();
            assert_eq!(
                element_set(&hostile),
                element_set(&plain),
                "{command}: the page of {x:?} has other elements or attributes"
            );
            for element in ["script", "img", "iframe", "a[onclick]", "img[onerror]"] {
                assert!(!element_set(&hostile).contains(element), "{element}");
            }
            let text = hostile["text"].as_str().unwrap();
            assert!(
                text.contains(x),
                "{command}: {x:?} is not in the page's text"
            );
            assert!(
                hostile["boards"].as_u64().unwrap() >= 1,
                "{command}: no board"
            );
        }
    }
    // The text of a plain page: no element the page does not use.
    let plain = parse(&dir.path("check-5.html")).unwrap();
    let allowed = [
        "a", "article", "body", "br", "circle", "code", "dd", "defs", "details", "div", "dl", "dt",
        "footer", "g", "h1", "h2", "head", "header", "html", "li", "line", "main", "meta", "nav",
        "p", "path", "polygon", "rect", "section", "span", "style", "summary", "svg", "table",
        "td", "text", "th", "title", "tr", "ul", "use",
    ];
    for e in element_set(&plain).iter().filter(|e| !e.contains('[')) {
        assert!(allowed.contains(&e.as_str()), "unexpected element {e}");
    }
}

/// Debian's `chromium`, or `None` with a note (a failure under CI).
pub fn chromium(what: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            if dir.join(name).is_file() {
                return Some(dir.join(name));
            }
        }
    }
    assert!(
        !in_ci(),
        "chromium not found and CI is set: {what} cannot be skipped"
    );
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr().lock(),
        "note: chromium not found (apt-get install chromium); {what} skipped"
    );
    None
}

/// Runs headless Chromium on `page` with `args` (a fresh profile in `dir`, at most two
/// minutes); returns its standard output and error.
pub fn headless(chromium: &Path, dir: &TempDir, page: &Path, args: &[&str]) -> (String, String) {
    let out = Command::new("timeout")
        .arg("120")
        .arg(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", dir.path("profile").display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .output()
        .expect("run chromium");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "chromium failed: {stderr}");
    (stdout, stderr)
}

/// The testdata files of the Chromium test: findings of every family of `check` (syntax,
/// illegal move, notation, tag, result, variant, FEN) and verdicts of `audit`.
const CHECKED: [&str; 8] = [
    "check/syntax-unknown-token.pgn",
    "check/illegal-king-in-check.pgn",
    "check/illegal-ambiguous.pgn",
    "check/notation-long-algebraic.pgn",
    "check/result-contradicts-position.pgn",
    "check/tag-variant-crazyhouse.pgn",
    "check/split-mixed.pgn",
    "check/illegal-castling.pgn",
];

/// The report's parts as the text and JSON Lines outputs give them: the text lines, and the
/// number of records with a position.
fn expected(command: &str, files: &[String]) -> (Vec<String>, u64, u64) {
    // The page holds every finding and verdict, info ones too: the text with --all.
    let mut args = vec![command, "--format", "text", "--all"];
    args.extend(files.iter().map(String::as_str));
    let text = run(&args);
    let mut lines: Vec<String> = String::from_utf8_lossy(&text.stdout)
        .lines()
        .filter(|l| !l.starts_with("summary: "))
        .map(str::to_owned)
        .collect();
    lines.sort();
    args[2] = "jsonl";
    let jsonl = run(&args);
    let records = crate::util::parse_jsonl(&jsonl.stdout);
    let items: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "finding" || r["type"] == "verdict")
        .collect();
    let with_fen = items.iter().filter(|r| r["fen"].is_string()).count() as u64;
    (lines, items.len() as u64, with_fen)
}

/// Headless Chromium loads the page with no console message, its DOM has one board per
/// finding with a position and each finding's line as the text output writes it, and its
/// screenshot shows the boards.
#[test]
fn chromium_renders_one_board_per_finding() {
    let Some(chromium) = chromium("the HTML report in Chromium") else {
        return;
    };
    let dir = TempDir::new("html-chromium");
    let audited = [
        "audit/endings.pgn",
        "audit/claims.pgn",
        "audit/repetition.pgn",
        "audit/skipped.pgn",
    ];
    for (command, files) in [("check", &CHECKED[..]), ("audit", &audited[..])] {
        let files: Vec<String> = files
            .iter()
            .map(|f| testdata(f).to_string_lossy().into_owned())
            .collect();
        let page = dir.path(&format!("{command}.html"));
        let mut args = vec![command, "--format", "html", "-o", page.to_str().unwrap()];
        args.extend(files.iter().map(String::as_str));
        let o = run(&args);
        assert_eq!(
            o.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let (dom, log) = headless(&chromium, &dir, &page, &["--dump-dom"]);
        assert!(
            !log.contains("CONSOLE"),
            "{command}: console messages: {log}"
        );
        let dumped = dir.write(&format!("{command}-dom.html"), dom.as_bytes());
        let Some(parsed) = parse(&dumped) else {
            return;
        };
        let (lines, items, with_fen) = expected(command, &files);
        assert!(
            with_fen >= 5 && items > with_fen,
            "{command}: {items} items, {with_fen} FENs"
        );
        assert_eq!(
            parsed["articles"].as_u64(),
            Some(items),
            "{command}: articles"
        );
        assert_eq!(
            parsed["boards"].as_u64(),
            Some(with_fen),
            "{command}: boards"
        );
        let mut shown: Vec<String> = parsed["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_owned())
            .collect();
        shown.sort();
        assert_eq!(
            shown, lines,
            "{command}: the DOM's lines are the text output's"
        );
        let png = dir.path(&format!("{command}.png"));
        let shot = format!("--screenshot={}", png.display());
        headless(&chromium, &dir, &page, &[&shot, "--window-size=1000,3000"]);
        let (colours, dark_squares, inked) = pixels(&png);
        assert!(colours > 50, "{command}: {colours} colours: a blank page?");
        assert!(
            inked > 0.05,
            "{command}: {inked} of the pixels are not white"
        );
        assert!(
            dark_squares > 5000,
            "{command}: {dark_squares} pixels of dark squares"
        );
    }
}

/// Of a PNG screenshot: the number of distinct colours, the pixels of the boards' dark squares
/// (#b58863) and the share of pixels that are not white.
pub fn pixels(png: &Path) -> (usize, u64, f64) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    assert!(info.bit_depth == png::BitDepth::Eight && channels >= 3);
    let data = &buf[..info.buffer_size()];
    let mut colours = BTreeSet::new();
    let (mut dark, mut inked, mut total) = (0u64, 0u64, 0u64);
    for px in data.chunks_exact(channels) {
        let rgb = (px[0], px[1], px[2]);
        colours.insert(rgb);
        total += 1;
        dark += u64::from(rgb == (0xb5, 0x88, 0x63));
        inked += u64::from(rgb != (255, 255, 255));
    }
    (colours.len(), dark, inked as f64 / total as f64)
}
