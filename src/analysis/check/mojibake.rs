//! Text encoded as UTF-8 twice (issue 31): UTF-8 bytes read as Windows-1252 (or Latin-1) and
//! encoded as UTF-8 again, the commonest mojibake of chess databases (`ZÃ¼rich` for `Zürich`,
//! `GÃ¶ran` for `Göran`, `ÐšÐ°Ñ€Ð¿Ð¾Ð²` for `Карпов`). `check` reports it
//! (`encoding/double-utf8`), `fix` decodes it.
//!
//! Text that is correct must never be taken for it, so a text counts as encoded twice only when
//! all of this holds:
//! - every maximal run of non-ASCII characters in it maps back to bytes (each character one of
//!   Windows-1252, or a Latin-1 control character as Latin-1 decoding leaves them), and those
//!   bytes are UTF-8 (a run of one character never is: a byte above 0x7F alone is no UTF-8);
//! - every character they decode to is plausible in text: a letter, mark or symbol of a block
//!   that names and annotations use (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic, the
//!   scripts of India, Thai, Georgian, CJK, kana, Hangul, punctuation, currency, arrows,
//!   mathematical operators, chess figurines, emoji) — not a control character, not IPA or
//!   spacing modifiers, not a script names do not use (Syriac, NKo...);
//! - a decoded letter of a script other than Latin does not touch an ASCII letter (`MÜLLER’S`
//!   would be `MÜɒS`... were it not excluded already; `LEÓ”` would be `LEӔ`).
//!
//! Text that was encoded twice meets all three by construction; correct text fails the first
//! at its first accented letter that is not followed by a symbol (`Zürich`: `ü` alone is no
//! UTF-8), so real Latin-1, Windows-1252 or UTF-8 names are left alone.

/// The bytes 0x80-0x9F of Windows-1252 (WHATWG, as `encoding_rs` decodes them): the characters
/// a byte decodes to, U+0080-U+009F itself where Windows-1252 has none (0x81, 0x8D, 0x8F, 0x90,
/// 0x9D, decoded as the Latin-1 control characters).
const WINDOWS_1252_80: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
];

/// The byte that Windows-1252 (or Latin-1) decodes to `c`, if any.
fn byte_of(c: char) -> Option<u8> {
    match c as u32 {
        0x80..=0xFF => Some(c as u32 as u8),
        _ => WINDOWS_1252_80
            .iter()
            .position(|&w| w == c)
            .map(|i| 0x80 + i as u8),
    }
}

/// What a decoded character is, for the plausibility rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A letter or mark of the Latin script (accented letters, combining diacritics).
    Latin,
    /// A letter of another script.
    Other,
    /// Punctuation, a symbol, a space.
    Symbol,
}

/// The kind of a character decoded from a run, or `None` when no name or annotation would hold
/// it (control characters, IPA, spacing modifiers, scripts names do not use, private use).
fn plausible(c: char) -> Option<Kind> {
    match c as u32 {
        0x00A0..=0x00BF | 0x00D7 | 0x00F7 => Some(Kind::Symbol),
        0x00C0..=0x024F | 0x0300..=0x036F | 0x1E00..=0x1EFF => Some(Kind::Latin),
        0x0370..=0x03FF
        | 0x0400..=0x052F
        | 0x0530..=0x058F
        | 0x0590..=0x05FF
        | 0x0600..=0x06FF
        | 0x0900..=0x0DFF
        | 0x0E00..=0x0E7F
        | 0x10A0..=0x10FF
        | 0x1100..=0x11FF
        | 0x1F00..=0x1FFF
        | 0x3040..=0x30FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7AF => Some(Kind::Other),
        0x2000..=0x206F
        | 0x20A0..=0x20CF
        | 0x2100..=0x21FF
        | 0x2200..=0x22FF
        | 0x2500..=0x27BF
        | 0x3000..=0x303F
        | 0xFE00..=0xFE0F
        | 0xFF00..=0xFFEF
        | 0x1F300..=0x1FAFF => Some(Kind::Symbol),
        _ => None,
    }
    .filter(|_| !c.is_control() && !format_character(c))
}

