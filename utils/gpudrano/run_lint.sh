#!/bin/bash
# Lints every target of targets.txt (benchmark, role, file) with $LINT
# (the compiler view: tag clang) and $LINT_NONE (a wrapper adding
# --compiler=none: tag none), one process at a time; flags per target from
# flags.txt (benchmark, file, flags; $GD_WORK is expanded).
#   GD_WORK=DIR LINT=BIN LINT_NONE=WRAPPER utils/gpudrano/run_lint.sh
HERE=$(cd "$(dirname "$0")" && pwd)
: "${GD_WORK:?}" "${LINT:?}" "${LINT_NONE:?}"
R=$GD_WORK/Results; O=$GD_WORK/out; mkdir -p "$O"
while IFS=$'\t' read -r bench role file; do
  [ -z "$bench" ] && continue
  tag="${bench}__$(echo "$file" | tr '/' '_')"
  extra=$(awk -F'\t' -v b="$bench" -v f="$file" '$1==b && $2==f {print $3}' "$HERE/flags.txt")
  extra=$(eval echo "$extra")
  for mode in clang none; do
    if [ $mode = clang ]; then BIN=$LINT; else BIN=$LINT_NONE; fi
    (cd "$R/$bench" && $BIN --format=json --report=all "$file" ${extra:+-- $extra} > "$O/$tag.$mode.json" 2> "$O/$tag.$mode.stderr")
    echo "$bench	$role	$file	$mode	rc=$?"
  done
done < "$HERE/targets.txt"
