#!/usr/bin/env python3
"""Builds the tables of report.md from rows.json (made by analyze.py). Writes $GD_WORK/tables.md."""
import json, collections, os
import os
WORK = os.environ['GD_WORK']  # the folder extract.sh filled

d = json.load(open(os.path.join(WORK, 'rows.json')))
rows = d['rows']
CFGS = [('kernel.clang', 'compiler view (default binary), kernel-file run'),
        ('kernel.none', '--compiler=none, kernel-file run'),
        ('driver.clang', 'compiler view, driver-file run'),
        ('driver.none', '--compiler=none, driver-file run')]
STS = ['default warning', 'possible', 'not flagged', 'not analyzed', 'unmatched']
out = []
P = out.append


def src(r):
    if r['srcfile']:
        return r['srcfile']
    b = r['bench']
    if b == 'dwt2d':
        return 'components.cu' if r['functionName'].startswith('c_CopySrcToComponents') else 'io.h'
    return {'lud': 'lud_kernel.cu', 'heartwall': 'kernel.cu'}.get(b, '?')


def sector_cat(v):
    if v['status'] in ('not analyzed', 'unmatched', 'no linter run'):
        return 'n/a'
    return 'inefficient' if v['sector_inefficient'] else 'efficient'


def crosstab(items, cfg, title):
    unc = [x for x in items if x['cls'] == 'uncoalesced']
    fine = [x for x in items if x['cls'] == 'fine']
    P(f'\n**{title}** — {len(unc)} uncoalesced, {len(fine)} fine\n')
    P('| linter verdict | uncoalesced: sector model inefficient | uncoalesced: sector model efficient | uncoalesced: no sector numbers | uncoalesced total | fine (avg = 1.0) |')
    P('|---|---|---|---|---|---|')
    for st in STS:
        c = collections.Counter(sector_cat(x[cfg]) for x in unc if x[cfg]['status'] == st)
        n_f = sum(1 for x in fine if x[cfg]['status'] == st)
        tot = sum(c.values())
        if tot == 0 and n_f == 0 and st == 'unmatched':
            continue
        P(f"| {st} | {c['inefficient']} | {c['efficient']} | {c['n/a']} | {tot} | {n_f} |")
    c = collections.Counter(sector_cat(x[cfg]) for x in unc)
    P(f"| **total** | {c['inefficient']} | {c['efficient']} | {c['n/a']} | {len(unc)} | {len(fine)} |")


# ------------------------------------------------------------------ site-level aggregation
def sites(cfg_list):
    S = collections.OrderedDict()
    for r in rows:
        k = (r['bench'], src(r), r['line'], r['column'], r['op'])
        s = S.setdefault(k, dict(bench=r['bench'], file=src(r), line=r['line'], column=r['column'], op=r['op'],
                                  avgs=[], inputs=set(), rows=0))
        s['avgs'].append(r['avg'])
        s['inputs'].add(r['input'])
        s['rows'] += 1
        for cfg, _ in CFGS:
            v = r[cfg]
            old = s.get(cfg)
            rank = STS[::-1].index(v['status']) if v['status'] in STS else -1
            if old is None or rank > old[0]:
                s[cfg] = (rank, v)
    out = []
    for s in S.values():
        s['cls'] = 'uncoalesced' if max(s['avgs']) > 1.0 else 'fine'
        for cfg, _ in CFGS:
            s[cfg] = s[cfg][1]
        out.append(s)
    return out


P('### Row level (every GPUDrano row: each .results row of every input, plus the avg = 1.0 rows rebuilt from the .raw logs)\n')
for cfg, title in CFGS:
    crosstab(rows, cfg, title)

S = sites(CFGS)
P('\n### Source-site level (rows merged by benchmark, file, line, column, op across inputs and duplicate static instructions; a site is uncoalesced if any of its rows has avg > 1; the worst linter verdict among its rows is used)\n')
for cfg, title in CFGS:
    crosstab(S, cfg, title)

# ------------------------------------------------------------------ per benchmark
P('\n### Per benchmark (row level, compiler view, kernel-file run; in brackets: --compiler=none kernel-file run where different)\n')
P('| benchmark | inputs | uncoalesced rows | default warning | possible | not flagged | not analyzed | fine rows | fine rows that are default warnings | fine rows "possible" |')
P('|---|---|---|---|---|---|---|---|---|---|')
by = collections.defaultdict(list)
for r in rows:
    by[r['bench']].append(r)
for b in sorted(by):
    rs = by[b]
    inputs = sorted(set(r['input'] + ('' if r['has_raw'] else ' (no .raw)') for r in rs))
    unc = [r for r in rs if r['cls'] == 'uncoalesced']
    fine = [r for r in rs if r['cls'] == 'fine']

    def cnt(lst, st):
        a = sum(1 for r in lst if r['kernel.clang']['status'] == st)
        n = sum(1 for r in lst if r['kernel.none']['status'] == st)
        return f'{a}' if a == n else f'{a} [{n}]'
    P(f"| {b} | {', '.join(inputs)} | {len(unc)} | {cnt(unc, 'default warning')} | {cnt(unc, 'possible')} | {cnt(unc, 'not flagged')} | {cnt(unc, 'not analyzed')} | {len(fine)} | {cnt(fine, 'default warning')} | {cnt(fine, 'possible')} |")


