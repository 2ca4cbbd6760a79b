#!/usr/bin/env python3
"""What the page's wasm is made of, in KiB gzip: code by crate or part (docshape by module),
and the data segments by the source directory whose string literals they hold.

Usage: scripts/bundle-breakdown.py NAMED.wasm [SRC_DIR]
NAMED.wasm must keep its function names (wasm-bindgen --keep-debug, wasm-opt -g): see
scripts/bundle-breakdown.sh. Each part is gzipped alone and scaled so the parts add up to the
gzip of the whole code section: figures are estimates (±1 KiB), good for ranking."""
import collections
import glob
import gzip
import os
import re
import sys


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def sections(b):
    i = 8
    while i < len(b):
        sid = b[i]
        size, i = leb(b, i + 1)
        yield sid, i, i + size
        i += size


def parse(path):
    """(number of imported functions, code bodies, function names, data segments)."""
    b = open(path, "rb").read()
    imports, bodies, names, data = 0, [], {}, []
    for sid, i, end in sections(b):
        if sid == 2:  # imports: count the functions
            n, j = leb(b, i)
            for _ in range(n):
                for _ in range(2):
                    l, j = leb(b, j)
                    j += l
                kind = b[j]
                j += 1
                if kind == 0:
                    _, j = leb(b, j)
                    imports += 1
                elif kind == 1:  # table: reftype, limits
                    j += 1
                    flags, j = leb(b, j)
                    _, j = leb(b, j)
                    if flags & 1:
                        _, j = leb(b, j)
                elif kind == 2:  # memory: limits
                    flags, j = leb(b, j)
                    _, j = leb(b, j)
                    if flags & 1:
                        _, j = leb(b, j)
                elif kind == 3:  # global: valtype, mutability
                    j += 2
                else:  # tag
                    j += 1
                    _, j = leb(b, j)
        elif sid == 10:
            n, j = leb(b, i)
            for _ in range(n):
                l, j = leb(b, j)
                bodies.append(b[j : j + l])
                j += l
        elif sid == 11:
            n, j = leb(b, i)
            for _ in range(n):
                flag, j = leb(b, j)
                if flag == 2:
                    _, j = leb(b, j)
                if flag != 1:
                    j = b.index(0x0B, j) + 1
                l, j = leb(b, j)
                data.append(b[j : j + l])
                j += l
        elif sid == 0:
            l, j = leb(b, i)
            if b[j : j + l] != b"name":
                continue
            j += l
            while j < end:
                sub = b[j]
                size, j = leb(b, j + 1)
                if sub == 1:
                    n, k = leb(b, j)
                    for _ in range(n):
                        idx, k = leb(b, k)
                        l, k = leb(b, k)
                        names[idx] = b[k : k + l].decode("utf-8", "replace")
                        k += l
                j += size
    return imports, bodies, names, data


FRAMEWORK = set(
    "leptos tachys reactive_graph leptos_dom any_spawner either_of or_poisoned slotmap send_wrapper "
    "throw_error oco_ref guardian futures_util futures_core futures_channel futures_executor "
    "wasm_streams server_fn leptos_server rustc_hash indexmap hashbrown".split()
)
STD = set("core alloc std dlmalloc compiler_builtins zmij itoa memchr".split())
SERDE = set("serde_json serde_core serde".split())
GLUE = set("web_sys js_sys wasm_bindgen wasm_bindgen_futures gloo console_error_panic_hook".split())


def part(name):
    crates = [t for t in re.findall(r"([a-z_][a-z0-9_]*)(?:\[[0-9a-f]+\])?::", name)]
    if "docshape" in crates:
        m = re.search(r"docshape::(\w+)", name)
        return "docshape::" + (m.group(1) if m else "?")
    known = [c for c in crates if c in FRAMEWORK | STD | SERDE | GLUE or c == "miniz_oxide"]
    if not known:
        if "externref" in name or name.startswith(("__wbindgen", "__externref")) or "intounderlying" in name:
            return "wasm-bindgen glue"
        return "std (core, alloc, fmt, allocator)" if name.startswith(("<str>", "<char>", "__r", "<[")) else "unnamed"
    first = known[0]
    if first in STD:  # a generic of std instantiated for a framework or serde type counts there
        for c in known[1:]:
            if c in FRAMEWORK:
                return "Leptos (leptos, tachys, reactive_graph, ...)"
            if c in SERDE:
                return "serde, serde_json"
        return "std (core, alloc, fmt, allocator)"
    if first in FRAMEWORK:
        return "Leptos (leptos, tachys, reactive_graph, ...)"
    if first in SERDE:
        return "serde, serde_json"
    if first in GLUE:
        return "wasm-bindgen glue"
    return first


def literals(src):
    """Each source directory's string literals of 6+ bytes (tests left out)."""
    out = collections.defaultdict(set)
    for f in glob.glob(os.path.join(src, "**", "*.rs"), recursive=True):
        if f.endswith("tests.rs"):
            continue
        s = open(f, encoding="utf-8").read().split("#[cfg(test)]")[0]
        for m in re.finditer(r'(?<![A-Za-z0-9_])"((?:[^"\\]|\\.)*)"', s):
            lit = m.group(1).replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\").encode()
            if len(lit) >= 6:
                out[os.path.relpath(os.path.dirname(f), os.path.dirname(src))].add(lit)
    return out


def main():
    path = sys.argv[1]
    src = sys.argv[2] if len(sys.argv) > 2 else "src"
    imports, bodies, names, data = parse(path)
    groups = collections.defaultdict(list)
    for k, body in enumerate(bodies):
        groups[part(names.get(imports + k, "?"))].append(body)
    code_gz = len(gzip.compress(b"".join(bodies), 9))
    alone = {k: len(gzip.compress(b"".join(v), 9)) for k, v in groups.items()}
    scale = code_gz / sum(alone.values())
    print(f"code: {sum(map(len, bodies)) / 1024:.0f} KiB raw, {code_gz / 1024:.1f} KiB gzip")
    for k, gz in sorted(alone.items(), key=lambda x: -x[1]):
        if gz * scale >= 512:
            print(f"  {gz * scale / 1024:6.1f} KiB  {k}")
    blob = b"".join(data)
    data_gz = len(gzip.compress(blob, 9))
    print(f"data: {len(blob) / 1024:.0f} KiB raw, {data_gz / 1024:.1f} KiB gzip")
    seen, rows = set(), []
    for d, lits in literals(src).items():
        found = [l for l in lits if l not in seen and l in blob]
        seen.update(found)
        if found:
            rows.append((len(gzip.compress(b"".join(sorted(found)), 9)), sum(map(len, found)), d))
    included = set()
    for x in glob.glob(os.path.join(src, "**", "*.rs"), recursive=True):
        code = open(x, encoding="utf-8").read().split("#[cfg(test)]")[0]
        for f in re.findall(r'include_str!\("([^"]+)"\)', code):
            included.add(os.path.normpath(os.path.join(os.path.dirname(x), f)))
    for name in sorted(included):
        if os.path.exists(name) and (content := open(name, "rb").read()) in blob:
            rows.append((len(gzip.compress(content, 9)), len(content), "included file " + os.path.relpath(name)))
    for gz, raw, d in sorted(rows, reverse=True):
        if gz >= 512:
            print(f"  {gz / 1024:6.1f} KiB  {d if d.startswith('included') else 'string literals of ' + d} ({raw / 1024:.0f} KiB raw, gzipped alone)")
    print("  (the rest: library strings, panic locations, tables; literals built by macros are missed)")


if __name__ == "__main__":
    main()
