#!/usr/bin/env python3
# test-data.py: validates what Dyno installs besides its code (TAP)
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The desktop file, AppStream metainfo, GSettings schema, MIME type, icons, translations,
# manual pages, help pages and Flatpak manifest, checked with the tools distributions and
# Flathub use (desktop-file-validate, appstreamcli, glib-compile-schemas, update-mime-database,
# msgfmt, groff, yelp-check), plus the installed tree of `meson install --destdir`.
#
# Environment (tests/meson.build sets it): DYNO_SOURCE_ROOT, DYNO_BUILD_ROOT, DYNO_CLI and
# DYNO_GUI ("true" when the GTK app is built). A check whose tool is not installed is skipped
# with the Debian package to install; every other check fails loudly.

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
import xml.etree.ElementTree as ET

APP_ID = 'io.github.dyno_bench.Dyno'
MIME_TYPE = 'application/x-dyno-result+json'
MIME_GLOB = '*.dyno.json'
HOMEPAGE = 'https://github.com/dyno-bench/dyno'
BUGTRACKER = 'https://github.com/dyno-bench/dyno/issues'
SCREENSHOT_PREFIX = 'https://raw.githubusercontent.com/dyno-bench/dyno/main/data/screenshots/'
LANGUAGES = {'de': 'nplurals=2; plural=(n != 1);', 'fr': 'nplurals=2; plural=(n > 1);'}
XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang'
MIME_NS = '{http://www.freedesktop.org/standards/shared-mime-info}'
SVG_NS = '{http://www.w3.org/2000/svg}'

SRC = os.environ.get('DYNO_SOURCE_ROOT') or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get('DYNO_BUILD_ROOT', '')
CLI = os.environ.get('DYNO_CLI', '')
GUI = os.environ.get('DYNO_GUI', 'false') == 'true'


class Skip(Exception):
    pass


class Failure(Exception):
    pass


def need(tool, package):
    path = shutil.which(tool)
    if path is None:
        raise Skip(f'{tool} not installed (Debian package {package})')
    return path


def run(*argv, env=None, cwd=None, timeout=300):
    return subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout)


def expect(condition, message):
    if not condition:
        raise Failure(message)


def src(*parts):
    return os.path.join(SRC, *parts)


def built(*parts):
    expect(BUILD, 'DYNO_BUILD_ROOT is not set')
    path = os.path.join(BUILD, *parts)
    expect(os.path.exists(path), f'{path} was not built')
    return path


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def desktop_entries(path):
    entries = {}
    group = None
    for line in read(path).splitlines():
        if line.startswith('['):
            group = line.strip('[]')
        elif group == 'Desktop Entry' and '=' in line and not line.startswith('#'):
            key, value = line.split('=', 1)
            entries[key] = value
    return entries


def build_options():
    expect(BUILD, 'DYNO_BUILD_ROOT is not set')
    result = run(need('meson', 'meson'), 'introspect', '--buildoptions', BUILD)
    expect(result.returncode == 0, f'meson introspect failed: {result.stderr}')
    return {o['name']: o for o in json.loads(result.stdout)}


# --- desktop file ----------------------------------------------------------------------------

def test_desktop_file():
    tool = need('desktop-file-validate', 'desktop-file-utils')
    path = built('data', APP_ID + '.desktop')
    result = run(tool, path)
    output = (result.stdout + result.stderr).strip()
    expect(result.returncode == 0 and output == '', f'desktop-file-validate: {output}')
    e = desktop_entries(path)
    expect(e.get('Type') == 'Application', 'Type is not Application')
    expect(e.get('Icon') == APP_ID, f'Icon is {e.get("Icon")!r}')
    expect(e.get('Exec', '').split()[0] == 'dyno', f'Exec is {e.get("Exec")!r}')
    expect(e.get('TryExec') == 'dyno', 'TryExec=dyno is missing')
    expect(e.get('Categories') in ('System;Monitor;', 'Utility;System;'),
           f'Categories is {e.get("Categories")!r}')
    keywords = e.get('Keywords', '').split(';')
    for word in ('benchmark', 'disk', 'speed', 'bonnie', 'encryption', 'ssd', 'nfs'):
        expect(word in keywords, f'keyword {word} missing')
    expect(MIME_TYPE in e.get('MimeType', '').split(';'), f'MimeType does not list {MIME_TYPE}')
    for lang in LANGUAGES:
        for key in ('Comment', 'GenericName', 'Keywords'):
            expect(f'{key}[{lang}]' in e, f'{key}[{lang}] missing: translations not merged')
    return [f'{len(e)} keys, translated into {", ".join(LANGUAGES)}']


