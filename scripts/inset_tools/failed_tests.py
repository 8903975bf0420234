"""Prints, one per line, a `swift test --filter` pattern for each test that failed in a
swift-testing xUnit file (Module.Suite/function), so scripts/test can run it again."""
import re
import sys
import xml.etree.ElementTree as tree


def main():
    try:
        root = tree.parse(sys.argv[1]).getroot()
    except (OSError, tree.ParseError, IndexError):
        sys.exit(0)
    seen = []
    for case in root.iter("testcase"):
        if case.find("failure") is None and case.find("error") is None:
            continue
        function = case.get("name", "").split("(")[0]
        pattern = re.escape(case.get("classname", "")) + "/" + re.escape(function) + r"\("
        if pattern not in seen:
            seen.append(pattern)
    print("\n".join(seen))
