"""Replays helpmates with python-chess (issue 37): reads JSON Lines {"fen": ..., "winner":
"white"|"black", "san": "Kh8 Qg7#"} on standard input and writes one JSON line per input,
{"ok": true} when every SAN move is legal in turn and the last position is a checkmate of the
side that is not the winner, else {"ok": false, "why": ...}. It judges the lines independently
of arbiter: python-chess parses the SAN and decides checkmate itself."""

import json
import sys

import chess


def check(record):
    board = chess.Board(record["fen"])
    for san in record["san"].split():
        try:
            board.push_san(san)
        except ValueError as e:
            return {"ok": False, "why": f"{san}: {e}"}
    winner = chess.WHITE if record["winner"] == "white" else chess.BLACK
    if not board.is_checkmate():
        return {"ok": False, "why": "no checkmate at the end"}
    if board.turn == winner:
        return {"ok": False, "why": "the winner is the one checkmated"}
    return {"ok": True}


def main():
    assert chess.__version__ == "1.11.2", chess.__version__
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(check(json.loads(line))))


if __name__ == "__main__":
    main()
