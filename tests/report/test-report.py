#!/usr/bin/env python3
# test-report.py: the report to publish (dyno-cli export/compare --format report|report-pdf),
# read the way its readers read it, printing TAP
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One paired run over two folders of the system temp dir (the second named with "<", "&" and
# quotes, the label and notes with markup) is made once; its reports are then
#   - parsed: no script, no reference outside the page (src, href, url(), @import), every
#     label and note escaped;
#   - opened in headless Chromium (Debian's chromium): the screenshot is not blank, light and
#     dark; the DOM holds the paired summary `dyno-cli run --compare` printed for the same run,
#     and inline <svg> charts whose labels are <text>; printing it to PDF gives pages of it;
#   - for the PDF, read back with pdftotext: the summary, the tables' headers, the command.
# A real plain-vs-gocryptfs pair (root, gocryptfs, FUSE) adds the encryption stack's words.
# A case skips, saying why, only where its tool cannot run here. Python 3 standard library only
# (the screenshots are decoded by the small PNG reader below).

import html
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import traceback
import zlib

CLI = os.environ.get("DYNO_CLI") or (sys.argv[1] if len(sys.argv) > 1 else None)
HAVE_CHARTS = os.environ.get("DYNO_HAVE_CHARTS", "1") == "1"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))

LABEL = 'lab <script>alert("x")</script> & co'
NOTES = "notes <b>bold</b> & more"
ODD_FOLDER = 'enc <&> "q"'
TIMEOUT = 300


class Failure(Exception):
    pass


class Skip(Exception):
    pass


def check(cond, message, *details):
    if not cond:
        raise Failure("\n".join([message] + [str(d) for d in details if d]))


def tail(text, n=1500):
    text = text if isinstance(text, str) else text.decode("utf-8", "replace")
    return text if len(text) <= n else "…" + text[-n:]


