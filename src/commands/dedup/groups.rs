//! The groups of `arbiter dedup`: records of the sorted index cut into groups of duplicates,
//! the member each keeps, and the encoding of members and groups in the index's payloads.
//!
//! A member's payload: ordinal (u64, big-endian, so that equal keys sort in input order), file
//! number (u32), game, offset, line (u64), plies, tags, annotations, header length (u32), then
//! White, Black and Date (u16 length + bytes), little-endian but for the ordinal.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::analysis::dedup::GameKey;
use crate::model::dedup::{Keep, KeptBecause, Level, Member};

use super::index::{RecordRef, TempDir};

/// A member as the index holds it, decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// Position of the game among everything the run loop handed the sink (blank parts too).
    pub ordinal: u64,
    /// Number of its input in the run's list of input names.
    pub file: u32,
    /// The member, but for its file name and `kept`.
    pub member: Member,
}

/// Bytes a member's payload takes beyond its three tag texts.
pub const PAYLOAD_FIXED: usize = 8 + 4 + 8 * 3 + 4 * 4 + 2 * 3;

/// The payload of a game's record.
pub fn encode(ordinal: u64, file: u32, game: (u64, u64, u64), key: &GameKey) -> Vec<u8> {
    let mut out = Vec::with_capacity(PAYLOAD_FIXED + key.white.len() + key.black.len() + 10);
    out.extend_from_slice(&ordinal.to_be_bytes());
    out.extend_from_slice(&file.to_le_bytes());
    for n in [game.0, game.1, game.2] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    for n in [key.plies, key.tags, key.annotations, key.header_len] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    for text in [&key.white, &key.black, &key.date] {
        let bytes = &text.as_bytes()[..text.len().min(u16::MAX as usize)];
        out.extend_from_slice(&(bytes.len() as u16).to_le_bytes());
        out.extend_from_slice(bytes);
    }
    out
}

/// Reads fixed-size little-endian numbers and short texts off a payload.
struct Cursor<'a>(&'a [u8]);

impl Cursor<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        let n = N.min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
    fn text(&mut self) -> String {
        let len = (u16::from_le_bytes(self.take()) as usize).min(self.0.len());
        let text = String::from_utf8_lossy(&self.0[..len]).into_owned();
        self.0 = &self.0[len..];
        text
    }
}

/// The header length stored in a member's payload.
pub fn header_len(payload: &[u8]) -> usize {
    let at = 8 + 4 + 24 + 12;
    payload.get(at..at + 4).map_or(0, |b| {
        u32::from_le_bytes(b.try_into().unwrap_or_default()) as usize
    })
}

/// The ordinal a member's payload starts with.
pub fn decode_ordinal(payload: &[u8]) -> u64 {
    u64::from_be_bytes(Cursor(payload).take())
}

/// Decodes a member's payload.
pub fn decode(payload: &[u8]) -> Entry {
    let mut c = Cursor(payload);
    let ordinal = u64::from_be_bytes(c.take());
    let file = c.u32();
    let (game, offset, line) = (c.u64(), c.u64(), c.u64());
    let (plies, tags, annotations, _header) = (c.u32(), c.u32(), c.u32(), c.u32());
    let (white, black, date) = (c.text(), c.text(), c.text());
    Entry {
        ordinal,
        file,
        member: Member {
            file: String::new(),
            game,
            offset,
            line,
            white,
            black,
            date,
            plies,
            tags,
            annotations,
            kept: false,
        },
    }
}

/// A group decided, as the report's index holds its head: its first member (the group's place
/// in the report), the member kept and why, and its size. Its members follow it in the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Ordinal of the group's first member in input order.
    pub first: u64,
    /// Ordinal of the member kept.
    pub kept: u64,
    /// Its input's number and its game number (for the text report's head line).
    pub kept_file: u32,
    /// Its game number.
    pub kept_game: u64,
    /// Members.
    pub members: u64,
    /// Why the kept member was kept.
    pub because: KeptBecause,
}

impl Decision {
    /// The head's payload in the index of groups.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = vec![self.because as u8];
        out.extend_from_slice(&self.kept.to_le_bytes());
        out.extend_from_slice(&self.kept_file.to_le_bytes());
        out.extend_from_slice(&self.kept_game.to_le_bytes());
        out.extend_from_slice(&self.members.to_le_bytes());
        out
    }

    /// Decodes a head's payload (`first` from the record's hash).
    pub fn decode(first: u64, payload: &[u8]) -> Decision {
        let because = match payload.first() {
            Some(1) => KeptBecause::LongestMainLine,
            Some(2) => KeptBecause::MostTags,
            Some(3) => KeptBecause::MostAnnotations,
            _ => KeptBecause::FirstInInput,
        };
        let mut c = Cursor(payload.get(1..).unwrap_or_default());
        Decision {
            first,
            kept: c.u64(),
            kept_file: c.u32(),
            kept_game: c.u64(),
            members: c.u64(),
            because,
        }
    }
}

