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

/// Writes the completion script for `shell` on `out`: clap_complete's, made in memory first
/// (its generators panic on a write error: `completions > /dev/full` must be an error, not a
/// panic), with the possible values of the options added for PowerShell and Elvish, whose
/// static generators leave them out (clap_complete 4.6: only its unstable dynamic engine
/// completes them, by calling the binary back at every Tab).
///
/// # Errors
/// Returns the write error.
pub fn completions(shell: clap_complete::Shell, out: &mut dyn Write) -> io::Result<()> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "arbiter", &mut script);
    let script = String::from_utf8_lossy(&script).into_owned();
    let mut built = Cli::command();
    // (Built: the positional arguments get their index.)
    built.build();
    let values = value_table(&built);
    let script = match shell {
        clap_complete::Shell::PowerShell => powershell_values(&script, &values),
        clap_complete::Shell::Elvish => elvish_values(&script, &values),
        _ => script,
    };
    out.write_all(script.as_bytes())?;
    out.flush()
}

/// An option with possible values, as the completion scripts name it: the subcommand path
/// (`arbiter;check`), its spellings (`--format`, `-f`) and its values with their help.
#[derive(Debug)]
struct ValueOption {
    path: String,
    flags: Vec<String>,
    values: Vec<(String, String)>,
}

/// Every option of `command` and its subcommands (recursively) that has possible values.
fn value_table(command: &clap::Command) -> Vec<ValueOption> {
    fn walk(command: &clap::Command, path: &str, out: &mut Vec<ValueOption>) {
        for arg in command.get_arguments() {
            if arg.is_hide_set() || !arg.get_action().takes_values() {
                continue;
            }
            let values: Vec<(String, String)> = arg
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| {
                    let help = v.get_help().map(ToString::to_string).unwrap_or_default();
                    (v.get_name().to_owned(), help)
                })
                .collect();
            if values.is_empty() {
                continue;
            }
            let mut flags: Vec<String> = Vec::new();
            flags.extend(arg.get_long().map(|l| format!("--{l}")));
            flags.extend(arg.get_short().map(|c| format!("-{c}")));
            // A first positional argument (`completions SHELL`): its values follow the
            // subcommand's name, which stands where an option would.
            if arg.is_positional() && arg.get_index().is_none_or(|i| i <= 1) {
                flags.push(command.get_name().to_owned());
            }
            if !flags.is_empty() {
                out.push(ValueOption {
                    path: path.to_owned(),
                    flags,
                    values,
                });
            }
        }
        for sub in command.get_subcommands() {
            walk(sub, &format!("{path};{}", sub.get_name()), out);
        }
    }
    let mut out = Vec::new();
    walk(command, command.get_name(), &mut out);
    out
}

/// A text in single quotes, as PowerShell and Elvish read it (a quote is doubled).
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// The cases of a completion script's lookup of possible values, one for every spelling of
/// every option that has them: `open` of its key (`'arbiter;check;--format'`, quoted), `item`
/// of each value and its help (quoted; the value where it has no help), then `close`.
fn value_cases(
    values: &[ValueOption],
    open: impl Fn(&str) -> String,
    item: impl Fn(&str, &str) -> String,
    close: &str,
) -> String {
    let mut out = String::new();
    for option in values {
        for flag in &option.flags {
            out.push_str(&open(&quoted(&format!("{};{flag}", option.path))));
            for (value, help) in &option.values {
                let help = if help.is_empty() { value } else { help };
                out.push_str(&item(&quoted(value), &quoted(help)));
            }
            out.push_str(close);
        }
    }
    out
}

/// The PowerShell script with the possible values completed after their option: the element
/// before the word being completed is looked up by the subcommand path and the option.
fn powershell_values(script: &str, values: &[ValueOption]) -> String {
    const AFTER: &str = "    }) -join ';'\n";
    let Some(at) = script.find(AFTER).map(|at| at + AFTER.len()) else {
        return script.to_owned();
    };
    let mut block = String::from(
        "\n    # The possible values of the option before the word (added by arbiter: \
         clap_complete's\n    # static generator leaves them out).\n    \
         $previous = if ($wordToComplete -ne '') { $commandElements.Count - 2 } else { \
         $commandElements.Count - 1 }\n    \
         $option = if ($previous -ge 1) { $commandElements[$previous].ToString() } else { '' }\n    \
         $values = @(switch (\"$command;$option\") {\n",
    );
    block.push_str(&value_cases(
        values,
        |key| format!("        {key} {{\n"),
        |v, h| {
            format!(
                "            [CompletionResult]::new({v}, {v}, [CompletionResultType]::ParameterValue, {h})\n"
            )
        },
        "            break\n        }\n",
    ));
    block.push_str(
        "    })\n    if ($values.Count -gt 0) {\n        \
         return $values.Where{ $_.CompletionText -like \"$wordToComplete*\" }\n    }\n",
    );
    format!("{}{block}{}", &script[..at], &script[at..])
}

/// The Elvish script with the possible values completed after their option (`$words[-2]`, the
/// word before the one being completed).
fn elvish_values(script: &str, values: &[ValueOption]) -> String {
    const LAST: &str = "    $completions[$command]\n";
    let Some(at) = script.rfind(LAST) else {
        return script.to_owned();
    };
    let mut block = String::from(
        "    # The possible values of the option before the word (added by arbiter: \
         clap_complete's\n    # static generator leaves them out).\n    var values = [\n",
    );
    block.push_str(&value_cases(
        values,
        |key| format!("        &{key}= {{\n"),
        |v, h| format!("            cand {v} {h}\n"),
        "        }\n",
    ));
    block.push_str(
        "    ]\n    var option = ''\n    if (> (count $words) 2) {\n        \
         set option = $command';'$words[-2]\n    }\n    if (has-key $values $option) {\n        \
         $values[$option]\n    } else {\n        $completions[$command]\n    }\n",
    );
    format!("{}{block}{}", &script[..at], &script[at + LAST.len()..])
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
