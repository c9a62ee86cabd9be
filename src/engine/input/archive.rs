//! Zip archives: the PGN members of an archive, each read as a stream from its own handle on the
//! archive file, checked against the CRC-32 of the archive's directory. Every member is read,
//! in archive order, also when several have the same name ([`Archive::duplicates`] names them
//! for a warning).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::compression::{Compression, decompress, sniff};
use super::zipdir::{self, Entry};
use super::{Input, PathFilter, refuse_unreadable};

/// Magic numbers of a zip archive: a local file header, or the end record of an empty archive.
pub(super) fn is_zip(head: &[u8]) -> bool {
    head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06")
}

/// A zip archive whose members are read one after the other, in archive order, members of the
/// same name included (the central directory is read entry by entry).
pub struct Archive {
    path: std::path::PathBuf,
    /// The members to read, in archive order.
    members: Vec<Entry>,
    /// Names held by more than one member to read, with their count.
    duplicates: Vec<(String, usize)>,
    next: usize,
}

impl std::fmt::Debug for Archive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive")
            .field("path", &self.path)
            .field("members", &self.members.len())
            .finish()
    }
}

impl Archive {
    pub(super) fn open(path: &Path, mut file: File, filter: &PathFilter) -> io::Result<Archive> {
        // The zip crate finds and checks the directory; its entries are read here, in order.
        let (start, offset) = {
            let zip = zip::ZipArchive::new(&mut file).map_err(zip_error)?;
            (zip.central_directory_start(), zip.offset())
        };
        let members: Vec<Entry> = zipdir::entries(&mut file, start, offset)?
            .into_iter()
            .filter(|e| !e.name.ends_with('/') && filter.takes_member(Path::new(&e.name)))
            .collect();
        if members.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "zip archive without PGN files (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2; see --glob)",
            ));
        }
        let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
        for m in &members {
            *counts.entry(&m.name).or_default() += 1;
        }
        let duplicates = counts
            .into_iter()
            .filter(|(_, n)| *n > 1)
            .map(|(name, n)| (name.to_owned(), n))
            .collect();
        Ok(Archive {
            path: path.to_owned(),
            members,
            duplicates,
            next: 0,
        })
    }

    /// The member names held by more than one member that is read, with how many hold each
    /// (every one of them is read, in archive order).
    pub fn duplicates(&self) -> &[(String, usize)] {
        &self.duplicates
    }

    /// The archive's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(super) fn next_member(&mut self) -> Result<Option<Input>, (String, io::Error)> {
        let Some(entry) = self.members.get(self.next) else {
            return Ok(None);
        };
        let display = format!("{}:{}", self.path.display(), entry.name);
        self.next += 1;
        let entry = entry.clone();
        self.open_member(&entry, &display)
            .map(Some)
            .map_err(|e| (display, e))
    }

    /// Opens one member as a stream: its bytes are read from its own handle on the archive
    /// (stored or deflated, the methods of the zip format itself; also bzip2 and zstd),
    /// checked against the CRC-32 of the directory, and decompressed again when the member is
    /// itself a compressed PGN file.
    fn open_member(&self, entry: &Entry, display: &str) -> io::Result<Input> {
        if entry.encrypted() {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "encrypted zip member",
            ));
        }
        let mut file = File::open(&self.path)?;
        let start = zipdir::data_start(&mut file, entry.local_header)?;
        io::Seek::seek(&mut file, io::SeekFrom::Start(start))?;
        let raw = io::BufReader::with_capacity(1 << 16, file).take(entry.packed);
        let unpacked: Box<dyn Read + Send> = match entry.method {
            0 => Box::new(raw),
            8 => Box::new(flate2::read::DeflateDecoder::new(raw)),
            12 => Box::new(bzip2::read::BzDecoder::new(raw)),
            93 => super::compression::zstd_decoder(raw)?,
            method => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    format!("zip compression method {method} is not supported"),
                ));
            }
        };
        let checked = Box::new(CrcReader {
            inner: unpacked,
            crc: flate2::Crc::new(),
            expected_crc: entry.crc,
            expected_size: entry.size,
        });
        let (head, reader) = sniff(checked)?;
        refuse_unreadable(&head)?;
        Ok(Input::Stream {
            name: display.to_owned(),
            reader: decompress(Compression::of(&head), reader)?,
            len: None,
            live: None,
        })
    }
}

fn zip_error(e: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("zip: {e}"))
}

/// Checks a zip member's size and CRC-32 at its end.
struct CrcReader {
    inner: Box<dyn Read + Send>,
    crc: flate2::Crc,
    expected_crc: u32,
    expected_size: u64,
}

impl Read for CrcReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        if n == 0 && !buf.is_empty() {
            let size = u64::from(self.crc.amount());
            // `amount` counts modulo 2^32 (as the zip format does without zip64).
            if (size != self.expected_size & 0xFFFF_FFFF) || self.crc.sum() != self.expected_crc {
                return Err(zip_error(
                    "member damaged (size or CRC-32 does not match the archive's directory)",
                ));
            }
        }
        Ok(n)
    }
}
