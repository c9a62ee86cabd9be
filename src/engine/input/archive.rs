//! Zip archives: the PGN members of an archive, each read as a stream from its own handle on the
//! archive file, checked against the CRC-32 of the archive's directory.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::compression::{Compression, decompress, sniff};
use super::{Input, PathFilter, refuse_utf16};

/// Magic numbers of a zip archive: a local file header, or the end record of an empty archive.
pub(super) fn is_zip(head: &[u8]) -> bool {
    head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06")
}

/// A zip archive whose members are read one after the other.
pub struct Archive {
    path: std::path::PathBuf,
    zip: zip::ZipArchive<File>,
    /// Indices and names of the members to read, in archive order.
    members: Vec<(usize, String)>,
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
    pub(super) fn open(path: &Path, file: File, filter: &PathFilter) -> io::Result<Archive> {
        let zip = zip::ZipArchive::new(file).map_err(zip_error)?;
        let mut members = Vec::new();
        for i in 0..zip.len() {
            let Some(Ok(name)) = zip.name_for_index(i) else {
                continue;
            };
            if !name.ends_with('/') && filter.takes_member(Path::new(name.as_ref())) {
                members.push((i, name.into_owned()));
            }
        }
        if members.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "zip archive without PGN files (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2; see --glob)",
            ));
        }
        Ok(Archive {
            path: path.to_owned(),
            zip,
            members,
            next: 0,
        })
    }

    pub(super) fn next_member(&mut self) -> Result<Option<Input>, (String, io::Error)> {
        let Some((index, name)) = self.members.get(self.next) else {
            return Ok(None);
        };
        let index = *index;
        let display = format!("{}:{name}", self.path.display());
        self.next += 1;
        self.open_member(index, &display)
            .map(Some)
            .map_err(|e| (display, e))
    }

    /// Opens one member as a stream: its bytes are read from its own handle on the archive
    /// (stored or deflated, the methods of the zip format itself; also bzip2 and zstd),
    /// checked against the CRC-32 of the directory, and decompressed again when the member is
    /// itself a compressed PGN file.
    fn open_member(&mut self, index: usize, display: &str) -> io::Result<Input> {
        let entry = self.zip.by_index_raw(index).map_err(zip_error)?;
        if entry.encrypted() {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "encrypted zip member",
            ));
        }
        let method = entry.compression();
        let start = entry
            .data_start()
            .ok_or_else(|| zip_error("no data offset"))?;
        let (packed, size, crc) = (entry.compressed_size(), entry.size(), entry.crc32());
        drop(entry);
        let mut file = File::open(&self.path)?;
        io::Seek::seek(&mut file, io::SeekFrom::Start(start))?;
        let raw = io::BufReader::with_capacity(1 << 16, file).take(packed);
        use zip::CompressionMethod as M;
        let unpacked: Box<dyn Read + Send> = if method == M::Stored {
            Box::new(raw)
        } else if method == M::DEFLATE {
            Box::new(flate2::read::DeflateDecoder::new(raw))
        } else if method == M::BZIP2 {
            Box::new(bzip2::read::BzDecoder::new(raw))
        } else if method == M::ZSTD {
            Box::new(zstd::stream::read::Decoder::new(raw)?)
        } else {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!("zip compression method {method} is not supported"),
            ));
        };
        let checked = Box::new(CrcReader {
            inner: unpacked,
            crc: flate2::Crc::new(),
            expected_crc: crc,
            expected_size: size,
        });
        let (head, reader) = sniff(checked)?;
        refuse_utf16(&head)?;
        Ok(Input::Stream {
            name: display.to_owned(),
            reader: decompress(Compression::of(&head), reader)?,
            len: None,
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
