//! The form of a player's name (issue 31): the name with case, spacing and punctuation taken
//! out and its parts told apart, the unit that player identity compares.
//!
//! * letters are lowercased (Unicode), and everything that is not a letter or a digit separates
//!   words (`.`, `-`, `'`, spaces, commas after the first);
//! * with a comma, the words before the first comma are the surname and those after it the
//!   given names (`Lastname, Firstname`, the PGN standard's form, 8.1.1.5); without one, the
//!   last word is the surname and the others the given names (`Firstname Lastname`);
//! * the name ends before a `:`, `;` or `(` that follows a word (`Short, Nigel:Vujatovic,
//!   Rajko`, two players of a team match in one tag; `Carlsen, Magnus (NOR)`);
//! * one word and no comma is a **handle** (an online account, or a surname written alone):
//!   compared whole, never with another form.
//!
//! A form is written `surname, given given` (`lasker, emanuel`; `van wely, loek`), `surname,`
//! when a comma stands before no given name, and the word alone for a handle
//! (`drnykterstein`): the text says which parts are which, so two forms are equal exactly when
//! their texts are.
//!
//! Two forms of one surname are **compatible** when their given names can be abbreviations of
//! each other: word by word, as far as the shorter list goes, one is a prefix of the other (`e`
//! and `em` of `emanuel`; `ian` of `ian a`); `ed` and `em`, `zsuzsa` and `zsofia`, `gary` and
//! `garry` are not. The marks that tell namesakes apart must be the same: a generation (`jr`,
//! `sr`, `ii`...: `Fodor,T` and `Fodor,T jr` are two) and the digits ending a word
//! (`Moskalenko,V` and `Moskalenko,V1`, ChessBase's and SCID's numbering of two players of one
//! name; `Volkov,S1` and `Volkov,Sergey1` are one). A handle and a form without given names are
//! compatible with no other form.
//!
//! This module must not import `engine`, `report` or `commands`.

/// A name's form (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form(String);

impl Form {
    /// The form of `name` (empty for a name with no letter or digit: `?`, `-`, ``).
    pub fn of(name: &str) -> Form {
        // `Short, Nigel:Vujatovic, Rajko` (two players of a team match in one tag), `Carlsen,
        // Magnus (NOR)`: the name ends before a `:`, `;` or `(` that follows a word.
        let name = match name.find([':', ';', '(']) {
            Some(at) if words(&name[..at]).next().is_some() => &name[..at],
            _ => name,
        };
        let mut text = String::with_capacity(name.len() + 2);
        let push_words = |text: &mut String, part: &str| {
            for (i, w) in words(part).enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                push_lower(text, w);
            }
        };
        match name.split_once(',') {
            // `, Magnus`: no surname; the rest is read as the whole name.
            Some((surname, rest)) if words(surname).next().is_none() => return Form::of(rest),
            Some((surname, given)) => {
                push_words(&mut text, surname);
                text.push(',');
                if words(given).next().is_some() {
                    text.push(' ');
                    push_words(&mut text, given);
                }
            }
            None => {
                let all: Vec<&str> = words(name).collect();
                match all.split_last() {
                    None => {}
                    Some((only, [])) => push_lower(&mut text, only),
                    Some((last, first)) => {
                        push_lower(&mut text, last);
                        text.push_str(", ");
                        for (i, w) in first.iter().enumerate() {
                            if i > 0 {
                                text.push(' ');
                            }
                            push_lower(&mut text, w);
                        }
                    }
                }
            }
        }
        Form(text)
    }

    /// A form from its text as [`Form::as_str`] writes it (no check).
    pub fn from_text(text: &str) -> Form {
        Form(text.to_owned())
    }

    /// The text: `lasker, emanuel`, `kasparov,`, `drnykterstein`, or empty.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The form as a view of its text.
    pub fn view(&self) -> FormStr<'_> {
        FormStr(&self.0)
    }

    /// True for the form of a name with no letter or digit.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The surname's words (`van wely`), or `None` for a handle.
    pub fn surname(&self) -> Option<&str> {
        self.view().surname()
    }

    /// The given names' words (`ian a`), empty for a handle or a surname alone.
    pub fn given(&self) -> &str {
        self.view().given()
    }

    /// True when the form can be compared with others: it has a surname and given names.
    pub fn comparable(&self) -> bool {
        self.view().comparable()
    }

    /// True when the two can be one person by their names (see the module documentation).
    pub fn compatible(&self, other: &Form) -> bool {
        self.comparable()
            && other.comparable()
            && self.surname() == other.surname()
            && givens_compatible(self.given(), other.given())
    }

    /// The number of given names and their letters: how much of a name the form gives (the
    /// most of a person's forms names the person).
    pub fn detail(&self) -> (usize, usize) {
        self.view().detail()
    }
}

