# What a server's main thread ran during a harvest, from a V8 .cpuprofile (the server started with
# BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" by `npm run bench:search -- --mixed`):
#   python3 bench/lib/cpu-profile-stretches.py DIR/CPU.<...>.0.001.cpuprofile
# The window runs from the first sample in the harvest's contentHash (3 s before it) to the last. Prints the
# stretches without an idle sample longer than 50 ms of wall time (by our first file on the stack and by self
# time; on a loaded machine a stretch's wall time includes time without a core, its sample count does not) and
# the window's samples by area.
import json, sys, collections
path = sys.argv[1]
prof = json.load(open(path))
nodes = {n['id']: n for n in prof['nodes']}
parent = {}
for n in prof['nodes']:
    for c in n.get('children', []): parent[c] = n['id']
def name(nid):
    cf = nodes[nid]['callFrame']
    url = cf['url'].split('/work/wt/h1/')[-1].split('node_modules/')[-1]
    return f"{cf['functionName'] or '(anon)'} {url}:{cf['lineNumber']+1}"
def stack(nid):
    out = []
    while nid in nodes:
        out.append(nid); nid = parent.get(nid)
        if nid is None: break
    return out
idle = {nid for nid, n in nodes.items() if n['callFrame']['functionName'] in ('(idle)', '(program)')}
samples, deltas = prof['samples'], prof['timeDeltas']
t = prof['startTime']; times = []
for d in deltas: t += d; times.append(t)
# Only the mixed run: from the first sample of the harvest to its last.
hv = [times[i] for i, s in enumerate(samples) if any(nodes[n]['callFrame']['functionName'] == 'contentHash' for n in stack(s))]
lo, hi = (hv[0] - 3_000_000, hv[-1]) if hv else (0, float('inf'))
print('window s', (hi - lo) / 1e6 if hv else 'all')
stretches = []; cur = None
for i, s in enumerate(samples):
    if nodes[s]['callFrame']['functionName'] == '(idle)':
        if cur and times[i] - cur[0] > 50_000 and lo <= cur[0] <= hi: stretches.append((cur[0], times[i], cur[1]))
        cur = None
    else:
        if cur is None: cur = [times[i], []]
        cur[1].append(s)
print(path, 'stretches over 50 ms without idle:', len(stretches), 'total ms', sum((b-a) for a,b,_ in stretches)/1000)
# What ran in them, by self time and by the first frame of our code or a package in the stack.
self_ms = collections.Counter(); owner_ms = collections.Counter()
for a, b, ss in stretches:
    per = (b - a) / 1000 / max(1, len(ss))
    for s in ss:
        self_ms[name(s)] += per
        owner = '(native/gc/program)'
        for nid in stack(s):
            u = nodes[nid]['callFrame']['url']
            if 'apps/server/src' in u and 'node_modules' not in u:
                owner = u.split('apps/server/src/')[-1]; break
        owner_ms[owner] += per
print('\nby first own file in the stack (ms):')
for k, v in owner_ms.most_common(25): print(f'{v:9.0f}  {k}')
print('\nby self time (ms):')
for k, v in self_ms.most_common(25): print(f'{v:9.0f}  {k}')
print('\nlongest stretches:')
for a, b, ss in sorted(stretches, key=lambda x: x[0]-x[1])[:8]:
    c = collections.Counter()
    for s in ss:
        for nid in stack(s):
            u = nodes[nid]['callFrame']['url']
            if 'apps/server/src' in u and 'node_modules' not in u: c[u.split('apps/server/src/')[-1]] += 1; break
        else: c[name(s)] += 1
    print(f'{(b-a)/1000:7.0f} ms  ', c.most_common(4))
# Main-thread samples in the window by area (a sample is about 1 ms of CPU at the default interval).
area = collections.Counter(); total = 0
def area_of(s):
    for nid in stack(s):
        u = nodes[nid]['callFrame']['url']
        if 'apps/server/src' in u and 'node_modules' not in u:
            f = u.split('apps/server/src/')[-1]
            return f.split('/')[1] if f.startswith('modules/') else f
    fn = nodes[s]['callFrame']['functionName']
    return fn if fn in ('(garbage collector)', '(program)', '(idle)') else '(node/packages, no own frame)'
for i, s in enumerate(samples):
    if lo <= times[i] <= hi:
        area[area_of(s)] += 1; total += 1
print('\nsamples in window by area (count, share):', total)
for k, v in area.most_common(14): print(f'{v:7d} {100*v/total:5.1f} %  {k}')
