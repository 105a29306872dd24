#!/usr/bin/env bash
# One run on a machine with an NVIDIA GPU, nvcc and Nsight Compute: verifies
# the predictions for the lesson's kernels, a transpose (naive, tiled,
# padded), a strided copy and the KV-cache look-alike with --verify=gpu,
# profiles the transpose example with ncu and compares its source page with
# --ncu-csv, and keeps the raw Nsight Compute CSVs and the comparison under
# docs/validation/.
#
#   utils/validate-gpu.sh            (after utils/setup.sh)
set -uo pipefail
cd "$(dirname "$0")/.."
LINT=build/bin/cuda-coalesce-lint
OUT=${OUT_DIR:-docs/validation}
mkdir -p "$OUT"
{
  echo "# --verify=gpu on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(date -u +%Y-%m-%d)"
  echo
  for args in \
    "test/analyzer/lesson-table.cu --block-dim=32" \
    "examples/transpose.cu" \
    "test/verify/Inputs/strided-copy.cu" \
    "test/realistic/kv-cache-write.cu --block-dim=128 --assume=elem_t=__nv_bfloat16 --assume=store_t=__nv_bfloat16 --assume=kMode=CacheMode::kPlain --assume=head_size=128 --assume=block_size=16 --assume=x=8 --assume=num_heads=8 --assume=key_stride=1024 --assume=value_stride=1024 --assume=page_stride=1024"; do
    echo "## $args"; echo; echo '```'
    # shellcheck disable=SC2086
    $LINT $args --verify=gpu --report=all --verify-output="$OUT/raw" 2>&1 | grep -E "confirmed|REFUTED|worst case|not executed|verified on|ncu" | sed "s|$PWD/||"
    echo '```'; echo
  done
  # --ncu-csv end to end: the transpose example built and profiled as a user
  # would, its source page compared with the predictions.
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  RAW="$OUT/raw"; mkdir -p "$RAW"
  echo "## --ncu-csv on examples/transpose.cu"; echo; echo '```'
  if "$NVCC" -lineinfo -arch=native -o "$RAW/transpose" examples/transpose.cu &&
     "$NCU" --section SourceCounters --export "$RAW/transpose" --force-overwrite "$RAW/transpose" > "$RAW/transpose.ncu.log" 2>&1 &&
     "$NCU" -i "$RAW/transpose.ncu-rep" --page source --csv --print-source cuda,sass --print-units base > "$RAW/transpose.src-cuda-sass.csv"; then
    $LINT examples/transpose.cu --block-dim=32,8 --ncu-csv="$RAW/transpose.src-cuda-sass.csv" --report=all 2>&1 | grep -E "by ncu|per ncu|ncu:|compared with ncu|per verdict|verified nothing|not verified" | sed "s|$PWD/||"
    echo "exit status of --ncu-csv: ${PIPESTATUS[0]}"
  else
    echo "nvcc or ncu failed (see $RAW/transpose.ncu.log)"
  fi
  echo '```'; echo
} > "$OUT/gpu-validation.md"
cat "$OUT/gpu-validation.md"