def cli(*args, timeout=TIMEOUT):
    args = [str(a) for a in args]
    try:
        p = subprocess.run([CLI] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        raise Failure("dyno-cli %s did not finish within %d s\n%s"
                      % (" ".join(args), timeout, tail(e.stderr or b"")))
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    return p.returncode, out, err


def cli_ok(*args, timeout=TIMEOUT):
    rc, out, err = cli(*args, timeout=timeout)
    check(rc == 0, "dyno-cli %s: exit status %s" % (" ".join(map(str, args)), rc),
          "stdout:\n" + tail(out), "stderr:\n" + tail(err))
    return out


def squash(text):
    """Whitespace as one blank: a PDF's and a page's line breaks fall anywhere."""
    return re.sub(r"\s+", " ", text).strip()


# The paired run, made once ---------------------------------------------------------------

class Run:
    dir = None
    json = None
    summary = None   # the summary line `run --compare` printed
    versus = None    # "enc <&> "q" vs plain"


RUN = Run()


def paired_run(base, a, b, extra=()):
    """A paired run of folders a and b into base/NAME.json; returns (path, versus, summary)."""
    path = os.path.join(base, "run-%d.json" % len(os.listdir(base)))
    out = cli_ok("run", "-d", a, "-d", b, "--compare", "-x", "2", "--phase-time", "0.6",
                 "--tests", "write,read", "--seed", "7", "-q", "-m", LABEL, "--notes", NOTES,
                 "--json", path, *extra)
    lines = out.splitlines()
    # The paired answer comes first: "B vs A", then its summary.
    check(len(lines) >= 2 and " vs " in lines[0], "no paired answer in the run's output",
          tail(out))
    return path, lines[0].strip(), lines[1].strip()


def make_run():
    if RUN.json is not None:
        return
    base = os.environ.get("DYNO_TEST_DIR") or tempfile.gettempdir()
    RUN.dir = tempfile.mkdtemp(prefix="reporttest-", dir=base)
    plain = os.path.join(RUN.dir, "plain")
    odd = os.path.join(RUN.dir, ODD_FOLDER)
    os.mkdir(plain)
    os.mkdir(odd)
    RUN.json, RUN.versus, RUN.summary = paired_run(RUN.dir, plain, odd)


def out_path(name):
    make_run()
    return os.path.join(RUN.dir, name)


# What a page may refer to ------------------------------------------------------------------

class PageParser(html.parser.HTMLParser):
    """Every element's name and its references, every text node."""

    REF_ATTRS = {"src", "href", "xlink:href", "action", "formaction", "poster", "data",
                 "srcset", "background", "longdesc", "cite", "manifest", "ping"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.refs = []      # (tag, attribute, value)
        self.styles = []    # style attribute values and <style> contents
        self.texts = []
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:
            if name in self.REF_ATTRS and value is not None:
                self.refs.append((tag, name, value))
            if name == "style" and value:
                self.styles.append(value)
            if name.startswith("on"):
                self.refs.append((tag, name, value or ""))
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self.styles.append(data)
        else:
            self.texts.append(data)


def external_references(page):
    """What in the page would make a request or run code: a reference that is not to an anchor
    of the page or data it carries, url() and @import in its style, script elements and
    event handlers."""
    parser = PageParser()
    parser.feed(page)
    bad = []
    for tag in parser.tags:
        if tag in ("script", "link", "iframe", "object", "embed", "base", "meta-refresh"):
            bad.append("<%s> element" % tag)
    for tag, name, value in parser.refs:
        if name.startswith("on"):
            bad.append("%s %s=%r" % (tag, name, value))
        elif not (value.startswith("#") or value.startswith("data:")):
            bad.append("%s %s=%r" % (tag, name, value))
    for style in parser.styles:
        if "@import" in style:
            bad.append("@import in style")
        for ref in re.findall(r"url\(\s*['\"]?([^)'\"]*)", style):
            if not (ref.startswith("#") or ref.startswith("data:")):
                bad.append("url(%s) in style" % ref)
    # SVG presentation attributes (clip-path="url(#…)") are attributes, not style: the same rule.
    for ref in re.findall(r"url\(\s*['\"]?([^)'\"]*)", page):
        if not (ref.startswith("#") or ref.startswith("data:")):
            bad.append("url(%s)" % ref)
    for scheme in re.findall(r"(?:src|href)\s*=\s*['\"]?\s*([a-zA-Z][a-zA-Z0-9+.-]*):", page):
        if scheme.lower() not in ("data",):
            bad.append("a reference with the scheme %s:" % scheme)
    return parser, bad


# Chromium ----------------------------------------------------------------------------------

def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise Skip("no headless Chromium here (apt-get install chromium)")


def run_chromium(args, page, timeout=120):
    """Chromium headless on the page, in a profile of its own; the sandbox needs user
    namespaces root does not get, so it runs without (the page runs no script anyway)."""
    browser = chromium()
    profile = tempfile.mkdtemp(prefix="reporttest-chromium-")
    argv = [browser, "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--hide-scrollbars", "--user-data-dir=" + profile, "--no-sandbox"] + args
    argv.append("file://" + page)
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure("chromium %s did not finish within %d s" % (" ".join(args), timeout))
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return p


def screenshot(page, name, extra=()):
    shot = out_path(name)
    if os.path.exists(shot):
        os.unlink(shot)
    # The page down to its charts, at half the pixels: what the statistics need, decoded in a
    # few seconds by the reader below.
    p = run_chromium(["--screenshot=" + shot, "--window-size=1000,4400",
                      "--force-device-scale-factor=0.5"] + list(extra), page)
    if not os.path.exists(shot):
        err = p.stderr.decode("utf-8", "replace")
        # No display is needed headless; what stops it is the machine (no /dev/shm, seccomp).
        raise Skip("headless Chromium made no screenshot here: %s"
                   % (tail(err, 300).strip().splitlines() or ["no message"])[-1])
    return read_png(shot)


def read_png(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG, not interlaced: what
    Chromium writes."""
    with open(path, "rb") as f:
        data = f.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % path)
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            check(depth == 8 and color in (2, 6) and interlace == 0,
                  "unexpected PNG layout (depth %d, colour type %d)" % (depth, color))
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        base = y * (stride + 1)
        filt, line = raw[base], bytearray(raw[base + 1:base + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if filt == 1:
                line[x] = (line[x] + a) & 255
            elif filt == 2:
                line[x] = (line[x] + b) & 255
            elif filt == 3:
                line[x] = (line[x] + ((a + b) >> 1)) & 255
            elif filt == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([bytes(line[i:i + 3]) for i in range(0, stride, channels)])
        prev = line
    return width, height, rows


def picture_stats(png):
    """Distinct colours, the most common colour, the share of pixels not of it, and its
    luminance (0 black to 1 white)."""
    width, height, rows = png
    counts = {}
    for row in rows[::2]:
        for px in row[::2]:
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    background, n = max(counts.items(), key=lambda kv: kv[1])
    luminance = (0.2126 * background[0] + 0.7152 * background[1] + 0.0722 * background[2]) / 255
    return len(counts), background, 1 - n / total, luminance


# The cases ---------------------------------------------------------------------------------

def report_html():
    path = out_path("report.html")
    if not os.path.exists(path):
        cli_ok("export", RUN.json, "--format", "report", "-o", path)
    with open(path, encoding="utf-8") as f:
        return path, f.read()


def case_html_self_contained():
    path, page = report_html()
    check(page.startswith("<!DOCTYPE html>"), "not an HTML page", page[:200])
    parser, bad = external_references(page)
    check(not bad, "the page refers outside itself or runs code:", "\n".join(bad[:20]))
    check("<style>" in page and "prefers-color-scheme: dark" in page and "@media print" in page,
          "no inline style for dark mode and print")
    # The person's label, notes and folder name are shown as text, never as markup.
    check("script" not in parser.tags and "b" not in parser.tags,
          "a label or note became an element", [t for t in parser.tags if t in ("script", "b")])
    text = squash(" ".join(parser.texts))
    for literal in (LABEL, NOTES, ODD_FOLDER):
        check(squash(literal) in text, "%r is not shown as text" % literal)
    check("<script" not in page and "&lt;script&gt;alert(" in page,
          "the label is not escaped as expected")
    if HAVE_CHARTS:
        check(page.count('<svg class="chart"') >= 4, "fewer charts than a forest plot, bars and "
              "two phases' curves, in light and dark", page.count("<svg"))
        check('<svg class="chart"' in page and "<text " in page, "charts without <text> labels")
        # A label inside a chart is escaped too: the folder's name in the bars' legend.
        check(">%s</text>" % html.escape(ODD_FOLDER).replace("&#x27;", "&#39;") in page,
              "the odd folder's name is not an escaped <text> of a chart")
    else:
        check("<svg" not in page, "a build without charts drew one")
        check("built without charts" in page, "the missing charts are not said to be missing")


def case_html_sections_in_order():
    path, page = report_html()
    order = [page.find('id="%s"' % s) for s in
             ("answer", "figures", "charts", "targets", "machine", "method", "reproduce")]
    check(all(i > 0 for i in order) and order == sorted(order),
          "sections missing or out of order", order)
    text = squash(html.unescape(re.sub(r"<[^>]+>", " ", page)))
    answer = squash(html.unescape(re.sub(r"<[^>]+>", " ", page[order[0]:order[1]])))
    check(squash(RUN.summary) in answer, "the paired summary is not the answer", RUN.summary)
    for word in ("95 % interval", "Verdict", "Ratio", "Cache policy", "CPU crypto instructions",
                 "dyno-cli run -d", "--compare", "--seed 7"):
        check(word in text, "%r is not in the report" % word)


def case_chromium_light():
    path, page = report_html()
    png = screenshot(path, "light.png")
    colours, background, share, luminance = picture_stats(png)
    check(luminance > 0.9, "the page is not light", background)
    check(colours > 40, "the screenshot has %d colours: blank or unstyled" % colours)
    check(share > 0.03, "only %.1f %% of the screenshot is not background" % (share * 100))
    check_charts_drawn(png)


def check_charts_drawn(png):
    """The charts' colours are there: the entries' blue and vermilion bars and curves."""
    if not HAVE_CHARTS:
        return
    _, _, rows = png
    vivid = sum(1 for row in rows for r, g, b in row if max(r, g, b) - min(r, g, b) > 90)
    check(vivid > 500, "no coloured chart in the screenshot (%d vivid pixels)" % vivid)


def case_chromium_dark():
    path, page = report_html()
    png = screenshot(path, "dark.png", ["--force-dark-mode"])
    colours, background, share, luminance = picture_stats(png)
    check(luminance < 0.25, "the page does not follow a dark preference", background)
    check(colours > 40 and share > 0.03, "the dark screenshot is blank (%d colours, %.1f %%)"
          % (colours, share * 100))
    check_charts_drawn(png)


def case_chromium_dom():
    path, page = report_html()
    p = run_chromium(["--dump-dom"], path)
    dom = p.stdout.decode("utf-8", "replace")
    if "<html" not in dom:
        raise Skip("headless Chromium dumped no DOM here: %s"
                   % tail(p.stderr.decode("utf-8", "replace"), 300))
    parser = PageParser()
    parser.feed(dom)
    text = squash(" ".join(parser.texts))
    check(squash(RUN.summary) in text, "the DOM does not hold the paired summary", RUN.summary)
    check("script" not in parser.tags, "the label became a script element in the DOM")
    if HAVE_CHARTS:
        check(parser.tags.count("svg") >= 4, "fewer <svg> charts in the DOM than drawn",
              parser.tags.count("svg"))
        check(parser.tags.count("text") >= 20, "the charts' labels are not <text> in the DOM",
              parser.tags.count("text"))
        check(re.search(r"<text[^>]*>Block write</text>", dom) is not None,
              "no chart label 'Block write' as text in the DOM")


def case_chromium_print():
    path, page = report_html()
    if shutil.which("pdfinfo") is None or shutil.which("pdftotext") is None:
        raise Skip("poppler-utils' pdfinfo and pdftotext are not installed")
    pdf = out_path("printed.pdf")
    p = run_chromium(["--print-to-pdf=" + pdf, "--no-pdf-header-footer"], path)
    if not os.path.exists(pdf):
        raise Skip("headless Chromium printed nothing here: %s"
                   % tail(p.stderr.decode("utf-8", "replace"), 300))
    info = subprocess.run(["pdfinfo", pdf], stdout=subprocess.PIPE).stdout.decode()
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    check(pages >= 2, "printed to %d page(s)" % pages)
    text = squash(subprocess.run(["pdftotext", pdf, "-"], stdout=subprocess.PIPE)
                  .stdout.decode("utf-8", "replace"))
    check(squash(RUN.summary)[:60] in text, "the print does not hold the summary")
    check(text.count("Block write") >= 2, "the print lost the tables or the charts' labels")


def case_pdf_report():
    pdf = out_path("report.pdf")
    rc, out, err = cli("export", RUN.json, "--format", "report-pdf", "-o", pdf)
    if not HAVE_CHARTS:
        check(rc == 2 and "without cairo" in err, "a build without charts did not refuse the "
              "PDF report with the reason", rc, err)
        return
    check(rc == 0, "export --format report-pdf failed", rc, tail(err))
    with open(pdf, "rb") as f:
        check(f.read(5) == b"%PDF-", "not a PDF")
    if shutil.which("pdftotext") is None:
        raise Skip("poppler-utils' pdftotext is not installed")
    text = squash(subprocess.run(["pdftotext", pdf, "-"], stdout=subprocess.PIPE)
                  .stdout.decode("utf-8", "replace"))
    check(squash(RUN.summary) in text, "the PDF's text does not hold the summary", RUN.summary)
    for word in ("Phase", "Ratio", "95 % interval", "Verdict", "What was measured",
                 "The machine", "Method", "dyno-cli run", LABEL):
        check(squash(word) in text, "%r is not text in the PDF" % word)
    info = subprocess.run(["pdfinfo", pdf], stdout=subprocess.PIPE).stdout.decode() \
        if shutil.which("pdfinfo") else ""
    if info:
        check("A4" in info, "the PDF's pages are not A4", info)
        pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
        check(re.search(r"page 1 of %d" % pages, text) is not None, "no page numbers")


def case_compare_report():
    """compare of two separate results: three entries, each result's method and command."""
    single = out_path("single.json")
    folder = os.path.join(RUN.dir, "plain")
    cli_ok("run", "-d", folder, "-x", "2", "--phase-time", "0.6", "--tests", "write,read",
           "--seed", "9", "-q", "-m", "single", "--json", single)
    path = out_path("compare.html")
    cli_ok("compare", single, RUN.json, "--format", "report", "-o", path)
    with open(path, encoding="utf-8") as f:
        page = f.read()
    _, bad = external_references(page)
    check(not bad, "the comparison's page refers outside itself", "\n".join(bad[:10]))
    text = squash(html.unescape(re.sub(r"<[^>]+>", " ", page)))
    check(text.count("dyno-cli run") == 2, "not one command per result")
    check("dyno-cli compare run1.json run2.json --format report" in text,
          "no command to compare the results again")
    rc, out, err = cli("compare", single, RUN.json, "--format", "report-pdf", "-o", "-")
    check(rc == 2, "a PDF to standard output was not refused", rc, err)


def case_stdout_and_errors():
    rc, out, err = cli("export", RUN.json, "--format", "report", "-o", "-")
    check(rc == 0 and out.startswith("<!DOCTYPE html>"), "the page is not written to stdout",
          rc, tail(err))
    rc, out, err = cli("export", RUN.json, "--format", "reports", "-o", out_path("x.html"))
    check(rc == 2 and "report-pdf" in err, "an unknown format does not list the report ones", err)
    # A run whose every target failed before its first phase: nothing to report, and no file.
    with open(RUN.json, encoding="utf-8") as f:
        empty = json.load(f)
    for target in empty["targets"]:
        target["phases"] = []
        target["samples"] = {"fields": ["t"], "rows": []}
    empty_path = out_path("empty.json")
    with open(empty_path, "w", encoding="utf-8") as f:
        json.dump(empty, f)
    rc, out, err = cli("export", empty_path, "--format", "report", "-o", out_path("empty.html"))
    check(rc == 1 and "Nothing to report" in err, "a run without figures was reported", rc, err)
    check(not os.path.exists(out_path("empty.html")), "a file was written for it")


def case_gocryptfs_pair():
    """A plain folder against gocryptfs on one fast device: the stack says where it runs."""
    try:
        import dyno_devices
    except ImportError as e:
        raise Skip("tests/lib/dyno_devices.py: %s" % e)
    if os.geteuid() != 0:
        raise Skip("a loop device and a gocryptfs mount need root")
    if os.environ.get("DYNO_PLATFORM", "linux") != "linux":
        raise Skip("the POSIX platform module reads no encryption layers")
    try:
        with dyno_devices.FastDevice(size_mib=512, preallocate=True) as dev:
            plain = os.path.join(dev.path, "plain")
            os.mkdir(plain)
            with dyno_devices.Gocryptfs(dev.path) as enc:
                path, versus, summary = paired_run(RUN.dir, plain, enc.path)
    except dyno_devices.Unavailable as e:
        raise Skip(str(e))
    page_path = out_path("gocryptfs.html")
    cli_ok("export", path, "--format", "report", "-o", page_path)
    with open(page_path, encoding="utf-8") as f:
        text = squash(html.unescape(re.sub(r"<[^>]+>", " ", f.read())))
    check(squash(summary) in text, "the summary is not in the page", summary)
    for word in ("gocryptfs: AES-256-GCM", "runs in user space", "fuse.gocryptfs",
                 "File system daemon", "gocryptfs below: evicted too, at most"):
        check(word in text, "%r is not in the gocryptfs report" % word)


CASES = [
    ("report page: self-contained, no script, labels and notes escaped", case_html_self_contained),
    ("report page: the answer first, then figures, charts, stack, machine, method, command",
     case_html_sections_in_order),
    ("report page in headless Chromium: a light screenshot with charts", case_chromium_light),
    ("report page in headless Chromium: dark when the reader prefers it", case_chromium_dark),
    ("report page in headless Chromium: the DOM holds the verdict and <svg> with <text>",
     case_chromium_dom),
    ("report page printed by Chromium: pages with the answer and the tables", case_chromium_print),
    ("report-pdf: A4, its text selectable: the verdict, headers, command", case_pdf_report),
    ("compare --format report of two separate results", case_compare_report),
    ("report to standard output; an unknown format", case_stdout_and_errors),
    ("report of a plain vs gocryptfs pair: the encryption stack", case_gocryptfs_pair),
]


def main():
    if not CLI or not os.access(CLI, os.X_OK):
        print("1..0 # SKIP DYNO_CLI is not set to the dyno-cli executable")
        return 0
    os.environ.setdefault("LC_ALL", "C.UTF-8")
    os.environ["LANGUAGE"] = "C"
    only = os.environ.get("DYNO_REPORT_TEST_ONLY")
    cases = [c for c in CASES if not only or re.search(only, c[0])]
    print("1..%d" % len(cases), flush=True)
    failed = 0
    start = time.monotonic()
    try:
        for n, (name, func) in enumerate(cases, 1):
            try:
                make_run()
                func()
            except Skip as e:
                print("ok %d - %s # SKIP %s" % (n, name, e), flush=True)
                continue
            except Failure as e:
                failed += 1
                print("not ok %d - %s" % (n, name))
                for line in str(e).splitlines():
                    print("# " + line)
                sys.stdout.flush()
                continue
            except Exception:
                failed += 1
                print("not ok %d - %s" % (n, name))
                for line in traceback.format_exc().splitlines():
                    print("# " + line)
                sys.stdout.flush()
                continue
            print("ok %d - %s" % (n, name), flush=True)
    finally:
        if RUN.dir is not None:
            shutil.rmtree(RUN.dir, ignore_errors=True)
    print("# %d of %d failed; %.1f s" % (failed, len(cases), time.monotonic() - start), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
