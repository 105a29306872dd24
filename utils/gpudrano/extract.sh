#!/bin/bash
# Extracts the GPUDrano data this evaluation reads into $GD_WORK, from a
# snapshot of upenn-acg/gpuDranoDynamicAnalysis (the git directory: $1).
#   GD_WORK=DIR utils/gpudrano/extract.sh GITDIR
set -e
G=$1
C=1bb34d3d52702ec0146bf066d0d93e0794182027
: "${GD_WORK:?set GD_WORK}"
# 1. sources and .results (only rows with more than one line per warp)
git --git-dir="$G" ls-tree -r --name-only $C -- Results | grep -E '\.(cu|cuh|h|c|cpp|results)$' | while read p; do
  mkdir -p "$GD_WORK/$(dirname "$p")"; git --git-dir="$G" show "$C:$p" > "$GD_WORK/$p"; done
# 2. per-warp logs (.raw) of the NoAlign variants where the snapshot has
#    them: they give the rows of one line per warp too (agg.py)
mkdir -p "$GD_WORK/raw"
git --git-dir="$G" ls-tree -r -l $C -- Results | grep -E '\.raw$' | grep -v BAD | awk '{print $5}' | grep -E '/NoAlign' | while read p; do
  git --git-dir="$G" show $C:"$p" > "$GD_WORK/raw/$(echo $p | sed 's|Results/||; s|/|__|g')"; done
# 3. the instrumented LLVM IR (.ll) of the NoAlign variants: operation,
#    bytes per lane and source file of each instrumented access
mkdir -p "$GD_WORK/ll"
git --git-dir="$G" ls-tree -r -l $C -- Results | grep -E '\.ll$' | grep -v BAD | awk '{print $5}' | grep -E '/NoAlign' | while read p; do
  git --git-dir="$G" show $C:"$p" > "$GD_WORK/ll/$(echo $p | sed 's|Results/||; s|/|__|g')"; done