# --- AppStream metainfo ----------------------------------------------------------------------

def test_metainfo():
    tool = need('appstreamcli', 'appstream')
    path = built('data', APP_ID + '.metainfo.xml')
    result = run(tool, 'validate', '--no-net', path)
    expect(result.returncode == 0, f'appstreamcli validate --no-net:\n{result.stdout}{result.stderr}')
    diag = [line for line in result.stdout.splitlines() if line.strip()]

    root = ET.parse(path).getroot()
    expect(root.tag == 'component' and root.get('type') == 'desktop-application',
           'not a desktop-application component')
    expect(root.findtext('id') == APP_ID, 'wrong id')
    expect(root.findtext('project_license') == 'GPL-3.0-or-later', 'wrong project_license')
    expect(root.findtext('launchable[@type="desktop-id"]') == APP_ID + '.desktop', 'wrong launchable')
    binaries = [b.text for b in root.findall('provides/binary')]
    expect(sorted(binaries) == ['dyno', 'dyno-cli'], f'provided binaries: {binaries}')
    expect(MIME_TYPE in [m.text for m in root.findall('provides/mediatype')], 'mediatype missing')
    release = root.find('releases/release')
    expect(release is not None and release.get('version') == '0.1.0', 'release 0.1.0 missing')
    expect(re.fullmatch(r'\d{4}-\d{2}-\d{2}', release.get('date', '')), 'release has no date')
    expect(root.find('content_rating[@type="oars-1.1"]') is not None, 'OARS rating missing')
    shots = [i.text for i in root.findall('screenshots/screenshot/image')]
    expect(shots and all(s.startswith(SCREENSHOT_PREFIX) for s in shots), f'screenshots: {shots}')
    expect(root.findtext('url[@type="homepage"]') == HOMEPAGE, 'homepage URL')
    expect(root.findtext('url[@type="bugtracker"]') == BUGTRACKER, 'bugtracker URL')
    schemes = {c.get('scheme_preference') for c in root.findall('branding/color[@type="primary"]')}
    expect(schemes == {'light', 'dark'}, f'branding colours: {schemes}')
    expect(root.find('developer') is not None and root.find('developer').get('id'), 'developer id')
    expect(root.findtext('developer_name'), 'developer_name')
    expect(len(root.findall('description/ul/li')) >= 3, 'features list')
    for lang in LANGUAGES:
        expect(root.find(f'summary[@{XML_LANG}="{lang}"]') is not None,
               f'summary not translated into {lang}: translations not merged')
    return diag


# --- GSettings schema (the app's; validated whatever its state) ------------------------------

def test_gschema():
    tool = need('glib-compile-schemas', 'libglib2.0-bin')
    schemas = [f for f in os.listdir(src('data')) if f.endswith('.gschema.xml')]
    if not schemas:
        raise Skip('no GSettings schema in data/ yet')
    result = run(tool, '--strict', '--dry-run', src('data'))
    output = (result.stdout + result.stderr).strip()
    expect(result.returncode == 0 and output == '', f'glib-compile-schemas --strict: {output}')
    for name in schemas:
        root = ET.parse(src('data', name)).getroot()
        expect(root.get('gettext-domain') == 'dyno', f'{name}: gettext-domain is not dyno')
        expect(root.find(f'schema[@id="{APP_ID}"]') is not None, f'{name}: no schema {APP_ID}')
    return [', '.join(schemas)]


# --- MIME type -------------------------------------------------------------------------------

