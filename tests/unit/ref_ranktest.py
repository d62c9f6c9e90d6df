#!/usr/bin/env python3
"""Reference values for test_ranktest.c, computed independently of the C
code: every relabelling listed with itertools (no counting shortcut), mid-
ranks by hand, and the normal approximation written out from its textbook
formula with Python's NormalDist."""
from itertools import combinations
from statistics import NormalDist


def midranks(v):
    s = sorted(v)
    return {x: (s.index(x) + 1 + len(s) - s[::-1].index(x)) / 2 for x in set(v)}


def exact_p(x, y):
    z = x + y
    r = midranks(z)
    ranks = [r[v] for v in z]
    n, ny = len(z), len(y)
    mu = ny * (n + 1) / 2
    obs = abs(sum(r[v] for v in y) - mu)
    splits = list(combinations(range(n), ny))
    hit = sum(1 for c in splits if abs(sum(ranks[i] for i in c) - mu) >= obs - 1e-9)
    return hit / len(splits), hit, len(splits)


def normal_p(x, y):
    n, nx, ny = len(x) + len(y), len(x), len(y)
    u = sum((b > a) + 0.5 * (b == a) for a in x for b in y)
    counts = {}
    for v in x + y:
        counts[v] = counts.get(v, 0) + 1
    ties = sum(t ** 3 - t for t in counts.values())
    var = nx * ny / 12 * ((n + 1) - ties / (n * (n - 1)))
    dev = abs(u - nx * ny / 2) - 0.5
    return min(1.0, 2 * (1 - NormalDist().cdf(dev / var ** 0.5)))


if __name__ == "__main__":
    print("sep 4+4", exact_p([1, 2, 3, 4], [5, 6, 7, 8]))
    print("ties 3+3", exact_p([1, 2, 2], [2, 3, 4]))
    print("ties 4+5", exact_p([10, 11, 11, 12], [11, 12, 12, 13, 14]))
    print("overlap 5+5", exact_p([20, 21, 23, 26, 30], [24, 27, 28, 33, 41]))
    print("sep 10+10 (count only)", 2 / 184756)
    x = [float(i) for i in range(30)]
    y = [i + 7.5 for i in range(30)]
    print("normal 30+30", normal_p(x, y))
    x2 = [1, 1, 2, 2, 3] * 6
    y2 = [2, 3, 3, 4, 4] * 6
    print("normal ties 30+30", normal_p(x2, y2))
