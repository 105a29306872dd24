#!/usr/bin/env python3
"""Compare cuda-coalesce-lint's JSON records with the red-team oracle.

usage: check.py FILE.cu TOOL.json [--verbose]

FILE.cu carries the expectations as comments (docs/redteam.md):

  //@rt-kernel NAME block=X[,Y[,Z]] [block=...]
      a kernel of the file (NAME may be a glob: 'k<*>') and the block
      shapes it is launched with; every record of it must have one of them
      (or say it assumed its shape and not be exact: then its worst must
      cover the oracle's for every shape listed); a listed shape without a
      record is a failure when any record of the kernel is exact.
  //@rt SPACE OP NAME B=BYTES addr=EXPR [if=EXPR] [let.V=EXPR]...
        [sym.S=DOMAIN]... [over.O=DOMAIN]... [align=N] [kernel=GLOB]
        [col=N | at=TEXT]
      the access to NAME (an identifier of the record's expression, or a
      piece of its text such as 'data[' when NAME is not an identifier) on
      the nearest line above that is not an //@rt comment. EXPR are Python
      expressions (// and % floor: use cdiv(a, b) and cmod(a, b) for C's
      truncating / and % of negative values) of tx ty tz tid lane warp bdx
      bdy bdz and the let/sym/over names; bx by bz default to sym range(0, 9).
      sym values are unknown to the analysis: an exact record must hold for
      all of them; over values are enumerated (loop iterations with a known
      trip count): the worst counts. at=TEXT picks, among accesses of one
      line, the one whose record starts where TEXT first occurs.
      must=exact: the record must be exact (a certain number: a finding
      that is certain must not be reported as possible).
  //@rt-skip SPACE OP NAME [kernel=GLOB] [col=N] reason="..."
      a record that is deliberately not checked, and why.

Every record the tool reports must be matched by exactly one annotation or
skip; every annotation must match at least one record (unless no lane ever
executes it). Where the tool says
exact, its sectors / wavefronts (and ideal, n-way) must equal the oracle's
for every sym value; where it does not, the oracle's worst must not exceed
the tool's. The oracle (lanemodel.py) does not use the analyzer.
"""

import fnmatch
import json
import os
import re
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lanemodel  # noqa: E402

BUILTIN = {"tx", "ty", "tz", "tid", "lane", "warp", "bdx", "bdy", "bdz"}
DEFAULT_SYM = {"bx": "range(0, 9)", "by": "range(0, 9)", "bz": "range(0, 3)"}
def cdiv(a, b):
    """C's '/': truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def cmod(a, b):
    """C's '%': the sign of the dividend."""
    return a - cdiv(a, b) * b


FUNCS = {"min": min, "max": max, "abs": abs, "range": range, "cdiv": cdiv,
         "cmod": cmod}


class Error(Exception):
    pass


def free_names(expr):
    code = compile(expr, "<rt>", "eval")
    names = set(code.co_names)
    # Names of nested comprehensions/lambdas.
    for c in code.co_consts:
        if hasattr(c, "co_names"):
            names |= set(c.co_names)
    return names - set(FUNCS)


def fn(expr):
    code = compile(expr, "<rt>", "eval")
    return lambda ns: eval(code, FUNCS, ns)


