#!/usr/bin/env python3
"""Independent per-game expectations for the arbiter agreement test, from python-chess.

For every *.pgn file in <corpus>/games and <corpus>/edge (sorted by name), read
games with chess.pgn.read_game() as python-chess does and write one TSV row per
game it returns.  See README.md next to this script for the columns and the
python-chess behaviours the data reflects.

Usage (from the repository root):
    python3 tools/expectations/corpus_games.py [CORPUS_DIR] [OUTPUT_TSV]

Defaults: /work/shared/corpus and testdata/expected/corpus-python-chess.tsv
(relative to the repository root).  Needs exactly python-chess 1.11.2
(pip install chess==1.11.2); only python-chess and the standard library.
"""

import logging
import os
import sys

import chess
import chess.pgn

EXPECTED_VERSION = "1.11.2"
SUBDIRS = ("games", "edge")
# The three exceptions Board.parse_san() raises (all ValueError subclasses).
MOVE_ERRORS = (chess.IllegalMoveError, chess.AmbiguousMoveError, chess.InvalidMoveError)
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
UTF8_BOM_AS_LATIN1 = "\xef\xbb\xbf"  # b"\xef\xbb\xbf" decoded as latin-1
ERRORS_MAX = 300
COLUMNS = ["path", "game", "start", "end", "variant", "illegal", "illegal_in_variation",
           "illegal_in_mainline", "errors", "null_moves", "white", "black", "mainline_plies"]


class RecordingBuilder(chess.pgn.GameBuilder):
    """chess.pgn.GameBuilder that also notes where each error happened.

    read_game() calls begin_parse_san(board, token) and then, if parse_san
    fails, handle_error(error).  At that moment variation_stack[-1] is the node
    the move would hang from, so len(variation_stack) > 1 means the token is
    inside a variation.

    python-chess 1.11.2 quirk: after a move error inside a variation, the
    closing ")" pops the builder's variation stack but not read_game's board
    stack, so the following (mainline) tokens are parsed against the stale
    variation board.  An error raised there is reported "in the mainline" by
    python-chess although the mainline may be fine.  We detect it by comparing
    the board read_game parsed against with the board of the builder's node,
    and then check the token against the real position.
    """

    def begin_game(self):
        super().begin_game()
        self.sites = []  # parallel to game.errors
        self.san_board = None
        self.san = None

    def begin_parse_san(self, board, san):
        self.san_board = board
        self.san = san
        return super().begin_parse_san(board, san)

    def handle_error(self, error):
        # GameBuilder.handle_error() minus the log line.
        self.game.errors.append(error)
        if not isinstance(error, MOVE_ERRORS):
            self.sites.append("header")  # unsupported Variant / invalid FEN
        elif len(self.variation_stack) > 1:
            self.sites.append("variation")
        else:
            try:
                real = self.variation_stack[-1].board()
            except (IndexError, ValueError):
                real = None
            if real is None or real.fen() == self.san_board.fen():
                self.sites.append("mainline")
            else:
                # Parsed on a stale board.  A result token only reaches
                # parse_san because read_game's board stack is too deep; any
                # other token: is it bad on the real position too?
                if self.san in RESULTS:
                    self.sites.append("stale")
                    return
                try:
                    real.parse_san(self.san)
                except Exception:
                    self.sites.append("mainline")  # bad either way
                else:
                    self.sites.append("stale")  # only an artefact of the quirk


class Handle:
    """What read_game() reads from: the latin-1 text file (1 char == 1 byte, so
    tell() is the byte offset).  python-chess strips U+FEFF from the first line
    each read_game() reads; with latin-1 a UTF-8 BOM arrives as "\\xef\\xbb\\xbf",
    so strip that on the same line to get python-chess's behaviour on UTF-8 input.
    """

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


def clean(text):
    """latin-1 text (= raw bytes) -> TSV field: UTF-8 where the bytes are valid
    UTF-8, a \\xNN escape for any other byte; tab/CR/LF become spaces."""
    text = text.encode("latin-1").decode("utf-8", errors="backslashreplace")
    return text.replace("\t", " ").replace("\r", " ").replace("\n", " ")


def count_null_moves(game):
    count, stack = 0, [game]
    while stack:  # iterative: some games are > 1000 plies deep
        node = stack.pop()
        for child in node.variations:
            if not child.move:  # chess.Move.null() is falsy (drops are not)
                count += 1
            stack.append(child)
    return count


def mainline_plies(game):
    count, node = 0, game
    while node.variations:
        node = node.variations[0]
        count += 1
    return count


def file_rows(corpus, rel):
    with open(os.path.join(corpus, rel), encoding="latin-1", newline="") as f:
        index = 0
        while True:
            builders = []

            def visitor():
                builders.append(RecordingBuilder())
                return builders[-1]

            start = f.tell()
            crash = None
            try:
                game = chess.pgn.read_game(Handle(f), Visitor=visitor)
            except Exception as e:  # python-chess itself raised (see README)
                crash = e
                game = builders[-1].game
            end = f.tell()
            if game is None:
                return
            index += 1
            sites = builders[-1].sites
            errors = [f"{type(e).__name__}: {e}" for e in game.errors]
            if crash is not None:
                errors.append(f"read_game raised {type(crash).__name__}: {crash}")
            yield [
                rel,
                str(index),
                str(start),
                str(end),
                clean(game.headers.get("Variant", "").lower()),
                "1" if any(s != "header" for s in sites) else "0",
                "1" if "variation" in sites else "0",
                "1" if "mainline" in sites else "0",
                clean("; ".join(errors))[:ERRORS_MAX],
                str(count_null_moves(game)),
                clean(game.headers.get("White", "")),
                clean(game.headers.get("Black", "")),
                str(mainline_plies(game)),
            ]


def main():
    if chess.__version__ != EXPECTED_VERSION:
        sys.exit(f"need python-chess {EXPECTED_VERSION}, found {chess.__version__}")
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

    corpus = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpus"
    out = sys.argv[2] if len(sys.argv) > 2 else "testdata/expected/corpus-python-chess.tsv"

    paths = []
    for sub in SUBDIRS:
        names = os.listdir(os.path.join(corpus, sub))
        paths += [f"{sub}/{n}" for n in sorted(names) if n.endswith(".pgn")]

    rows = [row for rel in paths for row in file_rows(corpus, rel)]

    with open(out, "w", encoding="utf-8", newline="\n") as o:
        o.write(f"# python-chess {chess.__version__}, Python {sys.version.split()[0]}\n")
        o.write("# generated by (from the repository root):\n")
        o.write("#   python3 tools/expectations/corpus_games.py /work/shared/corpus testdata/expected/corpus-python-chess.tsv\n")
        o.write("# one row per game chess.pgn.read_game() returns; columns: tools/expectations/README.md\n")
        o.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            o.write("\t".join(row) + "\n")
    print(f"wrote {len(rows)} games from {len(paths)} files to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
