//! `--aliases FILE`, the alias file of `dedup`, `select` and `stats` (issue 15).

use std::path::PathBuf;

use anyhow::Context;
use arbiter::analysis::names::Names;
use arbiter::engine::input::interruptible::read_capped;

/// The most bytes of an alias file read (16 MiB: 400,000 aliases of forty bytes): `/dev/zero`
/// or a database named by mistake is refused at the cap instead of filling the memory. The
/// tables made of a file of short lines take up to about 70 times its bytes (the keys and
/// spellings of each line, in four hash maps), so the cap also bounds them: about 1.1 GB.
const MAX_ALIAS_BYTES: u64 = 16 << 20;

/// The alias file option, flattened into the subcommands that compare or count names.
#[derive(Debug, Default, clap::Args)]
pub struct AliasArgs {
    /// CSV file of `alias,canonical` lines: the alias's spellings (by their name key) count as
    /// the canonical player wherever names are compared or counted. Chains and cycles are
    /// refused; `#` starts a comment line.
    #[arg(long, value_name = "FILE")]
    pub aliases: Option<PathBuf>,
}

impl AliasArgs {
    /// The names of the alias file (none without `--aliases`).
    ///
    /// # Errors
    /// Returns the file that cannot be read, or its first bad line (with its number).
    pub fn names(&self) -> anyhow::Result<Names> {
        let Some(path) = &self.aliases else {
            return Ok(Names::new());
        };
        let text = read_capped(path, MAX_ALIAS_BYTES, "no alias file")
            .with_context(|| format!("--aliases {}", path.display()))?;
        Names::from_csv(&text).map_err(|e| anyhow::anyhow!("--aliases {}: {e}", path.display()))
    }
}
