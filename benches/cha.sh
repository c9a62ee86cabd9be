#!/usr/bin/env bash
# Agreement with the Chess Unwinnability Analyzer (CHA; M. Ambrona, "A Practical Algorithm for
# Chess Unwinnability", FUN 2022; project D3-Chess): an independent implementation of "can this
# side still checkmate?" (issue 37). CHA is not part of this repository (GPL, built on Stockfish):
# build it on its own and name its binary with CHA.
#
#   CHA=/path/to/cha benches/cha.sh [FILE]   (default ../shared/unwinnable/lichess-timeouts.txt)
#   VECTORS=/path/to/test-vector.txt         (optional: CHA's labelled test vectors, tests/)
#
# 1. FILE (lines `FEN [GAMEID]`), the winner being the side not to move (CHA's default): CHA's full
#    mode and its quick mode (`-quick` prints only what it proves unwinnable; the rest count as
#    `maybe`) are turned into the OTHER lines of benches/unwinnable.sh, which compares them with
#    ours position by position and prints our CPU time per position. CHA's times: per position
#    as CHA prints them (full mode only; µs of wall clock, truncated), its own summary line, and
#    the CPU time of its whole run.
# 2. With VECTORS: `arbiter audit --positions` and CHA's full mode on every position, for both
#    sides, compared with the file's labels (WB, W-, -B, --) and with each other.
#
# An answer `no` of ours where CHA's full mode (or a label) says `yes` is unsound: it is listed and
# the script exits 1 (a `yes` of ours carries a helpmate: `arbiter audit --positions
# --show-helpmate` writes it, python-chess replays it).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
: "${CHA:?name the CHA binary: CHA=/path/to/cha benches/cha.sh}"
FILE=${1:-../shared/unwinnable/lichess-timeouts.txt}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
TIMEFORMAT='%U'

# CHA's verdict lines `winnable[ moves]# nodes N time T (FEN[ side])` -> `yes|no|unknown FEN`, in
# the order of the positions of $2 (one FEN a line); a position CHA did not print is `$3`.
convert() {
    python3 - "$1" "$2" "$3" <<'PY'
import re, sys
verdict = {'winnable': 'yes', 'unwinnable': 'no', 'undetermined': 'unknown'}
seen = {}
for line in open(sys.argv[1]):
    m = re.match(r'^(winnable|unwinnable|undetermined)\b.*\((.*)\)\s*$', line)
    if m:
        seen[m.group(2).strip()] = verdict[m.group(1)]
for fen in open(sys.argv[2]):
    fen = fen.strip()
    v = seen.get(fen, sys.argv[3])
    if v == 'missing':
        sys.exit(f'CHA printed no verdict for {fen}')
    print(v, fen)
PY
}

cut -d' ' -f1-6 "$FILE" > "$WORK/fens"
echo "CHA full mode on $FILE ($(wc -l < "$WORK/fens") positions, winner = the side not to move)"
cpu=$( { time "$CHA" < "$WORK/fens" > "$WORK/full.out"; } 2>&1 )
convert "$WORK/full.out" "$WORK/fens" missing > "$WORK/full.other"
python3 - "$WORK/full.out" "$cpu" <<'PY'
import re, sys
times = sorted(int(m.group(1)) for l in open(sys.argv[1]) if (m := re.search(r' time (\d+) \(', l)))
n = len(times)
at = lambda q: times[min(int(n * q), n - 1)]
print(f"cha full: us median {at(0.5)} p99 {at(0.99)} max {times[-1]} mean {sum(times) / n:.1f} "
      f"(wall clock per position, as CHA prints it); process CPU {float(sys.argv[2]):.2f} s = "
      f"{float(sys.argv[2]) * 1e6 / n:.1f} us a position")
PY
grep '^Analyzed' "$WORK/full.out" | sed 's/^/cha full: /'
cpu=$( { time "$CHA" -quick < "$WORK/fens" > "$WORK/quick.out"; } 2>&1 )
convert "$WORK/quick.out" "$WORK/fens" maybe > "$WORK/quick.other"
grep '^Analyzed' "$WORK/quick.out" | sed 's/^/cha quick: /'
echo "cha quick: process CPU $cpu s, $(grep -c '^no ' "$WORK/quick.other" || true) proved unwinnable"
OTHER="$WORK/full.other $WORK/quick.other" benches/unwinnable.sh "$FILE" | tee "$WORK/cmp"
unsound=$(grep -c 'disagree: ours no, other yes' "$WORK/cmp" || true)

if [[ -n ${VECTORS:-} ]]; then
    CARGO_TARGET_DIR=target-bench cargo build --release --quiet --bin arbiter
    grep -v '^#' "$VECTORS" | grep . > "$WORK/vectors"
    cut -c4- "$WORK/vectors" > "$WORK/vfens"
    awk '{print $0" white"; print $0" black"}' "$WORK/vfens" > "$WORK/vcha"
    cpu=$( { time "$CHA" < "$WORK/vcha" > "$WORK/vcha.out"; } 2>&1 )
    grep '^Analyzed' "$WORK/vcha.out" | sed "s/^/cha full on the vectors (CPU $cpu s): /"
    cpu=$( { time target-bench/release/arbiter audit --quiet --positions "$WORK/vfens" --format jsonl \
        > "$WORK/vours.jsonl" || true; } 2>&1 )
    echo "arbiter on the vectors: CPU $cpu s"
    python3 - "$WORK/vectors" "$WORK/vours.jsonl" "$WORK/vcha.out" <<'PY' || unsound=1
import json, re, sys
from collections import Counter
labels = [l.split(' ', 1)[0] for l in open(sys.argv[1])]
ours = [json.loads(l) for l in open(sys.argv[2]) if '"position"' in l]
cha = [re.match(r'(winnable|unwinnable|undetermined)', l).group(1)
       for l in open(sys.argv[3]) if re.match(r'(winnable|unwinnable|undetermined)', l)]
verdict = {'winnable': 'yes', 'unwinnable': 'no', 'undetermined': 'unknown'}
assert len(ours) == len(labels) and len(cha) == 2 * len(labels), (len(ours), len(cha), len(labels))
vs_label, vs_cha, unsound = Counter(), Counter(), []
for i, (label, o) in enumerate(zip(labels, ours)):
    for j, side in enumerate(('white', 'black')):
        got = o['can_mate'][side] if o.get('can_mate') else 'invalid'
        expected = 'yes' if label[j] in 'WB' else 'no'
        theirs = verdict[cha[2 * i + j]]
        vs_label[(got, expected)] += 1
        vs_cha[(got, theirs)] += 1
        if got == 'no' and 'yes' in (expected, theirs):
            unsound.append(f"{o['fen']} {side}: ours no, label {expected}, cha {theirs}")
        if got == 'yes' and expected == 'no':
            unsound.append(f"{o['fen']} {side}: ours yes, label no (a helpmate of ours: replay it)")
print("vectors, (ours, label):", ', '.join(f'{a}/{b} {n}' for (a, b), n in sorted(vs_label.items())))
print("vectors, (ours, cha full):", ', '.join(f'{a}/{b} {n}' for (a, b), n in sorted(vs_cha.items())))
for u in unsound:
    print("  UNSOUND:", u)
sys.exit(1 if unsound else 0)
PY
fi
if [[ ${unsound:-0} != 0 ]]; then
    echo "unsound answers found" >&2
    exit 1
fi
