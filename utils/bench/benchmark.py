#!/usr/bin/env python3
"""Speed and memory of cuda-coalesce-lint against clang-22 -fsyntax-only.

For every FILE, runs side by side, alternating, REPEAT times each:
  clang      clang++-22 -fsyntax-only -x cuda ... FILE          (host + device)
  clang-dev  the same with --cuda-device-only                   (the parse the linter does)
  lint       cuda-coalesce-lint FILE -- ...
and prints, for each, the median wall time, the median CPU time (user +
system, of the process and its children: what a loaded, shared machine
distorts least) and the peak resident memory (max over runs), with the
linter's ratios to both. `--time cpu` (or `wall`) prints only that one. Not a test: the numbers go to
docs/benchmarks.md with the command line that produced them.

  utils/bench/benchmark.py [--repeat N] [--lint PATH] FILE... [-- EXTRA-FLAGS]
  utils/bench/benchmark.py [--repeat N] [--lint PATH] [--time both|wall|cpu] --suite CORPUS_ROOT [--only SUBSTRING]

--suite runs the standard set over an extracted corpus (docs/corpus.md):
ten cuda-samples files (from Samples/, `-I ../Common`), every llm.c
dev/cuda/*.cu file (`-I dev -I dev/cuda`) and two template-heavy vLLM files
(`-I csrc`). The vLLM files include torch headers that are not installed:
both clang and the linter get `-I utils/bench/torch-stub`, a folder of empty
headers with those names, so both parse the same text.

Both sides parse the same text with the same error limit:
- A header the linter reports missing (`missing_headers` in its JSON; it
  skips those and parses on, where clang stops at the fatal error) is given
  to both as an empty file in a temporary folder (`-idirafter`), the way the
  torch stubs are: llm.c's matmul files include omp.h, which this machine
  lacks, and clang alone would measure a parse cut short at line 22.
- clang gets `-ferror-limit=0`, which the linter adds to its own parse (it
  parses past errors so that later kernels count; clang's default stops
  after 20 errors, e.g. on grouped_topk_kernels.cu against the empty torch
  stubs). `--clang-error-limit N` restores a limit for comparison.

The load average is printed before and after (the benchmark machine may be
shared). Each round runs clang, clang-dev and the linter back to back; the
"paired" column is the median over rounds of that round's lint/clang-dev
(against the parse the linter itself does), which a slow spell of a shared
machine (seconds long, up to 1.5x here) distorts less than the ratio of the
two medians, where it may fall on the linter's runs and not on clang-dev's.
`--lint-arg=--kernel-jobs=1` (repeatable) passes an option to the linter
(test/meta/bench-lint-args.test). `--raw` prints every run's times.

`--compile-reference` adds a fourth command to each round, clang's own
compile of the device side (`clang-O3`: clang-dev's flags with `-S -O3
-gline-tables-only -o /dev/null` in place of `-fsyntax-only`: the PTX of
every kernel instance with line information, what the compiler view
costs), and prints its time and its ratio to clang-dev: what code
generation adds to the parse. A file clang reports errors in gets no code
from clang (its time would be the parse's): its clang-O3 columns read
"(errors)" (test/meta/bench-compile-reference.test).

Quiet runs: a fixed amount of Python arithmetic (the probe, about 30 ms) is
timed before and after every run. A run whose probes took more than
`--quiet` (default 1.15) times the quickest probe seen so far fell, at least
in part, in a slow spell; it is run again (at most `--retries` times, default
3; the last try counts). The same rule applies to the three commands, so the
medians compare runs made on the same machine speed; `--quiet 0` turns it
off. `--raw` prints each kept run's probe ratio and how many of the file's
runs were repeated; the summary counts the repeats and the kept runs that
were still slow after the last try (test/meta/bench-quiet-runs.test).
"""
import json
import shutil
import tempfile
import argparse
import glob
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STUB = os.path.join(HERE, "torch-stub")

