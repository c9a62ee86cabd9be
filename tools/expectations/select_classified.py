#!/usr/bin/env python3
"""Expected counts of `arbiter select --count` with the classified opening fields
(`classified_eco`, `classified_opening`; issue 17), with python-chess: each game classified as
in `fix_eco.py` (the lichess chess-openings TSV files played with python-chess and keyed by the
EPD of each line's final position; the deepest such position of the first 36 plies of the main
line; games from a set-up position are not classified), then each expression of
tests/cli/select_classified.rs re-implemented as a Python predicate.

    python3 tools/expectations/select_classified.py FILE.pgn

Prints `count<TAB>expression` for every expression below. Needs python-chess 1.11.2.
"""
import os
import sys

import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fix_eco import book, classify  # noqa: E402


def tag_eco(game):
    eco = (game.headers.get("ECO") or "").strip().upper()
    return eco if eco and eco != "?" else None


def between(value, low, high):
    return value is not None and low <= value.upper() <= high


EXPRESSIONS = [
    ("classified_eco == B90", lambda g, c: c is not None and c[0] == "B90"),
    ("classified_eco in B20..B99", lambda g, c: c is not None and between(c[0], "B20", "B99")),
    ("classified_eco in A00..E99", lambda g, c: c is not None),
    ("not classified_eco in A00..E99", lambda g, c: c is None),
    ("classified_opening ~ sicilian", lambda g, c: c is not None and "sicilian" in c[1].lower()),
    (
        'classified_opening == "Ruy Lopez: Berlin Defense"',
        lambda g, c: c is not None and c[1] == "Ruy Lopez: Berlin Defense",
    ),
    (
        "eco in B20..B99 and not classified_eco in B20..B99",
        lambda g, c: between(tag_eco(g), "B20", "B99")
        and not (c is not None and between(c[0], "B20", "B99")),
    ),
]


def main():
    lines = book()
    counts = [0] * len(EXPRESSIONS)
    with open(sys.argv[1], encoding="utf-8", errors="replace", newline="") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            c = classify(game, lines, 36)
            for i, (_, pred) in enumerate(EXPRESSIONS):
                counts[i] += bool(pred(game, c))
    for (expr, _), n in zip(EXPRESSIONS, counts):
        print(f"{n}\t{expr}")


if __name__ == "__main__":
    main()
