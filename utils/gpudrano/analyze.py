#!/usr/bin/env python3
"""Match GPUDrano dynamic-analysis rows (NoAlign variants) to cuda-coalesce-lint access records.

Inputs
  $GD_WORK/Results/<bench>/<variant>/*.results   (GPUDrano; only rows with avg > 1 are in these files)
  $GD_WORK/raw/*.raw    (GPUDrano per-warp logs, NoAlign, where the repository has them; aggregated here
                        per staticId exactly like computeStatistics.py, but keeping rows with avg == 1)
  $GD_WORK/ll/*.ll      (GPUDrano instrumented LLVM IR: gives op, bytes per lane and source file per staticId)
  $GD_WORK/out/*.{clang,none}.json  (linter output)
Outputs
  $GD_WORK/rows.json, $GD_WORK/tables.md (included into report.md)
"""
import json, glob, os, re, sys, collections
import os
WORK = os.environ['GD_WORK']  # the folder extract.sh filled
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llparse import parse as llparse
from agg import agg as rawagg

R = os.path.join(WORK, 'Results')
OUT = os.path.join(WORK, 'out')

RESULTS = {  # bench -> list of (input name, results path, raw path or None)
}
for p in sorted(glob.glob(R + '/*/NoAlign*/*.results')):
    bench = p.split('/')[-3]
    inp = os.path.basename(p)[:-len('.results')]
    rawp = os.path.join(WORK, 'raw') + '/' + p[len(R) + 1:].replace('/', '__')[:-len('.results')] + '.raw'
    RESULTS.setdefault(bench, []).append((inp, p, rawp if os.path.exists(rawp) else None))

# linter configurations: 'kernel' = the file(s) holding the kernel definitions (driver only where the
# kernel file alone does not parse), 'driver' = the driver .cu that #includes the kernels and launches them.
KFILES = {
    'backprop': ['backprop_cuda_kernel.cu'],
    'bfs': ['bfs.cu'],                      # kernel.cu / kernel2.cu alone: errors (Node, MAX_THREADS_PER_BLOCK undeclared)
    'dwt2d': ['dwt_cuda_fdwt53.cu', 'components.cu'],
    'gaussian': ['gaussian.cu'],
    'heartwall': ['main.cu'],               # kernel.cu alone: errors (fp, d_common... undeclared)
    'hotspot': ['hotspot.cu'],
    'huffman': ['pack_kernels.cu', 'hist.cu', 'vlc_kernel_sm64huff.cu'],
    'lavaMD': ['kernel_kernel_gpu_cuda_wrapper.cu'],  # kernel_gpu_cuda.cu alone: errors
    'lud': ['cuda_lud_kernel.cu'],
    'nn': ['nn_cuda.cu'],
    'nw': ['needle_kernel.cu'],
    'particlefilter': ['ex_particle_CUDA_naive_seq.cu'],
    'srad_v1': ['main.cu'],                 # reduce_kernel.cu alone: errors
    'srad_v2': ['srad_kernel.cu'],
    'streamcluster': ['streamcluster_cuda.cu'],
    'b+tree': ['kernel_kernel_gpu_cuda_wrapper.cu', 'kernel_kernel_gpu_cuda_wrapper_2.cu'],
    'hotspot3D': ['opt1.cu'],
    'pathfinder': ['pathfinder.cu'],
}
DFILES = dict(KFILES)
DFILES.update({
    'backprop': ['backprop_cuda.cu'],
    'huffman': ['main_test_cu.cu'],
    'nw': ['needle.cu'],
    'srad_v2': ['srad.cu'],
    'hotspot3D': ['3D.cu'],
    'dwt2d': ['dwt_cuda_fdwt53.cu', 'components.cu'],
})
CONFIGS = [('kernel', 'clang'), ('kernel', 'none'), ('driver', 'clang'), ('driver', 'none')]


def load_lint(bench, cfg, mode):
    files = (KFILES if cfg == 'kernel' else DFILES)[bench]
    acc, diags, used = [], [], []
    for f in files:
        p = f'{OUT}/{bench}__{f}.{mode}.json'
        used.append(os.path.basename(p))
        d = json.load(open(p))
        acc += [a for a in d['accesses'] if a['space'] == 'global']
        diags += d['diagnostics']
    dmap = {}
    for x in diags:
        dmap.setdefault((x['site'], x['kernel']), x)
    return acc, dmap, used


def possible_reason(diag):
    if diag is None:
        return None
    m = diag['message']
    parts = []
    mm = re.search(r'\(possible: (.*)\)\s*$', m)
    if mm:
        parts.append(mm.group(1))
    if 'no compiled instruction at this expression' in m:
        parts.append('no compiled instruction at this expression: merged into another, removed or moved')
    if 'unless the compiler' in m:
        mm2 = re.search(r'unless the compiler[^;()]*', m)
        parts.append(mm2.group(0))
    if not parts:
        parts.append(m[-200:])
    return ' | '.join(dict.fromkeys(parts))


