#!/usr/bin/env python3
"""The JS API is listed by hand in three places; this test holds them to one list.

  1. the C functions the wasm module exports (EMSCRIPTEN_KEEPALIVE in src/bindings/*.cpp
     and src/app/platform/main_web.cpp),
  2. web/spreadlab-page.js: its `window.spreadlab` object, whose members wrap them
     (setConstraintField calls spreadlab_set_constraint_field), and the other calls the
     page makes to the module (spreadlab_add_example, ...),
  3. docs/js-api.md: the table of window.spreadlab's members.

It fails, naming each one, on an exported function the page never calls, a call of the
page to a function the module does not export, a function of window.spreadlab that the
table does not document (a value may be documented in the text instead, as
`window.spreadlab.contentHeight`), and a member the table documents that window.spreadlab
lacks.

Usage: js_api_lists_test.py [SOURCE_ROOT]   (default: two levels above this file)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
EXPORT_FILES = sorted((ROOT / "src/bindings").glob("*.cpp")) + [ROOT / "src/app/platform/main_web.cpp"]
PAGE = ROOT / "web/spreadlab-page.js"
DOCS = ROOT / "docs/js-api.md"


def exported_functions():
    """name -> file, for every EMSCRIPTEN_KEEPALIVE function."""
    out = {}
    for f in EXPORT_FILES:
        text = f.read_text()
        for m in re.finditer(r"EMSCRIPTEN_KEEPALIVE\s+[\w\s\*&:<>]*?\b(spreadlab_\w+)\s*\(", text):
            out[m.group(1)] = f.relative_to(ROOT)
    return out


def blank_strings_and_comments(js):
    """The text with string contents and comments blanked, so that braces count."""
    out, i, n = [], 0, len(js)
    while i < n:
        c = js[i]
        if js.startswith("//", i):
            j = js.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif js.startswith("/*", i):
            j = js.index("*/", i) + 2
            out.append(re.sub(r"[^\n]", " ", js[i:j]))
            i = j
        elif c in "'\"`":
            j = i + 1
            while js[j] != c:
                j += 2 if js[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def page_object(js):
    """window.spreadlab's members: name -> (is a function, the module functions it calls);
    a getter (get lessonsReady() {...}) counts as a value."""
    blank = blank_strings_and_comments(js)
    start = blank.index("window.spreadlab = {") + len("window.spreadlab = {")
    depth, i, members, current = 1, start, {}, None
    prop = re.compile(r"\s*(?:get\s+(\w+)\s*\(\s*\)|(\w+)\s*:)")  # a getter is a value
    while depth:
        c = blank[i]
        if c in "{([":
            depth += 1
        elif c in "})]":
            depth -= 1
        elif depth == 1 and (c == "," or i == start):
            m = prop.match(blank, i + (c == ","))
            if m:
                current = m.group(1) or m.group(2)
                value_start = m.end()
                members[current] = value_start
        i += 1
    end = i - 1
    out = {}
    names = list(members)
    for k, name in enumerate(names):
        a = members[name]
        b = members[names[k + 1]] if k + 1 < len(names) else end
        value = js[a:b]
        is_function = bool(re.match(r"\s*(async\s+)?(\([^)]*\)|\w+)\s*=>|\s*(async\s+)?function\b", value))
        out[name] = (is_function, set(re.findall(r"['\"](spreadlab_\w+)['\"]", value)))
    # Members the page sets elsewhere (window.spreadlab.lastLoad = ...).
    for m in re.finditer(r"window\.spreadlab\.(\w+)\s*=[^=]", blank):
        out.setdefault(m.group(1), (False, set()))
    return out


def page_calls(js):
    """Every module function the page names in a call(...) or callJson(...)."""
    return set(re.findall(r"\bcall(?:Json)?\(\s*['\"](spreadlab_\w+)['\"]", js))


def documented_members(md):
    """name -> is a function, from the first column of the members table."""
    out = {}
    in_table = False
    for line in md.splitlines():
        if line.startswith("| member |"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        if not in_table or line.startswith("|---"):
            continue
        first = line.split("|")[1]
        for m in re.finditer(r"`(\w+)(\()?", first):
            out[m.group(1)] = bool(m.group(2))
    return out


def main():
    exports = exported_functions()
    js = PAGE.read_text()
    members = page_object(js)
    calls = page_calls(js)
    md = DOCS.read_text()
    docs = documented_members(md)
    # A value (not a function) may be documented in the text instead: `window.spreadlab.contentHeight`.
    in_text = set(re.findall(r"`window\.spreadlab\.(\w+)`", md))
    problems = []
    if not exports or not members or not docs:
        problems.append(f"could not read the lists: {len(exports)} exports, {len(members)} members, {len(docs)} documented")
    for name in sorted(set(exports) - calls):
        problems.append(f"{name} ({exports[name]}) is exported but web/spreadlab-page.js never calls it")
    for name in sorted(calls - set(exports)):
        problems.append(f"web/spreadlab-page.js calls {name}, which no EMSCRIPTEN_KEEPALIVE function exports")
    for name, (is_function, _) in sorted(members.items()):
        if name not in docs and not is_function and name in in_text:
            continue
        if name not in docs:
            what = "function" if is_function else "member"
            problems.append(f"window.spreadlab.{name} ({what}) is missing from docs/js-api.md's table")
        elif docs[name] != is_function:
            problems.append(f"window.spreadlab.{name}: docs/js-api.md writes it as a "
                            f"{'function' if docs[name] else 'value'}, the page as a {'function' if is_function else 'value'}")
    for name in sorted(set(docs) - set(members)):
        problems.append(f"docs/js-api.md documents {name}, which window.spreadlab does not have")
    if problems:
        print("The JS API's three lists disagree:")
        for p in problems:
            print("  " + p)
        return 1
    wrapped = {f: m for m, (_, fs) in members.items() for f in fs}
    internal = sorted(set(exports) - set(wrapped))
    print(f"{len(exports)} exported functions, {len(members)} members of window.spreadlab, {len(docs)} documented: agree")
    print("  called by the page itself, not through window.spreadlab: " + ", ".join(internal))
    return 0


if __name__ == "__main__":
    sys.exit(main())
