#!/usr/bin/env python3
# test-cli.py: black-box tests of dyno-cli, printing TAP
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs the dyno-cli executable named by $DYNO_CLI (or the first argument) the way people and
# scripts do, each case in a fresh directory under $DYNO_TEST_DIR or the system temp dir, and
# checks its exit status, its output and that it leaves nothing behind in the target.
# Python 3 standard library only.

import hashlib
import json
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import zlib

CLI = os.environ.get("DYNO_CLI") or (sys.argv[1] if len(sys.argv) > 1 else None)
VERSION = "0.1.0"
MIB = 1024 * 1024
SCRATCH_RE = re.compile(r"dyno-(\d+)-[A-Za-z0-9]{6}")
# A small run: every default phase, fast enough to repeat many times.
SMALL = ["-s", "16M", "-n", "1", "--seeks", "256"]
DEFAULT_PHASES = ["putc", "write", "rewrite", "getc", "read", "seeks",
                  "seq_create", "seq_stat", "seq_delete", "rand_create", "rand_stat", "rand_delete"]
OPS_PHASES = {"seeks", "seq_create", "seq_stat", "seq_delete",
              "rand_create", "rand_stat", "rand_delete"}
TIMEOUT = 120          # seconds for one small run
SIGNAL_EXIT_LIMIT = 5  # seconds from the signal to the exit


class Failure(Exception):
    pass


class Skip(Exception):
    pass


def check(cond, message, *details):
    if not cond:
        raise Failure("\n".join([message] + [d for d in details if d]))


def tail(text, n=1500):
    text = text if isinstance(text, str) else text.decode("utf-8", "replace")
    return text if len(text) <= n else "…" + text[-n:]


class Proc:
    def __init__(self, args, rc, out, err, seconds):
        self.args, self.rc, self.out, self.err, self.seconds = args, rc, out, err, seconds

    def describe(self):
        return ("command: dyno-cli %s\nexit status: %s\nstdout:\n%s\nstderr:\n%s"
                % (" ".join(self.args), self.rc, tail(self.out), tail(self.err)))


def one_pass(args):
    """Runs in tests measure one pass of the sizes they give, once (Bonnie's way), unless they
    say otherwise: the default phase time and repeats would make the suite minutes long, and
    what they check does not depend on them. case_default_size checks the defaults."""
    if args and args[0] == "run" and "--help" not in args:
        if "--phase-time" not in args:
            args = args[:1] + ["--phase-time", "0"] + args[1:]
        if "-x" not in args and "--repeat" not in args:
            args = args[:1] + ["-x", "1"] + args[1:]
        if ("--profile" in args or "--test" in args) and "--interval" not in args:
            args = args[:1] + ["--interval", "0"] + args[1:]
    return args


def cli(*args, cwd=None, timeout=TIMEOUT, env=None, defaults=False):
    """defaults: run dyno-cli with its own defaults, not one_pass()'s."""
    args = [str(a) for a in args]
    if not defaults:
        args = one_pass(args)
    start = time.monotonic()
    try:
        p = subprocess.run([CLI] + args, cwd=cwd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                           env=env)
    except subprocess.TimeoutExpired as e:
        raise Failure("dyno-cli %s did not finish within %d s\nstderr:\n%s"
                      % (" ".join(args), timeout, tail(e.stderr or b"")))
    return Proc(args, p.returncode, p.stdout.decode("utf-8", "replace"),
                p.stderr.decode("utf-8", "replace"), time.monotonic() - start)


def expect_rc(p, rc):
    check(p.rc == rc, "expected exit status %d, got %s" % (rc, p.rc), p.describe())


# Target directories ------------------------------------------------------------------------

def make_target():
    base = os.environ.get("DYNO_TEST_DIR") or tempfile.gettempdir()
    path = tempfile.mkdtemp(prefix="clitest-", dir=base)
    return os.path.realpath(path)


def populate(path):
    """Things that were there before the run and must be untouched by it."""
    with open(os.path.join(path, "precious.bin"), "wb") as f:
        f.write(os.urandom(64 * 1024))
    os.mkdir(os.path.join(path, "keepdir"))
    with open(os.path.join(path, "keepdir", "data"), "w") as f:
        f.write("a file named like the data file, but not in a scratch folder\n")


def snapshot(path):
    """relative path -> what it is; equal before and after means untouched."""
    tree = {}
    for root, dirs, files in os.walk(path):
        rel = os.path.relpath(root, path)
        tree[rel + "/"] = "dir"
        for name in files:
            full = os.path.join(root, name)
            key = os.path.normpath(os.path.join(rel, name))
            if os.path.islink(full):
                tree[key] = "link:" + os.readlink(full)
            else:
                with open(full, "rb") as f:
                    tree[key] = hashlib.sha256(f.read()).hexdigest()
        for name in dirs:
            full = os.path.join(root, name)
            if os.path.islink(full):
                tree[os.path.normpath(os.path.join(rel, name))] = "link:" + os.readlink(full)
    return tree


def diff_snapshots(before, after):
    lines = []
    for k in sorted(set(before) | set(after)):
        if before.get(k) != after.get(k):
            lines.append("  %s: %s -> %s" % (k, before.get(k, "(absent)"), after.get(k, "(absent)")))
    return "\n".join(lines)


def scratch_dirs(path):
    try:
        return sorted(n for n in os.listdir(path) if SCRATCH_RE.fullmatch(n))
    except FileNotFoundError:
        return []


def expect_clean(path, before, p=None):
    left = [n for n in scratch_dirs(path) if n + "/" not in before and n not in before]
    check(not left, "scratch folder left behind in the target: %s" % left,
          p.describe() if p else None)
    after = snapshot(path)
    check(after == before, "the target's pre-existing contents changed:",
          diff_snapshots(before, after), p.describe() if p else None)


def rm_rf(path):
    shutil.rmtree(path, ignore_errors=True)


class Target:
    """A fresh, populated target directory, removed afterwards."""

    def __enter__(self):
        self.path = make_target()
        populate(self.path)
        self.before = snapshot(self.path)
        return self

    def __exit__(self, *exc):
        rm_rf(self.path)
        return False

    def clean(self, p=None):
        expect_clean(self.path, self.before, p)


def free_bytes(path):
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


def is_root():
    return os.geteuid() == 0


# Result checks -------------------------------------------------------------------------------

def check_result(doc, where, phases=DEFAULT_PHASES, runs=1, target=None, cwd=None):
    check(isinstance(doc, dict), "%s: the result is not a JSON object" % where)
    check(doc.get("format") == "dyno-result",
          "%s: format is %r, not \"dyno-result\"" % (where, doc.get("format")))
    check(doc.get("version") == 1, "%s: version is %r, not 1" % (where, doc.get("version")))
    targets = doc.get("targets")
    check(isinstance(targets, list) and len(targets) == 1,
          "%s: expected exactly one target, got %r" % (where, None if targets is None else len(targets)))
    t = targets[0]
    if target is not None:
        check(os.path.realpath(os.path.join(cwd or os.getcwd(), str(t.get("path"))))
              == os.path.realpath(target),
              "%s: target path is %r, expected %r" % (where, t.get("path"), target))
    check("error" not in t, "%s: the target failed: %r" % (where, t.get("error")))
    ids = [ph.get("id") for ph in t.get("phases", [])]
    check(ids == list(phases), "%s: phase ids are %r, expected %r" % (where, ids, list(phases)))
    for ph in t["phases"]:
        pid = ph["id"]
        want_unit = "ops/s" if pid in OPS_PHASES else "B/s"
        check(ph.get("unit") == want_unit,
              "%s: phase %s has unit %r, expected %r" % (where, pid, ph.get("unit"), want_unit))
        r = ph.get("runs")
        check(isinstance(r, list) and (runs is None or len(r) == runs),
              "%s: phase %s has %r runs, expected %s" % (where, pid, None if r is None else len(r), runs))
        for i, run in enumerate(r):
            check(run.get("repeat") == i, "%s: phase %s run %d has repeat %r" % (where, pid, i, run.get("repeat")))
            for field in ("rate", "elapsed"):
                v = run.get(field)
                check(isinstance(v, (int, float)) and v > 0,
                      "%s: phase %s run %d has %s = %r, expected > 0" % (where, pid, i, field, v))
            check(isinstance(run.get("amount"), int) and run["amount"] > 0,
                  "%s: phase %s run %d has amount %r" % (where, pid, i, run.get("amount")))
    samples = t.get("samples")
    check(isinstance(samples, dict) and isinstance(samples.get("fields"), list)
          and isinstance(samples.get("rows"), list),
          "%s: the target has no samples table" % where)
    check(len(samples["rows"]) > 0, "%s: the samples table is empty" % where)
    check(all(len(row) == len(samples["fields"]) for row in samples["rows"]),
          "%s: a sample row does not match the fields" % where)
    if "phase" in samples["fields"]:
        col = samples["fields"].index("phase")
        unknown = {row[col] for row in samples["rows"]} - set(phases)
        check(not unknown, "%s: samples of phases that did not run: %r" % (where, unknown))
    return t


# Cases ----------------------------------------------------------------------------------------

def case_run_table():
    with Target() as t:
        p = cli("run", "-d", t.path, *SMALL, "-m", "tabletest")
        expect_rc(p, 0)
        for needle in ("Sequential Output", "Sequential Input", "Random", "Name:Size etc",
                       "Sequential Create", "Random Create", "tabletest"):
            check(needle in p.out, "stdout lacks %r" % needle, p.describe())
        check("\r" not in p.out and "\033[" not in p.out,
              "stdout holds terminal control characters", p.describe())
        t.clean(p)


def case_default_target():
    with Target() as t:
        p = cli("run", *SMALL, "--json", "r.json", cwd=t.path)
        expect_rc(p, 0)
        with open(os.path.join(t.path, "r.json")) as f:
            doc = json.load(f)
        check_result(doc, "r.json", target=t.path, cwd=t.path)
        os.unlink(os.path.join(t.path, "r.json"))
        t.clean(p)


def case_default_size():
    """By default every phase measures for 3 s, at least three times and more until its 95 %
    interval is within ±5 % (within a budget, here cut to 15 s to keep the suite short), and the
    data file is sized by the target (the files given with -n are as given). Creates are the one
    phase here: fast."""
    with Target() as t:
        r = os.path.join(t.path, "r.json")
        p = cli("run", "-d", t.path, "--tests", "seq_create", "-n", "1", "--json", r, "-q",
                "--max-time", "15", defaults=True)
        expect_rc(p, 0)
        with open(r) as f:
            doc = json.load(f)
        os.unlink(r)
        check_result(doc, "r.json", phases=["seq_create"], runs=None)
        config = doc["config"]
        phase = doc["targets"][0]["phases"][0]
        check(len(phase["runs"]) >= 3, "%d runs, expected at least 3" % len(phase["runs"]))
        check(config.get("phase_time") == 3.0, "the default phase time is %r, expected 3 s"
              % config.get("phase_time"))
        check(config.get("repeat") == 3, "the default repeats are %r, expected 3" % config.get("repeat"))
        check(config.get("precision") == 0.05 and config.get("max_time") == 15
              and "repeat" in config.get("auto", []),
              "precision %r, max_time %r, auto %r: expected 0.05, 15 and repeats added"
              % (config.get("precision"), config.get("max_time"), config.get("auto")))
        prec = phase.get("precision") or {}
        check(prec.get("target") == 0.05 and isinstance(prec.get("met"), bool),
              "the phase's precision is %r" % prec)
        rate = phase["summary"]["rate"]
        if rate.get("ci95") is not None:
            reached = rate["ci95"] / rate["mean"]
            check(abs(prec.get("reached", -1) - reached) < 1e-9
                  and prec["met"] == (reached <= 0.05),
                  "precision %r does not match the interval ±%.4f" % (prec, reached))
        else:
            # 1024 creates can be too fast to time on a fast machine: then no interval.
            check(prec.get("reached") is None and prec["met"] is False,
                  "no interval, yet precision %r" % prec)
        check(prec["met"] or prec.get("reason"), "precision not met without a reason: %r" % prec)
        check("size" in config.get("auto", []) and "files" not in config.get("auto", []),
              "auto is %r: the size should be calibrated, the files as -n gives them"
              % config.get("auto"))
        check(doc["targets"][0]["phases"][0]["runs"][0]["amount"] == 1024,
              "-n 1 made %r files" % doc["targets"][0]["phases"][0]["runs"][0]["amount"])
        t.clean(p)


