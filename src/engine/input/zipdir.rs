//! The central directory of a zip archive, read entry by entry.
//!
//! The `zip` crate finds the directory (the end record, zip64, data prepended to the archive)
//! and checks it, but it keeps the members in a map by name, so that of two members with the
//! same name only the last can be read. An archive may well hold both (`zip` appends a second
//! `a.pgn` rather than replacing the first), and arbiter reads every member: this module walks
//! the directory's entries in archive order itself, duplicates included.

use std::io::{self, BufRead, Read, Seek, SeekFrom};

/// One entry of the central directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// The name (UTF-8, or CP437 read as Latin-1 when the archive does not say UTF-8 and the
    /// bytes are not UTF-8).
    pub name: String,
    /// General purpose flags (bit 0: encrypted).
    pub flags: u16,
    /// Compression method (0 stored, 8 deflate, 12 bzip2, 93 zstd...).
    pub method: u16,
    /// CRC-32 of the uncompressed bytes.
    pub crc: u32,
    /// Size of the stored (compressed) bytes.
    pub packed: u64,
    /// Size of the uncompressed bytes.
    pub size: u64,
    /// Offset of the entry's local header in the file (data prepended to the archive
    /// included).
    pub local_header: u64,
}

impl Entry {
    /// True for an encrypted member.
    pub fn encrypted(&self) -> bool {
        self.flags & 1 != 0
    }
}

/// The signature of a central directory entry.
const CENTRAL: u32 = 0x0201_4b50;
/// The signature of a local file header.
const LOCAL: u32 = 0x0403_4b50;

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut x = [0u8; 8];
    x.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(x)
}

fn damaged(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("zip: {what}"))
}

/// Reads the entries of the central directory that starts at `start` (an absolute offset), in
/// archive order; `archive_offset` is the size of data prepended to the archive (local header
/// offsets are relative to the archive's start).
///
/// # Errors
/// Returns read errors, and `InvalidData` for an entry cut short.
pub(super) fn entries(
    reader: &mut (impl Read + Seek),
    start: u64,
    archive_offset: u64,
) -> io::Result<Vec<Entry>> {
    reader.seek(SeekFrom::Start(start))?;
    let mut reader = io::BufReader::with_capacity(1 << 16, reader);
    let mut entries = Vec::new();
    let mut fixed = [0u8; 46];
    loop {
        // The directory ends where its entries do (the zip64 or end record follows).
        let available = reader.fill_buf()?;
        if available.len() < 4 || u32_at(available, 0) != CENTRAL {
            break;
        }
        reader
            .read_exact(&mut fixed)
            .map_err(|_| damaged("central directory entry cut short"))?;
        let (name_len, extra_len, comment_len) = (
            usize::from(u16_at(&fixed, 28)),
            usize::from(u16_at(&fixed, 30)),
            usize::from(u16_at(&fixed, 32)),
        );
        let mut rest = vec![0u8; name_len + extra_len + comment_len];
        reader
            .read_exact(&mut rest)
            .map_err(|_| damaged("central directory entry cut short"))?;
        let flags = u16_at(&fixed, 8);
        let mut entry = Entry {
            name: name_text(&rest[..name_len]),
            flags,
            method: u16_at(&fixed, 10),
            crc: u32_at(&fixed, 16),
            packed: u64::from(u32_at(&fixed, 20)),
            size: u64::from(u32_at(&fixed, 24)),
            local_header: u64::from(u32_at(&fixed, 42)),
        };
        zip64(&mut entry, &rest[name_len..name_len + extra_len]);
        entry.local_header = entry
            .local_header
            .checked_add(archive_offset)
            .ok_or_else(|| damaged("bad local header offset"))?;
        entries.push(entry);
    }
    Ok(entries)
}

/// Reads the zip64 extended information extra field (id 1): the 64-bit values of the fields
/// whose 32-bit value is `0xFFFFFFFF`, in the order uncompressed size, compressed size, local
/// header offset.
fn zip64(entry: &mut Entry, mut extra: &[u8]) {
    while extra.len() >= 4 {
        let (id, len) = (u16_at(extra, 0), usize::from(u16_at(extra, 2)));
        let Some(data) = extra.get(4..4 + len) else {
            return;
        };
        if id == 1 {
            let mut at = 0;
            for field in [&mut entry.size, &mut entry.packed, &mut entry.local_header] {
                if *field == 0xFFFF_FFFF && at + 8 <= data.len() {
                    *field = u64_at(data, at);
                    at += 8;
                }
            }
            return;
        }
        extra = &extra[4 + len..];
    }
}

/// A member's name: UTF-8 when the bytes are UTF-8 (flag bit 11 or not), else Latin-1, as
/// arbiter reads other text that is not UTF-8 (the names that matter, `*.pgn`, are ASCII).
fn name_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Where the data of the entry whose local header is at `offset` starts (after the header's
/// name and extra field, whose lengths may differ from the directory's).
///
/// # Errors
/// Returns read errors, and `InvalidData` when no local header stands there.
pub(super) fn data_start(reader: &mut (impl Read + Seek), offset: u64) -> io::Result<u64> {
    reader.seek(SeekFrom::Start(offset))?;
    let mut header = [0u8; 30];
    reader
        .read_exact(&mut header)
        .map_err(|_| damaged("local header cut short"))?;
    if u32_at(&header, 0) != LOCAL {
        return Err(damaged("no local header where the directory says"));
    }
    let skip = 30 + u64::from(u16_at(&header, 26)) + u64::from(u16_at(&header, 28));
    Ok(offset + skip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zip64_fields_replace_the_saturated_ones() {
        let mut e = Entry {
            name: "a.pgn".into(),
            flags: 0,
            method: 0,
            crc: 0,
            packed: 0xFFFF_FFFF,
            size: 0xFFFF_FFFF,
            local_header: 7,
        };
        let mut extra = vec![9, 0, 2, 0, 0, 0];
        extra.extend([1, 0, 16, 0]);
        extra.extend(5_000_000_000u64.to_le_bytes());
        extra.extend(4_000_000_000u64.to_le_bytes());
        zip64(&mut e, &extra);
        assert_eq!(
            (e.size, e.packed, e.local_header),
            (5_000_000_000, 4_000_000_000, 7)
        );
    }
}
