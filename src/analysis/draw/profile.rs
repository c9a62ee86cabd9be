//! Rule profiles (issue 17): the rules an audit applies and their thresholds, as data. A profile
//! is a TOML document (GUIDE.md documents every key); `fide` (the FIDE Laws, the default) and
//! `platform` (the house rules one online platform publishes) are built in, from
//! `data/profiles/`.
//!
//! The FIDE Laws change over time: the automatic draws of art. 9.6 (fivefold repetition, 75
//! moves) came into force on 1 July 2014; before, those positions only gave a claim. A profile
//! with `laws = "fide"` follows the editions: [`LawsOption`] picks the one a game is judged by
//! (by its Date tag by default), and the earlier Laws drop the profile's automatic repetition
//! and quiet-move draws (its claims stay).
//!
//! This module reads text only; reading a profile's file is the caller's business.

use std::sync::OnceLock;

use serde::Deserialize;

/// A profile: the rules of play an audit judges games by.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The name verdicts give (`fide`, `platform`).
    pub name: String,
    /// One line for people.
    #[serde(default)]
    pub description: String,
    /// `"fide"`: the profile follows the editions of the FIDE Laws (see the module
    /// documentation); absent: its rules do not depend on the date.
    #[serde(default)]
    pub laws: Option<LawsFamily>,
    /// Stalemate draws (art. 5.2.1).
    #[serde(default = "yes")]
    pub stalemate: bool,
    /// A dead position draws (art. 5.2.2, insufficient material included).
    #[serde(default = "yes")]
    pub dead_position: bool,
    /// Repetitions of a position.
    #[serde(default)]
    pub repetition: Repetition,
    /// Moves without a pawn move or capture.
    #[serde(default)]
    pub quiet_moves: QuietMoves,
    /// Draws by checks without end.
    #[serde(default)]
    pub perpetual_check: Option<PerpetualCheck>,
    /// When a resignation is allowed.
    #[serde(default)]
    pub resignation: Option<Resignation>,
    /// Losses on time that are void.
    #[serde(default)]
    pub time_forfeit: Option<TimeForfeit>,
}

fn yes() -> bool {
    true
}

/// The rule families a profile can follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LawsFamily {
    /// The FIDE Laws of Chess and their editions.
    Fide,
}

/// The repetition rules of a profile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repetition {
    /// The player to move may claim a draw (art. 9.2).
    pub claim: Option<RepetitionRule>,
    /// The game is drawn at once (art. 9.6.1).
    pub automatic: Option<RepetitionRule>,
}

/// One repetition rule: the occurrences of the same position that trigger it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionRule {
    /// Occurrences of the same position (the current one included), at least 2.
    pub occurrences: u32,
    /// The rule's name in verdicts.
    pub rule: String,
}

/// The rules on moves without a pawn move or capture.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuietMoves {
    /// The player to move may claim a draw (art. 9.3).
    pub claim: Option<QuietRule>,
    /// The game is drawn at once (art. 9.6.2), unless the move completing them mates.
    pub automatic: Option<QuietRule>,
}

/// One quiet-move rule.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuietRule {
    /// Moves by each player (so twice as many plies), at least 1.
    pub moves: u32,
    /// The rule's name in verdicts.
    pub rule: String,
}

/// Perpetual check: a game is drawn when one side gives `consecutive` checks in a row, or one
/// player has received `received` checks in the game, without being checkmated.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerpetualCheck {
    /// Checks in a row by one side (each of its moves gives check).
    pub consecutive: Option<u32>,
    /// Checks one player receives in the whole game.
    pub received: Option<u32>,
    /// The rule's name in verdicts.
    pub rule: String,
}

/// A resignation is allowed only once both players have made `min_moves` moves.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resignation {
    /// Moves by each player before a resignation is allowed.
    pub min_moves: u32,
    /// The rule's name in verdicts.
    pub rule: String,
}

/// A loss on time before both players have made `void_within_moves` moves is void (no
/// result); after that the player out of time loses.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeForfeit {
    /// Moves by each player within which a loss on time is void.
    pub void_within_moves: u32,
    /// The rule's name in verdicts.
    pub rule: String,
}

