#!/usr/bin/env python3
"""Renders cuda-coalesce-lint JSON (--format=json --report=all) as Markdown:
one table per kernel instance, every access with its numbers, whether they
are exact, what they depend on, and whether it was flagged.

  cuda-coalesce-lint FILE --format=json --report=all ... | utils/scripts/audit-table.py [--strip PREFIX]
"""
import json
import sys

strip = ""
if "--strip" in sys.argv:
    strip = sys.argv[sys.argv.index("--strip") + 1]
doc = json.load(sys.stdin)
by_kernel = {}
for a in doc["accesses"]:
    key = (a["kernel"], tuple(a["block_dim"]))
    by_kernel.setdefault(key, []).append(a)
for (kernel, block), accs in by_kernel.items():
    print(f"### `{kernel}`\n")
    print(f"Block {block[0]}x{block[1]}x{block[2]}: {accs[0]['block_dim_source']}.\n")
    print("| where | access | op | bytes/lane | cost (ideal) | exact | depends on | flagged |")
    print("|---|---|---|---|---|---|---|---|")
    for a in accs:
        where = f"{a['file'].replace(strip, '')}:{a['line']}"
        if a["reason"]:
            cost = f"unknown: {a['reason']}"
        elif a["space"] == "global":
            cost = f"{a['sectors']} sectors ({a['ideal_sectors']})"
        else:
            cost = f"{a['wavefronts']} wavefronts ({a['ideal_wavefronts']}), {a['conflict_ways']}-way"
        deps = ", ".join(a["depends_on"]) or "-"
        expr = a["expr"].split(" ", 2)[-1]
        print(f"| {where} | {expr} | {a['op']} | {a['bytes']} | {cost} | "
              f"{'yes' if a['exact'] else 'no'} | {deps} | {'**yes**' if a['flagged'] else ''} |")
    print()
notes = [n for f in doc.get("files", []) for n in f.get("notes", [])]
if notes:
    print("Notes from the run:\n")
    for n in notes:
        print(f"- {n}")
