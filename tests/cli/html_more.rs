//! `stats --format html`, `standings --format html` and `fen --format svg` (issues 34 and 35):
//! the pages of a hostile file hold no element or attribute of the input; the standings page
//! of New York 1924 holds the historical table and the numbers of `standings --format csv`,
//! and a square crosstable; Chromium renders the pages without a console message and not
//! blank; the SVG boards are well-formed XML with 64 squares and the pieces of their FEN.
//!
//! The pages are read by Python's `html.parser`, the boards by `xml.etree` (the Python of the
//! table tests); Chromium as in `html.rs`. Each skips with a note where its tool or the corpus
//! is missing, and fails under CI.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::html::{GAME, HOSTILE, chromium, element_set, headless, parse, pixels};
use crate::util::{TempDir, arbiter, corpus, run, testdata};

/// Reads the tables of an HTML file with Python's `html.parser`: per table its class, caption
/// and rows of cells (tag, class, text).
const TABLES: &str = r#"
import json, sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables = []; self.cell = None; self.caption = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table": self.tables.append({"class": a.get("class") or "", "caption": "", "rows": []})
        elif tag == "caption": self.caption = ""
        elif tag == "tr" and self.tables: self.tables[-1]["rows"].append([])
        elif tag in ("td", "th") and self.tables:
            self.cell = {"tag": tag, "class": a.get("class") or "", "text": ""}
    def handle_endtag(self, tag):
        if tag == "caption" and self.caption is not None:
            self.tables[-1]["caption"] = self.caption; self.caption = None
        elif tag in ("td", "th") and self.cell is not None:
            self.tables[-1]["rows"][-1].append(self.cell); self.cell = None
    def handle_data(self, data):
        if self.cell is not None: self.cell["text"] += data
        elif self.caption is not None: self.caption += data
p = P()
p.feed(open(sys.argv[1], encoding="utf-8").read())
p.close()
print(json.dumps(p.tables))
"#;

/// Reads an SVG file with `xml.etree` (which refuses a document that is not well-formed): its
/// element names, the 45 × 45 squares, the pieces placed (`href`, x, y) and its title.
const SVG: &str = r#"
import json, sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
print(json.dumps({
    "root": root.tag,
    "elements": sorted({e.tag.replace(ns, "") for e in root.iter()}),
    "squares": sum(1 for e in root.iter(ns + "rect") if e.get("width") == "45" and e.get("height") == "45"),
    "pieces": [[e.get("href"), e.get("x"), e.get("y")] for e in root.iter(ns + "use")],
    "title": root.find(ns + "title").text,
}))
"#;

/// Runs one of the scripts above on `path`; `None` (a note) without Python.
fn python(script: &str, path: &Path) -> Option<Value> {
    let python = crate::tables::python("html.parser", "the pages' parse")?;
    let out = Command::new(python)
        .args(["-c", script])
        .arg(path)
        .output()
        .expect("run python");
    assert!(
        out.status.success(),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).expect("JSON from the parser"))
}

/// A round robin of three players whose names and event carry the markup `{x}`: every
/// column of the standings, a crosstable and a note (a `1/2` result) hold input text.
const EVENT: &str = "[Event \"{x}\"]\n[White \"{x} A\"]\n[Black \"{x} B\"]\n[Round \"1\"]\n\
    [Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"{x}\"]\n[White \"{x} B\"]\n[Black \"C\"]\n\
    [Round \"2\"]\n[Result \"1/2\"]\n\n1. d4 d5 1/2-1/2\n\n[Event \"{x}\"]\n[White \"C\"]\n\
    [Black \"{x} A\"]\n[Round \"3\"]\n[Result \"0-1\"]\n\n1. c4 c5 0-1\n\n";

