//! Horizontal bar charts as inline SVG, for every page of arbiter: the counts by code of `check`
//! and `audit`, the histograms of `stats` (one bar a row, or stacked: White won, drawn, Black
//! won). Each bar has its value written beside it, for print and for colour-blind readers.

use std::fmt::Write as _;

use super::escape;

/// One bar: its label, its parts (value and colour, drawn left to right) and the text beside
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// The label left of the bar (escaped here).
    pub label: String,
    /// The parts of the bar: (value, colour).
    pub parts: Vec<(u64, &'static str)>,
    /// The text right of the bar (escaped here).
    pub text: String,
}

impl Bar {
    /// A bar of one part.
    pub fn one(label: String, value: u64, color: &'static str, text: String) -> Bar {
        Bar {
            label,
            parts: vec![(value, color)],
            text,
        }
    }

    fn total(&self) -> u64 {
        self.parts.iter().fold(0u64, |a, p| a.saturating_add(p.0))
    }
}

/// How long the bars are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// The longest bar fills the width; the others in proportion (a histogram).
    Max,
    /// Every bar with a value fills the width: its parts are shares (results stacked).
    Share,
}

/// Blue of a count (Okabe–Ito).
pub const BLUE: &str = "#0072b2";
/// The colours of White's wins, draws and Black's wins in a stacked bar.
pub const RESULTS: [&str; 3] = ["#f0e442", "#999999", "#333333"];

/// The width of the bars' area in user units.
const BAR: f64 = 360.0;

/// Appends the chart of `bars` titled `title` (`<title>` and `aria-label`; escaped here); no
/// chart when there are no bars.
pub fn write_bars(out: &mut String, title: &str, bars: &[Bar], scale: Scale) {
    if bars.is_empty() {
        return;
    }
    let longest = |f: fn(&Bar) -> &str| bars.iter().map(|b| f(b).chars().count()).max();
    let label = (longest(|b| &b.label).unwrap_or(0) * 7 + 12).clamp(40, 300);
    let text = (longest(|b| &b.text).unwrap_or(0) * 7 + 12).clamp(40, 300);
    let row = 22;
    let width = label + BAR as usize + 6 + text;
    let height = row * bars.len() + 8;
    let max = bars.iter().map(Bar::total).max().unwrap_or(1).max(1);
    let title = escape(title);
    let _ = write!(
        out,
        r#"<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" aria-label="{title}"><title>{title}</title><g font-family="sans-serif" font-size="12">"#
    );
    for (i, b) in bars.iter().enumerate() {
        let y = 4 + i * row;
        let whole = match scale {
            Scale::Max => max,
            Scale::Share => b.total().max(1),
        };
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            label - 6,
            y + 15,
            escape(&b.label)
        );
        let mut x = label as f64;
        for &(value, color) in &b.parts {
            if value == 0 {
                continue;
            }
            let w = ((value as f64 / whole as f64) * BAR).max(1.0);
            let _ = write!(
                out,
                r#"<rect class="bar" x="{x:.1}" y="{}" width="{w:.1}" height="{}" fill="{color}"/>"#,
                y + 3,
                row - 6
            );
            x += w;
        }
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{}">{}</text>"#,
            x + 6.0,
            y + 15,
            escape(&b.text)
        );
    }
    out.push_str("</g></svg>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_are_scaled_and_labels_escaped() {
        let bars = [
            Bar::one("<a>".into(), 10, BLUE, "10".into()),
            Bar::one("b".into(), 5, BLUE, "5".into()),
            Bar::one("c".into(), 0, BLUE, "0".into()),
        ];
        let mut out = String::new();
        write_bars(&mut out, "T & U", &bars, Scale::Max);
        assert_eq!(out.matches(r#"class="bar""#).count(), 2);
        assert!(out.contains(r#"width="360.0""#) && out.contains(r#"width="180.0""#));
        assert!(out.contains("&lt;a&gt;") && out.contains("T &amp; U"));
        let stacked = [Bar {
            label: "x".into(),
            parts: vec![(1, RESULTS[0]), (1, RESULTS[1]), (2, RESULTS[2])],
            text: "4".into(),
        }];
        let mut out = String::new();
        write_bars(&mut out, "t", &stacked, Scale::Share);
        assert!(out.contains(r#"width="90.0""#) && out.contains(r#"width="180.0""#));
    }
}
