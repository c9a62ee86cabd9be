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
position of the main line) and tags (the headers python-chess read).

Usage: python3 tools/expectations/moves_oracle.py [--games] FILE.pgn...
Needs python-chess (pip install chess); used by tests/cli/tables.rs.
"""

import json
import logging
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