/// Why a profile cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError(pub String);

impl std::fmt::Display for ProfileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProfileError {}

/// The built-in profiles: name and TOML text.
pub const BUILT_IN: [(&str, &str); 2] = [
    ("fide", include_str!("../../../data/profiles/fide.toml")),
    (
        "platform",
        include_str!("../../../data/profiles/platform.toml"),
    ),
];

impl Profile {
    /// Reads a profile from its TOML text and checks it.
    ///
    /// # Errors
    /// Returns a [`ProfileError`] naming the key at fault: a TOML syntax error, an unknown key,
    /// a value of the wrong type, a threshold out of range, a rule name that is not made of
    /// lowercase letters, digits, `-` and `/`.
    pub fn from_toml(text: &str) -> Result<Profile, ProfileError> {
        let profile: Profile = toml::from_str(text).map_err(|e| ProfileError(e.to_string()))?;
        profile.validate()?;
        Ok(profile)
    }

    /// The built-in profile `name` (`fide`, `platform`).
    pub fn built_in(name: &str) -> Option<&'static Profile> {
        static PROFILES: OnceLock<Vec<Profile>> = OnceLock::new();
        let profiles = PROFILES.get_or_init(|| {
            BUILT_IN
                .iter()
                .map(|(_, text)| Profile::from_toml(text).expect("a built-in profile is valid"))
                .collect()
        });
        profiles.iter().find(|p| p.name == name)
    }

    /// The default profile: the FIDE Laws.
    pub fn fide() -> &'static Profile {
        Profile::built_in("fide").expect("the fide profile is built in")
    }

    /// Whether the profile follows the editions of the FIDE Laws.
    pub fn follows_fide_laws(&self) -> bool {
        self.laws == Some(LawsFamily::Fide)
    }

    fn validate(&self) -> Result<(), ProfileError> {
        let bad = |what: String| Err(ProfileError(what));
        if self.name.trim().is_empty() {
            return bad("name: a profile needs a name".to_owned());
        }
        let mut names = Vec::new();
        if let Some(r) = &self.repetition.claim {
            names.push(("repetition.claim.rule", &r.rule));
        }
        if let Some(r) = &self.repetition.automatic {
            names.push(("repetition.automatic.rule", &r.rule));
        }
        for (key, rule) in [
            ("repetition.claim", &self.repetition.claim),
            ("repetition.automatic", &self.repetition.automatic),
        ] {
            if let Some(r) = rule
                && r.occurrences < 2
            {
                return bad(format!(
                    "{key}.occurrences: {} (a repetition needs at least 2 occurrences)",
                    r.occurrences
                ));
            }
        }
        if let (Some(c), Some(a)) = (&self.repetition.claim, &self.repetition.automatic)
            && c.occurrences >= a.occurrences
        {
            return bad(format!(
                "repetition.claim.occurrences ({}) must be below repetition.automatic.occurrences ({})",
                c.occurrences, a.occurrences
            ));
        }
        for (key, rule) in [
            ("quiet_moves.claim", &self.quiet_moves.claim),
            ("quiet_moves.automatic", &self.quiet_moves.automatic),
        ] {
            if let Some(r) = rule {
                if !(1..=100_000).contains(&r.moves) {
                    return bad(format!("{key}.moves: {} (1 to 100000)", r.moves));
                }
                names.push((key, &r.rule));
            }
        }
        if let (Some(c), Some(a)) = (&self.quiet_moves.claim, &self.quiet_moves.automatic)
            && c.moves >= a.moves
        {
            return bad(format!(
                "quiet_moves.claim.moves ({}) must be below quiet_moves.automatic.moves ({})",
                c.moves, a.moves
            ));
        }
        if let Some(p) = &self.perpetual_check {
            if p.consecutive.is_none() && p.received.is_none() {
                return bad(
                    "perpetual_check: give consecutive, received or both (or leave the table out)"
                        .to_owned(),
                );
            }
            if p.consecutive == Some(0) || p.received == Some(0) {
                return bad("perpetual_check: a count of 0 checks".to_owned());
            }
            names.push(("perpetual_check.rule", &p.rule));
        }
        if let Some(r) = &self.resignation {
            names.push(("resignation.rule", &r.rule));
        }
        if let Some(r) = &self.time_forfeit {
            names.push(("time_forfeit.rule", &r.rule));
        }
        for (key, name) in names {
            let fits = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || "-/".contains(c);
            if name.is_empty() || !name.chars().all(fits) {
                return bad(format!(
                    "{key}: {name:?} (a rule name is made of lowercase letters, digits, '-' and '/')"
                ));
            }
        }
        Ok(())
    }
}

