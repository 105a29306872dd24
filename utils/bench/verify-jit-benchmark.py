#!/usr/bin/env python3
"""CPU cost of --verify=jit per kernel (numbers for docs/benchmarks.md).

For each FILE the linter runs without and with --verify=jit (median of
--runs runs, CPU time = user + system of the linter and the processes it
forks, so that a shared machine's load does not count); with
--verify-output the verifier also writes launches.tsv, the CPU seconds of
each launch (JIT compile of its module, its run), and the device compile
that all launches of the file share.

    utils/bench/verify-jit-benchmark.py [--lint PATH] [--runs N] \\
        FILE[:DIR] [-- FLAGS] ...

FILE:DIR runs the linter in DIR (the project root, for its include flags).
Each FILE may be followed by its own `-- FLAGS` group up to the next FILE
that starts with `@` (e.g. `@src/runner.cu:CORPUS/sgemm -- -I src`).
Python 3 standard library only.
"""
import argparse
import csv
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(lint, cwd, args):
    t0 = children_cpu()
    subprocess.run([lint] + args, cwd=cwd, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return children_cpu() - t0


def parse_jobs(items):
    jobs = []
    cur = None
    in_flags = False
    for it in items:
        if it.startswith("@") or cur is None and it != "--":
            spec = it[1:] if it.startswith("@") else it
            path, _, cwd = spec.partition(":")
            cur = {"file": path, "cwd": cwd or os.getcwd(), "flags": []}
            jobs.append(cur)
            in_flags = False
        elif it == "--":
            in_flags = True
        elif in_flags:
            cur["flags"].append(it)
        else:
            sys.exit("unexpected argument %r (flags go after --)" % it)
    return jobs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lint", default=os.path.join(
        HERE, "..", "..", "build", "bin", "cuda-coalesce-lint"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("items", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    lint = os.path.abspath(a.lint)
    print("| file | kernels | lint CPU s | lint --verify=jit CPU s | "
          "verify per kernel s | device compile s | slowest launch "
          "(JIT + run CPU s) |")
    print("|---|---|---|---|---|---|---|")
    launches_out = []
    for job in parse_jobs(a.items):
        base = [job["file"]]
        flags = ["--"] + job["flags"]
        plain = statistics.median(run(lint, job["cwd"], base + flags)
                                  for _ in range(a.runs))
        times, rows = [], []
        for _ in range(a.runs):
            with tempfile.TemporaryDirectory() as keep:
                times.append(run(lint, job["cwd"], base + [
                    "--verify=jit", "--verify-output=" + keep] + flags))
                stem = os.path.splitext(os.path.basename(job["file"]))[0]
                tsv = os.path.join(keep, stem, "launches.tsv")
                if os.path.exists(tsv):
                    with open(tsv) as fh:
                        rows = list(csv.DictReader(fh, delimiter="\t"))
        verify = statistics.median(times)
        compile_s = sum(float(r["jit_cpu_s"]) for r in rows
                        if r["kernel"] == "(device compile)")
        kernels = [r for r in rows if r["kernel"] != "(device compile)"]
        slow = max(kernels, key=lambda r: float(r["jit_cpu_s"]) +
                   float(r["run_cpu_s"]), default=None)
        n = len(kernels)
        print("| %s | %d | %.2f | %.2f | %s | %.2f | %s |" % (
            os.path.basename(job["file"]), n, plain, verify,
            "%.2f" % ((verify - plain) / n) if n else "n/a", compile_s,
            "%s: %.2f" % (slow["kernel"], float(slow["jit_cpu_s"]) +
                          float(slow["run_cpu_s"])) if slow else "n/a"))
        for r in kernels:
            launches_out.append((os.path.basename(job["file"]), r))
    print()
    print("| file | kernel | block | grid | JIT CPU s | run CPU s | note |")
    print("|---|---|---|---|---|---|---|")
    for f, r in launches_out:
        print("| %s | `%s` | %s | %s | %s | %s | %s |" % (
            f, r["kernel"], r["block"], r["grid"], r["jit_cpu_s"],
            r["run_cpu_s"], (r["failure"] or "")[:80].replace("|", "\\|")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
