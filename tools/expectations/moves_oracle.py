#!/usr/bin/env python3
"""Independent per-move expectations for `arbiter moves`, from python-chess.

For each PGN file given, read the games with chess.pgn.read_game() and write one
JSON object per main-line move to standard output, with the keys of
`arbiter moves --fen --format jsonl` that python-chess can tell:

    game, ply, move_number, side, san, uci, fen, clk, emt, eval_cp, eval_mate, eval_depth

`game` is the 1-based index of the game in its file as python-chess counts
(use files with a blank line between games, where both agree); `fen` is
Board.fen() (en passant square only when a capture is legal); `clk`/`emt`
are GameNode.clock()/emt() in seconds; the evaluation is GameNode.eval() from
White's point of view (centipawns or mate in N) and eval_depth(); `setup` is
the game's FEN tag (or null). A main line
ends at python-chess's first move error, as arbiter's does. Each line starts
with the file name as given: {"file": ..., ...}.

With --games first, one object per game instead: file, game, plies (main-line
moves), illegal (python-chess reported a move error), final_fen (the last
position of the main line), tags (the headers python-chess read) and opening:
the lichess chess-openings line (ECO, name) whose final position, keyed by
python-chess's EPD (en passant only when a capture is legal), is the deepest
one of the game's first 36 main-line plies (the longest line), with that ply,
or null (a game from a FEN, or none reached). The TSV files are read from
../shared/openings (the published copy) when it exists, else data/openings.

Usage: python3 tools/expectations/moves_oracle.py [--games] FILE.pgn...
Needs python-chess (pip install chess); used by tests/cli/tables.rs.
"""

import glob
import json
import logging
import os
import sys

import chess
import chess.pgn


def rows(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        index = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            index += 1
            board = game.board()
            for ply, node in enumerate(game.mainline(), 1):
                move = node.move
                row = {
                    "file": path,
                    "game": index,
                    "ply": ply,
                    "move_number": board.fullmove_number,
                    "side": "w" if board.turn == chess.WHITE else "b",
                    "san": board.san(move),
                    "uci": board.uci(move),
                }
                board.push(move)
                score = node.eval()
                white = score.white() if score is not None else None
                row.update({
                    "setup": game.headers.get("FEN"),
                    "fen": board.fen(),
                    "clk": node.clock(),
                    "emt": node.emt(),
                    "eval_cp": white.score() if white is not None and not white.is_mate() else None,
                    "eval_mate": white.mate() if white is not None and white.is_mate() else None,
                    "eval_depth": node.eval_depth(),
                })
                yield row


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def book():
    shared = os.path.join(ROOT, "..", "shared", "openings")
    folder = shared if os.path.isdir(shared) else os.path.join(ROOT, "data", "openings")
    lines = {}
    for path in sorted(glob.glob(os.path.join(folder, "?.tsv"))):
        with open(path, encoding="utf-8") as f:
            next(f)
            for line in f:
                eco, name, pgn = line.rstrip("\n").split("\t")
                board = chess.Board()
                for word in pgn.split():
                    if not word[0].isdigit():
                        board.push_san(word)
                lines.setdefault(board.epd(), (eco, name))
    return lines


BOOK = None


def opening(game):
    global BOOK
    if BOOK is None:
        BOOK = book()
    board = game.board()
    if board.epd() != chess.Board().epd():
        return None
    best = None
    for ply, move in enumerate(game.mainline_moves(), start=1):
        if ply > 36:
            break
        board.push(move)
        if board.epd() in BOOK:
            eco, name = BOOK[board.epd()]
            best = {"eco": eco, "name": name, "ply": ply}
    return best


def games(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        index = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            index += 1
            board = game.end().board()
            yield {
                "file": path,
                "game": index,
                "plies": board.ply() - game.board().ply(),
                "illegal": bool(game.errors),
                "final_fen": board.fen(),
                "tags": dict(game.headers),
                "opening": opening(game),
            }


def main():
    logging.disable(logging.CRITICAL)
    out = sys.stdout
    args = sys.argv[1:]
    table = rows
    if args and args[0] == "--games":
        table = games
        args = args[1:]
    for path in args:
        for row in table(path):
            out.write(json.dumps(row, ensure_ascii=False))
            out.write("\n")


if __name__ == "__main__":
    main()