/// A format character that changes how text shows without showing itself (the soft hyphen, the
/// zero-width space, direction marks and bidirectional controls, invisible operators): never
/// taken for decoded text. The zero-width (non-)joiners of emoji sequences and of Persian and
/// Indic text are letters' companions, and kept.
fn format_character(c: char) -> bool {
    matches!(c as u32, 0x00AD | 0x200B | 0x200E | 0x200F | 0x2028..=0x202E | 0x2060..=0x206F)
}

/// `text` decoded once more when it is UTF-8 encoded twice (see the module documentation), else
/// `None`. `layer`: the decoded text is a layer to decode again (text encoded three times or
/// more), and may hold any character of Windows-1252 (`˜`, `ˆ`) or of Latin-1 (the control
/// characters U+0080-U+009F, what text encoded twice holds for the bytes Windows-1252 leaves
/// unassigned, 0x81, 0x8D, 0x8F, 0x90, 0x9D: `А` is `Ð\u{90}`); the plausibility rules are
/// those of the last layer.
fn decode_once(text: &str, layer: bool) -> Option<String> {
    // Every character encoded twice starts with U+00C2-U+00F4 (its lead byte read as a
    // character), whose UTF-8 starts with 0xC3: most text is rejected here.
    if !text.as_bytes().contains(&0xC3) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut run = Vec::new();
    while let Some(at) = rest.find(|c: char| !c.is_ascii()) {
        let (ascii, tail) = rest.split_at(at);
        out.push_str(ascii);
        let end = tail.find(|c: char| c.is_ascii()).unwrap_or(tail.len());
        let (chars, after) = tail.split_at(end);
        run.clear();
        for c in chars.chars() {
            run.push(byte_of(c)?);
        }
        let decoded = std::str::from_utf8(&run).ok()?;
        let before = out.chars().next_back();
        let next = after.chars().next();
        let touches_letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
        for c in decoded.chars() {
            if layer && byte_of(c).is_some() {
                continue;
            }
            match plausible(c)? {
                Kind::Other if touches_letter(before) || touches_letter(next) => return None,
                _ => {}
            }
        }
        out.push_str(decoded);
        rest = after;
    }
    out.push_str(rest);
    Some(out)
}

/// `text` decoded until it is no longer UTF-8 encoded twice (text encoded three times is
/// decoded twice), or `None` when it is not encoded twice.
pub fn decode_double_utf8(text: &str) -> Option<String> {
    // Each round makes the text shorter: the recursion ends.
    match decode_once(text, false) {
        Some(once) => Some(decode_double_utf8(&once).unwrap_or(once)),
        // A layer whose text holds control characters counts only when the layers under it
        // decode to plausible text.
        None => decode_double_utf8(&decode_once(text, true)?),
    }
}

