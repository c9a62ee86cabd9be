#!/usr/bin/env python3
"""python-chess's view of `arbiter fix` output (issue 14), for tests/cli/fix_corpus.rs.

    fix_python_chess.py ORIGINAL CLEAN REJECTED

REJECTED is the comma-separated list of the 1-based indexes (in ORIGINAL, as arbiter split it)
of the games arbiter rejected ("" for none). Prints one JSON object:

  clean_games     games python-chess reads in CLEAN
  clean_errors    of those, games python-chess reports an error for (illegal or unreadable move)
  compared        games of ORIGINAL that python-chess reads without error, in a file python-chess
                  splits into as many games as arbiter did, compared with their CLEAN game
  different       of those, the indexes whose main line (UCI) differs from the CLEAN game's
  crashed         python-chess raised an exception reading a file ("original"/"clean"): it is
                  then read up to that game only, and nothing is compared

Usage: tools/expectations/fix_python_chess.py ORIGINAL CLEAN REJECTED (python-chess installed).
"""
import json
import sys

import chess.pgn


def games(path):
    """The games of `path`, and whether python-chess crashed before the end."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            try:
                g = chess.pgn.read_game(f)
            except Exception:  # python-chess's own bug (IndexError on some studies)
                return out, True
            if g is None:
                return out, False
            out.append(g)


def main():
    original, clean, rejected = sys.argv[1], sys.argv[2], sys.argv[3]
    rejected = {int(i) for i in rejected.split(",") if i}
    cleans, clean_crashed = games(clean)
    result = {
        "clean_games": len(cleans),
        "clean_errors": sum(1 for g in cleans if g.errors),
        "compared": 0,
        "different": [],
        "crashed": [],
    }
    originals, original_crashed = games(original)
    result["crashed"] = [n for n, c in (("original", original_crashed), ("clean", clean_crashed)) if c]
    if not result["crashed"] and len(originals) == len(cleans) + len(rejected):
        kept = [g for i, g in enumerate(originals, 1) if i not in rejected]
        for index, (o, c) in zip([i for i in range(1, len(originals) + 1) if i not in rejected], zip(kept, cleans)):
            if o.errors:
                continue
            result["compared"] += 1
            if [m.uci() for m in o.mainline_moves()] != [m.uci() for m in c.mainline_moves()]:
                result["different"].append(index)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
