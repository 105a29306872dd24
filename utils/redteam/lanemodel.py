"""An independent per-lane model of what one warp request costs.

This is the red-team suite's oracle (docs/redteam.md). It knows nothing of
the analyzer: it takes, for one access, the byte offset every thread of a
block reads or writes (a Python function of the thread's coordinates and of
whatever symbols the test names) and counts what the hardware does:

* warps are formed from the linear thread id x + y*Dx + z*Dx*Dy, 32 at a
  time; threads whose predicate is false (and the missing threads of a last,
  partial warp) take no part;
* an access whose size has no instruction (not 1, 2, 4, 8 or 16 bytes), or
  whose alignment is below its size, is split into the widest pieces its
  alignment allows, as the compiler does (a 24-byte, 8-aligned double3 is
  three 8-byte requests; a struct of four floats, 4-aligned, four 4-byte
  requests); each piece is a request of its own;
* global: the request touches the distinct 32-byte sectors its lanes' bytes
  fall in; ideal = ceil(distinct bytes / 32);
* shared: 32 banks of 4-byte words; a 4-byte (or narrower) request is one
  phase of 32 lanes, an 8-byte one two phases of 16, a 16-byte one four of
  8; in a phase, lanes that touch the same word are served together
  (broadcast), lanes that touch different words of one bank are serialized.
  A phase costs max(distinct words in its busiest bank, ceil(active lanes *
  bytes / 128)) wavefronts; its ideal is the second term; the request's
  wavefronts and ideal are the sums over phases, its n-way conflict the
  largest ceil(phase cost / phase ideal).

Only the standard library is used.
"""

import itertools

WARP = 32
SECTOR = 32
BANKS = 32
WORD = 4


def split_pieces(nbytes, align):
    """The (offset, width) pieces an access of nbytes at an align-aligned
    address is made of. Loads and stores move 1, 2, 4, 8 or 16 bytes at an
    address aligned to that size (CUDA C++ Programming Guide, "Size and
    Alignment Requirement": otherwise the access "compiles to multiple
    instructions with interleaved access patterns"): a 16-byte struct of
    four floats without __align__(16) is four 4-byte requests."""
    if nbytes in (1, 2, 4, 8, 16) and align >= nbytes:
        return [(0, nbytes)]
    pieces, off = [], 0
    while off < nbytes:
        for w in (16, 8, 4, 2, 1):
            if w <= nbytes - off and w <= align and off % w == 0:
                pieces.append((off, w))
                off += w
                break
    return pieces


def global_cost(addrs, width):
    """(sectors, ideal) of one request; addrs: per lane byte address or None
    (inactive). None when no lane is active."""
    sectors, byteset = set(), set()
    for a in addrs:
        if a is None:
            continue
        for b in range(a, a + width):
            byteset.add(b)
            sectors.add(b // SECTOR)
    if not byteset:
        return None
    # Distinct bytes, rounded up to whole sectors.
    return (len(sectors), -(-len(byteset) // SECTOR))


def shared_cost(addrs, width):
    """(wavefronts, ideal, ways) of one request, or None when no lane is
    active."""
    phase = 32 if width <= 4 else (16 if width <= 8 else 8)
    total = ideal_total = ways = 0
    any_active = False
    for p in range(0, WARP, phase):
        banks = {}
        active = 0
        for a in addrs[p:p + phase]:
            if a is None:
                continue
            active += 1
            for w in range(a // WORD, (a + width - 1) // WORD + 1):
                banks.setdefault(w % BANKS, set()).add(w)
        if not active:
            continue
        any_active = True
        ideal = max(1, -(-active * width // (BANKS * WORD)))
        cost = max(ideal, max(len(s) for s in banks.values()))
        total += cost
        ideal_total += ideal
        ways = max(ways, -(-cost // ideal))
    if not any_active:
        return None
    return (total, ideal_total, ways)


def thread_coords(tid, block):
    dx, dy, _ = block
    return (tid % dx, (tid // dx) % dy, tid // (dx * dy))


def request_costs(space, nbytes, align, lane_addr):
    """Costs of the requests one warp issues for one access: lane_addr is the
    per lane base address (or None). Returns a list, one per piece."""
    out = []
    for off, w in split_pieces(nbytes, align):
        addrs = [None if a is None else a + off for a in lane_addr]
        c = (global_cost if space == "global" else shared_cost)(addrs, w)
        if c is not None:
            out.append(c)
    return out


class Access:
    """One annotated access: the block shape, the per-thread address and
    predicate as functions of a namespace, and the domains of the values the
    test leaves open.

    sym: name -> iterable, values the analysis cannot know (blockIdx, kernel
         arguments, data): an exact number must hold for every one of them.
    over: name -> iterable, values the analysis enumerates and takes the
         worst of (iterations of a loop with a known trip count).
    lets: [(name, fn)] computed in order per thread before addr / pred.
    """

    def __init__(self, space, nbytes, block, addr, pred=None, sym=None,
                 over=None, lets=None, align=None):
        self.space = space
        self.nbytes = nbytes
        self.block = tuple(block) + (1,) * (3 - len(block))
        self.addr = addr
        self.pred = pred
        self.sym = dict(sym or {})
        self.over = dict(over or {})
        self.lets = list(lets or [])
        self.align = align if align is not None else nbytes

    def _warp_cost(self, env, warp):
        dx, dy, dz = self.block
        nthreads = dx * dy * dz
        lane_addr = []
        for lane in range(WARP):
            tid = warp * WARP + lane
            if tid >= nthreads:
                lane_addr.append(None)
                continue
            tx, ty, tz = thread_coords(tid, self.block)
            ns = dict(env)
            ns.update(tx=tx, ty=ty, tz=tz, tid=tid, lane=lane, warp=warp)
            for name, fn in self.lets:
                ns[name] = fn(ns)
            if self.pred is not None and not self.pred(ns):
                lane_addr.append(None)
                continue
            lane_addr.append(int(self.addr(ns)))
        return request_costs(self.space, self.nbytes, self.align, lane_addr)

    def evaluate(self):
        """For every assignment of the sym values: the worst request over
        warps, pieces and `over` values. Returns a list of (assignment,
        worst, ties): worst the largest sectors / wavefronts (None when no
        lane is ever active), ties the set of cost tuples that reach it."""
        dx, dy, dz = self.block
        nwarps = -(-(dx * dy * dz) // WARP)
        base = dict(bdx=dx, bdy=dy, bdz=dz)
        sym_names = list(self.sym)
        over_names = list(self.over)
        results = []
        for svals in itertools.product(*(list(self.sym[n]) for n in sym_names)):
            env = dict(base)
            env.update(zip(sym_names, svals))
            worst, ties = None, set()
            for ovals in itertools.product(
                    *(list(self.over[n]) for n in over_names)):
                env.update(zip(over_names, ovals))
                for w in range(nwarps):
                    for c in self._warp_cost(env, w):
                        if worst is None or c[0] > worst:
                            worst, ties = c[0], {c}
                        elif c[0] == worst:
                            ties.add(c)
            results.append((dict(zip(sym_names, svals)), worst, ties))
        return results