class Annotation:
    def __init__(self, path, lineno, code_lines, lines, kind, words):
        target = code_lines[0]
        self.lines = lines
        self.where = "%s:%d" % (os.path.basename(path), lineno)
        self.lineno = lineno
        self.target = target
        self.kind = kind  # "rt" or "skip"
        if len(words) < 3:
            raise Error("%s: need SPACE OP NAME" % self.where)
        self.space, self.op, self.name = words[:3]
        if self.space not in ("global", "shared"):
            raise Error("%s: space must be global or shared" % self.where)
        self.kv = {}
        self.order = []
        for w in words[3:]:
            if "=" not in w:
                raise Error("%s: expected key=value, got %r" % (self.where, w))
            k, v = w.split("=", 1)
            self.kv[k] = v
            self.order.append(k)
        self.kernel = self.kv.get("kernel", "*")
        self.col = int(self.kv["col"]) if "col" in self.kv else None
        if "at" in self.kv:
            # The line above, or an earlier line of the same statement.
            for t in code_lines[:4]:
                i = lines[t - 1].find(self.kv["at"])
                if i >= 0:
                    self.target, self.col = t, i + 1
                    break
            else:
                raise Error("%s: %r is not on line %d" % (
                    self.where, self.kv["at"], target))
        self.matched = 0
        if kind == "skip":
            if not self.kv.get("reason"):
                raise Error("%s: a skip needs reason=" % self.where)
            return
        for k in ("B", "addr"):
            if k not in self.kv:
                raise Error("%s: missing %s=" % (self.where, k))
        self.bytes = int(self.kv["B"])
        self.align = int(self.kv["align"]) if "align" in self.kv else None
        self.lets = [(k[4:], self.kv[k]) for k in self.order
                     if k.startswith("let.")]
        self.sym = {k[4:]: self.kv[k] for k in self.order
                    if k.startswith("sym.")}
        self.over = {k[5:]: self.kv[k] for k in self.order
                     if k.startswith("over.")}
        known = set(BUILTIN) | set(self.sym) | set(self.over)
        for name, e in self.lets:
            self._need(free_names(e), known)
            known.add(name)
        need = free_names(self.kv["addr"])
        if "if" in self.kv:
            need |= free_names(self.kv["if"])
        self._need(need, known)

    def _need(self, names, known):
        for n in sorted(names - known):
            if n in DEFAULT_SYM:
                self.sym[n] = DEFAULT_SYM[n]
                known.add(n)
            else:
                raise Error("%s: %r has no value (sym./over./let.)"
                            % (self.where, n))

    def matches(self, rec):
        if rec["line"] != self.target or rec["space"] != self.space:
            return False
        if rec["op"] != self.op:
            return False
        if self.col is not None and rec["column"] != self.col:
            return False
        if not fnmatch.fnmatchcase(kname(rec["kernel"]), kname(self.kernel)):
            return False
        m = re.search(r"'(.*)'$", rec["expr"])
        text = m.group(1) if m else rec["expr"]
        # The object's name anywhere in the access's text: 'in[...]',
        # '*reinterpret_cast<const V *>(address)', 'atomicAdd(&p[i], v)'.
        # A long text is cut ('...'): then the source from the column on.
        if text.endswith("..."):
            text = text[:-3] + self.lines[rec["line"] - 1][rec["column"] - 1:]
        if not re.fullmatch(r"\w+", self.name):
            return self.name in text  # 'data[' is not 'data'
        return re.search(r"(?<![A-Za-z0-9_])" + re.escape(self.name) +
                         r"(?![A-Za-z0-9_])", text) is not None

    def oracle(self, block):
        dom = lambda e: list(eval(e, FUNCS, {}))  # noqa: E731
        acc = lanemodel.Access(
            self.space, self.bytes, block, fn(self.kv["addr"]),
            pred=fn(self.kv["if"]) if "if" in self.kv else None,
            sym={k: dom(v) for k, v in self.sym.items()},
            over={k: dom(v) for k, v in self.over.items()},
            lets=[(n, fn(e)) for n, e in self.lets], align=self.align)
        return acc.evaluate()


def parse(path):
    kernels, anns = [], []
    code = []
    with open(path) as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines, 1):
        s = line.strip()
        m = re.match(r"//@rt(-kernel|-skip)?\s+(.*)$", s)
        if not m:
            if s and not s.startswith("//"):
                code.append(i)
            continue
        words = shlex.split(m.group(2))
        if m.group(1) == "-kernel":
            blocks = []
            for w in words[1:]:
                if not w.startswith("block="):
                    raise Error("%s:%d: expected block=" % (path, i))
                dims = [int(x) for x in w[6:].split(",")]
                blocks.append(tuple(dims + [1] * (3 - len(dims))))
            if not blocks:
                raise Error("%s:%d: a kernel needs block=" % (path, i))
            kernels.append({"name": words[0], "blocks": blocks, "seen": 0,
                            "where": i})
            continue
        if not code:
            raise Error("%s:%d: annotation before any code" % (path, i))
        anns.append(Annotation(path, i, code[::-1], lines,
                               "skip" if m.group(1) else "rt", words))
    return kernels, anns


def tool_tuple(rec):
    if rec["space"] == "global":
        if rec["sectors"] is None:
            return None
        return (rec["sectors"], rec["ideal_sectors"])
    if rec["wavefronts"] is None:
        return None
    return (rec["wavefronts"], rec["ideal_wavefronts"], rec["conflict_ways"])


def kname(name):
    return name.replace(" ", "")


