//! The groups of `arbiter dedup`: records of the sorted index cut into groups of duplicates,
//! the member each keeps, and the encoding of members and groups in the index's payloads.
//!
//! A member's payload: ordinal (u64, big-endian, so that equal keys sort in input order), file
//! number (u32), game, offset, line (u64), plies, tags, annotations, header length (u32), then
//! White, Black and Date (u16 length + bytes), little-endian but for the ordinal.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::analysis::dedup::GameKey;
use crate::analysis::names::{Identity, Names};
use crate::model::dedup::{Keep, KeptBecause, Level, Member};

use super::index::{RecordRef, TempDir};
use super::persons::{MAX_SPILLED_SUBGROUPS, Spellings, persons_of};

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

impl<'a> Cursor<'a> {
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
    fn bytes(&mut self) -> &'a [u8] {
        let len = (u16::from_le_bytes(self.take()) as usize).min(self.0.len());
        let (bytes, rest) = self.0.split_at(len);
        self.0 = rest;
        bytes
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

    /// Whether part of the group is in the temporary file.
    fn spilled(&self) -> bool {
        self.spilled.is_some()
    }

    /// Calls `f` on every payload, in the order pushed (the group stays: see [`Members::clear`]).
    fn for_each(&mut self, f: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
        if let Some((path, out)) = &mut self.spilled {
            out.flush()?;
            let mut reader = BufReader::with_capacity(1 << 16, File::open(&*path)?);
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
        }
        let mut rest = &self.memory[..];
        while rest.len() >= 4 {
            let len = u32::from_le_bytes(rest[..4].try_into().unwrap_or_default()) as usize;
            let end = (4 + len).min(rest.len());
            f(&rest[4..end])?;
            rest = &rest[end..];
        }
        Ok(())
    }

    /// Empties the group (its temporary file removed).
    fn clear(&mut self) -> io::Result<()> {
        if let Some((path, out)) = self.spilled.take() {
            drop(out.into_inner().map_err(|e| e.into_error())?);
            std::fs::remove_file(&path)?;
        }
        self.memory.clear();
        Ok(())
    }
}

/// Where a member's payload has its White tag: after the ordinal, file, three u64 and four u32.
const PLAYERS_AT: usize = 8 + 4 + 8 * 3 + 4 * 4;

/// White and Black as the payload holds them (no copy).
pub(super) fn players(payload: &[u8]) -> (&[u8], &[u8]) {
    let mut c = Cursor(payload.get(PLAYERS_AT..).unwrap_or_default());
    let white = c.bytes();
    (white, c.bytes())
}

/// Cuts the sorted records into groups of duplicates at a level, in bounded memory: a member's
/// payload is held (up to the group's memory, then in a temporary file) only until its group
/// is decided.
///
/// The key compares players coarsely (surname and first initial: `Lasker, Edward` and
/// `Lasker, Emanuel` share it), so at `--by game` and `--by prefix` a group whose members do
/// not all have the same White and Black is split by persons: its own spellings are resolved
/// ([`Identity::resolve`]: `Lasker, Em.` is `Lasker, Emanuel`, `Lasker, E` beside both is a
/// person of its own), and each (White person, Black person) of two members or more is a group
/// of its own, decided as a group is. `--by moves` compares no players: never split.
#[derive(Debug)]
pub struct Grouper<'n> {
    level: Level,
    keep: Keep,
    names: &'n Names,
    /// The key of the group's last record.
    last_key: Vec<u8>,
    /// Its header length.
    last_header: usize,
    /// The payloads of the group so far.
    members: Members,
    tally: Tally,
    spellings: Spellings,
    /// Groups not reported: too many spellings or subgroups.
    undecided: u64,
    /// Groups split because their players are more than one pair of persons.
    kept_apart: u64,
    /// The first such group's two spellings of one side that are two persons.
    apart_example: Option<(String, String)>,
}

/// Called for every member of a decided group, in the order of the index: the decision and
/// the member's payload. A group's members come one after the other (a split group's
/// subgroups too, each whole before the next).
pub type EachMember<'f> = dyn FnMut(&Decision, &[u8]) -> io::Result<()> + 'f;

impl<'n> Grouper<'n> {
    /// A grouper for `level` keeping members by `keep`, holding at most about `memory` bytes
    /// of a group's members (the rest spilled below `temp`), players told apart by `names`.
    pub fn new(level: Level, keep: Keep, memory: usize, temp: &Path, names: &'n Names) -> Self {
        Grouper {
            level,
            keep,
            names,
            last_key: Vec::new(),
            last_header: 0,
            members: Members {
                memory: Vec::new(),
                limit: memory.max(1 << 12),
                dir: TempDir::new(temp),
                spilled: None,
            },
            tally: Tally::default(),
            spellings: Spellings::default(),
            undecided: 0,
            kept_apart: 0,
            apart_example: None,
        }
    }

