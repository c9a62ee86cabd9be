#!/usr/bin/env python3
"""Expected counts of `arbiter select --where EXPR --count` (issue 15), with python-chess: each
expression of tests/cli/select.rs re-implemented as a Python predicate over python-chess's
reading of the game (tags; the main line replayed for plies, positions and material).

    python3 tools/expectations/select_counts.py FILE.pgn

Prints `count<TAB>expression` for every expression below.
"""
import re
import sys

import chess
import chess.pgn

NAJDORF = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq -"


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def contains(name, needle):
    """`~`: containment, case ignored (issue 31: one meaning for every field)."""
    return needle.lower() in name.lower()


def speed(tc):
    """The class of a TimeControl value by lichess's thresholds (README, `arbiter games`)."""
    if tc is None:
        return "unknown"
    tc = tc.strip()
    if tc == "-":
        return "correspondence"
    first = tc.split(":")[0]
    moves, _, clock = first.rpartition("/")
    base, _, inc = clock.partition("+")
    seconds = re.compile(r"[0-9]{1,12}(\.[0-9]{1,6})?")
    if not seconds.fullmatch(base) or (inc and not seconds.fullmatch(inc)):
        return "unknown"
    if moves:
        if not re.fullmatch(r"[0-9]{1,12}", moves):
            return "unknown"
        if int(moves) > 0 and float(base) / int(moves) >= 3600:
            return "correspondence"
    t = float(base) + 40 * float(inc or 0)
    for limit, name in ((30, "ultrabullet"), (180, "bullet"), (480, "blitz"), (1500, "rapid")):
        if t < limit:
            return name
    return "classical"


def material(board):
    out = []
    for color in (chess.WHITE, chess.BLACK):
        side = ""
        for piece, letter in zip((chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN), "KQRBNP"):
            side += letter * len(board.pieces(piece, color))
        out.append(side)
    return "v".join(out)


def facts(game):
    board = game.board()
    positions = {board.epd()}
    materials = {material(board)}
    plies = 0
    for move in game.mainline_moves():
        board.push(move)
        plies += 1
        positions.add(board.epd())
        materials.add(material(board))
    return plies, positions, materials, material(board)


EXPRESSIONS = [
    ("WhiteElo >= 2700", lambda h, f: (number(h.get("WhiteElo")) or 0) >= 2700),
    ('Result == "1-0"', lambda h, f: h.get("Result") == "1-0"),
    ("player ~ Anand", lambda h, f: contains(h.get("White", ""), "Anand") or contains(h.get("Black", ""), "Anand")),
    ("eco in B20..B99", lambda h, f: "B20" <= h.get("ECO", "").upper() <= "B99" and "ECO" in h),
    ("Date >= 2015.01.01", lambda h, f: h.get("Date", "").replace("?", "0") >= "2015.01.01"),
    # A year or a month as a bound is the whole period (the year of the Date tag as written).
    ("Date == 2012", lambda h, f: h.get("Date", "")[:4] == "2012"),
    ("Date in 2010..2012", lambda h, f: "2010" <= h.get("Date", "")[:4] <= "2012" and h.get("Date", "")[:4].isdigit()),
    ("Date == 2012.07", lambda h, f: h.get("Date", "")[:7] == "2012.07"),
    ("Date > 2012", lambda h, f: h.get("Date", "")[:4].isdigit() and h.get("Date", "")[:4] > "2012"),
    ("plies >= 80", lambda h, f: f()[0] >= 80),
    (f'position == "{NAJDORF}"', lambda h, f: NAJDORF in f()[1]),
    ('material == "KRvKR"', lambda h, f: "KRvKR" in f()[2]),
    ('final-material == "KRPvKR"', lambda h, f: f()[3] == "KRPvKR"),
    ("speed == blitz", lambda h, f: speed(h.get("TimeControl")) == "blitz"),
    ("speed == bullet and BlackElo > 2000", lambda h, f: speed(h.get("TimeControl")) == "bullet" and (number(h.get("BlackElo")) or 0) > 2000),
]


def main():
    counts = [0] * len(EXPRESSIONS)
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            cache = []

            def lazy():
                if not cache:
                    cache.append(facts(game))
                return cache[0]

            for i, (_, predicate) in enumerate(EXPRESSIONS):
                counts[i] += bool(predicate(game.headers, lazy))
    for (expr, _), n in zip(EXPRESSIONS, counts):
        print(f"{n}\t{expr}")


if __name__ == "__main__":
    main()
