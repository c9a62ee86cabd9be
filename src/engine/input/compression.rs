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

/// Wraps `reader` in the decoder of `compression`.
pub(super) fn decompress(
    compression: Compression,
    reader: Box<dyn Read + Send>,
) -> io::Result<Box<dyn Read + Send>> {
    Ok(match compression {
        Compression::None => reader,
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(reader)?),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
    })
}
