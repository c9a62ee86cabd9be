#!/usr/bin/env python3
"""Independent per-move expectations for `arbiter moves`, from python-chess.

For each PGN file given, read the games with chess.pgn.read_game() and write one
JSON object per main-line move to standard output, with the keys of
`arbiter moves --fen --format jsonl` that python-chess can tell:

    game, ply, move_number, side, san, uci, fen, clk, emt, eval_cp, eval_mate, eval_depth

`clock_s` and `time_spent_s` are computed here from python-chess's clock()/emt()
and the TimeControl header by the rule of the README (Fischer increment, a
period's time added after its last move, a first move whose clock shows the
first period's time unchanged took 0 s; nothing computed for correspondence or
without a time control), in whole milliseconds.

`game` is the 1-based index of the game in its file as python-chess counts
(use files with a blank line between games, where both agree); `fen` is
Board.fen() (en passant square only when a capture is legal); `clk`/`emt`
are GameNode.clock()/emt() in seconds; the evaluation is GameNode.eval() from
White's point of view (centipawns or mate in N) and eval_depth(); `setup` is
the game's FEN tag (or null). A main line
ends at python-chess's first move error, as arbiter's does. Each line starts
with the file name as given: {"file": ..., ...}.

With --games first, one object per game instead: file, game, plies (main-line
moves), illegal (python-chess reported a move error), final_fen (the last
position of the main line), tags (the headers python-chess read), typed (the
typed columns of `arbiter games` read here from those tags by the README's
rules: date (ISO, when a day of the calendar), year, month, day, white_elo,
black_elo, ply_count, utc_date, utc_time, time_control_base_s, time_control_increment_s,
time_control_moves) and opening:
the lichess chess-openings line (ECO, name) whose final position, keyed by
python-chess's EPD (en passant only when a capture is legal), is the deepest
one of the game's first 36 main-line plies (the longest line), with that ply,
or null (a game from a FEN, or none reached). The TSV files are read from
../shared/openings (the published copy) when it exists, else data/openings.

Usage: python3 tools/expectations/moves_oracle.py [--games] FILE.pgn...
Needs python-chess (pip install chess); used by tests/cli/tables.rs.
"""

import datetime
import glob
import json
import logging
import math
import os
import re
import sys

import chess
import chess.pgn


SECONDS = r"[0-9]{1,12}(?:\.[0-9]{1,6})?"
PERIOD = re.compile(r"(?:([0-9]{1,12})/)?(%s)(?:\+(%s))?" % (SECONDS, SECONDS))


def time_control(value):
    """The periods [(moves or None, seconds, increment)] of a TimeControl value,
    "noclock" for "-", or None when it is no time control."""
    if value is None:
        return None
    value = value.strip()
    if value == "-":
        return "noclock"
    periods = []
    for field in value.split(":"):
        m = PERIOD.fullmatch(field)
        if not m or len(periods) == 8 or (periods and periods[-1][0] is None):
            return None
        moves = int(m.group(1)) if m.group(1) is not None else None
        if moves == 0:
            return None
        periods.append((moves, float(m.group(2)), float(m.group(3) or 0)))
    return periods


def correspondence(periods):
    if periods == "noclock":
        return True
    moves, seconds, _ = periods[0]
    return moves is not None and seconds / moves >= 3600


def at_move(periods, number):
    """(increment, seconds added after the move) of a player's move `number`."""
    before = 0
    for i, (moves, seconds, inc) in enumerate(periods):
        if moves is None:
            return inc, 0.0
        end = before + moves
        last = i == len(periods) - 1
        if number <= end or last:
            ends = number == end if number <= end else (number - end) % moves == 0
            following = periods[i + 1] if i + 1 < len(periods) else periods[i]
            return inc, following[1] if ends else 0.0
        before = end
    return None


def ms(seconds):
    return math.floor(seconds * 1000 + 0.5)


class Clocks:
    """The clock after each move and the time spent on it (the README's rule)."""

    def __init__(self, value):
        periods = time_control(value)
        self.periods = None if periods is None or correspondence(periods) else periods
        self.after = {chess.WHITE: None, chess.BLACK: None}
        self.moved = set()

    def update(self, color, number, clk, emt):
        clock, spent = clk, emt
        if self.periods is None:
            return clock, spent
        first = color not in self.moved
        self.moved.add(color)
        before = ms(self.periods[0][1]) if first else self.after[color]
        inc, added = at_move(self.periods, number)
        gained = ms(inc) + ms(added)
        if clk is not None:
            if emt is None and before is not None:
                if first and ms(clk) == before:
                    spent = 0.0
                else:
                    spent = (before - ms(clk) + gained) / 1000
            self.after[color] = ms(clk)
        elif emt is not None:
            after = None if before is None else before - ms(emt) + gained
            clock = None if after is None else after / 1000
            self.after[color] = after
        else:
            self.after[color] = None
        return clock, spent