/// Writes the page of `args` for a file of [`GAME`] and [`EVENT`] with `x` as the markup.
fn page(dir: &TempDir, args: &[&str], x: &str, n: usize) -> std::path::PathBuf {
    let text = format!("{}\n{}", GAME.replace("{x}", x), EVENT.replace("{x}", x));
    let pgn = dir.write(&format!("in-{n}.pgn"), text.as_bytes());
    let out = dir.path(&format!("{}-{n}.html", args[0]));
    let mut all = args.to_vec();
    all.extend([
        "--format",
        "html",
        "-o",
        out.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    let o = run(&all);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// A hostile file gives the stats and standings pages the elements and attributes of a plain
/// one, and its markup is the pages' text.
#[test]
fn stats_and_standings_pages_of_a_hostile_file_hold_no_markup() {
    let dir = TempDir::new("html-more-hostile");
    let commands: [&[&str]; 3] = [
        &["stats", "--by", "Event"],
        &["stats", "--table", "players"],
        &["standings"],
    ];
    for (c, args) in commands.iter().enumerate() {
        let Some(plain) = parse(&page(&dir, args, "plain", 100 + c)) else {
            return;
        };
        for (i, x) in HOSTILE.iter().enumerate() {
            let hostile = parse(&page(&dir, args, x, 10 * c + i)).unwrap();
            let elements = element_set(&hostile);
            assert_eq!(elements, element_set(&plain), "{args:?}: {x:?}");
            for e in ["script", "img", "iframe", "a", "a[onclick]", "img[onerror]"] {
                assert!(!elements.contains(e), "{args:?}: {e}");
            }
            assert!(
                hostile["text"].as_str().unwrap().contains(x),
                "{args:?}: {x:?} is not in the page's text"
            );
        }
    }
}

/// `14½` as a number.
fn chess_points(text: &str) -> f64 {
    let (whole, fraction) = match text.char_indices().last() {
        Some((i, '½')) => (&text[..i], 0.5),
        Some((i, '¼')) => (&text[..i], 0.25),
        Some((i, '¾')) => (&text[..i], 0.75),
        _ => (text, 0.0),
    };
    whole.parse::<f64>().unwrap_or(0.0) + fraction
}

/// The texts of a parsed table's body rows.
fn rows(table: &Value) -> Vec<Vec<String>> {
    (table["rows"].as_array().unwrap().iter().skip(1))
        .map(|r| {
            (r.as_array().unwrap().iter())
                .map(|c| c["text"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

/// New York 1924 (Lasker 16, Capablanca 14½, Alekhine 12, ..., Janowski 5, two cycles): the
/// page's standings are `standings --format csv`'s numbers, and its crosstable is 11 × 11
/// with the diagonal empty, two games a cell, each row summing to the player's points and
/// each pair's two cells to the two games.
#[test]
fn the_standings_page_of_new_york_1924() {
    let Some(dir) = corpus("the standings page of New York 1924") else {
        return;
    };
    let file = dir.join("games/pgnviewer_newyork1924.pgn");
    let tmp = TempDir::new("html-more-ny");
    let out = tmp.path("ny.html");
    let o = run(&["standings", "-q", "--format", "html", "-o"]
        .into_iter()
        .chain([out.to_str().unwrap(), file.to_str().unwrap()])
        .collect::<Vec<_>>());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let Some(tables) = python(TABLES, &out) else {
        return;
    };
    let csv_out = run(&["standings", "-q", "--format", "csv", file.to_str().unwrap()]);
    let mut reader = csv::Reader::from_reader(&csv_out.stdout[..]);
    let header = reader.headers().unwrap().clone();
    let csv: Vec<BTreeMap<String, String>> = (reader.records())
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .map(str::to_owned)
                .zip(r.iter().map(str::to_owned))
                .collect()
        })
        .collect();
    let tables = tables.as_array().unwrap();
    let find = |caption: &str| tables.iter().find(|t| t["caption"] == caption).unwrap();
    let standings = rows(find("Standings"));
    assert_eq!(standings.len(), 11);
    assert_eq!(csv.len(), 11);
    for (row, want) in standings.iter().zip(&csv) {
        assert_eq!(row[0].trim_end_matches('='), want["rank"]);
        assert_eq!(row[1], want["player"]);
        assert_eq!(row[2], want["games"]);
        assert_eq!(
            chess_points(&row[3]),
            want["points"].parse::<f64>().unwrap()
        );
        assert_eq!(
            [&row[4], &row[5], &row[6]],
            [&want["wins"], &want["draws"], &want["losses"]]
        );
        assert_eq!(
            row[7].parse::<f64>().unwrap(),
            want["score_pct"].parse::<f64>().unwrap()
        );
    }
    // From the history books, not from our output.
    let history = [
        (0, "Lasker,Em", 16.0),
        (1, "Capablanca,J", 14.5),
        (2, "Alekhine,A", 12.0),
        (10, "Janowski,D", 5.0),
    ];
    for (i, name, points) in history {
        assert_eq!(
            (standings[i][1].as_str(), chess_points(&standings[i][3])),
            (name, points)
        );
    }
    let cross = tables.iter().find(|t| t["class"] == "cross").unwrap();
    let cells: Vec<Vec<Value>> = (cross["rows"].as_array().unwrap().iter().skip(1))
        .map(|r| r.as_array().unwrap()[2..13].to_vec())
        .collect();
    assert_eq!(cells.len(), 11);
    let score = |c: &Value| -> f64 {
        (c["text"].as_str().unwrap().chars())
            .map(|ch| match ch {
                '1' => 1.0,
                '½' => 0.5,
                '0' => 0.0,
                other => panic!("cell {c}: {other:?}"),
            })
            .sum()
    };
    for (i, row) in cells.iter().enumerate() {
        assert_eq!(row.len(), 11);
        assert_eq!(row[i]["text"], "", "the diagonal is empty");
        assert_eq!(row[i]["class"], "self");
        let mut sum = 0.0;
        for (j, c) in row.iter().enumerate().filter(|(j, _)| *j != i) {
            assert_eq!(
                c["text"].as_str().unwrap().chars().count(),
                2,
                "{i},{j}: {c}"
            );
            assert_eq!(score(c) + score(&cells[j][i]), 2.0, "{i},{j}");
            sum += score(c);
        }
        assert_eq!(sum, chess_points(&standings[i][3]), "row {i}");
    }
}

/// The pixels of `png` of the colour `rgb`.
fn colour_pixels(png: &Path, rgb: [u8; 3]) -> u64 {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    (buf[..info.buffer_size()].chunks_exact(channels))
        .filter(|px| px[..3] == rgb)
        .count() as u64
}

/// Chromium loads the stats and standings pages with no console message, and their
/// screenshots show the bars of the charts and the marked results.
#[test]
fn chromium_renders_the_stats_and_standings_pages() {
    let Some(chromium) = chromium("the stats and standings pages in Chromium") else {
        return;
    };
    let dir = TempDir::new("html-more-chromium");
    let stats = testdata("stats/small.pgn");
    let club = testdata("standings/club.pgn");
    let pages = [
        ("stats", stats, [0x00, 0x72, 0xb2], 500),
        ("standings", club, [0xfd, 0xe2, 0xc8], 50),
    ];
    for (command, input, colour, least) in pages {
        let page = dir.path(&format!("{command}.html"));
        let o = run(&[command, "-q", "--format", "html", "-o"]
            .into_iter()
            .chain([page.to_str().unwrap(), input.to_str().unwrap()])
            .collect::<Vec<_>>());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let (_, log) = headless(&chromium, &dir, &page, &["--dump-dom"]);
        assert!(
            !log.contains("CONSOLE"),
            "{command}: console messages: {log}"
        );
        let png = dir.path(&format!("{command}.png"));
        let shot = format!("--screenshot={}", png.display());
        headless(&chromium, &dir, &page, &[&shot, "--window-size=1000,1400"]);
        let (colours, _, inked) = pixels(&png);
        assert!(colours > 20, "{command}: {colours} colours: a blank page?");
        assert!(
            inked > 0.03,
            "{command}: {inked} of the pixels are not white"
        );
        let n = colour_pixels(&png, colour);
        assert!(n >= least, "{command}: {n} pixels of {colour:?}");
    }
}

/// Positions and what their FEN says of the pieces: (line, FEN or EPD).
const POSITIONS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 2 9",
    "8/8/8/4k3/8/8/8/4K3 b - - 0 60",
];

/// The pieces of a FEN's placement field, by the `href` the board gives them, counted from
/// the FEN's letters.
fn pieces_of(fen: &str) -> BTreeMap<String, u64> {
    let mut pieces = BTreeMap::new();
    for c in fen
        .split(' ')
        .next()
        .unwrap()
        .chars()
        .filter(char::is_ascii_alphabetic)
    {
        let side = if c.is_ascii_uppercase() { 'w' } else { 'b' };
        let href = format!("#arbiter-{side}{}", c.to_ascii_lowercase());
        *pieces.entry(href).or_default() += 1;
    }
    pieces
}

/// The pieces of a parsed board, by `href`.
fn pieces_drawn(svg: &Value) -> BTreeMap<String, u64> {
    let mut pieces = BTreeMap::new();
    for p in svg["pieces"].as_array().unwrap() {
        *pieces.entry(p[0].as_str().unwrap().to_owned()).or_default() += 1;
    }
    pieces
}

/// `fen --format svg -o DIR/`: a well-formed board a good line, named by its line number, with
/// 64 squares and the pieces of its FEN; a bad line is a finding (exit 1) and no board; the
/// EPD `id` with markup is the board's title, as text.
#[test]
fn fen_svg_draws_the_pieces_of_every_line() {
    let dir = TempDir::new("html-more-svg");
    let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    let epd = format!(
        "{} id \"{hostile}\";",
        &POSITIONS[1][..POSITIONS[1].len() - 4]
    );
    let text = format!(
        "{}\n# a comment\n{}\n\n{epd}\n{hostile}\n{}\n",
        POSITIONS[0], POSITIONS[1], POSITIONS[2]
    );
    let input = dir.write("in.epd", text.as_bytes());
    let boards = dir.path("boards/");
    let o = run(&[
        "fen",
        "--format",
        "svg",
        "-o",
        boards.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("in.epd:6:"));
    let mut names: Vec<String> = std::fs::read_dir(&boards)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["1.svg", "3.svg", "5.svg", "7.svg"]);
    let allowed = [
        "circle", "defs", "g", "path", "rect", "svg", "text", "title", "use",
    ];
    for (name, fen) in [
        ("1", POSITIONS[0]),
        ("3", POSITIONS[1]),
        ("5", &epd),
        ("7", POSITIONS[2]),
    ] {
        let Some(svg) = python(SVG, &boards.join(format!("{name}.svg"))) else {
            return;
        };
        assert_eq!(svg["root"], "{http://www.w3.org/2000/svg}svg");
        assert_eq!(svg["squares"], 64, "{name}");
        assert_eq!(pieces_drawn(&svg), pieces_of(fen), "{name}");
        for e in svg["elements"].as_array().unwrap() {
            assert!(
                allowed.contains(&e.as_str().unwrap()),
                "{name}: element {e}"
            );
        }
    }
    let svg = python(SVG, &boards.join("5.svg")).unwrap();
    assert_eq!(svg["title"], hostile);
}

/// One position goes to standard output (or `-o FILE`); several to one file are refused and
/// nothing is written; `--flip` puts the white king of a1 at the top right.
#[test]
fn fen_svg_one_board_to_a_file_and_flipped() {
    let dir = TempDir::new("html-more-svg-one");
    let mut child = arbiter()
        .args(["fen", "--format", "svg", "--flip"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"8/8/8/8/8/8/8/K6k w - - 0 1\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let file = dir.write("one.svg", &o.stdout);
    let Some(svg) = python(SVG, &file) else {
        return;
    };
    // A square is 45 units after a margin of 16: a1 is the top right square when flipped.
    let king = ["#arbiter-wk", &(16 + 7 * 45).to_string(), "16"];
    assert!(
        svg["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == &serde_json::json!(king)),
        "{svg}"
    );
    let two = dir.write(
        "two.fen",
        format!("{}\n{}\n", POSITIONS[0], POSITIONS[2]).as_bytes(),
    );
    let out = dir.path("board.svg");
    let o = run(&[
        "fen",
        "--format",
        "svg",
        "-o",
        out.to_str().unwrap(),
        two.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("-o DIR/"));
    assert!(!out.exists());
}

/// `fen --format svg -o DIR/` never writes a board over an input in DIR (found by the adversary
/// helper: `-o k/` with the input `k/1.svg` replaced the FEN with its board).
#[test]
fn fen_svg_never_writes_a_board_over_an_input() {
    let tmp = TempDir::new("svg-input");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let input = tmp.write("1.svg", fen.as_bytes());
    let dir = format!("{}/", input.parent().unwrap().display());
    let out = run(&[
        "fen",
        "--format",
        "svg",
        "-o",
        &dir,
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("never writes over an input"), "{err}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), fen);
}
