"""Drives utils/bench/benchmark.py's main() with a stand-in for the
processes: which command lines it runs (--lint-arg goes to the linter,
before its file) and which ratio the paired column takes (lint over
clang-dev, round by round)."""
import sys

sys.path.insert(0, sys.argv[1])
import benchmark as b  # noqa: E402
from bench_stand_in import run_main  # noqa: E402

# Per command, per round: (wall s, peak MiB, exit code, CPU s).
times = {"clang": [4.0, 4.0], "clang-dev": [2.0, 1.0], "lint": [3.0, 3.0]}
seen = []


def fake_run(cmd, cwd):
    kind = ("lint" if cmd[0].endswith("LINT") else
            "clang-dev" if "--cuda-device-only" in cmd else "clang")
    if kind == "lint":
        seen.append(" ".join(cmd))
    t = times[kind].pop(0)
    return (t, 100.0, 0, t)


run_main(b, fake_run, ["--repeat", "2", "--lint", "LINT", "--time", "cpu",
                       "--quiet", "0", "--lint-arg=--kernel-jobs=1",
                       "--lint-arg=--compiler=none", "k.cu", "--", "-I", "inc"])
for s in seen:
    print("lint command:", s.replace(b.os.path.abspath("LINT"), "LINT"))
