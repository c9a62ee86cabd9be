//! `arbiter completions` and `arbiter man` (issue 18): made from the clap definitions, they name
//! every subcommand and its options.

use crate::util::run;

const SUBCOMMANDS: [&str; 7] = ["check", "audit", "perft", "fen", "pgn", "stats", "codes"];

#[test]
fn completions_for_every_shell_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = run(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let text = String::from_utf8(out.stdout).expect("utf-8");
        assert!(text.len() > 1000, "{shell}: {} bytes", text.len());
        for sub in SUBCOMMANDS {
            assert!(text.contains(sub), "{shell}: no {sub}");
        }
        // Options of a subcommand are completed too.
        assert!(text.contains("valid-out"), "{shell}: no --valid-out");
    }
    let out = run(&["completions", "tcsh"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

#[test]
fn man_page_has_a_section_per_subcommand() {
    let out = run(&["man"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with(".ie") || text.contains(".TH arbiter 1"),
        "not roff"
    );
    for sub in SUBCOMMANDS {
        assert!(
            text.contains(&format!(".SH \"ARBITER {}\"", sub.to_uppercase())),
            "no section for {sub}"
        );
        // The list of subcommands names them as typed: there is no page arbiter-check(1).
        assert!(
            !text.contains(&format!("arbiter\\-{sub}(1)")),
            "a page arbiter-{sub}(1) is named"
        );
    }
    assert!(!text.contains("arbiter\\-help(1)"));
    assert!(
        text.contains("\\-\\-valid\\-out"),
        "check's options are there"
    );
    // It renders: man(1) reads it without complaint, when it is installed.
    if let Ok(mut child) = std::process::Command::new("man")
        .args(["-l", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        if out.status.success() {
            let shown = String::from_utf8_lossy(&out.stdout);
            assert!(shown.contains("NAME"), "{shown}");
        }
    }
}