def case_json_file():
    with Target() as t:
        outdir = make_target()
        try:
            r = os.path.join(outdir, "r.json")
            p = cli("run", "-d", t.path, *SMALL, "-m", "jsontest", "--json", r)
            expect_rc(p, 0)
            with open(r) as f:
                try:
                    doc = json.load(f)
                except ValueError as e:
                    raise Failure("r.json is not valid JSON: %s" % e)
            check_result(doc, "r.json", target=t.path)
            cfg = doc.get("config", {})
            check(cfg.get("size") == 16 * MIB, "config.size is %r, expected 16 MiB" % cfg.get("size"))
            check(cfg.get("seeks") == 256, "config.seeks is %r, expected 256" % cfg.get("seeks"))
            check(cfg.get("files", {}).get("num") == 1,
                  "config.files.num is %r, expected 1" % cfg.get("files", {}).get("num"))
            check(doc.get("label") == "jsontest", "label is %r, expected \"jsontest\"" % doc.get("label"))
            t.clean(p)
        finally:
            rm_rf(outdir)


def case_json_stdout():
    with Target() as t:
        p = cli("run", "-d", t.path, *SMALL, "--json", "-")
        expect_rc(p, 0)
        try:
            doc = json.loads(p.out)
        except ValueError as e:
            raise Failure("stdout is not one JSON document: %s" % e, p.describe())
        check_result(doc, "stdout", target=t.path)
        t.clean(p)


def run_csv(t, label):
    p = cli("run", "-d", t.path, *SMALL, "--csv", "-m", label)
    expect_rc(p, 0)
    lines = p.out.splitlines()
    check(len(lines) == 1, "expected one CSV line on stdout, got %d" % len(lines), p.describe())
    fields = lines[0].split(",")
    check(len(fields) == 50, "the CSV line has %d fields, expected 50" % len(fields), p.describe())
    check(fields[0] == "1.98", "field 0 is %r, expected \"1.98\"" % fields[0], p.describe())
    check(fields[2] == label, "field 2 (name) is %r, expected %r" % (fields[2], label), p.describe())
    t.clean(p)
    return p.out


def case_csv():
    with Target() as t:
        run_csv(t, "csvtest")


