#!/usr/bin/env bash
# The Dask driver on a local cluster of two worker processes over localhost: its merged outputs
# must equal one run of arbiter, byte for byte (JSON Lines, CSV, FEN text; check, audit and
# stats merged by `arbiter merge`, with one run's exit status) and row for row (the Parquet
# dataset, read back with pyarrow).
#
#   contrib/dask/test_local.sh ARBITER [PYTHON] [CORPUS]
#
# PYTHON is a Python with "dask[distributed]" and pyarrow (default /tmp/venv-tables/bin/python;
# .ci/run installs them there from PyPI); CORPUS the shared corpus (default ../shared/corpus).
# Takes about a minute; ends with the line `dask: N passed, M failed` (status 1 if M > 0).
set -euo pipefail
BIN=$(realpath "$1")
PY=${2:-/tmp/venv-tables/bin/python}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CORPUS=${3:-$ROOT/../shared/corpus}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
DRIVER="$PY $ROOT/contrib/dask/arbiter_dask.py --local 2 --arbiter $BIN"

# Inputs: plain corpus files (sharded) and a compressed one (one task).
mapfile -t files < <(find "$CORPUS/games" -name '*.pgn' | sort)
if command -v zstd > /dev/null; then
    zstd -q -c "$CORPUS/games/lichess_db_2025-05_first1MB.pgn" > "$T/lichess.pgn.zst"
    files+=("$T/lichess.pgn.zst")
else
    echo "note: no zstd command: no compressed input"
fi

passed=0 failed=0
ok() { echo "ok: $1"; passed=$((passed + 1)); }
failure() { echo "FAIL: $1"; failed=$((failed + 1)); }
compare() {
    local what=$1 single=$2 merged=$3
    if cmp -s "$single" "$merged"; then
        ok "$what ($(wc -c < "$single") bytes)"
    else
        failure "$what differs"
    fi
}

status=0; "$BIN" games --format jsonl -q "${files[@]}" > "$T/one.jsonl" || status=$?
$DRIVER --shards 5 -o "$T/dask.jsonl" -- games --format jsonl "${files[@]}" || true
compare "games --format jsonl" "$T/one.jsonl" "$T/dask.jsonl"

"$BIN" moves -q "${files[@]}" > "$T/one.csv" || true
$DRIVER --shards 3 -o "$T/dask.csv" -- moves "${files[@]}" || true
compare "moves (CSV)" "$T/one.csv" "$T/dask.csv"

"$BIN" fen -q "${files[@]}" > "$T/one.fen" || true
$DRIVER --shards 4 -o "$T/dask.fen" -- fen "${files[@]}" || true
compare "fen" "$T/one.fen" "$T/dask.fen"

# check, audit, stats: the driver merges with `arbiter merge`; output and exit status of one run.
zero() { sed -E 's/"seconds":[0-9.e+-]+/"seconds":0/g' "$@"; }
same_status() {
    if [[ $1 == "$2" ]]; then ok "$3: exit status $1"; else failure "$3: exit $2, one run $1"; fi
}
for run in "check --games --format jsonl:4" "audit --games --format jsonl:5" "stats --format json:4" "stats:3"; do
    args=${run%:*} n=${run##*:}
    one=0; "$BIN" $args -q "${files[@]}" > "$T/one.raw" || one=$?
    zero "$T/one.raw" > "$T/one.out"
    merged=0; $DRIVER --shards "$n" -o "$T/dask.out" -- $args "${files[@]}" || merged=$?
    zero -i "$T/dask.out"
    compare "$args ($n shards, merged)" "$T/one.out" "$T/dask.out"
    same_status "$one" "$merged" "$args"
done

# The games table is typed in Parquet (dates, integers, times: issue 31), so the dataset is
# compared with one run's Parquet file, and counted against one run's JSON Lines.
$DRIVER --shards 3 -o "$T/dataset" -- games --format parquet "${files[@]}" || true
"$BIN" games --format parquet -q -o "$T/one-games.parquet" "${files[@]}" || true
if "$PY" - "$T/dataset" "$T/one-games.parquet" "$T/one.jsonl" <<'PY'; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
import sys
import pyarrow.dataset as ds
import pyarrow.parquet as pq
rows = ds.dataset(sys.argv[1], format="parquet").to_table().to_pylist()
one = pq.read_table(sys.argv[2]).to_pylist()
lines = sum(1 for _ in open(sys.argv[3]))
assert len(rows) == len(one) == lines, (len(rows), len(one), lines)
assert rows == one, "rows differ"
print(f"ok: games --format parquet dataset ({len(rows)} rows) = one run's file")
PY
# The findings of check and the verdicts of audit as a Parquet dataset: the rows of one run's
# Parquet file, in order, and one run's exit status.
for run in "check:4" "audit --missed:3"; do
    args=${run%:*} n=${run##*:}
    one=0; "$BIN" $args --format parquet -q -o "$T/one.parquet" "${files[@]}" || one=$?
    merged=0; $DRIVER --shards "$n" -o "$T/findings-$n" -- $args --format parquet "${files[@]}" || merged=$?
    same_status "$one" "$merged" "$args --format parquet"
    if "$PY" - "$T/findings-$n" "$T/one.parquet" "$args" <<'PY'; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
import sys
import pyarrow.dataset as ds
import pyarrow.parquet as pq
rows = ds.dataset(sys.argv[1], format="parquet").to_table().to_pylist()
one = pq.read_table(sys.argv[2]).to_pylist()
assert len(one) > 0, "no rows in one run"
assert len(rows) == len(one), (len(rows), len(one))
assert rows == one, "rows differ"
print(f"ok: {sys.argv[3]} --format parquet dataset ({len(rows)} rows) = one run's file")
PY
done

# The plain closing line CI reads.
echo "dask: $passed passed, $failed failed"
[[ $failed == 0 ]]
