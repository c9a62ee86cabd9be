"""An independent implementation of the tie-breaks `arbiter standings` computes, written from the
FIDE Tie-Break Regulations (2023) for the test `standings::tiebreaks_match_the_independent_
implementation`. It reads the PGN with python-chess (not arbiter), computes every event's table
and compares it with arbiter's CSV output.

usage: standings_oracle.py GAMES.pgn ARBITER.csv TIEBREAKS   (prints the values compared)

The rules, as arbiter's documentation states them and this file implements them:
* Events: the Event tag (`?` when missing); players: the White and Black tags as written.
* Results: the Result tag (1-0, 0-1, 1/2-1/2; `1/2`, `½-½`, `0.5-0.5` read as a draw); `*` or
  anything else is not scored. A game is unplayed (a forfeit) when it has a decisive result
  and its Termination tag names a forfeit, or it has no move and no FEN tag.
* Kind: a round robin when every two players of the event met equally often, else a Swiss.
* Points: 1, 1/2, 0. Rounds of the event: the most games of a player.
* DE (art. 6): the points scored in games played over the board between the tied players, when
  every two of them met so; else undefined (separates nobody). Applied again to a run of
  players it leaves tied when the run is smaller than the group.
* WIN wins (forfeits included), WON wins over the board, BPG games played with Black, BWG games
  won over the board with Black.
* BH (art. 8.1): a term a scored game: the opponent's points; for an unplayed game the
  player's own points in a Swiss, 0 in a round robin. SB (8.2): the same term times the points
  the player scored in that game.
* Cut-n / Median-n (art. 14): remove n terms at the bottom (a game lost unplayed first, then
  the lowest opponent's score, then the lowest term), for Median also n at the top (highest
  opponent's score, then highest term).
* KS (Koya): the points scored against opponents with at least half of (rounds x 1) points.
* ARO (10.1): the mean of the opponents' Elo tags over games played over the board against a
  rated opponent, rounded half up; TPR (10.2): ARO + dp(p), p = the score over those games /
  their number rounded half up to hundredths, dp from the FIDE table (Rating Regulations 8.1.1).
* Ranking: by points, then each tie-break in the list in turn, among the players still tied.
"""

import csv
import sys
from collections import defaultdict
from fractions import Fraction

import chess.pgn

DP = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
      158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
      351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800]


def dp(h):
    return DP[h - 50] if h >= 50 else -DP[50 - h]


def score_of(result):
    r = result.strip()
    if r == "1-0":
        return Fraction(1)
    if r == "0-1":
        return Fraction(0)
    if r in ("1/2-1/2", "1/2", "½-½", "0.5-0.5"):
        return Fraction(1, 2)
    return None


def forfeit_termination(t):
    t = t.lower()
    if any(w in t for w in ("time", "clock", "flag")):
        return False
    return any(w in t for w in ("forfeit", "unplayed", "not played", "walkover", "no show", "no-show"))


def read_events(path):
    events = defaultdict(list)
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            h = game.headers
            white, black = h.get("White", "").strip(), h.get("Black", "").strip()
            if white in ("", "?") or black in ("", "?") or white == black:
                continue
            event = h.get("Event", "?").strip() or "?"
            s = score_of(h.get("Result", "*"))
            moves = next(iter(game.mainline_moves()), None) is not None
            unplayed = s is not None and s != Fraction(1, 2) and (
                forfeit_termination(h.get("Termination", "")) or (not moves and "FEN" not in h))

            def elo(tag):
                v = h.get(tag, "").strip()
                return int(v) if v.isdigit() and 1 <= int(v) <= 4000 and len(v) <= 4 else 0

            events[event].append((white, black, s, unplayed, elo("WhiteElo"), elo("BlackElo")))
    return events


