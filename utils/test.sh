#!/usr/bin/env bash
# Builds everything and runs every test: GoogleTest unit tests and the lit
# suite (through CTest), then the same suite again built with AddressSanitizer
# and UndefinedBehaviorSanitizer.
#
#   utils/test.sh             both passes (what CI runs)
#   utils/test.sh --quick     the normal build only
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}

configure_and_test() {
  local dir=$1; shift
  echo "== $dir: configure and build"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_C_COMPILER=clang-22 \
    -DCMAKE_CXX_COMPILER=clang++-22 "$@" > /dev/null
  cmake --build "$dir" -j "$JOBS"
  echo "== $dir: tests"
  (cd "$dir" && ctest --output-on-failure -j "$JOBS")
}

configure_and_test build -DCMAKE_BUILD_TYPE=RelWithDebInfo
if [ "${1:-}" != "--quick" ]; then
  # LLVM's own allocations outlive main() by design; leak checking is off,
  # every other ASan/UBSan check is on and fatal.
  export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  configure_and_test build-asan -DCMAKE_BUILD_TYPE=Debug -DCCL_SANITIZE=ON
fi
