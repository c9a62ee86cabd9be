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
mkdir -p corpus/reader corpus/game corpus/fen corpus/san
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
games = 0
for path in files((".pgn",)):
    data = open(path, "rb").read()
    parts = re.split(rb"\n(?=\s*\n\[Event )", data)
    for part in parts[:200]:
        put("reader", part); put("game", part); games += 1
        for tok in re.findall(rb"[A-Za-z0-9=+#:x@\-/]{2,8}", part)[:40]:
            put("san", tok, 16)
        for m in re.findall(rb'\[FEN "([^"]*)"\]', part):
            put("fen", m, 256)
    put("reader", data[:4096])
for path in files((".epd", ".fen", ".perft")):
    for line in open(path, "rb").read().splitlines()[:300]:
        put("fen", line, 256)
print("games", games)
PY
for t in reader game fen san; do
    if [ -d "$root/testdata/fuzz/$t" ]; then cp "$root/testdata/fuzz/$t"/* corpus/$t/ 2>/dev/null || true; fi
done
for t in reader game fen san; do echo "$t: $(ls corpus/$t | wc -l) seeds"; done