/// Whether `bytes` may hold text encoded twice (a byte test, before any decoding): UTF-8 text
/// with a 0xC3 followed by 0x82-0xB4 (the lead byte of a UTF-8 sequence read as a character).
pub fn may_be_double_utf8(bytes: &[u8]) -> bool {
    // memchr's vector search: most games have no 0xC3 at all, and are passed at a glance.
    memchr::memchr_iter(0xC3, bytes)
        .any(|i| bytes.get(i + 1).is_some_and(|b| (0x82..=0xB4).contains(b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` as a program that read its UTF-8 as Windows-1252 would write it (encoding_rs, an
    /// independent decoder).
    fn encoded_twice(text: &str) -> String {
        encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(text.as_bytes())
            .0
            .into_owned()
    }

    #[test]
    fn the_table_is_windows_1252() {
        for (i, c) in WINDOWS_1252_80.iter().enumerate() {
            let byte = [0x80 + i as u8];
            let decoded = encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(&byte)
                .0;
            assert_eq!(decoded.chars().collect::<Vec<_>>(), [*c], "{byte:?}");
        }
        for b in 0x80..=0xFFu8 {
            let byte = [b];
            let decoded = encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(&byte)
                .0;
            let c = decoded.chars().next().unwrap();
            assert_eq!(byte_of(c), Some(b), "{c:?}");
        }
    }

    /// Real names in several scripts: correct, each is left alone; encoded twice (and three
    /// times), each is found and decoded back.
    #[test]
    fn names_in_many_scripts_round_trip() {
        let names = [
            "Zürich",
            "Göran Andersson",
            "Kasparov, Garri Kimovich",
            "Réti Opening",
            "São Paulo",
            "Mamedyarov, Shakhriyar",
            "Carlsen, Magnus",
            "Nepomniachtchi, Ian",
            "Карпов, Анатолий",
            "Κασπαρωφ",
            "Ding Liren 丁立人",
            "藤井聡太",
            "이창호",
            "גלפנד, בוריס",
            "محمد",
            "Ştefănescu, Ţiţeica",
            "Łódź, Świątek",
            "Vũ Thành Tuấn",
            "Ærøskøbing – «Nørre»",
            "Ivanchuk ♔♘ □ △",
            "Dvořák, Šťastný",
            "İstanbul, Gürel",
        ];
        for name in names {
            assert_eq!(decode_double_utf8(name), None, "{name}");
            let twice = encoded_twice(name);
            if twice == name {
                continue;
            }
            assert!(may_be_double_utf8(twice.as_bytes()), "{name}: {twice}");
            assert_eq!(decode_double_utf8(&twice).as_deref(), Some(name), "{twice}");
            let thrice = encoded_twice(&twice);
            assert_eq!(
                decode_double_utf8(&thrice).as_deref(),
                Some(name),
                "{thrice}"
            );
        }
        assert_eq!(decode_double_utf8("ZÃ¼rich").as_deref(), Some("Zürich"));
        assert_eq!(decode_double_utf8("GÃ¶ran").as_deref(), Some("Göran"));
    }

    /// Correct text that looks close: Latin-1 and Windows-1252 text as `fix` decodes it (Scid's
    /// test game: `Kràmnìk`, `Topälov`), every Latin-1 letter alone and beside every other,
    /// capitals before a closing quote or a dash.
    #[test]
    fn correct_text_is_never_taken_for_it() {
        for text in [
            "Kràmnìk, Vlãdimir",
            "Topälov, Vèsèlin",
            "À Á Â Ã Ä Å Æ Ç È É Ê Ë Ì Í Î Ï Ð Ñ Ò Ó Ô Õ Ö × Ø Ù Ú Û Ü Ý Þ ß",
            "JOSÉ’S",
            "“LEÓ”",
            "ÎLE‘",
            "1.e4 ½-½ ±",
            "SÃO PAULO",
            "Ã",
            "Â",
        ] {
            assert_eq!(decode_double_utf8(text), None, "{text}");
        }
        // Two Latin-1 letters in a row, as a real text may have them: any pair that is no
        // UTF-8 read back, or decodes to something implausible, is left alone; count what
        // the rules let through (a pair such as `Ã©` is what encoding twice writes for `é`).
        let mut through = Vec::new();
        for a in (0xC0..=0xFFu32).filter_map(char::from_u32) {
            for b in (0xA0..=0xFFu32).filter_map(char::from_u32) {
                let text = format!("x{a}{b} y");
                if decode_double_utf8(&text).is_some() {
                    through.push(format!("{a}{b}"));
                }
            }
        }
        // Only a capital (or ß) before a symbol of U+00A0-U+00BF decodes, to a Latin, Greek,
        // Cyrillic... character: `Ã©` (é), `Ð°` (а); never two letters.
        for pair in &through {
            let mut chars = pair.chars();
            let (a, b) = (chars.next().unwrap(), chars.next().unwrap());
            assert!(('\u{C2}'..='\u{DF}').contains(&a), "{pair}");
            assert!(('\u{A0}'..='\u{BF}').contains(&b), "{pair}");
        }
    }
}
