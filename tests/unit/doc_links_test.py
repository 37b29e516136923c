#!/usr/bin/env python3
"""Every relative link in the repository's Markdown leads somewhere.

For each Markdown file git tracks (README.md, docs/*.md, the READMEs beside tests and
assets), each inline link or image `[text](target)` and each reference definition
`[label]: target` whose target is relative (no scheme such as https: or mailto:) must name
a file or folder that git tracks, resolved from the Markdown file's own folder; its
`#anchor`, when it has one, must be the slug of a heading of that file (or of the same
file, for `#anchor` alone), as GitHub makes it. A file moved or renamed without its docs
following (docs/trace-json.md, named for a while though it never existed) fails here,
naming the file, the line and the link.

Usage: doc_links_test.py [SOURCE_ROOT]   (default: two levels above this file)
"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2]).resolve()

INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")


def tracked():
    """The paths git tracks under ROOT (every file, outside a git checkout), and every folder that holds one."""
    git = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True)
    if git.returncode == 0:
        files = {p for p in git.stdout.decode().split("\0") if p}
    else:
        files = {str(p.relative_to(ROOT).as_posix()) for p in ROOT.rglob("*") if p.is_file()}
    folders = {str(pathlib.PurePosixPath(f).parent) for f in files}
    for f in list(folders):
        folders.update(str(p) for p in pathlib.PurePosixPath(f).parents)
    return files, folders


def prose_lines(text):
    """(line number, line) outside fenced code blocks, inline code blanked."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, re.sub(r"(`+)(?:(?!\1).)+\1", lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = re.sub(r"<[^>]+>", "", text).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text):
    """The anchors of a Markdown text's headings (a repeated one gets -1, -2, ...)."""
    seen, out = {}, set()
    fenced = False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if not m:
            continue
        s = slug(m.group(1))
        out.add(s if s not in seen else f"{s}-{seen[s]}")
        seen[s] = seen.get(s, 0) + 1
    return out


def check(doc, files, folders, texts):
    """The relative links of one Markdown file, and their problems as 'file:line: ...' lines."""
    problems, checked = [], 0
    base = pathlib.PurePosixPath(doc).parent
    for number, line in prose_lines(texts[doc]):
        targets = [m.group(1) for m in INLINE.finditer(line)]
        ref = REFERENCE.match(line)
        if ref:
            targets.append(ref.group(1))
        for target in targets:
            if SCHEME.match(target) or target.startswith("//"):
                continue
            checked += 1
            path, _, anchor = target.partition("#")
            name = doc
            if path:
                parts = []
                for part in (base / path.split("?")[0]).parts:
                    if part == "..":
                        if not parts:
                            parts = None
                            break
                        parts.pop()
                    elif part != ".":
                        parts.append(part)
                name = "/".join(parts) if parts is not None else None
                if name is None or (name not in files and name not in folders):
                    problems.append(f"{doc}:{number}: link to {target}: no such file in the repository")
                    continue
            if anchor and name.endswith(".md") and anchor not in anchors(texts.setdefault(name, read(name))):
                problems.append(f"{doc}:{number}: link to {target}: {name} has no heading #{anchor}")
    return checked, problems


def read(name):
    return (ROOT / name).read_text(encoding="utf-8")


def main():
    files, folders = tracked()
    docs = sorted(f for f in files if f.endswith(".md") and (ROOT / f).is_file())
    texts = {d: read(d) for d in docs}
    links, problems = 0, []
    for d in docs:
        checked, found = check(d, files, folders, texts)
        links, problems = links + checked, problems + found
    for p in problems:
        print(p)
    print(f"doc links: {len(docs)} Markdown files, {links} relative links, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
