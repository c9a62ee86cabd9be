//! Chess diagrams as SVG: a board from a position, with coordinates, either side at the bottom,
//! the last move highlighted, arrows (a move, an illegal move, a claim's move) and rings around
//! squares (a pinning or checking piece). Used by the HTML report ([`super::html`]); a diagram
//! is complete in itself ([`Defs::Inline`]) or refers to pieces defined once in the page
//! ([`Defs::Shared`], [`write_piece_defs`]).
//!
//! The drawing knows nothing of findings: [`scene()`] turns what a record says (its FEN, the move
//! token, the SAN) into the arrows and rings drawn. The pieces are the "cburnett" set
//! (`pieces`). Colours are those of the Okabe–Ito palette (readable for colour-blind readers);
//! an illegal move is also dashed, so that it reads in black and white.

use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

mod pieces;
pub mod scene;

pub use scene::scene;

/// Width of a square in SVG user units (the pieces are drawn on 45 × 45).
const SQUARE: i32 = 45;
/// Width of the margin that holds the coordinates.
const MARGIN: i32 = 16;
/// Width and height of a whole diagram.
pub const SIZE: i32 = 8 * SQUARE + 2 * MARGIN;

/// How an arrow or a ring is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The move of a finding (blue).
    Move,
    /// A move that cannot be played (vermillion, dashed).
    Illegal,
    /// A move the rules allow or ask for, e.g. a claim's move (bluish green).
    Claim,
}

impl Style {
    /// The colour (Okabe–Ito).
    fn color(self) -> &'static str {
        match self {
            Style::Move => "#0072b2",
            Style::Illegal => "#d55e00",
            Style::Claim => "#009e73",
        }
    }

    /// The `stroke-dasharray` attribute, if any.
    fn dash(self) -> &'static str {
        match self {
            Style::Illegal => r#" stroke-dasharray="7 4""#,
            _ => "",
        }
    }

    /// The name of the style, for the `class` of an arrow.
    fn name(self) -> &'static str {
        match self {
            Style::Move => "move",
            Style::Illegal => "illegal",
            Style::Claim => "claim",
        }
    }
}

/// An arrow from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// How it is drawn.
    pub style: Style,
}

/// A ring around a square (a piece pinning, a piece giving check, an illegal move's target
/// square when no piece could go there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ring {
    /// The square.
    pub square: Square,
    /// How it is drawn.
    pub style: Style,
}

/// A position to draw, with its marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The pieces.
    pub board: Board,
    /// Black at the bottom (the board seen from Black's side).
    pub flipped: bool,
    /// The squares of the move that led to the position, highlighted.
    pub last_move: Option<(Square, Square)>,
    /// Arrows, drawn over the pieces.
    pub arrows: Vec<Arrow>,
    /// Rings, drawn over the squares.
    pub rings: Vec<Ring>,
}

/// Whether a diagram carries its own piece definitions or uses the page's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defs {
    /// The diagram defines the pieces it uses: a file of its own.
    Inline,
    /// The pieces are defined once in the page ([`write_piece_defs`]).
    Shared,
}

impl Diagram {
    /// The diagram of the board of `fen` (a FEN or the four fields of an EPD line: only the
    /// piece placement and the side to move are read), White at the bottom, no marks; `None`
    /// when the text is no FEN.
    pub fn from_fen(fen: &str) -> Option<Diagram> {
        let setup = Fen::from_ascii(fen.trim().as_bytes()).ok()?.into_setup();
        Some(Diagram::new(setup.board))
    }

    /// The diagram of `board`, White at the bottom, no marks.
    pub fn new(board: Board) -> Diagram {
        Diagram {
            board,
            flipped: false,
            last_move: None,
            arrows: Vec::new(),
            rings: Vec::new(),
        }
    }

    /// The top-left corner of `sq` in user units.
    fn corner(&self, sq: Square) -> (i32, i32) {
        let (file, rank) = (i32::from(sq.file()), i32::from(sq.rank()));
        let (col, row) = match self.flipped {
            false => (file, 7 - rank),
            true => (7 - file, rank),
        };
        (MARGIN + col * SQUARE, MARGIN + row * SQUARE)
    }

    /// The centre of `sq` in user units.
    fn centre(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.corner(sq);
        let half = SQUARE as f32 / 2.0;
        (x as f32 + half, y as f32 + half)
    }

