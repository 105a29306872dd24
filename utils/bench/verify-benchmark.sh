#!/usr/bin/env bash
# Cost of --verify=cpu per file: wall time of the linter with and without it
# (the difference is instrumentation + host compile + run + trace analysis),
# median of 5 runs. Not a test; numbers go to docs/benchmarks.md.
#   utils/bench/verify-benchmark.sh FILE [LINTER-ARGS...]
set -euo pipefail
LINT=${LINT:-$(dirname "$0")/../../build/bin/cuda-coalesce-lint}
file=$1; shift
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_run() {
  for i in 1 2 3 4 5; do
    s=$(date +%s.%N); "$LINT" "$file" "$@" > /dev/null 2>&1 || true; e=$(date +%s.%N)
    echo "$e - $s" | bc
  done | median
}
plain=$(time_run "$@")
verify=$(time_run "$@" --verify=cpu)
printf '| %s | %s | %.2f | %.2f |\n' "$(basename "$file")" "$*" "$plain" "$verify"
