#!/usr/bin/env python3
"""python-chess expectations for the FIDE draw rules on the corpus (`arbiter audit`).

For every *.pgn file in <corpus>/games and <corpus>/edge (sorted by name), read
the games exactly as corpus_games.py does (same reader, same byte offsets),
replay each game's main line from its start position and note, for every
position along it (ply 0 = start position, ply k = after the k-th move), what
python-chess says about

    Board.is_fivefold_repetition()
    Board.is_seventyfive_moves()
    Board.is_insufficient_material()
    Board.can_claim_threefold_repetition()
    Board.can_claim_fifty_moves()

plus one column for the positions where the fifty-move rule as the FIDE Laws
word it (RULES.md) allows a claim that can_claim_fifty_moves() refuses.  Only
games where some list is non-empty, or whose replay stopped before the end of
python-chess's main line, get a row.  See README.md next to this script for
the columns and the python-chess behaviours behind the data.

Runs on JOBS (default 2) processes; FULL=1 asks every python-chess method at
every ply instead of only where it can be true (same output, about 6x slower).

Usage (from the repository root):
    python3 tools/expectations/corpus_audit.py [CORPUS_DIR] [OUTPUT_TSV]

Defaults: /work/shared/corpus and testdata/expected/corpus-audit-python-chess.tsv
(relative to the repository root).  Needs exactly python-chess 1.11.2
(pip install chess==1.11.2); only python-chess and the standard library.
"""

import logging
import os
import sys
from concurrent.futures import ProcessPoolExecutor

import chess
import chess.pgn

sys.dont_write_bytecode = True  # no __pycache__ next to the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus_games  # noqa: E402  (same reader: RecordingBuilder, Handle, version)

EXPECTED_VERSION = corpus_games.EXPECTED_VERSION
SUBDIRS = corpus_games.SUBDIRS
COLUMNS = ["path", "game", "start", "end", "plies", "stop", "fivefold", "seventyfive",
           "insufficient", "threefold_claimable", "fifty_claimable", "fifty_fide_only"]
LISTS = COLUMNS[6:]
FULL = os.environ.get("FULL") == "1"


class MainlineBuilder(corpus_games.RecordingBuilder):
    """RecordingBuilder that also catches main-line moves parsed on a stale board.

    After a move error inside a variation, python-chess 1.11.2 parses the
    following main-line tokens against the old variation board (see
    corpus_games.RecordingBuilder) and may attach the resulting moves to the
    main line.  Once a variation error has happened, each main-line move is
    checked against the real position: if the token does not mean the same
    move there, the node is marked bad and the replay stops before it.
    """

    def begin_game(self):
        super().begin_game()
        self.variation_error = False
        self.bad_nodes = set()  # id() of main-line nodes that hold a stale-board move

    def handle_error(self, error):
        super().handle_error(error)
        if self.sites and self.sites[-1] == "variation":
            self.variation_error = True

    def visit_move(self, board, move):
        stale_bad = False
        if self.variation_error and len(self.variation_stack) == 1:
            real = self.variation_stack[-1].board()
            if real.fen() != board.fen():
                try:
                    stale_bad = real.parse_san(self.san) != move
                except ValueError:
                    stale_bad = True
        super().visit_move(board, move)
        if stale_bad:
            self.bad_nodes.add(id(self.variation_stack[-1]))


def standard_or_960(game):
    """The start position, or None when arbiter's comparison does not apply:
    a Variant other than standard chess / Chess960 (python-chess would use
    another board class, or does not know the variant) or an unusable FEN."""
    try:
        if game.headers.variant() is not chess.Board:
            return None
        return game.board()  # chess960=True from the Variant tag, as read_game does
    except ValueError:
        return None


def fide_fifty(board, has_moves):
    """Fifty-move claim as RULES.md words art. 9.3: the last 100 plies were
    quiet, or a legal non-pawn, non-capture move completes them -- even a move
    that gives checkmate or stalemate.  (No claim in a position without legal
    moves: the game is already over.)"""
    if not has_moves:
        return False
    if board.halfmove_clock >= 100:
        return True
    return board.halfmove_clock == 99 and any(
        not board.is_zeroing(m) for m in board.generate_legal_moves())


def ranges(plies):
    """[3, 4, 5, 9] -> "3-5,9"."""
    out, i = [], 0
    while i < len(plies):
        j = i
        while j + 1 < len(plies) and plies[j + 1] == plies[j] + 1:
            j += 1
        out.append(str(plies[i]) if i == j else f"{plies[i]}-{plies[j]}")
        i = j + 1
    return ",".join(out)