def number(value):
    if value is None:
        return None
    value = value.strip(" \t")
    return int(value) if re.fullmatch(r"[0-9]{1,9}", value) else None


def date(value):
    """(iso or None, year, month, day) of a date tag."""
    none = (None, None, None, None)
    if value is None:
        return none
    value = value.strip(" \t")
    m = re.fullmatch(r"([0-9]{4}|\?+)(?:\.([0-9]{1,2}|\?+)\.([0-9]{1,2}|\?+))?", value)
    if not m:
        return none
    part = lambda text: None if text is None or text.startswith("?") else int(text)
    year, month, day = part(m.group(1)), part(m.group(2)), part(m.group(3))
    year = year if year is not None and year >= 1 else None
    month = month if month is not None and 1 <= month <= 12 else None
    day = day if day is not None and 1 <= day <= 31 else None
    iso = None
    if None not in (year, month, day):
        try:
            iso = datetime.date(year, month, day).isoformat()
        except ValueError:
            pass
    return iso, year, month, day


def time(value):
    """HH:MM:SS of a time tag, or None."""
    m = re.fullmatch(r"([0-9]{2}):([0-9]{2}):([0-9]{2})", (value or "").strip(" \t"))
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59 or int(m.group(3)) > 59:
        return None
    return m.group(0)


def typed(headers):
    iso, year, month, day = date(headers.get("Date"))
    periods = time_control(headers.get("TimeControl"))
    first = periods[0] if periods not in (None, "noclock") else None
    return {
        "date": iso,
        "year": year,
        "month": month,
        "day": day,
        "white_elo": number(headers.get("WhiteElo")),
        "black_elo": number(headers.get("BlackElo")),
        "ply_count": number(headers.get("PlyCount")),
        "utc_date": date(headers.get("UTCDate"))[0],
        "utc_time": time(headers.get("UTCTime")),
        "time_control_base_s": first[1] if first else None,
        "time_control_increment_s": first[2] if first else None,
        "time_control_moves": first[0] if first else None,
    }


def rows(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        index = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            index += 1
            board = game.board()
            clocks = Clocks(game.headers.get("TimeControl"))
            for ply, node in enumerate(game.mainline(), 1):
                move = node.move
                clock, spent = clocks.update(board.turn, board.fullmove_number, node.clock(), node.emt())
                row = {
                    "file": path,
                    "game": index,
                    "ply": ply,
                    "move_number": board.fullmove_number,
                    "side": "w" if board.turn == chess.WHITE else "b",
                    "san": board.san(move),
                    "uci": board.uci(move),
                }
                board.push(move)
                score = node.eval()
                white = score.white() if score is not None else None
                row.update({
                    "setup": game.headers.get("FEN"),
                    "fen": board.fen(),
                    "clk": node.clock(),
                    "emt": node.emt(),
                    "clock_s": clock,
                    "time_spent_s": spent,
                    "eval_cp": white.score() if white is not None and not white.is_mate() else None,
                    "eval_mate": white.mate() if white is not None and white.is_mate() else None,
                    "eval_depth": node.eval_depth(),
                })
                yield row


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def book():
    shared = os.path.join(ROOT, "..", "shared", "openings")
    folder = shared if os.path.isdir(shared) else os.path.join(ROOT, "data", "openings")
    lines = {}
    for path in sorted(glob.glob(os.path.join(folder, "?.tsv"))):
        with open(path, encoding="utf-8") as f:
            next(f)
            for line in f:
                eco, name, pgn = line.rstrip("\n").split("\t")
                board = chess.Board()
                for word in pgn.split():
                    if not word[0].isdigit():
                        board.push_san(word)
                lines.setdefault(board.epd(), (eco, name))
    return lines


BOOK = None


def opening(game):
    global BOOK
    if BOOK is None:
        BOOK = book()
    board = game.board()
    if board.epd() != chess.Board().epd():
        return None
    best = None
    for ply, move in enumerate(game.mainline_moves(), start=1):
        if ply > 36:
            break
        board.push(move)
        if board.epd() in BOOK:
            eco, name = BOOK[board.epd()]
            best = {"eco": eco, "name": name, "ply": ply}
    return best


def games(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        index = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            index += 1
            board = game.end().board()
            yield {
                "file": path,
                "game": index,
                "plies": board.ply() - game.board().ply(),
                "illegal": bool(game.errors),
                "final_fen": board.fen(),
                "tags": dict(game.headers),
                "typed": typed(game.headers),
                "opening": opening(game),
            }


def main():
    logging.disable(logging.CRITICAL)
    out = sys.stdout
    args = sys.argv[1:]
    table = rows
    if args and args[0] == "--games":
        table = games
        args = args[1:]
    for path in args:
        for row in table(path):
            out.write(json.dumps(row, ensure_ascii=False))
            out.write("\n")


if __name__ == "__main__":
    main()
