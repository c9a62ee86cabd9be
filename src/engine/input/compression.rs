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
    let mut head = [0u8; 4];
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
    Ok(Box::new(WindowLimited(decoder)))
}

/// A zstd decoder whose "window too large" error says what to do.
struct WindowLimited<R>(R);

impl<R: Read> Read for WindowLimited<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf).map_err(|e| {
            if e.to_string().contains("too much memory") {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "zstd frame with a window over {} MiB (compressed with --long or \
                         --ultra): arbiter reads windows up to {} MiB to keep its memory \
                         bounded; decompress it first (zstd -dc --long=31 FILE | arbiter ... -)",
                        1u32 << (ZSTD_WINDOW_LOG_MAX - 20),
                        1u32 << (ZSTD_WINDOW_LOG_MAX - 20)
                    ),
                )
            } else {
                e
            }
        })
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
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
    })
}
