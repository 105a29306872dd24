"""Validates the JSON output contract of cuda-coalesce-lint (version 1)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
assert doc["version"] == 1
assert set(doc) >= {"version", "accesses", "diagnostics"}, doc.keys()
fields = {"file", "line", "column", "kernel", "space", "op", "bytes", "block_dim",
          "active_lanes", "sectors", "ideal_sectors", "wavefronts",
          "ideal_wavefronts", "conflict_ways", "exact", "flagged", "check",
          "depends_on"}
accesses = doc["accesses"]
assert len(accesses) == 5, len(accesses)
for a in accesses:
    missing = fields - set(a)
    assert not missing, missing
    assert a["space"] in ("global", "shared")
    assert a["op"] in ("load", "store", "atomic")
    assert a["line"] >= 1 and a["column"] >= 1
    assert a["block_dim"] == [64, 1, 1]
    assert isinstance(a["depends_on"], list)
    if a["space"] == "global":
        assert a["wavefronts"] is None and a["sectors"] is not None
    else:
        assert a["sectors"] is None and a["wavefronts"] is not None
by = {(a["line"], a["column"], a["op"]): a for a in accesses}
# in[threadIdx.x * n]: worst case over n, not exact.
g = by[(7, 23, "load")]
assert g["sectors"] == 32 and g["ideal_sectors"] == 4 and not g["exact"], g
assert g["depends_on"] == ["n"] and g["flagged"], g
assert g["check"] == "cuda-uncoalesced-global"
# s[threadIdx.x][0]: 32-way, exact.
s = by[(7, 3, "store")]
assert (s["wavefronts"], s["ideal_wavefronts"], s["conflict_ways"]) == (32, 1, 32), s
assert s["exact"] and s["flagged"] and s["bytes"] == 4 and s["active_lanes"] == 32
# out[threadIdx.x] += ...: one load and one store at the same place.
assert by[(8, 3, "load")]["sectors"] == 4 and by[(8, 3, "store")]["sectors"] == 4
d = doc["diagnostics"]
assert {x["check"] for x in d} == {"cuda-uncoalesced-global", "cuda-shared-bank-conflict"}
for x in d:
    assert {"file", "line", "column", "message", "notes", "fixits"} <= set(x)
print("contract ok:", len(accesses), "accesses,", len(d), "diagnostics")
