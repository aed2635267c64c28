#!/usr/bin/env python3
"""Count test results from meson's testlog.json files and print `N passed, N failed` last.

TAP tests count one per test point ("ok"/"not ok"); other tests count one per executable.
A test that failed without a failing test point (crash, timeout) counts as one failure, and
so does each CI step that failed before its tests could run (--step-failures).
"""
import argparse
import json
import re
import sys

TAP_LINE = re.compile(r"^(not )?ok\b(.*)$")


def count_log(path):
    passed = failed = skipped = 0
    failures = []
    try:
        lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    except OSError as e:
        print(f"count-tests: {path}: {e.strerror}", file=sys.stderr)
        return 0, 1, 0, [f"{path}: missing"]
    for line in lines:
        if not line.strip():
            continue
        entry = json.loads(line)
        name = entry.get("name", "?")
        result = entry.get("result", "ERROR")
        out = entry.get("stdout") or ""
        points = [TAP_LINE.match(l.strip()) for l in out.splitlines()]
        points = [m for m in points if m]
        t_pass = t_fail = t_skip = 0
        for m in points:
            directive = m.group(2).upper()
            if "# SKIP" in directive:
                t_skip += 1
            elif m.group(1) and "# TODO" not in directive:
                t_fail += 1
                failures.append(f"{name}:{m.group(2).strip()}")
            else:
                t_pass += 1
        if not points:
            if result == "OK":
                t_pass = 1
            elif result == "SKIP":
                t_skip = 1
            elif result != "EXPECTEDFAIL":
                t_fail = 1
                failures.append(f"{name}: {result}")
        elif result not in ("OK", "SKIP", "EXPECTEDFAIL") and t_fail == 0:
            t_fail = 1
            failures.append(f"{name}: {result} after its test points")
        passed += t_pass
        failed += t_fail
        skipped += t_skip
    return passed, failed, skipped, failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--step-failures", type=int, default=0)
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()
    passed = failed = skipped = 0
    for log in args.logs:
        p, f, s, failures = count_log(log)
        passed += p
        failed += f
        skipped += s
        print(f"{log}: {p} passed, {f} failed, {s} skipped")
        for name in failures:
            print(f"  FAILED {name}")
    failed += args.step_failures
    if args.step_failures:
        print(f"{args.step_failures} CI step(s) failed")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
