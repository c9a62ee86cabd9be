//! Build script: the version string of `arbiter --version`, with the git commit when the binary
//! is built from a checkout (`0.1.0 (abc1234)`), the crate version alone otherwise.

use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let commit = Command::new("git")
        .args(["rev-parse", "--short=10", "HEAD"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty());
    let full = match commit {
        Some(c) => format!("{version} ({c})"),
        None => version.to_owned(),
    };
    println!("cargo:rustc-env=ARBITER_VERSION={full}");
    // Rebuilt when the checked-out commit changes: HEAD, and the branch it names (not the
    // index: a rebuild at every `git add` would cost more than the commit is worth).
    if let Ok(head) = std::fs::read_to_string(".git/HEAD") {
        println!("cargo:rerun-if-changed=.git/HEAD");
        if let Some(branch) = head.trim().strip_prefix("ref: ") {
            println!("cargo:rerun-if-changed=.git/{branch}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
