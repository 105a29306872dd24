"""Drives utils/bench/benchmark.py's Quiet with scripted probe times and a
counting stand-in for run(): which runs are repeated and which are kept."""
import sys

sys.path.insert(0, sys.argv[1])
import benchmark as b  # noqa: E402

probes = []
runs = []
b.probe = lambda: probes.pop(0)
b.run = lambda cmd, cwd: runs.append(cmd) or (len(runs), 0.0, 0, 0.0)
b.time.sleep = lambda s: None

probes[:] = [1.0] * 50
q = b.Quiet(1.15, 3)
print(f"best {q.best:.2f}")


def case(name, times):
    probes[:] = times
    before = len(runs)
    r, ratio = q.run([name], ".")
    print(f"{name}: tries {len(runs) - before}, kept try {r[0] - before}, "
          f"ratio {ratio:.2f}, repeated {q.repeated}, slow kept {q.slow_kept}, "
          f"probes left {len(probes)}")


case("quiet", [1.0, 1.1])
case("slow-then-quiet", [1.0, 1.5, 1.2, 1.0, 1.0, 1.0])
case("always-slow", [1.3, 1.0] * 4)
case("quicker-probe", [0.5, 0.5])
case("slow-against-new-best", [0.55, 0.6, 0.5, 0.55])

probes[:] = []
off = b.Quiet(0, 3)
r, ratio = off.run(["off"], ".")
print(f"off: best {off.best:.2f}, ratio {ratio:.2f}, repeated {off.repeated}")
