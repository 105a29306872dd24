"""Drives utils/bench/benchmark.py's main() with --compile-reference and a
stand-in for the processes: the fourth command is clang's own -O3 device
compile with clang-dev's flags, and its ratio is to clang-dev; a file it
fails on has no reference."""
import sys

sys.path.insert(0, sys.argv[1])
import benchmark as b  # noqa: E402
from bench_stand_in import run_main  # noqa: E402

# Per command, per round (k.cu's two rounds, then bad.cu's): CPU s (and
# wall s); clang-O3 fails on bad.cu's second round.
times = {"clang": [4.0, 4.0, 4.0, 4.0], "clang-dev": [2.0, 2.0, 2.0, 2.0],
         "lint": [3.0, 3.0, 3.0, 3.0], "clang-O3": [3.0, 4.0, 2.0, 2.0]}


def fake_run(cmd, cwd):
    kind = ("lint" if cmd[0].endswith("LINT") else
            "clang-O3" if "-S" in cmd else
            "clang-dev" if "--cuda-device-only" in cmd else "clang")
    if kind == "clang-O3":
        print("clang-O3 command:", " ".join(cmd))
    t = times[kind].pop(0)
    failed = kind == "clang-O3" and "bad.cu" in cmd and not times[kind]
    return (t, 100.0, 1 if failed else 0, t)


run_main(b, fake_run, ["--repeat", "2", "--lint", "LINT", "--time", "cpu",
                       "--quiet", "0", "--cuda-path", "CUDA",
                       "--compile-reference", "k.cu", "bad.cu", "--", "-I",
                       "inc"])
