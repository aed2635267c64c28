#!/usr/bin/env python3
# test-l10n-app.py: the app speaks German and French from an installed tree (TAP)
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Through tests/run-localized.py, which builds the app (-Dgui=true) in a prefix of its own
# (DYNO_L10N_APP_WORKDIR, kept between runs) and installs it with its .mo files, for each
# language in LANGUAGES:
#   - po/LANG.po translates the strings checked below (not empty, not fuzzy);
#   - `dyno --help` exits 0 and shows the option descriptions in that language, not in English;
#   - tests/test-l10n-window (tests/test-l10n-window.c, built in that prefix's build so its
#     LOCALEDIR is the prefix's) opens the window and finds the translations of the view
#     switcher's pages, the Run button, the preset row's title and its current preset and
#     subtitle (these two come from C code, the others from the .ui files), and not the English.
# The expected text is the msgstr of po/LANG.po, so the test fails when a translation is missing
# from the catalogue or from what the app loads.
#
# Needs a display (xvfb-run -a dbus-run-session --): without one it reports a skip.
# Environment: DYNO_SOURCE_ROOT, DYNO_L10N_APP_WORKDIR, GSETTINGS_SCHEMA_DIR (the test env's).

import os
import re
import shutil
import subprocess
import sys
import tempfile

SRC = os.environ.get('DYNO_SOURCE_ROOT') or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HELPER = os.path.join(SRC, 'tests', 'run-localized.py')
WINDOW = 'tests/test-l10n-window'
LANGUAGES = ['de', 'fr']

# (msgid, what it is) as `dyno --help` shows them
HELP_MSGIDS = [
    ('Print the version and exit', '--version'),
    ('Start the run at once (with the targets checked last time if none is given)', '--run'),
    ('Test preset: quick, classic, full, drive or custom', '--preset'),
]
# (msgid, where the window shows it), mnemonic underscores included
WINDOW_MSGIDS = [
    ('_Setup', 'view switcher: Setup page'),
    ('R_esults', 'view switcher: Results page'),
    ('_Run', 'header bar: Run button'),
    ('_Preset', 'Setup page: preset row'),
    ('Quick', 'Setup page: current preset (C code)'),
    ('Block I/O, seeks and small files, sized to each disk: every phase 3 s, 3 times; about 2 '
     'minutes',
     'Setup page: preset description (C code)'),
]


def unquote(s):
    return re.sub(r'\\(.)', lambda m: {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)), s)


def read_po(path):
    """{msgid: (msgstr, fuzzy)} for the singular, context-free entries of a .po file."""
    catalogue = {}
    with open(path, encoding='utf-8') as f:
        blocks = f.read().split('\n\n')
    for block in blocks:
        fields = {}
        key = None
        fuzzy = False
        for line in block.splitlines():
            if line.startswith('#,') and 'fuzzy' in line:
                fuzzy = True
            elif line.startswith('#'):
                continue
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "(.*)"$', line)
            if m:
                key = m.group(1)
                fields[key] = unquote(m.group(2))
            elif line.startswith('"') and key is not None:
                fields[key] += unquote(line[1:-1])
        if 'msgid' in fields and 'msgctxt' not in fields and 'msgstr' in fields:
            catalogue[fields['msgid']] = (fields['msgstr'], fuzzy)
    return catalogue


class Tap:
    def __init__(self, total):
        self.number = 0
        self.failed = 0
        print(f'1..{total}')

    def result(self, ok, name, details=()):
        self.number += 1
        print(f'{"ok" if ok else "not ok"} {self.number} - {name}')
        for line in details:
            print(f'# {line}')
        sys.stdout.flush()
        if not ok:
            self.failed += 1


def run_localized(workdir, lang, program, args, env):
    return subprocess.run([sys.executable, HELPER, '--workdir', workdir, '-Dgui=true',
                           '--target', WINDOW, lang, program, *args],
                          capture_output=True, text=True, timeout=1100, env=env)


def main():
    if not os.environ.get('DISPLAY') and not os.environ.get('WAYLAND_DISPLAY'):
        print('1..0 # SKIP no display')
        return 0

    workdir = os.environ.get('DYNO_L10N_APP_WORKDIR') or tempfile.mkdtemp(prefix='dyno-l10n-app-')
    data_home = tempfile.mkdtemp(prefix='dyno-l10n-app-data-')
    env = dict(os.environ, GSETTINGS_BACKEND='memory', XDG_DATA_HOME=data_home)
    tap = Tap(len(LANGUAGES) * (2 + len(WINDOW_MSGIDS)))

    for lang in LANGUAGES:
        catalogue = read_po(os.path.join(SRC, 'po', f'{lang}.po'))

        # The catalogue itself: every string the checks below look for is translated.
        missing = []
        for msgid, _ in HELP_MSGIDS + WINDOW_MSGIDS:
            msgstr, fuzzy = catalogue.get(msgid, ('', False))
            if not msgstr or fuzzy:
                missing.append(f'{msgid!r} is {"fuzzy" if fuzzy else "untranslated"} in po/{lang}.po')
        tap.result(not missing, f'po/{lang}.po translates the strings checked here', missing)

        def expect(msgid):
            msgstr, fuzzy = catalogue.get(msgid, ('', False))
            return msgstr if msgstr and not fuzzy else msgid

        # dyno --help, which needs no display but the app's catalogue.
        result = run_localized(workdir, lang, 'dyno', ['--help'], env)
        output = result.stdout + result.stderr
        problems = [] if result.returncode == 0 else [f'exit status {result.returncode}, expected 0']
        for msgid, option in HELP_MSGIDS:
            if expect(msgid) not in output:
                problems.append(f'{option}: "{expect(msgid)}" not found')
            if msgid in output:
                problems.append(f'{option}: untranslated "{msgid}" found')
        tap.result(not problems, f'LANGUAGE={lang} dyno --help',
                   problems + output.splitlines()[:40] if problems else [])

        # The window.
        pairs = [s for msgid, _ in WINDOW_MSGIDS for s in (msgid, expect(msgid))]
        result = run_localized(workdir, lang, WINDOW, pairs, env)
        lines = result.stdout.splitlines()
        verdicts = {}
        for line in lines:
            m = re.match(r'^(PASS|FAIL) (\d+) ', line)
            if m:
                msgid, _ = WINDOW_MSGIDS[int(m.group(2)) - 1]
                verdicts[msgid] = (m.group(1) == 'PASS', line)
        skipped = result.returncode == 77 or any(line.startswith('SKIP') for line in lines)
        log = [line for line in lines if line.startswith('#')] + result.stderr.splitlines()[-30:]
        for msgid, where in WINDOW_MSGIDS:
            name = f'LANGUAGE={lang} window: {where} shows "{expect(msgid)}"'
            if skipped:
                tap.number += 1
                print(f'ok {tap.number} - {name} # SKIP no display for GTK')
                continue
            ok, why = verdicts.get(msgid, (False, f'no verdict (exit status {result.returncode})'))
            tap.result(ok, name, [] if ok else [why] + log)
            if not ok:
                log = []  # the window's listing once per language is enough

    shutil.rmtree(data_home, ignore_errors=True)
    return 1 if tap.failed else 0


if __name__ == '__main__':
    sys.exit(main())
