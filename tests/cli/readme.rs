//! The documents' examples are real: every ```` ```console ```` block of README.md, GUIDE.md and
//! FORMATS.md is run and its output compared (trycmd-style, with a small parser), every
//! subcommand has an example in the README, and every subcommand's `Synopsis:` line in the guide
//! is the `Usage:` line of its `--help`, so the documents cannot drift from the binary.
//!
//! A block holds commands (`$ arbiter ARGS`, split as a POSIX shell would, run from the
//! repository's root with standard input empty), each followed by its standard output, line by
//! line, and, when the status is not 0, a last line `[exit status N]`. Standard error is not
//! compared (the examples use `-q` where a timing line would go there).

use std::collections::BTreeSet;
use std::process::Stdio;

use crate::util::{arbiter, root};

/// One command of a console block: its arguments (after `arbiter`), the standard output it
/// shows, its exit status, and the README line of its `$`.
#[derive(Debug)]
struct Example {
    args: Vec<String>,
    stdout: String,
    status: i32,
    line: usize,
}

/// The console blocks of a Markdown text, command by command. Panics on a command that is not
/// `arbiter ...` or that the shell would not split (an unclosed quote).
fn examples(markdown: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other_fence = false;
    for (index, line) in markdown.lines().enumerate() {
        if in_console {
            if line == "```" {
                in_console = false;
            } else if let Some(command) = line.strip_prefix("$ ") {
                let words = shlex::split(command)
                    .unwrap_or_else(|| panic!("line {}: {command}", index + 1));
                assert_eq!(
                    words.first().map(String::as_str),
                    Some("arbiter"),
                    "line {}",
                    index + 1
                );
                examples.push(Example {
                    args: words[1..].to_vec(),
                    stdout: String::new(),
                    status: 0,
                    line: index + 1,
                });
            } else {
                let example = examples
                    .last_mut()
                    .unwrap_or_else(|| panic!("line {}: output before a `$` line", index + 1));
                match line
                    .strip_prefix("[exit status ")
                    .and_then(|s| s.strip_suffix(']'))
                {
                    Some(status) => example.status = status.parse().expect("an exit status"),
                    None => {
                        assert_eq!(
                            example.status,
                            0,
                            "line {}: output after the exit status",
                            index + 1
                        );
                        example.stdout.push_str(line);
                        example.stdout.push('\n');
                    }
                }
            }
        } else if line.starts_with("```") {
            if in_other_fence {
                in_other_fence = line != "```";
            } else if line == "```console" {
                in_console = true;
            } else {
                in_other_fence = true;
            }
        }
    }
    assert!(!in_console, "a console block is not closed");
    examples
}

/// The documents whose console examples run: the README (one example per job), the guide (by
/// task) and the output formats.
const DOCUMENTS: [&str; 3] = ["README.md", "GUIDE.md", "FORMATS.md"];

