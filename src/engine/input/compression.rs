//! Compressed inputs, recognised by their first bytes (magic numbers), not by their names, and
//! decompressed while they are read.

use std::io::{self, Read};

/// A compression format, recognised by its magic number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain bytes.
    None,
    /// Zstandard (`28 B5 2F FD`), as in the lichess database dumps.
    Zstd,
    /// gzip (`1F 8B`).
    Gzip,
    /// bzip2 (`BZh`).
    Bzip2,
}

impl Compression {
    /// The format whose magic number starts `head`.
    pub fn of(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1F, 0x8B]) {
            Compression::Gzip
        } else if head.starts_with(b"BZh") {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }
}

/// Compressed and archive formats arbiter does not decode, by magic number, with the command
/// that turns each into PGN on standard input. An input that starts with one of them is refused
/// as a whole (one clear error, the run goes on with the next input) instead of being read as
/// PGN, which would give one syntax error per line of binary.
const UNSUPPORTED: &[(&[u8], &str, &str)] = &[
    (&[0xFD, b'7', b'z', b'X', b'Z', 0x00], "xz", "xz -dc FILE"),
    (&[0x5D, 0x00, 0x00], "lzma", "xz -dc FILE"),
    (b"LZIP", "lzip", "lzip -dc FILE"),
    (&[0x04, 0x22, 0x4D, 0x18], "lz4", "lz4 -dc FILE"),
    (&[0x1F, 0x9D], "compress (.Z)", "gzip -dc FILE"),
    (
        &[b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C],
        "7-Zip archive",
        "7z e -so FILE",
    ),
    (b"Rar!\x1A\x07", "RAR archive", "unrar p -inul FILE"),
];

/// The number of leading bytes that [`Compression::of`] and [`refuse_unsupported`] look at.
pub(super) const HEAD_LEN: usize = 8;

/// Refuses an input whose first bytes are those of a compressed or archive format that arbiter
/// does not decode (xz, lzma, lzip, lz4, compress, 7-Zip, RAR).
///
/// # Errors
/// `InvalidData`, naming the format and the command that decompresses it to a pipe.
pub(super) fn refuse_unsupported(head: &[u8]) -> io::Result<()> {
    match UNSUPPORTED
        .iter()
        .find(|(magic, _, _)| head.starts_with(magic))
    {
        Some((_, format, command)) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{format} data, which arbiter does not decompress (it reads zstd, gzip, bzip2 \
                 and zip): decompress it first, e.g. {command} | arbiter ... -"
            ),
        )),
        None => Ok(()),
    }
}

/// Reads up to `head.len()` bytes (fewer only at the end of the input).
pub(super) fn read_head(reader: &mut dyn Read, head: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < head.len() {
        match reader.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Looks at the first bytes of a stream and gives them back in front of it.
pub(super) fn sniff(
    mut reader: Box<dyn Read + Send>,
) -> io::Result<(Vec<u8>, Box<dyn Read + Send>)> {
    let mut head = [0u8; HEAD_LEN];
    let n = read_head(&mut reader, &mut head)?;
    let head = head[..n].to_vec();
    Ok((head.clone(), Box::new(io::Cursor::new(head).chain(reader))))
}

/// The largest zstd window read, as a power of two: 2^23 = 8 MiB, the window of every
/// compression level up to 19 (the highest without `--ultra`). A frame that needs more (`zstd
/// --long`, `--ultra -20` to `-22`) would make the decoder hold up to 128 MiB or more; it is an
/// error of that input instead (see [`zstd_decoder`]), so that memory stays bounded.
pub const ZSTD_WINDOW_LOG_MAX: u32 = 23;

/// A zstd decoder of `reader` whose window is capped at 2^[`ZSTD_WINDOW_LOG_MAX`] bytes.
///
/// # Errors
/// Returns the error of creating the decoder; reading a frame with a larger window fails with
/// a message saying how to read it anyway (decompress it with the `zstd` tool first).
pub fn zstd_decoder(reader: impl Read + Send + 'static) -> io::Result<Box<dyn Read + Send>> {
    let mut decoder = zstd::stream::read::Decoder::new(reader)?;
    decoder.window_log_max(ZSTD_WINDOW_LOG_MAX)?;
    Ok(Box::new(Decoded::new(decoder, "zstd")))
}

/// A decoder whose errors say what they mean for the games: a stream that ends early (a file
/// cut short in a download) or is damaged stops the input there, the bytes decoded before the
/// damage are handed out first and the error at the next read (the game it cut is reported:
/// `syntax/game-cut`); a zstd window too large says what to do.
struct Decoded<R> {
    inner: R,
    /// The format's name, as its tool is called (`zstd`, `gzip`, `bzip2`).
    format: &'static str,
    /// The error met after bytes were decoded in the same read: returned by the next one.
    pending: Option<io::Error>,
}

/// The most bytes one call asks a decoder for: a decoder that meets damage returns the error
/// and not the bytes it decoded before it in the same call, so asking for little at a time
/// keeps the blocks decoded before the damage (zstd's blocks are at most 128 KiB); a read fills
/// its buffer with such calls.
const DECODED_READ: usize = 64 << 10;

impl<R: Read> Decoded<R> {
    fn new(inner: R, format: &'static str) -> Decoded<R> {
        Decoded {
            inner,
            format,
            pending: None,
        }
    }

    /// The error `e` of the decoder, said for the user.
    fn explain(&self, e: io::Error) -> io::Error {
        if e.kind() == io::ErrorKind::Interrupted {
            e
        } else if !e.to_string().contains("too much memory") {
            // A checksum is checked at the end of what it covers, after its bytes were handed
            // out: they may be damaged too.
            let read = match e.to_string().to_lowercase().contains("checksum") {
                true => "read up to there, and the games read from it may be damaged too",
                false => "read up to there",
            };
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the {} stream ends early or is damaged ({e}): {read}; a game it cut is \
                     reported as syntax/game-cut (`{} -t FILE` tests the file)",
                    self.format, self.format
                ),
            )
        } else {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "zstd frame with a window over {} MiB (compressed with --long or --ultra): \
                     arbiter reads windows up to {} MiB to keep its memory bounded; decompress \
                     it first (zstd -dc --long=31 FILE | arbiter ... -)",
                    1u32 << (ZSTD_WINDOW_LOG_MAX - 20),
                    1u32 << (ZSTD_WINDOW_LOG_MAX - 20)
                ),
            )
        }
    }
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(e) = self.pending.take() {
            return Err(e);
        }
        let mut total = 0;
        while total < buf.len() {
            let n = (buf.len() - total).min(DECODED_READ);
            match self.inner.read(&mut buf[total..total + n]) {
                Ok(k) => {
                    total += k;
                    // Short: the end, or no more decoded without waiting for input (a live
                    // stream): hand out what there is.
                    if k < n {
                        break;
                    }
                }
                Err(e) if total > 0 => {
                    if e.kind() != io::ErrorKind::Interrupted {
                        self.pending = Some(self.explain(e));
                    }
                    break;
                }
                Err(e) => return Err(self.explain(e)),
            }
        }
        Ok(total)
    }
}

