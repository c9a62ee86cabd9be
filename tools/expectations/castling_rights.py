#!/usr/bin/env python3
"""The castling rights python-chess keeps of FEN lines (independently of arbiter).

Reads FEN lines from standard input, each followed by a tab and `960` or `standard`, and
writes for each the FEN with the castling rights python-chess's
Board.clean_castling_rights() keeps (Shredder-FEN rook files for Chess960, KQkq for
standard chess), one line each.

Usage: printf 'FEN\\t960\\n' | python3 tools/expectations/castling_rights.py
Needs python-chess (pip install chess); used by tests/cli/fen_castling.rs.
"""

import sys

import chess


def main():
    for line in sys.stdin:
        fen, mode = line.rstrip("\n").split("\t")
        chess960 = mode == "960"
        board = chess.Board(fen, chess960=chess960)
        board.castling_rights = board.clean_castling_rights()
        print(board.fen(shredder=chess960))


if __name__ == "__main__":
    main()