def main(argv):
    verbose = "--verbose" in argv
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2:
        print(__doc__)
        return 2
    src, js = args
    kernels, anns = parse(src)
    with open(js) as f:
        doc = json.load(f)
    base = os.path.basename(src)
    recs = [r for r in doc["accesses"]
            if os.path.basename(r["file"]) == base]
    failures = []
    stats = {"exact": 0, "inexact": 0, "unknown": 0, "skipped": 0}
    cache = {}

    def fail(msg):
        failures.append(msg)
        print("FAIL " + msg)

    for rec in recs:
        where = "%s:%d:%d %s %s block %s" % (
            base, rec["line"], rec["column"], kname(rec["kernel"]),
            rec["expr"], "x".join(map(str, rec["block_dim"])))
        kern = [k for k in kernels
                if fnmatch.fnmatchcase(kname(rec["kernel"]), kname(k["name"]))]
        if not kern:
            fail("%s: kernel without an //@rt-kernel line" % where)
            continue
        kern[0]["seen"] += 1
        block = tuple(rec["block_dim"])
        kern[0].setdefault("shapes", set()).add(block)
        kern[0]["exact"] = kern[0].get("exact", False) or rec["exact"]
        blocks = [block]
        if block not in kern[0]["blocks"]:
            # A shape the tool says it assumed, on a record it does not call
            # exact, is a bound: it must cover the oracle's worst for every
            # real shape. Anything else is a wrong shape.
            if rec["exact"] or "assumed" not in rec["block_dim_source"]:
                fail("%s: block shape %s, the launches give %s" % (
                    where, block, kern[0]["blocks"]))
                for a in anns:
                    a.matched += a.matches(rec)
                continue
            blocks = kern[0]["blocks"]
        match = [a for a in anns if a.matches(rec)]
        if not match:
            fail("%s: reported but not annotated" % where)
            continue
        if len(match) > 1:
            fail("%s: annotations %s all match" % (
                where, ", ".join(a.where for a in match)))
            continue
        a = match[0]
        a.matched += 1
        if a.kind == "skip":
            stats["skipped"] += 1
            continue
        # The tool names an access the hardware splits (a double3, an
        # underaligned struct) by the width of its pieces.
        piece_widths = {w for _, w in lanemodel.split_pieces(
            a.bytes, a.align if a.align is not None else a.bytes)}
        if rec["bytes"] is not None and rec["bytes"] != a.bytes and \
                not (len(piece_widths) == 1 and rec["bytes"] in piece_widths):
            fail("%s: %s bytes per lane, the annotation (%s) says %d" % (
                where, rec["bytes"], a.where, a.bytes))
            continue
        got = tool_tuple(rec)
        if got is None:
            stats["unknown"] += 1
            if verbose:
                print("UNKNOWN %s: %s" % (where, rec["reason"]))
            continue
        res = []
        for b in blocks:
            key = (a.where, b)
            if key not in cache:
                cache[key] = a.oracle(b)
            res += [r for r in cache[key] if r[1] is not None]
        if not res:
            fail("%s: the oracle (%s) finds no active lane, the tool %s" % (
                where, a.where, got))
            continue
        hi = max(r[1] for r in res)
        lo = min(r[1] for r in res)
        hi_at = next(r[0] for r in res if r[1] == hi)
        lo_at = next(r[0] for r in res if r[1] == lo)
        if a.kv.get("must") == "exact" and not rec["exact"]:
            fail("%s: not exact (%s), the annotation (%s) says it must be" % (
                where, rec.get("holds_for") or rec.get("depends_on"), a.where))
            continue
        if rec["exact"]:
            stats["exact"] += 1
            bad = None
            if lo != hi:
                bad = ("exact %s, but the oracle's worst ranges from %d (%s) "
                       "to %d (%s)" % (got, lo, lo_at, hi, hi_at))
            else:
                for sv, _, ties in res:
                    if got not in ties:
                        bad = "exact %s, the oracle %s at %s" % (
                            got, sorted(ties), sv)
                        break
            if bad:
                fail("%s: %s [%s]" % (where, bad, a.where))
            elif verbose:
                print("OK exact %s %s" % (where, got))
        else:
            stats["inexact"] += 1
            if got[0] < hi:
                fail("%s: inexact worst %s below the oracle's %d (%s) [%s]" % (
                    where, got, hi, hi_at, a.where))
            elif verbose:
                print("OK inexact %s tool %s oracle %d..%d" % (
                    where, got, lo, hi))
    for a in anns:
        if not a.matched and a.kind == "rt":
            # An access no lane ever reaches (a branch never taken) need not
            # be reported.
            # Its kernels: kernel=, else the next //@rt-kernel line below.
            if "kernel" in a.kv:
                ks = [k for k in kernels if fnmatch.fnmatchcase(
                    kname(k["name"]), kname(a.kernel))]
            else:
                ks = [k for k in kernels if k["where"] > a.lineno][:1]
            blocks = [b for k in ks for b in k["blocks"]]
            if blocks and all(r[1] is None for b in blocks
                              for r in a.oracle(b)):
                continue
        if not a.matched:
            fail("%s: the annotated %s %s '%s' is not reported" % (
                a.where, a.space, a.op, a.name))
    for k in kernels:
        # Every launch shape is analyzed, or no record claims exactness.
        missing = [b for b in k["blocks"] if b not in k.get("shapes", ())]
        if k["seen"] and missing and k.get("exact"):
            fail("%s:%d: kernel %s: launch shape %s has no record, yet "
                 "records of %s are exact" % (
                     base, k["where"], k["name"], missing,
                     sorted(k.get("shapes", ())) ))
        if not k["seen"]:
            fail("%s:%d: kernel %s has no record" % (base, k["where"],
                                                     k["name"]))
    checked = stats["exact"] + stats["inexact"]
    print("redteam %s: %d kernels, %d annotations, %d records: %d exact, "
          "%d inexact, %d unknown, %d skipped; %d failures" % (
              base, len(kernels), sum(a.kind == "rt" for a in anns),
              len(recs), stats["exact"], stats["inexact"], stats["unknown"],
              stats["skipped"], len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Error as e:
        print("error: %s" % e)
        sys.exit(2)
