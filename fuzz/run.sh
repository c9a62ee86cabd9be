#!/bin/sh
# Runs fuzz targets one after the other, one job each: ./run.sh TARGET:SECONDS:MAXLEN ...
# Logs go to fuzz/logs/<target>.log; crashes to fuzz/artifacts/<target>/.
#
# Built on the stable toolchain, without cargo-fuzz: libfuzzer-sys compiles libFuzzer with the
# C++ compiler, and rustc's stable codegen options add the coverage instrumentation libFuzzer
# needs (LLVM's sancov pass: inline 8-bit counters, the PC table, comparison tracing), as
# cargo-fuzz does with `--sanitizer none`. Debug assertions and overflow checks are on, so an
# arithmetic overflow is a finding. (AddressSanitizer needs nightly's -Zsanitizer; safe Rust does
# not need it to find panics, hangs and memory growth.)
set -u
cd "$(dirname "$0")"
mkdir -p logs
TRIPLE=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
cargo build --release --bins --target "$TRIPLE" || exit 2
BIN=target/$TRIPLE/release
for spec in "$@"; do
    t=${spec%%:*}; rest=${spec#*:}; secs=${rest%%:*}; len=${rest#*:}
    mkdir -p "corpus/$t" "artifacts/$t"
    echo "== $t ${secs}s max_len $len $(date -u +%H:%M:%S)" >> logs/summary
    "$BIN/$t" "corpus/$t" -max_total_time="$secs" -max_len="$len" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="artifacts/$t/" \
        > "logs/$t.log" 2>&1
    echo "   exit $? $(date -u +%H:%M:%S)" >> logs/summary
done
