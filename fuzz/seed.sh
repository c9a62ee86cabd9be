#!/bin/sh
# Builds the seed corpora of the fuzz targets under fuzz/corpus/<target>/ (not committed) from
# testdata/ and ../shared/corpus (when present): one game per file for `reader` and `game` (at
# most 4 KB each), FEN/EPD lines for `fen`, move tokens for `san`, plus the regression inputs
# kept in testdata/fuzz/<target>/.
set -eu
cd "$(dirname "$0")"
root=..
shared=${SHARED_CORPUS:-$root/../shared/corpus}
rm -rf corpus
mkdir -p corpus/reader corpus/game corpus/fen corpus/san corpus/lines corpus/repair
python3 - "$root" "$shared" <<'PY'
import hashlib, os, re, sys
root, shared = sys.argv[1], sys.argv[2]
def files(exts):
    for base in (os.path.join(root, "testdata"), shared):
        for d, _, names in os.walk(base):
            if "/fuzz" in d:
                continue
            for n in sorted(names):
                if n.lower().endswith(exts):
                    yield os.path.join(d, n)
def put(target, data, limit=4096):
    if not data or len(data) > limit:
        return
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join("corpus", target, name), "wb") as f:
        f.write(data)
# `repair` reads a --where expression from its input's first line, then the games.
EXPRS = [b"plies > 10", b"player ~ Carlsen and WhiteElo >= 2700", b"eco in B00..B99 or not has(ECO)",
         b"code == \"illegal-move\"", b"verdict == \"draw/claim-supported\"", b"speed == \"blitz\"",
         b"material == \"KRvK\"", b"classified_eco in C00..C99", b"position == \"8/8/8/8/8/8/8/K6k w - -\"",
         b"final-material == \"KQvK\" and Result != \"1-0\""]
games = 0
for path in files((".pgn",)):
    data = open(path, "rb").read()
    parts = re.split(rb"\n(?=\s*\n\[Event )", data)
    for part in parts[:200]:
        put("reader", part); put("game", part); games += 1
        put("repair", EXPRS[games % len(EXPRS)] + b"\n" + part)
        for tok in re.findall(rb"[A-Za-z0-9=+#:x@\-/]{2,8}", part)[:40]:
            put("san", tok, 16)
        for m in re.findall(rb'\[FEN "([^"]*)"\]', part):
            put("fen", m, 256)
    put("reader", data[:4096])
for path in files((".epd", ".fen", ".perft")):
    for line in open(path, "rb").read().splitlines()[:300]:
        put("fen", line, 256)
    put("lines", open(path, "rb").read()[:1024], 1024)
print("games", games)
PY
for t in reader game fen san lines repair; do
    if [ -d "$root/testdata/fuzz/$t" ]; then cp "$root/testdata/fuzz/$t"/* corpus/$t/ 2>/dev/null || true; fi
done
for t in reader game fen san lines repair; do echo "$t: $(ls corpus/$t | wc -l) seeds"; done
