#!/usr/bin/env python3
"""The player-name key of the README (arbiter dedup: names), re-implemented for tests/cli/names.rs:
distinct keys, games and spellings per key, years.  python3 names_keys.py FILE [KEY...]"""
import re,sys,collections
def words(t): return [w.lower() for w in re.split(r'[^\w]|_', t) if w]
def key(n):
    n=n.strip()
    if ',' in n:
        s,g=n.split(',',1); sw=words(s); gw=words(g)
    else:
        a=words(n)
        if not a: return ''
        sw=[a[-1]]; gw=a[:-1]
    k=' '.join(sw)
    if gw:
        k=(k+' ' if k else '')+gw[0][0]
    return k
def games(path):
    tags={}
    for line in open(path,encoding='utf-8',errors='replace'):
        m=re.match(r'\[(\w+) "(.*)"\]\s*$',line)
        if m:
            tags[m.group(1)]=m.group(2)
        elif line.strip()=='' : continue
        elif tags:
            yield tags; tags={}
    if tags: yield tags
import json
path=sys.argv[1]
gs=list(games(path))
print('games',len(gs))
keys=collections.Counter(); sp=collections.defaultdict(collections.Counter)
years=collections.defaultdict(set)
for t in gs:
    for c in ('White','Black'):
        n=t.get(c,'')
        if n.strip() in ('','?'): continue
        k=key(n); keys[k]+=1; sp[k][n]+=1
        y=t.get('Date','')[:4]
        if y.isdigit(): years[k].add(int(y))
print('distinct keys',len(keys),'spellings',sum(len(v) for v in sp.values()))
for k in sys.argv[2:]:
    print(k, keys[k], dict(sp[k]), min(years[k]) if years[k] else None, max(years[k]) if years[k] else None)
