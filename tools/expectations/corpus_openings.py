#!/usr/bin/env python3
"""Opening classification of corpus games by python-chess, for arbiter's agreement test.

Reads the lichess chess-openings TSV files (data/openings/*.tsv), plays each line with
python-chess and keys it by the EPD of its final position (python-chess's EPD writes the en
passant square only when a capture is legal). A game is classified, as lichess does, by the
deepest position of its main line (its first 36 plies: the longest line) whose EPD ends a line;
games that do not start from the standard position are not classified. Writes, for each file
named, the number of games per "ECO name" as JSON.

    python3 tools/expectations/corpus_openings.py CORPUS OUT.json FILE...

FILE is relative to CORPUS (games/twic944.pgn). Needs python-chess 1.11.2.
"""
import glob
import json
import os
import sys

import chess
import chess.pgn

assert chess.__version__ == "1.11.2", chess.__version__

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def book():
    lines = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "data", "openings", "?.tsv"))):
        with open(path, encoding="utf-8") as f:
            next(f)
            for line in f:
                eco, name, pgn = line.rstrip("\n").split("\t")
                board = chess.Board()
                for word in pgn.split():
                    if not word[0].isdigit():
                        board.push_san(word)
                lines[board.epd()] = f"{eco} {name}"
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
        counts = {}
        with open(os.path.join(corpus, name), encoding="latin-1", newline="") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                key = classify(game, lines, 36)
                if key is not None:
                    counts[key] = counts.get(key, 0) + 1
        result["files"][name] = dict(sorted(counts.items()))
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