# ------------------------------------------------------------------ lists
def verdict(v):
    """What two runs are compared by: status and numbers."""
    return (v['status'], v.get('sectors'), v.get('ideal'))


def short(v):
    return f"{v['status']} {v.get('sectors')}/{v.get('ideal')}"


def fmt_v(v):
    if v['status'] in ('unmatched', 'no linter run'):
        return v['status'] + ' (' + v.get('how', '') + ')'
    s, i = v['sectors'], v['ideal']
    num = f"{s}/{i} sectors ({100 * i / s:.0f}%)" if s and i else 'no sector numbers'
    return f"{num}, flagged={v['flagged']}, certainty={v['certainty']}"


def why(v):
    st = v['status']
    if st == 'possible':
        return v['possible_reason'] or ''
    if st == 'not analyzed':
        return 'not analyzed: ' + (v.get('reason') or '?')
    if st == 'not flagged':
        s, i = v['sectors'], v['ideal']
        extra = []
        if v.get('compiled') == 'not_located':
            extra.append('no compiled instruction located')
        if s == i:
            return 'sector model: ideal (' + f'{s}/{i}' + ')' + ('; ' + '; '.join(extra) if extra else '')
        return f'below the flagging threshold ({s}/{i})' + ('; ' + '; '.join(extra) if extra else '')
    return ''


P('\n### Every uncoalesced row that is not a default warning in the compiler-view kernel-file run\n')
P('Columns: GPUDrano avg lines per warp access (min–max, number of warp accesses); linter numbers in the compiler-view kernel-file run (certainty, reason); the same access in the compiler-view driver-file run and in the --compiler=none kernel-file run where they differ. "sector model" = inefficient when sectors − ideal ≥ 2 and ideal/sectors < 80%.\n')
P('| # | benchmark / input | file:line:col (op, bytes/lane) | linter expr | GPUDrano avg (min–max, n) | linter (compiler view, kernel file) | verdict | sector model | reason | driver run (compiler view) | --compiler=none |')
P('|---|---|---|---|---|---|---|---|---|---|---|')
n = 0
for r in rows:
    v = r['kernel.clang']
    if r['cls'] != 'uncoalesced' or v['status'] == 'default warning':
        continue
    n += 1
    dv, nv = r['driver.clang'], r['kernel.none']
    dtxt = '' if verdict(dv) == verdict(v) else f"{dv['status']}: {fmt_v(dv)}" + (f"; {why(dv)}" if dv['status'] in ('possible',) else '')
    ntxt = '' if verdict(nv) == verdict(v) else f"{nv['status']}: {fmt_v(nv)}"
    expr = (v.get('expr') or '').replace('|', '\\|')
    P(f"| {n} | {r['bench']} / {r['input']} | {src(r)}:{r['line']}:{r['column']} ({r['op']}, {r['lane_bytes'] or '?'}) | {expr} | {r['avg']:.3f} ({r['min']}–{r['max']}, {r['count']}) | {fmt_v(v)} | {v['status']} | {sector_cat(v)} | {why(v).replace('|', '/')} | {dtxt.replace('|', '/')} | {ntxt} |")

P('\n### Fine rows (avg = 1.0) that the linter flags (any run)\n')
P('| benchmark / input | file:line:col (op) | linter expr | GPUDrano avg (n) | kernel.clang | kernel.none | driver.clang | driver.none | reason (compiler view) |')
P('|---|---|---|---|---|---|---|---|---|')
for r in rows:
    if r['cls'] != 'fine':
        continue
    if not any(r[c]['status'] in ('default warning', 'possible') for c, _ in CFGS):
        continue
    v = r['kernel.clang']
    P(f"| {r['bench']} / {r['input']} | {src(r)}:{r['line']}:{r['column']} ({r['op']}) | {v.get('expr')} | {r['avg']:.3f} ({r['count']}) | " +
      ' | '.join(short(r[c]) for c, _ in CFGS) + f" | {why(v)} |")

P('\n### Rows whose verdict differs between the compiler view and --compiler=none (kernel-file run)\n')
P('| benchmark / input | file:line:col (op) | GD avg | compiler view | --compiler=none | compiled instructions | reason (compiler view) |')
P('|---|---|---|---|---|---|---|')
for r in rows:
    a, b = r['kernel.clang'], r['kernel.none']
    if verdict(a) == verdict(b):
        continue
    P(f"| {r['bench']} / {r['input']} | {src(r)}:{r['line']}:{r['column']} ({r['op']}) | {r['avg']:.3f} | {short(a)} | {short(b)} | {a.get('instr')} | {why(a).replace('|', '/')} |")

