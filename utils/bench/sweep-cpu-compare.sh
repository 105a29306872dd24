#!/bin/bash
# Compares the CPU time of two linter builds on the same corpus sweep:
# each build runs utils/corpus_sweep.py (one job) over the same files,
# alternating, ROUNDS times; /usr/bin/time gives the user and system CPU of
# the whole sweep (children included), which a busy machine disturbs less
# than wall time.
#   utils/bench/sweep-cpu-compare.sh OLD_LINTER NEW_LINTER CORPUS [ROUNDS] [SWEEP_ARGS...]
# Prints one line per run: "old|new roundN cpu_user=S cpu_sys=S wall=S".
set -euo pipefail
old=$1 new=$2 corpus=$3 rounds=${4:-2}
shift $(( $# < 4 ? $# : 4 ))
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp -d)
for r in $(seq 1 "$rounds"); do
  for which in old new; do
    bin=$old; [ "$which" = new ] && bin=$new
    /usr/bin/time -f "$which round$r cpu_user=%U cpu_sys=%S wall=%e" -o "$out/t" \
      python3 "$here/utils/corpus_sweep.py" "$bin" "$corpus" --jobs 1 --timeout 900 \
      --json "$out/$which-$r.json" "$@" > /dev/null 2>&1 || true
    cat "$out/t"
  done
done
