import re,sys,json
def parse(path):
    txt=open(path,errors='replace').read()
    strs={}
    for m in re.finditer(r'^@(\S+) = [^\n]*?c"([^"]*)"',txt,re.M):
        strs[m.group(1)]=m.group(2).replace('\\00','')
    meta={}
    for m in re.finditer(r'^!(\d+) = (distinct )?(!\w+\(.*\))$',txt,re.M):
        meta[m.group(1)]=m.group(3)
    def field(s,name):
        m=re.search(r'\b'+name+r': (!?"[^"]*"|!\d+|\d+)',s)
        return m.group(1) if m else None
    def fileof(scope):
        seen=0
        while scope and seen<50:
            seen+=1
            s=meta.get(scope.lstrip('!'),'')
            if s.startswith('!DIFile'):
                return field(s,'filename').strip('"')
            f=field(s,'file')
            if f: 
                fs=meta.get(f.lstrip('!'),'')
                return field(fs,'filename').strip('"')
            scope=field(s,'scope')
        return None
    rows=[]
    for m in re.finditer(r'call void @_Z15countCacheLines\w*\((.*)\), !dbg !(\d+)',txt):
        args=m.group(1)
        gs=re.findall(r'\]\* @(\S+), i32 0, i32 0\)',args)
        ints=re.findall(r'i32 (-?\d+)(?=[,)]|$)',args.split('i8* getelementptr')[-1])
        tail=re.findall(r', i32 (-?\d+)',args)
        line,col,sid,ts=[int(x) for x in tail[-4:]]
        op=strs.get(gs[2]) if len(gs)>=3 else None
        fn=strs.get(gs[1]) if len(gs)>=2 else None
        dl=meta.get(m.group(2),'')
        rows.append(dict(staticId=sid,op=op,line=line,column=col,typeSize=ts,function=fn,srcfile=fileof(field(dl,'scope')),dbgline=field(dl,'line'),dbgcol=field(dl,'column'),inlined=('inlinedAt' in dl)))
    return rows
if __name__=='__main__':
    for p in sys.argv[1:]:
        for r in parse(p): print(p.split('/')[-1],json.dumps(r))
