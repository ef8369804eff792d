#!/usr/bin/env python3
"""Fail when source files import each other, directly or round a loop, or
when modules use each other.

Every crate root of the package (the library, the program, each test,
bench and example, each fuzz target) is read with the module tree it
declares (`mod x;`, `#[path]`, inline `mod x { }`). A file *uses* another
when a path in it (a `use` tree, or a path written in the code, such as
`super::Cloth` or `kernel::Grid`) names an item defined in the other
file. Imports and re-exports are followed to where the item is defined,
so a parent module that only declares and re-exports its children does
not join a loop with them; a `mod x;` line is a declaration, not a use; a glob
(`use super::*`) uses the file it names.

Files are the first check; modules the second. A module is its file
with every module it declares (a folder module is its whole folder), and
it uses another module when one of its files uses a file of the other,
or names a path through the other (a re-export there counts). Two
sibling modules that use each other, directly or round a loop of
siblings, are refused even where no two of their files do: `app::input`
(whose `mod.rs` takes `keys::BINDINGS`) and `app::keys` (which takes
`input::Action`, defined in `input/action.rs`). A module and its own
child or parent are never a loop.

Prints each group of files that reach each other (a strongly connected
component of more than one file) with the edges inside it, then each
group of sibling modules that reach each other with the edges inside it
and the file uses behind each edge, and exits 1 if there is any; a check
that finds none prints one line saying so. Exits 0 when neither finds
any.

    .ci/module-cycles.py            # the repository this script is in
    .ci/module-cycles.py --edges    # also print every file's uses, and
                                    # every use between sibling modules
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRATE = "cloth_demo"
KEYWORDS = {"crate", "super", "self", "Self"}
ITEM = re.compile(
    r"\b(?:fn|struct|enum|trait|type|const|static|union|macro_rules!)\s+([A-Za-z_][A-Za-z0-9_]*)"
)


def strip(text):
    """The source with comments, strings and char literals blanked."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not text[i - 1].isalnum() and text[i - 1] != "_"):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j]) + '"')
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x[0-9a-fA-F]{2}'", text[i:i + 12]):
            m = re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x[0-9a-fA-F]{2}'", text[i:])
            out.append(" " * len(m.group(0)))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Module:
    def __init__(self, path, file, parent):
        self.path = path  # tuple of names from the crate root
        self.file = file
        self.parent = parent
        self.children = {}  # name -> Module
        self.items = set()  # names defined here
        self.reexports = {}  # name -> path, from every `use` (followed)
        self.globs = []  # pub use x::*
        self.uses = []  # (names, is_glob) from `use` trees, for scope
        self.body = ""


def split_use_tree(tree):
    """`a::{b, c::d as e, f::*}` -> [(['a','b'], 'b'), (['a','c','d'], 'e'), (['a','f','*'], None)]."""
    out = []

    def walk(prefix, s):
        depth, start, parts = 0, 0, []
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        for p in parts:
            p = p.strip()
            if not p:
                continue
            if "{" in p:
                head, rest = p.split("{", 1)
                rest = rest[: rest.rfind("}")]
                head = [h.strip() for h in head.split("::") if h.strip()]
                walk(prefix + head, rest)
                continue
            alias = None
            m = re.match(r"^(.*\S)\s+as\s+([A-Za-z_][A-Za-z0-9_]*)$", p, re.S)
            if m:
                p, alias = m.group(1), m.group(2)
            segs = [h.strip() for h in p.split("::") if h.strip()]
            if segs == ["self"]:
                out.append((prefix, alias or (prefix[-1] if prefix else None)))
            elif segs[-1] == "*":
                out.append((prefix + segs, None))
            else:
                out.append((prefix + segs, alias or segs[-1]))

    walk([], tree)
    return out


def blocks(text, start):
    """Index just past the brace block opening at or after `start`."""
    i = text.index("{", start)
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return i, j + 1
    return i, len(text)


