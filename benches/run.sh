#!/usr/bin/env bash
# End-to-end benchmark of `arbiter check` against two baselines, all in one run
# on the same (big) file:
#
#   baseline-parse   pgn-reader only, no replay           (benches/baseline.rs)
#   baseline-replay  pgn-reader + shakmaty, one thread    (benches/baseline.rs)
#   check-j1         arbiter check -j1 --quiet FILE
#   check-j2         arbiter check -j2 --quiet FILE
#   check-j2-stdin   cat FILE | arbiter check -j2 --quiet -   (peak memory)
#   audit-j1/-j2     arbiter audit -jN --quiet FILE
#   stats-j1/-j2     arbiter stats -jN --quiet FILE          (issue 5)
#   stats-check-j2   arbiter stats -j2 --with-check --quiet FILE
#   fen-j2           arbiter fen -j2 --quiet FILE > /dev/null  (every FEN of every game)
#   fen-jsonl-j2     arbiter fen --format jsonl -j2 --quiet FILE > /dev/null  (issue 16)
#   check-parquet-j2, check-games-j2, check-games-parquet-j2, audit-parquet-j2
#                    the findings of check and audit as Parquet (issue 16), against the text
#                    of the same run (check-j2, check --games text, audit-j2)
#   check-j2-zst     the same file as .zst (zstd tool), -j2
#   check-j2-zip     the same file as one deflated zip member (zip tool or python3), -j2
#   pgn-j1/-j2       arbiter pgn -jN --quiet -o TMP FILE       (issue 36)
#   fix-j1/-j2       arbiter fix -jN --quiet --dry-run --log /dev/null FILE   (issue 36)
#
# Targets (from the issue): check -j1 within 1.25x the wall time of
# baseline-replay; check -j2 at least 1.8x faster than -j1; peak RSS with the
# input on stdin under 64 MB whatever the file size; fen -j2 (output to
# /dev/null) at most 1.5x the wall time of check -j2 (issue 4).
#
# Usage: benches/run.sh            (from anywhere; run from a quiet machine)
#
# Environment:
#   BENCH_FILE  input file, built if absent       (default /tmp/arbiter-bench.pgn)
#   CORPUS      corpus dir, uses $CORPUS/games/*.pgn  (default <repo>/../shared/corpus)
#   MIN_MIB     minimum size of BENCH_FILE in MiB (default 150)
#   RUNS        timed runs per command, best kept (default 3)
#   BIN         the arbiter binary of every row (default $CARGO_TARGET_DIR/release/arbiter,
#               CARGO_TARGET_DIR defaulting to <repo>/target; another build, such as main's, is
#               measured as it is, the baselines built here)
#   ARBITER     arbiter's command line up to the check options
#               (default "$BIN check")
#   ONLY        run only these arbiter rows (space-separated names, e.g.
#               ONLY="check-j2 stats-j1 stats-j2 stats-check-j2"); the
#               baselines always run
#
# Issue 16 rows: check-parquet-j2 (and the other findings tables) against their text, and
# games-{csv,jsonl,parquet}-j2 and moves-{csv,jsonl,parquet}-j2 (and
# moves-fen-csv-j2, with the FEN column; fen-jsonl-j2, the position records), against fen-j2 (FEN text) and check-j2; the tables go
# to /dev/null like FEN text (their sizes are printed from one more run). Targets: each within 1.5x of fen -j2.
#
# Issue 36 targets: pgn within 1.5x of check, fix --dry-run within 1.8x (-j1 and -j2).
#
# Issue 5 targets: stats (no check) within 1.5x of baseline-parse; stats
# --with-check -j2 within 1.2x of check -j2.
#
# Wall time is measured around each process (best of RUNS, runs interleaved);
# peak RSS is /usr/bin/time's %M (max over the runs), in KiB. MB/s uses
# 1 MB = 10^6 bytes. Results are printed as a table and appended to
# benches/runs/<date>-<hostname>.csv.
#
# Needs GNU time at /usr/bin/time (Debian package `time`); the script installs
# it with apt-get when it is missing and it runs as root, else asks for it.
# Works before arbiter exists (or before it has `check`): the baselines are
# measured and arbiter is reported as skipped.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

