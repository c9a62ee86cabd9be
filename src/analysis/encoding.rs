//! Text that is not UTF-8 (issue 14, issue 33: one decoder): older databases are in
//! Windows-1252 (the Latin-1 of Windows, which WHATWG and every browser read for "latin1"),
//! some DOS ones in code page 437 (`Andr\x82` is `André` there). Which of the two bytes are in
//! is guessed from the bytes ([`detect`]); every reader of text decodes through here
//! ([`decode_legacy`]), so `check`'s messages, the tables and `fix` read the same characters.
//!
//! This module must not import `engine`, `report` or `commands`.

/// An encoding of text that is not UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Windows-1252 (a superset of the printable Latin-1, ISO 8859-1).
    Windows1252,
    /// IBM PC / MS-DOS code page 437.
    Cp437,
}

impl Encoding {
    /// The name written in the log.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Windows1252 => "windows-1252",
            Encoding::Cp437 => "cp437",
        }
    }
}

/// Guesses the encoding of bytes that are not UTF-8. The letters of code page 437 (`é` 0x82,
/// `ü` 0x81, `ö` 0x94, `ñ` 0xA4) are at 0x80-0xA5, where Windows-1252 has punctuation (and
/// five holes); its letters are at 0xC0-0xFF, where code page 437 draws boxes. So: code page
/// 437 when every byte above 0x7F is one of its letters and one at least is not a letter of
/// Windows-1252 (`Š`, `Œ`, `Ž`, `š`, `œ`, `ž`, `Ÿ`); else Windows-1252.
pub fn detect(bytes: &[u8]) -> Encoding {
    let mut cp437_only = false;
    for &b in bytes.iter().filter(|b| **b >= 0x80) {
        match b {
            0x8A | 0x8C | 0x8E | 0x9A | 0x9C | 0x9E | 0x9F => {}
            0x80..=0xA5 => cp437_only = true,
            _ => return Encoding::Windows1252,
        }
    }
    if cp437_only {
        Encoding::Cp437
    } else {
        Encoding::Windows1252
    }
}

/// Code page 437 above 0x7F (the IBM PC character set).
const CP437_HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐\
└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}";

/// Decodes code page 437 text (bytes below 0x80 are ASCII).
pub fn decode_cp437(bytes: &[u8]) -> String {
    let high: Vec<char> = CP437_HIGH.chars().collect();
    bytes
        .iter()
        .map(|&b| match b {
            0..=0x7F => char::from(b),
            _ => high[usize::from(b - 0x80)],
        })
        .collect()
}

/// `bytes` converted to UTF-8 from `encoding` (UTF-8 sequences already there are read as
/// `encoding` too: a game is in one encoding).
pub fn transcode(bytes: &[u8], encoding: Encoding) -> String {
    match encoding {
        Encoding::Windows1252 => encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
        Encoding::Cp437 => decode_cp437(bytes),
    }
}

/// Bytes that are not UTF-8, decoded in the encoding [`detect`] guesses for them.
pub fn decode_legacy(bytes: &[u8]) -> String {
    transcode(bytes, detect(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_text_is_read_as_fix_converts_it() {
        // Code page 437: `é` is 0x82 (Windows-1252's low quotation mark).
        assert_eq!(decode_legacy(b"Andr\x82"), "André");
        // Windows-1252: `é` 0xE9, `€` 0x80 (Latin-1's control characters are not read).
        assert_eq!(decode_legacy(b"Andr\xE9 \x80"), "André €");
        assert_eq!(detect(b"Ka\x8Aparov"), Encoding::Windows1252);
    }

    #[test]
    fn code_page_437_and_windows_1252_are_told_apart() {
        assert_eq!(CP437_HIGH.chars().count(), 128);
        assert_eq!(detect(b"Andr\x82"), Encoding::Cp437);
        assert_eq!(transcode(b"Andr\x82", Encoding::Cp437), "André");
        assert_eq!(detect(b"Andr\xe9"), Encoding::Windows1252);
        assert_eq!(transcode(b"Andr\xe9", Encoding::Windows1252), "André");
        assert_eq!(transcode(b"G\x94rg", Encoding::Cp437), "Görg");
        assert_eq!(detect(b"\x8aa\x9aek"), Encoding::Windows1252);
        assert_eq!(
            transcode(b"\x8aa\x9aek", Encoding::Windows1252),
            "ŠaŠek".replace("aŠ", "aš")
        );
    }
}
