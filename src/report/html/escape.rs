//! Text made safe for an HTML page: every value from the input (tags, comments, names, file
//! names, messages that quote them) goes through [`escape`] before it is written.

use std::borrow::Cow;

use super::super::clean::sanitize;

/// `text` as HTML text or as an attribute value in double or single quotes: [`sanitize`]d
/// (control characters but the tab, and bidirectional overrides, become U+FFFD, as in the text
/// output), and `&`, `<`, `>`, `"` and `'` written as character references, so that no markup
/// from the input reaches the page (the HTML standard, "Escaping a string").
pub fn escape(text: &str) -> Cow<'_, str> {
    let clean = sanitize(text);
    if !clean.contains(['&', '<', '>', '"', '\'']) {
        return clean;
    }
    let mut out = String::with_capacity(clean.len() + 16);
    for c in clean.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_controls_are_escaped() {
        assert_eq!(escape("Nf3"), "Nf3");
        assert_eq!(
            escape(r#""><img src=x onerror='alert(1)'>&"#),
            "&quot;&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;"
        );
        assert_eq!(escape("</svg>\u{1b}[2J"), "&lt;/svg&gt;\u{FFFD}[2J");
        assert_eq!(escape("a\u{202E}b"), "a\u{FFFD}b");
    }
}
