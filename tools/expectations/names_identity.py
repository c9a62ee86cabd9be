#!/usr/bin/env python3
"""Player identity (issue 31), re-implemented from the README's rule for tests/cli/names.rs:
which spellings of the White and Black tags are one person.

    python3 tools/expectations/names_identity.py [--aliases CSV] [--spellings SSP] FILE... [-- NAME...]

Prints `games N`, `persons N`, then, for every NAME after `--`, the person it falls in (the
NAME counted as one more spelling): its games and its spellings with their games; with
`--merges`, every person of two forms or more (`form<TAB>spelling<TAB>...`), and with
`--ambiguous` the ambiguous forms and the persons they could be.

The rule (README, "Player identity"):
* a name's form: the name cut before a `:`, `;` or `(` that follows a word; lowercased; runs of
  letters and digits are words; with a comma, the words before the first comma are the surname,
  those after it the given names; without one, the last word is the surname and the others the
  given names; one word and no comma is a handle (never compared);
* given names are read as words and marks: `jr`, `jun`, `junior` -> jr; `sr`, `sen`, `senior`
  -> sr; `ii`, `iii`, `iv`; the digits ending a word (`v1`: word `v`, mark `1`);
* two forms of one surname are compatible when both have given names, their marks are equal and
  word by word, as far as the shorter goes, one is a prefix of the other;
* a form a file names is that file's person; a file person counts as one more node of each of
  its surnames, compatible with a form when that form is compatible with one of its most
  complete given names; two file persons are never compatible;
* per surname, a node compatible with two nodes that are not compatible with each other is
  ambiguous; the other nodes are one person with each node they are compatible with that is not
  ambiguous (transitively); an ambiguous form is a person of its own.
"""
import csv
import re
import sys
from collections import Counter, defaultdict

GENERATION = {"jr": "jr", "jun": "jr", "junior": "jr", "sr": "sr", "sen": "sr",
              "senior": "sr", "ii": "ii", "iii": "iii", "iv": "iv"}


def words(text):
    return [w.lower() for w in re.split(r"[\W_]+", text) if w]


def form(name):
    m = re.search(r"[:;(]", name)
    if m and words(name[: m.start()]):
        name = name[: m.start()]
    if "," in name:
        s, g = name.split(",", 1)
        if not words(s):
            return form(g)
        return (" ".join(words(s)), tuple(words(g)))
    w = words(name)
    if not w:
        return ("", None)
    if len(w) == 1:
        return (w[0], None)
    return (w[-1], tuple(w[:-1]))


def givens(g):
    ws, marks = [], []
    for w in g:
        if w in GENERATION:
            marks.append(GENERATION[w])
            continue
        letters = w.rstrip("0123456789")
        if letters and letters != w:
            ws.append(letters)
            marks.append(w[len(letters):])
        else:
            ws.append(w)
    return ws, marks


def compatible(a, b):
    (aw, am), (bw, bm) = givens(a), givens(b)
    return bool(aw) and bool(bw) and am == bm and all(
        x.startswith(y) or y.startswith(x) for x, y in zip(aw, bw))


def abbreviates(a, b):
    (aw, am), (bw, bm) = givens(a), givens(b)
    return am == bm and len(aw) <= len(bw) and all(y.startswith(x) for x, y in zip(aw, bw))


class Known:
    """The persons of the files: form -> person, person -> names."""

    def __init__(self):
        self.of, self.names, self.contested = {}, [], set()

    def person(self, canonical, moves):
        p = len(self.names)
        self.names.append([])
        self.add(p, canonical, moves)
        return p

    def add(self, p, name, moves):
        if name not in self.names[p]:
            self.names[p].append(name)
        f = form(name)
        if f[0] == "" and f[1] is None:
            return
        q = self.of.get(f)
        if q == p:
            return
        if q is not None and not moves:
            del self.of[f]
            self.contested.add(f)
        elif not moves and f in self.contested:
            pass
        else:
            self.contested.discard(f)
            self.of[f] = p

    def forms(self, p):
        out = []
        for n in self.names[p]:
            f = form(n)
            if self.of.get(f) == p and f not in out:
                out.append(f)
        return out

    def complete(self, p):
        gs = [f[1] for f in self.forms(p) if f[1]]
        out = []
        for g in gs:
            if not any(h != g and abbreviates(g, h) for h in gs) and g not in out:
                out.append(g)
        return out

    def read_aliases(self, path):
        for row in csv.reader(line for line in open(path, encoding="utf-8")
                              if not line.lstrip().startswith("#")):
            if len(row) < 2 or (row[0].strip().lower(), row[1].strip().lower()) == ("alias", "canonical"):
                continue
            alias, canonical = row[0].strip(), row[1].strip()
            if form(alias) == form(canonical):
                continue
            p = self.of.get(form(canonical))
            if p is None:
                p = self.person(canonical, True)
            self.add(p, canonical, True)
            self.add(p, alias, True)

    def read_spellings(self, path):
        players, current = False, None
        for line in open(path, encoding="utf-8", errors="replace"):
            content = line.split("#", 1)[0].strip()
            if not content:
                continue
            if content.startswith("@"):
                players = content[1:].split('"')[0].split()[0].upper() == "PLAYER"
                current = None
            elif not players or content.startswith(("%", ">")):
                continue
            elif content.startswith("="):
                self.add(current, content[1:].strip(), False)
            else:
                current = self.person(content, False)


