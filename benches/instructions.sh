#!/usr/bin/env bash
# Instruction counts (valgrind callgrind) of arbiter against the pgn-reader baselines, on one
# slice of the benchmark file. Counts do not depend on what else the machine is doing, so the
# ratios are the same on a busy shared machine as on a quiet one; wall time (benches/run.sh)
# adds what instructions do not show (branch mispredictions, cache misses, page faults).
#
#   baseline-parse    pgn-reader only                       (benches/baseline.rs)
#   baseline-replay   pgn-reader + shakmaty, one thread     (benches/baseline.rs)
#   check-j1          arbiter check -j1 --quiet SLICE
#   audit-j1          arbiter audit -j1 --quiet SLICE
#   fen-j1            arbiter fen -j1 SLICE > /dev/null
#   stats-j1          arbiter stats -j1 --quiet SLICE
#   stats-all-j1      arbiter stats -j1 --quiet --with-check --with-audit SLICE
#   fen-jsonl-j1      arbiter fen -j1 --format jsonl SLICE > /dev/null
#   moves-csv-j1      arbiter moves -j1 --quiet SLICE > /dev/null
#   moves-parquet-j1  arbiter moves -j1 --quiet --format parquet -o TMP SLICE
#   pgn-j1            arbiter pgn -j1 --quiet -o TMP SLICE
#   fix-j1            arbiter fix -j1 --quiet --dry-run --log /dev/null SLICE
#
# Ratios printed: check/replay (issue 2: wall time within 1.25x), audit/check (issue 3: within
# 1.3x), fen/check (issue 4: within 1.5x), stats/parse (issue 5: within 1.5x), stats-all/audit
# (issue 11: within 1.35x, one walk for the three analyses), and the table formats/fen
# (issue 16: wall time within 1.5x of fen text; TABLES=0 leaves these rows out), pgn/check and
# fix/check (issue 36: within 1.5x and 1.8x; WRITE=0 leaves these rows out).
#
# Usage: benches/instructions.sh        (needs valgrind; builds the release binaries)
# Environment:
#   BENCH_FILE  the big benchmark file (default /tmp/arbiter-bench.pgn, built by benches/run.sh)
#   SLICE_MB    slice size in MB (default 23: one copy of the corpus in the benchmark file)
#   ARBITER     the arbiter binary measured (default: target/release/arbiter, built now; another
#               one, such as main's build, is measured as it is: compare two runs' counts)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BENCH_FILE=${BENCH_FILE:-/tmp/arbiter-bench.pgn}
SLICE_MB=${SLICE_MB:-23}
TABLES=${TABLES:-1}
WRITE=${WRITE:-1}
if [[ ! -f $BENCH_FILE ]]; then
    echo "no $BENCH_FILE: run benches/run.sh once to build it" >&2
    exit 2
fi
command -v valgrind >/dev/null || { echo "valgrind is needed" >&2; exit 2; }

[[ -n ${ARBITER:-} ]] || cargo build --release --quiet
cargo bench --no-run --bench baseline --quiet 2>/dev/null || cargo bench --no-run --bench baseline
TARGET=${CARGO_TARGET_DIR:-target}
BASELINE=$(ls -t "$TARGET"/release/deps/baseline-* | grep -v '\.d$' | head -1)
ARBITER=${ARBITER:-$TARGET/release/arbiter}

SLICE=$(mktemp /tmp/arbiter-slice.XXXXXX.pgn)
trap 'rm -f "$SLICE" "$SLICE".cg.* "$SLICE".parquet "$SLICE".out.pgn' EXIT
# The first SLICE_MB megabytes, cut where a game starts (a game cut in the middle would make
# pgn-reader stop with an error).
head -c "$((SLICE_MB * 1000000))" "$BENCH_FILE" >"$SLICE.part"
cut_at=$(grep -a -b -o '^\[Event ' "$SLICE.part" | tail -1 | cut -d: -f1)
head -c "$cut_at" "$SLICE.part" >"$SLICE"
rm -f "$SLICE.part"

count() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$SLICE.cg.$name" "$@" >/dev/null 2>"$SLICE.cg.$name.err" || true
    grep -o 'refs: *[0-9,]*' "$SLICE.cg.$name.err" | tr -dc '0-9'
}

parse=$(count parse "$BASELINE" parse "$SLICE")
replay=$(count replay "$BASELINE" replay "$SLICE")
check=$(count check "$ARBITER" check -j1 --quiet "$SLICE")
audit=$(count audit "$ARBITER" audit -j1 --quiet "$SLICE")
fen=$(count fen "$ARBITER" fen -j1 "$SLICE")
stats=$(count stats "$ARBITER" stats -j1 --quiet "$SLICE")
stats_all=$(count stats-all "$ARBITER" stats -j1 --quiet --with-check --with-audit "$SLICE")

printf '%-16s %16s %8s\n' run instructions ratio
printf '%-16s %16d\n' baseline-parse "$parse"
printf '%-16s %16d\n' baseline-replay "$replay"
printf '%-16s %16d %8s\n' check-j1 "$check" "$(echo "scale=3; $check / $replay" | bc) (check/replay)"
printf '%-16s %16d %8s\n' audit-j1 "$audit" "$(echo "scale=3; $audit / $check" | bc) (audit/check)"
printf '%-16s %16d %8s\n' fen-j1 "$fen" "$(echo "scale=3; $fen / $check" | bc) (fen/check)"
printf '%-16s %16d %8s\n' stats-j1 "$stats" "$(echo "scale=3; $stats / $parse" | bc) (stats/parse)"
printf '%-16s %16d %8s\n' stats-all-j1 "$stats_all" "$(echo "scale=3; $stats_all / $audit" | bc) (stats-all/audit)"
if ((TABLES)); then
    fen_jsonl=$(count fen-jsonl "$ARBITER" fen -j1 --format jsonl "$SLICE")
    moves_csv=$(count moves-csv "$ARBITER" moves -j1 --quiet "$SLICE")
    moves_parquet=$(count moves-parquet "$ARBITER" moves -j1 --quiet --format parquet -o "$SLICE.parquet" "$SLICE")
    printf '%-16s %16d %8s\n' fen-jsonl-j1 "$fen_jsonl" "$(echo "scale=3; $fen_jsonl / $fen" | bc) (fen-jsonl/fen)"
    printf '%-16s %16d %8s\n' moves-csv-j1 "$moves_csv" "$(echo "scale=3; $moves_csv / $fen" | bc) (moves-csv/fen)"
    printf '%-16s %16d %8s\n' moves-parquet-j1 "$moves_parquet" "$(echo "scale=3; $moves_parquet / $fen" | bc) (moves-parquet/fen)"
fi
if ((WRITE)); then
    pgn=$(count pgn "$ARBITER" pgn -j1 --quiet -o "$SLICE.out.pgn" "$SLICE")
    fix=$(count fix "$ARBITER" fix -j1 --quiet --dry-run --log /dev/null "$SLICE")
    printf '%-16s %16d %8s\n' pgn-j1 "$pgn" "$(echo "scale=3; $pgn / $check" | bc) (pgn/check)"
    printf '%-16s %16d %8s\n' fix-j1 "$fix" "$(echo "scale=3; $fix / $check" | bc) (fix/check)"
fi
