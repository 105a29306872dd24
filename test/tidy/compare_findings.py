#!/usr/bin/env python3
"""Runs the command-line linter and the clang-tidy plugin on the same files
and compares their warnings (file, line, column, message, check).

  compare_findings.py LINT CLANG_TIDY PLUGIN SHIM_FLAGS FILE...

Prints one line per file ("same: N warnings" or the differences) and exits 1
when any file differs or has no warning at all (a comparison of nothing
proves nothing)."""
import re
import shlex
import subprocess
import sys

WARN = re.compile(r"^(.*?):(\d+):(\d+): warning: (.*\[cuda-[a-z-]+\])$")


def warnings(text):
    return sorted(m.groups() for m in map(WARN.match, text.splitlines()) if m)


def main():
    lint, tidy, plugin, shim = sys.argv[1:5]
    failed = False
    for f in sys.argv[5:]:
        cli = subprocess.run([lint, "--cuda-path=none", f], capture_output=True,
                             text=True)
        tid = subprocess.run([tidy, "--load=" + plugin, "-checks=-*,cuda-*", f,
                              "--"] + shlex.split(shim), capture_output=True,
                             text=True)
        a, b = warnings(cli.stdout), warnings(tid.stdout)
        if a == b and a:
            print(f"{f}: same: {len(a)} warnings")
            continue
        failed = True
        print(f"{f}: DIFFERENT (cli {len(a)}, clang-tidy {len(b)})")
        for w in sorted(set(a) - set(b)):
            print("  only cli:", ":".join(w))
        for w in sorted(set(b) - set(a)):
            print("  only clang-tidy:", ":".join(w))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
