#!/usr/bin/env python3
"""Expected counts of `arbiter select --count` with the `verdict` field (issue 15), with
python-chess: each game from the standard start is replayed along its main line (games with a
FEN tag or another variant are left out, as the counts below are of standard games), then

- `verdict == "draw/automatic-ignored"`: a move was played from a position where the game had
  already ended by itself: fivefold repetition or 75 moves (`is_fivefold_repetition`,
  `is_seventyfive_moves`; FIDE Laws art. 9.6, only for games dated from 2014.07.01 or
  undated, as `--laws auto` reads the Date tag), or insufficient material
  (`is_insufficient_material`, the dead positions python-chess knows; art. 5.2.2);
- `verdict == "draw/claim-available"`: a move was played from a position where the player to
  move could claim a draw by threefold repetition or by fifty moves, also by writing the move
  that makes it (`can_claim_threefold_repetition`, `can_claim_fifty_moves`; arts. 9.2, 9.3),
  before any automatic end.

    python3 tools/expectations/select_verdicts.py FILE.pgn

Prints `count<TAB>expression` for both. Needs python-chess 1.11.2.
"""
import sys

import chess.pgn


def current_laws(date):
    """True when the Laws from 1 July 2014 apply (a date from then on, or no usable year)."""
    parts = (date or "").split(".")
    if not parts[0].isdigit():
        return True
    y = int(parts[0])
    m = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
    d = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else None
    if y != 2014 or m is None:
        return y >= 2014 if m is not None or y != 2014 else True
    if m != 7:
        return m > 7
    return True if d is None else d >= 1


def judge(game):
    board = game.board()
    auto_9_6 = current_laws(game.headers.get("Date"))
    moves = list(game.mainline_moves())
    ignored = claim = False
    for m in moves:
        ended = board.is_insufficient_material() or (
            auto_9_6 and (board.is_fivefold_repetition() or board.is_seventyfive_moves())
        )
        if ended:
            ignored = True
            break
        if not claim and (board.can_claim_fifty_moves() or board.can_claim_threefold_repetition()):
            claim = True
        board.push(m)
    return ignored, claim


def main(path):
    ignored = claim = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            if "FEN" in game.headers or game.headers.get("Variant", "Standard").lower() not in (
                "standard",
                "",
            ):
                continue
            if game.errors:
                continue
            i, c = judge(game)
            ignored += i
            claim += c
    print(f'{ignored}\tverdict == "draw/automatic-ignored"')
    print(f'{claim}\tverdict == "draw/claim-available"')


if __name__ == "__main__":
    main(sys.argv[1])