/// Wraps `reader` in the decoder of `compression`.
pub(super) fn decompress(
    compression: Compression,
    reader: Box<dyn Read + Send>,
) -> io::Result<Box<dyn Read + Send>> {
    Ok(match compression {
        Compression::None => reader,
        Compression::Zstd => zstd_decoder(reader)?,
        Compression::Gzip => Box::new(Decoded::new(
            flate2::read::MultiGzDecoder::new(reader),
            "gzip",
        )),
        Compression::Bzip2 => Box::new(Decoded::new(
            bzip2::read::MultiBzDecoder::new(reader),
            "bzip2",
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A decoder that gives `good` bytes in calls of at most `block`, then fails.
    struct Damaged {
        good: usize,
        block: usize,
    }

    impl Read for Damaged {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.good {
                0 => Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "incomplete frame",
                )),
                _ => {
                    let n = buf.len().min(self.block).min(self.good);
                    buf[..n].fill(b'x');
                    self.good -= n;
                    Ok(n)
                }
            }
        }
    }

    #[test]
    fn a_damaged_stream_hands_out_its_decoded_bytes_then_the_error() {
        let mut d = Decoded::new(
            Damaged {
                good: 3 * DECODED_READ + 10,
                block: DECODED_READ,
            },
            "zstd",
        );
        let mut buf = vec![0u8; 1 << 20];
        let mut got = 0;
        let error = loop {
            match d.read(&mut buf) {
                Ok(0) => panic!("an end instead of the error"),
                Ok(n) => got += n,
                Err(e) => break e,
            }
        };
        assert_eq!(got, 3 * DECODED_READ + 10);
        let message = error.to_string();
        assert!(message.starts_with("the zstd stream ends early or is damaged (incomplete frame)"));
        assert!(message.contains("syntax/game-cut"), "{message}");
    }

    #[test]
    fn unsupported_formats_are_named_with_their_command() {
        let cases: [(&[u8], &str); 7] = [
            (&[0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04], "xz"),
            (&[0x5D, 0x00, 0x00, 0x80, 0x00], "lzma"),
            (b"LZIP\x01", "lzip"),
            (&[0x04, 0x22, 0x4D, 0x18, 0x64], "lz4"),
            (&[0x1F, 0x9D, 0x90], "compress"),
            (&[0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0x00, 0x04], "7-Zip"),
            (b"Rar!\x1A\x07\x01\x00", "RAR"),
        ];
        for (head, format) in cases {
            let message = refuse_unsupported(head).unwrap_err().to_string();
            assert!(message.starts_with(format), "{message}");
            assert!(message.contains(" -"), "{message}");
        }
    }

    #[test]
    fn pgn_and_supported_formats_are_not_refused() {
        for head in [
            &b"[Event \"x\"]"[..],
            b"1. e4 e5",
            b"\xEF\xBB\xBF[Event",
            b"]",
            b"",
            &[0x1F, 0x8B, 0x08, 0x00],
            &[0x28, 0xB5, 0x2F, 0xFD],
            b"BZh91AY",
        ] {
            assert!(refuse_unsupported(head).is_ok(), "{head:?}");
        }
    }
}
