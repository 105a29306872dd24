#!/usr/bin/env python3
"""Runs compare_ptx.py's comparison (the compiler view's memory instructions
against `nvcc -arch=sm_89 -ptx -lineinfo -O3`, per kernel and source line)
over the corpus of docs/corpus.md: every cuda-samples `Samples/**/*.cu`,
llm.c `dev/cuda/*.cu` and Rodinia (`Results/`) file, with the include flags
utils/corpus_sweep.py uses. Files nvcc does not compile are counted apart.

    compare_corpus.py CORPUS_ROOT [--lint BIN] [--jobs 2] [--diffs]

Prints one line per project and the totals: lines the same, lines that
differ by kind (width, space, location, count).
"""
import argparse
import collections
import concurrent.futures
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))
import compare_ptx  # noqa: E402
import corpus_sweep  # noqa: E402

FOLDERS = {"cuda-samples": ["Samples"], "llm.c": ["dev/cuda"], "rodinia": ["Results"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--lint", default=os.path.join(HERE, "../../build/bin/cuda-coalesce-lint"))
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--diffs", action="store_true", help="print every differing line")
    a = ap.parse_args()
    lint = os.path.abspath(a.lint)
    jobs = []
    for name, sub, _, flags, _, _ in corpus_sweep.PROJECTS:
        if name not in FOLDERS:
            continue
        pdir = os.path.join(a.root, sub)
        for folder in FOLDERS[name]:
            for dirpath, dirnames, files in os.walk(os.path.join(pdir, folder)):
                dirnames.sort()
                for f in sorted(files):
                    if f.endswith(".cu"):
                        rel = os.path.relpath(os.path.join(dirpath, f), pdir)
                        jobs.append((name, pdir, rel, flags))
    per = collections.OrderedDict()
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(compare_ptx.compare, lint, a.nvcc, "sm_89", rel, flags,
                          False, pdir) for name, pdir, rel, flags in jobs]
        for (name, pdir, rel, flags), fut in zip(jobs, futs):
            status, diffs, same, kinds, _ = fut.result()
            p = per.setdefault(name, {"files": 0, "skipped": 0, "same": 0,
                                      "kinds": collections.Counter()})
            if status:
                p["skipped"] += 1
                continue
            p["files"] += 1
            p["same"] += same
            p["kinds"].update(kinds)
            if a.diffs:
                for d in diffs:
                    print("%s/%s" % (name, d.replace(os.path.basename(rel), rel, 1)))
    tot = {"files": 0, "skipped": 0, "same": 0, "kinds": collections.Counter()}
    for name, p in list(per.items()) + [("total", tot)]:
        if name != "total":
            for k in ("files", "skipped", "same"):
                tot[k] += p[k]
            tot["kinds"].update(p["kinds"])
        lines = p["same"] + sum(p["kinds"].values())
        print("%-13s %4d files (%d nvcc does not take): %d of %d lines the same (%.1f%%); differ: %s" % (
            name, p["files"], p["skipped"], p["same"], lines,
            100.0 * p["same"] / max(lines, 1),
            ", ".join("%s %d" % kv for kv in sorted(p["kinds"].items())) or "none"))


if __name__ == "__main__":
    main()
