"""The Markdown tables and the comparison of utils/corpus_sweep.py.

print_project, print_total and print_verify write the tables of one sweep
from its summaries (corpus_sweep.summarize, summarize_verify); diff compares
the per-site data of two sweeps' --json files. Python 3 standard library
only.
"""

import collections
import json


def print_verify(sums, mode, out):
    w = out.write
    w("### Verification (--verify=%s)\n\n" % mode)
    w("Exact predictions: records (kernel instance x block shape) of "
      "analyzed accesses whose prediction is exact; measured = confirmed "
      "or refuted.\n\n")
    w("| project | files | files verified | kernels analyzed | kernels run "
      "| exact predictions | confirmed | refuted | not measured | "
      "% measured | worst cases (within bound) | timeouts | seconds |\n")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    tot = collections.Counter()
    for s in sums:
        nm = s["exact"] - s["measured"]
        w("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %s | %d (%d) | %d "
          "| %.0f |\n" % (
              s["project"], s["files"], s["files_verified"], s["kernels"],
              s["kernels_run"], s["exact"], s["verdicts"]["confirmed"],
              s["verdicts"]["refuted"], nm, pct(s["measured"], s["exact"]),
              s["bound_records"], s["bound_verdicts"]["within-bound"],
              len(s["timeouts"]), s["seconds"]))
        for k in ("files", "files_verified", "kernels", "kernels_run",
                  "exact", "measured", "bound_records"):
            tot[k] += s[k]
        tot["confirmed"] += s["verdicts"]["confirmed"]
        tot["refuted"] += s["verdicts"]["refuted"]
        tot["within"] += s["bound_verdicts"]["within-bound"]
        tot["timeouts"] += len(s["timeouts"])
        tot["seconds"] += s["seconds"]
    w("| **total** | %d | %d | %d | %d | %d | %d | %d | %d | %s | %d (%d) "
      "| %d | %.0f |\n\n" % (
          tot["files"], tot["files_verified"], tot["kernels"],
          tot["kernels_run"], tot["exact"], tot["confirmed"], tot["refuted"],
          tot["exact"] - tot["measured"], pct(tot["measured"], tot["exact"]),
          tot["bound_records"], tot["within"], tot["timeouts"],
          tot["seconds"]))
    for s in sums:
        if s["not_measured"]:
            w("Not measured in %s (exact predictions; top reasons):\n\n"
              % s["project"])
            w("| records | reason | example |\n|---|---|---|\n")
            for r, c in s["not_measured"].most_common(8):
                w("| %d | %s | `%s` |\n" % (c, r.replace("|", "\\|"),
                                            s["examples"][r]))
            w("\n")
    for s in sums:
        for r in s["refutations"]:
            w("REFUTED %s: %s `%s` (%s): predicted %s (ideal %s), measured "
              "%s (ideal %s)\n\n" % (
                  s["project"], r["site"], r["expr"], r["kernel"],
                  r["predicted"], r["predicted_ideal"], r["measured"],
                  r["measured_ideal"]))
        for t in s["timeouts"]:
            w("TIMEOUT under --verify (%s): %s\n\n" % (s["project"], t))
        for c in s["crashes"]:
            w("CRASH rc=%s (%s): %s\n\n" % (c["rc"], s["project"],
                                              c["file"]))


# ---------------------------------------------------------------- printing

def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "n/a"