# ---------------------------------------------------------------- GPUDrano rows
ll_by_bench = collections.defaultdict(list)
for p in glob.glob(os.path.join(WORK, 'll', '*.ll')):
    bench = os.path.basename(p).split('__')[0]
    for r in llparse(p):
        r['ll'] = os.path.basename(p)
        ll_by_bench[bench].append(r)

rows = []
checks = []
for bench, lst in sorted(RESULTS.items()):
    for inp, rpath, rawp in lst:
        res = {}
        with open(rpath) as f:
            next(f)
            for ln in f:
                p = ln.rstrip('\n').split('\t')
                if len(p) < 10:
                    continue
                res[int(p[0])] = dict(staticId=int(p[0]), line=int(p[1]), column=int(p[2]), fileName=p[3],
                                      functionName=p[4], avg=float(p[5]), total=int(p[6]), count=int(p[7]),
                                      min=int(p[8]), max=int(p[9]), source='results')
        allrows = dict(res)
        if rawp:
            a = rawagg(rawp)
            for sid, r in a.items():
                v = r['vals']
                avg = sum(v) / len(v)
                if sid in res:
                    ok = abs(res[sid]['avg'] - round(avg, 3)) < 0.0015 and res[sid]['count'] == len(v)
                    if not ok:
                        checks.append(f'{bench}/{inp} staticId {sid}: results avg {res[sid]["avg"]} n={res[sid]["count"]} vs raw {avg:.3f} n={len(v)}')
                    allrows[sid]['raw_op'] = r['op']
                    continue
                if sum(v) != len(v):
                    checks.append(f'{bench}/{inp} staticId {sid}: raw avg {avg:.3f} > 1 but not in .results')
                allrows[sid] = dict(staticId=sid, line=r['line'], column=r['column'], fileName=r['fileName'],
                                    functionName=r['functionName'], avg=avg, total=sum(v), count=len(v),
                                    min=min(v), max=max(v), source='raw', raw_op=r['op'])
        for sid, r in sorted(allrows.items()):
            r['bench'] = bench
            r['input'] = inp
            r['has_raw'] = bool(rawp)
            # enrich from instrumented IR (same staticId, same line/col)
            cand = [x for x in ll_by_bench.get(bench, []) if x['staticId'] == sid and x['line'] == r['line'] and x['column'] == r['column']]
            ll = None
            if cand:
                stem = r['fileName'].split('-device-')[0]
                pref = [x for x in cand if x['ll'].endswith('__' + stem + '.ll')]
                ll = (pref or cand)[0]
            r['op'] = r.get('raw_op') or (ll and ll['op'])
            r['lane_bytes'] = ll and ll['typeSize']
            r['srcfile'] = (ll and ll['srcfile'] and os.path.basename(ll['srcfile'])) or None
            r['ll'] = ll and ll['ll']
            r['cls'] = 'uncoalesced' if r['avg'] > 1.0 else 'fine'
            rows.append(r)

# default source file where the instrumented device IR is missing (dwt2d and lud NoAlign have no .ll,
# heartwall's .ll is the host module): found by reading the source lines
def default_src(r):
    b = r['bench']
    if b == 'dwt2d':
        return 'components.cu' if r['functionName'].startswith('c_CopySrcToComponents') else 'io.h'
    return {'lud': 'lud_kernel.cu', 'heartwall': 'kernel.cu'}.get(b)

_srccache = {}
def srcline(bench, fname, line):
    key = (bench, fname)
    if key not in _srccache:
        hits = glob.glob(f'{R}/{bench}/**/{fname}', recursive=True)
        hits = [h for h in hits if '/Align' not in h]  # not the Align/Aligned copies
        _srccache[key] = open(hits[0], errors='replace').read().split('\n') if hits else None
    L = _srccache[key]
    return L[line - 1] if L and 0 < line <= len(L) else ''

