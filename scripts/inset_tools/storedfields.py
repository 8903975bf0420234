"""The stored properties of the types a folder of Swift declares (issue 44 item 2: the
Director's state). A property is stored when it is a `var` or `let` member of a struct,
class, enum or actor (not of an extension, which cannot store one) that is not computed: a
declaration whose first `{` comes before any `=` is computed unless it observes
(`willSet`/`didSet`). Static properties are type state, not an instance's: counted apart.

Read line by line with a stack of braces, strings and comments blanked first; the sources
keep one declaration a line, which is all it needs."""
import re
from collections import Counter

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
