#!/usr/bin/env python3
# check-layers.py: each layer of src/ includes only the headers of the layers it may use,
# and nothing but src/app/ includes GTK or libadwaita (TAP)
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The rule is also enforced by the build (each library sees only the include folders of the
# layers below it); this check names the offending line, also for headers that no file of the
# layer happens to compile yet. src/meson.build describes the layers.

import os
import re
import sys

SOURCE_ROOT = os.environ.get("DYNO_SOURCE_ROOT") or os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SRC = os.path.join(SOURCE_ROOT, "src")

# layer -> the layers it may include from (itself included)
ALLOWED = {
    "model": {"model"},
    "formats": {"formats", "model"},
    "bench": {"bench", "model"},
    "store": {"store", "model", "formats"},
    "render": {"render", "model", "formats"},
    "cli": {"cli", "model", "formats", "bench", "store", "render"},
    "app": {"app", "model", "formats", "bench", "store", "render"},
}
GTK = re.compile(r'#\s*include\s*<(gtk/|gdk/|gsk/|adwaita\.h|graphene)')
LOCAL = re.compile(r'#\s*include\s*"([^"]+)"')


def headers():
    """header path relative to its layer (e.g. "platform/dyno-platform.h") -> layer"""
    found = {}
    for layer in ALLOWED:
        top = os.path.join(SRC, layer)
        for dirpath, _, files in os.walk(top):
            for name in files:
                if name.endswith(".h"):
                    rel = os.path.relpath(os.path.join(dirpath, name), top)
                    found.setdefault(rel, layer)
                    found.setdefault(name, layer)
    return found


def main():
    known = headers()
    problems = []
    checked = 0
    for layer, allowed in sorted(ALLOWED.items()):
        top = os.path.join(SRC, layer)
        for dirpath, _, files in os.walk(top):
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, SOURCE_ROOT)
                checked += 1
                with open(path, encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        if layer != "app" and GTK.search(line):
                            problems.append("%s:%d: GTK outside src/app: %s" % (rel, n, line.strip()))
                        m = LOCAL.search(line)
                        if not m or m.group(1) == "config.h":
                            continue
                        inc = m.group(1)
                        # Beside the including file first, as the compiler looks.
                        owner = layer if os.path.exists(os.path.join(dirpath, inc)) else known.get(inc)
                        if owner is None:
                            continue  # generated (resources, enums) or a system header in quotes
                        if owner not in allowed:
                            problems.append("%s:%d: the %s layer includes %s from %s" % (
                                rel, n, layer, inc, owner))
    print("1..2")
    print("ok 1 - %d files of %d layers scanned" % (checked, len(ALLOWED)))
    if problems:
        print("not ok 2 - includes across layers")
        for p in problems:
            print("# " + p)
        return 1
    print("ok 2 - every include is from the file's own layer or one it may use")
    return 0


if __name__ == "__main__":
    sys.exit(main())
