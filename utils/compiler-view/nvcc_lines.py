#!/usr/bin/env python3
"""Records, beside each source line of a test file, the global and shared
memory instructions nvcc makes of it, and checks that they are still what
nvcc makes.

    nvcc_lines.py FILE.cu --write    rewrite the //@nvcc lines of FILE.cu
    nvcc_lines.py FILE.cu --check    exit 1 when they differ from nvcc's
    [--nvcc NVCC] [--arch sm_89] [-- FLAGS...]

nvcc runs as `nvcc -arch=sm_89 -ptx -lineinfo -O3`. Each instruction is
written `//@nvcc OPCODE [+DISP]` (its registers dropped: their numbers
change with any edit), on the lines right after its source line, in the
order of the listing, once per distinct text per line (over all kernels).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_ptx  # noqa: E402


def nvcc_lines(path, nvcc, arch, flags):
    """{line: ["//@nvcc OPCODE [+DISP]", ...]} of the main file."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "f.ptx")
        r = compare_ptx.run_nvcc(nvcc, arch, path, out, flags)
        if r.returncode != 0:
            sys.exit("nvcc failed: " + r.stderr.strip()[:400])
        text = open(out).read()
    per = {}
    for _, line, parts, operands in compare_ptx.memory_instructions(
            text, os.path.realpath(path)):
        addr = re.search(r"\[([^\]]+)\]", operands)
        disp = ""
        if addr:
            dm = re.search(r"\+\s*(-?\d+)$", addr.group(1))
            disp = " [+%s]" % (dm.group(1) if dm else "0")
        entry = "//@nvcc %s%s" % (".".join(parts), disp)
        lst = per.setdefault(line, [])
        if entry not in lst:
            lst.append(entry)
    return per


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", action="store_true")
    g.add_argument("--check", action="store_true")
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--arch", default="sm_89")
    ap.add_argument("flags", nargs="*")
    a = ap.parse_args()
    src = open(a.file).read().split("\n")
    # nvcc sees the file without the //@nvcc lines' effect on numbering only
    # if they are removed first: compile a copy without them.
    bare = [l for l in src if not l.strip().startswith("//@nvcc")]
    with tempfile.TemporaryDirectory() as d:
        tmp = os.path.join(d, os.path.basename(a.file))
        open(tmp, "w").write("\n".join(bare))
        per = nvcc_lines(tmp, a.nvcc, a.arch, a.flags)
    new = []
    for i, line in enumerate(bare, 1):
        new.append(line)
        new.extend(per.get(i, []))
    if a.write:
        open(a.file, "w").write("\n".join(new))
        return 0
    if new != src:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(
            [l + "\n" for l in src], [l + "\n" for l in new], "recorded", "nvcc"))
        return 1
    n = sum(len(v) for v in per.values())
    print("%s: the %d recorded nvcc instructions are nvcc's" % (os.path.basename(a.file), n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
