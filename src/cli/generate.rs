//! `arbiter completions SHELL` and `arbiter man`: shell completions and the manual page, made
//! from the same clap definitions as the command line itself (clap_complete, clap_mangen).

use std::io::{self, Write};

use clap::CommandFactory;

use super::Cli;

/// Arguments of `arbiter completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Arguments of `arbiter man`.
#[derive(Debug, clap::Args)]
pub struct ManArgs {}

/// Writes the completion script for `shell` on `out`.
///
/// # Errors
/// Returns the write error.
pub fn completions(shell: clap_complete::Shell, out: &mut dyn Write) -> io::Result<()> {
    let mut command = Cli::command();
    clap_complete::generate(shell, &mut command, "arbiter", out);
    out.flush()
}

/// Writes the manual page (roff, section 1), one page for every subcommand: the overview
/// (name, synopsis, description, options, the list of subcommands, version), then a section
/// `ARBITER CHECK`, `ARBITER AUDIT`... per subcommand, with its synopsis, description and
/// options (subsections), as `--help` gives them. The list names the subcommands as they are
/// typed (`arbiter check`), not as pages of their own (`arbiter-check(1)`), which there are not.
///
/// # Errors
/// Returns the write error.
pub fn man(out: &mut dyn Write) -> io::Result<()> {
    let command = Cli::command();
    let page = clap_mangen::Man::new(command.clone());
    page.render_title(out)?;
    page.render_name_section(out)?;
    page.render_synopsis_section(out)?;
    page.render_description_section(out)?;
    page.render_options_section(out)?;
    let mut list = Vec::new();
    page.render_subcommands_section(&mut list)?;
    let mut list = String::from_utf8_lossy(&list).into_owned();
    // (`help` is added by clap as the command is built: it is not among the subcommands.)
    let names = command
        .get_subcommands()
        .map(|s| s.get_name())
        .chain(["help"]);
    for name in names {
        list = list.replace(&format!("arbiter\\-{name}(1)"), &format!("arbiter {name}"));
    }
    out.write_all(list.as_bytes())?;
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let name = format!("arbiter-{}", sub.get_name());
        let sub = sub
            .clone()
            .name(name)
            .bin_name(format!("arbiter {}", sub.get_name()));
        let man = clap_mangen::Man::new(sub.clone());
        // The subcommand's sections, as subsections of one section of the page.
        let mut text = Vec::new();
        man.render_synopsis_section(&mut text)?;
        man.render_description_section(&mut text)?;
        man.render_options_section(&mut text)?;
        let text = String::from_utf8_lossy(&text).replace("\n.SH ", "\n.SS ");
        let text = text
            .strip_prefix(".SH ")
            .map_or(text.clone(), |t| format!(".SS {t}"));
        let title = sub.get_bin_name().unwrap_or_default().to_uppercase();
        writeln!(out, ".SH \"{title}\"")?;
        out.write_all(text.as_bytes())?;
    }
    page.render_version_section(out)?;
    out.flush()
}