BENCH_FILE=${BENCH_FILE:-/tmp/arbiter-bench.pgn}
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
MIN_MIB=${MIN_MIB:-150}
RUNS=${RUNS:-3}
# Arbiter's command line, up to (not including) -jN, --quiet, --format and FILE.
TARGET_DIR=${CARGO_TARGET_DIR:-target}
[[ $TARGET_DIR == /* ]] || TARGET_DIR=$ROOT/$TARGET_DIR
BIN=${BIN:-$TARGET_DIR/release/arbiter}
ARBITER=${ARBITER:-"$BIN check"}
read -r -a ARBITER_CMD <<<"$ARBITER"
# The audit command line (issue 3: audit wall time at most 1.3x check's at -j1 and -j2).
AUDIT=${AUDIT:-"$BIN audit"}
read -r -a AUDIT_CMD <<<"$AUDIT"
STATS=${STATS:-"$BIN stats"}
read -r -a STATS_CMD <<<"$STATS"
ONLY=${ONLY:-}
# want NAME: true when NAME is measured (all rows unless ONLY lists some).
want() { [[ -z $ONLY || " $ONLY " == *" $1 "* ]]; }
# The conversion command line (issue 4: fen -j2 at most 1.5x check -j2).
FEN=${FEN:-"$BIN fen"}
read -r -a FEN_CMD <<<"$FEN"
# The binary alone, for the tables of issue 16.
BIN_CMD=("${FEN_CMD[0]}")

TIME=/usr/bin/time
RSS_LIMIT_KB=$((64 * 1024))

say() { printf '%s\n' "$*" >&2; }
die() {
    say "run.sh: $*"
    exit 2
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# --- tools -------------------------------------------------------------------

if [[ ! -x $TIME ]]; then
    # GNU time (Debian package `time`) is needed for peak RSS (%M).
    say "run.sh: $TIME missing; installing the Debian package 'time'"
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        apt-get install -y -qq time >&2 || { apt-get update -qq >&2 && apt-get install -y -qq time >&2; }
    fi
    [[ -x $TIME ]] || die "$TIME is required: apt-get install time"
fi

# --- build ---------------------------------------------------------------------

say "== building (release)"
ARBITER_BUILT=1
if ! cargo build --release >&2; then
    ARBITER_BUILT=0
    say "run.sh: cargo build --release failed; arbiter will be skipped"
fi
# The bench binary is run directly (not through `cargo bench`) so cargo's own
# start-up is not timed.
BASELINE=$(cargo bench --bench baseline --no-run --message-format=json 2>"$WORK/bench-build.err" |
    grep '"kind":\["bench"\]' | grep -o '"executable":"[^"]*"' | tail -n 1 |
    sed 's/^"executable":"//; s/"$//') || true
if [[ -z $BASELINE || ! -x $BASELINE ]]; then
    cat "$WORK/bench-build.err" >&2
    die "could not build the baseline bench (cargo bench --bench baseline --no-run)"
fi

# arbiter is measured only if it was built now and its `check` subcommand
# answers --help like a clap command.
ARBITER_OK=0
ARBITER_WHY=""
if [[ $ARBITER_BUILT -eq 0 ]]; then
    ARBITER_WHY="cargo build --release failed"
elif [[ ! -x ${ARBITER_CMD[0]} ]] && ! command -v "${ARBITER_CMD[0]}" >/dev/null; then
    ARBITER_WHY="${ARBITER_CMD[0]} does not exist"
elif ! "${ARBITER_CMD[@]}" --help 2>/dev/null | grep -qi 'usage'; then
    ARBITER_WHY="'$ARBITER --help' does not work (no check subcommand yet?)"
else
    ARBITER_OK=1
fi

# --- input file ----------------------------------------------------------------

min_bytes=$((MIN_MIB * 1024 * 1024))
if [[ ! -f $BENCH_FILE ]]; then
    shopt -s nullglob
    sources=("$CORPUS"/games/*.pgn)
    shopt -u nullglob
    [[ ${#sources[@]} -gt 0 ]] || die "no $CORPUS/games/*.pgn (set CORPUS=...)"
    say "== building $BENCH_FILE (>= $MIN_MIB MiB) from ${#sources[@]} files in $CORPUS/games"
    # One pass over the corpus: every file ends with a newline, then a blank
    # line separates it from the next one (also across repetitions).
    pass=$WORK/pass.pgn
    for f in "${sources[@]}"; do
        cat "$f"
        [[ -s $f && $(tail -c 1 "$f" | od -An -c | tr -d ' ') != '\n' ]] && printf '\n'
        printf '\n'
    done >"$pass"
    tmp=$BENCH_FILE.tmp.$$
    : >"$tmp"
    while (($(stat -c %s "$tmp") < min_bytes)); do
        cat "$pass" >>"$tmp"
    done
    mv "$tmp" "$BENCH_FILE"
fi
BYTES=$(stat -c %s "$BENCH_FILE")
((BYTES >= min_bytes)) || say "run.sh: warning: $BENCH_FILE is only $BYTES bytes (< $MIN_MIB MiB)"
say "== input: $BENCH_FILE, $BYTES bytes"
cat "$BENCH_FILE" >/dev/null # warm the page cache

# --- measuring -----------------------------------------------------------------

# Results per name.
declare -A BEST RSS FAILED
NAMES=()

# run_once NAME STDIN CMD...: runs CMD once (STDIN: a file piped in with cat,
# or "" to pass nothing), stdout to $WORK/NAME.out; keeps the best wall time
# and the highest peak RSS. Exit status 1 is accepted for arbiter (= findings).
run_once() {
    local name=$1 stdin=$2 status start end secs rss out
    shift 2
    # fen writes ~5 bytes per input byte: to /dev/null, so that the disk is not measured.
    out=$WORK/$name.out
    [[ $name == fen-* || $name == games-* || $name == moves-* || $name == *parquet* || $name == check-games-* ]] && out=/dev/null
    start=$EPOCHREALTIME
    set +e
    if [[ -n $stdin ]]; then
        # A real pipe (not `<file`): arbiter must not be able to mmap or seek it.
        # shellcheck disable=SC2002
        cat "$stdin" | "$TIME" -f %M -o "$WORK/$name.time" "$@" >"$out" 2>"$WORK/$name.err"
        status=${PIPESTATUS[1]}
    else
        "$TIME" -f %M -o "$WORK/$name.time" "$@" >"$out" 2>"$WORK/$name.err"
        status=$?
    fi
    set -e
    end=$EPOCHREALTIME
    if ((status > 1)); then
        FAILED[$name]="exit status $status: $(head -c 300 "$WORK/$name.err")"
        return
    fi
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')
    rss=$(tail -n 1 "$WORK/$name.time")
    if [[ -z ${BEST[$name]:-} ]] || awk -v s="$secs" -v b="${BEST[$name]}" 'BEGIN { exit !(s < b) }'; then
        BEST[$name]=$secs
    fi
    if [[ -z ${RSS[$name]:-} ]] || ((rss > ${RSS[$name]})); then
        RSS[$name]=$rss
    fi
}

NAMES+=(baseline-parse baseline-replay)
if ((ARBITER_OK)); then
    for name in check-j1 check-j2 check-j2-stdin audit-j1 audit-j2 check-parquet-j2 check-games-j2 \
        check-games-parquet-j2 audit-parquet-j2 fen-j2 fen-jsonl-j2 stats-j1 stats-j2 \
        stats-check-j2 games-csv-j2 games-jsonl-j2 games-parquet-j2 moves-csv-j2 moves-jsonl-j2 \
        moves-parquet-j2 moves-fen-csv-j2 pgn-j1 pgn-j2 fix-j1 fix-j2; do
        want "$name" && NAMES+=("$name")
    done
fi
# The compressed path (issue 6): the same file as .pgn.zst, if the zstd tool is there.
ZST_FILE="$BENCH_FILE.zst"
if ((ARBITER_OK)) && want check-j2-zst && command -v zstd >/dev/null; then
    [[ -s $ZST_FILE ]] || zstd -q -3 -f "$BENCH_FILE" -o "$ZST_FILE"
    NAMES+=(check-j2-zst)
fi
# The zip path: the same file as the one deflated member of a .zip (zip tool or python3).
ZIP_FILE="$BENCH_FILE.zip"
if ((ARBITER_OK)) && want check-j2-zip && [[ ! -s $ZIP_FILE ]]; then
    if command -v zip >/dev/null; then
        (cd "$(dirname "$BENCH_FILE")" && zip -q -j "$ZIP_FILE" "$BENCH_FILE")
    elif command -v python3 >/dev/null; then
        python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED).write(sys.argv[2], "bench.pgn")' "$ZIP_FILE" "$BENCH_FILE"
    fi
fi
if [[ -s $ZIP_FILE ]] && ((ARBITER_OK)) && want check-j2-zip; then NAMES+=(check-j2-zip); fi

for ((round = 1; round <= RUNS; round++)); do
    say "== round $round/$RUNS"
    run_once baseline-parse "" "$BASELINE" parse "$BENCH_FILE"
    run_once baseline-replay "" "$BASELINE" replay "$BENCH_FILE"
    if ((ARBITER_OK)); then
        want check-j1 && run_once check-j1 "" "${ARBITER_CMD[@]}" -j1 --quiet "$BENCH_FILE"
        want check-j2 && run_once check-j2 "" "${ARBITER_CMD[@]}" -j2 --quiet "$BENCH_FILE"
        want check-j2-stdin && run_once check-j2-stdin "$BENCH_FILE" "${ARBITER_CMD[@]}" -j2 --quiet -
        want audit-j1 && run_once audit-j1 "" "${AUDIT_CMD[@]}" -j1 --quiet "$BENCH_FILE"
        want audit-j2 && run_once audit-j2 "" "${AUDIT_CMD[@]}" -j2 --quiet "$BENCH_FILE"
        want check-parquet-j2 && run_once check-parquet-j2 "" "${ARBITER_CMD[@]}" -j2 --quiet \
            --format parquet "$BENCH_FILE"
        want check-games-j2 && run_once check-games-j2 "" "${ARBITER_CMD[@]}" -j2 --quiet --games "$BENCH_FILE"
        want check-games-parquet-j2 && run_once check-games-parquet-j2 "" "${ARBITER_CMD[@]}" -j2 \
            --quiet --games --format parquet "$BENCH_FILE"
        want audit-parquet-j2 && run_once audit-parquet-j2 "" "${AUDIT_CMD[@]}" -j2 --quiet \
            --format parquet "$BENCH_FILE"
        want fen-j2 && run_once fen-j2 "" "${FEN_CMD[@]}" -j2 --quiet "$BENCH_FILE"
        want fen-jsonl-j2 && run_once fen-jsonl-j2 "" "${FEN_CMD[@]}" --format jsonl -j2 --quiet "$BENCH_FILE"
        want stats-j1 && run_once stats-j1 "" "${STATS_CMD[@]}" -j1 --quiet "$BENCH_FILE"
        want stats-j2 && run_once stats-j2 "" "${STATS_CMD[@]}" -j2 --quiet "$BENCH_FILE"
        want stats-check-j2 && run_once stats-check-j2 "" "${STATS_CMD[@]}" -j2 --with-check --quiet "$BENCH_FILE"
        for table in games moves; do
            for format in csv jsonl parquet; do
                want $table-$format-j2 && run_once $table-$format-j2 "" "${BIN_CMD[@]}" $table \
                    --format $format -j2 --quiet "$BENCH_FILE"
            done
        done
        for j in 1 2; do
            want pgn-j$j && run_once pgn-j$j "" "${BIN_CMD[@]}" pgn -j$j --quiet -o "$WORK/pgn.pgn" "$BENCH_FILE"
            want fix-j$j && run_once fix-j$j "" "${BIN_CMD[@]}" fix -j$j --quiet --dry-run --log /dev/null \
                "$BENCH_FILE"
        done
        want moves-fen-csv-j2 && run_once moves-fen-csv-j2 "" "${BIN_CMD[@]}" moves --fen -j2 --quiet "$BENCH_FILE"
        if want check-j2-zst && [[ -s $ZST_FILE ]]; then
            run_once check-j2-zst "" "${ARBITER_CMD[@]}" -j2 --quiet "$ZST_FILE"
        fi
        if want check-j2-zip && [[ -s $ZIP_FILE ]]; then
            run_once check-j2-zip "" "${ARBITER_CMD[@]}" -j2 --quiet "$ZIP_FILE"
        fi
    fi
done
# The sizes of the tables (issue 16: Parquet against CSV), one more run each.
if ((ARBITER_OK)); then
    for table in games moves; do
        for format in csv jsonl parquet; do
            want $table-$format-j2 || continue
            size=$("${BIN_CMD[@]}" $table --format $format -j2 --quiet "$BENCH_FILE" | wc -c) || true
            printf 'size %-18s %12d bytes\n' "$table-$format" "$size"
        done
    done
fi
# Arbiter's stdout is not needed for timing; drop it (it may be large).
rm -f "$WORK"/pgn.pgn "$WORK"/check-*.out "$WORK"/audit-*.out "$WORK"/stats-*.out

for name in baseline-parse baseline-replay; do
    [[ -n ${FAILED[$name]:-} ]] && die "$name failed: ${FAILED[$name]}"
done

# "mode=replay bytes=N games=N plies=N seconds=S" -> value of one key.
field() { grep -o "$2=[^ ]*" "$WORK/$1.out" | tail -n 1 | cut -d= -f2; }

declare -A GAMES PLIES
for name in baseline-parse baseline-replay; do
    GAMES[$name]=$(field "$name" games)
    PLIES[$name]=$(field "$name" plies)
done

# Arbiter's own counts, from the summary line of one jsonl run; either
# {"type":"summary",...,"games":N,"plies":N} or {"type":"summary","data":{...}}.
COUNTS_NOTE=""
if ((ARBITER_OK)); then
    say "== arbiter counts (one run with --format jsonl)"
    summary=$("${ARBITER_CMD[@]}" -j2 --format jsonl "$BENCH_FILE" 2>/dev/null |
        grep '"type" *: *"summary"' | tail -n 1) || true
    a_games=$(grep -o '"games" *: *[0-9]*' <<<"$summary" | head -n 1 | grep -o '[0-9]*$') || true
    a_plies=$(grep -o '"plies" *: *[0-9]*' <<<"$summary" | head -n 1 | grep -o '[0-9]*$') || true
    if [[ -z $a_games || -z $a_plies ]]; then
        a_games=${GAMES[baseline-replay]}
        a_plies=${PLIES[baseline-replay]}
        COUNTS_NOTE="(no jsonl summary from arbiter: its games/plies are the replay baseline's)"
    fi
    for name in check-j1 check-j2 check-j2-stdin audit-j1 audit-j2 check-parquet-j2 check-games-j2 \
        check-games-parquet-j2 audit-parquet-j2 fen-j2 fen-jsonl-j2 check-j2-zst check-j2-zip stats-j1 stats-j2 stats-check-j2 \
        games-csv-j2 games-jsonl-j2 games-parquet-j2 moves-csv-j2 moves-jsonl-j2 moves-parquet-j2 moves-fen-csv-j2 \
        pgn-j1 pgn-j2 fix-j1 fix-j2; do
        GAMES[$name]=$a_games
        PLIES[$name]=$a_plies
    done
fi

# --- report --------------------------------------------------------------------

DATE=$(date -Iseconds)
HOST=$(hostname 2>/dev/null || uname -n)
mkdir -p "$ROOT/benches/runs"
CSV=$ROOT/benches/runs/$(date +%F)-$HOST.csv
[[ -s $CSV ]] || echo "date,name,seconds,mb_per_s,games_per_s,plies_per_s,peak_rss_kb" >"$CSV"

printf '\narbiter benchmark  %s  %s\n' "$DATE" "$HOST"
printf 'input: %s  %d bytes (%.1f MB)  best of %d runs\n' "$BENCH_FILE" "$BYTES" \
    "$(awk -v b="$BYTES" 'BEGIN { print b / 1e6 }')" "$RUNS"
printf 'baseline counts: %s games, %s plies (parse: mainline SAN tokens), %s plies (replay: played)\n\n' \
    "${GAMES[baseline-replay]}" "${PLIES[baseline-parse]}" "${PLIES[baseline-replay]}"
printf '%-16s %9s %9s %11s %12s %12s\n' name seconds MB/s games/s plies/s peak_rss_kb
for name in "${NAMES[@]}"; do
    if [[ -n ${FAILED[$name]:-} ]]; then
        printf '%-16s FAILED (%s)\n' "$name" "${FAILED[$name]}"
        continue
    fi
    row=$(awk -v s="${BEST[$name]}" -v b="$BYTES" -v g="${GAMES[$name]}" -v p="${PLIES[$name]}" \
        'BEGIN { printf "%.3f %.1f %.0f %.0f", s, b / 1e6 / s, g / s, p / s }')
    read -r secs mbps gps pps <<<"$row"
    printf '%-16s %9s %9s %11s %12s %12s\n' "$name" "$secs" "$mbps" "$gps" "$pps" "${RSS[$name]}"
    echo "$DATE,$name,$secs,$mbps,$gps,$pps,${RSS[$name]}" >>"$CSV"
done
echo

if ((ARBITER_OK)); then
    [[ -n $COUNTS_NOTE ]] && echo "$COUNTS_NOTE"
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
    verdict() { awk -v x="$1" -v op="$2" -v t="$3" \
        'BEGIN { ok = (op == "<=") ? x <= t : (op == ">=") ? x >= t : x < t; print ok ? "ok" : "MISSED" }'; }
    if [[ -n ${BEST[check-j1]:-} && -n ${BEST[check-j2]:-} ]]; then
        r1=$(ratio "${BEST[check-j1]}" "${BEST[baseline-replay]}")
        r2=$(ratio "${BEST[check-j1]}" "${BEST[check-j2]}")
        printf 'check -j1 / replay   = %s  (target <= 1.25: %s)\n' "$r1" "$(verdict "$r1" '<=' 1.25)"
        printf 'check -j1 / check -j2 = %s  (target >= 1.8: %s)\n' "$r2" "$(verdict "$r2" '>=' 1.8)"
    fi
    for j in 1 2; do
        if [[ -n ${BEST[audit-j$j]:-} && -n ${BEST[check-j$j]:-} ]]; then
            r=$(ratio "${BEST[audit-j$j]}" "${BEST[check-j$j]}")
            printf 'audit -j%s / check -j%s = %s  (target <= 1.3: %s)\n' "$j" "$j" "$r" "$(verdict "$r" '<=' 1.3)"
        fi
    done
    for name in stats-j1 stats-j2; do
        if [[ -n ${BEST[$name]:-} ]]; then
            r=$(ratio "${BEST[$name]}" "${BEST[baseline-parse]}")
            printf '%s / baseline-parse = %s  (target <= 1.5: %s)\n' "$name" "$r" "$(verdict "$r" '<=' 1.5)"
        fi
    done
    if [[ -n ${BEST[stats-check-j2]:-} && -n ${BEST[check-j2]:-} ]]; then
        r=$(ratio "${BEST[stats-check-j2]}" "${BEST[check-j2]}")
        printf 'stats --with-check -j2 / check -j2 = %s  (target <= 1.2: %s)\n' "$r" "$(verdict "$r" '<=' 1.2)"
    fi
    if [[ -n ${BEST[fen-j2]:-} && -n ${BEST[check-j2]:-} ]]; then
        r=$(ratio "${BEST[fen-j2]}" "${BEST[check-j2]}")
        printf 'fen -j2 / check -j2 = %s  (target <= 1.5: %s)\n' "$r" "$(verdict "$r" '<=' 1.5)"
    fi
    for name in fen-jsonl-j2 games-csv-j2 games-jsonl-j2 games-parquet-j2 moves-csv-j2 moves-jsonl-j2 moves-parquet-j2 moves-fen-csv-j2; do
        if [[ -n ${BEST[$name]:-} && -n ${BEST[fen-j2]:-} && -n ${BEST[check-j2]:-} ]]; then
            r=$(ratio "${BEST[$name]}" "${BEST[fen-j2]}")
            printf '%s / fen -j2 = %s  (target <= 1.5: %s); / check -j2 = %s\n' "$name" "$r" \
                "$(verdict "$r" '<=' 1.5)" "$(ratio "${BEST[$name]}" "${BEST[check-j2]}")"
        fi
    done
    for j in 1 2; do
        for pair in pgn:1.5 fix:1.8; do
            name=${pair%%:*}-j$j target=${pair#*:}
            if [[ -n ${BEST[$name]:-} && -n ${BEST[check-j$j]:-} ]]; then
                r=$(ratio "${BEST[$name]}" "${BEST[check-j$j]}")
                printf '%s / check -j%s = %s  (target <= %s: %s)\n' "$name" "$j" "$r" "$target" \
                    "$(verdict "$r" '<=' "$target")"
            fi
        done
    done
    for pair in check-parquet-j2:check-j2 check-games-parquet-j2:check-games-j2 audit-parquet-j2:audit-j2; do
        name=${pair%%:*} text=${pair#*:}
        if [[ -n ${BEST[$name]:-} && -n ${BEST[$text]:-} ]]; then
            r=$(ratio "${BEST[$name]}" "${BEST[$text]}")
            printf '%s / %s = %s  (target <= 1.5: %s)\n' "$name" "$text" "$r" "$(verdict "$r" '<=' 1.5)"
        fi
    done
    if [[ -n ${BEST[check-j2-zst]:-} && -n ${BEST[check-j2]:-} ]]; then
        r=$(ratio "${BEST[check-j2]}" "${BEST[check-j2-zst]}")
        printf 'zst throughput / plain (-j2) = %s  (target >= 0.8: %s); peak RSS %s KiB (target < %s: %s)\n' \
            "$r" "$(verdict "$r" '>=' 0.8)" "${RSS[check-j2-zst]}" "$RSS_LIMIT_KB" \
            "$(verdict "${RSS[check-j2-zst]}" '<' "$RSS_LIMIT_KB")"
    fi
    if [[ -n ${BEST[check-j2-zip]:-} && -n ${BEST[check-j2]:-} ]]; then
        r=$(ratio "${BEST[check-j2]}" "${BEST[check-j2-zip]}")
        printf 'zip throughput / plain (-j2) = %s; peak RSS %s KiB (target < %s: %s)\n' \
            "$r" "${RSS[check-j2-zip]}" "$RSS_LIMIT_KB" \
            "$(verdict "${RSS[check-j2-zip]}" '<' "$RSS_LIMIT_KB")"
    fi
    if [[ -n ${RSS[check-j2-stdin]:-} ]]; then
        printf 'peak RSS, stdin -j2  = %s KiB  (target < %s KiB: %s)\n' "${RSS[check-j2-stdin]}" \
            "$RSS_LIMIT_KB" "$(verdict "${RSS[check-j2-stdin]}" '<' "$RSS_LIMIT_KB")"
    fi
else
    echo "arbiter SKIPPED: $ARBITER_WHY -- only the baselines were measured."
fi
echo "results appended to ${CSV#"$ROOT"/}"
