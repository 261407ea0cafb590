#!/usr/bin/env python3
"""Check common/'s module layering from the #include lines.

Each folder of common/ is a module with a rank; a file may include headers
of its own module and of modules of lower rank only, and the include graph
between files (a .c and its .h count as one unit) has no cycle. Prints one
line per violation and exits 1, or prints nothing and exits 0.
"""
import os
import re
import sys

RANK = {"util": 0, "dashboard": 1, "corpus": 1, "history": 2, "classify": 3, "bisect": 4, "report": 5}
INCLUDE = re.compile(r'^#include "([a-z-]+)/([a-z0-9-]+)\.h"', re.M)


def main(root):
    common = os.path.join(root, "common")
    edges = {}
    problems = []
    for mod in sorted(os.listdir(common)):
        path = os.path.join(common, mod)
        if not os.path.isdir(path):
            continue
        if mod not in RANK:
            problems.append(f"common/{mod}: not a known module (add it to RANK)")
            continue
        for name in sorted(os.listdir(path)):
            if not name.endswith((".c", ".h")):
                continue
            unit = f"{mod}/{name[:-2]}"
            with open(os.path.join(path, name), encoding="utf-8") as f:
                text = f.read()
            for dep_mod, dep in INCLUDE.findall(text):
                target = f"{dep_mod}/{dep}"
                if dep_mod not in RANK:
                    problems.append(f"common/{mod}/{name}: includes unknown module '{dep_mod}'")
                elif dep_mod != mod and RANK[dep_mod] >= RANK[mod]:
                    problems.append(f"common/{mod}/{name}: includes '{target}.h' of a module "
                                    f"that is not below '{mod}'")
                if target != unit:
                    edges.setdefault(unit, set()).add(target)
    for f in sorted(os.listdir(common)):
        if f.endswith((".c", ".h")):
            problems.append(f"common/{f}: outside a module folder")
    # Cycle search over the units (a .c and its .h together).
    state = {}

    def visit(node, stack):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):] + [nxt]
                problems.append("include cycle: " + " -> ".join(cycle))
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [])
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
