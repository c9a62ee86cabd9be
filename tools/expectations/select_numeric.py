#!/usr/bin/env python3
"""Expected counts of `arbiter select --count --where 'WhiteElo >= 2700'` and `... < 1000` over
the shared corpus (`games/` and `edge/`), with python-chess (issue 32): a game counts when its
WhiteElo tag, as python-chess reads the headers, is a number (digits, an optional `-` and
decimal part) that satisfies the comparison; `?`, `-`, empty and other text never do.

    python3 tools/expectations/select_numeric.py /work/shared/corpus

Prints `file<TAB>games<TAB>>=2700<TAB><1000` per file and a `total` line.

Two habits of the corpus files would make python-chess read games other than the ones PGN
writes, and each file is given to it with them undone (the tags are never touched):
* a tag section right after a movetext line, without the blank line between (the chess.com
  exports): a blank line is put before it (python-chess reads the tags as movetext otherwise);
* a game of tags only, followed by a blank line and the next game's tags (lichess broadcasts):
  a `*` movetext is put after it (python-chess reads the next game's tags into it otherwise).
"""
import io
import logging
import pathlib
import re
import sys

import chess.pgn

logging.disable(logging.CRITICAL)
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")
TAG = re.compile(r"\[[A-Za-z0-9_]+\s")


def text_of(path):
    raw = path.read_bytes().decode("latin-1")
    if raw.startswith("\xef\xbb\xbf"):
        raw = raw[3:]
    out, last, blank = [], "", False
    for line in raw.splitlines(keepends=True):
        s = line.strip()
        if not s:
            blank = True
            out.append(line)
            continue
        if TAG.match(s):
            if last == "moves" and not blank:
                out.append("\n")
            if last == "tag" and blank:
                out.append("*\n\n")
            last = "tag"
        else:
            last = "moves"
        blank = False
        out.append(line)
    return "".join(out)


def main():
    root = pathlib.Path(sys.argv[1])
    total = [0, 0, 0]
    for sub in ("games", "edge"):
        for path in sorted((root / sub).glob("*.pgn")):
            f = io.StringIO(text_of(path))
            games = at_least = below = 0
            while True:
                headers = chess.pgn.read_headers(f)
                if headers is None:
                    break
                games += 1
                elo = headers.get("WhiteElo")
                if elo is not None and NUMBER.fullmatch(elo):
                    at_least += float(elo) >= 2700
                    below += float(elo) < 1000
            print(f"{sub}/{path.name}\t{games}\t{at_least}\t{below}")
            for i, n in enumerate((games, at_least, below)):
                total[i] += n
    print("total", *total, sep="\t")


if __name__ == "__main__":
    main()
