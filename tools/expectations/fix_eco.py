#!/usr/bin/env python3
"""The ECO and Opening tags `arbiter fix` should write, by python-chess, for its `eco` test.

Reads the lichess chess-openings TSV files (the shared copy, ../shared/openings/*.tsv, or the
directory given by OPENINGS), plays each line with python-chess and keys it by the EPD of its
final position. A game is classified by the deepest position of its first 36 plies (the longest
line) whose EPD ends a line; games that do not start from the standard position are not
classified. Writes, for each file named, one entry per game: its ECO tag as written (null when
absent) and the classification ([ECO, name], or null).

    python3 tools/expectations/fix_eco.py CORPUS OUT.json FILE...

Needs python-chess 1.11.2.
"""
import glob
import json
import os
import sys

import chess
import chess.pgn

assert chess.__version__ == "1.11.2", chess.__version__

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OPENINGS = os.environ.get("OPENINGS", os.path.join(ROOT, "..", "shared", "openings"))


def book():
    lines = {}
    paths = sorted(glob.glob(os.path.join(OPENINGS, "?.tsv")))
    assert len(paths) == 5, paths
    for path in paths:
        with open(path, encoding="utf-8") as f:
            next(f)
            for line in f:
                eco, name, pgn = line.rstrip("\n").split("\t")
                board = chess.Board()
                for word in pgn.split():
                    if not word[0].isdigit():
                        board.push_san(word)
                lines[board.epd()] = [eco, name]
    return lines


def classify(game, lines, depth):
    board = game.board()
    if board.epd() != chess.Board().epd():
        return None
    best = None
    for i, move in enumerate(game.mainline_moves()):
        if i >= depth:
            break
        board.push(move)
        best = lines.get(board.epd(), best)
    return best


def main():
    corpus, out, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    lines = book()
    result = {"python-chess": chess.__version__, "files": {}}
    for name in files:
        games = []
        with open(os.path.join(corpus, name), encoding="utf-8", errors="replace", newline="") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games.append({"eco": game.headers.get("ECO"), "classified": classify(game, lines, 36)})
        result["files"][name] = games
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
