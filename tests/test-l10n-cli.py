#!/usr/bin/env python3
# test-l10n-cli.py: dyno-cli speaks German and French from an installed tree (TAP)
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs dyno-cli through tests/run-localized.py, which installs it with its .mo files into a
# prefix of its own (DYNO_L10N_WORKDIR), and looks for translated text: the usage, a GOption
# description, an error message with its format argument, and plural-free `info` labels.
# Environment: DYNO_SOURCE_ROOT, DYNO_L10N_WORKDIR.

import os
import subprocess
import sys
import tempfile

SRC = os.environ.get('DYNO_SOURCE_ROOT') or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HELPER = os.path.join(SRC, 'tests', 'run-localized.py')

# (language, arguments, expected exit status, text that must appear, English that must not)
CASES = [
    ('de', ['--help'], 0, 'Aufruf:', 'benchmark one or more folders'),
    ('de', ['run', '--help'], 0, 'Zu testender Ordner', 'Folder to test'),
    ('de', ['run', '--cache', 'hurtig'], 2,
     '--cache: „hurtig“ ist keiner der Werte evict, direct, drop, none', 'is not one of'),
    ('de', ['info', '.'], None, 'Dateisystem', 'File system'),
    # The HTML page is for people: its group headings in their language (Bonnie's text table
    # keeps his).
    ('de', ['compare', '--format', 'html', os.path.join(SRC, 'tests', 'fixtures', 'results',
                                                        'full-v1.json')], 0,
     '>Sequentielle Ausgabe<', '>Sequential Output<'),
    ('fr', ['--help'], 0, 'Utilisation\u00a0:', 'benchmark one or more folders'),
    ('fr', ['run', '-s', '0'], 2, 'la taille doit être supérieure à zéro', 'must be larger'),
    ('fr', ['bogus'], 2, 'Commande inconnue «\u00a0bogus\u00a0»', 'Unknown command'),
]


def main():
    workdir = os.environ.get('DYNO_L10N_WORKDIR') or tempfile.mkdtemp(prefix='dyno-l10n-')
    print(f'1..{len(CASES)}')
    failed = 0
    for number, (lang, args, status, wanted, english) in enumerate(CASES, 1):
        name = f'LANGUAGE={lang} dyno-cli {" ".join(args)}'
        result = subprocess.run([sys.executable, HELPER, '--workdir', workdir, lang, 'dyno-cli', *args],
                                capture_output=True, text=True, timeout=600)
        output = result.stdout + result.stderr
        problems = []
        if status is not None and result.returncode != status:
            problems.append(f'exit status {result.returncode}, expected {status}')
        if wanted not in output:
            problems.append(f'"{wanted}" not found')
        if english in output:
            problems.append(f'untranslated "{english}" found')
        if problems:
            failed += 1
            print(f'not ok {number} - {name}')
            for line in problems + output.splitlines()[:40]:
                print(f'# {line}')
        else:
            print(f'ok {number} - {name}')
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
