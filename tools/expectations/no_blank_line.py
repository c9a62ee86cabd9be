#!/usr/bin/env python3
"""Games whose tag section follows the previous game with no blank line, by line rules alone.

For every *.pgn file in <corpus>/games and <corpus>/edge (sorted by name), print one JSON
line {"path": "games/x.pgn", "lines": [N, ...]}: the 1-based numbers of the lines that start
with a tag pair (`[Name "`) and directly follow a line whose last word is a game-termination
marker (`1-0`, `0-1`, `1/2-1/2`, `*`): a new game whose tag section starts on the line after
the previous game's end (the PGN export format puts a blank line there; chess.com exports do not).
Lines end with LF or CRLF; the text is read as bytes (only the standard library).

Usage: python3 tools/expectations/no_blank_line.py [CORPUS_DIR]
"""

import json
import os
import re
import sys

TAG = re.compile(rb"\[[A-Za-z0-9_]+\s+\"")
MARKERS = (b"1-0", b"0-1", b"1/2-1/2", b"*")


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpus"
    for sub in ("games", "edge"):
        folder = os.path.join(corpus, sub)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".pgn"):
                continue
            with open(os.path.join(folder, name), "rb") as f:
                lines = f.read().split(b"\n")
            found = []
            for i in range(1, len(lines)):
                words = lines[i - 1].split()
                if TAG.match(lines[i]) and words and words[-1] in MARKERS:
                    found.append(i + 1)
            print(json.dumps({"path": f"{sub}/{name}", "lines": found}))


main()
