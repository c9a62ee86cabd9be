#!/bin/sh
# Runs fuzz targets one after the other, one job each: ./run.sh TARGET:SECONDS:MAXLEN ...
# Logs go to fuzz/logs/<target>.log; crashes to fuzz/artifacts/<target>/.
set -u
cd "$(dirname "$0")"
mkdir -p logs
for spec in "$@"; do
    t=${spec%%:*}; rest=${spec#*:}; secs=${rest%%:*}; len=${rest#*:}
    echo "== $t ${secs}s max_len $len $(date -u +%H:%M:%S)" >> logs/summary
    cargo +nightly fuzz run -O "$t" -- -max_total_time="$secs" -max_len="$len" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -jobs=1 -workers=1 > "logs/$t.log" 2>&1
    echo "   exit $? $(date -u +%H:%M:%S)" >> logs/summary
done
