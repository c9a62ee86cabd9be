//! Output files that would destroy data are refused before a run starts (`dedup`, `select`):
//! two outputs naming the same file, `-` where a file is needed, or an output that is an input
//! (the run would replace a file while reading it).

use std::path::PathBuf;

use super::Error;
use super::output::same_file;

/// Refuses the `outputs` (flag, path) that name the same file, `-`, or one of `inputs`
/// (special files such as `/dev/null` may be named anywhere).
///
/// # Errors
/// Returns a usage error naming the flags and the file.
pub fn refuse_overwrite(outputs: &[(&str, &PathBuf)], inputs: &[PathBuf]) -> Result<(), Error> {
    let same = |a: &PathBuf, b: &PathBuf| same_file(a, b) || a == b;
    for (i, (flag, out)) in outputs.iter().enumerate() {
        if out.as_os_str() == "-" {
            return Err(super::output::dash_refused(flag));
        }
        let special = std::fs::metadata(out).is_ok_and(|m| !m.is_file());
        if special {
            continue;
        }
        if let Some((other, _)) = outputs[..i].iter().find(|(_, o)| same(o, out)) {
            return Err(Error::Usage(format!(
                "{other} and {flag} name the same file ({})",
                out.display()
            )));
        }
        if let Some(input) = inputs.iter().find(|p| same(p, out)) {
            return Err(Error::Usage(format!(
                "{} is both an input and an output file; write the games elsewhere",
                input.display()
            )));
        }
    }
    Ok(())
}
