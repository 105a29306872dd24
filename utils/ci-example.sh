#!/usr/bin/env bash
# Runs the commands of docs/ci.md (GitHub Actions job and pre-commit hook)
# locally, in a scratch git repository with a CUDA file, and checks their
# exit statuses and outputs.
#   utils/ci-example.sh LINTER [EXTRA-LINTER-ARGS...]
set -euo pipefail
LINT=$1; shift
EXTRA=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
git init -q .
cat > kernels.cu <<'CU'
__global__ void copy_column(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x * 1024];
}
CU
git add kernels.cu
# Adoption: record today's findings.
"$LINT" "${EXTRA[@]}" $(git ls-files '*.cu') --write-baseline=.cuda-coalesce-lint-baseline.json > /dev/null
# CI step: nothing new, so --werror passes and SARIF has no results.
"$LINT" "${EXTRA[@]}" $(git ls-files '*.cu') --format=sarif \
  --baseline=.cuda-coalesce-lint-baseline.json > ccl.sarif
python3 -c "import json; d = json.load(open('ccl.sarif')); assert d['runs'][0]['results'] == [], d"
"$LINT" "${EXTRA[@]}" --werror --baseline=.cuda-coalesce-lint-baseline.json kernels.cu > /dev/null
# A new finding: the pre-commit entry fails, the SARIF step reports it.
cat >> kernels.cu <<'CU'
__global__ void stride_two(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x * 2];
}
CU
if "$LINT" "${EXTRA[@]}" --werror --baseline=.cuda-coalesce-lint-baseline.json kernels.cu > hook.out; then
  echo "FAIL: the pre-commit hook passed with a new finding"; exit 1
fi
grep -q "in\[...\]' touches 8 sectors" hook.out
"$LINT" "${EXTRA[@]}" kernels.cu --format=sarif --baseline=.cuda-coalesce-lint-baseline.json > ccl.sarif
python3 -c "
import json; r = json.load(open('ccl.sarif'))['runs'][0]['results']
assert len(r) == 1 and r[0]['ruleId'] == 'cuda-uncoalesced-global', r
assert r[0]['locations'][0]['physicalLocation']['artifactLocation']['uri'] == 'kernels.cu'"
echo "ci example ok"