CUDA_SAMPLES = [
    "2_Concepts_and_Techniques/reduction/reduction_kernel.cu",
    "0_Introduction/matrixMul/matrixMul.cu",
    "3_CUDA_Features/dmmaTensorCoreGemm/dmmaTensorCoreGemm.cu",
    "3_CUDA_Features/bf16TensorCoreGemm/bf16TensorCoreGemm.cu",
    "2_Concepts_and_Techniques/histogram/histogram256.cu",
    "2_Concepts_and_Techniques/scan/scan.cu",
    "6_Performance/transpose/transpose.cu",
    "3_CUDA_Features/globalToShmemAsyncCopy/globalToShmemAsyncCopy.cu",
    "2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable.cu",
    "5_Domain_Specific/dxtc/dxtc.cu",
]
VLLM = [
    "csrc/libtorch_stable/fp32_router_gemm.cu",
    "csrc/libtorch_stable/moe/grouped_topk_kernels.cu",
]


def suite(root):
    """(label, working directory, file relative to it, extra flags); the
    files of a project not extracted under ROOT are left out, with a note."""
    out = []
    samples = os.path.join(root, "cuda-samples", "Samples")
    for f in CUDA_SAMPLES:
        out.append(("cuda-samples/" + f, samples, f, ["-I", "../Common"]))
    llmc = os.path.join(root, "llm.c")
    for f in sorted(glob.glob(os.path.join(llmc, "dev", "cuda", "*.cu"))):
        rel = os.path.relpath(f, llmc)
        out.append(("llm.c/" + rel, llmc, rel, ["-I", "dev", "-I", "dev/cuda"]))
    vllm = os.path.join(root, "vllm")
    for f in VLLM:
        out.append(("vllm/" + f, vllm, f, ["-I", "csrc", "-I", STUB]))
    kept = [e for e in out if os.path.isfile(os.path.join(e[1], e[2]))]
    for e in out:
        if e not in kept:
            print("# not in the corpus, left out: " + e[0], flush=True)
    return kept