P('\n### Rows whose verdict differs between the kernel-file run and the driver-file run (compiler view)\n')
P('| benchmark / input | file:line:col (op) | GD avg | kernel-file run | block shape | driver-file run | block shape |')
P('|---|---|---|---|---|---|---|')
for r in rows:
    a, b = r['kernel.clang'], r['driver.clang']
    if verdict(a) == verdict(b):
        continue
    P(f"| {r['bench']} / {r['input']} | {src(r)}:{r['line']}:{r['column']} ({r['op']}) | {r['avg']:.3f} | {short(a)} | {(a.get('block') or '')[:60]} | {short(b)} | {(b.get('block') or '')[:60]} |")

P('\n### Match methods (compiler view, kernel-file run)\n')
c = collections.Counter(r['kernel.clang'].get('how', '').split(' of ')[0].split(" at col")[0] for r in rows)
P('| how the row was matched | rows |')
P('|---|---|')
for k, v in c.most_common():
    P(f'| {k} | {v} |')


# ------------------------------------------------------------------ reason breakdowns
import re
def reason_class(v):
    st = v['status']
    if st == 'possible':
        t = v['possible_reason'] or ''
        cls = []
        if t.startswith('together with'):
            cls.append('together with other accesses (excess stays in L1/L2)')
        if t.startswith('at the launch at'):
            cls.append('a launch exists where the access is ideal')
        if 'only for some alignments or values' in t:
            cls.append('only for some alignments or values')
        if 'no compiled instruction' in t:
            cls.append('no compiled instruction located (merged/removed/moved)')
        if 'unless the compiler' in t:
            cls.append('unless the compiler fuses')
        return ' + '.join(cls) or t[:80]
    if st == 'not analyzed':
        r = v.get('reason') or '?'
        return re.sub(r"'[^']*' is uninitialized", "'<var>' is uninitialized", r)
    return None

for stname in ('possible', 'not analyzed'):
    P(f'\n### Reasons of the uncoalesced rows that are "{stname}" (row level; kernel-file runs)\n')
    P('| reason | compiler view | --compiler=none | benchmarks (compiler view) |')
    P('|---|---|---|---|')
    c1 = collections.Counter(); c2 = collections.Counter(); bb = collections.defaultdict(set)
    for r in rows:
        if r['cls'] != 'uncoalesced':
            continue
        if r['kernel.clang']['status'] == stname:
            k = reason_class(r['kernel.clang']); c1[k] += 1; bb[k].add(r['bench'])
        if r['kernel.none']['status'] == stname:
            c2[reason_class(r['kernel.none'])] += 1
    for k in sorted(set(c1) | set(c2), key=lambda k: -c1[k]):
        P(f"| {k} | {c1[k]} | {c2[k]} | {', '.join(sorted(bb[k]))} |")


# ------------------------------------------------------------------ linter flags without a GPUDrano row
import sys, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llparse import parse as llparse
KFILES = {k.split('|')[0]: v for k, v in d['used'].items() if k.endswith('|kernel|clang')}
llines = collections.defaultdict(set)
for p in glob.glob(os.path.join(WORK, 'll', '*.ll')):
    b = os.path.basename(p).split('__')[0]
    for x in llparse(p):
        llines[b].add((os.path.basename(x['srcfile'] or ''), x['line'], x['column'], x['op']))
P('\n### Linter warnings (default or possible; compiler view, kernel-file run) at sites no GPUDrano row matched\n')
P('| benchmark | file:line:col (op) | kernel | linter expr | sectors/ideal | certainty | GPUDrano side |')
P('|---|---|---|---|---|---|---|')
matched = set()
for r in rows:
    v = r['kernel.clang']
    if 'lcol' in v:
        matched.add((r['bench'], v['lcol'], r['line'], v['expr']))
for b in sorted(KFILES):
    acc = []
    for f in KFILES[b]:
        acc += [a for a in json.load(open(os.path.join(WORK, 'out', f)))['accesses'] if a['space'] == 'global']
    hasraw = any(r['has_raw'] for r in rows if r['bench'] == b)
    for a in acc:
        if not a['flagged'] or (b, a['column'], a['line'], a['expr']) in matched:
            continue
        fb = os.path.basename(a['file'])
        if b not in llines:
            side = 'no device IR in the repository; ' + ('not in the .raw log' if hasraw else 'no .raw log')
        elif any(x[:2] == (fb, a['line']) for x in llines[b]):
            irc = sorted(set(f"{x[2]} {x[3]}" for x in llines[b] if x[:2] == (fb, a['line'])))
            side = f"GPUDrano's IR has on this line: {', '.join(irc)}; " + ('those not matched to another linter access have no warp access in the .raw log' if hasraw else 'no .raw log')
        else:
            side = 'no instrumented instruction on this line in GPUDrano\'s IR'
        P(f"| {b} | {fb}:{a['line']}:{a['column']} ({a['op']}) | {a['kernel']} | {a['expr']} | {a['sectors']}/{a['ideal_sectors']} | {a['certainty']} | {side} |")

open(os.path.join(WORK, 'tables.md'), 'w').write('\n'.join(out) + '\n')
print('\n'.join(out))