/// Which edition of the FIDE Laws judges a game (`--laws`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LawsOption {
    /// The Laws in force today.
    Current,
    /// The Laws before 1 July 2014: no automatic draws by art. 9.6.
    Pre2014,
    /// By the game's Date tag: before 1 July 2014 the earlier Laws; an unknown date gets the
    /// current Laws (and the verdicts say so).
    #[default]
    Auto,
}

/// The edition of the Laws a game was judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Laws {
    /// The Laws in force from 1 July 2014 (today's).
    Current,
    /// The Laws before 1 July 2014.
    Pre2014,
}

impl Laws {
    /// `current` or `pre-2014`.
    pub fn as_str(self) -> &'static str {
        match self {
            Laws::Current => "current",
            Laws::Pre2014 => "pre-2014",
        }
    }
}

/// Why those Laws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LawsBasis {
    /// `--laws current` or `--laws pre-2014`.
    Option,
    /// `--laws auto`, by the game's Date tag.
    Date,
    /// `--laws auto`, and the Date tag does not tell (missing, or unknown around 1 July 2014):
    /// the current Laws.
    NoDate,
}

impl LawsBasis {
    /// `option`, `date` or `no-date`.
    pub fn as_str(self) -> &'static str {
        match self {
            LawsBasis::Option => "option",
            LawsBasis::Date => "date",
            LawsBasis::NoDate => "no-date",
        }
    }
}

/// The month from whose first day the Laws have the automatic draws of art. 9.6 (year, month).
const AUTOMATIC_DRAWS_SINCE: (u32, u32) = (2014, 7);

/// The Laws `option` gives a game dated `date` (the Date tag as written, `YYYY.MM.DD` with `?`
/// for unknown fields).
pub fn laws_for(option: LawsOption, date: Option<&str>) -> (Laws, LawsBasis) {
    match option {
        LawsOption::Current => (Laws::Current, LawsBasis::Option),
        LawsOption::Pre2014 => (Laws::Pre2014, LawsBasis::Option),
        LawsOption::Auto => match date.and_then(before_automatic_draws) {
            Some(true) => (Laws::Pre2014, LawsBasis::Date),
            Some(false) => (Laws::Current, LawsBasis::Date),
            None => (Laws::Current, LawsBasis::NoDate),
        },
    }
}

/// The month from whose first day a resignation does not lose when the opponent cannot
/// checkmate by any sequence of legal moves (art. 5.1.2 of the Laws of 1 January 2023; before,
/// the resignation decided, and only a loss on time was a draw then, art. 6.9).
const RESIGNATION_DRAWS_SINCE: (u32, u32) = (2023, 1);

/// Whether a decisive result by resignation, for a side that cannot checkmate by any sequence
/// of legal moves, is a draw (art. 5.1.2, since 1 January 2023) under `option` for a game dated
/// `date`: `--laws current` yes, `--laws pre-2014` no, by date from 2023 on (an unknown date
/// gets the current Laws, as [`laws_for`] gives them).
pub fn resignation_draws(option: LawsOption, date: Option<&str>) -> bool {
    match option {
        LawsOption::Current => true,
        LawsOption::Pre2014 => false,
        LawsOption::Auto => date
            .and_then(|d| before(d, RESIGNATION_DRAWS_SINCE))
            .is_none_or(|before| !before),
    }
}

