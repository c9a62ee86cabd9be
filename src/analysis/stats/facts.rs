//! What one game contributes to the statistics ([`GameFacts`]): its tags, and its main-line
//! moves as the strict lexer reads them; read by a visitor of the walk ([`Facts`]), which reads
//! the tag section only, unless it walks with the checker or the auditor.

use std::borrow::Cow;
use std::ops::ControlFlow;

use super::count::{Counter, MainLineCount, count_main_line_fast};
use crate::analysis::lexer::Token;
use crate::analysis::tables::values::pgn_date;
use crate::analysis::tags::{self, Tags, Variant};
use crate::analysis::walk::{End, Game, GameText, Start, Visitor, Work, walk};
use crate::model::stats::{BY_YEAR, GameFacts, GameResult, MAX_RATING, StatsOptions};

/// A tag value, escapes resolved, decoded (UTF-8, else Windows-1252 or code page 437),
/// borrowed when possible.
pub fn tag_text(raw: &[u8]) -> Cow<'_, str> {
    match tags::unescape(raw) {
        Cow::Borrowed(b) => match std::str::from_utf8(b) {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => Cow::Owned(tags::decode(b)),
        },
        Cow::Owned(v) => Cow::Owned(tags::decode(&v)),
    }
}

/// A tag value as text, `None` when empty or `?` (surrounding spaces removed).
fn known(raw: &[u8]) -> Option<Cow<'_, str>> {
    let raw = raw.trim_ascii();
    if raw.is_empty() || raw == b"?" {
        return None;
    }
    Some(tag_text(raw))
}

/// WhiteElo/BlackElo as written (no spaces around): a whole number in `1..=MAX_RATING`.
fn rating(raw: &[u8]) -> Option<u32> {
    if raw.is_empty() || raw.len() > 5 || !raw.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let elo: u32 = std::str::from_utf8(raw).ok()?.parse().ok()?;
    (1..=MAX_RATING).contains(&elo).then_some(elo)
}

/// The Date tag in the PGN form (`YYYY.MM.DD`, `??` for an unknown part) when its year is
/// known, read as every subcommand reads a date ([`pgn_date`]: a year alone, one-digit months
/// and days, space around it); the value as written when it already is in that form.
fn date(raw: &[u8]) -> Option<Cow<'_, str>> {
    // Most dates: already the PGN form with a known year (check's valid date), which
    // `pgn_text` would give back as it is; borrowed without reading them again.
    if raw.len() == 10
        && raw[..4].iter().all(u8::is_ascii_digit)
        && &raw[..4] != b"0000"
        && tags::is_valid_date(raw)
    {
        return Some(tag_text(raw));
    }
    // A date is ASCII: text that is not UTF-8 is no date.
    let text = std::str::from_utf8(raw).ok()?;
    pgn_date(text).pgn_text().map(Cow::Owned)
}

/// A move token without its check, mate and annotation marks (`Nf3+!` → `Nf3`).
fn bare_move(token: &[u8]) -> &[u8] {
    let end = token
        .iter()
        .rposition(u8::is_ascii_alphanumeric)
        .map_or(0, |i| i + 1);
    &token[..end]
}

/// Reads what one game contributes to the statistics: the tags and the main-line move tokens
/// (nothing is replayed). `bytes` is one game as cut by the splitter.
pub fn game_facts<'a>(bytes: &'a [u8], options: &StatsOptions) -> GameFacts<'a> {
    let text = GameText {
        bytes,
        index: 0,
        offset: 0,
        line: 1,
        col: 1,
        joined: false,
    };
    walk(text, &mut Facts::new(options))
}

/// The visitor that reads a game's [`GameFacts`].
#[derive(Debug)]
pub struct Facts<'o, 'a> {
    options: &'o StatsOptions,
    counter: Counter<'a>,
    /// Read the tags only, even when walked with visitors that replay (see [`Facts::tags_only`]).
    tags_only: bool,
}

impl<'o> Facts<'o, '_> {
    /// A reader for one game.
    pub fn new(options: &'o StatsOptions) -> Self {
        Facts {
            options,
            counter: Counter::default(),
            tags_only: false,
        }
    }

    /// With `yes`, the facts stop at the start of the movetext and count the main line with
    /// the byte scan, as when walked alone, so that a visitor that reads only the first moves
    /// (the opening classifier) can end the walk early.
    pub fn tags_only(mut self, yes: bool) -> Self {
        self.tags_only = yes;
        self
    }
}