def bon_tool(name, label):
    exe = shutil.which(name)
    if exe is None:
        raise Skip("%s not installed (apt-get install bonnie++)" % name)
    with Target() as t:
        line = run_csv(t, label)
    p = subprocess.run([exe], input=line.encode(), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    desc = "input: %s\nexit status: %d\nstdout:\n%s\nstderr:\n%s" % (line.strip(), p.returncode,
                                                                      tail(out), tail(err))
    check(p.returncode == 0, "%s failed" % name, desc)
    check("Expected" not in err, "%s complained" % name, desc)
    check("Can't process" not in err and "Can't process" not in out,
          "%s could not process the line" % name, desc)
    check(label in out, "%s output lacks the label %r" % (name, label), desc)
    return out, desc


def case_bon_csv2txt():
    bon_tool("bon_csv2txt", "txtlabel")


def case_bon_csv2html():
    out, desc = bon_tool("bon_csv2html", "htmllabel")
    check("<TABLE" in out or "<table" in out, "bon_csv2html printed no table", desc)


def case_stream():
    with Target() as t:
        p = cli("run", "-d", t.path, *SMALL, "--stream")
        expect_rc(p, 0)
        lines = p.out.splitlines()
        check(lines, "nothing on stdout", p.describe())
        events = []
        for i, line in enumerate(lines):
            try:
                ev = json.loads(line)
            except ValueError as e:
                raise Failure("stdout line %d is not JSON: %s: %r" % (i + 1, e, line[:200]))
            check(isinstance(ev, dict) and "event" in ev,
                  "stdout line %d is not an object with an \"event\" key: %r" % (i + 1, line[:200]))
            events.append(ev)
        # The first line says which protocol and which Dyno wrote the stream.
        check(events[0] == {"event": "hello", "protocol": 2, "dyno": VERSION},
              "the first line is not the hello line: %r" % lines[0][:200])
        started = [e.get("phase") for e in events if e["event"] == "phase-started"]
        finished = [e.get("phase") for e in events if e["event"] == "phase-finished"]
        check(started == DEFAULT_PHASES, "phase-started events for %r, expected %r" % (started, DEFAULT_PHASES))
        check(finished == DEFAULT_PHASES, "phase-finished events for %r, expected %r" % (finished, DEFAULT_PHASES))
        check(any(e["event"] == "sample" for e in events), "no sample event")
        # Events of a phase come between its start and its end.
        current = None
        for e in events:
            if e["event"] == "phase-started":
                check(current is None, "phase %s started inside phase %s" % (e.get("phase"), current))
                current = e.get("phase")
            elif e["event"] == "phase-finished":
                check(current == e.get("phase"), "phase %s finished while %s ran" % (e.get("phase"), current))
                current = None
            elif e["event"] == "sample":
                check(current == e.get("phase"),
                      "a sample of phase %s while %s ran" % (e.get("phase"), current))
        last = events[-1]
        check(last["event"] == "result", "the last line is a %r event, not \"result\"" % last["event"])
        check_result(last.get("result"), "the result event", target=t.path)
        t.clean(p)


def case_repeat():
    with Target() as t:
        outdir = make_target()
        try:
            r = os.path.join(outdir, "r.json")
            p = cli("run", "-d", t.path, "-x", "2", "--tests", "write,read", "-s", "16M",
                    "--json", r, "-q")
            expect_rc(p, 0)
            with open(r) as f:
                doc = json.load(f)
            check_result(doc, "r.json", phases=["write", "read"], runs=2, target=t.path)
            check(doc["config"].get("repeat") == 2, "config.repeat is %r" % doc["config"].get("repeat"))
            t.clean(p)
        finally:
            rm_rf(outdir)


def case_tty_progress():
    """On a terminal, stderr gets a live progress line; stdout still gets the table."""
    with Target() as t:
        master, slave = pty.openpty()
        chunks = []

        def reader():
            while True:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                chunks.append(data)

        th = threading.Thread(target=reader, daemon=True)
        th.start()
        try:
            proc = subprocess.Popen([CLI] + one_pass(["run", "-d", t.path, "-s", "64M", "--tests",
                                                      "putc,write,read"]),
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
            os.close(slave)
            slave = None
            try:
                out, _ = proc.communicate(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
                raise Failure("the run did not finish within %d s" % TIMEOUT)
            th.join(5)
        finally:
            if slave is not None:
                os.close(slave)
            try:
                os.close(master)
            except OSError:
                pass
        err = b"".join(chunks).decode("utf-8", "replace")
        desc = "exit status %s\nstderr (terminal):\n%r" % (proc.returncode, tail(err))
        check(proc.returncode == 0, "the run failed", desc)
        check("\r\033[K" in err, "no progress line on the terminal", desc)
        check("Block write" in err, "the terminal output does not name the phase", desc)
        check("Sequential Output" in out.decode("utf-8", "replace"), "no table on stdout", desc)
        t.clean()


# Usage errors: (name, args after "run -d TARGET", pattern the message must match)
USAGE_ERRORS = [
    ("unknown option", ["-s", "16M", "--frobnicate"], r"frobnicate"),
    ("-s 0x", ["-s", "0x"], r"-s|size"),
    ("-s 1e99", ["-s", "1e99"], r"-s|size"),
    ("-s -5G", ["-s", "-5G"], r"-s|size"),
    ("-s 0", ["-s", "0"], r"-s|size"),
    ("--chunk 3000", ["-s", "16M", "--chunk", "3000"], r"chunk"),
    ("--chunk 64M -s 16M", ["-s", "16M", "--chunk", "64M"], r"chunk"),
    ("-n 4:1k:2k (max < min)", ["-s", "16M", "-n", "4:1k:2k"], r"-n|4:1k:2k"),
    ("--seekers 0 with seeks selected", ["-s", "16M", "--tests", "seeks", "--seekers", "0"], r"seeker"),
    ("-x 0", ["-s", "16M", "-x", "0"], r"-x|repeat"),
    ("-x 1000", ["-s", "16M", "-x", "1000"], r"-x|repeat"),
    ("--tests bogus", ["-s", "16M", "--tests", "bogus"], r"bogus"),
    ("--cache foo", ["-s", "16M", "--cache", "foo"], r"cache"),
    ("--per-char foo", ["-s", "16M", "--per-char", "foo"], r"per-char"),
    ("--json /nonexistent/dir/r.json", ["-s", "16M", "--json", "/nonexistent/dir/r.json"],
     r"/nonexistent/dir"),
    # An empty file name cannot be written either; it must be refused before the run, not after.
    ("--json '' (empty file name)", ["-s", "16M", "--tests", "write", "--json", ""], r"json"),
    ("--csv --stream together", ["-s", "16M", "--csv", "--stream"], r"csv.*stream|stream.*csv"),
    ("extra positional argument", ["-s", "16M", "extra-arg"], r"extra-arg"),
    ("--profile bogus", ["--profile", "bogus"], r"bogus.*default, nvme, peak, real-world"),
    ("--mix without --profile", ["--mix"], r"--mix.*--profile"),
    ("--read-percent 100", ["--profile", "default", "--mix", "--read-percent", "100"],
     r"read-percent"),
    ("--test putc (not queued)", ["--test", "putc"], r"putc.*not a queued test"),
    ("--test rnd-read:4k:q0", ["--test", "rnd-read:4k:q0"], r"q0"),
    ("--test rnd-read:3000", ["--test", "rnd-read:3000"], r"multiple of 512"),
    ("--io-engine aio", ["--test", "rnd-read", "--io-engine", "aio"], r"io-engine.*aio"),
    ("--queue-size 100k", ["--test", "rnd-read", "--queue-size", "100k"], r"64 KiB"),
    ("--queue-size 1M with 2M blocks", ["--test", "seq-read:2m", "--queue-size", "1M"],
     r"larger than the test file"),
    ("--interval -1", ["--test", "rnd-read", "--interval", "-1"], r"interval"),
    ("--queue-cache none with queued tests", ["--test", "rnd-read", "--queue-cache", "none"],
     r"page cache"),
    ("--price '0 USD'", ["-s", "16M", "--price", "0 USD"], r"--price.*larger than zero"),
    ("--price '-5 USD'", ["-s", "16M", "--price", "-5 USD"], r"--price.*not an amount"),
    ("--price 'nan USD'", ["-s", "16M", "--price", "nan USD"], r"--price.*not an amount"),
    ("--price 'inf USD'", ["-s", "16M", "--price", "inf USD"], r"--price.*not an amount"),
    ("--price cheap", ["-s", "16M", "--price", "cheap"], r"--price.*cheap"),
    ("--price '1500 US$'", ["-s", "16M", "--price", "1500 US$"], r"--price.*currency code"),
    ("--price '1500 USD extra'", ["-s", "16M", "--price", "1500 USD extra"],
     r"--price.*amount and a currency"),
    ("--price twice for one folder", ["-s", "16M", "--price", "1 USD", "--price", "2 USD"],
     r"--price.*once per -d"),
    # The C locale names no currency: the amount alone is refused, naming --price.
    ("--price 1500 in the C locale", ["-s", "16M", "--price", "1500"],
     r"--price.*no currency.*1500 USD"),
]


def make_usage_case(args, pattern):
    def case():
        with Target() as t:
            p = cli("run", "-d", t.path, *args, cwd=t.path)
            expect_rc(p, 2)
            check(re.search(pattern, p.err, re.I), "stderr does not name the problem (/%s/)" % pattern,
                  p.describe())
            check(p.err.startswith("dyno-cli: "), "the message does not start with \"dyno-cli: \"",
                  p.describe())
            check(p.out == "", "usage error printed to stdout", p.describe())
            t.clean(p)
    return case


def case_unknown_subcommand():
    with Target() as t:
        p = cli("frobnicate", "-d", t.path, cwd=t.path)
        expect_rc(p, 2)
        check("frobnicate" in p.err, "stderr does not name the command", p.describe())
        check(p.out == "", "usage error printed to stdout", p.describe())
        t.clean(p)


def case_no_subcommand():
    with Target() as t:
        p = cli(cwd=t.path)
        expect_rc(p, 2)
        check(re.search(r"usage", p.err, re.I), "stderr does not show the usage", p.describe())
        check(p.out == "", "usage error printed to stdout", p.describe())
        t.clean(p)


def run_failure(make):
    with Target() as t:
        target = make(t.path)
        before = snapshot(t.path)
        p = cli("run", "-d", target, *SMALL)
        expect_rc(p, 1)
        check(target in p.err, "stderr does not name the target %s" % target, p.describe())
        check(p.out == "", "a failed run printed to stdout", p.describe())
        expect_clean(t.path, before, p)


def case_fail_missing():
    run_failure(lambda d: os.path.join(d, "missing"))


def case_fail_regular_file():
    def make(d):
        path = os.path.join(d, "a-file")
        with open(path, "w") as f:
            f.write("not a folder\n")
        return path
    run_failure(make)


def case_fail_dangling_symlink():
    def make(d):
        path = os.path.join(d, "dangling")
        os.symlink(os.path.join(d, "nowhere"), path)
        return path
    run_failure(make)


def case_info_missing():
    with Target() as t:
        target = os.path.join(t.path, "missing")
        p = cli("info", target)
        expect_rc(p, 1)
        check(target in p.out + p.err, "the output does not name the folder", p.describe())
        t.clean(p)


def case_info_text():
    with Target() as t:
        p = cli("info", t.path)
        expect_rc(p, 0)
        check(re.search(r"^File system\s+\S", p.out, re.M), "no file system line", p.describe())
        check(re.search(r"^Writable\s+yes", p.out, re.M), "no \"Writable yes\" line", p.describe())
        check(t.path in p.out, "the output does not name the folder", p.describe())
        t.clean(p)


def case_info_json():
    with Target() as t:
        p = cli("info", "--json", t.path)
        expect_rc(p, 0)
        try:
            doc = json.loads(p.out)
        except ValueError as e:
            raise Failure("stdout is not JSON: %s" % e, p.describe())
        # The POSIX fallback has no portable way to name a file system: null is its answer.
        if os.environ.get("DYNO_PLATFORM", "linux") == "linux":
            check(isinstance(doc.get("fs_type"), str) and doc["fs_type"],
                  "fs_type is %r" % doc.get("fs_type"), p.describe())
        else:
            check(doc.get("fs_type") is None or isinstance(doc.get("fs_type"), str),
                  "fs_type is %r" % doc.get("fs_type"), p.describe())
        check(doc.get("writable") is True, "writable is %r" % doc.get("writable"), p.describe())
        t.clean(p)


# Signals ----------------------------------------------------------------------------------

BIG = 2 << 30


def need_space(path, size):
    if free_bytes(path) < size + 256 * MIB:
        raise Skip("%s has less than %d MiB free" % (path, (size + 256 * MIB) // MIB))


class BigRun:
    """A 2 GiB write,read run in the background; threads drain stdout and stderr as they come,
    so the child never blocks on a full pipe and no line is lost between readers."""

    def __init__(self, target, stream):
        args = [CLI] + one_pass(["run", "-d", target, "-s", "2G", "--tests", "write,read"])
        if stream:
            args.append("--stream")
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.pid = self.proc.pid
        self.out_lines = []
        self.err_chunks = []
        self.sampled = threading.Event()
        self.threads = [threading.Thread(target=self._read_out, daemon=True),
                        threading.Thread(target=self._read_err, daemon=True)]
        for th in self.threads:
            th.start()

    def _read_out(self):
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace")
            self.out_lines.append(line)
            if not self.sampled.is_set():
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                if isinstance(ev, dict) and ev.get("event") == "sample":
                    self.sampled.set()

    def _read_err(self):
        while True:
            data = self.proc.stderr.read1(65536)
            if not data:
                break
            self.err_chunks.append(data)

    @property
    def out(self):
        return "".join(self.out_lines)

    @property
    def err(self):
        return b"".join(self.err_chunks).decode("utf-8", "replace")

    def wait_first_sample(self, deadline=60):
        if not self.sampled.wait(deadline):
            raise Failure("no sample event within %d s (exit status %s)" % (deadline, self.proc.poll()),
                          "stdout:\n" + tail(self.out) + "\nstderr:\n" + tail(self.err))

    def wait_scratch(self, target, deadline=60):
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            names = scratch_dirs(target)
            if names and os.path.exists(os.path.join(target, names[0], "data")):
                return names[0]
            check(self.proc.poll() is None,
                  "the run ended (status %s) before a scratch folder appeared" % self.proc.returncode,
                  "stderr:\n" + tail(self.err))
            time.sleep(0.02)
        raise Failure("no scratch folder with a data file appeared within %d s" % deadline)

    def wait(self, timeout):
        """Exit status, or None if it did not exit within timeout (then it is killed)."""
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            rc = None
        self.close()
        return rc

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for th in self.threads:
            th.join(10)
        self.proc.stdout.close()
        self.proc.stderr.close()


def signal_case(sig, stream):
    def case():
        with Target() as t:
            need_space(t.path, BIG)
            run = BigRun(t.path, stream)
            try:
                if stream:
                    run.wait_first_sample()
                else:
                    run.wait_scratch(t.path)
                scratch = scratch_dirs(t.path)
                check(scratch, "no scratch folder while the run was in a phase")
                check(SCRATCH_RE.fullmatch(scratch[0]).group(1) == str(run.pid),
                      "the scratch folder %s is not named after pid %d" % (scratch[0], run.pid))
                sent = time.monotonic()
                run.proc.send_signal(sig)
                rc = run.wait(SIGNAL_EXIT_LIMIT + 30)
                took = time.monotonic() - sent
            finally:
                run.close()
            out, err = run.out, run.err
            desc = "exit status %s after %.2f s\nstdout:\n%s\nstderr:\n%s" % (
                rc, took, tail(out, 600), tail(err))
            check(rc is not None, "did not exit within %d s of the signal" % (SIGNAL_EXIT_LIMIT + 30), desc)
            check(rc == 130, "expected exit status 130", desc)
            check(took < SIGNAL_EXIT_LIMIT, "took %.1f s to exit after the signal" % took, desc)
            if stream:
                for line in out.splitlines():
                    try:
                        ok = "event" in json.loads(line)
                    except (ValueError, TypeError):
                        ok = False
                    check(ok, "a stdout line is not a JSON event: %r" % line[:200], desc)
            else:
                check(re.search(r"interrupt", err, re.I), "stderr does not say it was interrupted", desc)
            t.clean()
    return case


def case_sigkill_stale():
    with Target() as t:
        need_space(t.path, BIG)
        # A folder named like ours but without our marker: not provably ours, never touched.
        dead = subprocess.Popen([sys.executable, "-c", "pass"])
        dead.wait()
        decoy = os.path.join(t.path, "dyno-%d-Zz9Zz9" % dead.pid)
        os.mkdir(decoy)
        with open(os.path.join(decoy, "data"), "w") as f:
            f.write("someone else's\n")
        before = snapshot(t.path)

        run = BigRun(t.path, True)
        try:
            run.wait_first_sample()
            run.proc.kill()
            run.wait(30)
        finally:
            run.close()
        proc = run.proc
        stale = [n for n in scratch_dirs(t.path) if n != os.path.basename(decoy)]
        check(len(stale) == 1, "SIGKILL left %r, expected one scratch folder" % stale)
        check(stale[0].startswith("dyno-%d-" % proc.pid),
              "the scratch folder %s is not named after pid %d" % (stale[0], proc.pid))

        p = cli("run", "-d", t.path, *SMALL)
        expect_rc(p, 0)
        check(stale[0] in p.err, "stderr does not say %s was removed" % stale[0], p.describe())
        check(re.search(r"remov", p.err, re.I), "stderr does not say it removed anything", p.describe())
        check(not os.path.exists(os.path.join(t.path, stale[0])), "%s is still there" % stale[0],
              p.describe())
        expect_clean(t.path, before, p)


# Mounted file systems (root) -----------------------------------------------------------------

class Tmpfs:
    def __init__(self, options):
        self.options = options

    def __enter__(self):
        if not is_root():
            raise Skip("needs root to mount a tmpfs")
        if shutil.which("mount") is None or shutil.which("umount") is None:
            raise Skip("mount/umount not found")
        self.base = make_target()
        self.path = os.path.join(self.base, "mnt")
        os.mkdir(self.path)
        p = subprocess.run(["mount", "-t", "tmpfs", "-o", self.options, "dyno-test", self.path],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            rm_rf(self.base)
            raise Skip("cannot mount a tmpfs here: %s" % p.stdout.decode("utf-8", "replace").strip())
        self.mounted = True
        return self

    def __exit__(self, *exc):
        if self.mounted:
            subprocess.run(["umount", self.path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if os.path.ismount(self.path):
                subprocess.run(["umount", "-l", self.path], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        if not os.path.ismount(self.path):
            rm_rf(self.base)
        return False


def case_tmpfs_read_only():
    with Tmpfs("ro,size=16m") as m:
        before = snapshot(m.path)
        p = cli("run", "-d", m.path, "-s", "4M", "-n", "1", "--seeks", "256")
        expect_rc(p, 1)
        check(m.path in p.err, "stderr does not name the target", p.describe())
        check(re.search(r"read-only", p.err, re.I), "stderr does not mention read-only", p.describe())
        expect_clean(m.path, before, p)


def case_tmpfs_preflight():
    with Tmpfs("size=8m") as m:
        populate(m.path)
        before = snapshot(m.path)
        p = cli("run", "-d", m.path, "-s", "32M", "-n", "1", "--seeks", "256")
        expect_rc(p, 1)
        check(m.path in p.err, "stderr does not name the target", p.describe())
        check(re.search(r"free space", p.err, re.I), "stderr does not mention free space", p.describe())
        check(p.out == "", "a refused run printed to stdout", p.describe())
        expect_clean(m.path, before, p)


def case_tmpfs_too_full():
    """A folder with room for a data file of a few MiB: the run says the folder has too little
    free space for an honest run (not "use a larger size", which would not fit), in its
    warning, its +++++ note and its precision, and the result file records it."""
    with Tmpfs("size=48m") as m, Scratch() as d:
        out = d("run.json")
        p = cli("run", "-d", m.path, "--tests", "write,read", "-x", "2", "--phase-time", "0.5",
                "--json", out, defaults=True)
        expect_rc(p, 0)
        with open(out) as f:
            target = json.load(f)["targets"][0]
        sizing = target["sizing"]
        # What the run found decides what it must say: a data file that block writes fill in
        # under a second (on any machine tmpfs writes far faster than the few MiB/s that
        # would take) is too small for an honest figure.
        short = sizing["size"] < sizing["write_rate"] * 1.0
        check(sizing.get("space_short", False) == short,
              "space_short is %r for a %d-byte file written at %.0f B/s"
              % (sizing.get("space_short"), sizing["size"], sizing["write_rate"]), p.describe())
        said = any("too little free space for an honest run" in w for w in target["warnings"])
        check(said == short, "the warning does not follow space_short", p.describe())
        if short:
            check("too little free space for an honest run" in p.err,
                  "the run did not say it as it went", p.describe())
            check("use a larger size" not in p.out and "too little free space" in p.out,
                  "the +++++ note or the precision asks for a larger size", p.describe())


def tmpfs_enospc(tests, phase_title):
    def case():
        with Tmpfs("size=8m") as m:
            populate(m.path)
            before = snapshot(m.path)
            args = ["run", "-d", m.path, "-s", "32M", "-n", "1", "--seeks", "256", "--no-space-check"]
            if tests:
                args += ["--tests", tests]
            p = cli(*args)
            expect_rc(p, 1)
            lines = [l for l in p.err.splitlines() if l.startswith("dyno-cli: ")]
            msg = "\n".join(lines)
            check(re.search(r"No space left", msg), "no \"dyno-cli: …No space left\" message", p.describe())
            check(m.path in msg, "the message does not name the target", p.describe())
            check(phase_title in msg, "the message does not name the phase %r" % phase_title, p.describe())
            expect_clean(m.path, before, p)
    return case


# Version and help ----------------------------------------------------------------------------

def case_version():
    p = cli("--version")
    expect_rc(p, 0)
    check(p.out == "dyno-cli %s\n" % VERSION, "stdout is %r" % p.out, p.describe())


def case_help():
    p = cli("--help")
    expect_rc(p, 0)
    check("run" in p.out and "info" in p.out, "the help does not list the commands", p.describe())
    p = cli("run", "--help")
    expect_rc(p, 0)
    for opt in ("--size", "--chunk", "--tests", "--json", "--csv", "--stream", "--no-space-check",
                "--queue-cache"):
        check(opt in p.out, "run --help does not list %s" % opt, p.describe())
    # The kinds' own options (the seeks', the file tests'), found through the catalogue, with
    # their help text and placeholder.
    for line in ("-n, --files=NUM[:MAX[:MIN[:DIRS]]]", "--seeks=N", "--seekers=N"):
        check(line in p.out, "run --help does not list %s" % line, p.describe())
    check("Seeker threads" in p.out, "run --help has not the seekers' help", p.describe())
    p = cli("info", "--help")
    expect_rc(p, 0)
    check("--json" in p.out, "info --help does not list --json", p.describe())


# compare, import, export ----------------------------------------------------------------------

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures")
SEED_003 = os.path.join(FIXTURES, "import", "seed-003-bray-bonnie-msec.txt")
BONNIE_CSV = os.path.join(FIXTURES, "import", "bonnie++-2.00a.csv")
FULL_RESULT = os.path.join(FIXTURES, "results", "full-v1.json")


class Scratch:
    """A fresh folder for output files, removed afterwards."""

    def __enter__(self):
        self.path = make_target()
        return self

    def __exit__(self, *exc):
        rm_rf(self.path)
        return False

    def __call__(self, name):
        return os.path.join(self.path, name)


def charts_or_skip(p):
    """Skips a chart case on a dyno-cli built without cairo, after checking it says so."""
    if p.rc == 2 and "without cairo" in p.err:
        raise Skip("dyno-cli was built without cairo (-Dcharts=disabled)")


def write_corrupt_csv(path):
    """bonnie++ 2.00a's CSV line, then the same line with a %CPU that is not a number."""
    with open(BONNIE_CSV) as f:
        line = f.readline()
    with open(path, "w") as f:
        f.write(line + line.replace(",97,", ",9x7,", 1))


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % path)
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def case_compare_seed_003():
    p = cli("compare", SEED_003)
    expect_rc(p, 0)
    lines = p.out.splitlines()
    fv = [i for i, line in enumerate(lines) if re.match(r"FV +\d", line)]
    check(len(fv) == 1, "no row for FV", p.describe())
    # The answer comes first: the headline of FV against the baseline.
    check(lines[0] == "FV vs NoFV (baseline):"
          and lines[1].startswith("  FV against NoFV: typically ×")
          and "the geometric mean of per-char write, block write, per-char read and block read"
          in lines[1]
          and "Block write ×0.17" in lines[2] and "single runs: cannot tell" in lines[2],
          "the text does not lead with FV's headline", p.describe())
    ratios = lines[fv[0] + 1]
    check(ratios.startswith("÷ NoFV"), "no ratio row under FV", p.describe())
    # FileVault: block writes ×0.17, block reads ×0.97 (Bray's 2.6/15.7 and 12.0/12.4).
    check(ratios.split()[2:] == ["×0.25", "×0.17", "×0.83", "×0.92", "×0.97"],
          "FV's ratios are %r" % ratios, p.describe())
    check("Single runs" in p.out, "no word that single runs cannot tell noise", p.describe())
    p = cli("compare", SEED_003, "--baseline", "fv", "--unit", "mib")
    expect_rc(p, 0)
    check("÷ FV" in p.out and "MiB/s" in p.out and "×6.04" in p.out,
          "--baseline fv --unit mib: no ratios to FV in MiB/s", p.describe())


# A paired run's rates per phase and repeat, set by the test (the run's own figures depend on
# the machine): per phase, the first folder's (encrypted) and the second's (plain), three
# rounds each.
VERDICT_RATES = {
    # ×0.09 in every round, the interval tight below 1: slower
    "write": ([36e6, 38e6, 37e6], [400e6, 420e6, 410e6]),
    # within a percent: no difference larger than 5 %
    "read": ([500e6, 505e6, 495e6], [501e6, 503e6, 497e6]),
}


def paired_result(d, rates, encrypted_first=True):
    """A real two-folder run of three repeats, its rates replaced by rates, the first folder
    marked as gocryptfs: what `run -d ENC -d PLAIN --compare` records, with known figures."""
    with Target() as a, Target() as b:
        p = cli("run", "-d", a.path, "-d", b.path, "-s", "8M", "--phase-time", "0.1", "-x", "3",
                "--tests", ",".join(rates), "-q", "--json", d("raw.json"))
        expect_rc(p, 0)
    with open(d("raw.json"), encoding="utf-8") as f:
        doc = json.load(f)
    for t, target in enumerate(doc["targets"]):
        for phase in target["phases"]:
            figures = rates[phase["id"]][t]
            check(len(phase["runs"]) == len(figures), "%s ran %d repeats" % (phase["id"], len(phase["runs"])))
            for run, rate in zip(phase["runs"], figures):
                run["rate"] = rate
                run["too_fast"] = False
            phase["too_fast"] = False
            phase.pop("summary", None)
    if encrypted_first:
        doc["targets"][0]["info"]["encryption"] = ["gocryptfs (FUSE)"]
    path = d("paired.dyno.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return path, [os.path.basename(t["path"]) for t in doc["targets"]]


def verdicts(doc):
    return {ph["id"]: [c["verdict"] for c in ph["cells"]] for ph in doc["phases"]}


def case_compare_verdicts():
    """The encrypted folder given first is measured against the plain one ("… is 91 % slower"),
    --baseline turns it round with every ratio and interval inverted, the JSON's verdicts are
    slower, faster, equivalent and inconclusive, and --equivalence sets the margin."""
    with Scratch() as d:
        path, (enc, plain) = paired_result(d, VERDICT_RATES)
        p = cli("compare", path, "--format", "json")
        expect_rc(p, 0)
        doc = json.loads(p.out)
        check(doc["version"] == 2 and doc["equivalence"] == 0.05,
              "version %r, equivalence %r" % (doc["version"], doc.get("equivalence")), p.describe())
        names = [e["name"] for e in doc["entries"]]
        check(names == [enc, plain], "entries are %r" % names, p.describe())
        check(doc["baseline"] == 1, "the plain folder is not the baseline: %r" % doc["baseline"],
              p.describe())
        check(verdicts(doc) == {"write": ["slower", None], "read": ["equivalent", None]},
              "verdicts are %r" % verdicts(doc), p.describe())
        typical = doc["entries"][0]["typical"]
        check(doc["entries"][1]["typical"] is None and typical["verdict"] == "slower"
              and typical["phases"] == ["write", "read"] and typical["ratio_paired"]
              and typical["ratio_ci95"][0] <= typical["ratio"] <= typical["ratio_ci95"][1],
              "typical is %r" % typical, p.describe())
        forward = {ph["id"]: ph["cells"][0] for ph in doc["phases"]}
        check(all(c["ratio_paired"] for c in forward.values()), "the rounds were not paired",
              p.describe())

        # The text says it the same way, from the plain side, baseline named.
        p = cli("compare", path)
        expect_rc(p, 0)
        check("%s vs %s (baseline):" % (enc, plain) in p.out, "no heading with the baseline",
              p.describe())
        check(re.search(r"%s \(encrypted with gocryptfs\) is typically \d+ %% slower than %s"
                        % (re.escape(enc), re.escape(plain)), p.out),
              "the typical change is not said from the plain side", p.describe())
        check("≈: no difference larger than 5 %" in p.out and "inconclusive" not in p.out,
              "no mark for the equivalent read", p.describe())

        # --baseline: the other way round, 1/r with [1/hi, 1/lo], slower and faster swapped.
        p = cli("compare", path, "--baseline", enc, "--format", "json")
        expect_rc(p, 0)
        back = json.loads(p.out)
        check(back["baseline"] == 0, "--baseline %s: baseline %r" % (enc, back["baseline"]))
        check(verdicts(back) == {"write": [None, "faster"], "read": [None, "equivalent"]},
              "verdicts against %s are %r" % (enc, verdicts(back)), p.describe())
        for ph in back["phases"]:
            c, f = ph["cells"][1], forward[ph["id"]]
            check(abs(c["ratio"] * f["ratio"] - 1) < 1e-9
                  and abs(c["ratio_ci95"][0] * f["ratio_ci95"][1] - 1) < 1e-9
                  and abs(c["ratio_ci95"][1] * f["ratio_ci95"][0] - 1) < 1e-9,
                  "%s: %r is not the inverse of %r" % (ph["id"], c, f))
        p = cli("compare", path, "--baseline", "1")
        expect_rc(p, 0)
        check("%s vs %s (baseline):" % (plain, enc) in p.out and "faster" in p.out,
              "--baseline 1 does not turn the text round", p.describe())

        # A narrower margin: the read's interval reaches past ±0.5 %, so it is inconclusive.
        p = cli("compare", path, "--equivalence", "0.5%", "--format", "json")
        expect_rc(p, 0)
        narrow = json.loads(p.out)
        check(narrow["equivalence"] == 0.005
              and verdicts(narrow) == {"write": ["slower", None], "read": ["inconclusive", None]},
              "--equivalence 0.5%%: %r" % verdicts(narrow), p.describe())
        p = cli("compare", path, "--equivalence", "0.5%")
        check("?: inconclusive" in p.out, "the text does not mark the inconclusive read",
              p.describe())
        for bad in ("0", "150%", "five", "%"):
            p = cli("compare", path, "--equivalence", bad)
            expect_rc(p, 2)
            check("--equivalence" in p.err, "--equivalence %s: stderr %r" % (bad, p.err))

        # An interval wider than ±10 % that holds ×1 is inconclusive, in JSON and text.
        wide = {"write": ([400e6, 200e6, 600e6], [100e6, 700e6, 380e6]),
                "read": ([500e6, 505e6, 495e6], [501e6, 503e6, 497e6])}
        path, _ = paired_result(d, wide, encrypted_first=False)
        p = cli("compare", path, "--format", "json")
        expect_rc(p, 0)
        doc = json.loads(p.out)
        cell = [ph for ph in doc["phases"] if ph["id"] == "write"][0]["cells"][1]
        low, high = cell["ratio_ci95"]
        check(low < 0.9 and high > 1.1 and cell["verdict"] == "inconclusive",
              "a wide interval holding 1: %r" % cell, p.describe())
        p = cli("compare", path)
        check(re.search(r"Block write: inconclusive \(\u2212\d+ to \+\d+ %\)", p.out),
              "the text does not say inconclusive with its interval", p.describe())
        check("no measurable difference" not in p.out and "can measure" not in p.out,
              "the text says no difference of an inconclusive interval", p.describe())


def case_run_price():
    """run --price: the price is kept per target in the result, and compare adds a row of each
    figure per unit of its currency; a folder without a price gets none."""
    with Target() as a, Target() as b, Scratch() as d:
        p = cli("run", "-d", a.path, "-s", "16M", "--phase-time", "0.2", "-x", "1",
                "--tests", "write,read", "--price", "1500 USD", "-q", "--json", d("a.json"))
        expect_rc(p, 0)
        a.clean(p)
        with open(d("a.json"), encoding="utf-8") as f:
            doc = json.load(f)
        check(doc["targets"][0].get("price") == {"amount": 1500, "currency": "USD"},
              "targets[0].price is %r" % doc["targets"][0].get("price"), p.describe())
        # Two folders, a price each, in order; the second in lower case is taken as EUR.
        p = cli("run", "-d", a.path, "-d", b.path, "-s", "16M", "--phase-time", "0.2", "-x", "1",
                "--tests", "write,read", "--price", "1500 USD", "--price", "80 eur", "-q",
                "--json", d("ab.json"))
        expect_rc(p, 0)
        with open(d("ab.json"), encoding="utf-8") as f:
            doc = json.load(f)
        check([t.get("price") for t in doc["targets"]]
              == [{"amount": 1500, "currency": "USD"}, {"amount": 80, "currency": "EUR"}],
              "the targets' prices are %r" % [t.get("price") for t in doc["targets"]], p.describe())

        p = cli("compare", d("a.json"), SEED_003)
        expect_rc(p, 0)
        lines = p.out.splitlines()
        rows = [i for i, line in enumerate(lines) if line.startswith("per USD")]
        check(len(rows) == 1, "no single \"per USD\" row", p.describe())
        check(re.match(r"\S+ +16M ", lines[rows[0] - 1]), "the per-USD row is not under the run's row",
              p.describe())
        check("per " not in p.out.replace("per USD", ""), "an unpriced import got a per-money row",
              p.describe())

        p = cli("compare", d("ab.json"), "--format", "json")
        expect_rc(p, 0)
        doc = json.loads(p.out)
        check([e.get("price") for e in doc["entries"]]
              == [{"amount": 1500, "currency": "USD"}, {"amount": 80, "currency": "EUR"}],
              "the entries' prices are %r" % [e.get("price") for e in doc["entries"]], p.describe())
        for phase in doc["phases"]:
            for cell, amount in zip(phase["cells"], (1500, 80)):
                check("per_price" in cell, "a priced cell has no per_price", p.describe())
                if cell["rate"] is not None:
                    check(abs(cell["per_price"] - cell["rate"] / amount) <= 1e-9 * cell["rate"],
                          "per_price %r is not rate %r / %r" % (cell["per_price"], cell["rate"],
                                                                amount))
                else:
                    check(cell["per_price"] is None, "per_price without a rate", p.describe())
        p = cli("compare", d("ab.json"))
        expect_rc(p, 0)
        check(re.search(r"^per USD", p.out, re.M) and re.search(r"^per EUR", p.out, re.M),
              "no per-USD and per-EUR rows", p.describe())


def case_compare_per_spindle():
    """Seed 000's arithmetic: 80 GiB read in 52.9713 s and written in 74.7441 s by an array of
    24 drives (two 11-drive RAID6 sets and 2 spares: 18 data spindles); one drive alone does
    93 MB/s reading and 70 MB/s writing."""
    folder = make_target()
    try:
        csv = os.path.join(folder, "seed.csv")
        read_k = round(83886080000 / 52.9713 / 1024)
        write_k = round(83886080000 / 74.7441 / 1024)
        with open(csv, "w") as f:
            f.write("seed,80G,90000,99,%d,40,500000,30,90000,99,%d,40,300.5,2,16,20000,50,"
                    "+++++,+++,30000,40,20000,50,+++++,+++,30000,40\n" % (write_k, read_k))
        p = cli("compare", csv, "--per-spindle", "18", "--reference", "93M,70M")
        expect_rc(p, 0)
        check("seed: Block read: 1.58 GB/s over 18 data spindles: 87.98 MB/s per spindle, "
              "94.6 % of 93 MB/s (one drive)" in p.out, "no seed read line", p.describe())
        check("seed: Block write: 1.12 GB/s over 18 data spindles: 62.35 MB/s per spindle, "
              "89.1 % of 70 MB/s (one drive)" in p.out, "no seed write line", p.describe())
        for bad in (["--per-spindle", "0"], ["--reference", "93M"],
                    ["--per-spindle", "18", "--reference", "fast"],
                    ["--per-spindle", "18", "--format", "json"]):
            q = cli("compare", csv, *bad)
            expect_rc(q, 2)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


SEED_RAID6 = os.path.join(FIXTURES, "results", "seed-raid6-array.json")


def case_run_compare_shared_sizing():
    """run --compare with calibrated sizes: both folders do the same work, one data file size
    for both within the space of each, and the result and the notes say why. Nothing here
    depends on how fast the folders are."""
    with Target() as a, Target() as b, Scratch() as d:
        p = cli("run", "-d", a.path, "-d", b.path, "--compare", "-s", "auto", "--phase-time", "0.3",
                "-x", "2", "--tests", "write,read", "--json", d("ab.json"))
        expect_rc(p, 0)
        a.clean(p)
        b.clean(p)
        with open(d("ab.json"), encoding="utf-8") as f:
            doc = json.load(f)
        sizings = [t.get("sizing") or {} for t in doc["targets"]]
        sizes = [s.get("size") for s in sizings]
        check(len(sizes) == 2 and sizes[0] is not None and sizes[0] == sizes[1],
              "the targets' data files are %r" % sizes, p.describe())
        for s, path in zip(sizings, (a.path, b.path)):
            check("the same for every target of the run" in (s.get("reason") or ""),
                  "sizing.reason is %r" % s.get("reason"), p.describe())
            check(s.get("write_rate") is not None, "a target lost its own write_rate", p.describe())
            # dyno-calibrate.c's rule, on the free space now, not at the start: others may
            # have written since, hence the margin of 64 MiB.
            room = (free_bytes(path) - (64 << 20)) // 2
            check(room < (16 << 20) or s["size"] <= room + (64 << 20),
                  "%d bytes do not fit %s" % (s["size"], path), p.describe())
        check(p.err.count("the same for every target of the run") == 2,
              "stderr does not say twice why the sizes are shared", p.describe())
        check("did different work" not in p.out, "one paired run did different work", p.describe())


def case_run_reference():
    """run --reference and --per-spindle: a folder here is on no array, so the spindles are
    given; the reference and spindles are kept in the result, the text report gives each
    throughput per data spindle, and compare of the result uses the stored reference. Then the
    fixture of seed 000's array (two 11-drive RAID6 sets, 2 spares) as a run would record it:
    its detected 18 data spindles without any option."""
    with Target() as a, Scratch() as d:
        # Sized by calibration and phases of 0.6 s at least: a phase under 0.5 s has no figure
        # to divide, so the lines are checked for the phases that have one.
        p = cli("run", "-d", a.path, "-s", "auto", "--phase-time", "0.6", "-x", "1",
                "--tests", "write,read,seeks", "--reference", "93M,70M", "--per-spindle", "18",
                "--json", d("r.json"))
        expect_rc(p, 0)
        a.clean(p)
        with open(d("r.json"), encoding="utf-8") as f:
            doc = json.load(f)
        t = doc["targets"][0]
        check(t.get("reference") == {"read": 93000000, "write": 70000000},
              "targets[0].reference is %r" % t.get("reference"), p.describe())
        check(t.get("data_spindles") == {"read": 18, "write": 18},
              "targets[0].data_spindles is %r" % t.get("data_spindles"), p.describe())
        rates = {ph["id"]: ph["summary"]["rate"]["mean"] for ph in t["phases"]}
        check(rates.get("read") is not None or rates.get("write") is not None,
              "neither block phase has a figure", p.describe())
        check(re.search(r"^Per data spindle, 18 data spindles \(given\):$", p.out, re.M),
              "no per-spindle heading in the report", p.describe())
        check(re.search(r"^  one drive alone: 93 MB/s read, 70 MB/s write$", p.out, re.M),
              "no reference line in the report", p.describe())
        # Each figure is the result's rate / 18, against 93 MB/s (reads) or 70 MB/s (writes).
        for key, title, reference in (("write", "Block write", 70), ("read", "Block read", 93)):
            if rates.get(key) is None:
                continue
            per = rates[key] / 18 / 1e6
            check(re.search(r"^  %s: [0-9.]+ [MG]B/s = %.2f MB/s per data spindle = %.1f %% of "
                            r"one drive$" % (title, per, per / reference * 100), p.out, re.M),
                  "no per-spindle line for %s of %.2f MB/s" % (title, per), p.describe())
        check("Random seeks: " not in p.out.split("Per data spindle")[1],
              "seeks (not a throughput) got a per-spindle line", p.describe())

        # compare of it: the stored spindles and reference, no option needed.
        p = cli("compare", d("r.json"))
        expect_rc(p, 0)
        check(re.search(r"Block read: .* over 18 data spindles: .* per spindle, [0-9.]+ % of "
                        r"93 MB/s \(one drive\)", p.out), "compare did not use the stored reference",
              p.describe())
        # Bad values are usage errors, named.
        for bad, pat in ((["--reference", "fast"], r"--reference.*fast"),
                         (["--per-spindle", "0"], r"--per-spindle.*0"),
                         (["--per-spindle", "18:x"], r"--per-spindle")):
            q = cli("run", "-d", a.path, "-s", "16M", *bad)
            expect_rc(q, 2)
            check(re.search(pat, q.err), "%r: the error does not name it" % bad, q.describe())

    # The array as detected on the target: seed 000's figures, and its layout in the report.
    with Scratch() as d:
        p = cli("export", SEED_RAID6, "-f", "text", "-o", "-")
        expect_rc(p, 0)
        check("Per data spindle, on dm-1 (raid6 + raid6), 22 members + 2 spares, 512 KiB chunks: "
              "18 data spindles (sysfs dm-1/slaves" in p.out, "no array heading", p.describe())
        check("  Block read: 1.58 GB/s = 87.98 MB/s per data spindle\n" in p.out,
              "no seed read line without a reference", p.describe())
        p = cli("compare", SEED_RAID6, "--reference", "93M,70M")
        expect_rc(p, 0)
        check("/big: Block read: 1.58 GB/s over 18 data spindles: 87.98 MB/s per spindle, "
              "94.6 % of 93 MB/s (one drive)" in p.out, "no seed read efficiency", p.describe())
        check("/big: Block write: 1.12 GB/s over 18 data spindles: 62.35 MB/s per spindle, "
              "89.1 % of 70 MB/s (one drive)" in p.out, "no seed write efficiency", p.describe())


def case_compare_formats():
    p = cli("compare", SEED_003, BONNIE_CSV, "--format", "json")
    expect_rc(p, 0)
    try:
        doc = json.loads(p.out)
    except ValueError as e:
        raise Failure("--format json is not JSON: %s" % e, p.describe())
    check(doc.get("format") == "dyno-comparison", "format is %r" % doc.get("format"))
    check([e["name"] for e in doc["entries"]] == ["NoFV", "FV", "Debian", "V20z", "vm"],
          "entries are %r" % [e["name"] for e in doc["entries"]])
    write = [ph for ph in doc["phases"] if ph["id"] == "write"][0]
    check(write["unit"] == "B/s", "block write's unit is %r" % write["unit"])
    check(abs(write["cells"][1]["ratio"] - 2.6 / 15.7) < 1e-9, "FV's ratio is %r" % write["cells"][1]["ratio"])
    check(write["cells"][1]["difference"] == "single-sample", "FV's difference")

    p = cli("compare", SEED_003, "--format", "md")
    expect_rc(p, 0)
    check("| FV | 2.62 (×0.25) | 2.73 (×0.17) |" in p.out, "no Markdown row for FV", p.describe())

    p = cli("compare", SEED_003, "--format", "csv")
    expect_rc(p, 0)
    rows = p.out.splitlines()
    check(len(rows) == 4 and all(len(r.split(",")) == 50 for r in rows),
          "expected 4 CSV lines of 50 fields", p.describe())
    check([r.split(",")[2] for r in rows] == ["NoFV", "FV", "Debian", "V20z"], "CSV names", p.describe())
    exe = shutil.which("bon_csv2html")
    if exe:
        h = subprocess.run([exe], input=p.out.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=60)
        check(h.returncode == 0 and b"Can't" not in h.stderr and b"V20z" in h.stdout,
              "bon_csv2html does not read the comparison's CSV", h.stderr.decode())

    with Scratch() as d:
        p = cli("compare", SEED_003, "--format", "html", "-o", d("t.html"))
        expect_rc(p, 0)
        with open(d("t.html"), encoding="utf-8") as f:
            html = f.read()
        for needle in ("<!DOCTYPE html>", "<table", "<caption>", "MB/s", "×0.17", "</html>",
                       "compared with Dyno %s" % VERSION):
            check(needle in html, "the HTML lacks %r" % needle, p.describe())


def case_compare_charts():
    with Scratch() as d:
        p = cli("compare", SEED_003, "--chart", "bars", "-o", d("bars.png"))
        charts_or_skip(p)
        expect_rc(p, 0)
        check(png_size(d("bars.png")) == (2400, 1350), "bars.png is %r, expected 2400×1350"
              % (png_size(d("bars.png")),), p.describe())
        p = cli("compare", SEED_003, "--chart", "cpu", "--chart-size", "800x450", "-o", d("cpu.svg"),
                "--title", "Bray 2004")
        expect_rc(p, 0)
        with open(d("cpu.svg"), encoding="utf-8") as f:
            svg = f.read()
        check(svg.startswith("<?xml") and "<svg" in svg, "cpu.svg is not SVG", p.describe())
        p = cli("compare", SEED_003, "--chart", "bars", "--phase", "write,read", "-o", d("b.pdf"))
        expect_rc(p, 0)
        with open(d("b.pdf"), "rb") as f:
            check(f.read(5) == b"%PDF-", "b.pdf is not a PDF", p.describe())
        # Imports carry no live samples: an overlay has nothing to draw, and says so.
        p = cli("compare", SEED_003, "--chart", "overlay", "--phase", "write", "-o", d("o.png"))
        expect_rc(p, 1)
        check("samples" in p.err, "stderr does not say why", p.describe())
        check(not os.path.exists(d("o.png")), "a file was written anyway", p.describe())


def case_compare_errors():
    with Scratch() as d:
        bad = d("bad.csv")
        write_corrupt_csv(bad)
        for args, rc, pattern in (
                ([], 2, r"no result files"),
                ([SEED_003, "--baseline", "9"], 2, r"baseline.*9"),
                ([SEED_003, "--baseline", "nobody"], 2, r"nobody.*NoFV"),
                ([SEED_003, "--format", "xml"], 2, r"xml"),
                ([SEED_003, "--unit", "gb"], 2, r"gb"),
                ([SEED_003, "--chart", "pie", "-o", d("x.png")], 2, r"pie|cairo"),
                ([SEED_003, "--chart", "bars"], 2, r"-o|cairo"),
                ([SEED_003, "--phase", "write"], 2, r"--chart"),
                ([SEED_003, "--frobnicate"], 2, r"frobnicate"),
                ([d("missing.json")], 1, re.escape(d("missing.json"))),
                ([SEED_003, bad], 1, re.escape(bad) + r".*line 2.*9x7"),
        ):
            p = cli("compare", *args)
            expect_rc(p, rc)
            check(re.search(pattern, p.err, re.I), "stderr does not match /%s/" % pattern, p.describe())
            check(p.out == "", "an error printed to stdout", p.describe())


def case_import():
    with Scratch() as d:
        out = d("imported")
        p = cli("import", SEED_003, BONNIE_CSV, "-o", out)
        expect_rc(p, 0)
        names = sorted(os.listdir(out))
        check(len(names) == 5 and all(n.endswith(".dyno.json") for n in names),
              "expected five .dyno.json files, got %r" % names, p.describe())
        check(any(n.startswith("NoFV-") for n in names), "no file named after NoFV: %r" % names)
        check("line 16 of seed-003-bray-bonnie-msec.txt" in p.out, "no provenance printed", p.describe())
        check(len(p.out.splitlines()) == 5, "expected one line per file written", p.describe())
        for n in names:
            with open(os.path.join(out, n)) as f:
                doc = json.load(f)
            check(doc.get("format") == "dyno-result" and doc.get("source"),
                  "%s: not a result with its source" % n)
        # The imported files compare as the originals do.
        nofv = [os.path.join(out, n) for n in names if n.startswith("NoFV-")][0]
        fv = [os.path.join(out, n) for n in names if n.startswith("FV-")][0]
        p = cli("compare", nofv, fv)
        expect_rc(p, 0)
        check("×0.17" in p.out and "×0.97" in p.out, "the imported files compare differently", p.describe())


def case_import_all_or_nothing():
    with Scratch() as d:
        bad = d("broken.csv")
        write_corrupt_csv(bad)
        out = d("imported")
        p = cli("import", SEED_003, bad, "-o", out)
        expect_rc(p, 1)
        check("broken.csv" in p.err and "line 2" in p.err, "stderr does not name the file and line",
              p.describe())
        check(not os.path.exists(out) or os.listdir(out) == [], "files were written: %r"
              % (os.listdir(out) if os.path.exists(out) else None), p.describe())
        for args, pattern in (([SEED_003], r"-o"), (["-o", out], r"no files"),
                              ([SEED_003, "-o", out, "--format", "xml"], r"xml")):
            p = cli("import", *args)
            expect_rc(p, 2)
            check(re.search(pattern, p.err, re.I), "stderr does not match /%s/" % pattern, p.describe())
        # Forcing the wrong reader fails, naming the file.
        p = cli("import", SEED_003, "-o", out, "--format", "csv")
        expect_rc(p, 1)
        check("seed-003" in p.err, "stderr does not name the file", p.describe())


def case_export():
    with Scratch() as d:
        p = cli("export", FULL_RESULT, "--format", "md", "-o", "-")
        expect_rc(p, 0)
        check("| Run | Block write (MB/s) |" in p.out, "no Markdown table", p.describe())
        for fmt, needle in (("csv", "1.98,"), ("text", "Sequential Output"), ("json", '"format" : "dyno-result"'),
                            ("html", "<table")):
            p = cli("export", FULL_RESULT, "--format", fmt, "-o", d("out." + fmt))
            expect_rc(p, 0)
            with open(d("out." + fmt), encoding="utf-8") as f:
                check(needle in f.read(), "export --format %s lacks %r" % (fmt, needle), p.describe())
        p = cli("export", BONNIE_CSV, "-o", d("b.md"))
        expect_rc(p, 0)
        p = cli("export", FULL_RESULT, "-o", d("live.png"))
        charts_or_skip(p)
        expect_rc(p, 0)
        check(png_size(d("live.png")) == (2400, 1350), "live.png is %r" % (png_size(d("live.png")),))
        p = cli("export", FULL_RESULT, "--chart", "bars", "--target", "1", "-o", d("bars.svg"))
        expect_rc(p, 0)
        p = cli("export", FULL_RESULT, "--chart", "cpu", "-o", d("cpu.pdf"))
        expect_rc(p, 0)
        # An import has no live samples.
        p = cli("export", BONNIE_CSV, "-o", d("live2.png"))
        expect_rc(p, 1)
        check("samples" in p.err, "stderr does not say why", p.describe())


def png_pixels_vary(path):
    """Whether a PNG holds a picture: its rows' bytes take many values (a blank page takes one
    or two, filter bytes aside)."""
    with open(path, "rb") as f:
        data = f.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % path)
    pos, idat = 8, b""
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(idat))) > 32


def two_target_result(path):
    """full-v1.json with its first target's samples given to its second as well."""
    with open(FULL_RESULT) as f:
        doc = json.load(f)
    first, second = doc["targets"][0], doc["targets"][1]
    rows = [list(r) for r in first["samples"]["rows"]]
    fields = first["samples"]["fields"]
    for r in rows:
        r[fields.index("target")] = 1
    second["samples"] = {"fields": fields, "rows": rows}
    with open(path, "w") as f:
        json.dump(doc, f)


def case_export_article():
    """Exports fit for an article: every target's live chart, SVG labels as text, PDF text,
    a clear failure without fonts, the drive grid."""
    with Scratch() as d:
        two = d("two.dyno.json")
        two_target_result(two)
        p = cli("export", two, "-o", d("live.png"))
        charts_or_skip(p)
        expect_rc(p, 0)
        w, h = png_size(d("live.png"))
        check(w == 2400 and h > 1350, "both targets stacked: taller than one chart, %dx%d" % (w, h))
        check(png_pixels_vary(d("live.png")), "live.png is blank")
        # SVG: the labels are <text>, not glyph outlines; named by the label, not the host.
        p = cli("export", two, "-o", d("live.svg"))
        expect_rc(p, 0)
        with open(d("live.svg"), encoding="utf-8") as f:
            svg = f.read()
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
        for needle in ("laptop NVMe, evening, live", "Time (s)", "Process CPU"):
            check(needle in texts, "the SVG has no <text> %r" % needle, repr(texts[:40]))
        check("<symbol" not in svg and "glyph" not in svg, "the SVG still draws glyphs")
        # PDF: the text is there to extract.
        p = cli("export", two, "--chart", "bars", "-o", d("bars.pdf"))
        expect_rc(p, 0)
        if shutil.which("pdftotext"):
            out = subprocess.run(["pdftotext", d("bars.pdf"), "-"], stdout=subprocess.PIPE,
                                 check=True).stdout.decode("utf-8", "replace")
            for needle in ("Throughput per phase", "95 % interval"):
                check(needle in out, "pdftotext finds no %r" % needle, out[:800])
        # No fonts: no blank picture, a message and exit 1.
        conf = d("fonts.conf")
        with open(conf, "w") as f:
            f.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                    "<fontconfig><cachedir>%s</cachedir></fontconfig>\n" % d("fc-cache"))
        env = dict(os.environ, FONTCONFIG_FILE=conf)
        p = cli("export", two, "-o", d("nofont.png"), env=env)
        expect_rc(p, 1)
        check("font" in p.err.lower(), "stderr does not say a font is missing", p.describe())
        check(not os.path.exists(d("nofont.png")), "a picture without words was written")
        # The drive grid of a run without drive tests is refused.
        p = cli("export", two, "--chart", "grid", "-o", d("grid.png"))
        expect_rc(p, 1)
        check("drive tests" in p.err, "stderr does not say why", p.describe())
        p = cli("export", two, "--chart", "grid", "--unit", "furlongs", "-o", d("grid.png"))
        expect_rc(p, 2)
    with Target() as t, Scratch() as d:
        r = d("cdm.dyno.json")
        p = cli("run", "-d", t.path, "--profile", "default", "--queue-size", "2M", "--json", r,
                "-m", "cdm", "-q")
        expect_rc(p, 0)
        t.clean(p)
        for unit, fmt in (("mb", "png"), ("iops", "svg"), ("us", "pdf")):
            out = d("grid-%s.%s" % (unit, fmt))
            p = cli("export", r, "--chart", "grid", "--unit", unit, "-o", out)
            charts_or_skip(p)
            expect_rc(p, 0)
            check(os.path.getsize(out) > 1000, "%s is nearly empty" % out)
        check(png_pixels_vary(d("grid-mb.png")), "grid-mb.png is blank")
        with open(d("grid-iops.svg"), encoding="utf-8") as f:
            texts = re.findall(r"<text[^>]*>([^<]*)</text>", f.read())
        for needle in ("Read", "Write", "IOPS", "SEQ1M", "Q8T1"):
            check(needle in texts, "the grid SVG has no <text> %r" % needle, repr(texts[:60]))
        # A pass of 2 MiB is too fast to time: "+++++", as bonnie++ says it; else the figure
        # says whether it is a mean or one run.
        check(all(t == "+++++" for t in texts if re.match(r"^[0-9.]+$|^\+", t))
              or any(t.startswith("one run") or t.startswith("mean") for t in texts),
              "no tile says what its figure is", repr(texts[:60]))


def case_export_errors():
    with Scratch() as d:
        for args, rc, pattern in (
                ([FULL_RESULT], 2, r"-o"),
                ([FULL_RESULT, "-o", d("x.xyz")], 2, r"format"),
                ([FULL_RESULT, "--format", "gif", "-o", d("x.gif")], 2, r"gif"),
                ([FULL_RESULT, "--target", "9", "-o", d("x.md")], 2, r"target"),
                ([FULL_RESULT, "--chart", "bars", "-o", d("x.md")], 2, r"chart"),
                ([FULL_RESULT, FULL_RESULT, "-o", d("x.md")], 2, r"compare"),
                ([SEED_003, "-o", d("x.md")], 2, r"4 runs"),
                ([d("missing.json"), "-o", d("x.md")], 1, re.escape(d("missing.json"))),
                ([os.path.join(FIXTURES, "results", "truncated.json"), "-o", d("x.md")], 1, r"truncated"),
        ):
            p = cli("export", *args)
            expect_rc(p, rc)
            check(re.search(pattern, p.err, re.I), "stderr does not match /%s/" % pattern, p.describe())


def case_run_then_overlay():
    """A real run's live samples, exported and overlaid."""
    with Target() as t, Scratch() as d:
        r = d("r.dyno.json")
        p = cli("run", "-d", t.path, "-s", "16M", "--tests", "write,read", "-m", "real", "--json", r, "-q")
        expect_rc(p, 0)
        t.clean(p)
        p = cli("compare", r, r, "--chart", "overlay", "--phase", "write", "-o", d("o.png"))
        charts_or_skip(p)
        expect_rc(p, 0)
        check(png_size(d("o.png")) == (2400, 1350), "o.png has the wrong size")
        p = cli("compare", r, r)
        expect_rc(p, 0)
        check("real (2)" in p.out, "the second copy is not named apart", p.describe())


def case_help_new_commands():
    p = cli("--help")
    expect_rc(p, 0)
    for command in ("compare", "import", "export", "list"):
        check("dyno-cli %s" % command in p.out, "the usage does not list %s" % command, p.describe())
    for command, opts in (("compare", ("--baseline", "--format", "--unit", "--chart", "--phase", "--output")),
                          ("import", ("--output", "--format")),
                          ("export", ("--format", "--output", "--chart", "--target", "--unit"))):
        p = cli(command, "--help")
        expect_rc(p, 0)
        for opt in opts:
            check(opt in p.out, "%s --help does not list %s" % (command, opt), p.describe())


def case_profile():
    """--profile default: CrystalDiskMark's eight tests, its layout, the JSON fields."""
    with Target() as t:
        outdir = make_target()
        try:
            r = os.path.join(outdir, "r.json")
            p = cli("run", "-d", t.path, "--profile", "default", "--queue-size", "2M",
                    "--json", r, "-m", "cdm")
            expect_rc(p, 0)
            for line in ("[Read]", "[Write]", "  SEQ    1MiB (Q=  8, T= 1): ",
                         "  SEQ    1MiB (Q=  1, T= 1): ", "  RND    4KiB (Q= 32, T= 1): ",
                         "  RND    4KiB (Q=  1, T= 1): ", "Profile: Default", "   Test: 2 MiB (x1)",
                         "   Mode: O_DIRECT"):
                check(line in p.out, "the report lacks %r" % line, p.describe())
            check("[Mix]" not in p.out, "no mix was asked for", p.describe())
            with open(r) as f:
                doc = json.load(f)
            phases = doc["targets"][0]["phases"]
            check([ph["id"] for ph in phases] == [
                "seq-read:1m:q8:t1", "seq-read:1m:q1:t1", "rnd-read:4k:q32:t1", "rnd-read:4k:q1:t1",
                "seq-write:1m:q8:t1", "seq-write:1m:q1:t1", "rnd-write:4k:q32:t1",
                "rnd-write:4k:q1:t1"], "the profile's phases are wrong",
                  json.dumps([ph["id"] for ph in phases]))
            rnd = phases[2]
            check(rnd["pattern"] == "rnd" and rnd["op"] == "read" and rnd["block_size"] == 4096
                  and rnd["queue_depth"] == 32 and rnd["threads"] == 1,
                  "rnd-read:4k:q32:t1 does not describe itself", json.dumps(rnd)[:600])
            run = rnd["runs"][0]
            check(run["ios"] == 512 and run["amount"] == 2 * MIB,
                  "one pass of 2 MiB in 4 KiB I/Os is 512 I/Os", json.dumps(run)[:600])
            for key in ("iops", "engine", "direct", "cpu_seconds_per_gb"):
                check(key in run, "the run has no %r" % key, json.dumps(run)[:600])
            check(doc["config"]["queued"]["size"] == 2 * MIB, "config.queued.size is wrong",
                  json.dumps(doc["config"]))
            t.clean(p)
            # The queued CSV: a header and a line per test.
            p = cli("export", r, "--format", "queued-csv", "-o", "-")
            expect_rc(p, 0)
            lines = p.out.splitlines()
            check(len(lines) == 9 and lines[0].startswith("label,target,test,"),
                  "expected a header and 8 lines", p.describe())
        finally:
            rm_rf(outdir)


def case_profile_mix_and_tests():
    """--mix adds mixed tests with the read share; --test runs exactly the tests given."""
    with Target() as t:
        p = cli("run", "-d", t.path, "--profile", "real-world", "--mix", "--read-percent", "60",
                "--queue-size", "1M", "--json", "-")
        expect_rc(p, 0)
        ids = [ph["id"] for ph in json.loads(p.out)["targets"][0]["phases"]]
        check(ids == ["seq-read:1m:q1:t1", "rnd-read:4k:q1:t1", "seq-write:1m:q1:t1",
                      "rnd-write:4k:q1:t1", "seq-mix:1m:q1:t1:r60", "rnd-mix:4k:q1:t1:r60"],
              "real-world with mix", json.dumps(ids))
        p = cli("run", "-d", t.path, "--test", "rnd-read:8k:q4:t2", "--test", "seq-write:64k:q2",
                "--queue-size", "1M", "--io-engine", "threads", "--json", "-")
        expect_rc(p, 0)
        phases = json.loads(p.out)["targets"][0]["phases"]
        check([ph["id"] for ph in phases] == ["rnd-read:8k:q4:t2", "seq-write:64k:q2:t1"],
              "--test", json.dumps([ph["id"] for ph in phases]))
        check(all(ph["runs"][0]["engine"] == "threads" for ph in phases), "--io-engine threads",
              json.dumps(phases)[:800])
        t.clean(p)


def case_list():
    """dyno-cli list shows the runs saved in the runs folder, and says which file is broken."""
    with Target() as t, Scratch() as d:
        env = dict(os.environ, XDG_DATA_HOME=d.path)
        runs = os.path.join(d.path, "dyno", "runs")
        os.makedirs(runs)
        saved = os.path.join(runs, "2026-12-01T10-00-00-listed-00000000.dyno.json")
        p = cli("run", "-d", t.path, "-s", "4M", "--tests", "write,read", "-m", "listed-run-ü",
                "--json", saved, "-q", env=env)
        expect_rc(p, 0)
        t.clean(p)
        p = cli("list", env=env)
        expect_rc(p, 0)
        check("listed-run" in p.out and saved in p.out, "the saved run is not listed", p.describe())
        # Columns are counted in characters: the "ü" does not shift the figures of its row.
        lines = p.out.splitlines()
        header = next((l for l in lines if "Block write" in l), "")
        row = next((l for l in lines if "listed-run-ü" in l), "")
        end = header.find("Block write") + len("Block write")
        check(end > 0 and row[end - 1] != " " and row[end:end + 2] == "  "
              and row[end - 12:end].strip() != "",
              "the row's block write figure does not end under its header", p.describe())
        check(re.search(r"\d+(\.\d+)? MB/s|\+\+\+\+\+", p.out), "no block write or read figure",
              p.describe())
        p = cli("list", "--json", env=env)
        expect_rc(p, 0)
        doc = json.loads(p.out)
        check(doc.get("format") == "dyno-run-list", "format is %r" % doc.get("format"))
        runs_listed = doc.get("runs")
        check(isinstance(runs_listed, list) and len(runs_listed) == 1, "expected one run", p.out)
        check(runs_listed[0]["file"] == saved and runs_listed[0]["label"] == "listed-run-ü"
              and runs_listed[0]["targets"][0]["phases"] == ["write", "read"],
              "the listed run is wrong", p.out)
        # A broken file is named; the good one is still listed.
        with open(os.path.join(runs, "2026-12-01T11-00-00-broken-00000000.dyno.json"), "w") as f:
            f.write("{ not json")
        p = cli("list", env=env)
        expect_rc(p, 1)
        check("listed-run" in p.out, "the good run is no longer listed", p.describe())
        check(re.search(r"broken-00000000", p.err), "the broken file is not named", p.describe())
        p = cli("list", "--dir", os.path.join(d.path, "nowhere"), env=env)
        expect_rc(p, 1)
        check("nowhere" in p.err, "a missing --dir is not named", p.describe())


def case_list_targets_and_dates():
    """dyno-cli list gives each target of a run its own figures (a paired run is not shown by
    one side's), and lists runs by the date they were made, not by their files' names."""
    with Target() as a, Target() as b, Scratch() as d:
        env = dict(os.environ, XDG_DATA_HOME=d.path)
        runs = os.path.join(d.path, "dyno", "runs")
        os.makedirs(runs)
        # Made first, but its name sorts last.
        first = os.path.join(runs, "zz-made-first.dyno.json")
        p = cli("run", "-d", a.path, "-s", "4M", "--tests", "write,read", "-m", "made-first",
                "--json", first, "-q", env=env)
        expect_rc(p, 0)
        second = os.path.join(runs, "aa-made-second.dyno.json")
        p = cli("run", "-d", a.path, "-d", b.path, "-s", "4M", "--tests", "write,read",
                "-m", "made-second", "--json", second, "-q", env=env)
        expect_rc(p, 0)
        a.clean(p)
        b.clean(p)
        p = cli("list", env=env)
        expect_rc(p, 0)
        check(p.out.find("made-first") < p.out.find("made-second"),
              "the runs are not listed oldest first", p.describe())
        lines = p.out.splitlines()
        rows_a = [l for l in lines if l.rstrip().endswith(a.path)]
        rows_b = [l for l in lines if l.rstrip().endswith(b.path)]
        check(len(rows_a) == 2 and len(rows_b) == 1,
              "each target of each run should have a row of its own", p.describe())
        check("made-second" in rows_a[1] and "made-second" not in rows_b[0]
              and re.search(r"\d+(\.\d+)? [MG]B/s|\+\+\+\+\+", rows_b[0]),
              "the second target's row has no figures of its own", p.describe())
        p = cli("list", "--json", env=env)
        expect_rc(p, 0)
        listed = json.loads(p.out)["runs"]
        check([r["label"] for r in listed] == ["made-first", "made-second"],
              "JSON is not oldest first", p.out)
        targets = listed[1]["targets"]
        check(len(targets) == 2 and all("write" in t and "read" in t for t in targets)
              and all(t["write"] is None or t["write"] > 0 for t in targets),
              "JSON targets lack their own figures", p.out)


def case_list_remote_names():
    """dyno-cli list names a run as the app and comparisons do (label, then folder, then host),
    and a target measured over SSH with its machine; compare --format json gives a remote
    target's own machine, not this one's."""
    with Target() as a, Target() as b, Scratch() as d:
        env = dict(os.environ, XDG_DATA_HOME=d.path)
        runs = os.path.join(d.path, "dyno", "runs")
        os.makedirs(runs)
        p = cli("run", "-d", a.path, "-d", b.path, "-s", "4M", "--tests", "write,read",
                "--json", "-", "-q", env=env)
        expect_rc(p, 0)
        a.clean(p)
        b.clean(p)
        doc = json.loads(p.out)
        local_host = doc["system"]["hostname"]
        # The second target as another machine's dyno-cli would have measured it in a run over
        # several machines (docs/result-format.md: a target's remote and system).
        doc["targets"][1]["remote"] = "ada@192.0.2.7"
        doc["targets"][1]["system"] = dict(doc["system"], hostname="nas-" + local_host)
        mixed = os.path.join(runs, "mixed.dyno.json")
        with open(mixed, "w") as f:
            json.dump(doc, f)
        # A run of one remote machine: its top-level remote, its system the far machine's.
        alone = dict(doc, targets=[dict(doc["targets"][0])], remote="ada@192.0.2.8",
                     system=dict(doc["system"], hostname="far-" + local_host),
                     id="00000000-0000-0000-0000-0000000000aa")
        with open(os.path.join(runs, "alone.dyno.json"), "w") as f:
            json.dump(alone, f)
        a_name = os.path.basename(a.path)
        b_name = os.path.basename(b.path)
        p = cli("list", "--json", env=env)
        expect_rc(p, 0)
        listed = {os.path.basename(r["file"]): r for r in json.loads(p.out)["runs"]}
        check(listed["mixed.dyno.json"]["name"] == "%s, %s on nas-%s" % (a_name, b_name,
                                                                         local_host),
              "a run without a label is not named by its folders, with the remote one's host",
              p.out)
        targets = listed["mixed.dyno.json"]["targets"]
        check(targets[0]["host"] is None and targets[1]["host"] == "nas-" + local_host
              and targets[1]["name"] == "%s on nas-%s" % (b_name, local_host),
              "the remote target's host or name is wrong", p.out)
        check(listed["alone.dyno.json"]["name"] == "%s on far-%s" % (a_name, local_host),
              "a run of one remote machine is not named with its machine", p.out)
        p = cli("list", env=env)
        expect_rc(p, 0)
        check("%s on nas-%s" % (b.path, local_host) in p.out
              and "%s on far-%s" % (a.path, local_host) in p.out,
              "the text list does not show the remote targets' machines", p.describe())
        p = cli("compare", "--format", "json", mixed, env=env)
        expect_rc(p, 0)
        entries = json.loads(p.out)["entries"]
        check([e["hostname"] for e in entries] == [local_host, "nas-" + local_host]
              and [e["remote"] for e in entries] == [None, "ada@192.0.2.7"]
              and entries[1]["name"] == "%s on nas-%s" % (b_name, local_host),
              "compare --format json names the remote entry's machine wrongly", p.out)


def case_printable_paths():
    """A folder whose name holds a terminal escape sequence and a newline is shown escaped: in
    the progress lines and in an error, nothing reaches the terminal that could drive it."""
    with Scratch() as d:
        evil = os.path.join(d.path, "a\x1b]0;pwned\x07\x1b[31mred\nline")
        os.mkdir(evil)
        p = cli("run", "-d", evil, "-s", "4M", "--tests", "write")
        expect_rc(p, 0)
        check("\x1b" not in p.err and "\x07" not in p.err,
              "a control character of the folder's name reached stderr", repr(p.err[:600]))
        check("\\x1b]0;pwned\\x07\\x1b[31mred\\nline" in p.err,
              "the folder's name is not shown escaped in the progress", repr(p.err[:600]))
        p = cli("run", "-d", os.path.join(evil, "missing\x1b[2J"), "-s", "4M", "--tests", "write")
        check(p.rc != 0, "a missing folder did not fail", p.describe())
        check("\x1b" not in p.err, "a control character reached stderr in an error",
              repr(p.err[:600]))
        check("missing\\x1b[2J" in p.err, "the error does not name the folder, escaped",
              repr(p.err[:600]))


CASES = [
    ("run: table on stdout, nothing left behind", case_run_table),
    ("run: default target is the current folder", case_default_target),
    ("run: by default 3 s phases, 3 repeats and more for ±5 %, a calibrated size",
     case_default_size),
    ("run --json FILE: a dyno-result with every phase", case_json_file),
    ("run --json -: the result alone on stdout", case_json_stdout),
    ("run --csv: one bonnie++ 1.98 line of 50 fields", case_csv),
    ("run --csv | bon_csv2txt", case_bon_csv2txt),
    ("run --csv | bon_csv2html", case_bon_csv2html),
    ("run --stream: JSON lines, phases, samples, result last", case_stream),
    ("run -x 2: two runs per phase", case_repeat),
    ("run on a terminal: live progress on stderr", case_tty_progress),
] + [("usage error: %s" % name, make_usage_case(args, pat)) for name, args, pat in USAGE_ERRORS] + [
    ("usage error: unknown subcommand", case_unknown_subcommand),
    ("usage error: no subcommand", case_no_subcommand),
    ("run failure: missing folder", case_fail_missing),
    ("run failure: a regular file as target", case_fail_regular_file),
    ("run failure: a dangling symlink as target", case_fail_dangling_symlink),
    ("info on a missing folder exits 1", case_info_missing),
    ("info: file system and Writable", case_info_text),
    ("info --json: fs_type", case_info_json),
    ("SIGINT mid-phase (--stream): exit 130, scratch removed", signal_case(signal.SIGINT, True)),
    ("SIGTERM mid-phase: exit 130, scratch removed", signal_case(signal.SIGTERM, False)),
    ("SIGINT mid-phase (text): exit 130, scratch removed", signal_case(signal.SIGINT, False)),
    ("SIGKILL leaves a scratch folder; the next run removes it", case_sigkill_stale),
    ("read-only tmpfs: exit 1, read-only", case_tmpfs_read_only),
    ("small tmpfs: pre-flight refuses, free space", case_tmpfs_preflight),
    ("nearly full tmpfs: too little free space for an honest run", case_tmpfs_too_full),
    ("small tmpfs --no-space-check --tests write,read: No space left in Block write",
     tmpfs_enospc("write,read", "Block write")),
    ("small tmpfs --no-space-check, default tests: No space left in Per-char write",
     tmpfs_enospc(None, "Per-char write")),
    ("--version", case_version),
    ("--help", case_help),
    ("compare: seed 003, FV ÷ NoFV block write ×0.17, block read ×0.97", case_compare_seed_003),
    ("compare: seed 000 per data spindle, 87.98 MB/s = 94.6 % on reads", case_compare_per_spindle),
    ("compare: the plain side is the baseline; --baseline, --equivalence, JSON verdicts",
     case_compare_verdicts),
    ("run --price, then compare: a row per USD, price and per_price in JSON", case_run_price),
    ("run --compare -s auto: one data file size for both targets", case_run_compare_shared_sizing),
    ("run --reference --per-spindle: kept, reported per data spindle; the seed 000 array fixture",
     case_run_reference),
    ("compare --format json|md|csv|html", case_compare_formats),
    ("compare --chart bars|cpu png/svg/pdf; overlay of imports refused", case_compare_charts),
    ("compare: usage errors exit 2, unreadable inputs exit 1", case_compare_errors),
    ("import: one .dyno.json per run, with provenance", case_import),
    ("import: all or nothing; errors", case_import_all_or_nothing),
    ("export: tables and charts", case_export),
    ("export: errors", case_export_errors),
    ("export: every target, SVG text, PDF text, no fonts exits 1, the drive grid",
     case_export_article),
    ("run, then compare --chart overlay of its samples", case_run_then_overlay),
    ("--help lists compare, import and export", case_help_new_commands),
    ("list: the saved runs, text and JSON, a broken file named", case_list),
    ("list: a row per target, oldest run first", case_list_targets_and_dates),
    ("list: one name for a run; a remote target with its machine", case_list_remote_names),
    ("run: control characters of a folder's name are shown escaped", case_printable_paths),
    ("run --profile default: CrystalDiskMark's tests, layout and JSON", case_profile),
    ("run --profile real-world --mix; --test", case_profile_mix_and_tests),
]


def main():
    if not CLI or not os.access(CLI, os.X_OK):
        print("1..0 # SKIP DYNO_CLI is not set to the dyno-cli executable")
        return 0
    os.environ.setdefault("LC_ALL", "C.UTF-8")
    os.environ["LANGUAGE"] = "C"
    only = os.environ.get("DYNO_CLI_TEST_ONLY")
    cases = [c for c in CASES if not only or re.search(only, c[0])]
    print("1..%d" % len(cases), flush=True)
    failed = 0
    start = time.monotonic()
    for n, (name, func) in enumerate(cases, 1):
        try:
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
    print("# %d of %d failed; %.1f s" % (failed, len(cases), time.monotonic() - start), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
