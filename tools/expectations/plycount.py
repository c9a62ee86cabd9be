#!/usr/bin/env python3
"""PlyCount tags that are not the plies of the main line, by python-chess.

For every *.pgn file in <corpus>/games and <corpus>/edge (sorted by name), read the
games with chess.pgn.read_game() and print one JSON line per file:
{"path": "games/x.pgn", "mismatches": [[plycount, plies], ...]} where plycount is
the PlyCount tag's value with the white space around it removed, when that is a
whole number, plies the length of the main line, for the games python-chess reads
without an error (game.errors empty) and whose PlyCount text is not str(plies)
(PGN standard 9.2.1: PlyCount is the plies of the game). "crashed" is true when
python-chess raised on the file (it has then read only part of it).

Usage: python3 tools/expectations/plycount.py [CORPUS_DIR]
"""

import io
import json
import logging
import os
import sys

import chess.pgn

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpus"
    for sub in ("games", "edge"):
        folder = os.path.join(corpus, sub)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".pgn"):
                continue
            mismatches, crashed = [], False
            with open(os.path.join(folder, name), encoding="utf-8", errors="replace",
                      newline="") as f:
                while True:
                    try:
                        game = chess.pgn.read_game(f)
                    except Exception:  # python-chess 1.11.2 fails on some edge files
                        crashed = True
                        break
                    if game is None:
                        break
                    if game.errors:
                        continue
                    value = game.headers.get("PlyCount")
                    if value is None:
                        continue
                    value = value.strip()
                    if not value.isascii() or not value.isdigit():
                        continue
                    plies = sum(1 for _ in game.mainline_moves())
                    if value != str(plies):
                        mismatches.append([value, plies])
            print(json.dumps({"path": f"{sub}/{name}", "mismatches": mismatches,
                              "crashed": crashed}))


main()