def test_mime():
    path = built('data', APP_ID + '.xml')
    if shutil.which('xmllint'):
        result = run('xmllint', '--noout', path)
        expect(result.returncode == 0, f'xmllint: {result.stderr}')
    root = ET.parse(path).getroot()
    expect(root.tag == MIME_NS + 'mime-info', 'root is not mime-info')
    types = root.findall(MIME_NS + 'mime-type')
    expect([t.get('type') for t in types] == [MIME_TYPE], 'wrong MIME type')
    t = types[0]
    expect([g.get('pattern') for g in t.findall(MIME_NS + 'glob')] == [MIME_GLOB], 'wrong glob')
    expect([s.get('type') for s in t.findall(MIME_NS + 'sub-class-of')] == ['application/json'],
           'not a sub-class of application/json')
    langs = {c.get(XML_LANG) for c in t.findall(MIME_NS + 'comment')}
    for lang in LANGUAGES:
        expect(lang in langs, f'comment not translated into {lang}')

    tool = need('update-mime-database', 'shared-mime-info')
    with tempfile.TemporaryDirectory() as data_dir:
        tmp = os.path.join(data_dir, 'mime')
        os.makedirs(os.path.join(tmp, 'packages'))
        shutil.copy(path, os.path.join(tmp, 'packages'))
        # In the search path, so update-mime-database has no note to print.
        env = dict(os.environ, XDG_DATA_HOME=data_dir, XDG_DATA_DIRS=data_dir)
        result = run(tool, tmp, env=env)
        output = (result.stdout + result.stderr).strip()
        expect(result.returncode == 0 and output == '', f'update-mime-database: {output}')
        globs = read(os.path.join(tmp, 'globs2'))
        expect(re.search(r'^\d+:' + re.escape(MIME_TYPE) + r':' + re.escape(MIME_GLOB) + '$',
                         globs, re.M), f'globs2 lacks {MIME_GLOB}:\n{globs}')
        expect(f'{MIME_TYPE} application/json' in read(os.path.join(tmp, 'subclasses')),
               'subclasses lacks application/json')
        expect(os.path.exists(os.path.join(tmp, 'application', 'x-dyno-result+json.xml')),
               'no per-type file was generated')
    return [f'{MIME_TYPE}: {MIME_GLOB}, sub-class of application/json']


# --- icons -----------------------------------------------------------------------------------

def check_svg(path, viewbox, symbolic):
    root = ET.parse(path).getroot()
    expect(root.tag == SVG_NS + 'svg', f'{path}: not an SVG document')
    expect(root.get('viewBox') == viewbox, f'{path}: viewBox is {root.get("viewBox")!r}, not {viewbox}')
    size = viewbox.split()[2]
    expect(root.get('width') == size and root.get('height') == size, f'{path}: not {size}×{size}')
    for el in root.iter():
        expect(el.tag.split('}')[0] + '}' == SVG_NS or el.tag == SVG_NS + 'svg',
               f'{path}: foreign element {el.tag}')
        expect(el.tag not in (SVG_NS + 'image', SVG_NS + 'text'), f'{path}: {el.tag} in an icon')
        if symbolic:
            # GTK recolours the fills of a symbolic icon; strokes and gradients would stay as drawn.
            expect(el.get('stroke') in (None, 'none'), f'{path}: stroke in a symbolic icon')
            expect(not (el.get('fill') or '').startswith('url('), f'{path}: gradient in a symbolic icon')
            expect(el.tag != SVG_NS + 'linearGradient', f'{path}: gradient in a symbolic icon')


def test_icons():
    icons = src('data', 'icons', 'hicolor')
    check_svg(os.path.join(icons, 'scalable', 'apps', APP_ID + '.svg'), '0 0 128 128', False)
    check_svg(os.path.join(icons, 'symbolic', 'apps', APP_ID + '-symbolic.svg'), '0 0 16 16', True)
    diag = ['scalable 128×128, symbolic 16×16 (fills only)']
    if shutil.which('rsvg-convert'):
        for name, size in ((f'scalable/apps/{APP_ID}.svg', 16), (f'symbolic/apps/{APP_ID}-symbolic.svg', 16)):
            result = subprocess.run(['rsvg-convert', '-w', str(size), '-h', str(size),
                                     os.path.join(icons, name)], capture_output=True)
            expect(result.returncode == 0 and result.stdout.startswith(b'\x89PNG'),
                   f'rsvg-convert cannot render {name}: {result.stderr.decode()}')
        diag.append('both render at 16 px with rsvg-convert')
    return diag