/// What the keep policy needs of a member: its ordinal, input, game and the criteria of
/// `--keep best`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Candidate {
    ordinal: u64,
    file: u32,
    game: u64,
    plies: u32,
    tags: u32,
    annotations: u32,
}

impl Candidate {
    /// The fixed fields of a member's payload, without its texts.
    fn of(payload: &[u8]) -> Candidate {
        let mut c = Cursor(payload);
        let ordinal = u64::from_be_bytes(c.take());
        let file = c.u32();
        let (game, _offset, _line) = (c.u64(), c.u64(), c.u64());
        let (plies, tags, annotations) = (c.u32(), c.u32(), c.u32());
        Candidate {
            ordinal,
            file,
            game,
            plies,
            tags,
            annotations,
        }
    }

    /// `--keep best`'s order: longest main line, most tags, most annotations, first in input.
    fn score(&self) -> (u32, u32, u32, std::cmp::Reverse<u64>) {
        (
            self.plies,
            self.tags,
            self.annotations,
            std::cmp::Reverse(self.ordinal),
        )
    }
}

/// The open group's decision so far, member by member: the first member, and the best two by
/// the keep policy (the runner-up says why the best was kept).
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    members: u64,
    first: Option<Candidate>,
    best: Option<Candidate>,
    runner_up: Option<Candidate>,
}

impl Tally {
    fn add(&mut self, c: Candidate) {
        self.members += 1;
        if self.first.is_none_or(|f| c.ordinal < f.ordinal) {
            self.first = Some(c);
        }
        if self.best.is_none_or(|b| c.score() > b.score()) {
            self.runner_up = self.best;
            self.best = Some(c);
        } else if self.runner_up.is_none_or(|r| c.score() > r.score()) {
            self.runner_up = Some(c);
        }
    }

    /// The decision (for a group of two members or more).
    fn decide(&self, keep: Keep) -> Option<Decision> {
        let (first, best) = (self.first?, self.best?);
        let (kept, because) = match keep {
            Keep::First => (first, KeptBecause::FirstInInput),
            Keep::Best => (best, because(&best, self.runner_up.as_ref())),
        };
        (self.members >= 2).then_some(Decision {
            first: first.ordinal,
            kept: kept.ordinal,
            kept_file: kept.file,
            kept_game: kept.game,
            members: self.members,
            because,
        })
    }
}

/// Why `best` beat `runner_up` (the best of the others).
fn because(best: &Candidate, runner_up: Option<&Candidate>) -> KeptBecause {
    match runner_up {
        None => KeptBecause::FirstInInput,
        Some(r) if best.plies > r.plies => KeptBecause::LongestMainLine,
        Some(r) if best.tags > r.tags => KeptBecause::MostTags,
        Some(r) if best.annotations > r.annotations => KeptBecause::MostAnnotations,
        Some(_) => KeptBecause::FirstInInput,
    }
}

/// The payloads of the open group: in memory up to a limit, then appended to a temporary file
/// (length-prefixed), so that a group of a million members costs the limit, not its size.
#[derive(Debug)]
struct Members {
    memory: Vec<u8>,
    limit: usize,
    dir: TempDir,
    spilled: Option<(PathBuf, BufWriter<File>)>,
}

impl Members {
    fn push(&mut self, payload: &[u8]) -> io::Result<()> {
        if self.memory.len() + payload.len() + 4 > self.limit && !self.memory.is_empty() {
            self.spill()?;
        }
        self.memory
            .extend_from_slice(&(payload.len() as u32).to_le_bytes());
        self.memory.extend_from_slice(payload);
        Ok(())
    }

    fn spill(&mut self) -> io::Result<()> {
        if self.spilled.is_none() {
            let path = self.dir.file(0)?;
            let file = File::create(&path)?;
            self.spilled = Some((path, BufWriter::with_capacity(1 << 16, file)));
        }
        if let Some((_, out)) = &mut self.spilled {
            out.write_all(&self.memory)?;
        }
        self.memory.clear();
        Ok(())
    }

    /// Calls `f` on every payload, in the order pushed, and empties the group.
    fn drain(&mut self, f: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
        if let Some((path, out)) = self.spilled.take() {
            out.into_inner().map_err(|e| e.into_error())?;
            let mut reader = BufReader::with_capacity(1 << 16, File::open(&path)?);
            let mut payload = Vec::new();
            loop {
                let mut len = [0u8; 4];
                match reader.read_exact(&mut len) {
                    Ok(()) => {}
                    Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
                    Err(e) => return Err(e),
                }
                payload.resize(u32::from_le_bytes(len) as usize, 0);
                reader.read_exact(&mut payload)?;
                f(&payload)?;
            }
            drop(reader);
            std::fs::remove_file(&path)?;
        }
        let mut rest = &self.memory[..];
        while rest.len() >= 4 {
            let len = u32::from_le_bytes(rest[..4].try_into().unwrap_or_default()) as usize;
            let end = (4 + len).min(rest.len());
            f(&rest[4..end])?;
            rest = &rest[end..];
        }
        self.memory.clear();
        Ok(())
    }
}

