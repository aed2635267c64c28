#!/usr/bin/env python3
# check-kinds.py: how many files outside a kind's own know it by name (TAP)
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A kind of phase describes itself in its two files (src/model/kinds/dyno-kind-NAME.c and
# src/bench/phases/dyno-phase-NAME.c, docs/design.md); code elsewhere asks a kind what it is
# instead of naming it. This counts, for the seeks, the files under src/, ui/ and data/ whose
# lines outside comments name the kind as a word, leaving out its own files, src/formats/
# (bonnie++'s and Bonnie's formats have fixed fields for it) and po/, prints the count and the
# files, and fails above BAR.

import os
import re
import sys

SOURCE_ROOT = os.environ.get("DYNO_SOURCE_ROOT") or os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

KIND = "seeks"
OWN = {
    "src/model/kinds/dyno-kind-seeks.c",
    "src/bench/phases/dyno-phase-seeks.c",
}
LEFT_OUT = ("src/formats/", "po/")
TOPS = ("src", "ui", "data")
# What this branch reaches on main with the option table. TODO(issue 21): the bar is 4; what
# is left: the setup page's seeks rows (to be made from the kind's option table), the presets'
# Classic values and blurbs, the --tests help and the app's, CLI's and metainfo's prose, the
# settings schema's key and default, dyno-cli scan's --seeks (not the kind: access-time reads),
# and src/meson.build's list of kinds, which must name it.
BAR = 10

WORD = re.compile(r"\b%s\b" % re.escape(KIND))
C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
XML_COMMENT = re.compile(r"<!--.*?-->", re.S)
HASH_COMMENT = re.compile(r"#[^\n]*")


def strip_comments(path, text):
    """The text without its comments, as the file's language writes them."""
    name = os.path.basename(path)
    if name.endswith((".c", ".h", ".css")):
        # Strings are kept: a "/*" inside one is rare enough in this tree to ignore.
        return C_COMMENT.sub(" ", text)
    if name.endswith((".ui", ".xml", ".in", ".metainfo", ".svg")):
        return XML_COMMENT.sub(" ", text)
    if name in ("meson.build", "meson_options.txt") or name.endswith((".py", ".sh")):
        return HASH_COMMENT.sub(" ", text)
    return text


def naming_files():
    found = []
    for top in TOPS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(SOURCE_ROOT, top)):
            dirnames.sort()
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, SOURCE_ROOT)
                if rel in OWN or rel.startswith(LEFT_OUT):
                    continue
                try:
                    with open(path, encoding="utf-8") as f:
                        text = f.read()
                except (UnicodeDecodeError, OSError):
                    continue  # icons and other binary files
                if WORD.search(strip_comments(path, text)):
                    found.append(rel)
    return found


def main():
    files = naming_files()
    print("1..1")
    print("# %d files outside its own name the kind “%s”:" % (len(files), KIND))
    for rel in files:
        print("#   " + rel)
    if len(files) <= BAR:
        print("ok 1 - %d files name “%s” outside its own (at most %d)" % (len(files), KIND, BAR))
        return 0
    print("not ok 1 - %d files name “%s” outside its own, more than %d" % (len(files), KIND, BAR))
    return 1


if __name__ == "__main__":
    sys.exit(main())
