#!/usr/bin/env python3
"""The file-level call graph of kernel/trace, from the built objects.

Usage: harness/callgraph.py [OBJDIR] [--edges]

A file A calls file B when A.o needs (nm -u) a symbol that B.o defines.
Data references count too: a table that names a function is a use.
Calls that the kernel's own macros emit in every file are left out: the
irq-flag tracing entries (local_irq_save() under CONFIG_TRACE_IRQFLAGS).
Prints every strongly connected component of more than one file (a call
loop) and exits 1 if there is one; --edges also prints every edge.
"""
import os
import subprocess
import sys

# Emitted by <linux/irqflags.h>'s macros, not called by design.
MACRO_CALLS = {"trace_hardirqs_on", "trace_hardirqs_off"}


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True,
                         check=True).stdout
    defs, undefs = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefs.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRGVW":
            defs.add(parts[2])
    return defs, undefs


def sccs(graph):
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    objdir = args[0] if args else "build/kernels/test/kernel/trace"
    objs = sorted(f for f in os.listdir(objdir) if f.endswith(".o")
                  and f != "built-in.o")
    defs, undefs = {}, {}
    for o in objs:
        defs[o[:-2]], undefs[o[:-2]] = symbols(os.path.join(objdir, o))
    owner = {}
    for f, ds in defs.items():
        for s in ds:
            owner.setdefault(s, f)
    graph = {f: set() for f in defs}
    why = {}
    for f, us in undefs.items():
        for s in us:
            g = owner.get(s)
            if g and g != f and s not in MACRO_CALLS:
                graph[f].add(g)
                why.setdefault((f, g), []).append(s)
    if "--edges" in sys.argv:
        for (f, g), ss in sorted(why.items()):
            print(f"{f} -> {g}: {' '.join(sorted(ss))}")
    loops = [c for c in sccs(graph) if len(c) > 1]
    for c in loops:
        print(f"loop of {len(c)}: {' '.join(c)}")
        members = set(c)
        for (f, g), ss in sorted(why.items()):
            if f in members and g in members:
                print(f"    {f} -> {g}: {' '.join(sorted(ss))}")
    return 1 if loops else 0


if __name__ == "__main__":
    sys.exit(main())
