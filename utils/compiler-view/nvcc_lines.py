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

MEM = re.compile(r"^(?:@%\w+\s+)?((?:ld|ldu|st|atom|red)\.[\w.:]+)\s+(.*)$")


def nvcc_lines(path, nvcc, arch, flags):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "f.ptx")
        r = subprocess.run([nvcc, "-arch=" + arch, "-ptx", "-lineinfo", "-O3", "-w",
                            path, "-o", out] + flags, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("nvcc failed: " + r.stderr.strip()[:400])
        text = open(out).read()
    files = {int(m.group(1)): m.group(2) for m in
             re.finditer(r'^\s*\.file\s+(\d+)\s+"([^"]+)"', text, re.M)}
    main = os.path.realpath(path)
    per = {}
    cur = None
    for line in text.split("\n"):
        t = line.strip()
        m = re.match(r"\.loc\s+(\d+)\s+(\d+)", t)
        if m:
            f = files.get(int(m.group(1)), "")
            cur = int(m.group(2)) if os.path.realpath(f) == main else None
            continue
        m = MEM.match(t)
        if not m or cur is None:
            continue
        op = m.group(1)
        if any(s in op.split(".") for s in ("param", "local", "const")):
            continue
        addr = re.search(r"\[([^\]]+)\]", m.group(2))
        disp = ""
        if addr:
            dm = re.search(r"\+\s*(-?\d+)$", addr.group(1))
            disp = " [+%s]" % (dm.group(1) if dm else "0")
        entry = "//@nvcc %s%s" % (op, disp)
        lst = per.setdefault(cur, [])
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
