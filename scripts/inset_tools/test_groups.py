"""The test groups of scripts/test, read from the tags the suites declare in Swift.

Every suite says its group with a Swift Testing tag (Tests/Support/TestGroups.swift):
pure, waits, clock, terminals or timed. The test binary lists its tests with their own
tags (`--list-tests --experimental-event-stream-output`, the `_tags` field of each test
record; a test inherits its suite's); this module turns the listing into one `--filter`
regular expression a group, and the waits group into shards.

The rule: a test of EndToEndTests or InsetAudioTests (which play through the sound
device) must have a group, from itself or a suite around it; elsewhere a test with none
is pure. A test with none where one is required, or with two, is an error: the run stops
and names it, so a suite added without its group cannot run in the wrong one unseen."""
import argparse
import collections
import json
import re
import subprocess
import sys
import tempfile

GROUPS = ("pure", "waits", "clock", "terminals", "timed")
REQUIRED = ("EndToEndTests", "InsetAudioTests")


class GroupError(Exception):
    """Tests with no group where one is required, or with more than one."""


def read_listing(lines):
    """The test records of an event stream (JSON lines): {id: (kind, tags)}, with a
    function's id cut to the name `--list-tests` prints (its source location dropped)."""
    tests = {}
    for line in lines:
        line = line.strip()
        if not line:
            continue
        record = json.loads(line)
        if record.get("kind") != "test":
            continue
        payload = record["payload"]
        test_id = payload["id"]
        if payload.get("kind") == "function":
            test_id = test_id.rsplit("/", 1)[0] if re.search(r"/[^/]+:\d+:\d+$", test_id) else test_id
        tags = tuple(tag.lstrip(".") for tag in payload.get("_tags", []))
        tests[test_id] = (payload.get("kind"), tags)
    return tests


def parents(test_id):
    """The test's own id, then each suite around it: "M.A/B/f()" gives itself, "M.A/B", "M.A"."""
    parts = test_id.split("/")
    return ["/".join(parts[:n]) for n in range(len(parts), 0, -1)]


def group_of(test_id, tests):
    """The nearest group tag on the test or a suite around it; None where there is none."""
    for node in parents(test_id):
        groups = [tag for tag in tests.get(node, (None, ()))[1] if tag in GROUPS]
        if len(groups) > 1:
            raise GroupError(f"{node} has two groups: {', '.join(groups)}")
        if groups:
            return groups[0]
    return None


def assign(tests):
    """{function id: group} for every test function, by the rule above; raises GroupError
    naming every test (by its outermost suite) that breaks it."""
    assigned, missing, errors = {}, set(), []
    for test_id, (kind, _) in tests.items():
        if kind != "function":
            continue
        try:
            group = group_of(test_id, tests)
        except GroupError as error:
            errors.append(str(error))
            continue
        module = test_id.split(".", 1)[0]
        if group is None and module in REQUIRED:
            missing.add(test_id.split("/", 1)[0])
            continue
        assigned[test_id] = group or "pure"
    if missing:
        errors.append("no group (add `.tags(.waits)` or another of " + ", ".join(GROUPS)
                      + " to the @Suite; see docs/testing.md): " + ", ".join(sorted(missing)))
    if errors:
        raise GroupError("\n".join(sorted(set(errors))))
    if not assigned:
        raise GroupError("the listing holds no test: the test binary's event stream may have changed")
    return assigned


def prefixes(assigned):
    """{group: [id, ...]}: the fewest ids (a module, a suite, a test) whose tests are all of
    one group, so a filter names a whole suite where it can."""
    children = collections.defaultdict(set)
    for test_id in assigned:
        module, rest = test_id.split(".", 1)
        parts = [module] + [module + "." + "/".join(rest.split("/")[:n]) for n in range(1, len(rest.split("/")) + 1)]
        for parent, child in zip(parts, parts[1:]):
            children[parent].add(child)
    below = {}

    def groups_below(node):
        if node not in below:
            below[node] = {assigned[node]} if node in assigned else set().union(*(groups_below(c) for c in children[node]))
        return below[node]

    result = collections.defaultdict(list)

    def walk(node):
        groups = groups_below(node)
        if len(groups) == 1:
            result[next(iter(groups))].append(node)
        else:
            for child in sorted(children[node]):
                walk(child)

    for module in sorted({test_id.split(".", 1)[0] for test_id in assigned}):
        walk(module)
    return result


def regex(ids):
    """A `--filter` expression matching each id and everything under it."""
    return "^(" + "|".join(re.escape(test_id) for test_id in ids) + r")(\.|/|$)" if ids else "^$^"


def shards(ids, assigned, count):
    """The ids dealt into `count` lists, each suite whole in one (serialized suites share what
    they make): largest first, each to the list with the fewest tests so far."""
    size = {test_id: sum(1 for t in assigned if t == test_id or t.startswith(test_id + "/")
                         or t.startswith(test_id + ".")) for test_id in ids}
    dealt = [[0, []] for _ in range(count)]
    for test_id in sorted(ids, key=lambda i: (-size[i], i)):
        shard = min(dealt, key=lambda s: s[0])
        shard[0] += size[test_id]
        shard[1].append(test_id)
    return [sorted(ids) for _, ids in dealt if ids]


def list_tests(binary):
    """The event stream of `binary --list-tests`, as lines."""
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as stream:
        subprocess.run([binary, "--testing-library", "swift-testing", "--list-tests",
                        "--experimental-event-stream-output", stream.name,
                        "--experimental-event-stream-version", "0"],
                       check=True, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        return stream.read().splitlines()


def filters(lines, waits_shards):
    """[(name, regex)]: one per group, the waits group as `waits-1`… when sharded."""
    assigned = assign(read_listing(lines))
    by_group = prefixes(assigned)
    named = []
    for group in GROUPS:
        ids = by_group.get(group, [])
        if group == "waits" and waits_shards > 1:
            for n, shard in enumerate(shards(ids, assigned, waits_shards), 1):
                named.append((f"waits-{n}", regex(shard)))
        else:
            named.append((group, regex(ids)))
    return named


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?")
    parser.add_argument("--listing", help="an event stream already written, instead of running the binary")
    parser.add_argument("--waits-shards", type=int, default=1)
    args = parser.parse_args()
    if args.listing:
        with open(args.listing) as stream:
            lines = stream.read().splitlines()
    elif args.binary:
        lines = list_tests(args.binary)
    else:
        parser.error("a test binary or --listing")
    try:
        for name, expression in filters(lines, args.waits_shards):
            print(f"{name}\t{expression}")
    except GroupError as error:
        print(f"scripts/test-groups: tests in the wrong group or none:\n{error}", file=sys.stderr)
        sys.exit(2)

