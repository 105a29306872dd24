"""Every exact prediction in a --verify=cpu JSON must be confirmed.

With --no-refutation (for --verify=jit) only a refutation fails: clang's
code may move another width than the prediction (a float4 copy as 8-byte
moves: not-verified) or stop on undefined behaviour (not-runnable); those
are printed with their reasons."""
import json
import sys

lenient = "--no-refutation" in sys.argv[1:]
doc = json.load(open([a for a in sys.argv[1:] if not a.startswith("--")][0]))
exact = [a for a in doc["accesses"] if a["exact"]]
bad = [a for a in exact if a["verdict"] != "confirmed"]
refuted = [a for a in doc["accesses"] if a["verdict"] == "refuted"]
for a in bad + refuted:
    print("MISMATCH", a["kernel"], a["line"], a["expr"], a["sectors"],
          a["wavefronts"], a["measured"], a["verdict"],
          a.get("verification", ""))
bounds = [a for a in doc["accesses"] if a["verdict"] == "within-bound"]
print(f"{len(exact)} exact predictions compared: "
      f"{len(exact) - len(bad)} confirmed, {len(refuted)} refuted; "
      f"{len(bounds)} worst cases not exceeded")
sys.exit(1 if refuted or (bad and not lenient) else 0)