# --- translations ----------------------------------------------------------------------------

C_PATTERN = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_)\s*\(|\bg_dngettext\b|\bg_dpgettext2?\b'
                       r'|(?<![A-Za-z0-9_])ngettext\s*\(')
UI_PATTERN = re.compile(r'translatable="yes"')
DESKTOP_KEYS = re.compile(r'^(Name|GenericName|Comment|Keywords)=', re.M)


def has_translatable(relpath):
    text = read(src(relpath))
    if relpath.endswith(('.c', '.h')):
        # Comments and string literals are left out, so "_(" in either does not count.
        stripped = re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', '""',
                          text, flags=re.S)
        return bool(C_PATTERN.search(stripped))
    if relpath.endswith('.ui'):
        return bool(UI_PATTERN.search(text))
    if relpath.endswith('.desktop.in'):
        return bool(DESKTOP_KEYS.search(text))
    if relpath.endswith('.gschema.xml'):
        root = ET.fromstring(text)
        return root.get('gettext-domain') is not None and (
            root.find('.//summary') is not None or root.find('.//description') is not None)
    if relpath.endswith('.metainfo.xml.in'):
        root = ET.fromstring(text)
        return root.find('summary') is not None or root.find('description') is not None
    if relpath.endswith('.mime.xml.in'):
        return ET.fromstring(text).find(f'.//{MIME_NS}comment') is not None
    raise Failure(f'{relpath}: POTFILES.in lists a kind of file this check does not know')


def candidate_files():
    found = []
    for top in ('src', 'ui'):
        for dirpath, dirnames, filenames in os.walk(src(top)):
            dirnames.sort()
            for name in filenames:
                if name.endswith(('.c', '.h', '.ui')):
                    found.append(os.path.relpath(os.path.join(dirpath, name), SRC))
    for name in os.listdir(src('data')):
        if name.endswith(('.desktop.in', '.metainfo.xml.in', '.mime.xml.in', '.gschema.xml')):
            found.append(os.path.join('data', name))
    return sorted(found)


def test_potfiles():
    lines = [line for line in read(src('po', 'POTFILES.in')).splitlines()
             if line.strip() and not line.startswith('#')]
    expect(lines == sorted(lines), 'po/POTFILES.in is not sorted (LC_ALL=C sort)')
    expect(len(lines) == len(set(lines)), 'po/POTFILES.in lists a file twice')
    missing_files = [f for f in lines if not os.path.exists(src(f))]
    expect(not missing_files, f'POTFILES.in lists files that do not exist: {missing_files}')
    needed = [f for f in candidate_files() if has_translatable(f)]
    unlisted = sorted(set(needed) - set(lines))
    useless = sorted(f for f in lines if not has_translatable(f))
    expect(not unlisted, 'files with translatable strings missing from po/POTFILES.in:\n  '
           + '\n  '.join(unlisted))
    expect(not useless, 'po/POTFILES.in lists files without translatable strings:\n  '
           + '\n  '.join(useless))
    return [f'{len(lines)} files, all with translatable strings, none missing']


def test_po_files():
    tool = need('msgfmt', 'gettext')
    linguas = [l.strip() for l in read(src('po', 'LINGUAS')).split() if not l.startswith('#')]
    expect(sorted(linguas) == sorted(LANGUAGES), f'po/LINGUAS is {linguas}')
    diag = []
    for lang, plural in LANGUAGES.items():
        po = src('po', lang + '.po')
        text = read(po)
        expect(f'"Plural-Forms: {plural}\\n"' in text, f'{lang}.po: Plural-Forms is not {plural}')
        expect(f'"Language: {lang}\\n"' in text, f'{lang}.po: Language header')
        expect('charset=UTF-8' in text, f'{lang}.po: not UTF-8')
        result = run(tool, '--check', '--statistics', '-o', os.devnull, po)
        expect(result.returncode == 0, f'msgfmt --check {lang}.po:\n{result.stderr}')
        diag.append(f'{lang}: {result.stderr.strip()}')
        if BUILD:
            built('po', lang, 'LC_MESSAGES', 'dyno.mo')
    return diag


# --- manual pages and help -------------------------------------------------------------------

