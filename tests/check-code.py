#!/usr/bin/env python3
# check-code.py: no function in src/ is longer than 200 lines (TAP)
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A function that long does several things (dyno_cli_run was options, prices, the remote branch,
# signals and five output forms in 640 lines); the bar keeps them apart. Functions are found in
# the house style (docs/design.md, .editorconfig): the name and its "(" at the start of a line,
# the body's braces alone at column 0. A line count is from the opening brace to the closing one.
# Also reports the longest, so the margin is visible.

import os
import re
import sys

SOURCE_ROOT = os.environ.get("DYNO_SOURCE_ROOT") or os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SRC = os.path.join(SOURCE_ROOT, "src")
LIMIT = 200
NAME = re.compile(r"^([A-Za-z_]\w*)\s*\(")


def functions(path):
    """(name, first line, length in lines) of every function body in a C file"""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    name = None
    start = None
    for number, line in enumerate(lines, 1):
        found = NAME.match(line)
        if found and not line.rstrip().endswith(";"):
            name = found.group(1)
        if line == "{" and name is not None and start is None:
            start = number
        elif line == "}" and start is not None:
            yield name, start, number - start + 1
            name = start = None


def main():
    found = []
    for dirpath, _, files in os.walk(SRC):
        for name in sorted(files):
            if name.endswith(".c"):
                path = os.path.join(dirpath, name)
                for function, line, length in functions(path):
                    found.append((length, os.path.relpath(path, SOURCE_ROOT), line, function))
    print("1..2")
    if not found:
        print("not ok 1 - functions found in src/")
        print("not ok 2 - # SKIP nothing to measure")
        return 1
    print(f"ok 1 - {len(found)} functions found in src/")
    found.sort(reverse=True)
    longest = found[0]
    print(f"# the longest: {longest[3]} ({longest[1]}:{longest[2]}), {longest[0]} lines")
    over = [f for f in found if f[0] > LIMIT]
    if over:
        print(f"not ok 2 - no function over {LIMIT} lines")
        for length, path, line, function in over:
            print(f"# {path}:{line}: {function} is {length} lines")
        return 1
    print(f"ok 2 - no function over {LIMIT} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
