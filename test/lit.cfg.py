# lit configuration for cuda-coalesce-lint's end-to-end tests.
#
# %lint runs the linter hermetically: --cuda-path=none makes it parse with its
# built-in minimal CUDA declarations (share/include/cuda_shim.h)
# and no CUDA installation. %lint-cuda uses the real CUDA headers; tests that
# use it say "REQUIRES: cuda".
import os
import lit.formats

config.name = "cuda-coalesce-lint"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".cu", ".cuh", ".test", ".cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ccl_obj_root, "test")
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py.in"]

path = os.path.pathsep.join([config.ccl_bin_dir, config.llvm_tools_dir,
                             config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Colors off, no terminal: tests see what CI sees.
config.environment["TERM"] = "dumb"

lint = os.path.join(config.ccl_bin_dir, "cuda-coalesce-lint")
# CCL_WARP_CROSSCHECK=FILE / CCL_WARP_BY_WARP=1 in the environment of lit:
# the whole suite with the warps also (or only) run one by one
# (analyzer/InterpWarpIndex.cpp), through the linter's hidden options.
lint_modes = ""
if os.environ.get("CCL_WARP_CROSSCHECK"):
    lint_modes += " --warp-crosscheck=" + os.environ["CCL_WARP_CROSSCHECK"]
if os.environ.get("CCL_WARP_BY_WARP"):
    lint_modes += " --warp-by-warp"
config.substitutions.append(("%lint-bin", lint))  # before %lint: a prefix
config.substitutions.append(("%lint-cuda", lint + lint_modes))
config.substitutions.append(("%lint", lint + lint_modes + " --cuda-path=none"))
config.substitutions.append(("%python", "python3"))
tidy = os.path.join(config.llvm_tools_dir, "clang-tidy")
plugin = os.path.join(config.ccl_obj_root, "lib", "libCudaCoalesceLintTidy.so")
shim = os.path.join(config.ccl_obj_root, "share", "cuda-coalesce-lint", "include")
config.substitutions.append(("%clang-tidy-bin", tidy))
config.substitutions.append(("%tidy-plugin", plugin))
config.substitutions.append(("%clang-tidy", tidy + " --load=" + plugin))
config.substitutions.append(("%shim-flags", "-x cuda --cuda-device-only -nocudainc -nocudalib "
                             "--cuda-gpu-arch=sm_90 -isystem " + shim + " -include " +
                             os.path.join(shim, "cuda_shim.h")))
# A sanitized plugin cannot be loaded into the (uninstrumented) clang-tidy.
# The sanitizer build (ASan installs its own SIGFPE/SIGSEGV handlers).
if config.ccl_sanitize.upper() in ("ON", "1", "TRUE"):
    config.available_features.add("sanitized")
if os.path.exists(tidy) and config.ccl_sanitize.upper() not in ("ON", "1", "TRUE"):
    config.available_features.add("clang-tidy")
import shutil
# Microsoft's SARIF multitool, installed from npm by .ci/run (utils/test.sh)
# into build-tools/ at the source root, or named by $CCL_SARIF_MULTITOOL.
multitool = os.environ.get("CCL_SARIF_MULTITOOL") or os.path.join(
    config.ccl_src_root, "build-tools", "node_modules", "@microsoft",
    "sarif-multitool-linux", "Sarif.Multitool")
if os.access(multitool, os.X_OK):
    config.available_features.add("sarif-multitool")
    config.substitutions.append(("%sarif-multitool", multitool))
if shutil.which("nvim"):
    config.available_features.add("neovim")
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))

cuda = os.environ.get("CUDA_PATH", "/usr/local/cuda")
if os.path.isdir(os.path.join(cuda, "include")) and os.environ.get("CCL_NO_CUDA") != "1":
    config.available_features.add("cuda")
    if os.path.exists(os.path.join(cuda, "bin", "nvcc")):
        config.available_features.add("nvcc")
        config.substitutions.append(("%nvcc", os.path.join(cuda, "bin", "nvcc")))

chromium = "/usr/bin/chromium"
if os.path.exists(chromium):
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium + " --headless --no-sandbox --disable-gpu "
        "--disable-quic --no-first-run --disable-background-networking "
        "--disable-component-update --disable-sync"))

import shutil
if shutil.which("cmake"):
    config.available_features.add("cmake")
if shutil.which("script"):
    config.available_features.add("script")

# Real Nsight Compute exports of NVIDIA's examples, next to the checkout
# (../shared/fixtures/ncu; CI checks out only this repository).
ncu_fixtures = os.path.join(os.path.dirname(config.ccl_src_root), "shared", "fixtures", "ncu")
if os.path.isdir(ncu_fixtures):
    config.available_features.add("ncu-fixtures")
    config.substitutions.append(("%ncu-fixtures", ncu_fixtures))
