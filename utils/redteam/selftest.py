#!/usr/bin/env python3
"""Self-test of the red-team oracle (lanemodel.py) on numbers that come from
outside the project: the coalescing lesson's table (word strides 1, 2, 8, 32
-> 4, 8, 32, 32 sectors; shared word strides 1, 2, 32, 33 -> 1-, 2-, 32-,
1-way) and the checked Nsight Compute facts of
shared/notes/ncu-source-csv.md (a double3 copy is three 8-byte requests of
24 sectors for 8 ideal; a [32][32] transpose read is 32 wavefronts, [32][33]
is 1; ideal sectors = ceil(active lanes x size / 32))."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lanemodel import (Access, global_cost, request_costs,  # noqa: E402
                       shared_cost, split_pieces)

failures = 0


def expect(what, got, want):
    global failures
    ok = got == want
    failures += not ok
    print("%s %s: got %s, want %s" % ("ok  " if ok else "FAIL", what, got,
                                        want))


lanes = range(32)
for stride, sectors in ((1, 4), (2, 8), (8, 32), (32, 32)):
    expect("global word stride %d" % stride,
           global_cost([4 * stride * k for k in lanes], 4), (sectors, 4))
for stride, ways in ((1, 1), (2, 2), (32, 32), (33, 1)):
    expect("shared word stride %d" % stride,
           shared_cost([4 * stride * k for k in lanes], 4)[2], ways)
expect("double3 pieces", split_pieces(24, 8), [(0, 8), (8, 8), (16, 8)])
expect("double3 copy", request_costs("global", 24, 8, [24 * k for k in lanes]),
       [(24, 8)] * 3)
expect("struct of 4 floats, 4-aligned", request_costs(
    "global", 16, 4, [16 * k for k in lanes]), [(16, 4)] * 4)
expect("float4 (16-aligned)", request_costs(
    "global", 16, 16, [16 * k for k in lanes]), [(16, 16)])
expect("float3 pieces", split_pieces(12, 4), [(0, 4), (4, 4), (8, 4)])
expect("transpose tile[32][32] column",
       shared_cost([4 * 32 * k for k in lanes], 4), (32, 1, 32))
expect("transpose tile[32][33] column",
       shared_cost([4 * 33 * k for k in lanes], 4), (1, 1, 1))
# Broadcast: every lane the same word, one wavefront; one sector.
expect("shared broadcast", shared_cost([64] * 32, 4), (1, 1, 1))
expect("global broadcast", global_cost([64] * 32, 4), (1, 1))
# Inactive lanes take no part: 8 active lanes of 16 bytes = 4 sectors.
expect("inactive lanes", global_cost([16 * k if k < 8 else None
                                      for k in lanes], 16), (4, 4))
# 8-byte shared: two phases of 16 lanes; a stride of 2 doubles is 2-way in
# each phase (lanes k and k+8 share a bank).
expect("shared double stride 2",
       shared_cost([16 * k for k in lanes], 8), (4, 2, 2))
# 16-byte shared: four phases of 8 lanes; contiguous is 4 wavefronts.
expect("shared float4 contiguous",
       shared_cost([16 * k for k in lanes], 16), (4, 4, 1))
# Misaligned contiguous floats straddle one more sector.
expect("misaligned floats", global_cost([4 + 4 * k for k in lanes], 4), (5, 4))
# Warps from the linear thread id: a (16, 16) block's warp is two rows.
acc = Access("global", 4, (16, 16), lambda n: 4 * (n["ty"] * 1000 + n["tx"]))
expect("16x16 block, rows 4000 bytes apart",
       [r[1] for r in acc.evaluate()], [4])
# A symbol an exact number must not depend on: the worst over its values.
acc = Access("global", 4, (32,), lambda n: 4 * (n["n"] + n["tx"]),
             sym={"n": range(8)})
expect("unknown offset: best and worst",
       (min(r[1] for r in acc.evaluate()), max(r[1] for r in acc.evaluate())),
       (4, 5))
sys.exit(1 if failures else 0)
