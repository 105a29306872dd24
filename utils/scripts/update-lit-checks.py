#!/usr/bin/env python3
"""Regenerate the CHECK lines of a lit test from the linter's output.

Like LLVM's update_cc_test_checks.py: runs the test's first RUN line (with %s
and %lint substituted), and after every source line that produced a remark or
warning inserts "// CHECK: :[[@LINE-n]]:COL: KIND: MESSAGE". Existing
"// CHECK:" lines written by this script are removed first. Review the numbers
by hand before committing: this only records what the tool says.

  utils/scripts/update-lit-checks.py build/bin/cuda-coalesce-lint test/analyzer/foo.cu
"""
import re
import subprocess
import sys

lint, path = sys.argv[1], sys.argv[2]
lines = open(path).read().split("\n")
run = next(l for l in lines if "RUN:" in l).split("RUN:", 1)[1]
cmd = run.split("|")[0].replace("%lint-cuda", lint).replace("%lint", lint + " --cuda-path=none").replace("%s", path)
kept = [l for l in lines if not re.match(r"\s*// CHECK: :\[\[@LINE", l)]
open(path, "w").write("\n".join(kept))
out = subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout
diags = {}
for m in re.finditer(r"^[^\s:]+:(\d+):(\d+): (remark|warning): (.*)$", out, re.M):
    diags.setdefault(int(m.group(1)), []).append((int(m.group(2)), m.group(3), m.group(4)))
# Map output line numbers (of the file without old checks) to new positions.
result = []
for i, l in enumerate(kept, start=1):
    result.append(l)
    indent = re.match(r"\s*", l).group(0)
    for n, (col, kind, msg) in enumerate(diags.get(i, []), start=1):
        # Line numbers inside messages move when CHECK lines are inserted.
        msg = re.sub(r"\(line \d+\)", "(line {{[0-9]+}})", msg)
        msg = re.sub(r"at line \d+", "at line {{[0-9]+}}", msg)
        result.append(f"{indent}// CHECK: :[[@LINE-{n}]]:{col}: {kind}: {msg}")
open(path, "w").write("\n".join(result))
