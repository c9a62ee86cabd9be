#!/usr/bin/env python3
"""Expected groups of `arbiter dedup` (issue 15), computed with python-chess, independently of
arbiter: the README's definitions of the levels re-implemented over python-chess's reading of the
games.

    python3 tools/expectations/dedup.py FILE.pgn... [--by moves|game|prefix] [--keep first|best]

Prints one line per group (game numbers are 1-based over all files, in input order; the kept one
is marked with *), then `games G duplicates D unique U`. tests/cli/dedup.rs holds the output for
testdata/dedup/*.pgn; the README's corpus numbers come from it too.
"""
import argparse
import re

import chess.pgn


def words(text):
    return [w.lower() for w in re.findall(r"[^\W_]+", text)]


def name_key(name):
    """Surname words, then the initial of the first given name (README: Names)."""
    name = name.strip()
    if "," in name:
        surname, given = name.split(",", 1)
        surname, given = words(surname), words(given)
    else:
        all_words = words(name)
        surname, given = all_words[-1:], all_words[:-1]
    key = " ".join(surname)
    if given:
        key = (key + " " if key else "") + given[0][0]
    return key


def date_key(date):
    date = date.strip().replace("-", ".").replace("/", ".")
    return "" if set(date) <= set("?.") else date


def annotations(game):
    n = 0
    for node in game.mainline():
        n += bool(node.comment) + len(node.nags)
    return n


def read(paths):
    games = []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                h = game.headers
                moves = tuple(m.uci() for m in game.mainline_moves())
                start = game.board().fen() if "FEN" in h else ""
                games.append(
                    dict(
                        number=len(games) + 1,
                        moves=moves,
                        start=start,
                        white=name_key(h.get("White", "")),
                        black=name_key(h.get("Black", "")),
                        result=h.get("Result", "").strip(),
                        date=date_key(h.get("Date", "")),
                        tags=len(h),
                        annotations=annotations(game),
                    )
                )
    return games


def groups(games, by):
    if by in ("moves", "game"):
        buckets = {}
        for g in games:
            key = (g["start"], g["moves"])
            if by == "game":
                key += (g["white"], g["black"], g["result"], g["date"])
            buckets.setdefault(key, []).append(g)
        return [b for b in buckets.values() if len(b) > 1]
    # prefix: same players and start; a main line that starts the next one in sorted order
    out = []
    buckets = {}
    for g in games:
        buckets.setdefault((g["white"], g["black"], g["start"]), []).append(g)
    for bucket in buckets.values():
        bucket.sort(key=lambda g: (g["moves"], g["number"]))
        chain = [bucket[0]]
        for g in bucket[1:]:
            last = chain[-1]["moves"]
            if g["moves"][: len(last)] == last:
                chain.append(g)
            else:
                if len(chain) > 1:
                    out.append(chain)
                chain = [g]
        if len(chain) > 1:
            out.append(chain)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+")
    parser.add_argument("--by", default="game")
    parser.add_argument("--keep", default="first")
    args = parser.parse_args()
    games = read(args.files)
    found = groups(games, args.by)
    found = [sorted(g, key=lambda g: g["number"]) for g in found]
    found.sort(key=lambda g: g[0]["number"])
    duplicates = 0
    for group in found:
        if args.keep == "first":
            kept = group[0]
        else:
            kept = max(group, key=lambda g: (len(g["moves"]), g["tags"], g["annotations"], -g["number"]))
        duplicates += len(group) - 1
        print(" ".join(f"{g['number']}{'*' if g is kept else ''}" for g in group))
    print(f"games {len(games)} duplicates {duplicates} unique {len(games) - duplicates}")


if __name__ == "__main__":
    main()
