#!/usr/bin/env python3
# Independent reference values for test_bootstat.c, by exact enumeration
# with the standard library only (no RNG): the permutation p of
# |median(y) - median(x)| over every relabelling, the bootstrap
# distribution of median(y*)/median(x*) over every pair of resamples, the
# Holm adjustment, and the normal quantiles of the MDE formula.
# Run: python3 tests/unit/ref_bootstat.py
import itertools, math, statistics
from fractions import Fraction

def med(a):
    return statistics.median(a)

def perm_p(x, y):
    z = x + y
    t = abs(med(y) - med(x))
    hits = total = 0
    for idx in itertools.combinations(range(len(z)), len(x)):
        xs = [z[i] for i in idx]
        ys = [z[i] for i in range(len(z)) if i not in idx]
        total += 1
        hits += abs(med(ys) - med(xs)) >= t - 1e-12
    return hits / total

def boot_ratio_cdf(x, y):
    """Exact bootstrap distribution of the ratio of medians: {ratio: prob}."""
    dist = {}
    px = Fraction(1, len(x) ** len(x)); py = Fraction(1, len(y) ** len(y))
    mx = {}
    for s in itertools.product(x, repeat=len(x)):
        m = med(s); mx[m] = mx.get(m, 0) + px
    my = {}
    for s in itertools.product(y, repeat=len(y)):
        m = med(s); my[m] = my.get(m, 0) + py
    for a, pa in mx.items():
        for b, pb in my.items():
            dist[b / a] = dist.get(b / a, 0) + pa * pb
    return sorted(dist.items())

def quantile_atom(dist, q):
    c = 0
    for v, p in dist:
        lo, c = c, c + p
        if c > q:
            return v, float(lo), float(c)

def holm(p):
    m = len(p); order = sorted(range(m), key=lambda i: p[i]); adj = [0] * m; run = 0
    for k, i in enumerate(order):
        run = max(run, min(1, (m - k) * p[i])); adj[i] = run
    return adj

x = [10.0, 11.0, 12.0, 13.0]
y = [12.0, 13.0, 14.0, 16.0]
print("perm p exact, x=%s y=%s: %.6f" % (x, y, perm_p(x, y)))
x2 = [1.0, 2.0, 3.0, 4.0]; y2 = [5.0, 6.0, 7.0, 8.0]
print("perm p exact, x=%s y=%s: %.6f" % (x2, y2, perm_p(x2, y2)))
bx = [20.0, 21.0, 23.0, 26.0, 30.0]; by = [24.0, 27.0, 28.0, 33.0, 41.0]
d = boot_ratio_cdf(bx, by)
for q in (0.025, 0.975):
    v, lo, hi = quantile_atom(d, q)
    print("bootstrap ratio quantile %.3f, x=%s y=%s: %.9f (atom covers cdf %.4f..%.4f)" % (q, bx, by, v, lo, hi))
print("holm [0.01, 0.04, 0.03, 0.005]:", holm([0.01, 0.04, 0.03, 0.005]))
z = statistics.NormalDist()
se = 0.1
print("mde se=0.1 alpha=0.05 power=0.8: %.6f%%" % (100 * (math.exp((z.inv_cdf(0.975) + z.inv_cdf(0.8)) * se) - 1)))
d = math.log(1.2) / se
print("power se=0.1 +20%%: %.6f" % (z.cdf(d - z.inv_cdf(0.975)) + z.cdf(-d - z.inv_cdf(0.975))))
