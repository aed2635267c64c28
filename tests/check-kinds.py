#!/usr/bin/env python3
# check-kinds.py: how many files outside a kind's own are coupled to it by name (TAP)
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A kind of phase describes itself in its two files (src/model/kinds/dyno-kind-NAME.c and
# src/bench/phases/dyno-phase-NAME.c, docs/design.md); code elsewhere asks a kind what it is
# instead of naming it. This counts, for the seeks, the files under src/, ui/ and data/ whose
# code is coupled to the kind by name, leaving out its own files, src/formats/ (bonnie++'s and
# Bonnie's formats have fixed fields for it) and po/, prints the count, the files and what
# names it in each, and fails above BAR.
#
# What names the kind, outside comments:
#  - an identifier with the nick or an option's name as a part of it (parts are split at "_",
#    "-" and case changes): seeks, seekers, seeks_row, DYNO_AUTO_SEEKS, dyno_phase_seeks_ops,
#    SeeksOptions;
#  - a key: a string (a C or meson literal, an XML attribute or element text) that is exactly
#    the nick or an option's name ("seeks", name="seekers"), or that has it joined to other
#    text without a space: a list ("read,seeks,"), a member or a value ("seeks=", 'seeks' in a
#    GVariant default), a flag ("--seeks"), an identifier in a .ui file ("seeks_row").
# The English word standing alone among words is prose, not a key: "random seeks" in --help,
# the AppStream description or a setting's summary couples no code to the kind, and a string
# that is only "Seeks" (a title) is not its nick either.
#
# EXCLUDED lists what shares the word and is another concept, each with why.

import os
import re
import sys

SOURCE_ROOT = os.environ.get("DYNO_SOURCE_ROOT") or os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

KIND = "seeks"
# The nick and the names of the kind's own options (kinds/dyno-kind-seeks.c).
NAMES = ("seeks", "seekers")
OWN = {
    "src/model/kinds/dyno-kind-seeks.c",
    "src/bench/phases/dyno-phase-seeks.c",
}
LEFT_OUT = ("src/formats/", "po/")
TOPS = ("src", "ui", "data")
# Lines that use the word for something else: file -> (pattern of the line, why).
EXCLUDED = {
    # dyno-cli scan --seeks N: access-time reads of a block device (the drive scan's random
    # reads), not the seeks phase of a run; a public flag, documented in docs/scan.md.
    "src/cli/dyno-cli-scan.c": (re.compile(r'\{ "seeks", |"--seeks: '),
                                "dyno-cli scan --seeks: the scan's access-time reads"),
}
# The files that may name it: src/meson.build's list of kinds (it must), the GSettings schema
# (its keys keep people's settings; renaming one loses them), and the setup page's rows of the
# kinds' options until they are built from the option tables.
BAR = 4

C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
XML_COMMENT = re.compile(r"<!--.*?-->", re.S)
HASH_COMMENT = re.compile(r"#[^\n]*")
C_TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|[A-Za-z_][A-Za-z0-9_]*')
XML_ATTRIBUTE = re.compile(r'[\w:.-]+\s*=\s*"([^"]*)"')
XML_TEXT = re.compile(r">([^<]+)<")
PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
NAME_IN_TEXT = re.compile(r"(?<![A-Za-z0-9])(%s)(?![A-Za-z0-9])" % "|".join(NAMES), re.I)
# What ends or opens a word of prose: "seeks," "(seeks)" “seeks”
PROSE_AFTER = ".,;:!?)”’»"
PROSE_BEFORE = "(“‘«"


def is_identifier_coupled(identifier):
    """An identifier with a name as one of its parts."""
    parts = []
    for piece in re.split(r"[_-]+", identifier):
        parts.extend(PART.findall(piece))
    return any(part.lower() in NAMES for part in parts)


def is_text_coupled(text):
    """A string that is a key: exactly a name, or with a name joined to other text."""
    if text in NAMES:
        return True
    for chunk in text.split():
        if not NAME_IN_TEXT.search(chunk):
            continue
        if chunk.rstrip(PROSE_AFTER).lstrip(PROSE_BEFORE).lower() not in NAMES:
            return True
    return False


def blank(match):
    """A comment as the newlines it held, so that line numbers stay."""
    return "\n" * match.group(0).count("\n") or " "


def coupled_tokens(path, text):
    """(line, token) for each piece of the file's code that names the kind."""
    name = os.path.basename(path)
    found = []

    def add(offset, token):
        found.append((text.count("\n", 0, offset) + 1, token))

    if name.endswith((".c", ".h", ".css")) or name in ("meson.build", "meson_options.txt") \
            or name.endswith((".py", ".sh")):
        if name.endswith((".c", ".h", ".css")):
            # Strings are kept: a "/*" inside one is rare enough in this tree to ignore.
            text = C_COMMENT.sub(blank, text)
        else:
            text = HASH_COMMENT.sub(blank, text)
        for match in C_TOKEN.finditer(text):
            token = match.group(0)
            if token[0] in "\"'":
                if is_text_coupled(token[1:-1]):
                    add(match.start(), token)
            elif is_identifier_coupled(token):
                add(match.start(), token)
        return found
    if name.endswith((".ui", ".xml", ".in", ".metainfo", ".svg")):
        text = XML_COMMENT.sub(blank, text)
        for pattern in (XML_ATTRIBUTE, XML_TEXT):
            for match in pattern.finditer(text):
                if is_text_coupled(match.group(1).strip()):
                    add(match.start(1), match.group(1).strip())
        return found
    for match in NAME_IN_TEXT.finditer(text):
        add(match.start(), match.group(0))
    return found


def naming_files():
    """{file: [(line, token)]} of the files outside the kind's own that name it."""
    found = {}
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
                tokens = coupled_tokens(path, text)
                if rel in EXCLUDED:
                    lines = text.split("\n")
                    pattern = EXCLUDED[rel][0]
                    tokens = [t for t in tokens if not pattern.search(lines[t[0] - 1])]
                if tokens:
                    found[rel] = tokens
    return found


# What the definition says, on examples: (kind of text, the text, coupled).
EXAMPLES = (
    ("text", "seeks", True),
    ("text", "seekers", True),
    ("text", "Seeks", False),
    ("text", "Writes, rewrites, reads and seeks in a data file", False),
    ("text", "block writes and reads, rewrite, random seeks, and small-file", False),
    ("text", "Phases to run: putc,write,rewrite,getc,read,seeks, the file tests", True),
    ("text", "['write', 'rewrite', 'read', 'seeks', 'seq_create']", True),
    ("text", "--seekers must be from 1 to 256", True),
    ("text", "seeks=4000", True),
    ("text", "seeks_row", True),
    ("text", "Random seeks (“seeks”).", False),
    ("identifier", "seeks", True),
    ("identifier", "seekers_row", True),
    ("identifier", "DYNO_AUTO_SEEKS", True),
    ("identifier", "dyno_phase_seeks_ops", True),
    ("identifier", "SeeksOptions", True),
    ("identifier", "access_reads", False),
    ("identifier", "lseek", False),
    ("identifier", "SEEK_END", False),
)


def check_examples():
    wrong = []
    for kind, text, expected in EXAMPLES:
        got = is_text_coupled(text) if kind == "text" else is_identifier_coupled(text)
        if got != expected:
            wrong.append("%s %r: %s, expected %s" % (kind, text, got, expected))
    return wrong


def main():
    print("1..2")
    wrong = check_examples()
    for line in wrong:
        print("# " + line)
    print("%s 1 - the definition of naming the kind holds on its examples"
          % ("not ok" if wrong else "ok"))

    files = naming_files()
    print("# %d files outside its own name the kind “%s”:" % (len(files), KIND))
    for rel, tokens in files.items():
        print("#   %s: %s" % (rel, ", ".join("%d %s" % t for t in tokens[:6])
                                 + (", …" if len(tokens) > 6 else "")))
    for rel, (pattern, why) in EXCLUDED.items():
        print("# left out: %s (%s)" % (rel, why))
    if len(files) <= BAR:
        print("ok 2 - %d files name “%s” outside its own (at most %d)" % (len(files), KIND, BAR))
    else:
        print("not ok 2 - %d files name “%s” outside its own, more than %d"
              % (len(files), KIND, BAR))
    return 0 if not wrong and len(files) <= BAR else 1


if __name__ == "__main__":
    sys.exit(main())