def replay(game, bad_nodes, board, stats):
    """Replays the main line; returns (plies, stop, {column: [plies]}), where
    stop says why the replay ended before python-chess's main line did
    ("null-move", "stale-board", "illegal") or is "".

    The answers are python-chess's own, from the four Board methods.  To save
    time they are only asked where they can be true: a repetition needs the
    position to stand in the window since the last irreversible move (the
    window both methods search, Board.is_irreversible) -- five times for
    fivefold, and for a threefold claim some position there twice; the
    fifty/seventy-five-move methods start with the halfmove clock.  FULL=1 in
    the environment asks every method at every ply (same output, slower).
    """
    found = {c: [] for c in LISTS}
    window = {}  # _transposition_key() -> occurrences since the last irreversible move
    most = 0  # max(window.values())

    def note(ply):
        key = board._transposition_key()
        window[key] = window.get(key, 0) + 1
        nonlocal most
        most = max(most, window[key])
        if (FULL or window[key] >= 5) and board.is_fivefold_repetition():
            found["fivefold"].append(ply)
        elif FULL and window[key] >= 5:
            raise AssertionError(f"prefilter: fivefold {board.fen()}")
        if board.is_insufficient_material():
            found["insufficient"].append(ply)
        if (FULL or most >= 2) and board.can_claim_threefold_repetition():
            found["threefold_claimable"].append(ply)
        elif FULL and most < 2 and board.can_claim_threefold_repetition():
            raise AssertionError(f"prefilter: threefold {board.fen()}")
        if not FULL and board.halfmove_clock < 99:
            return
        has_moves = any(board.generate_legal_moves())
        if board.is_seventyfive_moves():
            found["seventyfive"].append(ply)
        elif board.halfmove_clock >= 150 and not board.is_checkmate():
            stats["seventyfive_fide_only"] += 1  # stalemate on a clock >= 150
        py_fifty = board.can_claim_fifty_moves()
        if py_fifty:
            found["fifty_claimable"].append(ply)
        fide = fide_fifty(board, has_moves)
        if fide and not py_fifty:
            found["fifty_fide_only"].append(ply)
        elif py_fifty and not fide:
            raise AssertionError(f"can_claim_fifty_moves() true, FIDE rule false: {board.fen()}")

    ply, node, stop = 0, game, ""
    note(0)
    while node.variations:
        child = node.variations[0]
        move = child.move
        if id(child) in bad_nodes:
            stop = "stale-board"
        elif not move:  # a null move is not a move in the Laws of Chess (arbiter stops too)
            stop = "null-move"
        elif not board.is_legal(move):  # cannot happen without the stale-board quirk
            stop = "illegal"
        if stop:
            stats[f"stopped_{stop.replace('-', '_')}"] += 1
            break
        if board.is_irreversible(move):
            window.clear()
            most = 0
        board.push(move)
        ply += 1
        node = child
        note(ply)
    return ply, stop, found


def file_rows(corpus, rel):
    """(rows, stats) for one corpus file."""
    stats = {k: 0 for k in ("games", "examined", "skipped_variant", "plies", "stopped_null_move",
                            "stopped_stale_board", "stopped_illegal", "seventyfive_fide_only")}
    stats.update({f"games_{c}": 0 for c in LISTS})
    stats.update({f"plies_{c}": 0 for c in LISTS})
    rows = []
    with open(os.path.join(corpus, rel), encoding="latin-1", newline="") as f:
        index = 0
        while True:
            builders = []

            def visitor():
                builders.append(MainlineBuilder())
                return builders[-1]

            start = f.tell()
            try:
                game = chess.pgn.read_game(corpus_games.Handle(f), Visitor=visitor)
            except Exception:  # python-chess itself raised: keep the partial game
                game = builders[-1].game
            end = f.tell()
            if game is None:
                break
            index += 1
            stats["games"] += 1
            board = standard_or_960(game)
            if board is None:
                stats["skipped_variant"] += 1
                continue
            stats["examined"] += 1
            plies, stop, found = replay(game, builders[-1].bad_nodes, board, stats)
            stats["plies"] += plies
            for c in LISTS:
                if found[c]:
                    stats[f"games_{c}"] += 1
                    stats[f"plies_{c}"] += len(found[c])
            if stop or any(found.values()):
                rows.append([rel, str(index), str(start), str(end), str(plies), stop]
                            + [ranges(found[c]) for c in LISTS])
    return rows, stats


def work(args):
    return file_rows(*args)


def main():
    if chess.__version__ != EXPECTED_VERSION:
        sys.exit(f"need python-chess {EXPECTED_VERSION}, found {chess.__version__}")
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

    corpus = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/corpus"
    out = sys.argv[2] if len(sys.argv) > 2 else "testdata/expected/corpus-audit-python-chess.tsv"
    jobs = int(os.environ.get("JOBS", "2"))

    paths = []
    for sub in SUBDIRS:
        names = os.listdir(os.path.join(corpus, sub))
        paths += [f"{sub}/{n}" for n in sorted(names) if n.endswith(".pgn")]

    # Largest files first for the pool; results are put back in path order.
    order = sorted(paths, key=lambda p: -os.path.getsize(os.path.join(corpus, p)))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        done = dict(zip(order, pool.map(work, [(corpus, p) for p in order])))
    rows, total = [], {}
    for p in paths:
        file_rows_, stats = done[p]
        rows += file_rows_
        for k, v in stats.items():
            total[k] = total.get(k, 0) + v

    with open(out, "w", encoding="utf-8", newline="\n") as o:
        o.write(f"# python-chess {chess.__version__}, Python {sys.version.split()[0]}\n")
        o.write("# generated by (from the repository root):\n")
        o.write("#   python3 tools/expectations/corpus_audit.py /work/shared/corpus "
                "testdata/expected/corpus-audit-python-chess.tsv\n")
        o.write(f"# {len(paths)} files, {total['games']} games read, {total['skipped_variant']} "
                f"skipped (other variant or bad FEN), {total['examined']} games examined, "
                f"{total['plies']} main-line plies replayed\n")
        o.write(f"# replay stopped before the end of python-chess's main line: null move "
                f"{total['stopped_null_move']}, stale-board move {total['stopped_stale_board']}, "
                f"illegal move {total['stopped_illegal']}\n")
        o.write("# games (plies) per list: " + ", ".join(
            f"{c} {total[f'games_{c}']} ({total[f'plies_{c}']})" for c in LISTS) + "\n")
        o.write(f"# positions with a clock >= 150 that are not checkmate and where "
                f"is_seventyfive_moves() is false (stalemate): {total['seventyfive_fide_only']}\n")
        o.write("# one row per game with a non-empty list or a stop; lists are plies "
                "(0 = start position) as ranges a-b; columns: tools/expectations/README.md\n")
        o.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            o.write("\t".join(row) + "\n")
    print(f"wrote {len(rows)} rows ({total['examined']} games examined) from {len(paths)} files "
          f"to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
