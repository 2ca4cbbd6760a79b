#!/usr/bin/env python3
"""List the import circles between the files of src/ (strongly connected components).

    python3 scripts/module-cycles.py            # every circle with its files
    python3 scripts/module-cycles.py --edges    # and the imports that close it (file:line)
    python3 scripts/module-cycles.py --count    # one line of totals
    python3 scripts/module-cycles.py --parents  # with each module's own file (mod.rs) too
    python3 scripts/module-cycles.py --across   # circles through any files of the crate
    python3 scripts/module-cycles.py --src ../main/src   # another checkout's sources

Each crate root (src/lib.rs, src/main.rs, src/worker_main.rs, src/collab_main.rs,
src/cli/main.rs) is walked through its `mod name;` declarations (`#[path = "…"]` included), so
every file gets its module path. A file depends on another when its code names an item that
the other file defines:

- in `use` declarations: `use crate::a::B`, `use super::B`, `use self::b::C`, `use child::D`;
- in code: `crate::a::f()`, `super::x::y`, `child::T`, and paths that start with a name the
  module imported (`use crate::model;` then `model::Entity`).

A path is followed through re-exports (`pub use entity::Entity;` in model/mod.rs sends
`crate::model::Entity` to model/entity.rs), so a `mod.rs` that only gathers its children is not
a hub; a path that ends at a module (`use crate::model;`) is no dependency by itself. Inline
modules (`mod tests { … }`) belong to their file. Comments, strings and char literals are
skipped, and so is test code (a module under `#[cfg(test)]`, inline or in its own file:
a test that builds its fixture with another module's help is no circle in the design) unless
`--tests` is given.

A circle is a set of two files or more that reach each other through such dependencies. By
default only dependencies between sibling files count (the files of one folder, leaving out the
file that declares them), which is where one idea was cut in two. `--parents` also counts the
declaring file (advisor/mod.rs with advisor/*.rs, advisor/paths.rs with advisor/paths/*.rs): a
parent that holds shared types and calls its children, whose children use those types, shows
up there. `--across` follows every dependency and shows how the top modules lean on each other.
"""

import argparse
import os
import re
import sys

SRC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
ROOTS = ["lib.rs", "main.rs", "worker_main.rs", "collab_main.rs", "cli/main.rs"]
ROOT_FILES = {os.path.join(SRC, r) for r in ROOTS}
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
VIS = r"(?:pub(?:\s*\([^)]*\))?\s+)?"
KEYWORDS = {"fn", "unsafe", "async", "extern", "const", "mut", "impl", "dyn", "for", "where"}


