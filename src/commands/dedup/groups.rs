//! The groups of `arbiter dedup`: records of the sorted index cut into groups of duplicates,
//! the member each keeps, and the encoding of members and groups in the index's payloads.
//!
//! A member's payload: ordinal (u64, big-endian, so that equal keys sort in input order), file
//! number (u32), game, offset, line (u64), plies, tags, annotations, header length (u32), then
//! White, Black and Date (u16 length + bytes), little-endian but for the ordinal.

use crate::analysis::dedup::GameKey;
use crate::model::dedup::{Keep, KeptBecause, Level, Member};

use super::index::RecordRef;

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

/// A group decided: its members in input order (the kept one marked) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    /// The members, in input order.
    pub members: Vec<Entry>,
    /// Why the kept member was kept.
    pub because: KeptBecause,
}

/// Cuts the sorted records into groups of duplicates at a level.
#[derive(Debug)]
pub struct Grouper {
    level: Level,
    keep: Keep,
    /// The key of the group's last record.
    last_key: Vec<u8>,
    /// Its header length.
    last_header: usize,
    /// The payloads of the group so far.
    members: Vec<Vec<u8>>,
}

impl Grouper {
    /// A grouper for `level` keeping members by `keep`.
    pub fn new(level: Level, keep: Keep) -> Grouper {
        Grouper {
            level,
            keep,
            last_key: Vec::new(),
            last_header: 0,
            members: Vec::new(),
        }
    }

    /// Takes the next record in the index's order; returns the group it closes, if that group
    /// has two members or more.
    pub fn push(&mut self, r: RecordRef<'_>) -> Option<Decided> {
        let header = header_len(r.payload);
        let same = !self.members.is_empty()
            && match self.level {
                Level::Moves | Level::Game => r.key == self.last_key.as_slice(),
                Level::Prefix => {
                    header == self.last_header
                        && r.key[..header] == self.last_key[..header]
                        && r.key.starts_with(&self.last_key)
                }
            };
        let closed = if same { None } else { self.close() };
        self.last_key.clear();
        self.last_key.extend_from_slice(r.key);
        self.last_header = header;
        self.members.push(r.payload.to_vec());
        closed
    }

    /// Closes the last group (at the end of the records).
    pub fn finish(&mut self) -> Option<Decided> {
        self.close()
    }

    fn close(&mut self) -> Option<Decided> {
        let members = std::mem::take(&mut self.members);
        if members.len() < 2 {
            return None;
        }
        let mut entries: Vec<Entry> = members.iter().map(|p| decode(p)).collect();
        entries.sort_by_key(|e| e.ordinal);
        let (kept, because) = choose(&entries, self.keep);
        entries[kept].member.kept = true;
        Some(Decided {
            members: entries,
            because,
        })
    }
}

/// The member kept (its position in `entries`, which are in input order) and why.
pub fn choose(entries: &[Entry], keep: Keep) -> (usize, KeptBecause) {
    if keep == Keep::First {
        return (0, KeptBecause::FirstInInput);
    }
    let score = |e: &Entry| {
        let m = &e.member;
        (m.plies, m.tags, m.annotations, std::cmp::Reverse(e.ordinal))
    };
    let best = (0..entries.len())
        .max_by_key(|&i| score(&entries[i]))
        .unwrap_or(0);
    let runner_up = (0..entries.len())
        .filter(|&i| i != best)
        .max_by_key(|&i| score(&entries[i]));
    let because = match runner_up.map(|i| &entries[i].member) {
        None => KeptBecause::FirstInInput,
        Some(r) => {
            let b = &entries[best].member;
            if b.plies > r.plies {
                KeptBecause::LongestMainLine
            } else if b.tags > r.tags {
                KeptBecause::MostTags
            } else if b.annotations > r.annotations {
                KeptBecause::MostAnnotations
            } else {
                KeptBecause::FirstInInput
            }
        }
    };
    (best, because)
}

/// The payload of a decided group in the index of groups: its members' payloads (with the kept
/// flag) after the reason.
pub fn encode_group(group: &Decided, payloads: impl Fn(&Entry) -> Vec<u8>) -> Vec<u8> {
    let mut out = vec![group.because as u8];
    for e in &group.members {
        let p = payloads(e);
        out.push(u8::from(e.member.kept));
        out.extend_from_slice(&(p.len() as u32).to_le_bytes());
        out.extend_from_slice(&p);
    }
    out
}

/// Decodes a group's payload.
pub fn decode_group(mut payload: &[u8]) -> Decided {
    let because = match payload.first() {
        Some(1) => KeptBecause::LongestMainLine,
        Some(2) => KeptBecause::MostTags,
        Some(3) => KeptBecause::MostAnnotations,
        _ => KeptBecause::FirstInInput,
    };
    payload = payload.get(1..).unwrap_or_default();
    let mut members = Vec::new();
    while payload.len() >= 5 {
        let kept = payload[0] == 1;
        let len = u32::from_le_bytes(payload[1..5].try_into().unwrap_or_default()) as usize;
        let end = (5 + len).min(payload.len());
        let mut entry = decode(&payload[5..end]);
        entry.member.kept = kept;
        members.push(entry);
        payload = &payload[end..];
    }
    Decided { members, because }
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
        let entries: Vec<Entry> = [(40, 9), (80, 7), (80, 8)]
            .iter()
            .enumerate()
            .map(|(i, &(p, t))| decode(&encode(i as u64, 0, (1, 0, 1), &key(p, t))))
            .collect();
        assert_eq!(choose(&entries, Keep::Best), (2, KeptBecause::MostTags));
        assert_eq!(
            choose(&entries[..2], Keep::Best),
            (1, KeptBecause::LongestMainLine)
        );
        assert_eq!(
            choose(&entries, Keep::First),
            (0, KeptBecause::FirstInInput)
        );
    }
}