def long_options(*argv):
    env = dict(os.environ, LANGUAGE='C', LC_ALL='C.UTF-8')
    for name in ('DISPLAY', 'WAYLAND_DISPLAY'):
        env.pop(name, None)
    result = run(*argv, '--help', env=env)
    expect(result.returncode == 0, f'{" ".join(argv)} --help failed: {result.stderr}')
    options = set(re.findall(r'^\s+(?:-\w, )?(--[a-z][a-z-]*)', result.stdout, re.M))
    return {o for o in options if not o.startswith('--help')}


def test_man_pages():
    tool = need('groff', 'groff-base')
    pages = ['dyno-cli.1', 'dyno.1']
    for page in pages:
        result = run(tool, '-man', '-ww', '-z', '-K', 'utf8', src('docs', page),
                     env=dict(os.environ, LC_ALL='C.UTF-8'))
        output = (result.stdout + result.stderr).strip()
        expect(result.returncode == 0 and output == '', f'groff -ww {page}: {output}')
    # The page must describe the options the CLI really has, and no others.
    expect(CLI and os.access(CLI, os.X_OK), 'DYNO_CLI is not set to the built dyno-cli')
    text = read(src('docs', 'dyno-cli.1')).replace('\\-', '-')
    documented = set(re.findall(r'(?<![\w-])(--[a-z][a-z-]*)', text))
    real = set().union(*(long_options(CLI, c) for c in ('run', 'info', 'list', 'compare', 'import', 'export', 'scan', 'clean', 'fill')))
    missing = sorted(real - documented)
    expect(not missing, f'dyno-cli.1 does not document {missing}')
    unknown = sorted(o for o in documented - real if o not in ('--help', '--version'))
    expect(not unknown, f'dyno-cli.1 documents options dyno-cli does not have: {unknown}')
    for status in ('0', '1', '2', '130'):
        expect(re.search(r'^\.B ' + status + '$', text, re.M), f'exit status {status} not described')
    diag = [f'{", ".join(pages)}: no groff warnings; dyno-cli.1 documents all {len(real)} options']
    app = os.environ.get('DYNO_APP', '')
    if GUI and app:
        # `dyno --help` is answered before GTK starts, so it needs no display.
        text = read(src('docs', 'dyno.1')).replace('\\-', '-')
        documented = set(re.findall(r'(?<![\w-])(--[a-z][a-z-]*)', text))
        real = long_options(app)
        expect(real == documented - {'--help'},
               f'dyno.1 documents {sorted(documented - {"--help"})}, dyno has {sorted(real)}')
        diag.append(f'dyno.1 documents all {len(real)} options of dyno')
    return diag


def test_help():
    pages = ['index.page', 'measuring.page']
    ids = []
    for page in pages:
        root = ET.parse(src('help', 'C', page)).getroot()
        expect(root.tag == '{http://projectmallard.org/1.0/}page', f'{page}: not a Mallard page')
        ids.append(root.get('id'))
    expect(ids == ['index', 'measuring'], f'page ids: {ids}')
    text = read(src('help', 'C', 'measuring.page'))
    for topic in ('id="phases"', 'id="cache"', 'id="cpu"', 'id="too-fast"'):
        expect(topic in text, f'measuring.page has no section {topic}')
    tool = need('yelp-check', 'yelp-tools')
    for command in ('validate', 'links'):
        result = run(tool, command, *[src('help', 'C', p) for p in pages])
        output = (result.stdout + result.stderr).strip()
        expect(result.returncode == 0 and output == '', f'yelp-check {command}: {output}')
    return [f'help:{APP_ID} ({", ".join(pages)}): yelp-check validate and links pass']


# --- Flatpak manifest ------------------------------------------------------------------------

