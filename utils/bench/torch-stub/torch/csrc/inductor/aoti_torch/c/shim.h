// empty stub for the benchmark (utils/bench/benchmark.py): torch is not installed
