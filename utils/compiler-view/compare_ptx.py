#!/usr/bin/env python3
"""Compares the memory instructions of the compiler view (clang's device
code generation inside cuda-coalesce-lint, --dump-device-ptx) with nvcc's
(`nvcc -arch=sm_89 -ptx -lineinfo`), per kernel and source line.

    compare_ptx.py [--lint BIN] [--nvcc NVCC] FILE.cu [-- FLAGS...]

For every kernel entry both listings have, and every line of FILE that holds
a global or shared memory instruction in either, the sets of (operation,
space, bytes per lane) are compared (with --counts, how many of each too:
the compilers unroll loops differently). Prints one line per
difference and a summary line "N lines same, M differ"; exits 1 when any
differs. Lines are the instruction's own location (an inlined helper's
line), in the main file only.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

TYPE_BYTES = {"8": 1, "16": 2, "32": 4, "64": 8, "128": 16}


def run_nvcc(nvcc, arch, path, out, flags, cwd=None):
    """`nvcc -arch=ARCH -ptx -lineinfo -O3 -w PATH -o OUT FLAGS`."""
    return subprocess.run([nvcc, "-arch=" + arch, "-ptx", "-lineinfo", "-O3", "-w",
                           path, "-o", out] + flags, capture_output=True, text=True,
                          cwd=cwd)


def memory_instructions(text, main):
    """Yields (kernel, line, opcode parts, operands) for each global, shared
    or generic memory instruction of a PTX listing located in the file
    `main` (a real path); kernel is None inside a .func."""
    files = {}
    for m in re.finditer(r'^\s*\.file\s+(\d+)\s+"([^"]+)"', text, re.M):
        files[int(m.group(1))] = m.group(2)
    real = {}
    kernel = None
    loc = None
    for line in text.split("\n"):
        t = line.strip()
        m = re.match(r"(?:\.visible\s+|\.weak\s+)?\.entry\s+(\S+?)\(", t)
        if m:
            kernel, loc = m.group(1), None
            continue
        if re.match(r"(?:\.visible\s+|\.weak\s+)?\.func", t):
            kernel, loc = None, None
            continue
        m = re.match(r"\.loc\s+(\d+)\s+(\d+)", t)
        if m:
            loc = (int(m.group(1)), int(m.group(2)))
            continue
        if loc is None or not t:
            continue
        if t.startswith("@"):
            t = t.split(None, 1)[1] if " " in t else t
        fields = t.split(None, 1)
        op, rest = fields[0], fields[1] if len(fields) > 1 else ""
        parts = op.split(".")
        if parts[0] not in ("ld", "ldu", "st", "atom", "red"):
            continue
        if set(parts) & {"param", "local", "const"}:
            continue
        f = files.get(loc[0], "")
        if f not in real:
            real[f] = os.path.realpath(f)
        if real[f] != main:
            continue
        yield kernel, loc[1], parts, rest.strip()


def parse(text, main):
    """{kernel: {line: Counter((op, space, bytes))}}"""
    out = {}
    for kernel, line, parts, _ in memory_instructions(text, main):
        if kernel is None:
            continue
        cur = out.setdefault(kernel, collections.defaultdict(collections.Counter))
        space = "generic"
        if "global" in parts:
            space = "global"
        elif any(p.startswith("shared") for p in parts):
            space = "shared"
        elems = 1
        width = 0
        for p in parts[1:]:
            if p in ("v2", "v4", "v8"):
                elems = int(p[1])
            mm = re.match(r"^[bsuf](8|16|32|64|128)$", p)
            if mm:
                width = TYPE_BYTES[mm.group(1)]
            if p in ("f16x2", "bf16x2"):
                width = 4
        if not width:
            continue
        kind = {"ld": "load", "ldu": "load", "st": "store"}.get(parts[0], "atomic")
        cur[line][(kind, space, width * elems)] += 1
    return out


def kind(n, c):
    """Why a line differs: 'width' when both compilers put an access of the
    same operation there with different widths (or spaces other than the
    generic one), 'space' when only global vs generic differs, 'location'
    when one side has no access of that operation on the line (it is on
    another line, merged or removed), 'count' when only the number
    differs (unrolling)."""
    ops = set(k[0] for k in n) | set(k[0] for k in c)
    result = "count"
    for op in ops:
        wn = set((k[1], k[2]) for k in n if k[0] == op)
        wc = set((k[1], k[2]) for k in c if k[0] == op)
        if not wn or not wc:
            result = "location" if result == "count" else result
            continue
        if wn == wc:
            continue
        if set(w for _, w in wn) == set(w for _, w in wc):
            result = "space" if result in ("count", "location") else result
            continue
        return "width"
    return result


def show(c):
    return ", ".join("%s %s %dB x%d" % (k[0], k[1], k[2], n) for k, n in sorted(c.items())) or "none"


def compare(lint, nvcc, arch, path, flags, counts=False, cwd=None):
    """Returns (status, diffs, same, kinds, only): status is None when both
    compilers made PTX, else why not; diffs are printable lines."""
    main_file = os.path.realpath(os.path.join(cwd or ".", path))
    with tempfile.TemporaryDirectory() as d:
        nv = os.path.join(d, "nvcc.ptx")
        cl = os.path.join(d, "clang.ptx")
        r = run_nvcc(nvcc, arch, path, nv, flags, cwd)
        if r.returncode != 0:
            return ("nvcc failed: " + r.stderr.strip().split("\n")[0][:200],
                    [], 0, collections.Counter(), [])
        subprocess.run([lint, path, "--dump-device-ptx=" + cl, "--format=json",
                        "--report=all", "--kernel-jobs=1", "--cuda-gpu-arch=" + arch]
                       + (["--"] + flags if flags else []),
                       capture_output=True, text=True, cwd=cwd)
        if not os.path.exists(cl):
            return ("the linter wrote no PTX", [], 0, collections.Counter(), [])
        N = parse(open(nv).read(), main_file)
        # The linter writes one module per kernel, each with its own .file
        # table: read them one by one.
        C = {}
        text = open(cl).read()
        for module in re.split(r"(?m)^(?=//\n// Generated by LLVM NVPTX)", text):
            for k, v in parse(module, main_file).items():
                C.setdefault(k, v)
    same = 0
    diffs = []
    kinds = collections.Counter()
    for k in sorted(set(N) & set(C)):
        for line in sorted(set(N[k]) | set(C[k])):
            n, c = N[k].get(line, {}), C[k].get(line, {})
            if set(n) == set(c) and (not counts or n == c):
                same += 1
                continue
            kinds[kind(n, c)] += 1
            diffs.append("%s:%d %s: nvcc %s; clang %s [%s]" % (
                os.path.basename(path), line, k, show(n), show(c), kind(n, c)))
    return None, diffs, same, kinds, sorted(set(N) ^ set(C))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lint", default=os.path.join(os.path.dirname(__file__), "../../build/bin/cuda-coalesce-lint"))
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--arch", default="sm_89")
    ap.add_argument("--counts", action="store_true",
                    help="also compare how many instructions (unrolling)")
    ap.add_argument("file")
    ap.add_argument("flags", nargs="*")
    a = ap.parse_args()
    status, diffs, same, kinds, only = compare(a.lint, a.nvcc, a.arch, a.file,
                                               a.flags, a.counts)
    if status:
        print(status)
        return 2
    for d in diffs:
        print(d)
    if only:
        print("kernels in one listing only: " + " ".join(only))
    print("%d lines same, %d differ (%s)" % (same, len(diffs), ", ".join(
        "%s %d" % (k, v) for k, v in sorted(kinds.items())) or "-"))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
