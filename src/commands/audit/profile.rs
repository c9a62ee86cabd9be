//! The rules an audit runs by, as `--profile` and `--laws` name them and as the record of a run
//! (the summary that `arbiter merge` reads) identifies them.

use crate::analysis::draw::Profile;
use crate::model::identity::{AuditRun, ProfileId};

use super::super::Error;
use super::Options;

/// The profile `--profile` names: a built-in one (`fide`, `platform`), else a TOML file, read
/// once for the run (it lives as long as the process: verdicts name its rules).
///
/// # Errors
/// Returns a usage error when `arg` is no built-in profile and no readable file, or the file is
/// not a valid profile (the message names the key at fault).
pub fn profile(arg: &str) -> Result<&'static Profile, Error> {
    if let Some(p) = Profile::built_in(arg) {
        return Ok(p);
    }
    let names: Vec<&str> = crate::analysis::draw::BUILT_IN
        .iter()
        .map(|(n, _)| *n)
        .collect();
    let text = read_profile(arg).map_err(|e| match crate::engine::interrupt::requested() {
        // Stopped while the file (a FIFO) was awaited: it may well be a profile.
        true => Error::Usage(format!("--profile {arg}: {e}")),
        false => Error::Usage(format!(
            "--profile {arg}: not a built-in profile ({}) and not a readable file: {e}",
            names.join(", ")
        )),
    })?;
    let profile =
        Profile::from_toml(&text).map_err(|e| Error::Usage(format!("--profile {arg}: {e}")))?;
    let profile: &'static Profile = Box::leak(Box::new(profile));
    let id = ProfileId {
        name: profile.name.clone(),
        file: Some(arg.to_owned()),
        sha256: Some(sha256_hex(text.as_bytes())),
    };
    LOADED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((std::ptr::from_ref(profile) as usize, id));
    Ok(profile)
}

/// The profiles read from files in this process, by address, with what identifies them.
static LOADED: std::sync::Mutex<Vec<(usize, ProfileId)>> = std::sync::Mutex::new(Vec::new());

/// What identifies `profile` in the record of a run (`arbiter merge` tells runs apart by it):
/// a profile file by its name, path and SHA-256, so that a file named like a built-in profile
/// is not taken for it; a built-in profile by its name.
pub fn profile_id(profile: &'static Profile) -> ProfileId {
    let address = std::ptr::from_ref(profile) as usize;
    let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    match loaded.iter().find(|(a, _)| *a == address) {
        Some((_, id)) => id.clone(),
        None => ProfileId {
            name: profile.name.clone(),
            file: None,
            sha256: None,
        },
    }
}

/// The SHA-256 of `bytes`, in lowercase hexadecimal (as `sha256sum` prints it).
fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What `--laws` says, as the record of a run names it.
pub fn laws_name(laws: crate::analysis::draw::LawsOption) -> &'static str {
    use crate::analysis::draw::LawsOption;
    match laws {
        LawsOption::Current => "current",
        LawsOption::Pre2014 => "pre-2014",
        LawsOption::Auto => "auto",
    }
}

/// The options of an audit run, as its summary records them.
pub(super) fn run_options(options: &Options) -> AuditRun {
    use crate::analysis::draw::Missed;
    let r = options.audit.rules;
    let families = [
        (r.repetition, "repetition"),
        (r.fifty, "fifty"),
        (r.stalemate, "stalemate"),
        (r.dead, "dead"),
        (r.perpetual, "perpetual"),
        (r.termination, "termination"),
    ];
    AuditRun {
        profile: profile_id(options.audit.profile),
        laws: laws_name(options.audit.laws).to_owned(),
        rules: families
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| (*name).to_owned())
            .collect(),
        missed: match options.audit.missed {
            Missed::Off => None,
            Missed::First => Some("first".to_owned()),
            Missed::All => Some("all".to_owned()),
        },
        only: options.report.filter.only.clone(),
        ignore: options.report.filter.ignore.clone(),
        errors_only: options.report.filter.errors_only,
        games: options.report.games,
    }
}

/// The most bytes of a profile file read (1 MiB; a profile is under 1 KiB): `/dev/zero` or a
/// database named by mistake is refused at the cap instead of filling the memory.
const MAX_PROFILE_BYTES: u64 = 1 << 20;

/// The text of the profile file `path`, read up to [`MAX_PROFILE_BYTES`].
fn read_profile(path: &str) -> std::io::Result<String> {
    let bytes = crate::engine::input::interruptible::read_capped(
        std::path::Path::new(path),
        MAX_PROFILE_BYTES,
        "no profile",
    )?;
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}