def print_project(s, flags, out):
    w = out.write
    w("### %s\n\n" % s["project"])
    w("Flags: `%s`\n\n" % (" ".join(flags) or "(none)"))
    w("| measure | value |\n|---|---|\n")
    rows = [
        ("files (.cu/.cuh)", s["files"]),
        ("files with kernels analyzed (files[].kernels > 0)", s["files_with_kernels"]),
        ("kernel instances (sum of files[].kernels)", s["kernel_instances"]),
        ("access sites (distinct file:line:column:op)", s["sites"]),
        ("access records", s["records"]),
        ("% sites analyzed (no record has a reason)",
         pct(s["analyzed_sites"], s["sites"])),
        ("% exact (of analyzed sites; every record exact)",
         pct(s["exact_sites"], s["analyzed_sites"])),
        ("flagged sites", s["flagged_sites"]),
        ("flagged sites, every record exact", s["flagged_exact_sites"]),
        ("flagged sites, certain (warnings by default; the rest are "
         "possible)", s["flagged_certain_sites"]),
        ("warnings by default (certain sites, one per layout: same kernel, "
         "object, op, lane pattern)", s.get("certain_warnings", "-")),
        ("flagged sites with a record under the assumed 256x1x1 block",
         s["flagged_assumed_shape_sites"]),
        ("files with compile errors (exit 2)", s["compile_error_files"]),
        ("crashes (exit not 0/1/2, or signal)", len(s["crashes"])),
        ("timeouts", len(s["timeouts"])),
        ("unparsable JSON output", len(s["bad_json"])),
        ("kernel templates never instantiated (files)",
         "%d (%d)" % (s["uninstantiated_templates"],
                      s["uninstantiated_template_files"])),
        ("files whose kernels are in an included local header",
         len(s["header_kernel_files"])),
        ("linter CPU-seconds (sum of per-file wall times)", s["seconds"]),
    ]
    for k, v in rows:
        w("| %s | %s |\n" % (k, v))
    w("\n")
    if s["top_reasons"]:
        w("Top reasons for \"not analyzed\" (sites; normalized):\n\n")
        w("| sites | reason | example |\n|---|---|---|\n")
        for r in s["top_reasons"]:
            w("| %d | %s | `%s` |\n" % (r["sites"],
                                        r["reason"].replace("|", "\\|"),
                                        r["example"]))
        w("\n")
    for c in s["crashes"]:
        w("CRASH rc=%s: `%s` (in the project directory)\n\n"
          % (c["rc"], " ".join(c["command"])))
    for t in s["timeouts"]:
        w("TIMEOUT: %s\n\n" % t)
    for b in s["bad_json"]:
        w("BAD JSON rc=%s: %s (%s)\n\n" % (b["rc"], b["file"], b["error"]))


def print_total(summaries, out):
    w = out.write
    w("### all projects\n\n")
    w("| project | files | with kernels | kernel instances | sites | "
      "records | % analyzed | % exact | flagged sites | crashes | "
      "timeouts | kernels in header |\n")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    tot = collections.Counter()
    for s in summaries:
        w("| %s | %d | %d | %d | %d | %d | %s | %s | %d | %d | %d | %d |\n" % (
            s["project"], s["files"], s["files_with_kernels"],
            s["kernel_instances"], s["sites"], s["records"],
            pct(s["analyzed_sites"], s["sites"]),
            pct(s["exact_sites"], s["analyzed_sites"]), s["flagged_sites"],
            len(s["crashes"]), len(s["timeouts"]),
            len(s["header_kernel_files"])))
        for k in ("files", "files_with_kernels", "kernel_instances", "sites",
                  "records", "analyzed_sites", "exact_sites",
                  "flagged_sites"):
            tot[k] += s[k]
        tot["crashes"] += len(s["crashes"])
        tot["timeouts"] += len(s["timeouts"])
        tot["hdr"] += len(s["header_kernel_files"])
    w("| **total** | %d | %d | %d | %d | %d | %s | %s | %d | %d | %d | %d |\n\n"
      % (tot["files"], tot["files_with_kernels"], tot["kernel_instances"],
         tot["sites"], tot["records"],
         pct(tot["analyzed_sites"], tot["sites"]),
         pct(tot["exact_sites"], tot["analyzed_sites"]),
         tot["flagged_sites"], tot["crashes"], tot["timeouts"], tot["hdr"]))


# ---------------------------------------------------------------- diffing

def diff(old_path, new_path, out):
    with open(old_path) as fh:
        old = json.load(fh)
    with open(new_path) as fh:
        new = json.load(fh)
    fields = ("analyzed", "exact", "flagged", "max_sectors", "max_wavefronts",
              "max_conflict_ways", "reasons")
    changed = 0
    for proj in sorted(set(old["projects"]) | set(new["projects"])):
        o = {s["site"]: s for s in
             old["projects"].get(proj, {}).get("sites_data", [])}
        n = {s["site"]: s for s in
             new["projects"].get(proj, {}).get("sites_data", [])}
        lines = []
        for k in sorted(set(o) | set(n)):
            if k not in n:
                lines.append("- %s (gone)" % k)
            elif k not in o:
                lines.append("+ %s (new)" % k)
            else:
                d = ["%s: %s -> %s" % (f, o[k].get(f), n[k].get(f))
                     for f in fields if o[k].get(f) != n[k].get(f)]
                if d:
                    lines.append("~ %s: %s" % (k, "; ".join(d)))
        if lines:
            out.write("## %s: %d site(s) differ\n" % (proj, len(lines)))
            out.write("\n".join(lines) + "\n")
            changed += len(lines)
    out.write("%d site(s) differ\n" % changed)
    return 1 if changed else 0
