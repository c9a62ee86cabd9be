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

/// Writes the manual page (roff, section 1) on `out`: the overview, then one section per
/// subcommand with its options, as `--help` gives them.
///
/// # Errors
/// Returns the write error.
pub fn man(out: &mut dyn Write) -> io::Result<()> {
    let command = Cli::command();
    clap_mangen::Man::new(command.clone()).render(out)?;
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let name = format!("arbiter-{}", sub.get_name());
        let sub = sub
            .clone()
            .name(name)
            .bin_name(format!("arbiter {}", sub.get_name()));
        let man = clap_mangen::Man::new(sub);
        // The subcommand's sections, under one heading of the page.
        man.render_name_section(out)?;
        man.render_synopsis_section(out)?;
        man.render_description_section(out)?;
        man.render_options_section(out)?;
    }
    out.flush()
}