def strip(text):
    """The code of a Rust file with comments, strings and char literals blanked (lines kept)."""
    out, i, n = [], 0, len(text)

    def word_before(k):
        return k > 0 and (text[k - 1].isalnum() or text[k - 1] == "_")

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if text[i] == "\n" else "")
                    i += 1
            out.append(" ")
            continue
        raw = re.match(r'b?r(#*)"', text[i:i + 300]) if c in "rb" and not word_before(i) else None
        if raw:
            end = '"' + raw.group(1)
            j = text.find(end, i + raw.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
            continue
        if c == '"' or (text.startswith('b"', i) and not word_before(i)):
            j = i + (2 if c == "b" else 1)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
            continue
        if c == "'":
            # A char literal ('x', '\n', '\u{1F600}'); a lifetime ('a) is left as it is.
            m = re.match(r"'(\\[^']{1,10}|[^\\'])'", text[i:i + 14])
            if m:
                out.append("' '")
                i += m.end()
                continue
        out.append(c)
        i += 1
    return "".join(out)


def block_end(code, open_brace):
    depth = 0
    for j in range(open_brace, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code)


class Module:
    def __init__(self, path, file, crate):
        self.path = path  # names from the crate root
        self.file = file
        self.crate = crate  # the root Module
        self.span = None  # (start, end) in its file for an inline module
        self.children = {}
        self.defs = set()  # item names defined here
        self.uses = {}  # name -> (segments, public?) brought in by `use`
        self.globs = []  # (segments, public?) of `use x::*`
        self.use_sites = []  # (position, segments) of every use path, for the edges
        self.macros = {}  # on a crate root: `#[macro_export]` macros -> the module that defines them
        self.test = False  # declared under `#[cfg(test)]` (itself or a parent)


def split_top(s, sep=","):
    parts, depth, cur = [], 0, ""
    for ch in s:
        depth += ch == "{"
        depth -= ch == "}"
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    return parts + ([cur] if cur else [])


def use_paths(tree):
    """`a::{b, c::{self, d as e}}` -> [(['a','b'], 'b'), (['a','c'], 'c'), (['a','c','d'], 'e')]."""
    out = []

    def go(prefix, s):
        for part in split_top(re.sub(r"\s+", " ", s).strip()):
            part = part.strip()
            if not part:
                continue
            if "{" in part:
                head, rest = part.split("{", 1)
                segs = [x.strip() for x in head.split("::") if x.strip()]
                go(prefix + segs, rest[:rest.rfind("}")])
                continue
            alias = None
            m = re.match(r"(.*?)\s+as\s+(" + IDENT + r")$", part)
            if m:
                part, alias = m.group(1), m.group(2)
            segs = prefix + [x.strip() for x in part.split("::") if x.strip()]
            if segs and segs[-1] == "self":
                segs = segs[:-1]
            if segs:
                out.append((segs, alias or segs[-1]))

    go([], tree)
    return out


def is_test(code, at):
    """Whether the `mod` at `at` has `#[cfg(test)]` among the attributes right before it."""
    before = code[:at].rstrip()
    while before.endswith("]"):
        open_at = before.rfind("#[")
        if open_at < 0:
            return False
        if re.match(r"#\[\s*cfg\s*\(\s*test\s*\)\s*\]", before[open_at:]):
            return True
        before = before[:open_at].rstrip()
    return False


def read_module(module, code, files, raw, here_dir):
    """Fill `module` (and its inline and file children) from the code of its span."""
    start, end = module.span
    # Inline children first, so their text is not read as ours.
    inner = []
    for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{", code[start:end]):
        s = start + m.end() - 1
        if any(a <= s < b for a, b in inner):
            continue
        e = block_end(code, s)
        inner.append((s, e))
        child = Module(module.path + (m.group(1),), module.file, module.crate)
        child.span = (s + 1, e)
        child.test = module.test or is_test(code, start + m.start())
        module.children[m.group(1)] = child
        read_module(child, code, files, raw, os.path.join(here_dir, m.group(1)))
    own = "".join(ch if not any(a <= k < b for a, b in inner) else (ch if ch == "\n" else " ")
                  for k, ch in enumerate(code[start:end], start))
    own = re.sub(r"[^\n]", " ", code[:start]) + own
    attrs = {m.group(2): m.group(1) for m in re.finditer(
        r'#\[path\s*=\s*"([^"]*)"\]\s*(?:#\[[^\]]*\]\s*)*' + VIS + r"mod\s+(" + IDENT + r")\s*;", raw)}
    for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*;", own):
        name = m.group(1)
        if name in attrs and module.span[0] == 0:
            target = os.path.normpath(os.path.join(os.path.dirname(module.file), attrs[name]))
        else:
            base = os.path.join(here_dir, name)
            target = base + ".rs" if os.path.exists(base + ".rs") else os.path.join(base, "mod.rs")
        if os.path.exists(target):
            test = module.test or is_test(own, m.start())
            module.children[name] = load(target, module.path + (name,), files, module.crate, test)
    for m in re.finditer(r"#\[macro_export\]\s*macro_rules!\s*(" + IDENT + ")", own):
        module.crate.macros[m.group(1)] = module
    for m in re.finditer(r"\b(?:fn|struct|enum|trait|type|const|static|union)\s+(" + IDENT + ")", own):
        if m.group(1) not in KEYWORDS:
            module.defs.add(m.group(1))
    for m in re.finditer(r"(?:^|[;}\s])(" + VIS + r")use\s+([^;]*);", own):
        public = bool(m.group(1).strip())
        for segs, alias in use_paths(m.group(2)):
            if not public:  # a re-export is a way through, not a dependency of its own
                module.use_sites.append((m.start(2), segs))
            if segs[-1] == "*":
                module.globs.append((segs[:-1], public))
            else:
                module.uses[alias] = (segs, public)
    module.own_code = own


def load(file, path, files, crate, test=False):
    raw = open(file, encoding="utf-8").read()
    code = strip(raw)
    module = Module(path, file, crate)
    module.test = test
    if crate is None:
        module.crate = module
    module.span = (0, len(code))
    files[file] = module
    base = os.path.basename(file)
    is_dir_owner = base == "mod.rs" or path == ()
    here_dir = os.path.dirname(file) if is_dir_owner else os.path.splitext(file)[0]
    read_module(module, code, files, raw, here_dir)
    return module


def start_of(context, segs):
    """(module, rest) where a path written in `context` starts."""
    first = segs[0]
    if first == "crate":
        return context.crate, segs[1:]
    if first in ("super", "self"):
        node, rest = context, list(segs)
        path = list(context.path)
        while rest and rest[0] in ("super", "self"):
            if rest.pop(0) == "super":
                if not path:
                    return None, None
                path.pop()
        node = context.crate
        for p in path:
            node = node.children.get(p)
            if node is None:
                return None, None
        return node, rest
    if first in context.children:
        return context, segs
    return None, None


def resolve(context, segs, depth=0):
    """The module that defines what `segs` (written in `context`) names, or None.

    Returns (module, is_item): is_item is False when the path names a module itself."""
    if depth > 30 or not segs:
        return None, False
    node, rest = start_of(context, segs)
    if node is None:
        # A name this module imported: `use crate::model;` then `model::Entity`.
        if segs[0] in context.uses and depth < 30:
            return resolve(context, context.uses[segs[0]][0] + segs[1:], depth + 1)
        return None, False
    for k, seg in enumerate(rest):
        if seg in node.children:
            node = node.children[seg]
            continue
        if seg in node.defs:
            return node, True
        if seg in node.macros:
            return node.macros[seg], True
        if seg in node.uses and node.uses[seg][0] != segs:
            found = resolve(node, node.uses[seg][0] + rest[k + 1:], depth + 1)
            if found[0] is not None:
                return found
        for glob, _ in node.globs:
            source, is_item = resolve(node, glob, depth + 1)
            if source is not None and not is_item and (
                    seg in source.defs or seg in source.uses or seg in source.children):
                found = resolve(source, [seg] + rest[k + 1:], depth + 1) if seg not in source.children \
                    else resolve(source.crate, ["crate"] + list(source.path) + rest[k:], depth + 1)
                if found[0] is not None:
                    return found
        return node, True  # defined here in a way the reader does not see (a macro, a variant)
    return node, False


def all_modules(module):
    yield module
    for child in module.children.values():
        if child.file == module.file:
            yield from all_modules(child)


def edges_of(files, with_tests):
    edges = {f: {} for f in files}
    for file, top in files.items():
        for module in all_modules(top):
            if module.test and not with_tests:
                continue
            sites = list(module.use_sites)
            code = module.own_code
            for m in re.finditer(r"(?<![A-Za-z0-9_:.])((?:" + IDENT + r"::)+" + IDENT + ")", code):
                line_start = code.rfind("\n", 0, m.start()) + 1
                if re.match(r"\s*" + VIS + r"use\b", code[line_start:m.start() + 1]):
                    continue  # already read as a use path
                sites.append((m.start(), m.group(1).split("::")))
            for pos, segs in sites:
                if segs[-1] == "*":
                    target, is_item = resolve(module, segs[:-1])
                    is_item = True  # a glob import depends on the module it reads
                else:
                    target, is_item = resolve(module, segs)
                if target is None or not is_item or target.file == file:
                    continue
                line = code.count("\n", 0, pos) + 1
                edges[file].setdefault(target.file, line)
    return edges


def sccs(nodes, edges):
    index, low, on, stack, out = {}, {}, set(), [], []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
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
            out.append(comp)

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def owner_of(folder):
    """The file that declares the modules of `folder` (folder/mod.rs or folder.rs)."""
    return {os.path.join(folder, "mod.rs"), folder + ".rs"}


def declares_folder(f):
    """Whether file `f` declares the modules of its own folder (a crate root or a mod.rs)."""
    return f in ROOT_FILES or os.path.basename(f) == "mod.rs"


def siblings(a, b):
    """Whether files `a` and `b` are two children of one module (neither declares the other)."""
    return os.path.dirname(a) == os.path.dirname(b) and not declares_folder(a) and not declares_folder(b)


def one_module(a, b):
    """Whether files `a` and `b` are children of one module, or a module and its child."""
    da, db = os.path.dirname(a), os.path.dirname(b)
    return da == db or a in owner_of(db) or b in owner_of(da)


def main():
    global SRC, ROOT_FILES
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parents", action="store_true",
                        help="count a module's own file (mod.rs, x.rs beside x/) with its children")
    parser.add_argument("--across", action="store_true",
                        help="circles through any files of the crate, not only within one module")
    parser.add_argument("--tests", action="store_true",
                        help="count test code too (modules under #[cfg(test)]), left out by default")
    parser.add_argument("--src", default=SRC, help="the src/ folder to read (default: this checkout's)")
    parser.add_argument("--count", action="store_true", help="print only the totals")
    parser.add_argument("--edges", action="store_true", help="print the dependencies inside each circle")
    args = parser.parse_args()
    SRC = os.path.normpath(os.path.abspath(args.src))
    ROOT_FILES = {os.path.join(SRC, r) for r in ROOTS}
    files = {}
    for root in ROOTS:
        path = os.path.join(SRC, root)
        if os.path.exists(path):
            load(path, (), files, None)
    edges = edges_of(files, args.tests)
    if not args.across:
        keep = one_module if args.parents else siblings
        edges = {f: {t: line for t, line in ts.items() if keep(f, t)} for f, ts in edges.items()}
    circles = sorted((sorted(c) for c in sccs(files, edges) if len(c) > 1), key=lambda c: (-len(c), c))
    rel = lambda f: os.path.relpath(f, SRC)
    total = sum(len(c) for c in circles)
    if not args.count:
        for c in circles:
            top = os.path.commonpath([os.path.dirname(rel(f)) or "." for f in c]) or "."
            print(f"{len(c)} files ({top}):")
            for f in c:
                print(f"    {rel(f)}")
                if args.edges:
                    for t, line in sorted(edges[f].items()):
                        if t in c:
                            print(f"        {rel(f)}:{line} -> {rel(t)}")
    print(f"{len(circles)} circles, {total} files in them, {len(files)} files")


if __name__ == "__main__":
    main()
