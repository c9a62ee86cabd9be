//! SCID's spelling files (`--spellings FILE`, issue 31): the `.ssp` files of SCID (Shane's
//! Chess Information Database) and of Debian's `scid-spell-data`
//! (`/usr/share/scid/data/spelling.ssp`, about 380,000 players).
//!
//! The format, as SCID's `spellchk.cpp` reads it and the file's header describes it:
//! * everything from a `#` to the end of a line is a comment (in the player section it holds
//!   the titles, countries, peak rating and dates: `Lasker, Emanuel #- GER [2720*] 1868...`);
//! * `@PLAYER "., -_*"` starts the player section (`@SITE`, `@EVENT`, `@ROUND` the others,
//!   which are skipped here);
//! * a line that is not indented is a player's correct spelling; the lines `= Other, Name`
//!   after it are its other spellings; `%Bio`, `%Elo`, `%Prefix`, `%Infix`, `%Suffix` and `>`
//!   lines are information or general corrections, not names, and are skipped.
//!
//! Each player is a person whose names pin their forms ([`super::known`]): a spelling of the
//! games with the form of a correct spelling or of an `=` line is that player. A name two
//! players write pins neither (SCID calls it ambiguous). SCID itself matches a name that is a
//! prefix of a spelling once spaces, dots, commas, dashes and underscores are removed
//! (`Speelman, J.S.`: `SpeelmanJS`); arbiter compares forms word by word instead, so `Lasker`
//! is not taken for `Laskerov` — and an abbreviation of a player's name (`Lasker, Em`) is that
//! player when it can be no one else among the games' spellings and the file's players, by
//! the identity rule of [`super::identity`].
//!
//! This module must not import `engine`, `report` or `commands`.

use super::known::Names;

/// A spelling file that cannot be used: what is wrong, and the 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SpellingError {
    /// 1-based line of the file (0: the file as a whole).
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

impl Names {
    /// Reads a SCID spelling file's text (see the module documentation): its players become
    /// persons. Returns the number of players read.
    ///
    /// # Errors
    /// A file with no `@PLAYER` section (not a spelling file: line 0), or an `=` line before
    /// the section's first player (SCID refuses it too).
    pub fn add_spellings(&mut self, text: &[u8]) -> Result<usize, SpellingError> {
        let mut in_players = false;
        let mut seen_players = false;
        let mut current: Option<u32> = None;
        let mut read = 0;
        for (i, raw) in text.split(|&b| b == b'\n').enumerate() {
            let line = i as u64 + 1;
            let raw = String::from_utf8_lossy(raw);
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            if let Some(section) = content.strip_prefix('@') {
                let name = section.split(['"', ' ']).next().unwrap_or("");
                in_players = name.eq_ignore_ascii_case("PLAYER");
                seen_players |= in_players;
                current = None;
                continue;
            }
            if !in_players {
                continue;
            }
            if let Some(alias) = content.strip_prefix('=') {
                let Some(p) = current else {
                    return Err(SpellingError {
                        line,
                        message: "an `=` spelling before any player of the section".into(),
                    });
                };
                self.add_name(p, alias.trim(), false);
                continue;
            }
            if content.starts_with(['%', '>']) {
                continue;
            }
            current = Some(self.add_person(content, false));
            read += 1;
        }
        if !seen_players {
            return Err(SpellingError {
                line: 0,
                message: "no @PLAYER section: not a SCID spelling file (.ssp)".into(),
            });
        }
        self.finish();
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::super::form::Form;
    use super::*;

    #[test]
    fn players_and_their_spellings() {
        let text =
            b"# header\n@PLAYER \"., -_*\"\n### START\nLasker, Edward #im  GER/USA [2583*]\n\
            \x20  %Bio VIAF 62437767\n   = Lasker, Eduard\nLasker, Emanuel #-   GER [2720*]\n\
            \x20  = Lasker, Emmanuel\nKumar, S #-\nKumar, S. #- another one\n\
            @SITE \"., -_()\"\nLondon ENG\n";
        let mut names = Names::new();
        assert_eq!(names.add_spellings(text), Ok(4));
        let person = |name: &str| names.person_of(&Form::of(name));
        assert_eq!(person("Lasker,Eduard"), person("Lasker, Edward"));
        assert_ne!(person("Lasker, Emmanuel"), person("Lasker, Edward"));
        assert_eq!(
            names.canonical(person("lasker, emmanuel").unwrap()),
            "Lasker, Emanuel"
        );
        // Two players of one name: neither.
        assert_eq!(person("Kumar, S"), None);
        // The site section is no player's.
        assert_eq!(person("London ENG"), None);
        assert_eq!(names.persons(), 4);
    }

    #[test]
    fn what_is_no_spelling_file_is_refused() {
        let mut names = Names::new();
        let e = names
            .add_spellings(b"Kortschnoj, Viktor,Korchnoi, V\n")
            .unwrap_err();
        assert_eq!(e.line, 0);
        let e = names
            .add_spellings(b"@PLAYER \"., -\"\n= Lasker, E\n")
            .unwrap_err();
        assert_eq!(e.line, 2);
    }
}