def run(cmd, cwd):
    """(wall s, peak RSS MiB, exit code, CPU s = user + system)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return (wall, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status),
            usage.ru_utime + usage.ru_stime)


def probe():
    """Seconds for a fixed amount of CPU work in this process."""
    start = time.perf_counter()
    x = 0
    for i in range(1000000):
        x += i * i
    return time.perf_counter() - start


class Quiet:
    """Repeats the runs that fell in a slow spell of the machine."""

    def __init__(self, limit, retries):
        self.limit, self.retries = limit, retries
        # The quickest of 50 probes over about 3 s: the machine's speed
        # when nothing slows it down (updated by every later probe).
        self.best = min(self._spaced() for _ in range(50)) if limit else 0.0
        self.repeated = 0
        self.slow_kept = 0

    @staticmethod
    def _spaced():
        time.sleep(0.04)
        return probe()

    def run(self, cmd, cwd):
        """run()'s tuple and the run's probe ratio (1.0: quiet)."""
        if not self.limit:
            return run(cmd, cwd), 1.0
        for attempt in range(self.retries + 1):
            before = probe()
            r = run(cmd, cwd)
            after = probe()
            self.best = min(self.best, before, after)
            ratio = max(before, after) / self.best
            if ratio <= self.limit:
                return r, ratio
            if attempt < self.retries:
                self.repeated += 1
        self.slow_kept += 1
        return r, ratio


def missing_header_stubs(lint, cwd, f, flags, root):
    """Flags giving both sides an empty file for every header the linter
    reports missing for FILE (none: no flags)."""
    out = subprocess.run([lint, "--format=json", f, "--"] + flags, cwd=cwd,
                         capture_output=True, text=True).stdout
    try:
        names = sorted({h for r in json.loads(out).get("files", [])
                        for h in r.get("missing_headers", [])})
    except ValueError:
        return []
    if not names:
        return []
    d = tempfile.mkdtemp(dir=root)
    for h in names:
        path = os.path.join(d, h)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").close()
    print(f"# {f}: empty stubs for {', '.join(names)}", flush=True)
    return ["-idirafter", d]


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--lint", default=os.path.join(HERE, "..", "..", "build", "bin", "cuda-coalesce-lint"))
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--arch", default="sm_89")
    ap.add_argument("--clang-error-limit", type=int, default=0,
                    help="clang's -ferror-limit (default 0, as the linter's parse)")
    ap.add_argument("--suite", metavar="CORPUS_ROOT",
                    help="the standard file set of an extracted corpus")
    ap.add_argument("--time", choices=["both", "wall", "cpu"], default="both",
                    help="which time to report (default both)")
    ap.add_argument("--only", metavar="SUBSTRING", action="append", default=[],
                    help="with --suite: only the files whose label contains "
                         "SUBSTRING (repeatable)")
    ap.add_argument("--raw", action="store_true",
                    help="also print every run's wall and CPU times")
    ap.add_argument("--quiet", type=float, default=1.15,
                    help="run again a run whose probes took more than this "
                         "times the quickest probe (0: never)")
    ap.add_argument("--retries", type=int, default=3,
                    help="at most this many repeats of one run (default 3)")
    ap.add_argument("--lint-arg", action="append", default=[], metavar="ARG",
                    help="an option for the linter (before its FILE), e.g. "
                         "--lint-arg=--kernel-jobs=1; repeatable")
    ap.add_argument("--compile-reference", action="store_true",
                    help="also time clang's own -O3 device compile "
                         "(clang-O3) and its ratio to clang-dev")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    lint = os.path.abspath(args.lint)
    cuda = args.cuda_path
    base = ["clang++-22", "-fsyntax-only", "-x", "cuda", f"--cuda-gpu-arch={args.arch}",
            f"--cuda-path={cuda}", "-isystem", f"{cuda}/include/cccl",
            "-Wno-unknown-cuda-version", f"-ferror-limit={args.clang_error_limit}"]
    jobs = [(os.path.relpath(f), os.getcwd(), f, extra) for f in args.files]
    if args.suite:
        jobs += [j for j in suite(os.path.abspath(args.suite))
                 if not args.only or any(o in j[0] for o in args.only)]
    if not jobs:
        ap.error("no files (give FILE... or --suite)")
    metrics = ["wall", "cpu"] if args.time == "both" else [args.time]
    what = {"wall": "median wall seconds", "cpu": "median CPU seconds (user + sys)"}
    print(f"# {args.repeat} runs each, alternating; time = "
          + ", ".join(f"{m} = {what[m]}" for m in metrics)
          + "; mem = peak RSS MiB (max over runs)")
    print(f"# load average at start: {load()}")
    quiet = Quiet(args.quiet, args.retries)
    if args.quiet:
        print(f"# quiet runs: probes within {args.quiet:.2f}x of the quickest "
              f"({quiet.best * 1000:.1f} ms at the start), at most "
              f"{args.retries} repeats of a run")
    head = ["file", "lines (pre-processed)"]
    for m in metrics:
        head += [f"clang {m} s", f"clang-dev {m} s", f"lint {m} s",
                 f"{m} lint/clang", f"{m} lint/clang-dev",
                 f"{m} lint/clang-dev paired"]
        if args.compile_reference:
            head += [f"clang-O3 {m} s", f"{m} clang-O3/clang-dev"]
    head += ["clang MiB", "clang-dev MiB", "lint MiB", "mem lint/clang", "mem lint/clang-dev"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    worst = {}
    stubroot = tempfile.mkdtemp(prefix="ccl-bench-stubs-")
    for label, cwd, f, flags in jobs:
        flags = flags + missing_header_stubs(lint, cwd, f, flags, stubroot)
        pre = subprocess.run(base[:1] + ["-E", "--cuda-device-only"] + base[2:] + flags + [f],
                             cwd=cwd, capture_output=True, text=True).stdout.count("\n")
        cmds = {
            "clang": base + flags + [f],
            "clang-dev": base + flags + ["--cuda-device-only", f],
            "lint": [lint] + args.lint_arg + [f, "--"] + flags,
        }
        if args.compile_reference:
            cmds["clang-O3"] = (base[:1] + ["-S", "-O3", "-gline-tables-only",
                                            "-o", os.devnull] + base[2:]
                                + flags + ["--cuda-device-only", f])
        res = {k: [] for k in cmds}
        ratios = {k: [] for k in cmds}
        repeated = quiet.repeated
        for _ in range(args.repeat):
            for k, c in cmds.items():
                r, q = quiet.run(c, cwd)
                res[k].append(r)
                ratios[k].append(q)
        if args.raw:
            for k, v in res.items():
                print(f"# {label} {k}: wall " + " ".join(f"{r[0]:.2f}" for r in v)
                      + "; cpu " + " ".join(f"{r[3]:.2f}" for r in v)
                      + ("; probe " + " ".join(f"{q:.2f}" for q in ratios[k])
                         if args.quiet else ""), flush=True)
            if args.quiet:
                print(f"# {label}: {quiet.repeated - repeated} runs repeated",
                      flush=True)
        col = {"wall": 0, "cpu": 3}
        row = [label, str(pre)]
        for m in metrics:
            t = {k: statistics.median(r[col[m]] for r in v) for k, v in res.items()}
            # Paired: the median over rounds of that round's lint/clang-dev (the
            # three commands of a round run back to back, so a slow spell of
            # a shared machine, seconds long, weighs on both sides of the
            # ratio it falls in, and a median of medians can pair a slow
            # lint run with a quick clang run).
            paired = statistics.median(l[col[m]] / c[col[m]]
                                       for l, c in zip(res["lint"], res["clang-dev"]))
            row += [f"{t['clang']:.2f}", f"{t['clang-dev']:.2f}", f"{t['lint']:.2f}",
                    f"{t['lint']/t['clang']:.2f}", f"{t['lint']/t['clang-dev']:.2f}",
                    f"{paired:.2f}"]
            if args.compile_reference and any(r[2] for r in res["clang-O3"]):
                # clang generates no code for a file with errors: its time
                # is the parse's, no reference.
                row += ["(errors)", "-"]
            elif args.compile_reference:
                row += [f"{t['clang-O3']:.2f}",
                        f"{t['clang-O3']/t['clang-dev']:.2f}"]
                worst[m + "-O3"] = max(worst.get(m + "-O3", 0.0),
                                       t["clang-O3"] / t["clang-dev"])
            worst[m] = max(worst.get(m, 0.0), t["lint"] / t["clang"])
            worst[m + "-paired"] = max(worst.get(m + "-paired", 0.0), paired)
            worst[m + "-dev"] = max(worst.get(m + "-dev", 0.0), t["lint"] / t["clang-dev"])
        mem = {k: max(r[1] for r in v) for k, v in res.items()}
        row += [f"{mem['clang']:.0f}", f"{mem['clang-dev']:.0f}", f"{mem['lint']:.0f}",
                f"{mem['lint']/mem['clang']:.2f}", f"{mem['lint']/mem['clang-dev']:.2f}"]
        worst["mem"] = max(worst.get("mem", 0.0), mem["lint"] / mem["clang"])
        worst["mem-dev"] = max(worst.get("mem-dev", 0.0), mem["lint"] / mem["clang-dev"])
        print("| " + " | ".join(row) + " |", flush=True)
    shutil.rmtree(stubroot, ignore_errors=True)
    print(f"\n# load average at end: {load()}")
    if args.quiet:
        print(f"# quiet runs: {quiet.repeated} runs repeated, {quiet.slow_kept} "
              f"kept although still slow after {args.retries} repeats; quickest "
              f"probe {quiet.best * 1000:.1f} ms")
    for suffix, against in (("", "clang"), ("-dev", "clang-dev")):
        parts = [f"{m} time {worst[m + suffix]:.2f}x" for m in metrics]
        print(f"worst lint/{against}: " + ", ".join(parts)
              + f", memory {worst['mem' + suffix]:.2f}x")
    print("worst lint/clang-dev paired (median of the per-round ratios): "
          + ", ".join(f"{m} time {worst[m + '-paired']:.2f}x" for m in metrics))
    if args.compile_reference:
        print("worst clang-O3/clang-dev: "
              + ", ".join(f"{m} time {worst[m + '-O3']:.2f}x" for m in metrics))


if __name__ == "__main__":
    main()
