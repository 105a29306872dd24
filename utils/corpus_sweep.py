#!/usr/bin/env python3
"""Run cuda-coalesce-lint over a corpus of public CUDA projects and summarize.

The corpus is described in docs/corpus.md (which projects, commits, paths and
include flags).  Each project lives in CORPUS_ROOT/<name>/ as extracted from
its repository (the repository's own layout, so the include flags below work
with the project directory as working directory).

For every .cu/.cuh file of a project the linter runs once, as a CI user would
run it: the project's include flags after `--`, no per-kernel hints,
`--format=json --report=all`, one process per file with a timeout, files in
parallel.  A Markdown table per project goes to stdout; `--json OUT` writes
the per-file and per-site data so two runs can be compared with `--diff`.

    utils/corpus_sweep.py build/bin/cuda-coalesce-lint CORPUS --jobs 2 --json sweep.json
    utils/corpus_sweep.py --diff old.json new.json

With `--verify=jit` (or `cpu`) the linter also runs the kernels
(docs/verify.md) and the summary counts, per project, the exact predictions
of analyzed kernels and their verdicts (confirmed, refuted, not measured
with the reasons), and lists every refutation. The verification sweep takes
cuda-samples, llm.c `dev/cuda`, Rodinia and SGEMM_CUDA unless `--projects`
says otherwise:

    utils/corpus_sweep.py build/bin/cuda-coalesce-lint CORPUS --jobs 1 \
        --verify=jit --json verify.json

Python 3 standard library only.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_report import diff, print_project, print_total, print_verify  # noqa: E402

# name, directory under the corpus root, folders to take .cu/.cuh from,
# compiler flags (relative to the project directory), repository and commit
# (informational; docs/corpus.md records what was extracted).
PROJECTS = [
    ("cuda-samples", "cuda-samples", ["Samples", "Common"], ["-I", "Common"],
     "NVIDIA/cuda-samples", "c94ff366"),
    ("llm.c", "llm.c", ["dev", "llmc"], ["-I", "dev", "-I", "dev/cuda"],
     "karpathy/llm.c", "f1e2ace6"),
    ("rodinia", "rodinia", ["Results"], [],
     "upenn-acg/gpuDranoDynamicAnalysis", "1bb34d3d"),
    ("vllm", "vllm", ["csrc"], ["-I", "csrc"],
     "neuralmagic/vllm", "2f41c894"),
    ("sgemm", "sgemm", ["src"], ["-I", "src"],
     "siboehm/SGEMM_CUDA", "60cba6f9"),
]

# The verification sweep (issue 11): these projects, llm.c's dev/cuda only.
VERIFY_PROJECTS = ("cuda-samples", "llm.c", "rodinia", "sgemm")
VERIFY_FOLDERS = {"llm.c": ["dev/cuda"]}
MEASURED = ("confirmed", "refuted")

LINT_EXTS = (".cu", ".cuh")
HEADER_EXTS = (".cu", ".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl", ".inc",
               ".c", ".cc", ".cpp", ".cxx")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
NO_KERNELS_NOTE = "no CUDA kernels"
NEVER_INSTANTIATED = "is never instantiated in this file"
ASSUMED_SHAPE = "(assumed;"
BLOCK_SOURCE_RE = re.compile(r"^\d+x\d+x\d+")


# ---------------------------------------------------------------- running

def list_files(proj_dir, folders):
    out = []
    for folder in folders:
        top = os.path.join(proj_dir, folder)
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            for f in sorted(filenames):
                if f.endswith(LINT_EXTS):
                    out.append(os.path.relpath(os.path.join(dirpath, f),
                                               proj_dir))
    return sorted(set(out))


def run_one(linter, proj_dir, rel, flags, timeout, verify=None, raw=None):
    cmd = [linter, rel, "--format=json", "--report=all"]
    if verify:
        cmd.append("--verify=" + verify)
    cmd += ["--"] + flags
    t0 = time.monotonic()
    res = {"file": rel, "rc": None, "timeout": False, "seconds": None,
           "json_error": None, "stderr_tail": "", "data": None}
    try:
        p = subprocess.run(cmd, cwd=proj_dir, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
        res["rc"] = p.returncode
        if raw:
            save_raw(raw, rel, p.stdout, p.stderr)
        res["stderr_tail"] = p.stderr.decode("utf-8", "replace")[-2000:]
        try:
            res["data"] = json.loads(p.stdout.decode("utf-8", "replace"))
        except ValueError as e:
            res["json_error"] = str(e)[:200]
    except subprocess.TimeoutExpired as e:
        res["timeout"] = True
        err = e.stderr or b""
        res["stderr_tail"] = err.decode("utf-8", "replace")[-2000:]
    res["seconds"] = round(time.monotonic() - t0, 2)
    res["command"] = cmd
    return res


def save_raw(raw, rel, out, err):
    """--raw DIR: the file's whole output as DIR/REL.json and DIR/REL.err
    (`diff -r` of two such folders compares two builds message by message)."""
    path = os.path.join(raw, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".json", "wb") as fh:
        fh.write(out)
    with open(path + ".err", "wb") as fh:
        fh.write(err)


def run_verify(linter, proj_dir, rel, flags, timeout, verify):
    """With --verify; a file that times out is analyzed again without it, so
    that its predictions are counted (as not verified)."""
    res = run_one(linter, proj_dir, rel, flags, timeout, verify)
    if res["timeout"]:
        plain = run_one(linter, proj_dir, rel, flags, timeout)
        plain["verify_timeout"] = True
        plain["seconds"] = res["seconds"]
        plain["command"] = res["command"]
        return plain
    return res


def is_crash(res):
    # 3: --verify verified nothing in the file (docs/verify.md).
    return (not res["timeout"] and res["rc"] is not None
            and res["rc"] not in (0, 1, 2, 3))


# ---------------------------------------------------------------- analysis

def rel_to(proj_dir, path):
    if os.path.isabs(path):
        r = os.path.relpath(path, proj_dir)
        return r if not r.startswith("..") else path
    return os.path.normpath(path)


def normalize_reason(reason):
    """Group reasons: quoted text, numbers and identifiers-in-quotes go."""
    r = reason
    r = re.sub(r"'[^']*'", "'…'", r)
    r = re.sub(r'"[^"]*"', "'…'", r)
    r = re.sub(r"`[^`]*`", "'…'", r)
    r = re.sub(r"\(line \d+\)", "(line N)", r)
    r = re.sub(r"\b(line|column|col) \d+", r"\1 N", r)
    r = re.sub(r"[\w./+-]+\.(cu|cuh|h|hpp|cpp|c):\d+(:\d+)?", "FILE:N", r)
    r = re.sub(r"\b0x[0-9a-fA-F]+\b", "N", r)
    r = re.sub(r"(?<![\w.])\d+(?![\w.])", "N", r)
    return r.strip()


def local_includes(path, proj_dir, inc_dirs, cache):
    """Files of the project that `path` includes, transitively."""
    seen, todo = set(), [path]
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        if cur not in cache:
            try:
                with open(cur, encoding="utf-8", errors="replace") as fh:
                    cache[cur] = fh.read()
            except OSError:
                cache[cur] = ""
        for inc in INCLUDE_RE.findall(cache[cur]):
            for base in [os.path.dirname(cur)] + inc_dirs:
                cand = os.path.normpath(os.path.join(base, inc))
                if (cand.startswith(proj_dir + os.sep)
                        and os.path.isfile(cand)
                        and cand.endswith(HEADER_EXTS)):
                    todo.append(cand)
                    break
    seen.discard(path)
    return seen


def has_global(path, cache):
    text = cache.get(path, "")
    # drop comments roughly
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "__global__" in text


def site_key(a, proj_dir):
    return "%s:%d:%d:%s" % (rel_to(proj_dir, a["file"]), a["line"],
                            a["column"], a["op"])


def summarize(name, proj_dir, flags, results):
    inc_dirs = [os.path.normpath(os.path.join(proj_dir, flags[i + 1]))
                for i, f in enumerate(flags) if f == "-I"]
    cache = {}
    sites = collections.OrderedDict()
    records = 0
    files_with_kernels = 0
    kernel_instances = 0
    kernel_names = set()
    crashes, timeouts, bad_json, compile_errors = [], [], [], []
    header_kernel_files = []
    uninstantiated = 0  # kernel templates the file never instantiates
    uninstantiated_files = 0
    per_file = []
    for res in results:
        data = res["data"] or {}
        entry = {"file": res["file"], "rc": res["rc"],
                 "timeout": res["timeout"], "seconds": res["seconds"],
                 "kernels": 0, "accesses": 0, "notes": [],
                 "compile_errors": None, "missing_headers": []}
        if res["timeout"]:
            timeouts.append(res)
        elif is_crash(res):
            crashes.append(res)
        elif res["json_error"] is not None:
            bad_json.append(res)
        for f in data.get("files", []):
            entry["kernels"] += f.get("kernels", 0) or 0
            entry["accesses"] += f.get("accesses", 0) or 0
            entry["notes"] += f.get("notes", [])
            entry["compile_errors"] = bool(f.get("compile_errors"))
            entry["missing_headers"] += f.get("missing_headers", []) or []
        if entry["compile_errors"]:
            compile_errors.append(res["file"])
        if entry["kernels"] > 0:
            files_with_kernels += 1
        kernel_instances += entry["kernels"]
        n_tmpl = sum(1 for n in entry["notes"] if NEVER_INSTANTIATED in n)
        uninstantiated += n_tmpl
        uninstantiated_files += 1 if n_tmpl else 0
        if any(NO_KERNELS_NOTE in n for n in entry["notes"]):
            absf = os.path.join(proj_dir, res["file"])
            hdrs = sorted(h for h in local_includes(absf, proj_dir, inc_dirs,
                                                    cache)
                          if has_global(h, cache))
            if hdrs:
                entry["kernel_headers"] = [os.path.relpath(h, proj_dir)
                                           for h in hdrs]
                header_kernel_files.append(entry)
        for a in data.get("accesses", []):
            records += 1
            kernel_names.add((res["file"], a.get("kernel")))
            k = site_key(a, proj_dir)
            s = sites.get(k)
            if s is None:
                s = sites[k] = {
                    "site": k, "space": a.get("space"), "records": 0,
                    "analyzed": True, "exact": True, "flagged": False,
                    "reasons": [], "kernels": [], "checks": [],
                    "max_sectors": None, "max_wavefronts": None,
                    "max_conflict_ways": None, "from_files": [],
                    "block_dims": [], "expr": a.get("expr"),
                    "lanes": a.get("lanes")}
            s["records"] += 1
            if res["file"] not in s["from_files"]:
                s["from_files"].append(res["file"])
            bd = "%s %s" % ("x".join(str(v) for v in a.get("block_dim") or []),
                            BLOCK_SOURCE_RE.sub("", a.get("block_dim_source")
                                                or "").strip())
            if bd not in s["block_dims"]:
                s["block_dims"].append(bd)
            kn = a.get("kernel")
            if kn not in s["kernels"]:
                s["kernels"].append(kn)
            if a.get("check") and a["check"] not in s["checks"]:
                s["checks"].append(a["check"])
            if a.get("reason"):
                s["analyzed"] = False
                if a["reason"] not in s["reasons"]:
                    s["reasons"].append(a["reason"])
            if not a.get("exact"):
                s["exact"] = False
            if a.get("flagged") and not a.get("suppressed"):
                s["flagged"] = True
                # Tools since the certainty policy say which; older ones
                # flag certain findings only in their default mode.
                if a.get("certainty", "certain") == "certain":
                    s["certain"] = True
                    # The layout the default mode's warning groups by (one
                    # kernel, object, op, lane pattern: layoutLeaders).
                    if a.get("object") is not None:
                        s.setdefault("layouts", set()).add(
                            (re.sub(r"<.*", "", kn or ""), a["object"],
                             a.get("space"), a.get("op"), a.get("lanes")))
            for fld, key in (("sectors", "max_sectors"),
                             ("wavefronts", "max_wavefronts"),
                             ("conflict_ways", "max_conflict_ways")):
                v = a.get(fld)
                if v is not None and (s[key] is None or v > s[key]):
                    s[key] = v
        per_file.append(entry)
    for s in sites.values():
        if not s["analyzed"]:
            s["exact"] = False
    n_sites = len(sites)
    analyzed = sum(1 for s in sites.values() if s["analyzed"])
    exact = sum(1 for s in sites.values() if s["analyzed"] and s["exact"])
    flagged = sum(1 for s in sites.values() if s["flagged"])
    flagged_assumed = sum(1 for s in sites.values() if s["flagged"] and any(
        ASSUMED_SHAPE in b for b in s["block_dims"]))
    flagged_exact = sum(1 for s in sites.values()
                        if s["flagged"] and s["exact"])
    flagged_certain = sum(1 for s in sites.values()
                          if s["flagged"] and s.get("certain"))
    # Warnings of the default mode: certain sites, one per layout (a site
    # whose records fall in several layouts counts in the first).
    layouts = set()
    certain_warnings = 0
    for s in sites.values():
        if not (s["flagged"] and s.get("certain")):
            continue
        ls = s.pop("layouts", None)
        if not ls:
            certain_warnings += 1
            continue
        first = sorted(ls, key=str)[0]
        if first not in layouts:
            layouts.add(first)
            certain_warnings += 1
    reasons = collections.Counter()
    example = {}
    for s in sites.values():
        if s["analyzed"]:
            continue
        nr = normalize_reason(s["reasons"][0])
        reasons[nr] += 1
        example.setdefault(nr, (s["site"], s["reasons"][0]))
    return {
        "project": name,
        "files": len(results),
        "files_with_kernels": files_with_kernels,
        "kernel_instances": kernel_instances,
        "distinct_kernels": len(kernel_names),
        "sites": n_sites,
        "records": records,
        "analyzed_sites": analyzed,
        "exact_sites": exact,
        "flagged_sites": flagged,
        "flagged_exact_sites": flagged_exact,
        "flagged_certain_sites": flagged_certain,
        "certain_warnings": certain_warnings,
        "flagged_assumed_shape_sites": flagged_assumed,
        "crashes": [{"file": r["file"], "rc": r["rc"],
                     "command": r["command"],
                     "stderr_tail": r["stderr_tail"][-600:]} for r in crashes],
        "timeouts": [r["file"] for r in timeouts],
        "bad_json": [{"file": r["file"], "rc": r["rc"],
                      "error": r["json_error"]} for r in bad_json],
        "compile_error_files": len(compile_errors),
        "uninstantiated_templates": uninstantiated,
        "uninstantiated_template_files": uninstantiated_files,
        "header_kernel_files": [{"file": e["file"],
                                 "headers": e["kernel_headers"]}
                                for e in header_kernel_files],
        "top_reasons": [{"reason": r, "sites": c, "example": example[r][0],
                         "example_reason": example[r][1]}
                        for r, c in reasons.most_common(10)],
        "seconds": round(sum(r["seconds"] or 0 for r in results), 1),
        "per_file": per_file,
        "sites_data": list(sites.values()),
    }


def verify_reason(a, kernel_reasons, res):
    """Why an exact prediction got no measured verdict: its verdict and the
    sentence that says why (normalized for grouping)."""
    v = a.get("verdict") or "no verdict"
    if res.get("verify_timeout"):
        return "file timed out under --verify (records from a run without it)"
    why = ""
    if v in ("not-runnable", "not-verified"):
        why = kernel_reasons.get(a.get("kernel"), "")
    elif a.get("verification"):
        why = a["verification"]
    if v == "not-executed":
        why = "not executed" + (" (assumed block shape)"
                                if "assumed" in (why or "") else "")
        return why
    return "%s: %s" % (v, normalize_reason(why)) if why else v


def summarize_verify(name, proj_dir, results):
    """Per project: exact predictions of analyzed kernels and their
    verdicts; every refutation."""
    out = {"files": len(results), "files_verified": 0, "timeouts": [],
           "crashes": [], "kernels": 0, "kernels_run": 0, "exact": 0,
           "verdicts": collections.Counter(), "records": 0,
           "bound_records": 0, "bound_verdicts": collections.Counter(),
           "not_measured": collections.Counter(), "refutations": [],
           "examples": {}, "seconds": 0.0}
    for res in results:
        out["seconds"] += res["seconds"] or 0
        if res.get("verify_timeout"):
            out["timeouts"].append(res["file"])
        elif is_crash(res):
            out["crashes"].append({"file": res["file"], "rc": res["rc"],
                                   "stderr_tail": res["stderr_tail"][-600:]})
        data = res["data"] or {}
        kernel_reasons = {}
        any_verified = False
        for f in data.get("files", []):
            ver = f.get("verification") or {}
            any_verified |= bool(ver.get("verified"))
            for k in ver.get("kernels_not_verified", []):
                kernel_reasons.setdefault(k["kernel"], k["reason"])
        out["files_verified"] += 1 if any_verified else 0
        kernels = set()
        for a in data.get("accesses", []):
            out["records"] += 1
            kernels.add(a.get("kernel"))
            if a.get("reason"):
                continue  # not analyzed: no prediction
            if not a.get("exact"):
                out["bound_records"] += 1
                out["bound_verdicts"][a.get("verdict") or "none"] += 1
                continue
            out["exact"] += 1
            v = a.get("verdict") or "none"
            if res.get("verify_timeout"):
                v = "not-verified"
            out["verdicts"][v] += 1
            if v in MEASURED:
                if v == "refuted":
                    shared = a.get("space") == "shared"
                    m = a.get("measured") or {}
                    key = "wavefronts" if shared else "sectors"
                    out["refutations"].append({
                        "site": "%s:%d:%d" % (rel_to(proj_dir, a["file"]),
                                              a["line"], a["column"]),
                        "kernel": a.get("kernel"), "expr": a.get("expr"),
                        "space": a.get("space"), "op": a.get("op"),
                        "block_dim": a.get("block_dim"),
                        "predicted": a.get(key),
                        "predicted_ideal": a.get("ideal_" + key),
                        "measured": m.get(key),
                        "measured_ideal": m.get("ideal_" + key),
                        "verification": a.get("verification"),
                        "lanes": a.get("lanes"), "worst": a.get("worst")})
                continue
            r = verify_reason(a, kernel_reasons, res)
            out["not_measured"][r] += 1
            out["examples"].setdefault(r, "%s:%d (%s)" % (
                rel_to(proj_dir, a["file"]), a["line"], a.get("kernel")))
        out["kernels"] += len(kernels)
        if not res.get("verify_timeout"):
            out["kernels_run"] += sum(1 for k in kernels
                                      if k not in kernel_reasons)
    out["seconds"] = round(out["seconds"], 1)
    out["measured"] = sum(out["verdicts"][v] for v in MEASURED)
    out["project"] = name
    return out




# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("linter", nargs="?", help="path to cuda-coalesce-lint")
    ap.add_argument("corpus", nargs="?", help="corpus root (one folder per project)")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=120,
                    help="seconds per file (default 120)")
    ap.add_argument("--projects", default="",
                    help="comma-separated subset of: " +
                    ",".join(p[0] for p in PROJECTS))
    ap.add_argument("--sample", type=int, default=0,
                    help="take every Nth file (deterministic; 0/1: all)")
    ap.add_argument("--json", metavar="OUT", help="write per-file/per-site data")
    ap.add_argument("--verify", metavar="MODE", choices=("jit", "cpu"),
                    help="run the kernels too (--verify=MODE) and count the "
                    "verdicts of the exact predictions")
    ap.add_argument("--raw", metavar="DIR",
                    help="also keep every file's whole output (stdout as "
                    "DIR/PROJECT/FILE.json, stderr as .err), to compare two "
                    "builds with diff -r")
    ap.add_argument("--diff", nargs=2, metavar=("OLD", "NEW"),
                    help="compare two --json outputs and exit")
    args = ap.parse_args()
    if args.diff:
        return diff(args.diff[0], args.diff[1], sys.stdout)
    if not args.linter or not args.corpus:
        ap.error("LINTER and CORPUS are required")
    linter = os.path.abspath(args.linter)
    root = os.path.abspath(args.corpus)
    wanted = set(filter(None, args.projects.split(",")))
    if args.verify and not wanted:
        wanted = set(VERIFY_PROJECTS)
    verify_sums = []
    t_start = time.monotonic()
    summaries = []
    for name, sub, folders, flags, repo, commit in PROJECTS:
        if wanted and name not in wanted:
            continue
        proj_dir = os.path.join(root, sub)
        if not os.path.isdir(proj_dir):
            sys.stderr.write("skipping %s: %s missing\n" % (name, proj_dir))
            continue
        if args.verify:
            folders = VERIFY_FOLDERS.get(name, folders)
        files = list_files(proj_dir, folders)
        if args.sample > 1:
            files = files[::args.sample]
        sys.stderr.write("%s: %d files\n" % (name, len(files)))
        results = [None] * len(files)
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
            raw = os.path.join(os.path.abspath(args.raw), name) if args.raw else None
            if args.verify:
                futs = {ex.submit(run_verify, linter, proj_dir, f, flags,
                                  args.timeout, args.verify): i
                        for i, f in enumerate(files)}
            else:
                futs = {ex.submit(run_one, linter, proj_dir, f, flags,
                                  args.timeout, None, raw): i
                        for i, f in enumerate(files)}
            done = 0
            for fut in concurrent.futures.as_completed(futs):
                results[futs[fut]] = fut.result()
                done += 1
                if done % 25 == 0:
                    sys.stderr.write("  %d/%d\n" % (done, len(files)))
        s = summarize(name, proj_dir, flags, results)
        s.update({"repository": repo, "commit": commit, "flags": flags})
        summaries.append(s)
        if args.verify:
            verify_sums.append(summarize_verify(name, proj_dir, results))
    wall = time.monotonic() - t_start
    out = sys.stdout
    out.write("## Corpus sweep\n\n")
    out.write("Linter: `%s`; jobs %d; timeout %d s per file%s; "
              "wall time %.0f s\n\n" % (
                  linter, args.jobs, args.timeout,
                  "; every %dth file" % args.sample if args.sample > 1 else "",
                  wall))
    if args.verify:
        print_verify(verify_sums, args.verify, out)
    print_total(summaries, out)
    for s in summaries:
        print_project(s, s["flags"], out)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"linter": linter, "corpus": root, "jobs": args.jobs,
                       "timeout": args.timeout, "sample": args.sample,
                       "wall_seconds": round(wall, 1),
                       "verify": args.verify,
                       "verification": {v["project"]: v
                                        for v in verify_sums},
                       "projects": {s["project"]: s for s in summaries}},
                      fh, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
