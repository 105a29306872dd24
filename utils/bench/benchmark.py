#!/usr/bin/env python3
"""Speed and memory of cuda-coalesce-lint against clang-22 -fsyntax-only.

For every FILE, runs side by side, alternating, REPEAT times each:
  clang      clang++-22 -fsyntax-only -x cuda ... FILE          (host + device)
  clang-dev  the same with --cuda-device-only                   (the parse the linter does)
  lint       cuda-coalesce-lint FILE -- ...
and prints the median wall time and the peak resident memory (max over runs)
of each, with the linter's ratios to both. Not a test: the numbers go to
docs/benchmarks.md with the command line that produced them.

  utils/bench/benchmark.py [--repeat N] [--lint PATH] FILE... [-- EXTRA-FLAGS]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

def run(cmd):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)

def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--lint", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "bin", "cuda-coalesce-lint"))
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--arch", default="sm_89")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    cuda = args.cuda_path
    base = ["clang++-22", "-fsyntax-only", "-x", "cuda", f"--cuda-gpu-arch={args.arch}",
            f"--cuda-path={cuda}", "-isystem", f"{cuda}/include/cccl",
            "-Wno-unknown-cuda-version"] + extra
    print(f"# {args.repeat} runs each, alternating; time = median wall seconds, mem = peak RSS MiB")
    print("| file | lines (pre-processed) | clang s | clang-dev s | lint s | lint/clang | lint/clang-dev | clang MiB | clang-dev MiB | lint MiB | mem lint/clang | mem lint/clang-dev |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    worst_t = worst_m = 0.0
    for f in args.files:
        pre = subprocess.run(base[:1] + ["-E", "--cuda-device-only"] + base[2:] + [f],
                             capture_output=True, text=True).stdout.count("\n")
        cmds = {
            "clang": base + [f],
            "clang-dev": base + ["--cuda-device-only", f],
            "lint": [args.lint, f, "--"] + extra,
        }
        res = {k: [] for k in cmds}
        for _ in range(args.repeat):
            for k, c in cmds.items():
                res[k].append(run(c))
        t = {k: statistics.median(r[0] for r in v) for k, v in res.items()}
        m = {k: max(r[1] for r in v) for k, v in res.items()}
        worst_t = max(worst_t, t["lint"] / t["clang"])
        worst_m = max(worst_m, m["lint"] / m["clang"])
        print(f"| {os.path.relpath(f)} | {pre} | {t['clang']:.2f} | {t['clang-dev']:.2f} | {t['lint']:.2f} | "
              f"{t['lint']/t['clang']:.2f} | {t['lint']/t['clang-dev']:.2f} | {m['clang']:.0f} | "
              f"{m['clang-dev']:.0f} | {m['lint']:.0f} | {m['lint']/m['clang']:.2f} | {m['lint']/m['clang-dev']:.2f} |")
    print(f"\nworst lint/clang: time {worst_t:.2f}x, memory {worst_m:.2f}x")

if __name__ == "__main__":
    main()