impl std::borrow::Borrow<str> for Form {
    fn borrow(&self) -> &str {
        &self.0
    }
}

/// A form's text, borrowed (from an arena of forms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormStr<'a>(pub &'a str);

impl<'a> FormStr<'a> {
    /// The text.
    pub fn as_str(self) -> &'a str {
        self.0
    }

    /// The surname's words, or `None` for a handle.
    pub fn surname(self) -> Option<&'a str> {
        self.0.split_once(',').map(|(s, _)| s)
    }

    /// The given names' words, empty for a handle or a surname alone.
    pub fn given(self) -> &'a str {
        self.0.split_once(", ").map_or("", |(_, g)| g)
    }

    /// True when the form has a surname and given names.
    pub fn comparable(self) -> bool {
        !self.given().is_empty()
    }

    /// The number of given names and their letters.
    pub fn detail(self) -> (usize, usize) {
        let given = self.given();
        (
            given.split(' ').filter(|w| !w.is_empty()).count(),
            given.chars().filter(|c| *c != ' ').count(),
        )
    }
}

/// Given names read for comparison: the words, and the marks that tell namesakes apart — a
/// generation (`jr`, `sr`, `ii`...) and the digits that end a word (`Volkov,S1`, `Fridman,D2`:
/// ChessBase's and SCID's numbers for two players of one name).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Givens<'a> {
    words: Vec<&'a str>,
    marks: Vec<&'a str>,
}

impl<'a> Givens<'a> {
    /// The given names `given` (words separated by one space) read for comparison.
    pub fn of(given: &'a str) -> Givens<'a> {
        let mut g = Givens::default();
        for w in given.split(' ').filter(|w| !w.is_empty()) {
            match generation(w) {
                Some(mark) => g.marks.push(mark),
                None => {
                    let letters = w.trim_end_matches(|c: char| c.is_ascii_digit());
                    if letters.is_empty() || letters.len() == w.len() {
                        g.words.push(w);
                    } else {
                        g.words.push(letters);
                        g.marks.push(&w[letters.len()..]);
                    }
                }
            }
        }
        g
    }

    /// True when the two can be one person's: the same marks, and word by word, as far as the
    /// shorter list goes, one a prefix of the other.
    pub fn compatible(&self, other: &Givens<'_>) -> bool {
        !self.words.is_empty()
            && !other.words.is_empty()
            && self.marks == other.marks
            && (self.words.iter().zip(&other.words))
                .all(|(x, y)| x.starts_with(y) || y.starts_with(x))
    }

    /// True when these abbreviate `other` (compatible, and `other` says no less), or are equal.
    pub fn abbreviate(&self, other: &Givens<'_>) -> bool {
        self.marks == other.marks
            && self.words.len() <= other.words.len()
            && (self.words.iter().zip(&other.words)).all(|(x, y)| y.starts_with(x))
    }
}

/// The generation a given-name word marks, normalised (`jr` for `Jr.`, `jun`, `junior`; `sr`
/// for `Sr.`, `sen`, `senior`; `ii`, `iii`, `iv`).
fn generation(word: &str) -> Option<&'static str> {
    Some(match word {
        "jr" | "jun" | "junior" => "jr",
        "sr" | "sen" | "senior" => "sr",
        "ii" => "ii",
        "iii" => "iii",
        "iv" => "iv",
        _ => return None,
    })
}

/// True when two lists of given names (words separated by one space) can be one person's
/// ([`Givens::compatible`]).
pub fn givens_compatible(a: &str, b: &str) -> bool {
    Givens::of(a).compatible(&Givens::of(b))
}

/// True when given names `a` are an abbreviation of `b` (compatible, and `b` says no less:
/// `em` of `emanuel`, `ian` of `ian a`), or equal.
pub fn abbreviates(a: &str, b: &str) -> bool {
    Givens::of(a).abbreviate(&Givens::of(b))
}

