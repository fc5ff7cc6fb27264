#!/usr/bin/env python3
"""The figures of issue 39 ("a house whose rooms match their users") for a checkout, or for a git revision:

    tools/house-figures.py            # this checkout
    tools/house-figures.py 56861f1    # any revision (read with git archive into a temporary directory)

Main Java lines per module, which modules' main code imports the decoder, the package cycles among the query
side's packages, the request chain's HIGHEST_PRECEDENCE offsets, the auto-configuration prefix lists, the
main methods over 60 lines, the files mapping jOOQ records by position (valueN()), the reads across the sides'
storage, the folds of a job's events and the deployables' roles.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

LONG = 60
# test fixtures: main code of their modules, test code in what they are for
FIXTURES = {'test-database', 'testing'}


def java_files(root, module, tree='main'):
    return sorted((root / module / 'src' / tree / 'java').rglob('*.java'))


def modules(root):
    pom = (root / 'pom.xml').read_text()
    return re.findall(r'<module>([^<]+)</module>', pom)


def lines(files):
    return sum(len(f.read_text().splitlines()) for f in files)


def package_of(text):
    m = re.search(r'^package ([\w.]+);', text, re.M)
    return m.group(1) if m else ''


def cycles(root, module, prefix):
    """Strongly connected groups (more than one package) of the module's package import graph."""
    graph = {}
    for f in java_files(root, module):
        text = f.read_text()
        pkg = package_of(text)
        deps = {re.sub(r'\.[A-Z]\w*(\.\w+)*$', '', i) for i in re.findall(r'^import (?:static )?(' + re.escape(prefix) + r'[\w.]+);', text, re.M)}
        graph.setdefault(pkg, set()).update(d for d in deps if d != pkg)
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

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
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in list(graph):
        if v not in index:
            visit(v)
    return out


DECL = re.compile(r'^(\s+)(?:(?:public|protected|private|static|final|synchronized|default|abstract)\s+)*'
                  r'(?:<[^>]+>\s+)?[\w<>\[\],.? ]+\s+(\w+)\s*\(|^(\s+)(?:(?:public|protected|private)\s+)?([A-Z]\w*)\s*\(')


def long_methods(root, mods):
    found = []
    for module in mods:
        for f in java_files(root, module):
            src = f.read_text().split('\n')
            i = 0
            while i < len(src):
                m = DECL.match(src[i])
                if m and not re.match(r'^\s+(return|new|if|for|while|switch|else|throw|case)\b', src[i]) \
                        and not src[i].rstrip().endswith(';'):
                    j = i
                    while j < len(src) and '{' not in src[j] and not src[j].rstrip().endswith(';'):
                        j += 1
                    if j < len(src) and '{' in src[j]:
                        depth, k = 0, j
                        while k < len(src):
                            depth += src[k].count('{') - src[k].count('}')
                            if depth <= 0:
                                break
                            k += 1
                        indent = len(m.group(1) or m.group(3))
                        if k - i + 1 > LONG and indent in (4, 8, 12):
                            found.append((k - i + 1, f'{f.relative_to(root)}:{m.group(2) or m.group(4)}'))
                        i = k + 1 if indent == 4 else i + 1
                        continue
                i += 1
    return sorted(found, reverse=True)


def report(root):
    mods = [m for m in modules(root) if (root / m / 'src' / 'main' / 'java').is_dir() and m not in FIXTURES]
    total = sum(lines(java_files(root, m)) for m in mods)
    print(f'main Java lines (test fixture modules apart): {total}')
    for m in mods:
        print(f'  {m}: {lines(java_files(root, m))}')
    decoders = [m for m in mods if m != 'decoder' and any(
        'import dev.vspec.decoder.' in f.read_text() for f in java_files(root, m))]
    print(f'modules whose main code imports the decoder: {len(decoders)} ({", ".join(decoders)})')
    if 'query-side' in mods:
        found = cycles(root, 'query-side', 'dev.vspec.query.')
        print(f'package cycles in query-side: {len(found)} {found}')
    chain = [(str(f.relative_to(root)), n) for m in mods for f in java_files(root, m)
             if (n := f.read_text().count('HIGHEST_PRECEDENCE'))]
    print(f'HIGHEST_PRECEDENCE in main code: {sum(n for _, n in chain)} in {len(chain)} files')
    prefixes = [str(p.relative_to(root)) for p in root.glob('*/src/main/**/*')
                if p.is_file() and p.suffix in ('.yml', '.java') and 'exclude-prefixes' in p.read_text()]
    print(f'files naming auto-configuration prefix lists: {len(prefixes)} {prefixes}')
    methods = long_methods(root, mods)
    print(f'main methods over {LONG} lines: {len(methods)}')
    for n, where in methods:
        print(f'  {n} {where}')
    positional = [str(f.relative_to(root)) for m in mods for f in java_files(root, m)
                  if re.search(r'\.value[1-9]\(\)', f.read_text())]
    print(f'main files mapping jOOQ records by position: {len(positional)}')
    ownership(root, mods)


def naming(root, module, pattern):
    """Main files of a module whose text matches the pattern."""
    if not (root / module / 'src' / 'main' / 'java').is_dir():
        return []
    return [f.name for f in java_files(root, module) if re.search(pattern, f.read_text())]


def ownership(root, mods):
    """Point 2: cross-reads between the sides, folds of a job's events, roles."""
    reads = naming(root, 'command-side', r'jooq\.read\.|"read\.(vin|configuration|epa_entry)')
    print(f'command-side main files naming a projection table: {len(reads)} {reads}')
    events = naming(root, 'query-side', r'storage\.jooq\.events\.|domainevententry')
    print(f'query-side main files naming the event store: {len(events)} {events}')
    folds = [f.name for m in mods if m != 'contracts' for f in java_files(root, m)
             if all(t in f.read_text() for t in ('EnrichmentScheduled', 'EnrichmentCompleted', 'EnrichmentFailed'))
             and 'EnrichmentJobState.apply(' not in f.read_text()]
    print(f'main files folding an enrichment job\'s events (the aggregate among them): {len(folds)} {folds}')
    callback = root / 'storage/src/main/resources/db/migration/roles/afterMigrate__deployable_roles.sql'
    roles = re.findall(r"'(command_side|projections|query_side|sandbox)'", callback.read_text()) if callback.exists() else []
    print(f'PostgreSQL login roles the migrations make, one per deployable: {len(set(roles))}')


def main():
    if len(sys.argv) > 1:
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(['git', 'archive', sys.argv[1]], check=True, capture_output=True).stdout
            subprocess.run(['tar', '-x', '-C', tmp], input=archive, check=True)
            report(pathlib.Path(tmp))
    else:
        report(pathlib.Path(__file__).resolve().parent.parent)


if __name__ == '__main__':
    main()
