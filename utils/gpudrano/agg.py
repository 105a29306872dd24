import sys,collections,csv
# aggregate a GPUDrano .raw file per staticId (like computeStatistics.py but keeping avg==1 rows)
def agg(path):
    d=collections.OrderedDict()
    with open(path,errors='replace') as f:
        for ln in f:
            p=ln.rstrip('\n').split('\t')
            if len(p)!=8 or p[0]!='DA__': continue
            try: sid=int(p[3]); line=int(p[5]); col=int(p[6]); m=int(p[7])
            except ValueError: continue
            k=sid
            if k not in d: d[k]=dict(staticId=sid,fileName=p[1],functionName=p[2],op=p[4],line=line,column=col,vals=[])
            d[k]['vals'].append(m)
    return d
if __name__=='__main__':
    for path in sys.argv[1:]:
        d=agg(path)
        for k,r in sorted(d.items()):
            v=r['vals']; print(path.split('/')[-1],r['staticId'],r['op'],r['line'],r['column'],r['functionName'],'%.3f'%(sum(v)/len(v)),len(v),min(v),max(v),sep='\t')