# ---------------------------------------------------------------- match
def match(r, acc):
    src = r['srcfile'] or default_src(r)
    cands = [a for a in acc if a['line'] == r['line'] and (src is None or os.path.basename(a['file']) == src)]
    if not cands:
        return [], 'no linter record on this line'
    how = []
    if r['op']:
        c2 = [a for a in cands if a['op'] == r['op']]
        if not c2:
            return [], f'no {r["op"]} on this line (linter has {sorted(set(a["op"] for a in cands))})'
        cands = c2
        how.append('op')
    cols = sorted(set(a['column'] for a in cands))
    if len(cols) == 1:
        col = cols[0]
        how.append('exact col' if col == r['column'] else 'only site on line')
    elif r['column'] in cols:
        col = r['column']
        how.append('exact col')
    else:
        # GPUDrano's column is clang's debug column of the instruction: the start of an array access, the member
        # name of a field access (p[tid].cost -> 'cost'), or the '=' / '+=' token of an assignment. The linter
        # reports the start of the access expression, which is never to the right of the debug column.
        text = srcline(r['bench'], src, r['line']) if src else ''
        rest = text[r['column'] - 1:]
        m_as = re.match(r'(\+|-|\*|/|%|&|\||\^|<<|>>)?=(?!=)', rest)
        m_id = re.match(r'[A-Za-z_]\w*', rest)
        left = [c for c in cols if c < r['column']]
        col = None
        if m_as and left:
            # the lvalue of an assignment: the linter's store site on this line left of the operator
            stores = sorted(set(a['column'] for a in acc if a['line'] == r['line'] and a['op'] == 'store'
                                and a['column'] < r['column'] and (src is None or os.path.basename(a['file']) == src)))
            pick = [c for c in stores if c in left]
            if pick:
                col = max(pick); how.append(f"lvalue of '{m_as.group(0)}' at col {r['column']}")
        if col is None and m_id and left:
            ident = m_id.group(0)
            named = [c for c in left if any(a['column'] == c and re.search(r"(\.|->|^'|\*)" + ident + r"\b", a['expr'].split(' ', 2)[-1]) for a in cands)]
            if named:
                col = max(named); how.append(f"'{ident}' at col {r['column']}")
        if col is None:
            col = max(left) if left else min(cols, key=lambda c: abs(c - r['column']))
            how.append('nearest col to the left' if left else 'nearest col')
        how[-1] += f' of {cols}'
    sel = [a for a in cands if a['column'] == col]
    # several records for one site: one per kernel (instance) that reaches it. Prefer the GPUDrano function's kernel.
    fn = r['functionName']
    byk = [a for a in sel if a['kernel'] == fn or a['kernel'].split('<')[0] == fn.split('<')[0]]
    if byk:
        sel = byk
    return sel, ', '.join(how)


def status(a):
    if a['sectors'] is None or a['ideal_sectors'] is None:
        return 'not analyzed'
    if a['flagged'] and a['certainty'] == 'certain':
        return 'default warning'
    if a['flagged'] and a['certainty'] == 'possible':
        return 'possible'
    return 'not flagged'

RANK = {'default warning': 3, 'possible': 2, 'not flagged': 1, 'not analyzed': 0}


def summarize(sel, dmap):
    """one verdict for the records matched to a row: the worst one (default warning > possible > not flagged > not analyzed)"""
    best = max(sel, key=lambda a: (RANK[status(a)], (a['sectors'] or 0) / max(a['ideal_sectors'] or 1, 1)))
    st = status(best)
    site = f"{os.path.basename(best['file'])}:{best['line']}:{best['column']}:global:{best['op']}"
    diag = dmap.get((site, best['kernel'])) or dmap.get((best.get('site'), best['kernel']))
    s, i = best['sectors'], best['ideal_sectors']
    eff = (i / s) if (s and i) else None
    ineff = (s is not None and i is not None and s - i >= 2 and eff < 0.8)
    return dict(status=st, sectors=s, ideal=i, eff=eff, sector_inefficient=ineff, certainty=best['certainty'],
                flagged=best['flagged'], exact=best['exact'], expr=best['expr'], kernel=best['kernel'],
                lcol=best['column'], bytes=best['bytes'], nrec=len(sel),
                statuses=sorted(set(status(a) for a in sel)),
                compiled=(best.get('compiled') or {}).get('state'),
                instr=(best.get('compiled') or {}).get('instructions'),
                together=best.get('together'), reason=best.get('reason'),
                possible_reason=possible_reason(diag) if st == 'possible' else None,
                message=diag['message'] if diag else None,
                block=best.get('block_dim_source'))


used_files = {}
for cfg, mode in CONFIGS:
    cache = {}
    for r in rows:
        b = r['bench']
        if b not in cache:
            if b not in KFILES:
                cache[b] = None
            else:
                cache[b] = load_lint(b, cfg, mode)
                used_files[(b, cfg, mode)] = cache[b][2]
        key = f'{cfg}.{mode}'
        if cache[b] is None:
            r[key] = dict(status='no linter run', how='no source linted')
            continue
        acc, dmap, _ = cache[b]
        sel, how = match(r, acc)
        if not sel:
            r[key] = dict(status='unmatched', how=how)
        else:
            v = summarize(sel, dmap)
            v['how'] = how
            r[key] = v

json.dump(dict(rows=rows, checks=checks, used={f'{k[0]}|{k[1]}|{k[2]}': v for k, v in used_files.items()}),
          open(os.path.join(WORK, 'rows.json'), 'w'), indent=1, default=str)
print(len(rows), 'rows;', len(checks), 'consistency notes')
for c in checks:
    print('  ', c)
