"""Checks the KV-cache look-alike's numbers (see kv-cache-write.cu)."""
import json
import sys

doc = json.load(sys.stdin)
acc = doc["accesses"]
def find(kernel, op, bytes_, sectors=None):
    hits = [a for a in acc if a["kernel"].startswith(kernel) and a["op"] == op
            and a["bytes"] == bytes_ and (sectors is None or a["sectors"] == sectors)]
    assert hits, (kernel, op, bytes_, sectors,
                  [(a["kernel"], a["line"], a["op"], a["bytes"], a["sectors"]) for a in acc])
    return hits[0]

paged = "kv::write_paged_cache<" if any(a["kernel"].startswith("kv::") for a in acc) else "write_paged_cache<"
tok = paged.replace("write_paged_cache", "write_token_major")
for name, op, b, s, ideal in [
        (paged, "load", 16, 16, 16),   # key load: one 16-byte pack per lane
        (paged, "store", 16, 32, 16),  # key store: packs 256 bytes apart
        (paged, "load", 2, 16, 2),     # value load: 2 bytes, 16 apart
        (paged, "store", 2, 32, 2),    # value store: 2 bytes, 256 apart
        (tok, "load", 16, 16, 16),     # token-major: contiguous packs
        (tok, "store", 16, 16, 16)]:
    a = find(name, op, b, s)
    assert a["ideal_sectors"] == ideal, a
    assert a["space"] == "global", a
# File names survive the second (instantiating) run intact.
assert all(a["file"].endswith("kv-cache-write.cu") for a in acc), {a["file"] for a in acc}
print("kv-cache look-alike ok:", len(acc), "accesses")