def table(games, tiebreaks):
    players = []
    for w, b, *_ in games:
        for p in (w, b):
            if p not in players:
                players.append(p)
    # per player: list of (opponent, white, score or None, unplayed, opponent elo)
    g = {p: [] for p in players}
    met = defaultdict(int)
    for w, b, s, unplayed, we, be in games:
        g[w].append((b, True, s, unplayed, be))
        g[b].append((w, False, None if s is None else 1 - s, unplayed, we))
        met[frozenset((w, b))] += 1
    n = len(players)
    counts = set(met.values())
    rr = n >= 2 and len(met) == n * (n - 1) // 2 and len(counts) == 1
    # Matches (a knockout): not a round robin, and every two players who met played twice or
    # more; else a Swiss.
    kind = "round-robin" if rr else ("matches" if n >= 2 and min(counts) >= 2 else "swiss")
    pts = {p: sum(x[2] for x in g[p] if x[2] is not None) for p in players}
    rounds = max(len(v) for v in g.values())

    def terms(p, sb):
        out = []
        for opp, _, s, unplayed, _ in g[p]:
            if s is None:
                continue
            # The dummy opponent of art. 16 of a Swiss scores the player's own points.
            o = pts[opp] if not unplayed else (pts[p] if kind == "swiss" else Fraction(0))
            out.append((o, o * s if sb else o, unplayed and s < 1))
        return out

    def cut(ts, low, high):
        ts = list(ts)
        for _ in range(low):
            if not ts:
                break
            ts.sort(key=lambda t: (not t[2], t[0], t[1]))
            ts.pop(0)
        for _ in range(high):
            if not ts:
                break
            ts.sort(key=lambda t: (t[0], t[1]))
            ts.pop()
        return sum(t[1] for t in ts)

    def value(p, tb):
        base, _, mod = tb.partition("-")
        low, high = {"": (0, 0), "C1": (1, 0), "C2": (2, 0), "M1": (1, 1), "M2": (2, 2)}[mod]
        scored = [x for x in g[p] if x[2] is not None]
        if base == "WIN":
            return sum(1 for x in scored if x[2] == 1)
        if base == "WON":
            return sum(1 for x in scored if x[2] == 1 and not x[3])
        if base == "BPG":
            return sum(1 for x in scored if not x[1] and not x[3])
        if base == "BWG":
            return sum(1 for x in scored if not x[1] and not x[3] and x[2] == 1)
        if base in ("BH", "SB"):
            return cut(terms(p, base == "SB"), low, high)
        if base == "KS":
            return sum(x[2] for x in scored if pts[x[0]] >= Fraction(rounds, 2))
        rated = [x for x in scored if not x[3] and x[4] > 0]
        if not rated:
            return None
        total = sum(x[4] for x in rated)
        aro = (2 * total + len(rated)) // (2 * len(rated))
        if base == "ARO":
            return aro
        score = sum(x[2] for x in rated)
        h = int((100 * 2 * score + len(rated)) // (2 * len(rated)))
        return aro + dp(h)

    def de(group):
        member = set(group)
        if any(len(g[p]) + 1 < len(group) for p in group):
            return {p: [None] for p in group}
        points = {}
        for p in group:
            seen = set()
            total = Fraction(0)
            for opp, _, s, unplayed, _ in g[p]:
                if opp in member and s is not None and not unplayed:
                    seen.add(opp)
                    total += s
            if seen != member - {p}:
                return {p: [None] for p in group}
            points[p] = total
        keys = {p: [points[p]] for p in group}
        by = defaultdict(list)
        for p in group:
            by[points[p]].append(p)
        for run in by.values():
            if 1 < len(run) < len(group):
                for p, k in de(run).items():
                    keys[p] += k
        return keys

    def sort_key(k):
        return tuple((1, 0) if x is None else (0, -x) for x in k)

    values = {p: {} for p in players}
    for tb in tiebreaks:
        if tb != "DE":
            for p in players:
                values[p][tb] = value(p, tb)
    groups = [sorted(players, key=lambda p: -pts[p])]
    groups = split(groups[0], lambda p: [pts[p]])
    for tb in tiebreaks:
        nxt = []
        for grp in groups:
            if len(grp) == 1:
                nxt.append(grp)
                continue
            if tb == "DE":
                keys = de(grp)
                for p in grp:
                    values[p]["DE"] = keys[p][0]
            else:
                keys = {p: [values[p][tb]] for p in grp}
            ordered = sorted(grp, key=lambda p: sort_key(keys[p]))
            nxt.extend(split(ordered, lambda p: sort_key(keys[p])))
        groups = nxt
    return kind, pts, values, groups


def split(ordered, key):
    out = []
    last = object()
    for p in ordered:
        k = key(p)
        if out and k == last:
            out[-1].append(p)
        else:
            out.append([p])
        last = k
    return out


def main():
    pgn, arbiter_csv, tiebreaks = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    events = read_events(pgn)
    rows = defaultdict(list)
    with open(arbiter_csv, encoding="utf-8") as f:
        for r in csv.DictReader(f):
            rows[r["event"]].append(r)
    bad = []
    compared = 0
    if set(rows) != set(events):
        bad.append(f"events differ: {sorted(set(rows) ^ set(events))[:5]}")
    for event, games in events.items():
        kind, pts, values, groups = table(games, tiebreaks)
        ours = rows.get(event, [])
        order = [p for grp in groups for p in grp]
        if [r["player"] for r in ours] != order:
            # Players tied on everything may come in any order; compare ranks instead.
            rank = {}
            pos = 1
            for grp in groups:
                for p in grp:
                    rank[p] = pos
                pos += len(grp)
            for r in ours:
                if int(r["rank"]) != rank.get(r["player"]):
                    bad.append(f"{event}: {r['player']}: rank {r['rank']} vs {rank.get(r['player'])}")
        for r in ours:
            p = r["player"]
            if r["kind"] != kind:
                bad.append(f"{event}: kind {r['kind']} vs {kind}")
                break
            if Fraction(r["points"]) != pts[p]:
                bad.append(f"{event}: {p}: points {r['points']} vs {pts[p]}")
            for tb in tiebreaks:
                want = values[p].get(tb)
                got = r[tb]
                if want is None:
                    ok = got == ""
                else:
                    ok = got != "" and abs(float(got) - float(want)) < 1e-6
                compared += 1
                if not ok:
                    bad.append(f"{event}: {p}: {tb} {got!r} vs {want}")
    if bad:
        print("\n".join(bad[:40]))
        sys.exit(1)
    print(compared)


if __name__ == "__main__":
    main()
