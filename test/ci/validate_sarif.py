"""Validates SARIF files with Microsoft's SARIF multitool (the SARIF 2.1.0
schema plus the GitHub code-scanning rules) and prints, per file, the number
of errors and each error; exits 1 when any file has one.

  validate_sarif.py MULTITOOL FILE.sarif..."""
import json
import subprocess
import sys
import tempfile

tool = sys.argv[1]
bad = False
for f in sys.argv[2:]:
    with tempfile.TemporaryDirectory() as d:
        out = d + "/validation.sarif"
        subprocess.run([tool, "validate", f, "--rule-kind", "Gh;Sarif", "-o",
                        out], check=True, capture_output=True)
        results = json.load(open(out))["runs"][0].get("results", [])
    errors = [r for r in results if r.get("level", "warning") == "error"]
    print(f"{f.split('/')[-1]}: {len(errors)} errors")
    for r in errors:
        print("  ", r["ruleId"], r["message"].get("arguments"))
    bad |= bool(errors)
sys.exit(1 if bad else 0)