    /// Groups of candidates (one key but for the players' given names) split because their
    /// players are two persons or more by player identity, and the first group's two
    /// spellings that are two persons (`Steinitz, William` and `Steinitz, Wilhelm`: one man to
    /// a historian, two to the identity unless an alias file joins them).
    pub fn kept_apart(&self) -> (u64, Option<&(String, String)>) {
        (self.kept_apart, self.apart_example.as_ref())
    }

    /// Groups of two members or more that were not reported: more than
    /// [`MAX_GROUP_SPELLINGS`](super::persons::MAX_GROUP_SPELLINGS) spellings, or spilled
    /// with more than [`MAX_SPILLED_SUBGROUPS`] subgroups.
    pub fn undecided(&self) -> u64 {
        self.undecided
    }

    /// Takes the next record in the index's order; when it closes a group of two members or
    /// more, calls `each` on every member of that group (or of each of its subgroups).
    ///
    /// # Errors
    /// Returns the error of a temporary file, or of `each`.
    pub fn push(&mut self, r: RecordRef<'_>, each: &mut EachMember<'_>) -> io::Result<()> {
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
        if !same {
            self.close(each)?;
        }
        self.last_key.clear();
        self.last_key.extend_from_slice(r.key);
        self.last_header = header;
        self.members.push(r.payload)?;
        self.tally.add(Candidate::of(r.payload));
        if self.level != Level::Moves {
            let (white, black) = players(r.payload);
            self.spellings.add(white, black);
        }
        Ok(())
    }

    /// Closes the last group (at the end of the records).
    ///
    /// # Errors
    /// As [`Grouper::push`].
    pub fn finish(&mut self, each: &mut EachMember<'_>) -> io::Result<()> {
        self.close(each)
    }

    fn close(&mut self, each: &mut EachMember<'_>) -> io::Result<()> {
        let tally = std::mem::take(&mut self.tally);
        let done = match self.spellings.mixed && tally.members >= 2 {
            true => self.emit_split(tally.members, each),
            false => self.emit(tally.decide(self.keep), None, each),
        };
        self.spellings.clear();
        done?;
        self.members.clear()
    }

    /// Calls `each` on the members of the group (of persons `only`, if given) decided `d`.
    fn emit(
        &mut self,
        d: Option<Decision>,
        only: Option<((u32, u32), &Identity)>,
        each: &mut EachMember<'_>,
    ) -> io::Result<()> {
        let Some(d) = d else { return Ok(()) };
        match only {
            None => self.members.for_each(&mut |p| each(&d, p)),
            Some((persons, identity)) => {
                let spellings = &self.spellings;
                self.members
                    .for_each(&mut |p| match persons_of(spellings, identity, p) {
                        k if k == persons => each(&d, p),
                        _ => Ok(()),
                    })
            }
        }
    }

    /// The persons of the group's spellings.
    fn identity(&self) -> Identity {
        let texts = self
            .spellings
            .texts
            .iter()
            .map(|t| String::from_utf8_lossy(t));
        let texts: Vec<_> = texts.collect();
        Identity::resolve(texts.iter().map(|t| t.as_ref()), self.names)
    }

    /// Two spellings of one side that are two persons, among the group's pairs of persons.
    fn example(
        &self,
        identity: &Identity,
        pairs: impl Iterator<Item = (u32, u32)>,
    ) -> Option<(String, String)> {
        let mut pairs: Vec<(u32, u32)> = pairs.collect();
        pairs.sort_unstable();
        let (a, b) = (*pairs.first()?, *pairs.get(1)?);
        let (p, q) = match a.0 == b.0 {
            true => (a.1, b.1),
            false => (a.0, b.0),
        };
        let texts = &self.spellings.texts;
        let spelling = |person: u32| {
            (0..texts.len())
                .find(|&i| identity.person(i) == person)
                .map(|i| String::from_utf8_lossy(&texts[i]).into_owned())
        };
        Some((spelling(p)?, spelling(q)?))
    }

