#!/usr/bin/env bash
# Perft over the published perft suites of the shared corpus: every position of every suite at
# every listed depth (up to MAX_DEPTH), run through `arbiter perft`, compared with the published
# node count.
#
#   ethereal_perft_standard.epd, pychess_perftsuite.epd, pychess_perftsuite2.epd
#                                            FEN ;D1 n ;D2 n ...            standard
#   ethereal_perft_fischer.epd, pychess_frc_perftsuite.epd                 Chess960 (--chess960)
#   pychesslib_random.perft, pychesslib_tricky.perft
#                                            id / epd / perft N count       standard
#   pychesslib_chess960.perft                                              Chess960 (--chess960)
#
# Reports, per suite and in total: positions, perft runs, mismatches (listed), positions
# arbiter rejects (listed with its message; some suite positions are illegal, see
# tests/cli/perft.rs), nodes counted, wall time and nodes per second. Each (position, depth) is
# one process, so at small depths the time is mostly process start-up, not move generation.
#
# Usage: benches/perft.sh            (from anywhere)
#
# Environment:
#   MAX_DEPTH  deepest depth run (default: every listed depth; the suites go up to 7 plies and
#              some counts are over 10^11, so a full run takes days). On 2 cores: 4 takes
#              about 1.5 minutes (5.5e9 nodes, 36156 runs), 5 about 17 minutes (1.7e11 nodes)
#   JOBS       parallel processes (default: nproc)
#   CORPUS     corpus dir (default <repo>/../shared/corpus)
#   ARBITER    the binary (default <repo>/target/release/arbiter; built with cargo when absent)
#
# Exit status: 0 when every count of every accepted position matches, 1 on any mismatch
# (rejected positions are listed, not counted as failures: tests/cli/perft.rs asserts which
# positions must be rejected).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
ARBITER=${ARBITER:-$ROOT/target/release/arbiter}
MAX_DEPTH=${MAX_DEPTH:-99}
JOBS=${JOBS:-$(nproc)}
EPD=$CORPUS/epd

if [[ ! -x $ARBITER ]]; then
    (cd "$ROOT" && cargo build --release --quiet)
fi
[[ -d $EPD ]] || { echo "perft.sh: no corpus at $EPD" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-perft.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# Normalises one suite into TSV lines: source  fen  chess960  depth  expected
# (one line per listed depth <= MAX_DEPTH; a position with none gets depth 0, expected -:
# it is still run at depth 1 to see that arbiter accepts it).
normalise() {
    local file=$1 chess960=$2
    case $file in
    *.epd)
        awk -v f="$file" -v c="$chess960" -v max="$MAX_DEPTH" '
            /^[[:space:]]*(#|$)/ { next }
            {
                n = split($0, field, ";")
                fen = field[1]; sub(/^[[:space:]]+/, "", fen); sub(/[[:space:]]+$/, "", fen)
                any = 0
                for (i = 2; i <= n; i++) {
                    if (split(field[i], kv, " ") == 2 && kv[1] ~ /^D[0-9]+$/) {
                        d = substr(kv[1], 2) + 0
                        if (d <= max) { print f ":" NR "\t" fen "\t" c "\t" d "\t" kv[2]; any = 1 }
                    }
                }
                if (!any) print f ":" NR "\t" fen "\t" c "\t0\t-"
            }' "$EPD/$file"
        ;;
    *.perft)
        awk -v f="$file" -v c="$chess960" -v max="$MAX_DEPTH" '
            function flush() { if (id != "" && !any) print f " id " id "\t" fen "\t" c "\t0\t-" }
            /^id / { flush(); id = $2; any = 0; next }
            /^epd / { fen = substr($0, 5); sub(/[[:space:]]+$/, "", fen); next }
            /^perft / { if ($2 + 0 <= max) { print f " id " id "\t" fen "\t" c "\t" $2 "\t" $3; any = 1 } }
            END { flush() }' "$EPD/$file"
        ;;
    esac
}

