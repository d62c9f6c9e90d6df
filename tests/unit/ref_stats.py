#!/usr/bin/env python3
# Independent reference values for test_lbstats.c, from first principles
# with mpmath (30 digits): the t tail via the regularized incomplete beta
# function, the t quantile by bisection, Mann-Whitney with midranks, tie and
# continuity correction (the formulas of R's wilcox.test(exact=FALSE)).
# Run: python3 tests/unit/ref_stats.py
import mpmath as mp
mp.mp.dps = 30
x=[19.8,20.4,19.6,17.8,18.5,18.9,18.3,18.9,19.5,22.0]
y=[28.2,26.6,20.1,23.3,25.2,22.1,17.7,27.6,20.6,13.7,23.2,17.5,20.6,18.0,23.9,21.6,24.3,20.4,23.9,13.3]
def mean(a): return mp.fsum([mp.mpf(str(v)) for v in a])/len(a)
def var(a):
    m=mean(a); return mp.fsum([(mp.mpf(str(v))-m)**2 for v in a])/(len(a)-1)
def tcdf_q(t, df):  # upper tail P(T>t), t>=0, via regularized incomplete beta
    xx = df/(df+t*t)
    return mp.betainc(df/2, mp.mpf(1)/2, 0, xx, regularized=True)/2
def welch(a,b):
    va,vb=var(a)/len(a),var(b)/len(b)
    t=(mean(a)-mean(b))/mp.sqrt(va+vb)
    df=(va+vb)**2/(va**2/(len(a)-1)+vb**2/(len(b)-1))
    return t,df,2*tcdf_q(abs(t),df)
print("mean x",mean(x),"sd x",mp.sqrt(var(x)),"mean y",mean(y),"sd y",mp.sqrt(var(y)))
print("welch",welch(x,y))
# t quantile by bisection on the cdf
def tq(p, df):
    lo,hi=mp.mpf(0),mp.mpf(100)
    for _ in range(200):
        mid=(lo+hi)/2
        if 1-tcdf_q(mid,df) < p: lo=mid
        else: hi=mid
    return lo
s=[1,2,3,4,5]
print("t975 df4",tq(mp.mpf('0.975'),4),"half",tq(mp.mpf('0.975'),4)*mp.sqrt(var(s))/mp.sqrt(5))
print("halfx", tq(mp.mpf('0.975'),9)*mp.sqrt(var(x))/mp.sqrt(10))
def mw(a,b):
    allv=sorted([(v,0) for v in a]+[(v,1) for v in b])
    vals=[v for v,_ in allv]
    rank={}
    i=0
    N=len(vals); ties=0
    while i<N:
        j=i
        while j<N and vals[j]==vals[i]: j+=1
        rank[vals[i]]=mp.mpf(i+1+j)/2
        t=j-i; ties+=t**3-t
        i=j
    R1=mp.fsum([rank[v] for v in a])
    n1,n2=len(a),len(b)
    U=R1-mp.mpf(n1*(n1+1))/2
    mu=mp.mpf(n1*n2)/2
    sig=mp.sqrt(mp.mpf(n1*n2)/12*((N+1)-mp.mpf(ties)/(N*(N-1))))
    d=U-mu
    d-= mp.sign(d)*mp.mpf(0.5)
    z=d/sig
    return U,z,mp.erfc(abs(z)/mp.sqrt(2))
print("mw x,y",mw(x,y))
a=[0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46]; b=[1.15, 0.88, 0.90, 0.74, 1.21]
print("mw R example",mw(a,b))
c=[1,2,2,3,3,3,4]; d=[3,4,4,5,5,6]
print("mw ties",mw(c,d))
print("welch contended",welch([1000000, 1010000, 990000, 1005000, 995000],[900000, 910000, 890000, 905000, 895000]))