def test_flatpak_manifest():
    path = src('flatpak', APP_ID + '.json')
    with open(path, encoding='utf-8') as f:
        manifest = json.load(f)
    expect(manifest.get('id') == APP_ID, 'id')
    expect(manifest.get('command') == 'dyno', 'command')
    expect(manifest.get('runtime') == 'org.gnome.Platform', 'runtime')
    expect(manifest.get('sdk') == 'org.gnome.Sdk', 'sdk')
    expect(re.fullmatch(r'\d+', str(manifest.get('runtime-version', ''))), 'runtime-version')
    args = manifest.get('finish-args', [])
    for arg in ('--filesystem=host', '--share=ipc', '--socket=wayland', '--socket=fallback-x11',
                '--device=dri'):
        expect(arg in args, f'finish-args lacks {arg}')
    # Remote folders reach other machines over SSH, with the person's agent; Scan Drive…
    # asks UDisks2 on the system bus to open a drive. Nothing else talks to anyone.
    for arg in ('--share=network', '--socket=ssh-auth',
                '--system-talk-name=org.freedesktop.UDisks2'):
        expect(arg in args, f'finish-args lacks {arg}')
    expect(not any(a.startswith('--talk-name=') or a.startswith('--own-name=')
                   or (a.startswith('--system-talk-name=') and a != '--system-talk-name=org.freedesktop.UDisks2')
                   for a in args),
           'finish-args talk to more than UDisks2')
    expect(not any(a.startswith('--filesystem=xdg-') or a == '--filesystem=home' for a in args),
           'host already covers home and the XDG folders')
    for key in manifest:
        expect(key in ('id', 'runtime', 'runtime-version', 'sdk', 'command', 'finish-args',
                       'cleanup', 'modules') or key.startswith('x-'),
               f'unknown top-level key {key} (flatpak-builder keeps only x-* extras)')
    dyno = [m for m in manifest.get('modules', []) if isinstance(m, dict) and m.get('name') == 'dyno']
    expect(len(dyno) == 1, 'no module named dyno')
    module = dyno[0]
    expect(module.get('buildsystem') == 'meson', 'the dyno module is not built with meson')
    for source in module.get('sources', []):
        if source.get('type') in ('dir', 'file', 'patch'):
            target = os.path.normpath(os.path.join(os.path.dirname(path), source['path']))
            expect(os.path.exists(target), f'source path {source["path"]} does not exist')
            if source['type'] == 'dir':
                expect(os.path.exists(os.path.join(target, 'meson.build')),
                       f'{source["path"]} has no meson.build')
    opts = module.get('config-opts', [])
    # The runtime has no liburing: a module builds it, from a pinned commit, before Dyno.
    if '-Dio_uring=enabled' in opts:
        names = [m.get('name') for m in manifest['modules'] if isinstance(m, dict)]
        expect('liburing' in names and names.index('liburing') < names.index('dyno'),
               '-Dio_uring=enabled needs a liburing module before dyno')
        lib = manifest['modules'][names.index('liburing')]
        for source in lib.get('sources', []):
            expect(source.get('type') != 'git'
                   or re.fullmatch(r'[0-9a-f]{40}', source.get('commit', '')),
                   'the liburing git source is not pinned to a commit')

    # Every -Dname=value must be a real option with a valid value...
    known = build_options()
    for opt in opts:
        m = re.fullmatch(r'-D([\w.-]+)=(.*)', opt)
        expect(m, f'config-opts: {opt} is not -Dname=value')
        name, value = m.groups()
        expect(name in known, f'config-opts: meson has no option {name}')
        o = known[name]
        if o['type'] == 'boolean':
            expect(value in ('true', 'false'), f'config-opts: {opt} is not a boolean')
        elif o['type'] == 'feature':
            expect(value in ('enabled', 'disabled', 'auto'), f'config-opts: {opt} is not a feature')
        elif o['type'] == 'combo':
            expect(value in o['choices'], f'config-opts: {opt} is not one of {o["choices"]}')
    # ...and meson must configure with them as flatpak-builder calls it (GUI as in this build).
    meson = need('meson', 'meson')
    with tempfile.TemporaryDirectory() as tmp:
        builddir = os.path.join(tmp, 'build')
        argv = [meson, 'setup', '--wrap-mode=nodownload', '--prefix=/app', '--libdir=/app/lib',
                *opts, '-Dgui=' + ('true' if GUI else 'false'), builddir, SRC]
        result = run(*argv, timeout=600)
        expect(result.returncode == 0, f'meson setup with the manifest\'s config-opts failed:\n'
               f'{result.stdout[-3000:]}{result.stderr}')
        result = run(meson, 'introspect', '--buildoptions', builddir)
        got = {o['name']: o['value'] for o in json.loads(result.stdout)}
        for opt in opts:
            name, value = opt[2:].split('=', 1)
            if name != 'gui':
                expect(str(got[name]).lower() == value.lower(), f'{name} is {got[name]}, not {value}')
    return [f'runtime {manifest["runtime"]}//{manifest["runtime-version"]}, '
            f'config-opts {" ".join(opts)} configure']


