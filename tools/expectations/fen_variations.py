#!/usr/bin/env python3
"""python-chess expectations for `arbiter fen --variations` (tests/cli/fen.rs).

Reads testdata/fen/variations.pgn, and a corpus file with many variations when
the corpus is given, with python-chess and writes one TSV row per position of
every line of every game (the main line and each variation, at any depth), in
the order of the game's text: a move, then the variations that replace it
(each in full, recursively), then the line goes on.

    file  game  ply  path  move  san  uci  fen  epd  line_end

- ply: node.ply() - game.ply(), the plies from the game's start position (the
  FEN tag's, if any) along the line
  (0 = the start position, written for the main line only);
- path: "" on the main line; inside a variation, one segment per level from
  the main line inwards, joined by spaces: the move the variation replaces in
  PGN style ("12...Nf6", number and side from the position before it, SAN by
  Board.san) followed by "(k)", k = 1 for the first variation given for that
  move (python-chess: its index in parent.variations);
- move/san/uci: the move that led to the position ("" at ply 0);
- fen: Board.fen(en_passant="fen");
- epd: Board.epd(en_passant="fen", hmvc=..., fmvn=..., id="game G ply P" +
  " " + path inside a variation, sm=the move played next in the same line
  (node.variations[0]) if any, c0="White - Black, Event, Date" ("?" for a
  missing tag; the tag values' PGN escapes resolved first, which python-chess
  1.11.2 does not do) -- python-chess escapes the EPD strings;
- line_end: 1 when no move follows in the position's line (the last position
  of the main line or of a variation: what --final prints).

This is an independent reference: arbiter's own output is never used here.

Usage (from the repository root):
    python3 tools/expectations/fen_variations.py [CORPUS_DIR] \
        > testdata/expected/fen-variations-python-chess.tsv

Needs exactly python-chess 1.11.2 (pip install chess==1.11.2).
"""

import os
import sys

import chess
import chess.pgn

# (label, path relative to the corpus dir or the repository)
LOCAL = [("variations.pgn", "testdata/fen/variations.pgn")]
CORPUS = [("corpus:games/pgn4web_chess-informant-sample.pgn", "games/pgn4web_chess-informant-sample.pgn")]


def move_text(board, move):
    number = board.fullmove_number
    san = board.san(move)
    return f"{number}.{san}" if board.turn == chess.WHITE else f"{number}...{san}"


def unescape(value):
    """Resolves the PGN string escapes (PGN standard 8.1.1.2: backslash-quote and backslash-backslash),
    which python-chess 1.11.2 keeps in header values as written."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value) and value[i + 1] in "\\\"":
            out.append(value[i + 1])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def rows_of_game(label, game_no, game):
    headers = game.headers
    c0 = "{} - {}, {}, {}".format(
        *(unescape(headers.get(name, "?")) for name in ("White", "Black", "Event", "Date"))
    )
    chess960 = game.board().chess960
    out = []

    def row(node, path):
        board = node.board()
        # Plies from the game's start position (node.ply() counts from move 1 of a FEN start).
        ply = node.ply() - game.ply()
        if node.parent is None:
            move = san = uci = ""
        else:
            before = node.parent.board()
            move = move_text(before, node.move)
            san = before.san(node.move)
            uci = before.uci(node.move, chess960=chess960)
        ident = f"game {game_no} ply {ply}" + (f" {path}" if path else "")
        ops = {
            "hmvc": board.halfmove_clock,
            "fmvn": board.fullmove_number,
            "id": ident,
        }
        if node.variations:
            ops["sm"] = node.variations[0].move
        ops["c0"] = c0
        epd = board.epd(en_passant="fen", **ops)
        out.append(
            "\t".join(
                [
                    label,
                    str(game_no),
                    str(ply),
                    path,
                    move,
                    san,
                    uci,
                    board.fen(en_passant="fen"),
                    epd,
                    "1" if not node.variations else "0",
                ]
            )
        )

    def visit(node, path):
        # `node` has been written; now its continuation, in the order of the text.
        if not node.variations:
            return
        main = node.variations[0]
        row(main, path)
        segment = move_text(node.board(), main.move)
        for k, alt in enumerate(node.variations[1:], start=1):
            alt_path = (path + " " if path else "") + f"{segment}({k})"
            row(alt, alt_path)
            visit(alt, alt_path)
        visit(main, path)

    row(game, "")
    visit(game, "")
    return out


def read_file(label, path):
    rows = []
    with open(path, encoding="utf-8", errors="replace") as f:
        game_no = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            game_no += 1
            if game.errors:
                sys.exit(f"{label} game {game_no}: {game.errors}")
            rows.extend(rows_of_game(label, game_no, game))
    return rows


def main():
    if chess.__version__ != "1.11.2":
        sys.exit(f"needs python-chess 1.11.2, found {chess.__version__}")
    files = list(LOCAL)
    if len(sys.argv) > 1:
        files += [(label, os.path.join(sys.argv[1], rel)) for label, rel in CORPUS]
    out = sys.stdout
    out.write(f"# python-chess {chess.__version__}; tools/expectations/fen_variations.py\n")
    out.write("file\tgame\tply\tpath\tmove\tsan\tuci\tfen\tepd\tline_end\n")
    for label, path in files:
        for r in read_file(label, path):
            out.write(r + "\n")


if __name__ == "__main__":
    main()
