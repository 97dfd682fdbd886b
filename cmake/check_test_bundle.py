#!/usr/bin/env python3
"""Checks a test bundle's ctest filters (cmake/TallyHelpers.cmake).

Usage: check_test_bundle.py BUNDLE FILTERS

BUNDLE is a test binary that links several tests; FILTERS has one line per
ctest test run from it: the test's name and its GoogleTest filter. Every test
the binary lists must be selected by exactly one filter (else it would never
run, or run twice), and every filter must select at least one test (else its
ctest test would pass while running nothing). Exit 1, saying which, if not.
"""

import fnmatch
import re
import subprocess
import sys


def listed_tests(bundle):
    out = subprocess.run([bundle, "--gtest_list_tests"], capture_output=True,
                         text=True, check=True).stdout
    suite, names = None, []
    for line in out.splitlines():
        text = line.split("#", 1)[0].rstrip()
        if not text:
            continue
        if not line.startswith(" "):
            suite = text
        else:
            names.append(suite + text.strip())
    return names


def compiled(filter_text):
    # GoogleTest's filter: patterns joined by ':', '*' and '?' wildcards.
    return re.compile("|".join(fnmatch.translate(p.replace("[", "[[]"))
                               for p in filter_text.split(":") if p))


def main():
    bundle, filters_path = sys.argv[1], sys.argv[2]
    with open(filters_path, encoding="utf-8") as f:
        filters = [(test, compiled(flt)) for test, flt in
                   (line.split(" ", 1) for line in f.read().splitlines() if line)]
    problems = []
    selected = {test: 0 for test, _ in filters}
    for name in listed_tests(bundle):
        hits = [test for test, flt in filters if flt.match(name)]
        for test in hits:
            selected[test] += 1
        if len(hits) != 1:
            problems.append(f"{name} is selected by {len(hits)} ctest tests "
                            f"({', '.join(hits) or 'none'}); rename a suite so "
                            "each belongs to one test's sources")
    problems += [f"ctest test {t} selects no test in {bundle}"
                 for t, n in selected.items() if n == 0]
    for p in problems:
        print(p)
    print(f"{bundle}: {sum(selected.values())} tests in {len(filters)} ctest "
          f"tests, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
