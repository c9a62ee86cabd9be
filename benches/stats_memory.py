#!/usr/bin/env python3
"""Writes the PGN file of the `stats` memory benchmark (issue 32, item 8): GAMES games whose
players are drawn from a skewed pool so that about NAMES distinct spellings appear.

    python3 benches/stats_memory.py OUT.pgn [GAMES] [HANDLES]

Defaults: 2,000,000 games, 0.6 (the share of online handles; the others are `Surname, Given`
names of about 6,000 surnames and 400 given names, some written with an initial). The output
is deterministic (a fixed seed); each game is nine tags and `1. e4 e5 *`.
"""
import random
import sys

SYLLABLES = [
    "ka", "spa", "rov", "lin", "mar", "tal", "pet", "ros", "ian", "nik", "sen", "dor", "ber",
    "gel", "fand", "os", "ski", "vic", "zen", "mo", "la", "ko", "ru", "bo", "che", "ni", "va",
    "sh", "ev", "in", "er", "an", "el", "ov", "sky", "man", "son", "ez", "ga", "li",
]
GIVEN = [a + b for a in ["Al", "Bo", "Ca", "Da", "El", "Fe", "Gi", "Ha", "Iv", "Jo",
                         "Ka", "Le", "Mi", "Ni", "Ol", "Pa", "Ro", "Sa", "Te", "Vi"]
         for b in ["n", "ra", "xis", "lia", "mir", "ton", "ena", "vid", "rik", "sha",
                   "ko", "ndra", "fan", "bert", "na", "lo", "dan", "ya", "ris", "mo"]]


def main():
    out = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    handles = float(sys.argv[3]) if len(sys.argv) > 3 else 0.6
    rng = random.Random(32)
    surnames = sorted({"".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
                       for _ in range(7000)})[:6000]
    pool = 1_550_000

    def name(i):
        r = random.Random(i)
        if r.random() < handles:
            return f"{r.choice(SYLLABLES)}{r.choice(SYLLABLES)}_{i}"
        surname, given = r.choice(surnames), r.choice(GIVEN)
        if r.random() < 0.1:
            given = given[0] + "."
        return f"{surname}, {given}"

    with open(out, "w", encoding="utf-8") as f:
        for g in range(games):
            w = int(pool * rng.random() ** 1.4)
            b = int(pool * rng.random() ** 1.4)
            f.write(
                f'[Event "Bench {g % 997}"]\n[Site "?"]\n[Date "20{10 + g % 15}.01.01"]\n'
                f'[Round "?"]\n[White "{name(w)}"]\n[Black "{name(b)}"]\n[Result "*"]\n'
                f'[WhiteElo "{1000 + w % 1800}"]\n[BlackElo "{1000 + b % 1800}"]\n\n'
                f"1. e4 e5 *\n\n"
            )


if __name__ == "__main__":
    main()