class Crate:
    def __init__(self, root_file, name):
        self.name = name
        self.modules = {}
        self.root = self.load(root_file, (), None, os.path.dirname(root_file), True)

    def load(self, file, path, parent, dir_for_children, is_dir_owner, text=None):
        m = Module(path, file, parent)
        self.modules[path] = m
        if text is None:
            with open(file, encoding="utf-8") as f:
                text = strip(f.read())
        # Inline modules first: cut them out of this module's text.
        body = []
        pos = 0
        for mm in re.finditer(r"(#\[path\s*=\s*\"[^\"]*\"\]\s*)?(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*([;{])", text):
            if mm.start() < pos:
                continue
            name = mm.group(2)
            if mm.group(3) == "{":
                a, b = blocks(text, mm.end() - 1)
                body.append(text[pos:mm.start()])
                sub_dir = os.path.join(dir_for_children, name)
                m.children[name] = self.load(file, path + (name,), m, sub_dir, True, text[a + 1:b - 1])
                pos = b
            else:
                body.append(text[pos:mm.start()])
                pos = mm.end()
                raw = open(file, encoding="utf-8").read()
                pm = re.search(r'#\[path\s*=\s*"([^"]*)"\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+' + name + r"\s*;", raw)
                if pm:
                    child = os.path.normpath(os.path.join(os.path.dirname(file), pm.group(1)))
                    child_dir = os.path.join(os.path.dirname(child), os.path.splitext(os.path.basename(child))[0])
                else:
                    a = os.path.join(dir_for_children, name + ".rs")
                    b = os.path.join(dir_for_children, name, "mod.rs")
                    child = a if os.path.exists(a) else b
                    child_dir = os.path.join(dir_for_children, name)
                if os.path.exists(child):
                    m.children[name] = self.load(child, path + (name,), m, child_dir, True)
        body.append(text[pos:])
        m.body = "".join(body)
        for im in ITEM.finditer(m.body):
            m.items.add(im.group(1))
        for um in re.finditer(r"(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", m.body):
            public = bool(um.group(1))
            for segs, alias in split_use_tree(um.group(2)):
                m.uses.append((segs, alias))
                # A child sees its parent's private imports too (`use
                # super::Cloth` where the parent only imported Cloth), so
                # every import is followed to where the item is defined;
                # only a public glob re-exports a whole module.
                if alias is None:
                    if public:
                        m.globs.append(segs[:-1])
                elif alias != "_":
                    m.reexports[alias] = segs
        return m

    # -- resolution ------------------------------------------------------

    def start(self, mod, first):
        """The module a path beginning with `first`, written in `mod`, starts at."""
        if first == "crate":
            return ("mod", self.root)
        if first == "self":
            return ("mod", mod)
        if first == "super":
            return ("mod", mod.parent or mod)
        if first == CRATE and self.name != CRATE:
            return ("extern", None)
        if first in mod.children:
            return ("mod", mod.children[first])
        for segs, alias in mod.uses:
            if alias == first:
                return ("path", (mod, segs))
        return (None, None)

    def resolve(self, mod, segs, seen=None, via=None):
        """The modules a path names: where its item is defined (a set of
        modules). Every module the path passes through on the way, its own
        and those of the re-exports it follows, is added to `via`."""
        seen = seen or set()
        via = set() if via is None else via
        key = (mod.path, tuple(segs))
        if key in seen:
            return set()
        seen.add(key)
        kind, where = self.start(mod, segs[0])
        if kind == "path":
            m0, base = where
            return self.resolve(m0, list(base) + list(segs[1:]), seen, via)
        if kind != "mod":
            return set()
        cur = where
        via.add(cur)
        rest = list(segs[1:])
        while rest and rest[0] == "super":
            cur = cur.parent or cur
            rest.pop(0)
        while rest:
            via.add(cur)
            name = rest[0]
            if name == "*":
                return {cur}
            if name in cur.children:
                cur = cur.children[name]
                rest.pop(0)
                continue
            if name in cur.items:
                return {cur}
            if name in cur.reexports:
                return self.resolve(cur, cur.reexports[name], seen, via) or {cur}
            for glob in cur.globs:
                found = self.resolve(cur, list(glob) + [name], seen, via)
                if found:
                    return found
            # An item of a type or enum (Type::method, Enum::Variant) or
            # something the scan missed: the module's file.
            return {cur}
        return {cur}

    def edges(self):
        """Each module's uses: {module: (defining modules, modules passed through)}."""
        out = {}
        path_re = re.compile(r"(?<![A-Za-z0-9_:])([A-Za-z_][A-Za-z0-9_]*)((?:\s*::\s*[A-Za-z_*][A-Za-z0-9_]*)+)")
        for mod in self.modules.values():
            targets, via = out.setdefault(mod.path, (set(), set()))
            for segs, alias in mod.uses:
                targets |= self.resolve(mod, segs, via=via)
            code = re.sub(r"(pub(?:\([^)]*\))?\s+)?use\s+[^;]+;", " ", mod.body)
            # A visibility, `pub(in crate::render)`, names a module; it
            # uses nothing.
            code = re.sub(r"pub\(\s*in\s+[^)]*\)", "pub", code)
            for pm in path_re.finditer(code):
                first = pm.group(1)
                segs = [first] + [s.strip() for s in pm.group(2).split("::") if s.strip()]
                kind, _ = self.start(mod, first)
                if kind is None or kind == "extern":
                    continue
                # `Type::method`: a path into an item, not a module: name the item.
                targets |= self.resolve(mod, segs, via=via)
        return out

    def file_edges(self, uses):
        """Each file's uses: the files where the items it names are defined."""
        out = {}
        for path, (targets, _) in uses.items():
            file = self.modules[path].file
            out.setdefault(file, set()).update(t.file for t in targets)
            out[file].discard(file)
        return out

    def module_edges(self, uses):
        """The uses between sibling modules: {parent path: {(a, b): {(file, file)}}}.

        A module is its file with every module it declares (a folder
        module with its folder). A use from module `x` of an item in
        module `y`, or of a path through `y` (a re-export there), is a
        use of `y` by `x`, and so, where neither holds the other, a use
        of the sibling that holds `y` by the sibling that holds `x`, under
        the module that holds both: `app::input::key` naming
        `app::keys::BINDINGS` is `app::input` using `app::keys`. A child's
        use of its parent, or a parent's of its child, is no edge.
        """
        out = {}
        for path, (targets, via) in uses.items():
            src = self.modules[path]
            for t in targets | via:
                k = 0
                while k < len(path) and k < len(t.path) and path[k] == t.path[k]:
                    k += 1
                if k == len(path) or k == len(t.path):
                    continue
                pair = (path[: k + 1], t.path[: k + 1])
                why = out.setdefault(path[:k], {}).setdefault(pair, set())
                # The files behind the edge: the item's file for a use,
                # the module's own file for a path through it.
                why.add((src.file, t.file))
        return out

