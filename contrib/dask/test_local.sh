#!/usr/bin/env bash
# The Dask driver on a local cluster of two worker processes over localhost: its merged outputs
# must equal one run of arbiter, byte for byte (JSON Lines, CSV, FEN text, stats JSON) and row
# for row (the Parquet dataset, read back with pyarrow).
#
#   contrib/dask/test_local.sh ARBITER [PYTHON] [CORPUS]
#
# PYTHON is a Python with "dask[distributed]" and pyarrow (default /tmp/venv-tables/bin/python);
# CORPUS the shared corpus (default ../shared/corpus). Takes about a minute.
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
zstd -q -c "$CORPUS/games/lichess_db_2025-05_first1MB.pgn" > "$T/lichess.pgn.zst"
files+=("$T/lichess.pgn.zst")

fail=0
compare() {
    local what=$1 single=$2 merged=$3
    if cmp -s "$single" "$merged"; then
        echo "ok: $what ($(wc -c < "$single") bytes)"
    else
        echo "FAIL: $what differs"; fail=1
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

"$BIN" stats --format json -q "${files[@]}" | sed -E 's/"seconds":[0-9.e+-]+/"seconds":0/g' > "$T/one.json" || true
$DRIVER --shards 4 -o "$T/dask.json" -- stats --format json "${files[@]}" || true
sed -i -E 's/"seconds":[0-9.e+-]+/"seconds":0/g' "$T/dask.json"
compare "stats --format json (merged)" "$T/one.json" "$T/dask.json"

"$BIN" check --format jsonl -q "${files[@]}" | sed -E 's/"seconds":[0-9.e+-]+/"seconds":0/g' > "$T/one.check" || true
$DRIVER --shards 4 -o "$T/dask.check" -- check --format jsonl "${files[@]}" || true
sed -i -E 's/"seconds":[0-9.e+-]+/"seconds":0/g' "$T/dask.check"
compare "check --format jsonl (summaries added up)" "$T/one.check" "$T/dask.check"

$DRIVER --shards 3 -o "$T/dataset" -- games --format parquet "${files[@]}" || true
"$PY" - "$T/dataset" "$T/one.jsonl" <<'PY' || fail=1
import json, sys
import pyarrow.dataset as ds
rows = ds.dataset(sys.argv[1], format="parquet").to_table().to_pylist()
one = [json.loads(l) for l in open(sys.argv[2])]
for r in rows:
    r["other_tags"] = json.loads(r["other_tags"])
assert len(rows) == len(one), (len(rows), len(one))
assert rows == one, "rows differ"
print(f"ok: games --format parquet dataset ({len(rows)} rows) = one run's JSON Lines")
PY
exit $fail