# Runs the lines of a normalised file (read on stdin; $1: a scratch file for standard error),
# one result line per run:
# source  depth  expected  got  status(ok|MISMATCH|REJECTED|skipped)  [message]
# A rejected position is reported once and its other depths are skipped.
worker() {
    local errfile=$1 source fen chess960 depth expected got rc err rejected=""
    while IFS=$'\t' read -r source fen chess960 depth expected; do
        if [[ $source == "$rejected" ]]; then
            printf '%s\t%s\t%s\t-\tskipped\n' "$source" "$depth" "$expected"
            continue
        fi
        local run_depth=$depth
        [[ $depth == 0 ]] && run_depth=1
        local args=(perft "$fen" "$run_depth")
        [[ $chess960 == 1 ]] && args+=(--chess960)
        rc=0
        got=$("$ARBITER" "${args[@]}" 2>"$errfile") || rc=$?
        if [[ $rc -ne 0 ]]; then
            err=$(tr '\n' ' ' <"$errfile")
            printf '%s\t%s\t%s\t-\tREJECTED\t%s\n' "$source" "$depth" "$expected" "$err"
            rejected=$source
        elif [[ $depth == 0 ]]; then
            printf '%s\t0\t-\t%s\tok\n' "$source" "$got"
        elif [[ $got == "$expected" ]]; then
            printf '%s\t%s\t%s\t%s\tok\n' "$source" "$depth" "$expected" "$got"
        else
            printf '%s\t%s\t%s\t%s\tMISMATCH\n' "$source" "$depth" "$expected" "$got"
        fi
    done
}

SUITES=(
    "ethereal_perft_standard.epd 0"
    "pychess_perftsuite.epd 0"
    "pychess_perftsuite2.epd 0"
    "ethereal_perft_fischer.epd 1"
    "pychess_frc_perftsuite.epd 1"
    "pychesslib_random.perft 0"
    "pychesslib_tricky.perft 0"
    "pychesslib_chess960.perft 1"
)

now() { date +%s.%N; }

echo "arbiter perft over $EPD (MAX_DEPTH=${MAX_DEPTH/#99/all listed}, JOBS=$JOBS)"
printf '%-30s %9s %7s %10s %9s %16s %9s %14s\n' \
    suite positions runs mismatches rejected nodes seconds nodes/s
: >"$WORK/all"
for entry in "${SUITES[@]}"; do
    read -r file chess960 <<<"$entry"
    normalise "$file" "$chess960" >"$WORK/$file.tsv"
    positions=$(cut -f1 "$WORK/$file.tsv" | sort -u | wc -l)
    # Shard by position (all depths of a position stay in one worker, deepest last).
    rm -f "$WORK"/shard.*
    awk -F'\t' -v jobs="$JOBS" -v dir="$WORK" '
        $1 != last { last = $1; n++ }
        { print > (dir "/shard." (n % jobs)) }' "$WORK/$file.tsv"
    start=$(now)
    for shard in "$WORK"/shard.*; do
        worker "$shard.err" <"$shard" >"$shard.out" &
    done
    wait
    end=$(now)
    cat "$WORK"/shard.*.out >"$WORK/$file.out"
    if [[ $(wc -l <"$WORK/$file.out") -ne $(wc -l <"$WORK/$file.tsv") ]]; then
        echo "perft.sh: $file: a worker stopped early" >&2
        exit 2
    fi
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    awk -F'\t' -v suite="$file" -v positions="$positions" -v secs="$secs" '
        $5 != "skipped" { runs++ }
        $5 == "MISMATCH" { mism++ }
        $5 == "REJECTED" { rej++ }
        $5 == "ok" { nodes += $4 }
        END {
            printf "%-30s %9d %7d %10d %9d %16.0f %9.2f %14.0f\n", suite, positions, runs, mism,
                rej, nodes, secs, (secs > 0 ? nodes / secs : 0)
        }' "$WORK/$file.out"
    cat "$WORK/$file.out" >>"$WORK/all"
    echo "$start $end" >>"$WORK/times"
done

total_secs=$(awk '{ s += $2 - $1 } END { printf "%.2f", s }' "$WORK/times")
awk -F'\t' -v secs="$total_secs" '
    $5 != "skipped" { runs++ }
    $5 == "MISMATCH" { mism++ }
    $5 == "REJECTED" { rej++ }
    $5 == "ok" { nodes += $4 }
    END {
        printf "%-30s %9s %7d %10d %9d %16.0f %9.2f %14.0f\n", "total", "", runs, mism, rej,
            nodes, secs, nodes / secs
    }' "$WORK/all"

if grep -q $'\tREJECTED\t' "$WORK/all"; then
    echo
    echo "rejected positions (arbiter's message):"
    awk -F'\t' '$5 == "REJECTED" { print "  " $1 ": " $6 }' "$WORK/all" | sort
fi
if grep -q $'\tMISMATCH' "$WORK/all"; then
    echo
    echo "MISMATCHES (source, depth, expected, got):"
    awk -F'\t' '$5 == "MISMATCH" { print "  " $1 "  D" $2 "  " $3 "  " $4 }' "$WORK/all" | sort
    exit 1
fi
echo
echo "no mismatches"
