#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds cuda-coalesce-lint, and runs it
# on the bundled example kernel.
#
#   utils/setup.sh            install what is missing, build, run the example
#   BUILD_DIR=out utils/setup.sh
#
# Needs root (or sudo) only to install missing Debian packages. A CUDA
# toolkit is optional: without one the linter parses with its built-in
# minimal CUDA declarations.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

PACKAGES=(clang-22 clang-tools-22 clang-tidy-22 libclang-22-dev libclang-cpp22-dev llvm-22-dev llvm-22-tools
          cmake ninja-build ccache libgtest-dev python3)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi

echo "== building in $BUILD_DIR"
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 > /dev/null
cmake --build "$BUILD_DIR" --target cuda-coalesce-lint

echo "== running the linter on examples/transpose.cu"
"$BUILD_DIR/bin/cuda-coalesce-lint" examples/transpose.cu
