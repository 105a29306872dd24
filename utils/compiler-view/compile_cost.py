#!/usr/bin/env python3
"""CPU time the compiler view adds: each FILE linted with --compiler=none and
with --compiler=clang (the default), --kernel-jobs=1, alternating, the
median of --runs runs each (default 3), CPU time (user + system) of the
process; prints a Markdown table and the ratio.

    compile_cost.py LINTER CORPUS_ROOT [--budget S] [--runs N] [--only SUBSTRING]

The files are the benchmark suite's heaviest ones, those above 1.3x of
the device parse in docs/benchmarks.md, and a few typical ones,
under CORPUS_ROOT as docs/corpus.md extracts them (cuda-samples, llm.c,
vllm; the vLLM files with utils/bench/torch-stub). Not a test.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STUB = os.path.join(HERE, "..", "bench", "torch-stub")
FILES = [
    ("cuda-samples", "Samples/6_Performance/transpose/transpose.cu", ["-I", "Common"]),
    ("cuda-samples", "Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu", ["-I", "Common"]),
    ("cuda-samples", "Samples/0_Introduction/matrixMul/matrixMul.cu", ["-I", "Common"]),
    ("llm.c", "dev/cuda/layernorm_forward.cu", ["-I", "dev", "-I", "dev/cuda"]),
    ("llm.c", "dev/cuda/attention_forward.cu", ["-I", "dev", "-I", "dev/cuda"]),
    ("llm.c", "dev/cuda/matmul_forward.cu", ["-I", "dev", "-I", "dev/cuda"]),
    ("llm.c", "dev/cuda/attention_backward.cu", ["-I", "dev", "-I", "dev/cuda"]),
    ("llm.c", "dev/cuda/permute.cu", ["-I", "dev", "-I", "dev/cuda"]),
    ("llm.c", "dev/cuda/trimat_forward.cu", ["-I", "dev", "-I", "dev/cuda"]),
    ("cuda-samples", "Samples/3_CUDA_Features/bf16TensorCoreGemm/bf16TensorCoreGemm.cu", ["-I", "Common"]),
    ("vllm", "csrc/libtorch_stable/moe/grouped_topk_kernels.cu", ["-I", "csrc", "-I", STUB]),
    ("vllm", "csrc/libtorch_stable/fp32_router_gemm.cu", ["-I", "csrc", "-I", STUB]),
]


def cpu(cmd, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("linter")
    ap.add_argument("corpus")
    ap.add_argument("--budget", default=None, help="--compiler-budget to pass")
    ap.add_argument("--runs", type=int, default=3, help="runs of each (median)")
    ap.add_argument("--only", action="append", default=[], metavar="SUBSTRING",
                    help="only the files whose path holds SUBSTRING (repeatable)")
    a = ap.parse_args()
    print("| file | CPU s, as written | CPU s, compiled | ratio |")
    print("|---|---|---|---|")
    for proj, f, flags in FILES:
        cwd = os.path.join(a.corpus, proj)
        if not os.path.exists(os.path.join(cwd, f)):
            continue
        if a.only and not any(o in proj + "/" + f for o in a.only):
            continue
        base = [a.linter, f, "--kernel-jobs=1", "--format=json"]
        extra = ["--compiler-budget=" + a.budget] if a.budget else []
        r0, r1 = [], []
        for _ in range(a.runs):
            r0.append(cpu(base + ["--compiler=none", "--"] + flags, cwd))
            r1.append(cpu(base + ["--compiler=clang"] + extra + ["--"] + flags, cwd))
        t0, t1 = statistics.median(r0), statistics.median(r1)
        print("| %s/%s | %.2f | %.2f | %.2fx |" % (proj, f, t0, t1, t1 / t0 if t0 else 0))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