/// Whether a PGN date lies before 1 July 2014; `None` when its known fields do not tell
/// (`2014.??.??`, `????.??.??`, not a date).
fn before_automatic_draws(date: &str) -> Option<bool> {
    before(date, AUTOMATIC_DRAWS_SINCE)
}

/// Whether a PGN date lies before the first day of `since` (year, month); `None` when its
/// known fields do not tell.
fn before(date: &str, since: (u32, u32)) -> Option<bool> {
    let b = date.as_bytes();
    if b.len() != 10 || b[4] != b'.' || b[7] != b'.' {
        return None;
    }
    let field = |s: &[u8]| -> Option<Option<u32>> {
        if s.iter().all(|c| *c == b'?') {
            Some(None)
        } else if s.iter().all(u8::is_ascii_digit) {
            Some(Some(std::str::from_utf8(s).ok()?.parse().ok()?))
        } else {
            None
        }
    };
    let (year, month, _day) = (field(&b[..4])?, field(&b[5..7])?, field(&b[8..])?);
    let year = year?;
    if year != since.0 {
        return Some(year < since.0);
    }
    let month = month?;
    if !(1..=12).contains(&month) {
        return None;
    }
    // From the first day of the month on (no day is before the 1st).
    Some(month < since.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_profiles_read() {
        let fide = Profile::fide();
        assert!(fide.follows_fide_laws());
        assert_eq!(fide.repetition.automatic.as_ref().unwrap().occurrences, 5);
        let platform = Profile::built_in("platform").unwrap();
        assert_eq!(platform.quiet_moves.automatic.as_ref().unwrap().moves, 30);
        assert!(platform.repetition.claim.is_none());
        assert!(Profile::built_in("nope").is_none());
    }

    #[test]
    fn bad_profiles_name_the_key() {
        for (text, key) in [
            (
                "name = \"x\"\n[repetition.automatic]\noccurrences = 1\nrule = \"r\"\n",
                "occurrences",
            ),
            ("name = \"x\"\nstalemat = true\n", "stalemat"),
            (
                "name = \"x\"\n[quiet_moves.claim]\nmoves = 0\nrule = \"r\"\n",
                "moves",
            ),
            (
                "name = \"x\"\n[resignation]\nmin_moves = 15\nrule = \"Bad Name\"\n",
                "resignation.rule",
            ),
            (
                "name = \"x\"\n[perpetual_check]\nrule = \"p\"\n",
                "perpetual_check",
            ),
            ("name = \"x\"\n[quiet_moves.claim]\nmoves = 50\n", "rule"),
        ] {
            let err = Profile::from_toml(text).unwrap_err().0;
            assert!(err.contains(key), "{text:?}: {err}");
        }
    }

    #[test]
    fn laws_by_date() {
        let auto = |d: &str| laws_for(LawsOption::Auto, Some(d));
        assert_eq!(auto("1886.01.11"), (Laws::Pre2014, LawsBasis::Date));
        assert_eq!(auto("2014.06.30"), (Laws::Pre2014, LawsBasis::Date));
        assert_eq!(auto("2014.07.01"), (Laws::Current, LawsBasis::Date));
        assert_eq!(auto("2014.07.??"), (Laws::Current, LawsBasis::Date));
        assert_eq!(auto("2013.??.??"), (Laws::Pre2014, LawsBasis::Date));
        assert_eq!(auto("2014.??.??"), (Laws::Current, LawsBasis::NoDate));
        assert_eq!(auto("????.??.??"), (Laws::Current, LawsBasis::NoDate));
        assert_eq!(auto("2014.13.01"), (Laws::Current, LawsBasis::NoDate));
        assert_eq!(auto("1886"), (Laws::Current, LawsBasis::NoDate));
        assert_eq!(
            laws_for(LawsOption::Auto, None),
            (Laws::Current, LawsBasis::NoDate)
        );
        assert_eq!(
            laws_for(LawsOption::Current, Some("1886.01.11")),
            (Laws::Current, LawsBasis::Option)
        );
    }
}
