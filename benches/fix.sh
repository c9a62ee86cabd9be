#!/usr/bin/env bash
# `arbiter fix` against `arbiter check` and `arbiter pgn` (issue 14: fix within 1.3x the wall
# time of pgn at -j1 and -j2; memory as check's). Each command runs RUNS times, interleaved; the
# best wall time and the best CPU time (user + system) are kept, and the largest peak RSS.
# CPU time is the figure to compare on a busy shared machine (wall time waits for the others).
#
#   benches/fix.sh [FILE]      (default /work/slice.pgn; RUNS=3; ARBITER=target/release/arbiter)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FILE=${1:-/work/slice.pgn}
RUNS=${RUNS:-3}
BIN=${ARBITER:-$ROOT/target/release/arbiter}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
declare -A wall cpu rss
rows=()
for j in 1 2; do
    rows+=("check-j$j|check -j$j -q $FILE" "pgn-j$j|pgn -j$j -q -o $OUT/pgn.pgn $FILE"
        "fix-j$j|fix -j$j -q -o $OUT/fix.pgn --log $OUT/log.jsonl --rejects $OUT/rej.pgn $FILE")
done
for _ in $(seq "$RUNS"); do
    for row in "${rows[@]}"; do
        name=${row%%|*}
        # shellcheck disable=SC2086
        /usr/bin/time -q -f "%e %U %S %M" -o "$OUT/t" "$BIN" ${row#*|} > /dev/null 2>&1 || true
        read -r e u s m < "$OUT/t"
        c=$(echo "$u + $s" | bc)
        if [[ -z ${wall[$name]:-} ]] || (( $(echo "$e < ${wall[$name]}" | bc) )); then wall[$name]=$e; fi
        if [[ -z ${cpu[$name]:-} ]] || (( $(echo "$c < ${cpu[$name]}" | bc) )); then cpu[$name]=$c; fi
        if [[ -z ${rss[$name]:-} ]] || (( m > ${rss[$name]} )); then rss[$name]=$m; fi
    done
done
printf '%-9s %8s %8s %9s\n' row wall_s cpu_s rss_KiB
for row in "${rows[@]}"; do
    name=${row%%|*}
    printf '%-9s %8s %8s %9s\n' "$name" "${wall[$name]}" "${cpu[$name]}" "${rss[$name]}"
done
for j in 1 2; do
    echo "fix/pgn -j$j: wall $(echo "scale=2; ${wall[fix-j$j]} / ${wall[pgn-j$j]}" | bc)x, cpu $(echo "scale=2; ${cpu[fix-j$j]} / ${cpu[pgn-j$j]}" | bc)x"
done
