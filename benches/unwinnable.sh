#!/usr/bin/env bash
# "Can this side still checkmate?" (issue 37) over the final positions of lichess games scored as
# won on time: how many are unwinnable for the winner (the side not to move), how many unknown,
# and the CPU time per position (median, p99, max, mean) of the static tier, of the whole
# procedure (the budget of `audit --positions`) and of what the audit runs on a game's final
# position. Built in target-bench (a normal release build, as benches/README.md says).
#
#   benches/unwinnable.sh [FILE]     (default ../shared/unwinnable/lichess-timeouts.txt)
#
# With OTHER=FILE, lines `yes|no|unknown ... FEN` of another tool on the same file (the first word
# its verdict, the FEN the last four to six fields), the verdicts are compared position by
# position and every disagreement is printed with ours (a `yes` of ours carries a helpmate that
# python-chess can replay: `arbiter audit --positions --show-helpmate`); OTHER may name several
# files. Positions that occur twice in the file count once. benches/cha.sh runs CHA for OTHER.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
FILE=${1:-../shared/unwinnable/lichess-timeouts.txt}
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
CARGO_TARGET_DIR=target-bench cargo build --release --quiet --bench unwinnable
BIN=$(ls -t target-bench/release/deps/unwinnable-* | grep -v '\.d$' | head -1)
"$BIN" "$FILE" --out "$OUT"
if [[ -n ${OTHER:-} ]]; then
    # shellcheck disable=SC2086 # OTHER may name several files
    python3 - "$OUT" $OTHER <<'PY'
import sys
from collections import Counter
def verdicts(path):
    out = {}
    for line in open(path):
        words = line.split()
        if not words or words[0] not in ("yes", "no", "unknown", "maybe"):
            continue
        key = " ".join(words[-6:-2] if words[-1].isdigit() else words[-4:])
        out[key] = "unknown" if words[0] == "maybe" else words[0]
    return out
ours = verdicts(sys.argv[1])
for path in sys.argv[2:]:
    other = verdicts(path)
    pairs = Counter((v, other.get(k, "absent")) for k, v in ours.items())
    same = sum(n for (a, b), n in pairs.items() if a == b)
    print(f"compared with {path}: {len(ours)} positions, {same} agree")
    print("  (ours/other):", ", ".join(f"{a}/{b} {n}" for (a, b), n in sorted(pairs.items())))
    for k, v in ours.items():
        if {v, other.get(k)} == {"yes", "no"}:
            print(f"  disagree: ours {v}, other {other[k]}: {k}")
PY
fi
