//! `--aliases FILE` and `--spellings FILE`: the files that name players for `dedup`, `select`,
//! `stats` and `merge` (issues 15 and 31).

use std::path::PathBuf;

use anyhow::Context;
use arbiter::analysis::names::Names;
use arbiter::engine::input::interruptible::read_capped;

/// The most bytes of an alias file read (16 MiB: 400,000 aliases of forty bytes): `/dev/zero`
/// or a database named by mistake is refused at the cap instead of filling the memory. The
/// tables made of a file of short lines take up to about 70 times its bytes (the forms and
/// names of each line), so the cap also bounds them: about 1.1 GB.
const MAX_ALIAS_BYTES: u64 = 16 << 20;

/// The most bytes of a spelling file read (128 MiB; Debian's `scid-spell-data` is 25 MB, of
/// which the player section takes about 24 MB and about 60 MB of tables).
const MAX_SPELLING_BYTES: u64 = 128 << 20;

/// The name files, flattened into the subcommands that compare or count names.
#[derive(Debug, Default, clap::Args)]
pub struct AliasArgs {
    /// CSV file of `alias,canonical` lines: the alias's spellings count as the canonical
    /// player wherever names are compared or counted.
    ///
    /// Each side is read as its form (case, spacing and punctuation aside, every given name
    /// kept): a line joins (`"Kortschnoj, Viktor","Korchnoi, V"`) and can split
    /// (`"Lasker, E","Lasker, Edward"` makes that spelling Edward's, whatever else). Chains
    /// and cycles are refused; `#` starts a comment line; further columns are ignored.
    #[arg(long, value_name = "FILE")]
    pub aliases: Option<PathBuf>,
    /// A SCID spelling file (`.ssp`; Debian's `scid-spell-data` ships
    /// `/usr/share/scid/data/spelling.ssp`): its players are persons, their spellings (the
    /// correct one and the `= ...` lines) theirs.
    ///
    /// Read before `--aliases`, whose lines win. A spelling of the games is the file's player
    /// when it is one of the player's spellings (case, spacing and punctuation aside), or an
    /// abbreviation of them (`Lasker, Ed`) that no other player or spelling of the games can be.
    #[arg(long, value_name = "FILE")]
    pub spellings: Option<PathBuf>,
}

impl AliasArgs {
    /// The persons the files name (none without `--aliases` and `--spellings`).
    ///
    /// # Errors
    /// Returns the file that cannot be read, or its first bad line (with its number).
    pub fn names(&self) -> anyhow::Result<Names> {
        let mut names = Names::new();
        if let Some(path) = &self.spellings {
            let text = read_capped(path, MAX_SPELLING_BYTES, "no spelling file")
                .with_context(|| format!("--spellings {}", path.display()))?;
            names
                .add_spellings(&text)
                .map_err(|e| anyhow::anyhow!("--spellings {}: {e}", path.display()))?;
        }
        if let Some(path) = &self.aliases {
            let text = read_capped(path, MAX_ALIAS_BYTES, "no alias file")
                .with_context(|| format!("--aliases {}", path.display()))?;
            names
                .add_aliases(&text)
                .map_err(|e| anyhow::anyhow!("--aliases {}: {e}", path.display()))?;
        }
        Ok(names)
    }

    /// The files named (never an output).
    pub fn files(&self) -> Vec<PathBuf> {
        self.aliases
            .iter()
            .chain(&self.spellings)
            .cloned()
            .collect()
    }
}
