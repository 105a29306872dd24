#!/usr/bin/env bash
# One run on a machine with an NVIDIA GPU, nvcc and Nsight Compute: verifies
# the predictions for the lesson's kernels, a transpose (naive, tiled,
# padded), a strided copy and the KV-cache look-alike with --verify=gpu, and
# keeps the raw Nsight Compute CSV and the comparison under docs/validation/.
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
} > "$OUT/gpu-validation.md"
cat "$OUT/gpu-validation.md"
