"""The slowest tests and each suite's total, from the swift-testing xUnit files of a run.

    scripts/test-report GROUP=RESULTS-swift-testing.xml [GROUP=MORE.xml ...] [--slowest N]

For each group (scripts/test runs three: pure, waits, timed): its tests, its wall time, and
whether its tests ran beside each other. Then the N (default 25) slowest tests of the run
and every suite's total, slowest first. A parameterised test counts once, its cases summed.
Where a group ran in parallel its tests' times overlap and include the wait for a free
thread (a 1 ms test showed 137 s), so only the groups run one test at a time are ranked:
their times are exact. Missing files are passed over."""
import argparse
import collections
import xml.etree.ElementTree as tree


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+", help="GROUP=PATH, or a PATH")
    parser.add_argument("--slowest", type=int, default=25)
    parser.add_argument("--parallel", default="pure,waits", help="the groups whose tests ran beside each other")
    args = parser.parse_args()
    parallel = set(args.parallel.split(","))
    tests = {}
    print("== the groups ==")
    for item in args.files:
        group, _, path = item.rpartition("=")
        group = group or path
        try:
            root = tree.parse(path).getroot()
        except (OSError, tree.ParseError):
            continue
        wall = sum(float(s.get("time", "0") or 0) for s in root.iter("testsuite"))
        count = 0
        for case in root.iter("testcase"):
            key = (group, case.get("classname", "?"), case.get("name", "?").split("(")[0])
            tests[key] = tests.get(key, 0.0) + float(case.get("time", "0") or 0)
            count += 1
        print(f"{wall:8.1f} s  {group}: {count} tests{', beside each other' if group in parallel else ', one at a time'}")
    if not tests:
        print("test-report: no results")
        return
    # A test's time in a group run beside each other counts from when the group started it
    # to its end, waiting for a thread included (a 1 ms unit test showed 137 s): ranked, they
    # say nothing. The tests run one at a time are timed exactly.
    exact = {key: seconds for key, seconds in tests.items() if key[0] not in parallel}
    print(f"== the {args.slowest} slowest tests of the groups run one at a time (exact) ==")
    for (group, suite, name), seconds in sorted(exact.items(), key=lambda item: -item[1])[:args.slowest]:
        print(f"{seconds:8.1f} s  {suite.split('.')[-1]}/{name}  [{group}]")
    suites = collections.defaultdict(float)
    groups = {}
    for (group, suite, _), seconds in exact.items():
        suites[suite] += seconds
        groups[suite] = group
    print("== each suite's total, of those groups ==")
    for suite, seconds in sorted(suites.items(), key=lambda item: -item[1]):
        if seconds >= 0.5:
            print(f"{seconds:8.1f} s  {suite}  [{groups[suite]}]")
    small = sum(1 for seconds in suites.values() if seconds < 0.5)
    print(f"({small} suites under 0.5 s each; {len(exact)} tests one at a time, {len(tests) - len(exact)} beside each other)")