# --- the installed tree ----------------------------------------------------------------------

def test_install_tree():
    meson = need('meson', 'meson')
    opts = build_options()
    prefix = opts['prefix']['value'].lstrip('/')

    def under(option):
        value = opts[option]['value']
        return value.lstrip('/') if os.path.isabs(value) else os.path.join(prefix, value)

    bindir, datadir, localedir, mandir = (under(o) for o in ('bindir', 'datadir', 'localedir', 'mandir'))
    with tempfile.TemporaryDirectory() as dest:
        result = run(meson, 'install', '-C', BUILD, '--destdir', dest, '--no-rebuild', '--quiet')
        expect(result.returncode == 0, f'meson install failed:\n{result.stdout}{result.stderr}')
        wanted = [
            (bindir, 'dyno-cli'),
            (datadir, 'applications', APP_ID + '.desktop'),
            (datadir, 'metainfo', APP_ID + '.metainfo.xml'),
            (datadir, 'icons', 'hicolor', 'scalable', 'apps', APP_ID + '.svg'),
            (datadir, 'icons', 'hicolor', 'symbolic', 'apps', APP_ID + '-symbolic.svg'),
            (datadir, 'mime', 'packages', APP_ID + '.xml'),
            (mandir, 'man1', 'dyno-cli.1'),
            (datadir, 'help', 'C', APP_ID, 'index.page'),
            (datadir, 'help', 'C', APP_ID, 'measuring.page'),
        ]
        wanted += [(localedir, lang, 'LC_MESSAGES', 'dyno.mo') for lang in LANGUAGES]
        if GUI:
            wanted += [
                (bindir, 'dyno'),
                (datadir, 'glib-2.0', 'schemas', APP_ID + '.gschema.xml'),
                (mandir, 'man1', 'dyno.1'),
            ]
        missing = [os.path.join(*w) for w in wanted if not os.path.isfile(os.path.join(dest, *w))]
        expect(not missing, 'not installed:\n  ' + '\n  '.join(missing))
        for exe in ('dyno-cli', 'dyno') if GUI else ('dyno-cli',):
            expect(os.access(os.path.join(dest, bindir, exe), os.X_OK), f'{exe} is not executable')
        # The UI is compiled into the binary (GResource), not installed as files.
        stray = [os.path.relpath(os.path.join(d, f), dest) for d, _, fs in os.walk(dest)
                 for f in fs if f.endswith(('.ui', '.gresource'))]
        expect(not stray, f'UI files installed instead of compiled in: {stray}')
        count = sum(len(fs) for _, _, fs in os.walk(dest))
    return [f'{count} files under {opts["prefix"]["value"]}, GUI {"on" if GUI else "off"}']


TESTS = [
    ('desktop file', test_desktop_file),
    ('AppStream metainfo', test_metainfo),
    ('GSettings schema', test_gschema),
    ('MIME type', test_mime),
    ('icons', test_icons),
    ('POTFILES.in', test_potfiles),
    ('translations', test_po_files),
    ('manual pages', test_man_pages),
    ('help pages', test_help),
    ('Flatpak manifest', test_flatpak_manifest),
    ('installed tree', test_install_tree),
]


def main():
    print(f'1..{len(TESTS)}')
    failed = 0
    for number, (name, function) in enumerate(TESTS, 1):
        try:
            diag = function() or []
            print(f'ok {number} - {name}')
            for line in diag:
                print(f'# {line}')
        except Skip as e:
            print(f'ok {number} - {name} # SKIP {e}')
        except Exception as e:  # noqa: BLE001 - every failure is reported the same way
            failed += 1
            print(f'not ok {number} - {name}')
            message = str(e) if isinstance(e, Failure) else traceback.format_exc()
            for line in message.splitlines():
                print(f'# {line}')
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
