"""Structural check of cuda-coalesce-lint's SARIF against what GitHub needs."""
import json
import sys

d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0" and "sarif-2.1.0" in d["$schema"]
assert len(d["runs"]) == 1
run = d["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "cuda-coalesce-lint" and driver["version"]
ids = [r["id"] for r in driver["rules"]]
assert ids == ["cuda-uncoalesced-global", "cuda-shared-bank-conflict"], ids
for r in driver["rules"]:
    assert r["shortDescription"]["text"] and r["fullDescription"]["text"]
    assert r["help"]["text"]
assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"].startswith("file://")
res = run["results"]
assert len(res) == 2, len(res)
for r in res:
    assert r["ruleId"] in ids and ids[r["ruleIndex"]] == r["ruleId"]
    assert r["level"] == "warning" and r["message"]["text"]
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "examples/transpose.cu", "uriBaseId": "%SRCROOT%"}, loc
    assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
    fp = r["partialFingerprints"]["cudaCoalesceLint/v1"]
    assert len(fp) == 16, fp
    assert r["properties"]["kernel"] and r["properties"]["op"] in ("load", "store", "atomic")
glob = [r for r in res if r["ruleId"] == "cuda-uncoalesced-global"][0]
assert glob["properties"]["sectors"] == 32 and glob["properties"]["ideal_sectors"] == 4
shared = [r for r in res if r["ruleId"] == "cuda-shared-bank-conflict"][0]
assert shared["properties"]["conflict_ways"] == 32
print("sarif ok:", len(res), "results")
