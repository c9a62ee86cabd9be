#!/usr/bin/env bash
# Golden-output snapshot of every subcommand over the corpus and testdata/, for refactors that
# must keep output byte-identical (issue 11): run it with the old binary and the new one, then
# `diff -r` the two directories.
#
#   tools/snapshot.sh BINARY OUTDIR
#
# Every PGN file of ../shared/corpus (games/ and edge/) and of testdata/ goes through
#   check --games (text, jsonl), check --format csv, check --strict --format jsonl,
#   audit --missed --games (text, jsonl), fen (text, jsonl), fen --variations --epd --epd-moves,
#   pgn, stats --format json, fix (output, log, rejects; and with --keep-broken --eco-correct),
# at -j1 (and the whole corpus once at -j2), with standard output, standard error and the exit
# status of each run in OUTDIR/<command>/<file>. Timings ("seconds") are zeroed.
set -euo pipefail

BIN=$(realpath "$1")
OUT=$(realpath -m "$2")
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
cd "$ROOT"
rm -rf "$OUT"
mkdir -p "$OUT"

files=()
while IFS= read -r f; do files+=("$f"); done < <(
    { find testdata -name '*.pgn'; [[ -d $CORPUS ]] && find "$CORPUS" -name '*.pgn'; } | sort
)

run() {
    local name=$1 file=$2
    shift 2
    local key
    key=$(printf '%s' "$file" | sed "s|^$CORPUS/|corpus/|; s|/|__|g")
    mkdir -p "$OUT/$name"
    local status=0
    "$BIN" "$@" >"$OUT/$name/$key.out" 2>"$OUT/$name/$key.err" || status=$?
    echo "$status" >"$OUT/$name/$key.status"
    sed -i -E 's/"seconds":[0-9.e+-]+/"seconds":0/g' "$OUT/$name/$key.out" "$OUT/$name/$key.err"
    # The timing line of `pgn` (which has no -q before issue 11's run loop) says how long it took.
    sed -i -E '/^arbiter: exported [0-9]+ games? .* s \(/d' "$OUT/$name/$key.err"
}

# `fix` with its log and rejects next to its output (the log's "seconds" zeroed by run).
fix_run() {
    local name=$1 file=$2
    shift 2
    local key
    key=$(printf '%s' "$file" | sed "s|^$CORPUS/|corpus/|; s|/|__|g")
    mkdir -p "$OUT/$name"
    run "$name" "$file" fix -j1 -q "$@" --log - --rejects "$OUT/$name/$key.rej" -o \
        "$OUT/$name/$key.pgn" "$file"
}

for f in "${files[@]}"; do
    run check-text "$f" check -j1 -q --games --color never "$f"
    run check-jsonl "$f" check -j1 -q --games --format jsonl "$f"
    run check-csv "$f" check -j1 -q --format csv "$f"
    run check-strict "$f" check -j1 -q --strict --format jsonl "$f"
    run audit-text "$f" audit -j1 -q --missed --games "$f"
    run audit-jsonl "$f" audit -j1 -q --missed --games --format jsonl "$f"
    run fen-text "$f" fen -j1 -q "$f"
    run fen-jsonl "$f" fen -j1 -q --format jsonl "$f"
    run fen-variations "$f" fen -j1 -q --variations --epd --epd-moves --epd-tags "$f"
    run pgn "$f" pgn -j1 "$f"
    run pgn-jsonl "$f" pgn -j1 --format jsonl "$f"
    run stats-json "$f" stats -j1 -q --format json "$f"
    run stats-check "$f" stats -j1 -q --with-check --with-audit --format json "$f"
    fix_run fix "$f"
    fix_run fix-broken "$f" --keep-broken --eco-correct
done
if [[ -d $CORPUS ]]; then
    run all-check-j2 corpus check -j2 -q --games --format jsonl "$CORPUS"
    run all-audit-j2 corpus audit -j2 -q --missed --format jsonl "$CORPUS"
    run all-stats-j2 corpus stats -j2 -q --with-check --with-audit --format json "$CORPUS"
fi
echo "snapshot of ${#files[@]} files in $OUT" >&2
