#!/usr/bin/env python3
"""python-chess expectations for `arbiter fen` (tests/cli/fen.rs).

For each game of testdata/fen/{twic2,ep,chess960}.pgn, replay the main line
with python-chess and write one TSV row per position (ply 0 = the start
position, ply k = after the k-th move):

    file  game  ply  move  san  uci  fen_always  fen_legal  epd  shredder

- move: "23.Nf3" / "23...Nf3" (number and side from the position before the
  move), san/uci: Board.san() / Board.uci(chess960=...) ("" at ply 0);
- fen_always: Board.fen(en_passant="fen") (ep square after any double push,
  the FEN standard); fen_legal: Board.fen(en_passant="legal");
  for Chess960 games both use X-FEN castling (python-chess's default);
- epd: Board.epd(en_passant="fen", hmvc=..., fmvn=..., id="game G ply P");
- shredder: Board.fen(en_passant="fen", shredder=True).

This is an independent reference: arbiter's own output is never used here.

Usage (from the repository root):
    python3 tools/expectations/fen_expected.py > testdata/fen/expected.tsv

Needs exactly python-chess 1.11.2 (pip install chess==1.11.2).
"""

import sys

import chess
import chess.pgn

FILES = ["twic2.pgn", "ep.pgn", "chess960.pgn"]


def move_text(board, san):
    number = board.fullmove_number
    return f"{number}.{san}" if board.turn == chess.WHITE else f"{number}...{san}"


def row(name, game_no, ply, board, move, san, uci):
    return "\t".join(
        [
            name,
            str(game_no),
            str(ply),
            move,
            san,
            uci,
            board.fen(en_passant="fen"),
            board.fen(en_passant="legal"),
            board.epd(
                en_passant="fen",
                hmvc=board.halfmove_clock,
                fmvn=board.fullmove_number,
                id=f"game {game_no} ply {ply}",
            ),
            board.fen(en_passant="fen", shredder=True),
        ]
    )


def main():
    if chess.__version__ != "1.11.2":
        sys.exit(f"needs python-chess 1.11.2, found {chess.__version__}")
    out = sys.stdout
    out.write(f"# python-chess {chess.__version__}; tools/expectations/fen_expected.py\n")
    out.write("file\tgame\tply\tmove\tsan\tuci\tfen_always\tfen_legal\tepd\tshredder\n")
    for name in FILES:
        with open(f"testdata/fen/{name}", encoding="utf-8") as f:
            game_no = 0
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                game_no += 1
                if game.errors:
                    sys.exit(f"{name} game {game_no}: {game.errors}")
                board = game.board()
                chess960 = board.chess960
                out.write(row(name, game_no, 0, board, "", "", "") + "\n")
                for ply, m in enumerate(game.mainline_moves(), start=1):
                    san = board.san(m)
                    text = move_text(board, san)
                    uci = board.uci(m, chess960=chess960)
                    board.push(m)
                    out.write(row(name, game_no, ply, board, text, san, uci) + "\n")


if __name__ == "__main__":
    main()
