"""Assertions that count, for the tests' Python scripts: check.ml's twin.
A script puts this directory on sys.path, then calls check, then finish."""

import sys

passed = failed = 0


def check(ok, msg):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 40:
            print("FAIL " + msg, file=sys.stderr)


def finish(name):
    print(f"{name}: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
