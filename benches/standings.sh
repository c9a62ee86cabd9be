#!/usr/bin/env bash
# Issue 34: `standings` and `ratings` on 1 M games against `stats` in the same run.
#
# The input: the lichess sample (../shared/corpus/games/lichess_db_2025-05_first1MB.pgn, 438
# games) repeated until 1 M games, the players of copy K renamed `NAME#K` (so the copies are
# separate groups of players, as a month's games are many players). Rows: stats -j2,
# standings --no-audit -j2 (tags only: the speed of stats), standings -j2 (with the audit, the
# default) against stats --with-audit -j2, ratings --no-audit -j2 (the fit included). Wall time
# best of RUNS, peak RSS by GNU time (KiB).
#
# Usage: benches/standings.sh   (ARBITER=path/to/arbiter, GAMES=1000000, RUNS=3)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ARBITER=${ARBITER:-$ROOT/target-bench/release/arbiter}
GAMES=${GAMES:-1000000}
RUNS=${RUNS:-3}
SAMPLE=${SAMPLE:-${ARBITER_CORPUS:-$ROOT/../shared/corpus}/games/lichess_db_2025-05_first1MB.pgn}
FILE=${FILE:-/tmp/arbiter-standings-1m.pgn}
if [[ ! -s $FILE ]]; then
  python3 - "$SAMPLE" "$FILE" "$GAMES" <<'PY'
import re, sys
sample, out, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(sample, encoding="utf-8").read()
per = text.count("[Event ")
with open(out, "w", encoding="utf-8") as f:
    k = 0
    while k * per < games:
        f.write(re.sub(r'^\[(White|Black) "([^"]*)"\]', lambda m: f'[{m.group(1)} "{m.group(2)}#{k}"]', text, flags=re.M))
        f.write("\n")
        k += 1
PY
fi
echo "file: $FILE ($(grep -c '^\[Event ' "$FILE") games, $(du -m "$FILE" | cut -f1) MiB)"
measure() {
  local name=$1; shift
  local best=999999 rss=0
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%e %M' -o /tmp/standings-time "$@" >/dev/null 2>/dev/null || true
    read -r t m </tmp/standings-time
    best=$(python3 -c "print(min($best, $t))")
    (( m > rss )) && rss=$m
  done
  printf '%-28s %8.2f s %10d KiB\n' "$name" "$best" "$rss"
}
measure stats-j2 "$ARBITER" stats -j2 -q "$FILE"
measure standings-no-audit-j2 "$ARBITER" standings -j2 -q --no-audit --format csv "$FILE"
measure stats-with-audit-j2 "$ARBITER" stats -j2 -q --with-audit "$FILE"
measure standings-j2 "$ARBITER" standings -j2 -q --format csv "$FILE"
measure ratings-no-audit-j2 "$ARBITER" ratings -j2 -q --no-audit --format csv "$FILE"
