#!/bin/bash
# cuda-samples as a real CMake + nvcc project: configures every category
# CMake can configure here (4_CUDA_Libraries, 7_libNVVM and
# 8_Platform_Specific need libraries or platforms that are not installed),
# merges their compile_commands.json, and lints every CUDA entry with -p.
# Numbers in docs/corpus.md ("cuda-samples with CMake and nvcc").
#
# usage: utils/cuda_samples_cmake.sh CUDA_SAMPLES_CHECKOUT OUT_DIR [LINTER]
set -u
SRC=$(cd "$1" && pwd)
OUT=$(mkdir -p "$2" && cd "$2" && pwd)
LINT=${3:-$(dirname "$0")/../build/bin/cuda-coalesce-lint}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
for c in "$SRC"/Samples/*/; do
  n=$(basename "$c")
  if cmake -S "$c" -B "$OUT/build/$n" -G "Unix Makefiles" \
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_CUDA_COMPILER="$NVCC" \
      -DCMAKE_CUDA_ARCHITECTURES=89 > "$OUT/build/$n.log" 2>&1; then
    echo "configured $n"
  else
    echo "not configured $n (see $OUT/build/$n.log)"
  fi
done
python3 - "$OUT" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
entries = []
for f in sorted(glob.glob(os.path.join(out, "build", "*", "compile_commands.json"))):
    entries += json.load(open(f))
json.dump(entries, open(os.path.join(out, "compile_commands.json"), "w"), indent=1)
print(len(entries), "entries,", sum(e["file"].endswith(".cu") for e in entries), ".cu")
PY
/usr/bin/time -f "wall %e s, user %U s, system %S s, max RSS %M KiB" \
  "$LINT" -p "$OUT" -j 2 > "$OUT/lint.out" 2> "$OUT/lint.err"
echo "exit status $?"
grep '^cuda-coalesce-lint: [0-9]* files' "$OUT/lint.err"
tail -1 "$OUT/lint.err"
echo "files with compile errors:"
grep 'has compile errors' "$OUT/lint.err" | cut -d: -f1
echo "missing headers: $(grep -c 'missing header' "$OUT/lint.out")"
echo "crashes: $(grep -c 'crashed' "$OUT/lint.err")"
