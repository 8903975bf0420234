"""The stored properties of the types a folder of Swift declares (issue 44 item 2: the
Director's state). A property is stored when it is a `var` or `let` member of a struct,
class, enum or actor (not of an extension, which cannot store one) that is not computed: a
declaration whose first `{` comes before any `=` is computed unless it observes
(`willSet`/`didSet`). Static properties are type state, not an instance's: counted apart.

Read line by line with a stack of braces, strings and comments blanked first; the sources
keep one declaration a line, which is all it needs.

    scripts/count-stored-fields [FOLDER ...] [--list]

FOLDER defaults to Sources/InsetApp/Director. Prints the instance properties by type, then
their total (static ones apart); --list prints each property with its file."""
import argparse
import glob
import os
import re
from collections import Counter

from . import ROOT

TYPE = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|final|indirect)'
                  r'(?:\(set\))?\s+)*(struct|class|enum|actor|extension)\s+([\w.]+)')
DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|lazy|weak'
                  r'|unowned|nonisolated|final)(?:\((?:set|safe|unsafe)\))?\s+)*(var|let)\s+(\w+)')
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def stored(source):
    """(type, name, static) for each stored property `source` declares, in order."""
    found, stack, in_comment = [], [], False
    for line in source.split('\n'):
        if in_comment:
            if '*/' not in line:
                continue
            line, in_comment = line.split('*/', 1)[1], False
        line = STRING.sub('""', line).split('//')[0]
        if '/*' in line:
            line, in_comment = line.split('/*', 1)[0], '*/' not in line
        top = stack[-1] if stack else None
        decl = DECL.match(line)
        if decl and top and top[0] == 'type':
            brace, equals = line.find('{'), line.find('=')
            computed = brace >= 0 and (equals < 0 or equals > brace) and not re.search(r'\b(willSet|didSet)\b', line)
            if not computed:
                found.append((top[1], decl.group(2), re.search(r'\bstatic\b', line) is not None))
        opens, closes = line.count('{'), line.count('}')
        kind = TYPE.match(line)
        if kind and opens:
            stack.append(('extension' if kind.group(1) == 'extension' else 'type', kind.group(2)))
            opens -= 1
        stack.extend([('code', None)] * opens)
        del stack[max(0, len(stack) - closes):]
    return found


def count(paths):
    """Each path's stored properties, and the instance ones by type."""
    rows = []
    for path in paths:
        with open(path, encoding='utf-8') as file:
            rows += [(path,) + row for row in stored(file.read())]
    by_type = Counter(row[1] for row in rows if not row[3])
    return rows, by_type


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('folders', nargs='*', default=[os.path.join(ROOT, 'Sources', 'InsetApp', 'Director')])
    parser.add_argument('--list', action='store_true')
    arguments = parser.parse_args()
    paths = sorted(path for folder in arguments.folders
                   for path in glob.glob(os.path.join(folder, '**', '*.swift'), recursive=True))
    rows, by_type = count(paths)
    if arguments.list:
        for path, owner, name, static in rows:
            print(f"{os.path.relpath(path, ROOT)}\t{owner}.{name}{' (static)' if static else ''}")
    for owner, number in by_type.most_common():
        print(f"{number:4d}  {owner}")
    print(f"{sum(by_type.values()):4d}  stored instance properties in {len(paths)} files"
          f" ({sum(1 for row in rows if row[3])} static apart)")