fn document(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn readme() -> String {
    document("README.md")
}

/// The guide: the subcommands' synopses and option tables.
fn guide() -> String {
    document("GUIDE.md")
}

#[test]
fn every_console_example_of_the_docs_prints_what_it_shows() {
    let mut failures = Vec::new();
    for name in DOCUMENTS {
        let examples = examples(&document(name));
        // One example per job in the README; the guide has more; FORMATS.md may have none.
        let least = match name {
            "README.md" => 14,
            "GUIDE.md" => 12,
            _ => 0,
        };
        assert!(
            examples.len() >= least,
            "{name}'s console examples: {examples:?}"
        );
        run_examples(name, &examples, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs each example and adds a message to `failures` for each whose output or status differs.
fn run_examples(document: &str, examples: &[Example], failures: &mut Vec<String>) {
    for example in examples {
        let output = arbiter()
            .args(&example.args)
            .current_dir(root())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let status = output.status.code().unwrap_or(-1);
        if stdout != example.stdout || status != example.status {
            failures.push(format!(
                "{document}:{}: arbiter {}\n--- {document} shows (status {}):\n{}--- arbiter prints (status {status}):\n{stdout}",
                example.line,
                example.args.join(" "),
                example.status,
                example.stdout,
            ));
        }
    }
}

/// The subcommands `arbiter --help` lists (less `help`).
pub fn subcommands() -> Vec<String> {
    let output = arbiter().arg("--help").output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    let commands = help.split("Commands:\n").nth(1).expect("a Commands: list");
    commands
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_subcommand_has_its_synopsis_in_the_guide_and_an_example_in_the_readme() {
    let readme = readme();
    let synopses: BTreeSet<String> = guide()
        .lines()
        .filter_map(|line| line.strip_prefix("Synopsis: "))
        .flat_map(|line| line.split(", ").map(|s| s.trim_matches('`').to_owned()))
        .collect();
    let examples: BTreeSet<String> = examples(&readme)
        .iter()
        .filter_map(|e| e.args.first().cloned())
        .collect();
    let subcommands = subcommands();
    assert!(subcommands.len() >= 14, "{subcommands:?}");
    for name in &subcommands {
        let output = arbiter().args([name.as_str(), "--help"]).output().unwrap();
        let help = String::from_utf8(output.stdout).unwrap();
        let usage = help
            .lines()
            .find_map(|line| line.strip_prefix("Usage: "))
            .unwrap_or_else(|| panic!("no Usage: line in `arbiter {name} --help`"));
        assert!(
            synopses.contains(usage),
            "GUIDE.md has no `Synopsis: `{usage}`` line (arbiter {name} --help); it has {synopses:?}"
        );
        // Completion scripts and the man page are long generated texts: no example of them.
        if !matches!(name.as_str(), "completions" | "man") {
            assert!(
                examples.contains(name),
                "no console example of `arbiter {name}` in the README"
            );
        }
    }
}

#[test]
fn the_example_parser_reads_commands_outputs_and_statuses() {
    let markdown = "text\n```sh\n$ arbiter not-run\n```\n```console\n$ arbiter check 'a b.pgn'\nline 1\n\n[exit status 1]\n$ arbiter perft startpos 1\n20\n```\n";
    let examples = examples(markdown);
    assert_eq!(examples.len(), 2, "{examples:?}");
    assert_eq!(examples[0].args, ["check", "a b.pgn"]);
    assert_eq!(examples[0].stdout, "line 1\n\n");
    assert_eq!(examples[0].status, 1);
    assert_eq!(
        (
            examples[1].stdout.as_str(),
            examples[1].status,
            examples[1].line
        ),
        ("20\n", 0, 10)
    );
}

/// Every option an options table of a subcommand's section names (`| `--flag ...` | ...`) is
/// an option of that subcommand: the guide documents no flag the binary does not have.
#[test]
fn every_option_in_a_subcommand_table_of_the_guide_exists() {
    let readme = guide();
    let subcommands = subcommands();
    let mut section: Vec<String> = Vec::new();
    let mut helps = std::collections::BTreeMap::new();
    let mut checked = 0;
    for (index, line) in readme.lines().enumerate() {
        if let Some(heading) = line.strip_prefix("## ") {
            let words: Vec<&str> = heading
                .split(|c: char| !c.is_ascii_alphanumeric())
                .collect();
            section = words
                .windows(2)
                .filter(|pair| pair[0] == "arbiter" && subcommands.iter().any(|s| s == pair[1]))
                .map(|pair| pair[1].to_owned())
                .collect();
            continue;
        }
        let Some(first_cell) = line
            .strip_prefix("| ")
            .and_then(|rest| rest.split(" | ").next())
        else {
            continue;
        };
        if section.is_empty() || !first_cell.starts_with('`') {
            continue;
        }
        for flag in first_cell
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with("--") && w.len() > 2)
        {
            let known = section.iter().any(|name| {
                let help: &String = helps.entry(name.clone()).or_insert_with(|| {
                    let output = arbiter().args([name.as_str(), "--help"]).output().unwrap();
                    String::from_utf8(output.stdout).unwrap()
                });
                help.lines().any(|l| {
                    l.trim_start()
                        .split([',', ' ', '[', '='])
                        .any(|w| w == flag)
                })
            });
            assert!(
                known,
                "GUIDE.md:{}: `{flag}` is not an option of arbiter {section:?}",
                index + 1
            );
            checked += 1;
        }
    }
    assert!(
        checked > 60,
        "only {checked} options found in the guide's tables"
    );
}
