"""Every exact prediction in a --verify=cpu JSON must be confirmed."""
import json
import sys

doc = json.load(open(sys.argv[1]))
exact = [a for a in doc["accesses"] if a["exact"]]
bad = [a for a in exact if a["verdict"] != "confirmed"]
refuted = [a for a in doc["accesses"] if a["verdict"] == "refuted"]
for a in bad + refuted:
    print("MISMATCH", a["kernel"], a["line"], a["expr"], a["sectors"],
          a["wavefronts"], a["measured"], a["verdict"])
bounds = [a for a in doc["accesses"] if a["verdict"] == "within-bound"]
print(f"{len(exact)} exact predictions compared: "
      f"{len(exact) - len(bad)} confirmed, {len(refuted)} refuted; "
      f"{len(bounds)} worst cases not exceeded")
sys.exit(1 if bad or refuted else 0)
