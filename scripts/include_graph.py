#!/usr/bin/env python3
"""The include graph of src/, part by part, drawn from the code and checked.

Each part is a folder (or a room) of src/; an arrow A -> B means some file of A includes a
header of B. The layering below says which parts each part may include (directly; a part
may skip levels downwards): an arrow it does not allow, or any circle, fails the check.

  python3 scripts/include_graph.py                 # print docs/include-graph.md's text
  python3 scripts/include_graph.py --check ROOT    # fail on an arrow against the layering,
                                                   # or when docs/include-graph.md is stale
  python3 scripts/include_graph.py --write ROOT    # rewrite docs/include-graph.md
"""
import os
import re
import sys

# Parts, from the top (a folder, or one file: app/app.h, what the platform mains,
# the panels and the bindings share), each with the parts it may include directly.
LAYERS = [
    ("app/platform", ["app", "bindings"]),
    ("app", ["app/panels"]),
    ("app/panels", ["app/app.h"]),
    ("bindings", ["app/app.h"]),
    ("app/app.h", ["app/model"]),
    ("app/model", ["contracts"]),
    ("cli", ["contracts"]),
    ("contracts", ["simulator"]),
    ("simulator", ["autoscaler"]),
    ("autoscaler", ["controlplane"]),
    ("controlplane", ["io"]),
    ("io", ["core/why", "core/descheduler"]),
    ("core/why", ["core/scheduler"]),
    ("core/descheduler", ["core/scheduler"]),
    ("core/scheduler", ["core/plugins"]),
    ("core/plugins", ["core/framework"]),
    ("core/framework", ["core/config"]),
    ("core/config", ["core"]),
    ("core", []),
]
PARTS = [name for name, _ in LAYERS]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def part_of(path):
    for name in sorted(PARTS, key=len, reverse=True):  # the most specific part
        if path == name or (not name.endswith(".h") and path.startswith(name + "/")):
            return name
    return None


def allowed():
    """Each part's reachable parts: the transitive closure of LAYERS."""
    direct = dict(LAYERS)
    out = {}
    for name in PARTS:
        seen, todo = set(), list(direct[name])
        while todo:
            p = todo.pop()
            if p not in seen:
                seen.add(p)
                todo.extend(direct[p])
        out[name] = seen
    return out


def edges(root):
    """{(from, to): [file including, ...]} over every file of src/."""
    src = os.path.join(root, "src")
    found = {}
    for dirpath, _, files in os.walk(src):
        for f in sorted(files):
            if not f.endswith((".h", ".cpp")):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), src).replace(os.sep, "/")
            source = part_of(rel)
            with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                for target_file in INCLUDE.findall(fh.read()):
                    target = part_of(target_file)
                    if source and target and target != source:
                        found.setdefault((source, target), []).append(rel)
    return found


def label(name):
    return name if name.endswith(".h") else name + "/"


def drawing(found):
    lines = [
        "# The include graph of src/",
        "",
        "Drawn from the code by `scripts/include_graph.py` (a test checks it is current and that",
        "every arrow follows the layering the script declares: no arrow runs back up, no circle).",
        "An arrow A --> B: files of A include headers of B (how many files).",
        "",
        "```mermaid",
        "flowchart TD",
    ]
    ids = {name: name.replace("/", "_").replace(".", "_") for name in PARTS}
    for name in PARTS:
        lines.append(f'  {ids[name]}["{label(name)}"]')
    for (a, b), files in sorted(found.items(), key=lambda e: (PARTS.index(e[0][0]), PARTS.index(e[0][1]))):
        lines.append(f"  {ids[a]} -->|{len(set(files))}| {ids[b]}")
    lines += ["```", "", "| part | includes |", "|---|---|"]
    for name in PARTS:
        targets = [b for (a, b) in found if a == name]
        targets.sort(key=PARTS.index)
        lines.append(f"| `{label(name)}` | " + (", ".join(f"`{label(t)}`" for t in targets) or "nothing else") + " |")
    return "\n".join(lines) + "\n"


def main(argv):
    mode = argv[1] if len(argv) > 1 else "--print"
    root = argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    found = edges(root)
    text = drawing(found)
    doc = os.path.join(root, "docs", "include-graph.md")
    if mode == "--print":
        sys.stdout.write(text)
        return 0
    if mode == "--write":
        with open(doc, "w", encoding="utf-8") as fh:
            fh.write(text)
        return 0
    reach = allowed()
    bad = [(a, b, files) for (a, b), files in sorted(found.items()) if b not in reach[a]]
    for a, b, files in bad:
        print(f"include_graph: {label(a)} includes {label(b)}, against the layering ({', '.join(sorted(set(files))[:3])})")
    with open(doc, encoding="utf-8") as fh:
        stale = fh.read() != text
    if stale:
        print("include_graph: docs/include-graph.md is not the code's graph: run scripts/include_graph.py --write")
    if bad or stale:
        return 1
    print(f"include_graph: {len(found)} arrows between {len(PARTS)} parts, every one downwards")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