/// Cuts the sorted records into groups of duplicates at a level, in bounded memory: a member's
/// payload is held (up to the group's memory, then in a temporary file) only until its group
/// is decided.
#[derive(Debug)]
pub struct Grouper {
    level: Level,
    keep: Keep,
    /// The key of the group's last record.
    last_key: Vec<u8>,
    /// Its header length.
    last_header: usize,
    /// The payloads of the group so far.
    members: Members,
    tally: Tally,
}

/// Called for every member of a decided group, in the order of the index: the decision and
/// the member's payload.
pub type EachMember<'f> = dyn FnMut(&Decision, &[u8]) -> io::Result<()> + 'f;

impl Grouper {
    /// A grouper for `level` keeping members by `keep`, holding at most about `memory` bytes
    /// of a group's members (the rest spilled below `temp`).
    pub fn new(level: Level, keep: Keep, memory: usize, temp: &Path) -> Grouper {
        Grouper {
            level,
            keep,
            last_key: Vec::new(),
            last_header: 0,
            members: Members {
                memory: Vec::new(),
                limit: memory.max(1 << 12),
                dir: TempDir::new(temp),
                spilled: None,
            },
            tally: Tally::default(),
        }
    }

    /// Takes the next record in the index's order; when it closes a group of two members or
    /// more, calls `each` on every member of that group (in the index's order) and returns its
    /// decision.
    ///
    /// # Errors
    /// Returns the error of a temporary file, or of `each`.
    pub fn push(
        &mut self,
        r: RecordRef<'_>,
        each: &mut EachMember<'_>,
    ) -> io::Result<Option<Decision>> {
        let header = header_len(r.payload);
        let same = self.tally.members > 0
            && match self.level {
                Level::Moves | Level::Game => r.key == self.last_key.as_slice(),
                Level::Prefix => {
                    header == self.last_header
                        && r.key[..header] == self.last_key[..header]
                        && r.key.starts_with(&self.last_key)
                }
            };
        let closed = if same { None } else { self.close(each)? };
        self.last_key.clear();
        self.last_key.extend_from_slice(r.key);
        self.last_header = header;
        self.members.push(r.payload)?;
        self.tally.add(Candidate::of(r.payload));
        Ok(closed)
    }

    /// Closes the last group (at the end of the records).
    ///
    /// # Errors
    /// As [`Grouper::push`].
    pub fn finish(&mut self, each: &mut EachMember<'_>) -> io::Result<Option<Decision>> {
        self.close(each)
    }

    fn close(&mut self, each: &mut EachMember<'_>) -> io::Result<Option<Decision>> {
        let decision = self.tally.decide(self.keep);
        self.tally = Tally::default();
        match decision {
            Some(d) => self.members.drain(&mut |p| each(&d, p))?,
            None => self.members.drain(&mut |_| Ok(()))?,
        }
        Ok(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(plies: u32, tags: u32) -> GameKey {
        GameKey {
            plies,
            tags,
            white: "W".into(),
            black: "B".into(),
            date: "2020.01.01".into(),
            header_len: 3,
            ..GameKey::default()
        }
    }

    #[test]
    fn payloads_round_trip() {
        let p = encode(7, 2, (3, 100, 40), &key(80, 9));
        assert_eq!(header_len(&p), 3);
        let e = decode(&p);
        assert_eq!(
            (e.ordinal, e.file, e.member.game, e.member.line),
            (7, 2, 3, 40)
        );
        assert_eq!(
            (e.member.plies, e.member.tags, e.member.white.as_str()),
            (80, 9, "W")
        );
    }

    #[test]
    fn best_prefers_length_then_tags() {
        let tally = |members: &[(u32, u32)]| {
            let mut t = Tally::default();
            for (i, &(p, tags)) in members.iter().enumerate() {
                t.add(Candidate::of(&encode(
                    i as u64,
                    0,
                    (i as u64 + 1, 0, 1),
                    &key(p, tags),
                )));
            }
            t
        };
        let three = tally(&[(40, 9), (80, 7), (80, 8)]);
        let best = three.decide(Keep::Best).unwrap();
        assert_eq!((best.kept, best.because), (2, KeptBecause::MostTags));
        assert_eq!((best.first, best.members, best.kept_game), (0, 3, 3));
        let two = tally(&[(40, 9), (80, 7)]).decide(Keep::Best).unwrap();
        assert_eq!((two.kept, two.because), (1, KeptBecause::LongestMainLine));
        let first = three.decide(Keep::First).unwrap();
        assert_eq!((first.kept, first.because), (0, KeptBecause::FirstInInput));
        assert_eq!(tally(&[(40, 9)]).decide(Keep::First), None);
        let d = Decision::decode(5, &best.encode());
        assert_eq!(d, Decision { first: 5, ..best });
    }
}
