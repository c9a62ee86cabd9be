#!/usr/bin/env python3
"""Independent per-file statistics of the corpus for `arbiter stats` (issue 5), from python-chess.

For every *.pgn file in <corpus>/games (sorted by name), read every game with
chess.pgn.read_game() and count, the way README.md (## arbiter stats) defines
the figures, but with python-chess's reader and our own small rules below:

  games, plies (main-line moves python-chess read), results (Result tag if
  it is one of the four results, else the termination marker),
  fen_games, players (distinct White/Black names), rated (player-games with a
  rating), rating_sum, eco, first_moves, years, months, time_controls,
  terminations, errors (python-chess move errors: plies differ where it stops).

Writes one JSON document (keys sorted) to
testdata/expected/corpus-stats-python-chess.json; tests/cli/stats_corpus.rs
compares it with `arbiter stats --format json FILE` file by file.

Usage (from the repository root):
    python3 tools/expectations/corpus_stats.py [CORPUS_DIR] [OUTPUT_JSON]

Needs exactly python-chess 1.11.2 and the standard library.
"""

import json
import logging
import os
import sys

import chess
import chess.pgn

EXPECTED_VERSION = "1.11.2"
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
UTF8_BOM_AS_LATIN1 = "\xef\xbb\xbf"
MAX_RATING = 4000


class ResultBuilder(chess.pgn.GameBuilder):
    """GameBuilder that keeps the Result tag as written and the termination
    marker (python-chess overwrites a "*" or missing Result header with the
    marker, and keeps a bad one such as "1/2")."""

    def begin_game(self):
        super().begin_game()
        self.result_tag = None
        self.marker = None

    def visit_header(self, tagname, tagvalue):
        if tagname == "Result" and self.result_tag is None:
            self.result_tag = tagvalue
        super().visit_header(tagname, tagvalue)

    def visit_result(self, result):
        self.marker = result
        super().visit_result(result)

    def result(self):
        game = super().result()
        # The figure as README.md defines it: the Result tag when it is one of
        # the four results, else the termination marker, else "none".
        tag = (self.result_tag or "").strip()
        game.stats_result = tag if tag in RESULTS else (self.marker or "none")
        return game


class Handle:
    """latin-1 text (1 char == 1 byte); a UTF-8 BOM on the first line is dropped,
    as python-chess drops U+FEFF (see corpus_games.py)."""

    def __init__(self, f):
        self.f = f
        self.first = True

    def readline(self):
        line = self.f.readline()
        if self.first:
            self.first = False
            while line.startswith(UTF8_BOM_AS_LATIN1):
                line = line[len(UTF8_BOM_AS_LATIN1):]
        return line


def known(value):
    """A header value that counts: not missing, empty or '?'."""
    if value is None:
        return None
    value = value.strip()
    return None if value in ("", "?") else value


def rating(value):
    value = (value or "").strip()
    if not value or len(value) > 5 or not value.isascii() or not value.isdigit():
        return None
    elo = int(value)
    return elo if 1 <= elo <= MAX_RATING else None


def date_parts(value):
    """(year, month or None) of a Date tag with a known year, else None: the PGN
    form YYYY.MM.DD (standard 8.1.1.3) or a year alone, space and tab around it
    ignored, a month or day of one or two digits or question marks ('??' =
    unknown); a month outside 1-12 is unknown without the year being so; any
    other form (1985-01-01, 23.01.01) has no year; year 0000 is no year."""
    value = (value or "").strip(" \t")
    parts = value.split(".")
    if len(parts) == 1:
        parts = parts + ["?", "?"]
    if len(parts) != 3:
        return None
    year, month, day = parts

    def part(text, widths):
        """None for unknown, the number, or False when the part is malformed."""
        if len(text) not in widths and not set(text) <= {"?"}:
            return False
        if text and set(text) <= {"?"}:
            return None
        if not (text.isascii() and text.isdigit()):
            return False
        return int(text)

    year, month, day = part(year, (4,)), part(month, (1, 2)), part(day, (1, 2))
    if any(p is False for p in (year, month, day)) or year is None or year == 0:
        return None
    known_month = month if month is not None and 1 <= month <= 12 else None
    return "%04d" % year, (None if known_month is None else "%02d" % known_month)


def bump(counts, key):
    counts[key] = counts.get(key, 0) + 1


def file_stats(path):
    s = {"games": 0, "plies": 0, "errors": 0, "results": {}, "fen_games": 0,
         "rated": 0, "rating_sum": 0, "eco": {}, "first_moves": {}, "years": {},
         "months": {}, "time_controls": {}, "terminations": {}}
    players = set()
    with open(path, encoding="latin-1", newline="") as f:
        handle = Handle(f)
        while True:
            handle.first = True
            try:
                game = chess.pgn.read_game(handle, Visitor=ResultBuilder)
            except Exception:  # python-chess can crash on odd input (see README)
                s["errors"] += 1
                continue
            if game is None:
                break
            h = game.headers
            s["games"] += 1
            s["errors"] += len(game.errors)
            moves = list(game.mainline_moves())
            s["plies"] += len(moves)
            bump(s["results"], game.stats_result)
            has_fen = "FEN" in h
            s["fen_games"] += int(has_fen)
            for name in ("White", "Black"):
                player = known(h.get(name))
                if player is not None:
                    players.add(player)
            for tag in ("WhiteElo", "BlackElo"):
                elo = rating(h.get(tag))
                if elo is not None:
                    s["rated"] += 1
                    s["rating_sum"] += elo
            eco = known(h.get("ECO"))
            if eco is not None:
                bump(s["eco"], eco)
            if moves and not has_fen:
                board = game.board()
                bump(s["first_moves"], board.san(moves[0]).rstrip("+#"))
            parts = date_parts(h.get("Date"))
            if parts is not None:
                bump(s["years"], parts[0])
                if parts[1] is not None:
                    bump(s["months"], parts[0] + "." + parts[1])
            for tag, key in (("TimeControl", "time_controls"), ("Termination", "terminations")):
                value = known(h.get(tag))
                if value is not None:
                    bump(s[key], value)
    s["players"] = len(players)
    return s


def main():
    if chess.__version__ != EXPECTED_VERSION:
        sys.exit(f"python-chess {EXPECTED_VERSION} needed, found {chess.__version__}")
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    corpus = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpus"
    out = sys.argv[2] if len(sys.argv) > 2 else "testdata/expected/corpus-stats-python-chess.json"
    files = {}
    for name in sorted(os.listdir(os.path.join(corpus, "games"))):
        if name.endswith(".pgn"):
            rel = "games/" + name
            files[rel] = file_stats(os.path.join(corpus, rel))
    doc = {
        "generator": "tools/expectations/corpus_stats.py",
        "python_chess": chess.__version__,
        "command": "python3 tools/expectations/corpus_stats.py CORPUS " + os.path.basename(out),
        "files": files,
    }
    with open(out, "w", encoding="utf-8", newline="\n") as o:
        json.dump(doc, o, indent=1, sort_keys=True, ensure_ascii=False)
        o.write("\n")


if __name__ == "__main__":
    main()
