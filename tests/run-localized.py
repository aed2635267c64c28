#!/usr/bin/env python3
# run-localized.py: run a Dyno program in another language from an installed tree
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   run-localized.py --workdir DIR [-D OPTION=VALUE]... [--target TARGET]... LANG PROGRAM [ARG...]
#
# gettext finds a program's catalogue through the LOCALEDIR compiled into it, so the .mo files
# of a `meson install --destdir` tree are never the ones a program from the build tree loads.
# This helper therefore keeps a build of its own in DIR/build, configured with
# --prefix=DIR/prefix (and -Dbuildtype=plain, -Dgui=false unless -D says otherwise), builds
# dyno-cli (and dyno with -Dgui=true), the TARGETs and the translations, installs the runtime and i18n
# parts into DIR/prefix, and runs PROGRAM with LANGUAGE=LANG and LC_ALL=C.UTF-8.
#
# With LC_ALL=C.UTF-8 glibc's gettext honours LANGUAGE (it ignores LANGUAGE only for the plain
# "C" locale), so no de_DE/fr_FR locale has to be generated on the machine.
#
# PROGRAM is looked up in DIR/prefix/bin first, then relative to DIR/build, so a GUI test
# executable can run too:
#   run-localized.py --workdir W -Dgui=true --target tests/test-window de tests/test-window
#
# Its standard output and error pass through and its exit status is returned. The build is
# kept, so the next run only rebuilds what changed.

import argparse
import os
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description='Run a Dyno program from an installed tree in LANG')
    parser.add_argument('--workdir', required=True)
    parser.add_argument('--source', default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument('--meson', default='meson')
    parser.add_argument('-D', dest='options', action='append', default=[], metavar='OPTION=VALUE')
    parser.add_argument('--target', action='append', default=[])
    parser.add_argument('lang')
    parser.add_argument('program')
    parser.add_argument('args', nargs=argparse.REMAINDER)
    a = parser.parse_args()

    workdir = os.path.abspath(a.workdir)
    build = os.path.join(workdir, 'build')
    prefix = os.path.join(workdir, 'prefix')
    options = ['-Dbuildtype=plain', '-Dgui=false'] + ['-D' + o for o in a.options]
    quiet = {'stdout': subprocess.DEVNULL}

    if os.path.exists(os.path.join(build, 'build.ninja')):
        subprocess.run([a.meson, 'configure', build, *options], check=True, **quiet)
    else:
        subprocess.run([a.meson, 'setup', build, a.source, '--prefix=' + prefix, *options],
                       check=True, **quiet)
    # Everything `--tags runtime` installs must be built: dyno-cli, and dyno with the GUI.
    targets = ['src/cli/dyno-cli'] + (['src/app/dyno'] if '-Dgui=true' in options[2:] else [])
    targets += [t for t in a.target if t not in targets]
    subprocess.run([a.meson, 'compile', '-C', build, *targets, 'dyno-gmo'], check=True, **quiet)
    subprocess.run([a.meson, 'install', '-C', build, '--no-rebuild', '--quiet',
                    '--tags', 'runtime,i18n'], check=True, **quiet)

    program = os.path.join(prefix, 'bin', a.program)
    if not os.path.exists(program):
        program = os.path.join(build, a.program)
    env = dict(os.environ, LANGUAGE=a.lang, LC_ALL='C.UTF-8')
    env.pop('LC_MESSAGES', None)
    sys.stdout.flush()
    return subprocess.run([program, *a.args], env=env).returncode


if __name__ == '__main__':
    sys.exit(main())