    /// Appends the diagram as one `<svg>` element to `out`. `label` is its accessible name
    /// (`aria-label` and `<title>`; escaped here), e.g. the FEN.
    pub fn write_svg(&self, out: &mut String, defs: Defs, label: &str) {
        let label = super::html::escape(label);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}" role="img" aria-label="{label}"><title>{label}</title>"#
        );
        if defs == Defs::Inline {
            write_piece_defs(out);
        }
        let _ = write!(
            out,
            r##"<rect width="{SIZE}" height="{SIZE}" fill="#4d4d4d"/>"##
        );
        self.write_squares(out);
        self.write_coordinates(out);
        for ring in &self.rings {
            let (x, y) = self.centre(ring.square);
            let _ = write!(
                out,
                r#"<circle class="ring" cx="{x}" cy="{y}" r="20" fill="none" stroke="{}" stroke-width="3.5"{}/>"#,
                ring.style.color(),
                ring.style.dash()
            );
        }
        for (sq, piece) in self.board.iter() {
            let (x, y) = self.corner(sq);
            let _ = write!(
                out,
                r##"<use href="#{}" x="{x}" y="{y}"/>"##,
                piece_id(piece)
            );
        }
        for arrow in &self.arrows {
            self.write_arrow(out, arrow);
        }
        out.push_str("</svg>");
    }

    /// The 64 squares, the last move's two tinted.
    fn write_squares(&self, out: &mut String) {
        let lit = |sq: Square| self.last_move.is_some_and(|(a, b)| a == sq || b == sq);
        for sq in Square::ALL {
            let (x, y) = self.corner(sq);
            let light = (u32::from(sq.file()) + u32::from(sq.rank())) % 2 == 1;
            let fill = match (light, lit(sq)) {
                (true, false) => "#f0d9b5",
                (false, false) => "#b58863",
                (true, true) => "#e6e26e",
                (false, true) => "#c2b43c",
            };
            let class = if lit(sq) { r#" class="last""# } else { "" };
            let _ = write!(
                out,
                r#"<rect{class} x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
            );
        }
    }

    /// The file letters below and above, the rank numbers left and right.
    fn write_coordinates(&self, out: &mut String) {
        out.push_str(
            r##"<g font-family="sans-serif" font-size="11" fill="#f2f2f2" text-anchor="middle">"##,
        );
        let half = MARGIN / 2;
        for i in 0..8u32 {
            let file = File::new(i);
            let rank = Rank::new(i);
            let (x, _) = self.corner(Square::from_coords(file, Rank::First));
            let (_, y) = self.corner(Square::from_coords(File::A, rank));
            let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2 + 4);
            let (letter, digit) = (file.char(), rank.char());
            let _ = write!(
                out,
                r#"<text x="{cx}" y="{}">{letter}</text><text x="{cx}" y="{}">{letter}</text><text x="{half}" y="{cy}">{digit}</text><text x="{}" y="{cy}">{digit}</text>"#,
                half + 4,
                SIZE - half + 4,
                SIZE - half
            );
        }
        out.push_str("</g>");
    }

    /// One arrow: a shaft from the centre of `from` that stops at the head, and a triangular
    /// head whose tip is near the centre of `to`.
    fn write_arrow(&self, out: &mut String, arrow: &Arrow) {
        let (x0, y0) = self.centre(arrow.from);
        let (x1, y1) = self.centre(arrow.to);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let length = (dx * dx + dy * dy).sqrt();
        if length < 1.0 {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let (head, width) = (16.0, 9.0);
        // The tip stops a little short of the centre, the shaft at the head's base.
        let (tx, ty) = (x1 - ux * 6.0, y1 - uy * 6.0);
        let (bx, by) = (tx - ux * head, ty - uy * head);
        let (px, py) = (-uy * width, ux * width);
        let color = arrow.style.color();
        let _ = write!(
            out,
            r#"<g class="arrow {}" opacity="0.85"><line x1="{x0:.1}" y1="{y0:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{color}" stroke-width="7" stroke-linecap="round"{}/><polygon points="{tx:.1},{ty:.1} {:.1},{:.1} {:.1},{:.1}" fill="{color}"/></g>"#,
            arrow.style.name(),
            arrow.style.dash(),
            bx + px,
            by + py,
            bx - px,
            by - py,
        );
    }
}

/// The `id` of a piece's `<g>` ([`write_piece_defs`]): `arbiter-wk` … `arbiter-bp`.
pub fn piece_id(piece: Piece) -> &'static str {
    const IDS: [&str; 12] = [
        "arbiter-wk",
        "arbiter-wq",
        "arbiter-wr",
        "arbiter-wb",
        "arbiter-wn",
        "arbiter-wp",
        "arbiter-bk",
        "arbiter-bq",
        "arbiter-br",
        "arbiter-bb",
        "arbiter-bn",
        "arbiter-bp",
    ];
    IDS[piece_index(piece)]
}

