"""What the benchmark.py tests share: runs utils/bench/benchmark.py's main()
(module \p b) with \p fake_run in place of its processes, a quiet machine,
no missing headers and one pre-processed line per file."""
import sys
import types


def run_main(b, fake_run, args):
    b.run = fake_run
    b.probe = lambda: 1.0
    b.load = lambda: "0"
    b.missing_header_stubs = lambda *a: []
    b.subprocess = types.SimpleNamespace(
        run=lambda *a, **k: types.SimpleNamespace(stdout="line\n"))
    sys.argv = ["benchmark.py"] + args
    b.main()
