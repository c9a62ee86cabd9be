#!/usr/bin/env python3
"""Self cost (instructions) of a callgrind profile per source file, and per stage.

    benches/cg_stages.py callgrind.out [callgrind.out ...]

Reads the profile of a binary built with debug information (`cargo build --profile
profiling`): the cost of inlined code is attributed to the file it was written in (callgrind's
`fi=`/`fe=` lines), not to the function it was inlined into, so the files say where the
instructions go even in an optimized build. Code of the standard library inlined into our code
(slice iterators, `Option`, integer methods, SIMD intrinsics) counts for the last file of ours
met before it in the same function: the lexer's use of `memchr` or of `Option` is the lexer's.
Standard-library functions that are not inlined (`core::fmt::write`, `malloc`) keep their own
file. Prints the files with their share, then the stages
of `benches/README.md` (lex, resolve, SAN writing, ...): each file belongs to the first stage
whose pattern it matches (STAGES below). Several profiles give one column each.
"""

import re
import sys
from collections import defaultdict

# (stage, file patterns). The first match wins; the order matters.
STAGES = [
    ("split (engine: cutting games, input)", [r"/engine/"]),
    ("lex (lexer, tag section, move parse)", [r"analysis/lexer\.rs", r"analysis/tags\.rs",
                                              r"analysis/notation\.rs", r"/bytes/",
                                              r"memchr"]),
    ("resolve + replay (SAN to move, play)", [r"analysis/resolve/", r"shakmaty-.*/src/(position|attacks|board|bitboard|magics|movelist|setup|castles|square|role|color|bootstrap|util|m)\.rs",
                                              r"arrayvec"]),
    ("walk (token loop, frames)", [r"analysis/walk/"]),
    ("check visitor (findings, tags check)", [r"analysis/check/"]),
    ("audit visitor (draw rules)", [r"analysis/draw/"]),
    ("fix visitor (repairs)", [r"analysis/fix/"]),
    ("openings (ECO classification)", [r"analysis/openings/"]),
    ("SAN writing (shakmaty san.rs)", [r"shakmaty-.*/src/san\.rs"]),
    ("export: moves, numbers, NAGs (export.rs)", [r"analysis/pgn/export"]),
    ("export: wrapping, comments, tags (write.rs, edit.rs)", [r"analysis/pgn/write\.rs",
                                                              r"analysis/pgn/edit\.rs"]),
    ("UTF-8 checks (str::from_utf8)", [r"/core/src/str/validations\.rs"]),
    ("formatting (core::fmt, format!, to_string)", [r"/core/src/fmt/", r"/alloc/src/fmt\.rs",
                                                    r"/alloc/src/string\.rs", r"/core/src/str/",
                                                    r"/alloc/src/str\.rs",
                                                    r"itoa", r"/core/src/char/",
                                                    r"/core/src/unicode/"]),
    # lib.rs: code the compiler makes (drops of Strings and Vecs) is attributed to the crate root.
    ("allocation (malloc, free, Vec growth, drops)", [r"malloc", r"/src/lib\.rs$", r"/alloc/src/raw_vec",
                                               r"/alloc/src/alloc\.rs", r"/std/src/alloc\.rs",
                                               r"/alloc/src/vec/", r"/alloc/src/boxed",
                                               r"/alloc/src/collections/"]),
    ("memcpy, memset", [r"memmove", r"memset", r"memcpy", r"memcmp", r"strlen"]),
    ("report, commands (output, findings)", [r"/report/", r"/commands/", r"/model/",
                                             r"serde", r"/io/", r"/std/src/"]),
    ("hashing", [r"/hash/", r"hashbrown", r"foldhash", r"sip"]),
]


def self_costs(path):
    """Self cost per source file of one callgrind output file (event 0: Ir)."""
    names = {"fl": {}, "fi": {}, "fn": {}}
    files = {}
    cost = defaultdict(int)
    current = None
    skip_next = False
    name_re = re.compile(r"^\((\d+)\)(?: (.*))?$")

    def resolve(kind, value):
        m = name_re.match(value)
        if not m:
            return value
        key, name = m.group(1), m.group(2)
        table = files if kind in ("fl", "fi", "fe", "cfi", "cfl") else names["fn"]
        if name is not None:
            table[key] = name
        return table.get(key, "?")

    fl = None
    own = None  # the last file of ours in the current function

    def std(path):
        return "/rustc/" in path or "/stdarch/" in path

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line or line[0] == "#":
                continue
            c = line[0]
            if c.isdigit() or c in "+-*":
                if skip_next:
                    skip_next = False
                    continue
                parts = line.split()
                if len(parts) >= 2 and current is not None:
                    where = own if std(current) and own is not None else current
                    try:
                        cost[where] += int(parts[1])
                    except ValueError:
                        pass
                continue
            key, _, value = line.rstrip("\n").partition("=")
            if key == "fl":
                fl = resolve("fl", value)
                current = fl
            elif key in ("fi", "fe"):
                current = resolve(key, value)
                if not std(current):
                    own = current
            elif key == "fn":
                resolve("fn", value)
                current = fl
                own = None if std(fl) else fl
            elif key in ("cfi", "cfl"):
                resolve(key, value)
            elif key == "cfn":
                resolve("cfn", value)
            elif key == "calls":
                skip_next = True
    return cost


def stage_of(path):
    for stage, patterns in STAGES:
        if any(re.search(p, path) for p in patterns):
            return stage
    return "other"


def main():
    profiles = sys.argv[1:]
    if not profiles:
        sys.exit(__doc__)
    costs = [self_costs(p) for p in profiles]
    totals = [sum(c.values()) for c in costs]
    print("files (millions of instructions, self cost with inlined code):")
    every = sorted(set().union(*costs), key=lambda f: -max(c.get(f, 0) for c in costs))
    for path in every[:40]:
        row = " ".join(f"{c.get(path, 0) / 1e6:10.1f}" for c in costs)
        print(f"{row}  {path}")
    print()
    stages = defaultdict(lambda: [0] * len(costs))
    for i, c in enumerate(costs):
        for path, v in c.items():
            stages[stage_of(path)][i] += v
    print("stages (millions of instructions):")
    for stage, _ in STAGES + [("other", [])]:
        if stage in stages:
            row = " ".join(f"{v / 1e6:10.1f}" for v in stages[stage])
            print(f"{row}  {stage}")
    print(" ".join(f"{t / 1e6:10.1f}" for t in totals) + "  total")


if __name__ == "__main__":
    main()