def roots():
    found = []
    src = os.path.join(ROOT, "src")
    found.append((os.path.join(src, "lib.rs"), CRATE))
    for base, _, files in os.walk(src):
        for f in files:
            if f == "main.rs":
                found.append((os.path.join(base, f), "bin"))
    for d in ("tests", "benches", "examples", os.path.join("fuzz", "fuzz_targets")):
        top = os.path.join(ROOT, d)
        if not os.path.isdir(top):
            continue
        for f in sorted(os.listdir(top)):
            p = os.path.join(top, f)
            if f.endswith(".rs"):
                found.append((p, d))
            elif os.path.isfile(os.path.join(p, "main.rs")):
                found.append((os.path.join(p, "main.rs"), d))
    return found


def components(graph):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
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

    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def module_name(crate, path):
    """A module as the report names it: its path, and the file that declares it."""
    m = crate.modules[path]
    name = "::".join(path) if path else "crate"
    if crate.name != CRATE:
        name = f"{crate.name} {name}"
    return f"{name} ({os.path.relpath(m.file, ROOT)})"


def main():
    show_edges = "--edges" in sys.argv[1:]
    graph = {}
    modules = 0
    module_bad = []  # (crate, [module paths], {(a, b): {(file, file)}})
    module_lines = []
    for file, kind in roots():
        crate = Crate(file, CRATE if kind == CRATE else kind)
        uses = crate.edges()
        for a, bs in crate.file_edges(uses).items():
            graph.setdefault(a, set()).update(bs)
        modules += len(crate.modules)
        for parent, pairs in sorted(crate.module_edges(uses).items()):
            siblings = {}
            for a, b in pairs:
                siblings.setdefault(a, set()).add(b)
                siblings.setdefault(b, set())
            if show_edges:
                for a, b in sorted(pairs):
                    module_lines.append(f"{module_name(crate, a)} -> {module_name(crate, b)}")
            for comp in components(siblings):
                if len(comp) > 1:
                    module_bad.append((crate, sorted(comp), pairs))
    rel = lambda p: os.path.relpath(p, ROOT)
    if show_edges:
        for a in sorted(graph):
            for b in sorted(graph[a]):
                print(f"{rel(a)} -> {rel(b)}")
        for line in module_lines:
            print(line)
    bad = [sorted(c) for c in components(graph) if len(c) > 1]
    if not bad:
        print(f"module-cycles: {len(graph)} files, no two import each other")
    if not module_bad:
        print(f"module-cycles: {modules} modules, no two use each other")
    if not bad and not module_bad:
        return 0
    for comp in bad:
        print("module-cycles: these files reach each other:")
        members = set(comp)
        for a in comp:
            for b in sorted(graph[a] & members):
                print(f"    {rel(a)} -> {rel(b)}")
    for crate, comp, pairs in module_bad:
        print("module-cycles: these modules reach each other:")
        members = set(comp)
        for a in comp:
            for b in comp:
                if (a, b) not in pairs:
                    continue
                print(f"    {module_name(crate, a)} -> {module_name(crate, b)}")
                for x, y in sorted(pairs[(a, b)]):
                    print(f"        {rel(x)} -> {rel(y)}")
    if bad:
        print(f"module-cycles: {len(bad)} group(s) of files import each other")
    if module_bad:
        print(f"module-cycles: {len(module_bad)} group(s) of modules use each other")
    return 1


if __name__ == "__main__":
    sys.exit(main())
