#!/usr/bin/env python3
"""Random kernels for the red-team oracle: each kernel stages one global
array through a __shared__ array with random index expressions of the
thread coordinates (+ - * / % & ^ >> min), random element types and block
shapes, annotated for check.py. Writes FILE.cu; with --tool, runs the tool
and the checker on it.

usage: fuzz.py OUT.cu [--seed N] [--kernels N] [--tool BIN]

Nothing here is a test by itself: a failing kernel is minimized by hand and
becomes a suite kernel or an XFAIL file (docs/redteam.md).
"""

import argparse
import os
import random
import subprocess
import sys

TYPES = [("char", 1), ("short", 2), ("float", 4), ("double", 8),
         ("float2", 8), ("float4", 16)]
BLOCKS = [(32,), (64,), (128,), (256,), (48,), (96,), (16, 16), (8, 32),
          (32, 8), (4, 64), (64, 4), (48, 4), (24, 8), (8, 4, 4), (16, 4, 2),
          (2, 16, 8), (1, 64), (12, 12)]
VARS = ["threadIdx.x", "threadIdx.y", "threadIdx.z"]
PY = {"threadIdx.x": "tx", "threadIdx.y": "ty", "threadIdx.z": "tz"}


def expr(rng, depth, dims):
    """(C text, Python text) of a non-negative int expression."""
    if depth == 0 or rng.random() < 0.3:
        if rng.random() < 0.75:
            v = VARS[rng.randrange(dims)]
            return "(int)" + v, PY[v]
        c = str(rng.choice([0, 1, 2, 3, 4, 7, 8, 16, 17, 31, 32, 33, 64]))
        return c, c
    op = rng.choice(["+", "*", "*", "/", "%", "&", "^", ">>", "min"])
    a, pa = expr(rng, depth - 1, dims)
    if op in ("*", "/", "%", ">>"):
        k = rng.choice([1, 2, 3, 4, 5, 8, 9, 16, 32, 33, 48, 64])
        if op == ">>":
            k = rng.choice([1, 2, 3, 4, 5])
        return "(%s %s %d)" % (a, op, k), "(%s %s %d)" % (
            pa, {"/": "//"}.get(op, op), k)
    b, pb = expr(rng, depth - 1, dims)
    if op == "min":
        return "min(%s, %s)" % (a, b), "min(%s, %s)" % (pa, pb)
    return "(%s %s %s)" % (a, op, b), "(%s %s %s)" % (pa, op, pb)


def kernel(rng, i):
    tname, size = rng.choice(TYPES)
    block = rng.choice(BLOCKS)
    dims = len(block)
    n = 4096
    es = [expr(rng, rng.randrange(1, 4), dims) for _ in range(4)]
    lines = []
    name = "fz%d" % i
    # A warp-uniform term the analysis cannot know (blockIdx, an argument).
    uni = rng.choice([("0", "0", ""), ("(int)blockIdx.x * 32", "bx*32", ""),
                      ("(int)blockIdx.x * 7", "bx*7", ""),
                      ("n", "n", " sym.n=range(0,40)"),
                      ("n * 3", "n*3", " sym.n=range(0,40)"),
                      ("(int)blockIdx.x * n", "bx*n",
                       " sym.n=range(0,12) sym.bx=range(0,5)")])
    es[1] = ("%s + %s" % (es[1][0], uni[0]), "%s + %s" % (es[1][1], uni[1]))
    # A lane predicate on the final store, sometimes.
    cond = None
    if rng.random() < 0.4:
        ce, cp = expr(rng, 2, dims)
        k = rng.choice([1, 3, 8, 16, 20, 31, 64])
        cond = ("(%s) < %d" % (ce, k), "(%s)<%d" % (cp, k))
    lines.append("__global__ void %s(const %s* in, %s* out, int n) {" % (
        name, tname, tname))
    lines.append("  __shared__ %s s[%d];" % (tname, n))
    lines.append("  s[(%s) %% %d] = in[%s];" % (es[0][0], n, es[1][0]))
    lines.append("//@rt shared store s B=%d addr=\"%d*((%s)%%%d)\"" % (
        size, size, es[0][1], n))
    lines.append("//@rt global load in B=%d addr=\"%d*(%s)\"%s" % (
        size, size, es[1][1], uni[2]))
    lines.append("  __syncthreads();")
    pred = ' if="%s"' % cond[1] if cond else ""
    if cond:
        lines.append("  if (%s)" % cond[0])
    lines.append("  out[%s] = s[(%s) %% %d];" % (es[2][0], es[3][0], n))
    lines.append("//@rt global store out B=%d addr=\"%d*(%s)\"%s" % (
        size, size, es[2][1], pred))
    lines.append("//@rt shared load s B=%d addr=\"%d*((%s)%%%d)\"%s" % (
        size, size, es[3][1], n, pred))
    lines.append("}")
    lines.append("//@rt-kernel %s block=%s" % (name, ",".join(map(str,
                                                                 block))))
    launch = "  %s<<<1, dim3(%s)>>>(0, 0, 5);" % (name, ", ".join(map(str,
                                                                   block)))
    return "\n".join(lines), launch


def main(argv):
    ap = argparse.ArgumentParser(
        description="Write random annotated kernels (and check them with "
        "the tool when --tool is given).")
    ap.add_argument("out", help="the .cu file to write")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kernels", type=int, default=20)
    ap.add_argument("--tool", help="cuda-coalesce-lint to run check.py with")
    args = ap.parse_args(argv)
    out, seed, count = args.out, args.seed, args.kernels
    rng = random.Random(seed)
    bodies, launches = [], []
    for i in range(count):
        b, l = kernel(rng, i)
        bodies.append(b)
        launches.append(l)
    with open(out, "w") as f:
        f.write("// fuzz.py --seed %d --kernels %d\n" % (seed, count))
        f.write("\n\n".join(bodies))
        f.write("\n\nint main() {\n%s\n}\n" % "\n".join(launches))
    if args.tool:
        tool = args.tool
        js = out + ".json"
        with open(js, "w") as f:
            subprocess.run([tool, out, "--cuda-path=none", "--format=json",
                            "--report=all"], stdout=f, check=False)
        here = os.path.dirname(os.path.abspath(__file__))
        return subprocess.run([sys.executable, os.path.join(here, "check.py"),
                               out, js]).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