/// The index of a piece in [`pieces::PIECES`].
fn piece_index(piece: Piece) -> usize {
    let role = match piece.role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    role + if piece.color == Color::White { 0 } else { 6 }
}

/// Appends the `<defs>` of the twelve pieces (some 8 KB), which the diagrams' `<use>` elements
/// refer to by [`piece_id`].
pub fn write_piece_defs(out: &mut String) {
    out.push_str("<defs>");
    for piece in pieces::PIECES {
        out.push_str(piece);
    }
    out.push_str("</defs>");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svg(d: &Diagram, defs: Defs) -> String {
        let mut out = String::new();
        d.write_svg(&mut out, defs, "the <board>");
        out
    }

    #[test]
    fn the_start_position_has_32_pieces_and_64_squares() {
        let d =
            Diagram::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let out = svg(&d, Defs::Shared);
        assert_eq!(out.matches("<use ").count(), 32);
        assert_eq!(out.matches(r#"width="45" height="45""#).count(), 64);
        assert_eq!(out.matches("#arbiter-wp").count(), 8);
        assert_eq!(out.matches("#arbiter-bk").count(), 1);
        assert!(!out.contains("<defs>"));
        assert!(out.contains("the &lt;board&gt;") && !out.contains("<board>"));
        // 16 file letters, 16 rank digits.
        assert_eq!(out.matches("<text ").count(), 32);
    }

    #[test]
    fn every_piece_is_defined_once_with_its_id() {
        let mut defs = String::new();
        write_piece_defs(&mut defs);
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let id = piece_id(Piece { color, role });
                assert_eq!(defs.matches(&format!(r#"id="{id}""#)).count(), 1, "{id}");
            }
        }
        let d = Diagram::from_fen("8/8/8/4k3/8/8/8/4K3 b - - 0 1").unwrap();
        assert!(svg(&d, Defs::Inline).contains(r#"id="arbiter-wk""#));
    }

    #[test]
    fn orientation_puts_a1_bottom_left_or_top_right() {
        let mut d = Diagram::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
        assert_eq!(d.corner(Square::A1), (MARGIN, MARGIN + 7 * SQUARE));
        assert_eq!(d.corner(Square::H8), (MARGIN + 7 * SQUARE, MARGIN));
        d.flipped = true;
        assert_eq!(d.corner(Square::A1), (MARGIN + 7 * SQUARE, MARGIN));
        let out = svg(&d, Defs::Shared);
        let king = format!(
            r##"<use href="#arbiter-wk" x="{}" y="{MARGIN}"/>"##,
            MARGIN + 7 * SQUARE
        );
        assert!(out.contains(&king), "{out}");
    }

    #[test]
    fn last_move_and_arrows_are_drawn() {
        let mut d = Diagram::from_fen("8/8/8/8/8/8/4P3/4K2k w - - 0 1").unwrap();
        d.last_move = Some((Square::G1, Square::H1));
        d.arrows.push(Arrow {
            from: Square::E2,
            to: Square::E4,
            style: Style::Move,
        });
        d.arrows.push(Arrow {
            from: Square::E1,
            to: Square::E3,
            style: Style::Illegal,
        });
        d.rings.push(Ring {
            square: Square::H1,
            style: Style::Illegal,
        });
        let out = svg(&d, Defs::Shared);
        assert_eq!(out.matches(r#"class="last""#).count(), 2);
        assert_eq!(out.matches(r#"class="arrow move""#).count(), 1);
        assert_eq!(out.matches(r#"class="arrow illegal""#).count(), 1);
        assert_eq!(out.matches("stroke-dasharray").count(), 2);
        assert_eq!(out.matches(r#"class="ring""#).count(), 1);
        // The arrow e2-e4 goes up the e-file: x stays at the file's centre.
        let x = (MARGIN + 4 * SQUARE) as f32 + 22.5;
        assert!(out.contains(&format!(r#"x1="{x:.1}""#)), "{out}");
    }

    #[test]
    fn no_fen_no_diagram() {
        assert!(Diagram::from_fen("not a fen").is_none());
        assert!(Diagram::from_fen("").is_none());
        // An EPD's four fields are enough; a position that is not legal is still drawn.
        assert!(Diagram::from_fen("8/8/8/8/8/8/8/8 w - -").is_some());
        assert!(Diagram::from_fen("KKKKKKKK/8/8/8/8/8/8/8 w - - 0 1").is_some());
    }
}