impl<'g> Visitor<'g> for Facts<'_, 'g> {
    type Output = GameFacts<'g>;

    fn work(&self) -> Work {
        Work::Tags
    }

    fn needs_before(&self) -> bool {
        false
    }

    fn tags(&mut self, _game: &mut Game<'g>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn start(&mut self, _game: &mut Game<'g>, _start: &Start) -> ControlFlow<()> {
        if self.tags_only {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline(always)]
    fn token(&mut self, _game: &mut Game<'g>, token: &Token<'g>) {
        self.counter.token(token);
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> GameFacts<'g> {
        // Alone, the walk read the tags only: the moves are counted by the byte scan, which
        // follows the lexer's rules; with other visitors, the lexer's tokens were counted.
        let tags_only = self.tags_only || end.work == Work::Tags;
        let main = match (tags_only, end.movetext) {
            (true, Some(at)) => count_main_line_fast(game.text.bytes, at),
            (true, None) => MainLineCount::default(),
            (false, _) => self.counter.count(),
        };
        facts_of(&game.tags, main, self.options)
    }

    fn panicked(&mut self, _text: &GameText<'g>) -> GameFacts<'g> {
        GameFacts {
            panicked: true,
            ..GameFacts::default()
        }
    }
}

/// The facts of a game from its tags and its main-line count.
fn facts_of<'a>(tags: &Tags<'a>, main: MainLineCount<'a>, options: &StatsOptions) -> GameFacts<'a> {
    let mut facts = GameFacts {
        variant: Cow::Borrowed("Standard"),
        ..GameFacts::default()
    };
    let mut result_tag = None;
    let mut group_raw = None;
    let by = options.by.as_deref().filter(|b| *b != BY_YEAR);
    // One pass over the tags; the first of a repeated tag counts.
    for pair in tags.pairs.iter().rev() {
        let raw = pair.raw;
        if let Some(b) = by {
            if b.as_bytes() == pair.name {
                group_raw = Some(raw);
            } else if b.as_bytes().eq_ignore_ascii_case(pair.name) {
                facts.group_near = Some(tag_text(pair.name));
            }
        }
        match pair.name {
            b"Result" => result_tag = GameResult::from_text(raw.trim_ascii()),
            b"FEN" => facts.fen_start = true,
            b"Variant" => {
                let v = tag_text(raw);
                facts.variant = match tags::variant(Some(&v)) {
                    Variant::Standard => Cow::Borrowed("Standard"),
                    Variant::Chess960 => Cow::Borrowed("Chess960"),
                    Variant::Other(_) => v,
                };
            }
            b"ECO" => facts.eco = known(raw),
            b"Opening" => facts.opening = known(raw),
            b"White" => facts.white = known(raw),
            b"Black" => facts.black = known(raw),
            b"WhiteElo" => facts.white_elo = rating(raw),
            b"BlackElo" => facts.black_elo = rating(raw),
            b"Date" => facts.date = date(raw),
            b"TimeControl" => facts.time_control = known(raw),
            b"Event" => facts.event = known(raw),
            b"Termination" => facts.termination = known(raw),
            _ => {}
        }
    }
    facts.result = result_tag
        .or_else(|| main.marker.and_then(GameResult::from_text))
        .unwrap_or_default();
    facts.group = match options.by.as_deref() {
        Some(BY_YEAR) => facts.date.as_ref().map(|d| match d {
            Cow::Borrowed(s) => Cow::Borrowed(&s[..4]),
            Cow::Owned(s) => Cow::Owned(s[..4].to_owned()),
        }),
        Some(_) => {
            facts.group_tag = group_raw.is_some();
            if facts.group_tag {
                facts.group_near = None;
            }
            group_raw.and_then(known)
        }
        None => None,
    };
    facts.plies = main.plies;
    facts.first_move = main
        .first_move
        .filter(|_| !facts.fen_start)
        .map(|m| tag_text(bare_move(m)))
        .filter(|m| !m.is_empty());
    facts
}