def games(path):
    tags = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r'\s*\[(\w+)\s+"(.*)"\]\s*$', line)
        if m:
            tags[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
        elif tags and line.strip():
            yield tags
            tags = {}
    if tags:
        yield tags


def resolve(spellings, known):
    """spelling -> person id, person -> key, ambiguous form -> candidate persons."""
    forms = {s: form(s) for s in spellings}
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a, b):
        parent[find(a)] = find(b)

    for f in set(forms.values()):
        find(("f", f))
        if f in known.of:
            union(("f", f), ("k", known.of[f]))
    by_surname = defaultdict(set)
    for f in set(forms.values()):
        if f not in known.of and f[1]:
            by_surname[f[0]].add(f)
    known_by_surname = defaultdict(list)
    for p in range(len(known.names)):
        for f in known.forms(p):
            if f[1] is not None and p not in known_by_surname[f[0]]:
                known_by_surname[f[0]].append(p)
    ambiguous = {}
    for s, fs in by_surname.items():
        nodes = [("f", f) for f in sorted(fs)] + [("k", p) for p in known_by_surname[s]]

        def adj(a, b):
            if a[0] == "k" and b[0] == "k":
                return False
            if a[0] == "k":
                a, b = b, a
            if b[0] == "f":
                return a != b and compatible(a[1][1], b[1][1])
            return any(compatible(a[1][1], g) for g in known.complete(b[1]))

        nb = {x: [y for y in nodes if y != x and adj(x, y)] for x in nodes}
        amb = {x for x in nodes if any(not adj(y, z) for i, y in enumerate(nb[x]) for z in nb[x][i + 1:])}
        for x in nodes:
            if x in amb:
                if x[0] == "f":
                    ambiguous[x] = nb[x]
                continue
            for y in nb[x]:
                if y not in amb:
                    union(x, y)
    person = {s: find(("f", f)) for s, f in forms.items()}
    return person, ambiguous, find


def main():
    args = sys.argv[1:]
    known = Known()
    show_merges = "--merges" in args
    show_ambiguous = "--ambiguous" in args
    args = [a for a in args if a not in ("--merges", "--ambiguous")]
    if "--spellings" in args:
        i = args.index("--spellings")
        known.read_spellings(args[i + 1])
        del args[i : i + 2]
    if "--aliases" in args:
        i = args.index("--aliases")
        known.read_aliases(args[i + 1])
        del args[i : i + 2]
    queries = []
    if "--" in args:
        i = args.index("--")
        args, queries = args[:i], args[i + 1 :]
    count = Counter()
    n = 0
    for path in args:
        for t in games(path):
            n += 1
            for c in ("White", "Black"):
                name = t.get(c, "")
                if name.strip() not in ("", "?"):
                    count[name] += 1
    print("games", n)
    person, ambiguous, find = resolve(list(count), known)
    persons = defaultdict(dict)
    for s, p in person.items():
        # A spelling of no letter or digit is a person of its own.
        persons[p if form(s) != ("", None) else ("s", s)][s] = count[s]
    print("persons", len(persons))
    for q in queries:
        qp, _, _ = resolve(list(count) + [q], known)
        mine = {s: c for s, c in count.items() if qp[s] == qp[q]}
        print(q, sum(mine.values()), dict(sorted(mine.items())))
    if show_merges:
        for p, sp in sorted(persons.items(), key=lambda kv: sorted(kv[1])):
            if len({form(s) for s in sp}) > 1:
                print("\t".join(sorted(sp)))
    if show_ambiguous:
        for x, nb in sorted(ambiguous.items()):
            print("ambiguous", x[1], [y[1] for y in nb])


if __name__ == "__main__":
    main()
