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
  utils/bench/benchmark.py [--repeat N] [--lint PATH] --suite CORPUS_ROOT

--suite runs the standard set over an extracted corpus (docs/corpus.md):
ten cuda-samples files (from Samples/, `-I ../Common`), every llm.c
dev/cuda/*.cu file (`-I dev -I dev/cuda`) and two template-heavy vLLM files
(`-I csrc`). The vLLM files include torch headers that are not installed:
both clang and the linter get `-I utils/bench/torch-stub`, a folder of empty
headers with those names, so both parse the same text. The load average is
printed before and after (the benchmark machine may be shared).
"""
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
    """(label, working directory, file relative to it, extra flags)."""
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
    return out


def run(cmd, cwd):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


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
    ap.add_argument("--suite", metavar="CORPUS_ROOT",
                    help="the standard file set of an extracted corpus")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    lint = os.path.abspath(args.lint)
    cuda = args.cuda_path
    base = ["clang++-22", "-fsyntax-only", "-x", "cuda", f"--cuda-gpu-arch={args.arch}",
            f"--cuda-path={cuda}", "-isystem", f"{cuda}/include/cccl",
            "-Wno-unknown-cuda-version"]
    jobs = [(os.path.relpath(f), os.getcwd(), f, extra) for f in args.files]
    if args.suite:
        jobs += suite(os.path.abspath(args.suite))
    if not jobs:
        ap.error("no files (give FILE... or --suite)")
    print(f"# {args.repeat} runs each, alternating; time = median wall seconds, mem = peak RSS MiB")
    print(f"# load average at start: {load()}")
    print("| file | lines (pre-processed) | clang s | clang-dev s | lint s | lint/clang | lint/clang-dev | clang MiB | clang-dev MiB | lint MiB | mem lint/clang | mem lint/clang-dev |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    worst_t = worst_m = worst_td = worst_md = 0.0
    for label, cwd, f, flags in jobs:
        pre = subprocess.run(base[:1] + ["-E", "--cuda-device-only"] + base[2:] + flags + [f],
                             cwd=cwd, capture_output=True, text=True).stdout.count("\n")
        cmds = {
            "clang": base + flags + [f],
            "clang-dev": base + flags + ["--cuda-device-only", f],
            "lint": [lint, f, "--"] + flags,
        }
        res = {k: [] for k in cmds}
        for _ in range(args.repeat):
            for k, c in cmds.items():
                res[k].append(run(c, cwd))
        t = {k: statistics.median(r[0] for r in v) for k, v in res.items()}
        m = {k: max(r[1] for r in v) for k, v in res.items()}
        worst_t = max(worst_t, t["lint"] / t["clang"])
        worst_m = max(worst_m, m["lint"] / m["clang"])
        worst_td = max(worst_td, t["lint"] / t["clang-dev"])
        worst_md = max(worst_md, m["lint"] / m["clang-dev"])
        print(f"| {label} | {pre} | {t['clang']:.2f} | {t['clang-dev']:.2f} | {t['lint']:.2f} | "
              f"{t['lint']/t['clang']:.2f} | {t['lint']/t['clang-dev']:.2f} | {m['clang']:.0f} | "
              f"{m['clang-dev']:.0f} | {m['lint']:.0f} | {m['lint']/m['clang']:.2f} | {m['lint']/m['clang-dev']:.2f} |",
              flush=True)
    print(f"\n# load average at end: {load()}")
    print(f"worst lint/clang: time {worst_t:.2f}x, memory {worst_m:.2f}x")
    print(f"worst lint/clang-dev: time {worst_td:.2f}x, memory {worst_md:.2f}x")


if __name__ == "__main__":
    main()