/// The runs of letters and digits of `text`.
pub(super) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

fn push_lower(text: &mut String, word: &str) {
    if word
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        text.push_str(word);
    } else {
        text.extend(word.chars().flat_map(char::to_lowercase));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str) -> String {
        Form::of(name).as_str().to_owned()
    }

    #[test]
    fn forms_take_out_case_spacing_and_punctuation() {
        for name in [
            "Lasker, Emanuel",
            "Lasker,Emanuel",
            " LASKER ,  emanuel ",
            "Emanuel Lasker",
        ] {
            assert_eq!(form(name), "lasker, emanuel", "{name}");
        }
        assert_eq!(form("Lasker,Em."), "lasker, em");
        assert_eq!(form("Nepomniachtchi, Ian A."), "nepomniachtchi, ian a");
        assert_eq!(form("van Wely, Loek"), "van wely, loek");
        assert_eq!(form("Jan-Krzysztof Duda"), "duda, jan krzysztof");
        assert_eq!(form("Duda, J-K"), "duda, j k");
        assert_eq!(form("Kasparov, Garry, GM"), "kasparov, garry gm");
        assert_eq!(form("Short, Nigel:Vujatovic, Rajko"), "short, nigel");
        assert_eq!(form("Carlsen, Magnus (NOR)"), "carlsen, magnus");
        assert_eq!(form("(none)"), "none");
        assert_eq!(form("DrNykterstein"), "drnykterstein");
        assert_eq!(form("Kasparov,"), "kasparov,");
        assert_eq!(form("Polgár, Zsuzsa"), "polgár, zsuzsa");
        assert_eq!(form(", Magnus"), "magnus");
        assert_eq!(form("?"), "");
        assert_eq!(form(""), "");
        let f = Form::of("van Wely, Loek");
        assert_eq!((f.surname(), f.given()), (Some("van wely"), "loek"));
        assert_eq!(Form::of("DrNykterstein").surname(), None);
        assert_eq!(Form::of("Kasparov,").given(), "");
    }

    #[test]
    fn given_names_compatible_as_abbreviations() {
        let c = |a: &str, b: &str| Form::of(a).compatible(&Form::of(b));
        assert!(c("Lasker, Em.", "Lasker, Emanuel"));
        assert!(c("Lasker, E", "Lasker, Emanuel"));
        assert!(c("Lasker, E", "Lasker, Edward"));
        assert!(!c("Lasker,Ed", "Lasker,Em"));
        assert!(!c("Polgar, Zsuzsa", "Polgar, Zsofia"));
        assert!(c("Polgar, Zs", "Polgar, Zsofia"));
        assert!(!c("Kasparov, Gary", "Kasparov, Garry"));
        assert!(c("Nepomniachtchi, Ian A.", "Nepomniachtchi, I"));
        assert!(!c("Smith, J A", "Smith, J B"));
        assert!(c("Smith, J A", "Smith, John"));
        assert!(c("Lasker, Em", "Lasker,Em."));
        // Another surname, a handle, a surname alone: never.
        assert!(!c("Laskerov, E", "Lasker, E"));
        assert!(!c("Lasker", "Lasker, E"));
        assert!(!c("Lasker,", "Lasker, E"));
        assert!(!c("Lasker", "Lasker"));
        // The marks of namesakes.
        assert!(!c("Moskalenko,V", "Moskalenko,V1"));
        assert!(!c("Olafsson,H1", "Olafsson, Helgi"));
        assert!(c("Volkov,S1", "Volkov,Sergey1"));
        assert!(!c("Fodor,T", "Fodor,T jr"));
        assert!(c("Karolyi, Tibor Jr", "Karolyi,T jr."));
        assert!(!c("Bukal,V sr", "Bukal, Vladimir"));
        assert!(c("Smith, 2", "Smith, 2") && !c("Smith, 2", "Smith, J"));
        assert!(abbreviates("em", "emanuel") && abbreviates("ian", "ian a"));
        assert!(!abbreviates("tibor", "tibor jr"));
        assert!(!abbreviates("ian a", "ian") && !abbreviates("ed", "em"));
        assert_eq!(Form::of("Smith, John B.").detail(), (2, 5));
    }
}