    /// A group whose players are not all spelt alike: its subgroups by (White person, Black
    /// person), each of two members or more emitted whole with its own decision.
    fn emit_split(&mut self, members: u64, each: &mut EachMember<'_>) -> io::Result<()> {
        if self.spellings.over {
            self.undecided += 1;
            return Ok(());
        }
        let identity = self.identity();
        let spellings = &self.spellings;
        let mut parts: HashMap<(u32, u32), Tally> = HashMap::new();
        self.members.for_each(&mut |p| {
            let persons = persons_of(spellings, &identity, p);
            parts.entry(persons).or_default().add(Candidate::of(p));
            Ok(())
        })?;
        if parts.len() > 1 {
            self.kept_apart += 1;
            if self.apart_example.is_none() {
                self.apart_example = self.example(&identity, parts.keys().copied());
            }
        }
        let mut decided: Vec<((u32, u32), Decision)> = parts
            .into_iter()
            .filter_map(|(k, t)| t.decide(self.keep).map(|d| (k, d)))
            .collect();
        decided.sort_unstable_by_key(|(_, d)| d.first);
        let whole = decided.len() == 1 && decided[0].1.members == members;
        if whole {
            return self.emit(Some(decided[0].1), None, each);
        }
        if self.members.spilled() && decided.len() > MAX_SPILLED_SUBGROUPS {
            self.undecided += 1;
            return Ok(());
        }
        for (persons, d) in decided {
            self.emit(Some(d), Some((persons, &identity)), each)?;
        }
        Ok(())
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

    fn player_key(ordinal: u64, white: &str) -> Vec<u8> {
        let key = GameKey {
            white: white.into(),
            black: "Yates, F".into(),
            ..GameKey::default()
        };
        encode(ordinal, 0, (ordinal + 1, 0, 1), &key)
    }

    /// The groups `Grouper` makes of one coarse group (one key) of these Whites (each group's
    /// decision and the ordinals it was called with), and its count of groups not reported.
    fn grouped_counted(
        level: Level,
        whites: &[&str],
        memory: usize,
    ) -> (Vec<(Decision, Vec<u64>)>, u64) {
        let tmp = std::env::temp_dir();
        let names = Names::new();
        let mut grouper = Grouper::new(level, Keep::First, memory, &tmp, &names);
        let mut out: Vec<(Decision, Vec<u64>)> = Vec::new();
        let mut each = |d: &Decision, p: &[u8]| {
            match out.last_mut() {
                Some((last, members)) if last.first == d.first => members.push(decode_ordinal(p)),
                _ => out.push((*d, vec![decode_ordinal(p)])),
            }
            Ok(())
        };
        for (i, w) in whites.iter().enumerate() {
            let payload = player_key(i as u64, w);
            let r = RecordRef {
                hash: 1,
                key: b"same",
                payload: &payload,
            };
            grouper.push(r, &mut each).unwrap();
        }
        grouper.finish(&mut each).unwrap();
        (out, grouper.undecided())
    }

    /// As [`grouped_counted`], every group reported.
    fn grouped(level: Level, whites: &[&str], memory: usize) -> Vec<(Decision, Vec<u64>)> {
        let (groups, undecided) = grouped_counted(level, whites, memory);
        assert_eq!(undecided, 0);
        groups
    }

    #[test]
    fn players_are_read_off_the_payload() {
        let p = player_key(3, "Lasker, Emanuel");
        assert_eq!(players(&p), (&b"Lasker, Emanuel"[..], &b"Yates, F"[..]));
        assert_eq!(players(&[]), (&b""[..], &b""[..]));
    }

    #[test]
    fn a_group_is_split_by_persons_each_part_whole() {
        let whites = [
            "Lasker, Edward",
            "Lasker, Emanuel",
            "Lasker, Ed.",
            "Lasker, Em.",
            "Lasker, E",
        ];
        let groups = grouped(Level::Game, &whites, 1 << 20);
        let got: Vec<(u64, u64, u64, Vec<u64>)> = groups
            .iter()
            .map(|(d, m)| (d.first, d.kept, d.members, m.clone()))
            .collect();
        assert_eq!(got, [(0, 0, 2, vec![0, 2]), (1, 1, 2, vec![1, 3])]);
        // Twenty times as many members: past the group's memory (4 KiB at least), spilled.
        let many: Vec<&str> = whites.iter().cycle().take(100).copied().collect();
        let groups = grouped(Level::Game, &many, 0);
        let class = |c: &[u64]| {
            (0..100)
                .filter(|i| c.contains(&(i % 5)))
                .collect::<Vec<_>>()
        };
        let got: Vec<(u64, Vec<u64>)> = groups.into_iter().map(|(d, m)| (d.first, m)).collect();
        assert_eq!(
            got,
            [(0, class(&[0, 2])), (1, class(&[1, 3])), (4, class(&[4]))]
        );
        let one = grouped(Level::Game, &["Lasker, Em.", "Lasker, Emanuel"], 1 << 20);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].1, [0, 1]);
        let moves = grouped(Level::Moves, &whites, 1 << 20);
        assert_eq!((moves.len(), moves[0].1.len()), (1, 5));
    }

    #[test]
    fn too_many_spellings_report_nothing_and_count() {
        let n = crate::commands::dedup::persons::MAX_GROUP_SPELLINGS;
        let whites: Vec<String> = (0..n).map(|i| format!("Lasker, E{i}")).collect();
        let whites: Vec<&str> = whites.iter().map(String::as_str).collect();
        // With Black's spelling, one more than the cap.
        assert_eq!(grouped_counted(Level::Game, &whites, 1 << 20), (vec![], 1));
        assert_eq!(grouped_counted(Level::Game, &whites[1..], 1 << 20).1, 0);
    }
}
