#!/usr/bin/env python3
# test-faults.py: Dyno under hostile conditions, table-driven, printing TAP
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Every case puts dyno-cli ($DYNO_CLI) or the engine's readers (tests/faults/dyno-fault-helper,
# $DYNO_FAULT_HELPER) in front of one hostile condition -- a bad flag, a bad target, a full or
# vanishing file system, a signal, a damaged file -- and checks four things:
#   1. the exit status;
#   2. a message that names the cause and the target (or the flag, or the file and its line);
#   3. no scratch folder (dyno-<pid>-xxxxxx) left in the target;
#   4. every file that was in the target before is unchanged: sha256, mode, owner and mtime of
#      every file, link and folder (the target folder's own mtime excepted: creating and removing
#      the scratch folder changes it).
# Each target is populated with things Dyno must never touch, including names it uses itself
# ("data", ".dyno-scratch", "files/00000/…") outside a scratch folder and a folder named like a
# scratch folder of a dead process but without Dyno's marker.
#
# Cases that need root (mounts, an unprivileged user) print "# SKIP needs root" otherwise.
#
#   test-faults.py [--table FILE]     FILE: a Markdown table of the cases and what was observed
#   test-faults.py --update-doc FILE  the same table, put between FILE's "faults-table" markers
#                                     (docs/reliability.md)
#   DYNO_FAULTS_ONLY=REGEX            run only the cases whose "group: name" matches
#   DYNO_TEST_DIR=DIR                 where the sandboxes go (default: the system temp dir)
#
# Python 3 standard library only.

import errno
import grp
import hashlib
import json
import os
import pwd
import random
import re
import select
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import traceback

CLI = os.environ.get("DYNO_CLI")
APP = os.environ.get("DYNO_APP")  # the GTK app; unset in a -Dgui=false build
HELPER = os.environ.get("DYNO_FAULT_HELPER")
SOURCE_ROOT = os.environ.get("DYNO_SOURCE_ROOT") or os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FIXTURES = os.path.join(SOURCE_ROOT, "tests", "fixtures")

MIB = 1024 * 1024
SCRATCH_RE = re.compile(rb"dyno-(\d+)-[A-Za-z0-9]{6}")
TIMEOUT = 60          # seconds for one short dyno-cli or helper call
SIGNAL_LIMIT = 5      # seconds from a signal to the exit
VANISH_LIMIT = 10     # seconds from a lazy unmount or a rename to the exit
# Runs that must be interrupted: a per-char phase of 1-byte write() calls runs at a few MB/s, so
# it is still in its phase whenever the test acts, and it writes only what it reaches (a few MB).
SLOW = ["-s", "64M", "--tests", "putc", "--per-char", "syscall", "--per-char-size", "64M"]
# Runs that must succeed: every phase, quickly.
SMALL = ["-s", "16M", "-n", "1", "--seeks", "256"]
# The shortest run that still creates a scratch folder and removes stale ones.
QUICK = ["-s", "4M", "--tests", "write"]
FIXED_TIME_NS = 1262304000 * 10**9 + 123456789  # 2010-01-01: a touched file shows a new mtime


class Failure(Exception):
    """The first line says what went wrong (it goes into the table); the rest are details."""

    def __init__(self, *lines):
        super().__init__("\n".join(line for line in lines if line))


class Skip(Exception):
    pass


def check(cond, message, *details):
    if not cond:
        raise Failure("\n".join([message] + [d for d in details if d]))


def tail(text, n=1500):
    text = text if isinstance(text, str) else text.decode("utf-8", "replace")
    return text if len(text) <= n else "…" + text[-n:]


def is_root():
    return os.geteuid() == 0


def need_root(what):
    if not is_root():
        raise Skip("needs root (%s)" % what)


def fsdecode(b):
    return b if isinstance(b, str) else os.fsdecode(b)


def fsencode(s):
    return s if isinstance(s, bytes) else os.fsencode(s)


# Processes --------------------------------------------------------------------------------

class Proc:
    def __init__(self, argv, rc, out, err, seconds):
        self.argv, self.rc, self.out, self.err, self.seconds = argv, rc, out, err, seconds

    def describe(self):
        return ("command: %s\nexit status: %s after %.2f s\nstdout:\n%s\nstderr:\n%s"
                % (" ".join(fsdecode(a) for a in self.argv), self.rc, self.seconds,
                   tail(self.out), tail(self.err)))


def run_program(argv, timeout=TIMEOUT, env=None, stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE):
    """stdout: a file object to give the program as its standard output instead of a pipe
    (then .out is empty)."""
    start = time.monotonic()
    try:
        p = subprocess.run(argv, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        shown = [os.path.basename(fsdecode(argv[0]))] + [fsdecode(a) for a in argv[1:]]
        raise Failure("%s did not finish within %d s (hung)" % (" ".join(shown), timeout),
                      "stderr:\n" + tail(e.stderr or b""))
    return Proc(argv, p.returncode, (p.stdout or b"").decode("utf-8", "replace"),
                p.stderr.decode("utf-8", "replace"), time.monotonic() - start)


def one_pass(args):
    """A run in a case measures one pass of the sizes it gives, once (Bonnie's way), unless it
    says otherwise: the default phase time and repeats would make every case seconds long, and
    no promise checked here depends on them."""
    if args and args[0] == "run" and "--help" not in args:
        if "--phase-time" not in args:
            args = args[:1] + ["--phase-time", "0"] + args[1:]
        if "-x" not in args and "--repeat" not in args:
            args = args[:1] + ["-x", "1"] + args[1:]
        if ("--test" in args or "--profile" in args) and "--interval" not in args:
            args = args[:1] + ["--interval", "0"] + args[1:]
    return args


def cli(*args, timeout=TIMEOUT, prefix=(), exe=None, env=None, stdout=subprocess.PIPE):
    args = one_pass([a if isinstance(a, bytes) else str(a) for a in args])
    return run_program(list(prefix) + [exe or CLI] + args, timeout=timeout, env=env,
                       stdout=stdout)


def helper(*args, timeout=TIMEOUT, prefix=(), env=None):
    return run_program(list(prefix) + [HELPER] + list(args), timeout=timeout, env=env)


def expect_rc(p, rc):
    want = rc if isinstance(rc, (tuple, list)) else (rc,)
    check(p.rc in want, "expected exit status %s, got %s" % (" or ".join(map(str, want)), p.rc),
          p.describe())


def messages(p, prefix="dyno-cli: "):
    return [line for line in p.err.splitlines() if line.startswith(prefix)]


def expect_message(p, cause, names=(), prefix="dyno-cli: "):
    """One line of stderr starting with prefix matches cause and holds every name."""
    lines = messages(p, prefix)
    check(lines, "no \"%s…\" message on stderr" % prefix, p.describe())
    for line in lines:
        if re.search(cause, line, re.I) and all(fsdecode(n) in line for n in names):
            return line
    raise Failure("no message names the cause /%s/%s" % (
        cause, "".join(" and %r" % fsdecode(n) for n in names)), p.describe())


# Sandboxes and snapshots --------------------------------------------------------------------

def dead_pid():
    """The pid of a process that has exited (and been reaped)."""
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


DEAD_PID = None


def set_times(path):
    os.utime(path, ns=(FIXED_TIME_NS, FIXED_TIME_NS), follow_symlinks=False)


def populate(path):
    """Things that were there before the run and that the run must leave exactly as they are."""
    global DEAD_PID
    if DEAD_PID is None:
        DEAD_PID = dead_pid()
    rng = random.Random(0xD1)
    j = lambda *p: os.path.join(path, *p)  # noqa: E731
    with open(j("precious.bin"), "wb") as f:
        f.write(rng.randbytes(64 * 1024))
    os.chmod(j("precious.bin"), 0o640)
    with open(j("read-only.txt"), "w") as f:
        f.write("a read-only file\n")
    os.chmod(j("read-only.txt"), 0o444)
    with open(j("script.sh"), "w") as f:
        f.write("#!/bin/sh\necho hello\n")
    os.chmod(j("script.sh"), 0o755)
    # Names Dyno uses inside its scratch folder, here outside one.
    os.mkdir(j("keepdir"), 0o750)
    with open(j("keepdir", "data"), "w") as f:
        f.write("a file named like the data file, but not in a scratch folder\n")
    with open(j(".dyno-scratch"), "w") as f:
        f.write("Dyno scratch folder: a marker file, but not in a scratch folder\n")
    os.makedirs(j("files", "00000"))
    with open(j("files", "00000", "0000000001abcdef"), "w") as f:
        f.write("named like a file test's file\n")
    # Named like a scratch folder of a dead process, but without Dyno's marker: a stranger's.
    decoy = j("dyno-%d-Zz9Zz9" % DEAD_PID)
    os.mkdir(decoy, 0o700)
    with open(os.path.join(decoy, "data"), "w") as f:
        f.write("someone else's data\n")
    os.symlink("precious.bin", j("link-to-precious"))
    os.symlink("/nonexistent/dyno-fault-test", j("dangling-link"))
    for root, dirs, files in os.walk(path, topdown=False):
        for name in dirs + files:
            set_times(os.path.join(root, name))


def entry_state(full, st):
    common = (stat.S_IMODE(st.st_mode), st.st_uid, st.st_gid)
    if stat.S_ISREG(st.st_mode):
        h = hashlib.sha256()
        with open(full, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        return ("file",) + common + (st.st_size, st.st_mtime_ns, h.hexdigest())
    if stat.S_ISLNK(st.st_mode):
        return ("link", os.readlink(full), st.st_mtime_ns)
    if stat.S_ISDIR(st.st_mode):
        return ("dir",) + common + (st.st_mtime_ns,)
    return ("other",) + common + (stat.S_IFMT(st.st_mode),)


def snapshot(path, skip=()):
    """relative path (bytes) -> state, for every entry under path, not following links."""
    root = fsencode(path)
    skip = {fsencode(s) for s in skip}
    tree = {}
    for dirpath, dirs, files in os.walk(root):
        for name in sorted(dirs + files):
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, root)
            if rel in skip:
                if name in dirs:
                    dirs.remove(name)
                continue
            tree[rel] = entry_state(full, os.lstat(full))
    return tree


def diff_snapshots(before, after):
    lines = []
    for k in sorted(set(before) | set(after)):
        if before.get(k) != after.get(k):
            lines.append("  %s: %s -> %s" % (fsdecode(k), before.get(k, "(absent)"),
                                             after.get(k, "(absent)")))
    return "\n".join(lines)


def scratch_dirs(path):
    try:
        return sorted(n for n in os.listdir(fsencode(path)) if SCRATCH_RE.fullmatch(n))
    except (FileNotFoundError, NotADirectoryError):
        return []


def expect_clean(path, before, p=None, skip=()):
    """No new scratch folder in path, and everything that was there is as it was."""
    desc = p.describe() if p else None
    left = [fsdecode(n) for n in scratch_dirs(path) if n not in before]
    check(not left, "scratch folder left behind in %s: %s" % (fsdecode(path), left), desc)
    after = snapshot(path, skip)
    if after != before:
        what = {"deleted": [], "added": [], "changed": []}
        for k in sorted(set(before) | set(after)):
            if k not in after:
                what["deleted"].append(fsdecode(k))
            elif k not in before:
                what["added"].append(fsdecode(k))
            elif before[k] != after[k]:
                what["changed"].append(fsdecode(k))
        raise Failure("%s changed: %s" % (fsdecode(path), "; ".join(
            "%s %s" % (verb, ", ".join(names)) for verb, names in what.items() if names)),
            diff_snapshots(before, after), desc)
    return len(before)


def make_writable(path):
    for root, dirs, files in os.walk(path):
        for name in dirs:
            try:
                os.chmod(os.path.join(root, name), 0o755)
            except OSError:
                pass


def rm_rf(path):
    if os.path.lexists(path):
        make_writable(path)
        shutil.rmtree(path, ignore_errors=True)


def is_mounted(path):
    """Whether something is mounted on path. os.path.ismount() misses a bind mount of a folder
    of the same file system, so this reads the mount table."""
    path = os.path.realpath(path)
    try:
        with open("/proc/self/mountinfo", "rb") as f:
            for line in f:
                point = re.sub(rb"\\([0-7]{3})", lambda m: bytes([int(m.group(1), 8)]),
                               line.split()[4])
                if os.fsdecode(point) == path:
                    return True
    except OSError:
        return os.path.ismount(path)
    return False


def mounted_sandboxes():
    """Mount points inside sandboxes: there should be none once the cases are done."""
    found = []
    try:
        with open("/proc/self/mountinfo", "rb") as f:
            for line in f:
                point = os.fsdecode(line.split()[4])
                if point.startswith(os.path.realpath(base_dir()) + "/faults-"):
                    found.append(point)
    except OSError:
        pass
    return found


def base_dir():
    return os.environ.get("DYNO_TEST_DIR") or tempfile.gettempdir()


class Sandbox:
    """A fresh folder for one case holding target/ (populated); removed afterwards, with any
    file system mounted inside it."""

    def __enter__(self):
        self.base = os.path.realpath(tempfile.mkdtemp(prefix="faults-", dir=base_dir()))
        os.chmod(self.base, 0o755)  # reachable by nobody
        self.target = os.path.join(self.base, "target")
        os.mkdir(self.target, 0o755)
        populate(self.target)
        self.before = snapshot(self.target)
        self.mounts = []
        return self

    def path(self, *parts):
        return os.path.join(self.base, *parts)

    def dir(self, name, populated=True):
        d = self.path(name)
        os.mkdir(d, 0o755)
        if populated:
            populate(d)
        return d

    def mount(self, where, *args):
        """mount ARGS… WHERE, unmounted (lazily if busy) when the sandbox goes."""
        need_root("mounting a file system")
        if shutil.which("mount") is None:
            raise Skip("mount not found (apt-get install mount)")
        p = subprocess.run(["mount"] + list(args) + [where], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise Skip("cannot mount here: %s" % p.stdout.decode("utf-8", "replace").strip())
        self.mounts.append(where)

    def tmpfs(self, name, options):
        where = self.path(name)
        os.mkdir(where)
        self.mount(where, "-t", "tmpfs", "-o", options, "dyno-faults")
        return where

    def clean(self, p=None):
        return expect_clean(self.target, self.before, p)

    def __exit__(self, *exc):
        for where in reversed(self.mounts):
            for _ in range(3):
                if not is_mounted(where):
                    break
                subprocess.run(["umount", where], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            if is_mounted(where):
                subprocess.run(["umount", "-l", where], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        if not any(is_mounted(m) for m in self.mounts):
            rm_rf(self.base)
        return False


def left_behind(s):
    return ", ".join(fsdecode(n) for n in scratch_dirs(s.target) if n not in s.before) or "nothing"


def summary(p, line, entries, extra=""):
    """The "observed" column: exit status, the message, and what was checked afterwards."""
    parts = ["exit %s" % p.rc]
    if line:
        parts.append("“%s”" % line)
    if entries is not None:
        parts.append("no scratch left, %d entries unchanged" % entries)
    if extra:
        parts.append(extra)
    return "; ".join(parts)


# An unprivileged user -----------------------------------------------------------------------

class Nobody:
    """Runs programs as nobody:nogroup with no supplementary groups. The build folder may not be
    reachable by nobody, so the program is copied into a temp folder of its own (with ASan's
    suppressions file, which LSAN_OPTIONS names)."""

    def __init__(self):
        need_root("switching to an unprivileged user")
        try:
            self.uid = pwd.getpwnam("nobody").pw_uid
        except KeyError:
            raise Skip("no user nobody")
        self.gid = None
        for name in ("nogroup", "nobody"):
            try:
                self.gid = grp.getgrnam(name).gr_gid
                break
            except KeyError:
                pass
        if self.gid is None:
            raise Skip("no group nogroup or nobody")
        if shutil.which("setpriv"):
            self.prefix = ["setpriv", "--reuid=%d" % self.uid, "--regid=%d" % self.gid,
                           "--clear-groups"]
        elif shutil.which("runuser"):
            self.prefix = ["runuser", "-u", "nobody", "--"]
        else:
            raise Skip("neither setpriv nor runuser is installed (apt-get install util-linux)")

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="faults-bin-", dir=tempfile.gettempdir())
        os.chmod(self.dir, 0o755)
        self.env = dict(os.environ)
        self.env["HOME"] = self.dir
        self.env.pop("XDG_STATE_HOME", None)  # the build folder's, which nobody cannot write
        lsan = self.env.get("LSAN_OPTIONS", "")
        m = re.search(r"suppressions=([^:]+)", lsan)
        if m and os.path.exists(m.group(1)):
            supp = os.path.join(self.dir, "lsan.supp")
            shutil.copy(m.group(1), supp)
            os.chmod(supp, 0o644)
            self.env["LSAN_OPTIONS"] = lsan.replace(m.group(0), "suppressions=" + supp)
        return self

    def copy(self, exe):
        dst = os.path.join(self.dir, os.path.basename(exe))
        shutil.copy(exe, dst)
        os.chmod(dst, 0o755)
        return dst

    def cli(self, *args, timeout=TIMEOUT):
        return cli(*args, timeout=timeout, prefix=self.prefix, exe=self.copy(CLI), env=self.env)

    def helper(self, *args, timeout=TIMEOUT):
        return run_program(self.prefix + [self.copy(HELPER)] + list(args), timeout=timeout,
                           env=self.env)

    def __exit__(self, *exc):
        rm_rf(self.dir)
        return False


# A run in the background -------------------------------------------------------------------

class BgRun:
    """dyno-cli run … --stream (or the app) in the background; threads drain stdout and stderr,
    so the child never blocks on a full pipe."""

    def __init__(self, target, *extra, args=SLOW, stream=True, argv=None, env=None):
        """argv: another program altogether (the app), run as it is."""
        self.argv = argv or [CLI] + one_pass(["run", "-d", target] + list(args) + list(extra))
        if stream and not argv:
            self.argv.append("--stream")
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self.pid = self.proc.pid
        self.events = []
        self.out_lines = []
        self.err_chunks = []
        self.cond = threading.Condition()
        self.threads = [threading.Thread(target=self._read_out, daemon=True),
                        threading.Thread(target=self._read_err, daemon=True)]
        for th in self.threads:
            th.start()

    def _read_out(self):
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace")
            try:
                ev = json.loads(line)
            except ValueError:
                ev = None
            with self.cond:
                self.out_lines.append(line)
                if isinstance(ev, dict):
                    self.events.append(ev)
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

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

    def describe(self):
        return "stdout:\n%s\nstderr:\n%s" % (tail(self.out, 800), tail(self.err))

    def wait_event(self, kind, phase=None, deadline=30):
        """Waits for an event of that kind (and phase) on the stream."""
        end = time.monotonic() + deadline
        with self.cond:
            while True:
                for ev in self.events:
                    if ev.get("event") == kind and (phase is None or ev.get("phase") == phase):
                        return ev
                left = end - time.monotonic()
                if left <= 0 or self.proc.poll() is not None and not self.threads[0].is_alive():
                    break
                self.cond.wait(min(left, 0.1))
        raise Failure("no %s event%s within %d s (exit status %s)"
                      % (kind, " for " + phase if phase else "", deadline, self.proc.poll()),
                      self.describe())

    def wait_scratch(self, target, deadline=30):
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            names = [n for n in scratch_dirs(target) if n.startswith(b"dyno-%d-" % self.pid)]
            if names:
                return names[0]
            check(self.proc.poll() is None, "the run ended (status %s) before its scratch folder "
                  "appeared" % self.proc.returncode, self.describe())
            time.sleep(0.01)
        raise Failure("no scratch folder of pid %d within %d s" % (self.pid, deadline))

    def wait_data(self, target, scratch, deadline=30):
        """Waits until the data file holds a byte: the write phase is under way."""
        data = os.path.join(fsencode(target), scratch, b"data")
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            try:
                if os.stat(data).st_size > 0:
                    return
            except FileNotFoundError:
                pass
            check(self.proc.poll() is None, "the run ended (status %s) before writing"
                  % self.proc.returncode, self.describe())
            time.sleep(0.01)
        raise Failure("nothing written to %s within %d s" % (fsdecode(data), deadline))

    def wait(self, timeout):
        """(exit status or None if it had not exited within timeout, seconds waited)."""
        start = time.monotonic()
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            rc = None
        took = time.monotonic() - start
        self.close()
        return rc, took

    def wait_progressing(self, timeout, progress):
        """Like wait, but gives up only after timeout seconds in which progress() (a count of
        what the command has done, such as files written) did not change: a slow machine is
        not a hang. took is the whole wait."""
        start = last_change = time.monotonic()
        seen = progress()
        rc = None
        while True:
            try:
                rc = self.proc.wait(0.2)
                break
            except subprocess.TimeoutExpired:
                now = progress()
                if now != seen:
                    seen, last_change = now, time.monotonic()
                elif time.monotonic() - last_change > timeout:
                    break
        took = time.monotonic() - start
        self.close()
        return rc, took

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for th in self.threads:
            th.join(10)
        self.proc.stdout.close()
        self.proc.stderr.close()

    def result(self, rc, took):
        """A Proc for the checks and the summary."""
        return Proc(self.argv, rc, self.out, self.err, took)


def fill(path, name="filler"):
    """Another writer: allocates every free block of the file system of path. Returns the file."""
    filler = os.path.join(path, name)
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        offset = 0
        step = max(os.statvfs(path).f_bavail * os.statvfs(path).f_frsize, 4096)
        while step >= 4096:
            try:
                os.posix_fallocate(fd, offset, step)
                offset += step
            except OSError as e:
                if e.errno != errno.ENOSPC:
                    raise
                step //= 2
    finally:
        os.close(fd)
    return filler


# Cases: bad flags and values ---------------------------------------------------------------

def usage_case(args, cause, names):
    def case():
        with Sandbox() as s:
            p = cli("run", "-d", s.target, *args)
            expect_rc(p, 2)
            line = expect_message(p, cause, names)
            check(p.out == "", "a usage error printed to stdout", p.describe())
            check(re.search(r"--help", p.err), "no hint to --help", p.describe())
            return summary(p, line, s.clean(p))
    return case


USAGE = [
    # (case, condition, args after "run -d TARGET", cause, names in the same line)
    ("unknown option", "`--frobnicate`", ["-s", "16M", "--frobnicate"],
     r"unknown option", ["--frobnicate"]),
    ("size zero", "`-s 0`", ["-s", "0"], r"larger than zero", ["-s"]),
    ("size garbage", "`-s 0x`", ["-s", "0x"], r"not a size", ["-s", "0x"]),
    ("size in e-notation", "`-s 1e99`", ["-s", "1e99"], r"not a size", ["-s", "1e99"]),
    ("negative size", "`-s -5G`", ["-s", "-5G"], r"not a size", ["-s", "-5G"]),
    ("huge size", "`-s 99999999999999999999999T` (overflows 64 bits)",
     ["-s", "99999999999999999999999T"], r"too large", ["-s", "99999999999999999999999T"]),
    ("size beyond any volume", "`-s 2000P` (2^61 bytes)", ["-s", "2000P"], r"too large",
     ["-s", "2000P"]),
    ("chunk not a power of two", "`--chunk 3000`", ["-s", "16M", "--chunk", "3000"],
     r"chunk.*power of two", []),
    ("chunk larger than the size", "`-s 16M --chunk 64M`", ["-s", "16M", "--chunk", "64M"],
     r"smaller than the chunk", ["16 MiB", "64 MiB"]),
    ("file spec max < min", "`-n 1:100:200`", ["-s", "16M", "-n", "1:100:200"],
     r"smallest file size is larger", ["-n", "1:100:200"]),
    ("zero seekers", "`--seekers 0`", ["-s", "16M", "--seekers", "0"], r"whole number from 1",
     ["--seekers", "0"]),
    ("repeats zero", "`-x 0`", ["-s", "16M", "-x", "0"], r"whole number from 1 to 100",
     ["-x", "0"]),
    ("repeats too many", "`-x 101`", ["-s", "16M", "-x", "101"], r"whole number from 1 to 100",
     ["-x", "101"]),
    ("unknown test name", "`--tests putc,frob`", ["-s", "16M", "--tests", "putc,frob"],
     r"unknown test", ["--tests", "frob"]),
    ("--config-json nested 130 000 deep", "`--config-json '[[[…'` (130 000 `[`: json-glib's "
     "recursion overflowed the stack)", ["--config-json", "[" * 130000],
     r"nested more than 64 levels", ["--config-json"]),
    ("queue size not whole", "`--queue-size 65535` (shown as “64.0 KiB”, which read as whole)",
     ["--test", "rnd-read:4k:q1:t1", "--queue-size", "65535"], r"65535 bytes.*64 KiB",
     []),
    ("--json into a missing folder", "`--json /nonexistent/dir/r.json`",
     ["-s", "16M", "--json", "/nonexistent/dir/r.json"], r"does not exist",
     ["--json", "/nonexistent/dir"]),
]


# Cases: targets ----------------------------------------------------------------------------

def bad_target_case(make, cause):
    def case():
        with Sandbox() as s:
            target = make(s)
            base_before = snapshot(s.base)
            p = cli("run", "-d", target, *SMALL)
            expect_rc(p, 1)
            line = expect_message(p, cause, [target])
            check(p.out == "", "a refused run printed to stdout", p.describe())
            expect_clean(s.base, base_before, p)
            return summary(p, line.replace(s.base, "…"), len(base_before))
    return case


def make_file(s):
    path = s.path("a-file")
    with open(path, "w") as f:
        f.write("not a folder\n")
    return path


def make_dangling(s):
    path = s.path("dangling")
    os.symlink(s.path("nowhere"), path)
    return path


def make_loop(s):
    os.symlink("loop-b", s.path("loop-a"))
    os.symlink("loop-a", s.path("loop-b"))
    return s.path("loop-a")


def case_ro_tmpfs():
    with Sandbox() as s:
        m = s.tmpfs("mnt", "size=16m")
        populate(m)
        before = snapshot(m)
        subprocess.run(["mount", "-o", "remount,ro", m], check=True)
        p = cli("run", "-d", m, *SMALL)
        expect_rc(p, 1)
        line = expect_message(p, r"read-only", [m])
        return summary(p, line.replace(s.base, "…"), expect_clean(m, before, p))


def case_ro_bind():
    with Sandbox() as s:
        s.mount(s.target, "--bind", s.target)
        subprocess.run(["mount", "-o", "remount,bind,ro", s.target], check=True)
        p = cli("run", "-d", s.target, *SMALL)
        expect_rc(p, 1)
        line = expect_message(p, r"read-only", [s.target])
        return summary(p, line.replace(s.base, "…"), s.clean(p))


def case_no_permission():
    with Sandbox() as s, Nobody() as nobody:
        p = nobody.cli("run", "-d", s.target, *SMALL)
        expect_rc(p, 1)
        line = expect_message(p, r"no permission", [s.target])
        return summary(p, line.replace(s.base, "…"), s.clean(p))


# Spaces, bytes that are not UTF-8, an accented letter and shell metacharacters. As a str with
# surrogate escapes, it goes through os and subprocess calls as the original bytes.
WEIRD = os.fsdecode(b"tar get \xff\xfe \xc3\xa9 ~$x' \"q\"")


def case_weird_path():
    with Sandbox() as s:
        target = s.path(WEIRD)
        os.mkdir(target)
        populate(target)
        before = snapshot(target)
        r = s.path("r.json")
        p = cli("run", "-d", target, *SMALL, "--json", r, "-q")
        expect_rc(p, 0)
        check("Sequential Output" in p.out, "no result table on stdout", p.describe())
        n = expect_clean(target, before, p)
        expect_clean(s.target, s.before, p)
        loaded = helper("load", r)
        check(loaded.rc == 0, "the result file of the run does not load", loaded.describe())
        return summary(p, None, n, "the result file loads")


def case_weird_path_stream():
    with Sandbox() as s:
        target = s.path(WEIRD)
        os.mkdir(target)
        populate(target)
        before = snapshot(target)
        argv = [CLI] + one_pass(["run", "-d", target] + SMALL + ["--stream"])
        start = time.monotonic()
        raw = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, timeout=TIMEOUT)
        p = Proc(argv, raw.returncode, raw.stdout.decode("utf-8", "replace"),
                 raw.stderr.decode("utf-8", "replace"), time.monotonic() - start)
        expect_rc(p, 0)
        n = expect_clean(target, before, p)
        for i, line in enumerate(raw.stdout.splitlines(), 1):
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError as e:
                raise Failure("stdout line %d is not UTF-8 (so not JSON): %s: %r"
                              % (i, e, line[:90]), p.describe())
            try:
                json.loads(text)
            except ValueError as e:
                raise Failure("stdout line %d is not JSON: %s" % (i, e), p.describe())
        return summary(p, None, n, "every stream line is UTF-8 JSON")


def locale_env(name):
    env = dict(os.environ)
    env["LC_ALL"] = env["LANG"] = name
    return env


def case_text_in_c_locale():
    """An accent typed in a C locale (ASCII): the bytes are UTF-8 and must be taken as such."""
    with Sandbox() as s:
        r = s.path("r.json")
        env = locale_env("C")
        p = cli("run", "-d", s.target, *QUICK, "-q", "-m", "café", "--notes", "naïve ×2",
                "--json", r, env=env)
        expect_rc(p, 0)
        with open(r, encoding="utf-8") as f:
            doc = json.load(f)
        check(doc.get("label") == "café" and doc.get("notes") == "naïve ×2",
              "label %r and notes %r, expected 'café' and 'naïve ×2'"
              % (doc.get("label"), doc.get("notes")), p.describe())
        n = s.clean(p)
        q = cli("compare", r, r, "--baseline", "café", env=env)
        expect_rc(q, 0)
        extra = ""
        svg = s.path("chart.svg")
        c = cli("compare", r, r, "--chart", "bars", "--title", "Ünïcode", "-o", svg, env=env)
        if c.rc == 2 and re.search(r"chart", c.err, re.I) and not os.path.exists(svg):
            extra = " (no charts in this build)"
        else:
            expect_rc(c, 0)
            with open(svg, encoding="utf-8") as f:
                drawn = f.read()
            # cairo draws text as glyphs; the title is kept in the SVG only as their shapes,
            # so the check is that the chart was made at all with the title given.
            check(drawn.startswith("<?xml"), "the chart is not an SVG", c.describe())
            extra = "; compare --chart bars --title Ünïcode: exit 0"
        return summary(p, None, n, "label café and notes naïve ×2 kept; compare --baseline café: "
                       "exit %d%s" % (q.rc, extra))


def case_invalid_utf8_label():
    """A label that is not UTF-8 at all: repaired, with a warning naming the option."""
    with Sandbox() as s:
        r = s.path("r.json")
        p = cli("run", "-d", s.target, *QUICK, "-q", "-m", b"caf\xe9", "--json", r,
                env=locale_env("C.UTF-8"))
        expect_rc(p, 0)
        line = expect_message(p, r"not valid UTF-8", ["--label", "caf\ufffd"])
        with open(r, encoding="utf-8") as f:
            label = json.load(f).get("label")
        check(label == "caf\ufffd", "label %r, expected 'caf\\ufffd'" % label, p.describe())
        loaded = helper("load", r)
        check(loaded.rc == 0, "the result file does not load", loaded.describe())
        return summary(p, line, s.clean(p), "the result file holds “caf\ufffd” and loads")


def case_bad_bytes_in_size():
    with Sandbox() as s:
        p = cli("run", "-d", s.target, "-s", "4€", env=locale_env("C"))
        expect_rc(p, 2)
        line = expect_message(p, r"not text in this locale", ["-s"])
        return summary(p, line, s.clean(p))


# Cases: what `dyno-cli info` says about a target ------------------------------------------

def info_json(path):
    p = cli("info", "--json", path)
    expect_rc(p, 0)
    try:
        return p, json.loads(p.out)
    except ValueError as e:
        raise Failure("dyno-cli info --json printed no JSON: %s" % e, p.describe())


class LoopImage:
    """A file system image on a loop device, mounted in the sandbox; unmounted and detached
    however the case ends."""

    def __init__(self, s, name, mkfs, mount_cmd=None):
        need_root("loop devices and mounts")
        for tool in [mkfs[0], "losetup"] + ([mount_cmd[0]] if mount_cmd else []):
            if shutil.which(tool) is None:
                raise Skip("%s not found (apt-get install exfat-fuse exfatprogs ntfs-3g "
                           "e2fsprogs)" % tool)
        self.s, self.image = s, s.path(name + ".img")
        self.where = s.path(name)
        self.mkfs, self.mount_cmd, self.dev = mkfs, mount_cmd, None

    def __enter__(self):
        with open(self.image, "wb") as f:
            f.truncate(64 * MIB)
        subprocess.run(self.mkfs + [self.image], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        p = subprocess.run(["losetup", "-f", "--show", self.image], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        if p.returncode != 0:
            raise Skip("no loop device: %s" % p.stderr.decode("utf-8", "replace").strip())
        self.dev = p.stdout.decode().strip()
        os.mkdir(self.where)
        cmd = (self.mount_cmd or ["mount"]) + [self.dev, self.where]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30)
        if p.returncode != 0:
            self._detach()
            raise Skip("cannot mount: %s" % p.stdout.decode("utf-8", "replace").strip())
        return self

    def _detach(self):
        if self.dev:
            subprocess.run(["losetup", "-d", self.dev], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            self.dev = None

    def __exit__(self, *exc):
        for _ in range(3):
            if not is_mounted(self.where):
                break
            subprocess.run(["umount", self.where], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            time.sleep(0.1)
        if is_mounted(self.where):
            subprocess.run(["umount", "-l", self.where], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        self._detach()
        return False


def case_info_loop():
    with Sandbox() as s, LoopImage(s, "ext4", ["mkfs.ext4", "-q", "-F"]) as img:
        p, info = info_json(img.where)
        check(info.get("device") == os.path.basename(img.dev), "device %r, expected %s"
              % (info.get("device"), os.path.basename(img.dev)), p.describe())
        model = info.get("device_model") or ""
        check(img.image in model, "the model %r does not name the image %s" % (model, img.image),
              p.describe())
        return "exit 0; device %s, model “%s”" % (info["device"], md(model))


def fuse_case(mkfs, mount_cmd, want):
    def case():
        with Sandbox() as s, LoopImage(s, want, mkfs, mount_cmd) as img:
            p, info = info_json(img.where)
            check(info.get("fs_type") == "fuseblk." + want, "fs_type %r, expected fuseblk.%s"
                  % (info.get("fs_type"), want), p.describe())
            return "exit 0; file system %s on %s" % (info["fs_type"], info.get("device"))
    return case


def case_info_overlay():
    need_root("mounting an overlay")
    with Sandbox() as s:
        for d in ("lower", "upper", "work", "merged"):
            os.mkdir(s.path(d))
        s.mount(s.path("merged"), "-t", "overlay", "-o", "lowerdir=%s,upperdir=%s,workdir=%s"
                % (s.path("lower"), s.path("upper"), s.path("work")), "overlay")
        p, info = info_json(s.path("merged"))
        q, upper = info_json(s.path("upper"))
        if upper.get("device") is None:
            raise Skip("the sandbox's own folder has no known device here")
        check(info.get("device") == upper.get("device"), "overlay device %r, expected the "
              "upper folder's %r" % (info.get("device"), upper.get("device")), p.describe())
        return "exit 0; overlay on %s (the upper folder's device)" % info["device"]


# Cases: stale and foreign scratch folders --------------------------------------------------

def marker(pid, identity="unknown", extra=""):
    return ("Dyno scratch folder: safe to delete when no Dyno runs.\npid=%d\nidentity=%s\n%s"
            % (pid, identity, extra))


def make_fake_scratch(parent, pid, suffix, identity="unknown", extra="", files=()):
    d = os.path.join(parent, "dyno-%d-%s" % (pid, suffix))
    os.mkdir(d, 0o700)
    with open(os.path.join(d, ".dyno-scratch"), "w") as f:
        f.write(marker(pid, identity, extra))
    os.chmod(os.path.join(d, ".dyno-scratch"), 0o600)
    for name, content in files:
        with open(os.path.join(d, name), "w") as f:
            f.write(content)
    return d


def case_stale_symlink_out():
    with Sandbox() as s:
        outside = s.dir("outside")
        pid = dead_pid()
        with open(os.path.join(outside, ".dyno-scratch"), "w") as f:
            f.write(marker(pid))
        with open(os.path.join(outside, "data"), "w") as f:
            f.write("not Dyno's\n")
        out_before = snapshot(outside)
        os.symlink(outside, os.path.join(s.target, "dyno-%d-AbCdEf" % pid))
        before = snapshot(s.target)
        p = cli("run", "-d", s.target, *QUICK)
        expect_rc(p, 0)
        expect_clean(s.target, before, p)
        n = expect_clean(outside, out_before, p)
        return summary(p, None, len(before) + n, "the link and the folder it points to are "
                       "untouched")


def case_stale_foreign_file():
    with Sandbox() as s:
        pid = dead_pid()
        stale = make_fake_scratch(s.target, pid, "FoReIg",
                                  files=[("data", "x" * 100000), ("my-notes.txt", "mine\n")])
        name = os.path.basename(stale)
        before = snapshot(s.target)
        p = cli("run", "-d", s.target, *QUICK)
        expect_rc(p, 0)
        n = expect_clean(s.target, before, p)
        line = None
        for ln in p.err.splitlines():
            if name in ln:
                line = ln.strip()
        check(line is not None, "stderr does not say why %s was left" % name, p.describe())
        return summary(p, line, n)


def case_stale_live_process():
    with Sandbox() as s:
        sleeper = subprocess.Popen(["sleep", "60"])
        try:
            make_fake_scratch(s.target, sleeper.pid, "LiVeOn", files=[("data", "in use\n")])
            before = snapshot(s.target)
            p = cli("run", "-d", s.target, *QUICK)
            expect_rc(p, 0)
            n = expect_clean(s.target, before, p)
        finally:
            sleeper.kill()
            sleeper.wait()
        return summary(p, None, n, "the live process's folder is kept")


def case_stale_other_machine():
    with Sandbox() as s:
        pid = dead_pid()
        make_fake_scratch(s.target, pid, "OtHeRm",
                          identity="0badc0de-0000-4000-8000-000000000000:4242",
                          extra="machine=0123456789abcdef0123456789abcdef\n",
                          files=[("data", "another machine's run\n")])
        before = snapshot(s.target)
        p = cli("run", "-d", s.target, *QUICK)
        expect_rc(p, 0)
        return summary(p, None, expect_clean(s.target, before, p))


def case_stale_other_user():
    with Sandbox() as s, Nobody() as nobody:
        os.chmod(s.target, 0o777)
        pid = dead_pid()
        make_fake_scratch(s.target, pid, "RoOtUs", files=[("data", "root's run\n")])
        before = snapshot(s.target)
        p = nobody.cli("run", "-d", s.target, *QUICK)
        expect_rc(p, 0)
        return summary(p, None, expect_clean(s.target, before, p))


def case_drop_without_root():
    with Sandbox() as s, Nobody() as nobody:
        os.chmod(s.target, 0o777)
        before = snapshot(s.target)
        p = nobody.cli("run", "-d", s.target, "-s", "4M", "--tests", "write,read", "--cache",
                       "drop")
        expect_rc(p, 0)
        line = None
        for ln in p.err.splitlines():
            if re.search(r"needs root; falling back to evicting", ln):
                line = ln.strip()
        check(line is not None, "no warning that dropping caches needs root", p.describe())
        return summary(p, line, expect_clean(s.target, before, p))


# Cases: space ------------------------------------------------------------------------------

def case_preflight_space():
    with Sandbox() as s:
        p = cli("run", "-d", s.target, "-s", "1P", "--tests", "write")
        expect_rc(p, 1)
        line = expect_message(p, r"not enough free space", [s.target])
        check(p.out == "", "a refused run printed to stdout", p.describe())
        return summary(p, line.replace(s.base, "…"), s.clean(p))


def small_tmpfs_case(options, args, cause):
    """dyno-cli run ARGS on a populated tmpfs mounted with OPTIONS: exit 1, a message matching
    cause that names the mount, and the mount as it was."""
    def case():
        with Sandbox() as s:
            m = s.tmpfs("mnt", options)
            populate(m)
            before = snapshot(m)
            p = cli("run", "-d", m, *args)
            expect_rc(p, 1)
            line = expect_message(p, cause, [m])
            return summary(p, line.replace(s.base, "…"), expect_clean(m, before, p))
    return case


case_preflight_inodes = small_tmpfs_case(
    "size=64m,nr_inodes=300", ["--tests", "files", "-n", "1"], r"not enough free inodes")
case_enospc_write = small_tmpfs_case(
    "size=8m", ["-s", "32M", "--tests", "write,read", "--no-space-check"],
    r"Block write failed: .*No space left on device")
case_enospc_inodes = small_tmpfs_case(
    "size=64m,nr_inodes=300", ["--tests", "files", "-n", "1", "--no-space-check"],
    r"Sequential create failed: .*No space left on device")


def case_filled_by_another_writer():
    with Sandbox() as s:
        # 96 MiB passes the pre-flight check of a 64 MiB file (plus a 16 MiB margin).
        m = s.tmpfs("mnt", "size=96m")
        populate(m)
        before = snapshot(m)
        run = BgRun(m)
        try:
            run.wait_event("sample", "putc")
            filler = fill(m)
            filler_state = entry_state(filler, os.lstat(filler))
            rc, took = run.wait(VANISH_LIMIT)
        finally:
            run.close()
        p = run.result(rc, took)
        check(rc is not None, "still running %d s after the file system filled up"
              % VANISH_LIMIT, p.describe())
        expect_rc(p, 1)
        line = expect_message(p, r"Per-char write failed: .*No space left on device", [m])
        check(entry_state(filler, os.lstat(filler)) == filler_state,
              "the other writer's file changed", p.describe())
        n = expect_clean(m, before, p, skip=["filler"])
        return summary(p, line.replace(s.base, "…"), n,
                       "the other writer's %d MiB file is intact" % (filler_state[4] // MIB))


def case_no_inode_for_marker():
    with Sandbox() as s:
        m = s.tmpfs("mnt", "size=64m")
        populate(m)
        st = os.statvfs(m)
        # One inode left: the scratch folder gets it, its marker file does not.
        subprocess.run(["mount", "-o", "remount,nr_inodes=%d" % (st.f_files - st.f_ffree + 1), m],
                       check=True)
        before = snapshot(m)
        p = cli("run", "-d", m, *QUICK)
        expect_rc(p, 1)
        line = expect_message(p, r"cannot write in the scratch folder: No space left", [m])
        return summary(p, line.replace(s.base, "…"), expect_clean(m, before, p))


def case_thin_disk_runs_out():
    if shutil.which("mkfs.ext4") is None:
        raise Skip("mkfs.ext4 not found (apt-get install e2fsprogs)")
    with Sandbox() as s:
        # A 128 MiB ext4 whose blocks live in a file on a 24 MiB tmpfs: the file system sees
        # free space that the device underneath cannot hold, as on a thin-provisioned volume.
        backing = s.tmpfs("backing", "size=24m")
        image = os.path.join(backing, "disk.img")
        with open(image, "wb") as f:
            f.truncate(128 * MIB)
        mk = subprocess.run(["mkfs.ext4", "-q", "-F", "-E",
                             "nodiscard,lazy_itable_init=0,lazy_journal_init=0", image],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        check(mk.returncode == 0, "mkfs.ext4 failed", mk.stdout.decode("utf-8", "replace"))
        m = s.path("mnt")
        os.mkdir(m)
        s.mount(m, "-o", "loop", image)
        populate(m)
        os.sync()
        before = snapshot(m)
        p = cli("run", "-d", m, "-s", "64M", "--tests", "write,read")
        expect_rc(p, 1)
        line = expect_message(p, r"Block write failed: .*(No space left|Input/output error)", [m])
        return summary(p, line.replace(s.base, "…"), expect_clean(m, before, p))


def case_file_size_limit():
    """A file size limit (ulimit -f, limits.conf) turns a large write into SIGXFSZ."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (8 * MIB, 8 * MIB))

    with Sandbox() as s:
        argv = [CLI] + one_pass(["run", "-d", s.target, "-s", "16M", "--tests", "write"])
        start = time.monotonic()
        raw = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, timeout=TIMEOUT, preexec_fn=limit)
        p = Proc(argv, raw.returncode, raw.stdout.decode("utf-8", "replace"),
                 raw.stderr.decode("utf-8", "replace"), time.monotonic() - start)
        if p.rc < 0:
            raise Failure("killed by %s instead of failing cleanly; left %s"
                          % (signal.Signals(-p.rc).name, left_behind(s)), p.describe())
        expect_rc(p, 1)
        line = expect_message(p, r"Block write failed: .*File too large", [s.target])
        return summary(p, line.replace(s.base, "…"), s.clean(p))


IO_URING_SYSCTL = "/proc/sys/kernel/io_uring_disabled"


def case_io_uring_disabled():
    """kernel.io_uring_disabled=2 (or a container's seccomp filter) refuses io_uring."""
    need_root("sets kernel.io_uring_disabled")
    if not os.path.exists(IO_URING_SYSCTL):
        raise Skip("this kernel has no kernel.io_uring_disabled (Linux 6.6 and later)")
    with open(IO_URING_SYSCTL) as f:
        saved = f.read().strip()
    with Sandbox() as s:
        try:
            with open(IO_URING_SYSCTL, "w") as f:
                f.write("2")
            queued = ["--test", "rnd-read:4k:q8:t1", "--queue-size", "1M"]
            p = cli("run", "-d", s.target, *queued, "--json", "-")
            expect_rc(p, 0)
            check(re.search(r"io_uring is not available.*one thread each", p.err),
                  "no warning that io_uring is missing", p.describe())
            run = json.loads(p.out)["targets"][0]["phases"][0]["runs"][0]
            check(run.get("engine") == "threads" and run.get("threads") == 8,
                  "expected the threads engine with 8 threads, got %r/%r"
                  % (run.get("engine"), run.get("threads")), p.describe())
            s.clean(p)
            q = cli("run", "-d", s.target, *queued, "--io-engine", "io_uring", "-q")
            expect_rc(q, 1)
            line = expect_message(q, r"io_uring is not available: it is disabled", [])
            s.clean(q)
            # The fallback obeys the threads engine's cap: q512:t16 tried 8192 threads.
            wide = cli("run", "-d", s.target, "--test", "rnd-read:4k:q512:t16", "--queue-size",
                       "1M", "-q")
            expect_rc(wide, 1)
            expect_message(wide, r"would need 8192 threads without io_uring", ["rnd-read"])
        finally:
            with open(IO_URING_SYSCTL, "w") as f:
                f.write(saved)
        return summary(q, line, s.clean(q), "auto: threads with a warning, exit 0")


def case_queued_memory():
    """T × Q × block beyond half the RAM: refused before the run, not an abort mid-way."""
    with Sandbox() as s:
        before = snapshot(s.base)
        p = cli("run", "-d", s.target, "--test", "rnd-read:64m:q4096:t256", "--queue-size", "64M",
                "-q")
        expect_rc(p, 2)
        line = expect_message(p, r"more than half the RAM", ["rnd-read"])
        expect_clean(s.base, before, p)
        return summary(p, line, len(before), "refused before the run; no scratch folder")


def case_queued_address_space():
    """Under ulimit -v, a queued test whose buffers and stacks cannot fit is refused."""
    if "ASAN_OPTIONS" in os.environ:
        raise Skip("AddressSanitizer's shadow memory needs more address space than any "
                   "ulimit -v this case sets")
    if shutil.which("prlimit") is None:
        raise Skip("prlimit not found (apt-get install util-linux)")
    with Sandbox() as s:
        limit = 1 << 30
        p = cli("run", "-d", s.target, "--test", "seq-write:1m:q256:t4", "--queue-size", "64M",
                "-q", prefix=["prlimit", "--as=%d" % limit, "--"])
        expect_rc(p, 2)
        line = expect_message(p, r"address space.*ulimit -v", ["seq-write"])
        return summary(p, line, s.clean(p), "refused before the run")


def case_json_full_fs():
    with Sandbox() as s:
        m = s.tmpfs("out", "size=1m")
        r = os.path.join(m, "r.json")
        shutil.copy(os.path.join(FIXTURES, "results", "full-v1.json"), r)
        set_times(r)
        fill(m)
        before = snapshot(m)
        p = cli("run", "-d", s.target, *QUICK, "--json", r, "-q")
        expect_rc(p, 1)
        line = expect_message(p, r"cannot save.*No space left", ["r.json"])
        n = expect_clean(m, before, p)
        return summary(p, line.replace(s.base, "…"), s.clean(p) + n,
                       "the previous r.json is whole, no temporary file left")


# Cases: interruptions ----------------------------------------------------------------------

def interrupt(s, run, sigs, rcs, ready=None):
    """Sends sigs (50 ms apart) to run once it writes its data file (and ready() returned), then
    checks it exited in time, with a status in rcs rather than killed. Returns (the Proc, the
    scratch folder's name, seconds from the signal to the exit)."""
    try:
        if ready:
            ready()
        scratch = run.wait_scratch(s.target)
        run.wait_data(s.target, scratch)
        for i, sig in enumerate(sigs):
            if i:
                time.sleep(0.05)
            run.proc.send_signal(sig)
        rc, took = run.wait(SIGNAL_LIMIT + 20)
    finally:
        run.close()
    p = run.result(rc, took)
    check(rc is not None, "did not exit within %d s of the signal" % (SIGNAL_LIMIT + 20),
          p.describe())
    if rc < 0:
        raise Failure("killed by %s instead of exiting; left %s"
                      % (signal.Signals(-rc).name, left_behind(s)), p.describe())
    expect_rc(p, rcs)
    check(took < SIGNAL_LIMIT, "took %.1f s to exit after the signal" % took, p.describe())
    return p, scratch, took


def signal_case(sigs, stream, rcs=(130,), cause=r"interrupted"):
    def case():
        with Sandbox() as s:
            run = BgRun(s.target, stream=stream)
            p, scratch, took = interrupt(s, run, sigs, rcs, ready=(
                lambda: run.wait_event("sample", "putc")) if stream else None)
            if stream:
                check(all(ln.startswith("{") for ln in p.out.splitlines()),
                      "a stdout line is not a JSON event", p.describe())
                check(any(ev.get("event") == "interrupted" for ev in run.events),
                      "no \"interrupted\" event on the stream", p.describe())
                line = "{\"event\":\"interrupted\"}"
            else:
                line = expect_message(p, cause)
            n = s.clean(p)
            return summary(p, line, n, "%s removed, %.2f s after the signal"
                           % (fsdecode(scratch), took))
    return case


def case_stream_no_clean_finish():
    """After SIGINT the stream must not say the target finished without an error."""
    with Sandbox() as s:
        run = BgRun(s.target)
        p, scratch, took = interrupt(s, run, [signal.SIGINT], (130,),
                                     ready=lambda: run.wait_event("sample", "putc"))
        kinds = [ev.get("event") for ev in run.events]
        check("interrupted" in kinds, "no \"interrupted\" event on the stream", p.describe())
        finished = [ev for ev in run.events if ev.get("event") == "target-finished"]
        clean = [ev for ev in finished if ev.get("error") is None]
        check(not clean, "the stream says the target finished cleanly: %s"
              % (json.dumps(clean[0]) if clean else ""), p.describe())
        n = s.clean(p)
        what = ("target-finished says “%s”" % finished[0].get("error")) if finished else \
            "no target-finished event"
        return summary(p, "{\"event\":\"interrupted\"}", n, "%s, then interrupted" % what)


def case_footer_escapes_path():
    """The text table's footer names the target; a newline or a byte that is not UTF-8 in its
    name is escaped as in the result file, not printed as it is."""
    with Sandbox() as s:
        target = os.path.join(fsencode(s.base), b"new\nline \xff\x1b[31m")
        os.mkdir(target)
        p = cli("run", "-d", target, *QUICK, "-q")
        expect_rc(p, 0)
        lines = [ln for ln in p.out.splitlines() if ln.startswith("Target: ")]
        check(lines, "no Target: line in the footer", p.describe())
        check("new\\nline \ufffd\\u001b[31m" in lines[0],
              "the footer shows the name unescaped: %r" % lines[0], p.describe())
        check("\x1b" not in p.out, "an escape character reached stdout", p.describe())
        check(not scratch_dirs(target), "scratch folder left", p.describe())
        return summary(p, lines[0].replace(s.base, "…"), s.clean(p))


def app_signal_case(sig):
    """The app, started with `dyno --target T --preset quick --run`, gets sig mid-phase."""
    def case():
        if not APP:
            raise Skip("the app is not built here (-Dgui=false)")
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            raise Skip("no display (run under xvfb-run -a dbus-run-session --)")
        with Sandbox() as s:
            home = s.dir("home", populated=False)
            env = dict(os.environ, GSETTINGS_BACKEND="memory", XDG_DATA_HOME=home,
                       XDG_CONFIG_HOME=home, XDG_CACHE_HOME=home)
            # 2 GiB of block write: seconds of it left when the signal comes.
            run = BgRun(s.target, env=env, argv=[APP, "--target", s.target, "--size", "2G",
                                                 "--preset", "quick", "--run"])
            p, scratch, took = interrupt(s, run, [sig], 130)
            line = expect_message(p, r"interrupted.*scratch", prefix="dyno: ")
            n = s.clean(p)
            return summary(p, line, n, "%s removed, %.2f s after the signal"
                           % (fsdecode(scratch), took))
    return case


def case_sigpipe():
    """dyno-cli run --stream | head -n 3: the reader goes away mid-phase."""
    with Sandbox() as s:
        argv = [CLI] + one_pass(["run", "-d", s.target] + SLOW + ["--stream"])
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        err_chunks = []
        th = threading.Thread(target=lambda: err_chunks.extend(iter(
            lambda: proc.stderr.read1(65536), b"")), daemon=True)
        th.start()
        try:
            end = time.monotonic() + 30
            buf = b""
            while b'"event":"sample"' not in buf and time.monotonic() < end:
                ready, _, _ = select.select([proc.stdout], [], [], 0.1)
                if ready:
                    data = os.read(proc.stdout.fileno(), 65536)
                    if not data:
                        break
                    buf += data
            check(b'"event":"sample"' in buf, "no sample event within 30 s", tail(buf))
            check(scratch_dirs(s.target), "no scratch folder while the run was in a phase")
            proc.stdout.close()  # the reader is gone
            start = time.monotonic()
            try:
                rc = proc.wait(SIGNAL_LIMIT + 10)
            except subprocess.TimeoutExpired:
                rc = None
            took = time.monotonic() - start
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            th.join(10)
            proc.stderr.close()
        p = Proc(argv, rc, buf.decode("utf-8", "replace"),
                 b"".join(err_chunks).decode("utf-8", "replace"), took)
        check(rc is not None, "still running %d s after its standard output was closed"
              % (SIGNAL_LIMIT + 10), p.describe())
        if rc < 0:
            raise Failure("killed by %s instead of stopping cleanly; left %s"
                          % (signal.Signals(-rc).name, left_behind(s)), p.describe())
        check(rc != 0, "exit status 0 although the output was lost", p.describe())
        line = expect_message(p, r"output|pipe")
        return summary(p, line, s.clean(p))


def case_sigkill_then_rerun():
    with Sandbox() as s:
        run = BgRun(s.target)
        try:
            run.wait_event("sample", "putc")
            stale = run.wait_scratch(s.target)
            run.proc.kill()
            rc, _ = run.wait(30)
        finally:
            run.close()
        check(rc == -signal.SIGKILL, "the run was not killed (status %s)" % rc)
        left = [n for n in scratch_dirs(s.target) if n not in s.before]
        check(left == [stale], "SIGKILL left %r, expected [%r]" % (left, stale))
        p = cli("run", "-d", s.target, *QUICK)
        expect_rc(p, 0)
        name = fsdecode(stale)
        line = None
        for ln in p.err.splitlines():
            if name in ln and re.search(r"removed", ln, re.I):
                line = ln.strip()
        check(line is not None, "stderr does not say %s was removed" % name, p.describe())
        return summary(p, line, s.clean(p), "the marker-less decoy dyno-%d-Zz9Zz9 is kept"
                       % DEAD_PID)


def case_concurrent_runs():
    with Sandbox() as s:
        run = BgRun(s.target)
        try:
            run.wait_event("sample", "putc")
            theirs = run.wait_scratch(s.target)
            p = cli("run", "-d", s.target, *SMALL)
            expect_rc(p, 0)
            check(run.proc.poll() is None, "the first run ended when the second ran",
                  run.describe())
            check(theirs in scratch_dirs(s.target),
                  "the second run removed the first run's scratch folder", p.describe())
            check(fsdecode(theirs) not in p.err, "the second run touched the first's folder",
                  p.describe())
            run.proc.send_signal(signal.SIGINT)
            rc, took = run.wait(SIGNAL_LIMIT + 20)
        finally:
            run.close()
        check(rc == 130, "the first run ended with %s after SIGINT" % rc, run.describe())
        return summary(p, None, s.clean(p), "the first run's folder was kept, then removed by "
                       "its own SIGINT")


def case_engine_stop():
    with Sandbox() as s:
        p = helper("stop", s.target)
        expect_rc(p, 1)
        line = expect_message(p, r"^error: g-io-error-quark/cancelled: ", [], prefix="error: ")
        return summary(p, line, s.clean(p))


def locked_out_case(stop):
    """nobody's run; its target is made mode 000 mid-phase (the run SIGSTOPped meanwhile, so the
    change lands before the run goes on, however fast the machine), then the run ends on its own
    or with SIGTERM (stop). Dyno cannot remove its scratch folder: not a success."""
    def case():
        with Sandbox() as s, Nobody() as nobody:
            target = s.dir("mine")
            os.chown(target, nobody.uid, nobody.gid)
            before = snapshot(target)
            args = ["-s", "8M", "--tests", "putc", "--per-char", "syscall", "--per-char-size",
                    "8M"]
            argv = nobody.prefix + [nobody.copy(CLI)] + one_pass(["run", "-d", target] + args)
            run = BgRun(target, argv=argv, env=nobody.env)
            try:
                scratch = run.wait_scratch(target)
                run.wait_data(target, scratch)
                os.kill(run.pid, signal.SIGSTOP)
                os.chmod(target, 0)
                os.kill(run.pid, signal.SIGCONT)
                if stop:
                    run.proc.send_signal(signal.SIGTERM)
                rc, took = run.wait(TIMEOUT)
            finally:
                run.close()
                os.chmod(target, 0o755)
            p = run.result(rc, took)
            check(rc is not None, "did not exit within %d s" % TIMEOUT, p.describe())
            expect_rc(p, 1)
            where = os.path.join(target, fsdecode(scratch))
            line = expect_message(p, r"left behind.*dyno-cli clean", [where])
            check(os.path.isdir(where), "%s is gone, yet the run said it was left" % where,
                  p.describe())
            # The next run, once the folder can be entered, removes what this one left.
            q = nobody.cli("run", "-d", target, *QUICK, "-q")
            expect_rc(q, 0)
            check(re.search(r"Removed %s" % re.escape(fsdecode(scratch)), q.err),
                  "the next run did not remove %s" % fsdecode(scratch), q.describe())
            n = expect_clean(target, before, q)
            return summary(p, line.replace(s.base, "…"), n, "the next run removed it")
    return case


def case_thread_limit():
    """nobody may have 1, 2, 3 … processes and threads (RLIMIT_NPROC) until a run succeeds: each
    limit stops dyno-cli at another thread (GLib's worker, the run's, the sampler, a seeker).
    Every run must fail cleanly (exit 1, a message, nothing left) or succeed; never abort."""
    if shutil.which("prlimit") is None:
        raise Skip("prlimit not found (apt-get install util-linux)")
    with Sandbox() as s, Nobody() as nobody:
        target = s.dir("mine")
        os.chown(target, nobody.uid, nobody.gid)
        before = snapshot(target)
        exe = nobody.copy(CLI)
        failures = []
        env = dict(nobody.env)
        # Under ASan, LeakSanitizer needs a thread of its own at exit; a limit that leaves it
        # none aborts in the sanitizer, not in Dyno. The leak check is off here only.
        if "ASAN_OPTIONS" in os.environ:
            env["ASAN_OPTIONS"] = os.environ["ASAN_OPTIONS"] + ":detect_leaks=0"
        for limit in range(1, 40):
            p = cli("run", "-d", target, "-s", "4M", "--tests", "write,seeks", "--seeks", "64",
                    "-q", timeout=30, prefix=["prlimit", "--nproc=%d" % limit] + nobody.prefix,
                    exe=exe, env=env)
            if p.rc == 126 and "setpriv" in p.err:
                continue  # the limit stopped setpriv's exec, before dyno-cli ran
            if p.rc < 0:
                raise Failure("with %d threads allowed: killed by %s; left %s" % (
                    limit, signal.Signals(-p.rc).name, ", ".join(
                        fsdecode(n) for n in scratch_dirs(target) if n not in before)
                    or "nothing"), p.describe())
            expect_rc(p, (0, 1))
            expect_clean(target, before, p)
            if p.rc == 0:
                break
            failures.append(expect_message(p, r"thread"))
        else:
            raise Failure("no run succeeded with up to 39 threads")
        check(failures, "the first limit tried already let the run through")
        return summary(p, failures[0], len(before), "%d limits failed cleanly (the last: “%s”), "
                       "then exit 0 with %d threads" % (len(failures), failures[-1], limit))


def vanish_summary(p, took, line, n, what):
    return summary(p, line, n, "%s; exit %.2f s after it" % (what, took))


def case_lazy_umount():
    with Sandbox() as s:
        m = s.tmpfs("mnt", "size=96m")
        populate(m)
        before = snapshot(m)
        fd = os.open(m, os.O_RDONLY | os.O_DIRECTORY)  # to look at the detached file system
        try:
            run = BgRun(m)
            try:
                run.wait_event("sample", "putc")
                run.wait_scratch(m)
                subprocess.run(["umount", "-l", m], check=True)
                rc, took = run.wait(VANISH_LIMIT)
            finally:
                run.close()
            p = run.result(rc, took)
            check(rc is not None, "still running %d s after the lazy unmount" % VANISH_LIMIT,
                  p.describe())
            expect_rc(p, 1)
            line = expect_message(p, r"disappeared during the run", [m])
            n = expect_clean("/proc/self/fd/%d" % fd, before, p)
        finally:
            os.close(fd)
        return vanish_summary(p, took, line.replace(s.base, "…"), n,
                              "checked on the detached file system")


def case_target_renamed():
    with Sandbox() as s:
        run = BgRun(s.target)
        try:
            run.wait_event("sample", "putc")
            run.wait_scratch(s.target)
            moved = s.path("target.moved")
            os.rename(s.target, moved)
            rc, took = run.wait(VANISH_LIMIT)
        finally:
            run.close()
        p = run.result(rc, took)
        check(rc is not None, "still running %d s after the rename" % VANISH_LIMIT, p.describe())
        expect_rc(p, 1)
        line = expect_message(p, r"disappeared during the run", [s.target])
        n = expect_clean(moved, s.before, p)
        return vanish_summary(p, took, line.replace(s.base, "…"), n,
                              "scratch removed from the moved folder")


def case_target_swapped_for_symlink():
    with Sandbox() as s:
        elsewhere = s.dir("elsewhere")
        else_before = snapshot(elsewhere)
        run = BgRun(s.target)
        try:
            run.wait_event("sample", "putc")
            run.wait_scratch(s.target)
            moved = s.path("target.moved")
            os.rename(s.target, moved)
            os.symlink("elsewhere", s.target)
            rc, took = run.wait(VANISH_LIMIT)
        finally:
            run.close()
        p = run.result(rc, took)
        check(rc is not None, "still running %d s after the swap" % VANISH_LIMIT, p.describe())
        expect_rc(p, 1)
        line = expect_message(p, r"disappeared during the run", [s.target])
        n = expect_clean(moved, s.before, p) + expect_clean(elsewhere, else_before, p)
        return vanish_summary(p, took, line.replace(s.base, "…"), n,
                              "the folder the link points to is untouched")


# Cases: outputs (what --json, -o and standard output are) ----------------------------------

def node_state(path):
    st = os.lstat(path)
    return (stat.S_IFMT(st.st_mode), st.st_rdev, st.st_ino, stat.S_IMODE(st.st_mode))


def describe_node(state):
    kinds = {stat.S_IFCHR: "character device", stat.S_IFBLK: "block device",
             stat.S_IFIFO: "FIFO", stat.S_IFREG: "regular file", stat.S_IFLNK: "symlink"}
    return "%s %d:%d" % (kinds.get(state[0], "something else"), os.major(state[1]),
                         os.minor(state[1]))


def expect_same_node(path, before, p):
    check(os.path.lexists(path), "%s is gone" % path, p.describe())
    after = node_state(path)
    check(after == before, "%s was replaced: it was a %s, now a %s"
          % (path, describe_node(before), describe_node(after)), p.describe())


def a_result(s):
    """A small real result to export, made once per case."""
    r = s.path("r.dyno.json")
    shutil.copy(os.path.join(FIXTURES, "results", "full-v1.json"), r)
    return r


def device_output_case(major, minor, command, rc, cause):
    """command(s, node) -> Proc; the node (mknod c MAJOR MINOR) must still be that device."""
    def case():
        with Sandbox() as s:
            node = s.path("node")
            os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(major, minor))
            before = node_state(node)
            p = command(s, node)
            expect_rc(p, rc)
            line = expect_message(p, cause, ["node"]) if cause else ""
            expect_same_node(node, before, p)
            return summary(p, line.replace(s.base, "…"), s.clean(p),
                           "still the character device %d:%d" % (major, minor))
    return case


def case_json_onto_fifo():
    with Sandbox() as s:
        fifo = s.path("fifo")
        os.mkfifo(fifo)
        before = node_state(fifo)
        got = []
        reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()), daemon=True)
        reader.start()
        p = cli("run", "-d", s.target, *QUICK, "--json", fifo, "-q")
        reader.join(10)
        expect_rc(p, 0)
        expect_same_node(fifo, before, p)
        check(got and json.loads(got[0].decode("utf-8")).get("format") == "dyno-result",
              "the reader of the FIFO did not get the result", p.describe())
        return summary(p, "", s.clean(p), "the reader got the result (%d bytes); still a FIFO"
                       % len(got[0]))


def case_output_symlink_to_file():
    with Sandbox() as s:
        r = a_result(s)
        victim = s.path("victim.csv")
        with open(victim, "w") as f:
            f.write("somebody's file\n")
        link = s.path("link.csv")
        os.symlink(victim, link)
        before = snapshot(s.base)
        p = cli("export", r, "--format", "csv", "-o", link)
        expect_rc(p, 1)
        line = expect_message(p, r"symbolic link", ["link.csv"])
        expect_clean(s.base, before, p)
        return summary(p, line.replace(s.base, "…"), s.clean(p) + len(before),
                       "the link and the file it points to unchanged")


def case_output_dangling_symlink():
    with Sandbox() as s:
        link = s.path("link.json")
        os.symlink(s.path("elsewhere", "r.json"), link)
        before = snapshot(s.base)
        p = cli("run", "-d", s.target, *QUICK, "--json", link, "-q")
        expect_rc(p, 2)
        line = expect_message(p, r"symbolic link.*does not exist", ["--json", "link.json"])
        expect_clean(s.base, before, p)
        return summary(p, line.replace(s.base, "…"), len(before), "refused before the run")


def case_output_block_device():
    with Sandbox() as s:
        r = a_result(s)
        node = s.path("disk")
        # A block device node whose minor no loop device uses: nothing is behind it, so even a
        # broken Dyno could not damage a disk through it; its type is what is tested.
        os.mknod(node, 0o660 | stat.S_IFBLK, os.makedev(7, 4095))
        before = node_state(node)
        p = cli("export", r, "--format", "text", "-o", node)
        expect_rc(p, 1)
        line = expect_message(p, r"block device", ["disk"])
        expect_same_node(node, before, p)
        return summary(p, line.replace(s.base, "…"), s.clean(p), "still a block device")


def case_output_dev_stdout():
    # As root a broken Dyno would replace the machine's /dev/stdout link (one did); as nobody
    # it cannot, so root runs the case as nobody.
    with Sandbox() as s:
        r = a_result(s)
        os.chmod(r, 0o644)
        if is_root():
            with Nobody() as nobody:
                p = nobody.cli("export", r, "--format", "csv", "-o", "/dev/stdout")
        else:
            p = cli("export", r, "--format", "csv", "-o", "/dev/stdout")
        expect_rc(p, 0)
        check(p.out.startswith("1.98,") or "," in p.out.splitlines()[0],
              "the CSV did not reach standard output", p.describe())
        check(os.path.exists("/dev/stdout") and os.path.islink("/dev/stdout"),
              "/dev/stdout is no longer a link")
        return summary(p, "", s.clean(p), "the CSV on standard output (%d bytes)" % len(p.out))


def case_output_dev_null_as_nobody():
    with Sandbox() as s, Nobody() as nobody:
        r = a_result(s)
        os.chmod(r, 0o644)
        before = node_state("/dev/null")
        p = nobody.cli("export", r, "--format", "csv", "-o", "/dev/null")
        expect_rc(p, 0)
        check(p.err == "", "a message for writing to /dev/null", p.describe())
        expect_same_node("/dev/null", before, p)
        return summary(p, "", s.clean(p), "/dev/null written to, not replaced")


def case_replace_keeps_mode():
    with Sandbox() as s:
        out = s.path("r.json")
        with open(out, "w") as f:
            f.write("old\n")
        os.chmod(out, 0o640)
        p = cli("run", "-d", s.target, *QUICK, "--json", out, "-q")
        expect_rc(p, 0)
        st = os.lstat(out)
        check(stat.S_ISREG(st.st_mode) and stat.S_IMODE(st.st_mode) == 0o640,
              "the replaced file has mode %o, not 640" % stat.S_IMODE(st.st_mode), p.describe())
        with open(out) as f:
            check(json.load(f).get("format") == "dyno-result", "r.json is not the new result")
        left = [n for n in os.listdir(s.base) if n.startswith(".r.json.")]
        check(not left, "temporary files left: %s" % left)
        return summary(p, "", s.clean(p), "replaced whole, mode 0640 kept, no temporary file")


class LoopDisk:
    """A loop device over 8 MiB of random bytes: a disk that a broken Dyno could write onto, and
    whose checksum shows whether it did. Detached however the case ends."""

    def __init__(self, s):
        need_root("loop devices")
        if shutil.which("losetup") is None:
            raise Skip("losetup not found (apt-get install util-linux)")
        self.image, self.dev = s.path("disk.img"), None

    def __enter__(self):
        with open(self.image, "wb") as f:
            f.write(os.urandom(8 * MIB))
        p = subprocess.run(["losetup", "-f", "--show", self.image], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        if p.returncode != 0:
            raise Skip("no loop device: %s" % p.stderr.decode("utf-8", "replace").strip())
        self.dev = p.stdout.decode().strip()
        self.before = self.digest()
        return self

    def digest(self):
        with open(self.dev, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()

    def expect_unchanged(self, p):
        check(self.digest() == self.before, "%s was written to: its sha256 changed" % self.dev,
              p.describe())

    def __exit__(self, *exc):
        if self.dev:
            subprocess.run(["losetup", "-d", self.dev], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        return False


def disk_descriptor_case(command, name, rc):
    """command(s, dev) -> dyno-cli's arguments, given the disk open read-write as descriptor 5
    (bash's `exec 5<>DEV`, as a person would): the output named `name` must be refused."""
    def case():
        with Sandbox() as s, LoopDisk(s) as disk:
            argv = [CLI] + one_pass(command(s, disk.dev))
            script = 'exec 5<>"$1"; shift; exec "$@"'
            p = run_program(["bash", "-c", script, "bash", disk.dev] + argv)
            expect_rc(p, rc)
            line = expect_message(p, r"block device", [name])
            disk.expect_unchanged(p)
            return summary(p, line.replace(s.base, "…"), s.clean(p),
                           "%s's sha256 unchanged" % disk.dev)
    return case


def case_stdout_onto_disk():
    with Sandbox() as s, LoopDisk(s) as disk:
        with open(disk.dev, "r+b") as out:
            p = cli("run", "-d", s.target, *QUICK, "-q", "--json", "-", stdout=out)
        expect_rc(p, 2)
        line = expect_message(p, r"block device", ["standard output"])
        disk.expect_unchanged(p)
        return summary(p, line, s.clean(p), "refused before the run; %s's sha256 unchanged"
                       % disk.dev)


def case_fifo_without_reader():
    with Sandbox() as s:
        r = a_result(s)
        fifo = s.path("fifo")
        os.mkfifo(fifo)
        before = node_state(fifo)
        p = cli("export", r, "--format", "csv", "-o", fifo, timeout=30)
        expect_rc(p, 1)
        line = expect_message(p, r"no program reads from", ["fifo"])
        expect_same_node(fifo, before, p)
        check(p.seconds < 20, "waited %.0f s for a reader, not about 10" % p.seconds, p.describe())
        return summary(p, line.replace(s.base, "…"), s.clean(p),
                       "gave up after %.0f s; still a FIFO" % p.seconds)


def case_scan_sample_too_small():
    with Sandbox() as s:
        p = cli("scan", "/dev/null", "--sample", "1")
        expect_rc(p, 2)
        line = expect_message(p, r"from 4K to 1G", ["--sample"])
        return summary(p, line, s.clean(p))


def case_phase_time_fraction():
    with Sandbox() as s:
        p = cli("run", "-d", s.target, "-s", "4M", "--tests", "write,read", "--phase-time", "0.4",
                "-x", "1")
        expect_rc(p, 0)
        check("Passes to last 0.4 s" in p.out, "the report does not say 0.4 s", p.describe())
        check(" 0 s" not in p.out, "a 0.4 s phase time is shown as 0 s", p.describe())
        return summary(p, "", s.clean(p), "“Passes to last 0.4 s”")


def empty_name_case(args, what):
    """args(s) -> dyno-cli arguments with one name given as "": a usage error, no run."""
    def case():
        with Sandbox() as s:
            argv = args(s)
            before = snapshot(s.base)
            p = cli(*argv)
            expect_rc(p, 2)
            line = expect_message(p, r"an empty name", [what])
            expect_clean(s.base, before, p)
            return summary(p, line, len(before), "nothing measured, nothing written")
    return case


def case_output_other_char_device():
    # 1:9 is /dev/urandom: a character device that is no terminal and no sink, and that a
    # broken Dyno writing into it could not harm (root's writes only stir the entropy pool).
    with Sandbox() as s:
        r = a_result(s)
        node = s.path("chardev")
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 9))
        before = node_state(node)
        p = cli("export", r, "--format", "csv", "-o", node)
        expect_rc(p, 1)
        line = expect_message(p, r"neither a terminal nor /dev/null", ["chardev"])
        expect_same_node(node, before, p)
        return summary(p, line.replace(s.base, "…"), s.clean(p), "not written; still the device")


def other_users_file_case(command, rc):
    """nobody names root's 0444 file in a folder anyone may write in (mode 0777, no sticky bit):
    the rename would succeed, the shell's `>` would not; Dyno must not replace it."""
    def case():
        with Sandbox() as s, Nobody() as nobody:
            shared = s.path("shared")
            os.mkdir(shared)
            os.chmod(shared, 0o777)
            victim = os.path.join(shared, "r.out")
            with open(victim, "w") as f:
                f.write("root's file\n")
            os.chmod(victim, 0o444)
            os.chmod(s.target, 0o777)
            r = a_result(s)
            os.chmod(r, 0o644)
            before = os.lstat(victim)
            p = nobody.cli(*command(s, r, victim))
            os.chmod(s.target, 0o755)
            expect_rc(p, rc)
            line = expect_message(p, r"Permission denied", ["r.out"])
            after = os.lstat(victim)
            check((after.st_ino, after.st_uid, stat.S_IMODE(after.st_mode))
                  == (before.st_ino, before.st_uid, 0o444),
                  "root's 0444 file was replaced (now owner %d, mode %o)"
                  % (after.st_uid, stat.S_IMODE(after.st_mode)), p.describe())
            with open(victim) as f:
                check(f.read() == "root's file\n", "root's file has new contents", p.describe())
            left = [n for n in os.listdir(shared) if n != "r.out"]
            check(not left, "files left in the folder: %s" % left, p.describe())
            return summary(p, line.replace(s.base, "…"), None,
                           "root's file whole: same inode, owner and mode 0444")
    return case


def stdout_full_case(command, what):
    """command(s) -> argv after dyno-cli, with standard output on /dev/full."""
    def case():
        with Sandbox() as s, open("/dev/full", "wb") as full:
            p = cli(*command(s), stdout=full)
            expect_rc(p, 1)
            line = expect_message(p, r"standard output.*No space left", [])
            return summary(p, line, s.clean(p), what)
    return case


def case_csv_onto_full_fs():
    with Sandbox() as s:
        m = s.tmpfs("full", "size=256k")
        fill(m)
        out = os.path.join(m, "results.csv")
        with open(out, "ab") as f:
            p = cli("run", "-d", s.target, *QUICK, "-q", "--csv", stdout=f)
        expect_rc(p, 1)
        line = expect_message(p, r"standard output.*No space left", [])
        return summary(p, line, s.clean(p), "the lost CSV line is reported")


# Cases: sizes that are not whole chunks ----------------------------------------------------

def odd_size_case(args, size):
    def case():
        with Sandbox() as s:
            r = s.path("r.json")
            p = cli("run", "-d", s.target, *args, "--json", r)
            expect_rc(p, 0)
            check(not re.search(r"Input/output error|No such file", p.err),
                  "a fake disk error", p.describe())
            with open(r) as f:
                doc = json.load(f)
            got = doc["config"]["size"]
            check(got % doc["config"]["chunk"] == 0 and got <= size and got > size - doc["config"]["chunk"],
                  "config.size is %s, not %d rounded down to whole chunks" % (got, size))
            line = expect_message(Proc(p.argv, p.rc, p.out, "\n".join(
                "dyno-cli: " + l for l in (p.out + p.err).splitlines()), 0), r"rounded down",
                [str(size)])
            return summary(p, line.replace("dyno-cli: ", "").strip(), s.clean(p),
                           "size %d recorded" % got)
    return case


# Cases: files fed to the readers -----------------------------------------------------------

CSV_LINE = ("1.98,2.00a,vm,1,1796019680,2G,,8192,5,648,97,475266,74,694360,62,539,93,3266122,99,"
            "9806,45,4,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,53600us,"
            "6916us,12367us,39213us,2971us,9268us,5106us,4076us,1657us,6055us,2786us,5465us")
assert len(CSV_LINE.split(",")) == 50


def fixture(*parts):
    path = os.path.join(FIXTURES, *parts)
    if not os.path.exists(path):
        raise Skip("fixture %s not found" % path)
    with open(path, "rb") as f:
        return f.read()


_CLI_COMMANDS = None


def cli_has(command):
    """Whether this dyno-cli has the subcommand (import and compare came after run)."""
    global _CLI_COMMANDS
    if _CLI_COMMANDS is None:
        p = cli("--help")
        _CLI_COMMANDS = set(re.findall(r"^\s*dyno-cli (\w+)", p.out, re.M))
    return command in _CLI_COMMANDS


def reader_case(name, make, commands, rc, cause=None, names=(), results=None):
    """make(path) writes the input; each command reads it:
    "load", "import [FORMAT]"   the engine's readers, through dyno-fault-helper;
    "cli-import", "cli-compare" dyno-cli import FILE -o OUT / dyno-cli compare FILE, when this
                                dyno-cli has them. OUT already holds files that must stay as
                                they are; on error nothing may be added to it."""
    def case():
        with Sandbox() as s:
            folder = s.dir("in", populated=False)
            path = os.path.join(folder, name)
            make(path)
            if os.path.isfile(path):
                set_times(path)
            before = snapshot(folder)
            out = s.dir("out")
            out_before = snapshot(out)
            done = []
            for command in commands:
                words = command.split()
                if words[0] in ("cli-import", "cli-compare"):
                    sub = words[0][4:]
                    if not cli_has(sub):
                        continue
                    args = [sub, path] + words[1:] + (["-o", out] if sub == "import" else [])
                    p = cli(*args, timeout=10)
                    expect_rc(p, rc)
                    if rc != 0:
                        line = expect_message(p, cause, names)
                        expect_clean(out, out_before, p)
                        done.append(("dyno-cli " + sub, line.replace(folder + "/", "")))
                        continue
                    if sub == "import":
                        new = sorted(set(os.listdir(out)) - {fsdecode(k) for k in out_before
                                                             if b"/" not in k})
                        check(results is None or len(new) == results,
                              "dyno-cli import wrote %d files, expected %d" % (len(new), results),
                              p.describe())
                        check(all(n.endswith(".dyno.json") for n in new),
                              "dyno-cli import wrote %s" % new, p.describe())
                        expect_clean(out, out_before, p, skip=new)
                        for n in new:
                            loaded = helper("load", os.path.join(out, n))
                            check(loaded.rc == 0, "an imported file does not load",
                                  loaded.describe())
                            os.unlink(os.path.join(out, n))
                        done.append(("dyno-cli import", "%d files written" % len(new)))
                    else:
                        done.append(("dyno-cli compare", "a table of %d lines"
                                     % len(p.out.splitlines())))
                    continue
                p = helper(words[0], path, *words[1:], timeout=10)
                expect_rc(p, rc)
                got = re.search(r"^results: (\d+)$", p.out, re.M)
                check(got, "the helper did not say how many results it got", p.describe())
                if rc != 0:
                    check(got.group(1) == "0", "%s results half-imported" % got.group(1),
                          p.describe())
                    line = expect_message(p, cause, names, prefix="error: ")
                    done.append((command, re.sub(r"^error: [^:]*: ", "", line)))
                else:
                    check(results is None or int(got.group(1)) == results,
                          "%s results, expected %d" % (got.group(1), results), p.describe())
                    done.append((command, "%s results" % got.group(1)))
            n = expect_clean(folder, before) + expect_clean(out, out_before)
            s.clean()
            return ("exit %d from %s; “%s”%s; input and output folders unchanged (%d entries)"
                    % (rc, ", ".join(c for c, _ in done), done[0][1],
                       "; nothing imported" if rc else "", n))
    return case


def case_import_ids_alike():
    """Two runs whose random ids share their first 8 characters (once in about 90 imports of
    10,000 runs): both are imported, under names that tell them apart."""
    if not cli_has("import"):
        raise Skip("this dyno-cli has no import command")
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        doc = json.loads(fixture("results", "full-v1.json"))
        names = []
        for i, tail_ in enumerate(("6b1d-4e7f-9c3a-5d2b8e1f4a60", "7777-4e7f-9c3a-5d2b8e1f4a61")):
            doc["id"] = "0f8e2a4c-" + tail_
            names.append(os.path.join(folder, "r%d.json" % i))
            with open(names[-1], "w") as f:
                json.dump(doc, f)
        out = s.dir("out")
        out_before = snapshot(out)
        p = cli("import", *names, "-o", out)
        expect_rc(p, 0)
        new = sorted(set(os.listdir(out)) - {fsdecode(k) for k in out_before if b"/" not in k})
        check(len(new) == 2, "%d files written, expected 2: %s" % (len(new), new), p.describe())
        expect_clean(out, out_before, p, skip=new)
        return summary(p, None, None, "exit 0; written as %s" % ", ".join(new))


def case_import_all_or_nothing():
    if not cli_has("import"):
        raise Skip("this dyno-cli has no import command")
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        good, bad = os.path.join(folder, "good.csv"), os.path.join(folder, "bad.csv")
        with open(good, "w") as f:
            f.write(CSV_LINE + "\n" + CSV_LINE + "\n")
        with open(bad, "w") as f:
            f.write(CSV_LINE + "\n" + CSV_LINE + ",x\n")
        before = snapshot(folder)
        out = s.dir("out")
        out_before = snapshot(out)
        p = cli("import", good, bad, "-o", out)
        expect_rc(p, 1)
        line = expect_message(p, r"line 2: expected 50 fields .* found 51", ["bad.csv"])
        n = expect_clean(folder, before, p) + expect_clean(out, out_before, p)
        return summary(p, line.replace(folder + "/", ""), n, "nothing written for good.csv")


def entries_under(path):
    n = 0
    for _root, dirs, files in os.walk(path):
        n += len(dirs) + len(files)
    return n


def import_signal_case(sig):
    """dyno-cli import of 10,000 runs, sig once it has started writing them: nothing added."""
    def case():
        if not cli_has("import"):
            raise Skip("this dyno-cli has no import command")
        with Sandbox() as s:
            folder = s.dir("in", populated=False)
            big = os.path.join(folder, "cron.csv")
            with open(big, "w") as f:
                f.write((CSV_LINE + "\n") * 10000)
            set_times(big)
            before = snapshot(folder)
            out = s.dir("out")
            out_before = snapshot(out)
            n_before = entries_under(out)
            argv = [CLI, "import", big, "-o", out]
            run = BgRun(s.target, argv=argv)
            try:
                end = time.monotonic() + 30
                while entries_under(out) == n_before and time.monotonic() < end:
                    check(run.proc.poll() is None, "the import ended (status %s) before it wrote "
                          "anything" % run.proc.returncode, run.describe())
                    time.sleep(0.01)
                check(entries_under(out) > n_before, "nothing written to OUT within 30 s",
                      run.describe())
                time.sleep(0.5)  # hundreds of files in
                written = entries_under(out) - n_before
                run.proc.send_signal(sig)
                rc, took = run.wait(SIGNAL_LIMIT + 20)
            finally:
                run.close()
            p = run.result(rc, took)
            check(rc is not None, "did not exit within %d s of the signal" % (SIGNAL_LIMIT + 20),
                  p.describe())
            if rc < 0:
                raise Failure("killed by %s; %d entries left in OUT"
                              % (signal.Signals(-rc).name, entries_under(out) - n_before),
                              p.describe())
            expect_rc(p, 130)
            line = expect_message(p, r"interrupted", [])
            check(took < SIGNAL_LIMIT, "took %.1f s to exit after the signal" % took, p.describe())
            n = expect_clean(folder, before, p) + expect_clean(out, out_before, p)
            return summary(p, line, None, "%d entries had been written when the signal came; "
                           "input and output folders unchanged (%d entries)" % (written, n))
    return case


def case_compare_same_label():
    """One machine's cron-collected bonnie++ CSV: 10,000 runs, one label."""
    if not cli_has("compare"):
        raise Skip("this dyno-cli has no compare command")
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        big = os.path.join(folder, "cron.csv")
        with open(big, "w") as f:
            f.write((CSV_LINE + "\n") * 10000)
        set_times(big)
        before = snapshot(folder)
        p = cli("compare", big, "--format", "json")
        expect_rc(p, 0)
        names = [e["name"] for e in json.loads(p.out)["entries"]]
        check(len(names) == 10000, "%d entries, expected 10000" % len(names), p.describe())
        check(len(set(names)) == len(names), "names are not unique", p.describe())
        check(names[0] == "vm" and names[1] == "vm (2)" and names[-1] == "vm (10000)",
              "names %r … %r, expected vm, vm (2) … vm (10000)" % (names[:2], names[-1]))
        json_took = p.seconds
        t = cli("compare", big)
        expect_rc(t, 0)
        check("vm (10000) vs vm (baseline):" in t.out, "the text has no headline for vm (10000)",
              t.describe())
        n = expect_clean(folder, before, t)
        return summary(t, None, None, "10,000 unique names, vm to vm (10000); JSON in %.1f s, "
                       "text in %.1f s; input unchanged (%d entries)" % (json_took, t.seconds, n))


def write_bytes(data):
    def make(path):
        with open(path, "wb") as f:
            f.write(data() if callable(data) else data)
    return make


def csv_lines(*lines, sep=b"\n", bom=False):
    return (b"\xef\xbb\xbf" if bom else b"") + b"".join(line.encode() + sep for line in lines)


def truncated_json():
    data = fixture("results", "full-v1.json")
    return data[:len(data) * 3 // 5]


def wrong_format_json():
    doc = json.loads(fixture("results", "full-v1.json"))
    doc["format"] = "speedtest-result"
    return json.dumps(doc).encode()


def newer_version_json():
    doc = json.loads(fixture("results", "full-v1.json"))
    doc["version"] = 99
    return json.dumps(doc).encode()


def garbage_100m():
    return random.Random(100).randbytes(100 * MIB)


def make_fifo(path):
    os.mkfifo(path)


def make_folder(path):
    os.mkdir(path)


def case_proc_file():
    """/proc files report 0 bytes but have contents: not "empty", and not read blindly."""
    path = "/proc/self/mountinfo"
    if not os.path.exists(path):
        raise Skip("no %s here" % path)
    done = []
    with Sandbox() as s:
        out = s.dir("out")
        out_before = snapshot(out)
        for words in (["load"], ["import"]):
            p = helper(words[0], path)
            expect_rc(p, 1)
            line = expect_message(p, r"not a regular file.*/proc", ["mountinfo"], prefix="error: ")
            done.append(words[0])
        for args in (["import", path, "-o", out], ["compare", path]):
            p = cli(*args)
            expect_rc(p, 1)
            line = expect_message(p, r"not a regular file.*/proc", ["mountinfo"])
            check("empty" not in line, "called empty: %s" % line, p.describe())
            done.append("dyno-cli " + args[0])
        expect_clean(out, out_before)
        return "exit 1 from %s; “%s”; nothing imported" % (", ".join(done), line)


def case_unreadable_file():
    with Sandbox() as s, Nobody() as nobody:
        folder = s.dir("in", populated=False)
        path = os.path.join(folder, "secret.csv")
        with open(path, "w") as f:
            f.write(CSV_LINE + "\n")
        os.chmod(path, 0o600)
        set_times(path)
        before = snapshot(folder)
        p = nobody.helper("import", path)
        expect_rc(p, 1)
        line = expect_message(p, r"permission denied", ["secret.csv"], prefix="error: ")
        check("results: 0" in p.out, "results were imported", p.describe())
        return summary(p, re.sub(r"^error: [^:]*: ", "", line), expect_clean(folder, before))


def case_result_file_too_large():
    """300 MiB of blanks around an object: valid-looking text above the 256 MiB limit. It must be
    refused on its size, before it is read: the helper's peak memory stays far below the file."""
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        path = os.path.join(folder, "huge.json")
        with open(path, "wb") as f:
            blanks = b" " * MIB
            for _ in range(300):
                f.write(blanks)
            f.write(b"{}")
        set_times(path)
        before = snapshot(folder)
        import resource
        start_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        p = helper("load", path)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB, the largest child
        expect_rc(p, 1)
        line = expect_message(p, r"too large for a result file \(300\.0\s?MiB; the limit is "
                              r"256\.0\s?MiB\)", ["huge.json"], prefix="error: ")
        check(peak <= max(start_rss, 64 * 1024), "the helper used %d MiB to refuse the file"
              % (peak // 1024), p.describe())
        return summary(p, re.sub(r"^error: [^:]*: ", "", line), expect_clean(folder, before),
                       "refused before reading: peak memory below 64 MiB")


def case_result_array_memory():
    """40 MB of "[0,0,0,…": within every limit as text, 1.6 GB as json-glib's tree. It is not a
    result file (not an object), which its first byte says: memory stays near the file's size."""
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        path = os.path.join(folder, "zeros.json")
        with open(path, "wb") as f:
            f.write(b"[" + b"0," * (20 * 1000 * 1000 - 1) + b"0]")
        set_times(path)
        before = snapshot(folder)
        import resource
        start_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        p = helper("load", path)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        expect_rc(p, 1)
        line = expect_message(p, r"not a Dyno result file.*found an array", ["zeros.json"],
                              prefix="error: ")
        check(peak <= max(start_rss, 256 * 1024), "the helper used %d MiB for a 40 MB file"
              % (peak // 1024), p.describe())
        return summary(p, re.sub(r"^error: [^:]*: ", "", line), expect_clean(folder, before),
                       "peak memory below 256 MiB")


READERS = [
    # (case, condition, expected, file name, maker, helper commands, exit, cause, names, results)
    ("truncated result file", "the first 60 % of a valid result file",
     "exit 1; not valid JSON, with file, line and column", "truncated.json", truncated_json,
     ["load", "import", "cli-import", "cli-compare"], 1, r"is not valid JSON: \d+:\d+",
     ["truncated.json"], None),
    ("wrong format", "a valid result file whose `format` is `speedtest-result`",
     "exit 1; not a Dyno result file, names the format", "other.json", wrong_format_json,
     ["load", "import", "cli-import", "cli-compare"], 1,
     r"not a Dyno result file \(format “speedtest-result”\)",
     ["other.json"], None),
    ("newer version", "a valid result file with `version: 99`",
     "exit 1; written by a newer Dyno, names both versions", "newer.json", newer_version_json,
     ["load", "import", "cli-import", "cli-compare"], 1,
     r"newer Dyno \(result format version 99\)", ["newer.json"], None),
    ("100 MB of garbage", "100 MiB of random bytes",
     "exit 1 quickly; not JSON / too large to import", "garbage.bin", garbage_100m,
     ["load", "import", "cli-import", "cli-compare"], 1, r"not valid JSON|too large to import",
     ["garbage.bin"], None),
    ("deeply nested JSON", "`{\"a\":` × 100 000",
     "exit 1; nested too deep, with line and column; no stack overflow", "deep.json",
     lambda: b'{"a":' * 100000, ["load", "import", "cli-import", "cli-compare"], 1,
     r"nested more than 64 levels deep",
     ["deep.json"], None),
    ("deeply nested array", "`[` × 1 000 000", "exit 1; nested too deep; no stack overflow",
     "deep-array.json", lambda: b"[" * 1000000, ["load"], 1, r"nested more than 64 levels",
     ["deep-array.json"], None),
    ("CSV with 49 fields", "3 lines, line 2 one field short",
     "exit 1; names the file, line 2 and the count; nothing imported", "short.csv",
     lambda: csv_lines(CSV_LINE, CSV_LINE.rsplit(",", 1)[0], CSV_LINE),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 2: expected 50 fields .* found 49", ["short.csv"], None),
    ("CSV with 51 fields", "3 lines, line 3 one field long",
     "exit 1; names the file, line 3 and the count; nothing imported", "long.csv",
     lambda: csv_lines(CSV_LINE, CSV_LINE, CSV_LINE + ",x"),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 3: expected 50 fields .* found 51", ["long.csv"], None),
    ("CSV with a non-numeric field", "block write rate `fast`",
     "exit 1; names the file, the line, the field and the value", "words.csv",
     lambda: csv_lines(CSV_LINE, CSV_LINE.replace(",475266,", ",fast,")),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 2: field 12 \(put_block\) is not a number: “fast”", ["words.csv"], None),
    ("CSV with a NUL byte", "a NUL inside line 2",
     "exit 1; found a NUL byte, names the line", "nul.csv",
     lambda: csv_lines(CSV_LINE, "1.98,2.00a,vm\0,1", CSV_LINE),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 2: found a NUL byte", ["nul.csv"], None),
    ("CSV with CRLF line endings", "two valid lines ending in `\\r\\n`",
     "exit 0; both runs imported", "crlf.csv", lambda: csv_lines(CSV_LINE, CSV_LINE, sep=b"\r\n"),
     ["import", "import bonnie++-csv", "cli-import", "cli-import -f csv", "cli-compare"], 0,
     None, (), 2),
    ("CSV with a UTF-8 BOM", "two valid lines after `EF BB BF`",
     "exit 0; both runs imported", "bom.csv", lambda: csv_lines(CSV_LINE, CSV_LINE, bom=True),
     ["import", "import bonnie++-csv", "cli-import", "cli-import -f csv", "cli-compare"], 0,
     None, (), 2),
    ("result file with a UTF-8 BOM", "a valid result file after `EF BB BF`",
     "exit 0; loaded", "bom.json", lambda: b"\xef\xbb\xbf" + fixture("results", "full-v1.json"),
     ["load", "import", "cli-import", "cli-compare"], 0, None, (), 1),
    ("UTF-16 result file", "a valid result file in UTF-16LE with its BOM (Notepad's “Unicode”)",
     "exit 0; converted and loaded by every reader", "utf16.json",
     lambda: ("\ufeff" + fixture("results", "full-v1.json").decode("utf-8")).encode("utf-16-le"),
     ["load", "import", "cli-import", "cli-import -f dyno", "cli-compare"], 0, None, (), 1),
    ("UTF-16BE result file without a BOM", "a valid result file in UTF-16BE, no BOM",
     "exit 0; converted and loaded", "utf16be.json",
     lambda: fixture("results", "full-v1.json").decode("utf-8").encode("utf-16-be"),
     ["load", "cli-import -f dyno"], 0, None, (), 1),
    ("empty file", "0 bytes", "exit 1; says it is empty", "empty.csv", b"",
     ["load", "import", "cli-import", "cli-compare"], 1, r"empty", ["empty.csv"], None),
    ("a FIFO", "a named pipe no one writes to",
     "exit 1 at once; not a regular file (no hang)", "pipe.csv", make_fifo,
     ["load", "import", "cli-import", "cli-compare"], 1, r"not a regular file", ["pipe.csv"],
     None),
    ("a folder", "a folder given as the file", "exit 1; not a regular file", "folder.json",
     make_folder, ["load", "import", "cli-import", "cli-compare"], 1, r"not a regular file",
     ["folder.json"], None),
]


def reader_maker(spec):
    if callable(spec) and spec in (make_fifo, make_folder):
        return spec
    return write_bytes(spec)


# The table ---------------------------------------------------------------------------------

class Case:
    def __init__(self, group, name, condition, expected, func, root=None):
        self.group, self.name, self.condition = group, name, condition
        self.expected, self.func, self.root = expected, func, root


CASES = []


def add(group, name, condition, expected, func, root=None):
    """root: why the case needs root ("mounts a tmpfs"), or None."""
    CASES.append(Case(group, name, condition, expected, func, root))


for _name, _cond, _args, _cause, _names in USAGE:
    add("flags", _name, _cond, "exit 2; names the flag and the value; nothing written",
        usage_case(_args, _cause, _names))

add("targets", "missing target", "`-d` names a folder that does not exist",
    "exit 1; does not exist, names the target", bad_target_case(lambda s: s.path("missing"),
                                                               r"does not exist"))
add("targets", "a regular file", "`-d` names a file", "exit 1; not a folder, names the target",
    bad_target_case(make_file, r"not a folder"))
add("targets", "a dangling symlink", "`-d` names a link to nowhere",
    "exit 1; does not exist, names the target", bad_target_case(make_dangling, r"does not exist"))
add("targets", "a symlink loop", "`-d` names a link to a link to itself",
    "exit 1; too many levels of links, names the target",
    bad_target_case(make_loop, r"too many levels of symbolic links"))
add("targets", "read-only tmpfs", "a populated tmpfs remounted `ro`",
    "exit 1; read-only, names the target", case_ro_tmpfs, root="mounts a tmpfs")
add("targets", "read-only bind mount", "the target bind-mounted read-only on itself",
    "exit 1; read-only, names the target", case_ro_bind, root="bind-mounts the target")
add("targets", "no permission", "run as nobody on root's 0755 folder",
    "exit 1; no permission, names the target", case_no_permission, root="runs as nobody")
add("targets", "spaces and non-UTF-8 bytes", "target `tar get \\xff\\xfe é ~$x' \"q\"`",
    "exit 0; run completes; result file loads; nothing else touched", case_weird_path)
add("targets", "non-UTF-8 path on --stream", "the same target with `--stream`",
    "exit 0; every line of the stream is valid UTF-8 JSON", case_weird_path_stream)

add("targets", "--cache drop without root", "nobody runs `--cache drop`",
    "exit 0; warns that it needs root and evicts the file's own pages instead",
    case_drop_without_root, root="runs as nobody")

add("flags", "accents in a C locale", "`LC_ALL=C run -m café --notes 'naïve ×2'`, then "
    "`compare --baseline café`, `--title Ünïcode`", "exit 0; the text is kept as typed (UTF-8)",
    case_text_in_c_locale)
add("flags", "label not UTF-8", "`-m caf\\xe9` under C.UTF-8", "exit 0; a warning names "
    "--label; the label is repaired with U+FFFD; the result file loads", case_invalid_utf8_label)
add("flags", "size with a non-ASCII byte in a C locale", "`LC_ALL=C run -s 4€`",
    "exit 2; names -s and the value", case_bad_bytes_in_size)
add("targets", "newline and escape in the name: the footer", "target `new\\nline \\xff\\x1b[31m`,"
    " text table", "exit 0; the footer's Target: line shows `new\\nline \ufffd\\u001b[31m` "
    "on one line, as the result file does", case_footer_escapes_path)
add("info", "a loop device", "ext4 in a 64 MiB image on a loop device", "device loopN; the model "
    "names the image file (and the disk it is on)", case_info_loop, root="loop devices")
add("info", "overlayfs", "an overlay of two folders of the sandbox", "the device is the upper "
    "folder's, not unknown", case_info_overlay, root="mounts an overlay")
add("info", "exFAT through FUSE", "exFAT image on a loop device, `mount.exfat-fuse`",
    "file system fuseblk.exfat, not fuseblk", fuse_case(["mkfs.exfat"], ["mount.exfat-fuse"],
                                                       "exfat"), root="loop devices")
add("info", "NTFS through ntfs-3g", "NTFS image on a loop device, `ntfs-3g`",
    "file system fuseblk.ntfs, not fuseblk", fuse_case(["mkfs.ntfs", "-F", "-Q"], ["ntfs-3g"],
                                                       "ntfs"), root="loop devices")
add("stale", "stale link out of the target",
    "`dyno-<dead>-AbCdEf` is a symlink to a folder outside holding a valid marker and `data`",
    "exit 0; the link is not followed: link and outside folder untouched",
    case_stale_symlink_out)
add("stale", "stale folder with a stranger's file",
    "a dead pid's scratch folder with marker and `data`, plus `my-notes.txt`",
    "exit 0; the folder is left exactly as it was (not emptied), with a warning naming it",
    case_stale_foreign_file)
add("stale", "scratch folder of a live process", "marker names a pid that still runs",
    "exit 0; left alone", case_stale_live_process)
add("stale", "scratch folder from another machine",
    "marker from another boot and `machine=` (a shared volume)", "exit 0; left alone",
    case_stale_other_machine)
add("stale", "another user's stale folder", "nobody runs in a 0777 folder holding root's "
    "stale 0700 scratch folder", "exit 0; the run works; root's folder untouched",
    case_stale_other_user, root="runs as nobody")

add("space", "larger than free space", "`-s 1P`",
    "exit 1 before writing; not enough free space, names the target", case_preflight_space)
add("space", "too few inodes", "`-n 1` (1024 files) on a tmpfs with `nr_inodes=300`",
    "exit 1 before writing; not enough free inodes", case_preflight_inodes, root="mounts a tmpfs")
add("space", "ENOSPC mid-write", "`-s 32M --no-space-check` on an 8 MiB tmpfs",
    "exit 1; Block write failed: No space left on device, names the target; scratch removed",
    case_enospc_write, root="mounts a tmpfs")
add("space", "inodes run out mid-test", "`-n 1 --no-space-check`, tmpfs `nr_inodes=300`",
    "exit 1; Sequential create failed: No space left; scratch removed", case_enospc_inodes,
    root="mounts a tmpfs")
add("space", "filled by another writer", "a 96 MiB tmpfs filled with `fallocate` once the "
    "per-char write phase streams samples",
    "exit 1; Per-char write failed: No space left; scratch removed; the other file intact",
    case_filled_by_another_writer, root="mounts a tmpfs")
add("space", "no inode for the marker", "a tmpfs with one free inode: the scratch folder "
    "fits, its marker does not", "exit 1; cannot write in the scratch folder, names the target; "
    "the empty folder removed", case_no_inode_for_marker, root="mounts a tmpfs")
add("space", "thin disk runs out", "ext4 on a loop device whose 128 MiB image sits on a 24 MiB "
    "tmpfs", "exit 1; Block write failed at fsync, names the target; scratch removed",
    case_thin_disk_runs_out, root="mounts a loop device")
add("space", "file size limit", "`ulimit -f` of 8 MiB, `-s 16M`",
    "exit 1, not killed by SIGXFSZ; File too large, names the target; scratch removed",
    case_file_size_limit)
add("space", "--json onto a full file system", "`--json` names an existing result on a full "
    "1 MiB tmpfs", "exit 1; cannot save, names the file; the old file whole", case_json_full_fs,
    root="mounts a tmpfs")

add("signals", "SIGINT mid-phase", "SIGINT during per-char write, `--stream`",
    "exit 130 within 5 s; `interrupted` event; scratch removed",
    signal_case([signal.SIGINT], True))
add("signals", "SIGTERM mid-phase", "SIGTERM during per-char write",
    "exit 130 within 5 s; says interrupted; scratch removed", signal_case([signal.SIGTERM], False))
add("signals", "SIGINT twice", "two SIGINTs 50 ms apart (an impatient Ctrl-C)",
    "exit 130 within 5 s; scratch removed", signal_case([signal.SIGINT, signal.SIGINT], False))
add("signals", "SIGHUP mid-phase", "SIGHUP (the terminal closed) during per-char write",
    "exit 129 or 130 within 5 s; scratch removed", signal_case([signal.SIGHUP], False,
                                                               rcs=(129, 130),
                                                               cause=r"interrupt|hang"))
for _sig, _why in ((signal.SIGQUIT, "Ctrl-\\\\"), (signal.SIGALRM, "a `timeout -s ALRM` or alarm"),
                  (signal.SIGUSR1, "dd's progress signal: Dyno ends the run"),
                  (signal.SIGUSR2, "a user signal"), (signal.SIGXCPU, "a CPU time limit"),
                  (signal.SIGRTMIN, "a real-time signal")):
    add("signals", "%s mid-phase" % _sig.name, "%s (%s) during per-char write" % (_sig.name, _why),
        "exit 130 within 5 s; says interrupted; scratch removed", signal_case([_sig], False))
add("signals", "SIGINT on --stream: no clean finish", "SIGINT during per-char write, `--stream`",
    "no `target-finished` event with `\"error\": null`; then `interrupted`",
    case_stream_no_clean_finish)
add("signals", "reader of --stream goes away", "`dyno-cli run --stream | head`: stdout closed "
    "mid-phase", "stops within 15 s, not killed by SIGPIPE; exit ≠ 0; says the output was lost; "
    "scratch removed", case_sigpipe)
add("signals", "SIGKILL, then a new run", "SIGKILL mid-phase, then a run in the same target",
    "the new run removes the dead run's folder and says so; nothing else touched",
    case_sigkill_then_rerun)
add("signals", "two runs in one target", "a second run while the first is mid-phase",
    "exit 0; the first run's folder is not touched", case_concurrent_runs)
add("signals", "the app: SIGTERM mid-run", "SIGTERM (a logout, `kill`) to `dyno --run` during "
    "block write", "exit 130 within 5 s; says interrupted; scratch removed",
    app_signal_case(signal.SIGTERM))
add("signals", "the app: SIGINT mid-run", "Ctrl+C in the terminal that started `dyno --run`",
    "exit 130 within 5 s; says interrupted; scratch removed", app_signal_case(signal.SIGINT))
add("environment", "io_uring disabled", "`sysctl kernel.io_uring_disabled=2` (as a seccomp "
    "filter in a container), queued tests", "auto: exit 0, threads, a warning; --io-engine "
    "io_uring: exit 1, says it is disabled; scratch removed", case_io_uring_disabled,
    root="sets a kernel sysctl")
add("signals", "Stop through the engine", "GCancellable cancelled at the first phase "
    "(the app's Stop)", "G_IO_ERROR_CANCELLED; scratch removed", case_engine_stop)
add("vanish", "target made mode 000 mid-run", "nobody's run; `chmod 000` on its target during "
    "per-char write; the run ends", "exit 1; says the scratch folder was left and where; the "
    "next run removes it", locked_out_case(False), root="runs as nobody")
add("vanish", "target made mode 000, then SIGTERM", "the same, then SIGTERM",
    "exit 1 (not 130: the stop was not clean); says where the scratch folder is",
    locked_out_case(True), root="runs as nobody")
add("environment", "thread limit", "nobody's `RLIMIT_NPROC` (`prlimit --nproc`) of 1, 2, 3 … "
    "until a run with `--tests write,seeks` succeeds", "every limit: exit 1 and a message "
    "about the thread that could not start, or exit 0; never an abort or a hang; nothing left",
    case_thread_limit, root="runs as nobody")
add("vanish", "lazy unmount mid-run", "`umount -l` of the target tmpfs during per-char write",
    "exit 1 within 10 s; disappeared, names the target; scratch removed from the detached fs",
    case_lazy_umount, root="mounts and unmounts a tmpfs")
add("vanish", "target renamed mid-run", "the target folder renamed during per-char write",
    "exit 1 within 10 s; disappeared, names the target; scratch removed from the moved folder",
    case_target_renamed)
add("vanish", "target swapped for a symlink", "renamed, and a symlink to another populated "
    "folder put in its place", "exit 1 within 10 s; disappeared; the other folder untouched",
    case_target_swapped_for_symlink)

add("outputs", "--json onto a device node", "as root, `mknod node c 1 3` (a /dev/null), "
    "`--json node`", "exit 0; the node is still the character device 1:3",
    device_output_case(1, 3, lambda s, node: cli("run", "-d", s.target, *QUICK, "--json", node,
                                                 "-q"), 0, None), root="makes device nodes")
add("outputs", "export onto a /dev/full node", "`export --format csv -o node`, node is "
    "`mknod c 1 7` (a /dev/full)", "exit 1; No space left, names the node; still the device",
    device_output_case(1, 7, lambda s, node: cli("export", a_result(s), "--format", "csv", "-o",
                                                 node), 1, r"No space left"),
    root="makes device nodes")
add("outputs", "--json into a FIFO", "`--json fifo` with a reader on the FIFO",
    "exit 0; the reader gets the result; still a FIFO", case_json_onto_fifo)
add("outputs", "-o a symlink to a file", "`-o link.csv`, a link to somebody's file",
    "exit 1; refused, names the link; link and file unchanged", case_output_symlink_to_file)
add("outputs", "--json a dangling symlink", "`--json link.json`, a link to a missing file",
    "exit 2 before the run; names the link", case_output_dangling_symlink)
add("outputs", "-o a block device", "`-o disk`, a block device node (`mknod b 7 4095`)",
    "exit 1; refused, a block device; still the node", case_output_block_device,
    root="makes device nodes")
add("outputs", "-o /dev/stdout", "`export --format csv -o /dev/stdout` into a pipe",
    "exit 0; the CSV on standard output", case_output_dev_stdout)
add("outputs", "-o /dev/null as nobody", "nobody exports with `-o /dev/null`",
    "exit 0, no message; /dev/null untouched", case_output_dev_null_as_nobody,
    root="runs as nobody")
add("outputs", "--json over a 0640 file", "`--json r.json`, an existing file of mode 0640",
    "exit 0; replaced whole, mode kept, no temporary file", case_replace_keeps_mode)
add("outputs", "scan --json /dev/fd/5 onto the disk", "`exec 5<>/dev/loopN; dyno-cli scan "
    "/dev/loopN --json /dev/fd/5`", "exit 2 before the scan; a block device, names /dev/fd/5; the disk's "
    "sha256 unchanged", disk_descriptor_case(
        lambda s, dev: ["scan", dev, "--sample", "1M", "--positions", "4", "--seeks", "4",
                        "--json", "/dev/fd/5"],
        "/dev/fd/5", 2), root="makes a loop device")
add("outputs", "export -o /proc/self/fd/5 onto a disk", "`exec 5<>/dev/loopN; dyno-cli export "
    "r.json -f csv -o /proc/self/fd/5`", "exit 1; a block device, names the path; the disk's "
    "sha256 unchanged", disk_descriptor_case(
        lambda s, dev: ["export", a_result(s), "--format", "csv", "-o", "/proc/self/fd/5"],
        "/proc/self/fd/5", 1), root="makes a loop device")
add("outputs", "run --json - with a disk as standard output", "`dyno-cli run --json - > "
    "/dev/loopN`", "exit 2 before the run; standard output is a block device; sha256 unchanged",
    case_stdout_onto_disk, root="makes a loop device")
add("outputs", "-o a character device that is not a terminal", "`export -o chardev`, "
    "`mknod c 1 9` (a /dev/urandom)", "exit 1; refused: neither a terminal nor /dev/null",
    case_output_other_char_device, root="makes device nodes")
add("outputs", "export -o over another user's read-only file", "nobody, `-o r.out` in a 0777 "
    "folder without the sticky bit, r.out root's and 0444", "exit 1; Permission denied; root's "
    "file whole", other_users_file_case(
        lambda s, r, victim: ["export", r, "--format", "csv", "-o", victim], 1),
    root="runs as nobody")
add("outputs", "run --json over another user's read-only file", "nobody, `--json r.out` in a "
    "0777 folder without the sticky bit, r.out root's and 0444", "exit 2 before the run; "
    "Permission denied; root's file whole", other_users_file_case(
        lambda s, r, victim: ["run", "-d", s.target, *QUICK, "-q", "--json", victim], 2),
    root="runs as nobody")
add("limits", "queued buffers beyond half the RAM", "`--test rnd-read:64m:q4096:t256` (64 TiB "
    "of buffers)", "exit 2 before the run; names the test; no scratch folder", case_queued_memory)
add("limits", "queued buffers beyond ulimit -v", "`prlimit --as=1G dyno-cli run --test "
    "seq-write:1m:q256:t4`", "exit 2 before the run; address space, ulimit -v",
    case_queued_address_space)
add("flags", "scan --sample 1", "`scan /dev/null --sample 1`", "exit 2; from 4K to 1G",
    case_scan_sample_too_small)
add("flags", "--phase-time 0.4", "`--phase-time 0.4 -x 1` on a small file",
    "exit 0; the report says 0.4 s, not 0 s", case_phase_time_fraction)
add("outputs", "export -o a FIFO no one reads", "`-o fifo`, a named pipe without a reader",
    "exit 1 after about 10 s; says no program reads from it; still a FIFO",
    case_fifo_without_reader)
for _name, _args, _what in (
        ("run -d \"\"", lambda s: ["run", "-d", "", *QUICK], "-d"),
        ("run -d DIR -d \"\"", lambda s: ["run", "-d", s.target, "-d", "", *QUICK], "-d"),
        ("info \"\"", lambda s: ["info", ""], "DIR"),
        ("scan \"\"", lambda s: ["scan", ""], "DEVICE"),
        ("list --dir \"\"", lambda s: ["list", "--dir", ""], "--dir"),
        ("compare \"\"", lambda s: ["compare", ""], "FILE"),
        ("export \"\"", lambda s: ["export", "", "-o", s.path("x.csv")], "FILE"),
        ("import -o \"\"", lambda s: ["import", a_result(s), "-o", ""], "-o")):
    add("flags", "an empty name: %s" % _name, "`dyno-cli %s`" % _name,
        "exit 2; an empty name, names the option; nothing measured or written (the current "
        "folder was benchmarked)", empty_name_case(_args, _what))
add("outputs", "run --csv onto a full file system", "`run -q --csv >> full/results.csv`, a "
    "full 256 KiB tmpfs", "exit 1; cannot write to standard output: No space left",
    case_csv_onto_full_fs, root="mounts a tmpfs")
for _name, _cmd in (
        ("run -q, table", lambda s: ["run", "-d", s.target, *QUICK, "-q"]),
        ("run --json -", lambda s: ["run", "-d", s.target, *QUICK, "-q", "--json", "-"]),
        ("compare, text", lambda s: ["compare", a_result(s)]),
        ("compare --format json", lambda s: ["compare", a_result(s), "--format", "json"]),
        ("info", lambda s: ["info", s.target])):
    add("outputs", "%s onto /dev/full" % _name, "`dyno-cli %s > /dev/full`" % _name,
        "exit 1; cannot write to standard output: No space left",
        stdout_full_case(_cmd, "the lost output is reported"))

add("sizes", "-s not a multiple of --chunk", "`-s 10000000 --tests putc,write,getc,read` "
    "(8 KiB chunks)", "exit 0; no fake disk error; the size rounded down to whole chunks and "
    "the note says so", odd_size_case(["-s", "10000000", "--tests", "putc,write,getc,read"],
                                      10000000))
add("sizes", "-s not a multiple of --chunk, syscall per-char", "`-s 1000000 --per-char syscall "
    "--per-char-size 1000000`", "exit 0; no fake disk error; rounded down, with a note",
    odd_size_case(["-s", "1000000", "--per-char", "syscall", "--per-char-size", "1000000",
                   "--tests", "putc,write,getc,read,seeks", "--seeks", "64"], 1000000))

for _name, _cond, _exp, _file, _make, _cmds, _rc, _cause, _names, _results in READERS:
    add("files", _name, _cond, _exp,
        reader_case(_file, reader_maker(_make), _cmds, _rc, _cause, _names, _results))
add("files", "result file over the size limit", "300 MiB of blanks around `{}`",
    "exit 1; names the file, its size and the 256 MiB limit; refused before it is read",
    case_result_file_too_large)
add("files", "result file: 20 M values in an array", "40 MB of `[0,0,0,…`",
    "exit 1; not a result file; memory stays proportional to the file (below 256 MiB)",
    case_result_array_memory)
add("files", "import: two ids alike in 8 characters", "two result files whose ids start with the "
    "same `0f8e2a4c-`", "exit 0; both imported under names that differ", case_import_ids_alike)
add("files", "import: one bad file among good ones", "`dyno-cli import good.csv bad.csv -o OUT`",
    "exit 1; names bad.csv and its line; nothing written to OUT", case_import_all_or_nothing)
add("files", "a /proc file", "`/proc/self/mountinfo` (reports 0 bytes, has text)",
    "exit 1; not a regular file, names /proc (not “empty”)", case_proc_file)
add("files", "unreadable file", "nobody imports root's 0600 CSV",
    "exit 1; permission denied, names the file", case_unreadable_file, root="runs as nobody")
add("files", "compare: 10,000 runs of one label", "`dyno-cli compare cron.csv`, a bonnie++ CSV "
    "of 10,000 lines from one machine (one label)", "exit 0 within 60 s, text and JSON; names "
    "vm, vm (2) … vm (10000)", case_compare_same_label)
for _sig, _why in ((signal.SIGINT, "Ctrl-C"), (signal.SIGTERM, "`kill`"),
                  (signal.SIGHUP, "the terminal closed"), (signal.SIGQUIT, "Ctrl-\\\\"),
                  (signal.SIGUSR1, "dd's progress signal")):
    add("files", "import: %s mid-write" % _sig.name, "%s (%s) while `dyno-cli import` writes "
        "10,000 runs of one CSV into OUT" % (_sig.name, _why), "exit 130; says interrupted; "
        "nothing added to OUT, no temporary file", import_signal_case(_sig))


# Round three, imports and signals (issue 20, items 11, 13-15) -------------------------------
# Cases and their helpers for this part go here, above the next heading.

def cut_last_line(*parts, n=3):
    """The fixture without its last n bytes: cut inside its last line, as an interrupted copy or
    download leaves it."""
    return lambda: fixture(*parts)[:-n]


def fio_twice(damage_second=False):
    """fio --output-format=json >> runs.json, twice: two documents, each with fio's note line
    before it; the second with a rate that is a string, when damaged."""
    def make():
        doc = fixture("import", "fio-3.33-randread.json")
        second = re.sub(rb'"iops" : [0-9.]+', b'"iops" : "x"', doc, count=1) \
            if damage_second else doc
        return doc + second
    return make


IMPORT_READERS = [
    # as READERS: (case, condition, expected, file name, maker, commands, exit, cause, names,
    # results)
    ("CrystalDiskMark export cut inside its last line",
     "CrystalDiskMark 7's export without its last 3 bytes (“…Comment: …” cut)",
     "exit 1; the file ends inside line 30, names the file; nothing imported", "cdm-cut.txt",
     cut_last_line("import", "crystaldiskmark-7.0.0-mix.txt"),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 30: the file ends inside this line.*cut short", ["cdm-cut.txt"], None),
    ("KDiskMark export cut inside its last line",
     "KDiskMark 3.1's export without its last 3 bytes (“OS: …” cut)",
     "exit 1; the file ends inside line 28, names the file; nothing imported", "kdm-cut.txt",
     cut_last_line("import", "kdiskmark-3.1.txt"),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 28: the file ends inside this line.*cut short", ["kdm-cut.txt"], None),
    ("bonnie++ text table cut inside its last line",
     "bonnie++ 2.00a's table without its last 3 bytes (the last latency “5465us” cut to “5465”)",
     "exit 1; the file ends inside line 10, names the file; nothing imported", "bpp-cut.txt",
     cut_last_line("import", "bonnie++-2.00a.txt"),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 10: the file ends inside this line.*cut short", ["bpp-cut.txt"], None),
    ("Bonnie table cut inside its last line", "Bonnie's 64-bit table without its last 3 bytes",
     "exit 1; the file ends inside line 4, names the file; nothing imported", "bonnie-cut.txt",
     cut_last_line("import", "bonnie-64.txt"),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 4: the file ends inside this line.*cut short", ["bonnie-cut.txt"], None),
    ("bonnie++ CSV cut inside its last line",
     "bonnie++ 1.03c's CSV line without its last 2 bytes (“+++” cut to “+”)",
     "exit 1; the file ends inside line 1, names the file; nothing imported", "csv-cut.csv",
     cut_last_line("import", "bonnie++-1.03c.csv", n=2),
     ["import", "cli-import", "cli-compare"], 1,
     r"line 1: the file ends inside this line.*cut short", ["csv-cut.csv"], None),
    ("two fio JSON documents in one file", "`fio --output-format=json >> runs.json` twice",
     "exit 0; both documents imported (2 runs), none dropped", "runs.json", fio_twice(),
     ["import", "import fio-json", "cli-import", "cli-compare"], 0, None, (), 2),
    ("two fio JSON documents, the second damaged",
     "the same, with a rate in the second document a string",
     "exit 1; names the file, line 230 and the second document; nothing imported",
     "runs-bad.json", fio_twice(damage_second=True), ["import", "cli-import", "cli-compare"], 1,
     r"line 230: JSON document 2: jobs\[0\]\.read: .*expected a number", ["runs-bad.json"],
     None),
]

for _name, _cond, _exp, _file, _make, _cmds, _rc, _cause, _names, _results in IMPORT_READERS:
    add("files", _name, _cond, _exp,
        reader_case(_file, reader_maker(_make), _cmds, _rc, _cause, _names, _results))

# A reader that went away, and a signal during the final save ------------------------------

def closed_pipe_run(argv, timeout=TIMEOUT):
    """argv with a pipe whose reader is gone as its standard output (`… | head -n 1` once head
    has exited): every write there fails."""
    r, w = os.pipe()
    os.close(r)
    with os.fdopen(w, "wb") as out:
        return run_program(argv, timeout=timeout, stdout=out)


def expect_not_killed(p, what="nothing"):
    if p.rc is not None and p.rc < 0:
        raise Failure("killed by %s; left %s" % (signal.Signals(-p.rc).name, what), p.describe())


def a_list_folder(s):
    d = s.dir("runs", populated=False)
    for i in range(3):
        doc = json.loads(fixture("results", "full-v1.json"))
        doc["id"] = "%08x-6b1d-4e7f-9c3a-5d2b8e1f4a6%d" % (0x0f8e2a40 + i, i)
        with open(os.path.join(d, "r%d.dyno.json" % i), "w") as f:
            json.dump(doc, f)
    return d


SIGPIPE_COMMANDS = [
    # (command, what it is given) -> argv after dyno-cli
    ("compare", lambda s, dev: ["compare", os.path.join(FIXTURES, "import", "bonnie++-2.00a.csv"),
                                os.path.join(FIXTURES, "import", "bonnie++-1.03c.csv")]),
    ("info", lambda s, dev: ["info", s.target]),
    ("list", lambda s, dev: ["list", "--dir", a_list_folder(s)]),
    ("export -o -", lambda s, dev: ["export", a_result(s), "--format", "csv", "-o", "-"]),
    ("scan", lambda s, dev: ["scan", dev, "--sample", "4K", "--positions", "8",
                             "--seeks", "8"]),
]


def sigpipe_command_case(command, make):
    """dyno-cli COMMAND | head -n 0: the reader is gone before the first write."""
    def case():
        with Sandbox() as s:
            if command == "scan":
                with LoopDisk(s) as disk:
                    p = closed_pipe_run([CLI] + make(s, disk.dev))
                    disk.expect_unchanged(p)
            else:
                p = closed_pipe_run([CLI] + make(s, None))
            expect_not_killed(p)
            expect_rc(p, 1)
            line = expect_message(p, r"standard output.*(closed|Broken pipe)")
            return summary(p, line, s.clean(p))
    return case


def many_runs_csv(folder, n):
    path = os.path.join(folder, "cron.csv")
    with open(path, "w") as f:
        f.write((CSV_LINE + "\n") * n)
    set_times(path)
    return path


def staging_dirs(path):
    try:
        return sorted(n for n in os.listdir(path) if n.startswith(".dyno-import-"))
    except FileNotFoundError:
        return []


def case_import_listing_lost():
    """dyno-cli import … -o new/a/b | head -n 0: the list of imported files cannot be written."""
    if not cli_has("import"):
        raise Skip("this dyno-cli has no import command")
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        big = many_runs_csv(folder, 100)
        before = snapshot(folder)
        out = s.path("new", "a", "b")
        p = closed_pipe_run([CLI, "import", big, "-o", out])
        left = entries_under(s.path("new")) if os.path.exists(s.path("new")) else 0
        expect_not_killed(p, "%d entries under new/" % left)
        expect_rc(p, 1)
        line = expect_message(p, r"standard output.*nothing was imported")
        check(not os.path.exists(s.path("new")), "new/ is left, with %d entries (it was made "
              "by the import)" % left, p.describe())
        n = expect_clean(folder, before, p)
        return summary(p, line, None, "new/, new/a and new/a/b removed with the 100 files; "
                       "input unchanged (%d entries)" % n)


def case_import_sigpipe_signal():
    """kill -PIPE while dyno-cli import writes 10,000 runs: ignored, as by every command."""
    if not cli_has("import"):
        raise Skip("this dyno-cli has no import command")
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        big = many_runs_csv(folder, 10000)
        out = s.dir("out")
        out_before = snapshot(out)
        n_before = entries_under(out)
        run = BgRun(s.target, argv=[CLI, "import", big, "-o", out])
        try:
            end = time.monotonic() + 30
            while entries_under(out) == n_before and time.monotonic() < end:
                check(run.proc.poll() is None, "the import ended (status %s) before it wrote "
                      "anything" % run.proc.returncode, run.describe())
                time.sleep(0.01)
            check(entries_under(out) > n_before, "nothing written to OUT within 30 s",
                  run.describe())
            run.proc.send_signal(signal.SIGPIPE)
            # 10,000 files take long on a slow or busy machine: only a stop in their coming is
            # a hang.
            rc, took = run.wait_progressing(TIMEOUT, lambda: entries_under(out))
        finally:
            run.close()
        p = run.result(rc, took)
        check(rc is not None, "wrote nothing more for %d s and did not exit" % TIMEOUT,
              p.describe())
        expect_not_killed(p, "%s in OUT" % (", ".join(staging_dirs(out)) or "nothing"))
        expect_rc(p, 0)
        new = sorted(set(os.listdir(out)) - {fsdecode(k) for k in out_before if b"/" not in k})
        check(not staging_dirs(out), "staging folder left: %s" % staging_dirs(out), p.describe())
        check(len(new) == 10000 and all(n.endswith(".dyno.json") for n in new),
              "%d files written, expected 10,000 result files" % len(new), p.describe())
        n = expect_clean(out, out_before, p, skip=new)
        return summary(p, None, None, "SIGPIPE ignored; all 10,000 runs imported, no staging "
                       "folder; the rest of OUT unchanged (%d entries)" % n)


def fake_staging(out, name, marker=None, files=("vm-0f8e2a4c.dyno.json",)):
    d = os.path.join(out, name)
    os.mkdir(d, 0o700)
    for f in files:
        with open(os.path.join(d, f), "w") as fh:
            fh.write("{}\n")
    if marker is not None:
        with open(os.path.join(d, ".dyno-import"), "w") as fh:
            fh.write(marker)
    for root, dirs, names in os.walk(d):
        for n in dirs + names:
            set_times(os.path.join(root, n))
    return d


def import_marker(pid, identity="unknown", machine=None):
    return ("Dyno import staging folder: safe to delete when no dyno-cli import runs.\n"
            "pid=%d\nidentity=%s\n%s" % (pid, identity,
                                          "machine=%s\n" % machine if machine else ""))


def case_import_stale_staging():
    """Staging folders in OUT: one of a killed import (its marker names a dead process), and
    others it cannot prove are a dead import's own."""
    if not cli_has("import"):
        raise Skip("this dyno-cli has no import command")
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        csv = many_runs_csv(folder, 1)
        out = s.dir("out")
        dead = dead_pid()
        stale = fake_staging(out, ".dyno-import-dead01", import_marker(dead), files=(
            "vm-0f8e2a4c.dyno.json", "vm-1f8e2a4c.dyno.json", ".vm-2f8e2a4c.dyno.json.Ab12Cd"))
        fake_staging(out, ".dyno-import-alive1", import_marker(os.getpid()))
        fake_staging(out, ".dyno-import-strng1", import_marker(dead),
                     files=("vm-0f8e2a4c.dyno.json", "notes.txt"))
        fake_staging(out, ".dyno-import-nomark")
        fake_staging(out, ".dyno-import-elsewh", import_marker(dead, machine="0" * 32))
        out_before = snapshot(out, skip=[os.path.basename(stale)])
        p = cli("import", csv, "-o", out)
        expect_rc(p, 0)
        check(not os.path.exists(stale), "%s (a dead import's, by its marker) was not removed"
              % os.path.basename(stale), p.describe())
        line = expect_message(p, r"removed .*left behind by an earlier import \(process %d\)"
                              % dead, [".dyno-import-dead01"])
        new = sorted(set(os.listdir(out)) - {fsdecode(k) for k in out_before if b"/" not in k})
        check(len(new) == 1, "wrote %s" % new, p.describe())
        n = expect_clean(out, out_before, p, skip=new)
        return summary(p, line.replace(out + "/", ""), None, "the live process's, the one with "
                       "a stranger's file, the unmarked one and another machine's kept; "
                       "%d entries unchanged" % n)


def case_import_nested_signal():
    """SIGTERM while dyno-cli import -o new/a/b writes 10,000 runs: every folder it made goes."""
    if not cli_has("import"):
        raise Skip("this dyno-cli has no import command")
    with Sandbox() as s:
        folder = s.dir("in", populated=False)
        big = many_runs_csv(folder, 10000)
        out = s.path("new", "a", "b")
        run = BgRun(s.target, argv=[CLI, "import", big, "-o", out])
        try:
            end = time.monotonic() + 30
            while (not os.path.isdir(out) or entries_under(out) == 0) \
                    and time.monotonic() < end:
                check(run.proc.poll() is None, "the import ended (status %s) before it wrote "
                      "anything" % run.proc.returncode, run.describe())
                time.sleep(0.01)
            check(os.path.isdir(out) and entries_under(out) > 0,
                  "nothing written to new/a/b within 30 s", run.describe())
            run.proc.send_signal(signal.SIGTERM)
            rc, took = run.wait(SIGNAL_LIMIT + 20)
        finally:
            run.close()
        p = run.result(rc, took)
        check(rc is not None, "did not exit within %d s of the signal" % (SIGNAL_LIMIT + 20),
              p.describe())
        expect_not_killed(p, "new/")
        expect_rc(p, 130)
        line = expect_message(p, r"interrupted")
        left = sorted(os.path.relpath(os.path.join(r, d), s.base)
                      for r, dirs, _ in os.walk(s.path("new")) for d in dirs)
        check(not os.path.exists(s.path("new")), "left new/ (made by the import)%s"
              % (": " + ", ".join(left) if left else ""), p.describe())
        return summary(p, line, None, "new/, new/a and new/a/b removed")


SCAN_SIGNALS = ((signal.SIGINT, "Ctrl-C"), (signal.SIGTERM, "`kill`"),
                (signal.SIGHUP, "the terminal closed"), (signal.SIGQUIT, "Ctrl-\\\\"),
                (signal.SIGUSR1, "dd's progress signal"), (signal.SIGUSR2, "SIGUSR2"),
                (signal.SIGALRM, "a timeout's alarm"))


def scan_signal_case(sig):
    """dyno-cli scan of a loop device, sig mid-scan. The scan's progress goes into a pipe that
    is read no further once the first line came, so the scan is still under way (at most a pipe
    buffer ahead) whatever the machine's speed; after the signal the pipe is drained."""
    def case():
        with Sandbox() as s, LoopDisk(s) as disk:
            argv = [CLI, "scan", disk.dev, "--sample", "4K", "--positions", "100000",
                    "--seeks", "0"]
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
            err = []
            th = threading.Thread(target=lambda: err.append(proc.stderr.read()), daemon=True)
            th.start()
            out = b""
            try:
                end = time.monotonic() + 30
                while b"/100000" not in out and time.monotonic() < end:
                    ready, _, _ = select.select([proc.stdout], [], [], 0.1)
                    if ready:
                        data = os.read(proc.stdout.fileno(), 4096)
                        if not data:
                            break
                        out += data
                check(b"/100000" in out, "no progress line within 30 s", tail(out))
                proc.send_signal(sig)
                start = time.monotonic()
                out += proc.stdout.read()
                try:
                    rc = proc.wait(SIGNAL_LIMIT + 20)
                except subprocess.TimeoutExpired:
                    rc = None
                took = time.monotonic() - start
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
                th.join(10)
                proc.stdout.close()
                proc.stderr.close()
            p = Proc(argv, rc, out.decode("utf-8", "replace"),
                     b"".join(err).decode("utf-8", "replace"), took)
            check(rc is not None, "did not exit within %d s of the signal" % (SIGNAL_LIMIT + 20),
                  p.describe())
            expect_not_killed(p)
            expect_rc(p, 130)
            line = expect_message(p, r"interrupted")
            check(b"Summary" not in out, "a summary after the signal", p.describe())
            disk.expect_unchanged(p)
            return summary(p, line, s.clean(p), "%s's sha256 unchanged" % disk.dev)
    return case


def save_signal_case(command):
    """SIGTERM while the final --json is being saved: its temporary file is written, and
    fchmod() on it is held 3 s by strace (delay_enter) when the signal comes."""
    def case():
        need_root("strace on the process")
        if shutil.which("strace") is None:
            raise Skip("strace not found (apt-get install strace)")
        with Sandbox() as s, (LoopDisk(s) if command == "scan" else Sandbox()) as disk:
            out = s.dir("out", populated=False)
            json_path = os.path.join(out, "r.json")
            if command == "scan":
                args = ["scan", disk.dev, "--sample", "4K", "--positions", "8", "--seeks", "8",
                        "-q"]
            else:
                args = one_pass(["run", "-d", s.target] + QUICK + ["-q"])
            argv = ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=fchmod",
                    "-e", "inject=fchmod:delay_enter=3000000", CLI] + args + ["--json", json_path]
            # Under strace, LeakSanitizer cannot stop the process's threads at exit (they are
            # traced already) and aborts in the sanitizer: the leak check is off here only.
            env = dict(os.environ)
            if "ASAN_OPTIONS" in env:
                env["ASAN_OPTIONS"] += ":detect_leaks=0"
            run = BgRun(s.target, argv=argv, env=env)
            try:
                end = time.monotonic() + 60
                temp = []
                while not temp and time.monotonic() < end and run.proc.poll() is None:
                    temp = [n for n in os.listdir(out) if re.fullmatch(r"\.r\.json\.\w{6}", n)]
                    time.sleep(0.01)
                check(temp, "no temporary file of r.json within 60 s (status %s)"
                      % run.proc.poll(), run.describe())
                with open("/proc/%d/task/%d/children" % (run.pid, run.pid)) as f:
                    pid = int(f.read().split()[0])
                os.kill(pid, signal.SIGTERM)
                rc, took = run.wait(SIGNAL_LIMIT + 20)
            finally:
                run.close()
            p = run.result(rc, took)
            check(rc is not None, "did not exit within %d s of the signal" % (SIGNAL_LIMIT + 20),
                  p.describe())
            left = sorted(os.listdir(out))
            # strace dies of the signal that killed its tracee (or exits with 128+N).
            check(rc not in (-signal.SIGTERM, 128 + signal.SIGTERM), "killed by SIGTERM during "
                  "the save; left %s" % (", ".join(left) or "nothing"), p.describe())
            expect_rc(p, 130)
            line = expect_message(p, r"interrupted")
            check(left == ["r.json"], "out/ holds %s, not r.json alone" % left, p.describe())
            with open(json_path) as f:
                doc = json.load(f)
            check(doc.get("format") in ("dyno-result", "dyno-scan"), "r.json is not the %s's "
                  "result: format %r" % (command, doc.get("format")), p.describe())
            return summary(p, line.replace(s.base, "…"), s.clean(p), "the save finished: "
                           "r.json whole, no temporary file")
    return case


def output_save_signal_case(command):
    """SIGTERM while `dyno-cli export` or `compare` saves its -o file, held in fchmod() by strace
    as in save_signal_case. These commands keep SIGTERM's default action: they may die of it,
    but only once the file is whole and in place."""
    def case():
        need_root("strace on the process")
        if shutil.which("strace") is None:
            raise Skip("strace not found (apt-get install strace)")
        with Sandbox() as s:
            out = s.dir("out", populated=False)
            path = os.path.join(out, "r.csv")
            if command == "export":
                args = ["export", a_result(s), "--format", "csv"]
            else:
                args = ["compare", os.path.join(FIXTURES, "import", "bonnie++-2.00a.csv"),
                        os.path.join(FIXTURES, "import", "bonnie++-1.03c.csv")]
            want = cli(*(args + ["-o", "-"]))
            expect_rc(want, 0)
            argv = ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=fchmod",
                    "-e", "inject=fchmod:delay_enter=3000000", CLI] + args + ["-o", path]
            # Under strace, LeakSanitizer cannot stop the process's threads at exit (they are
            # traced already) and aborts in the sanitizer: the leak check is off here only.
            env = dict(os.environ)
            if "ASAN_OPTIONS" in env:
                env["ASAN_OPTIONS"] += ":detect_leaks=0"
            run = BgRun(s.target, argv=argv, env=env)
            try:
                end = time.monotonic() + 60
                temp = []
                while not temp and time.monotonic() < end and run.proc.poll() is None:
                    temp = [n for n in os.listdir(out) if re.fullmatch(r"\.r\.csv\.\w{6}", n)]
                    time.sleep(0.01)
                check(temp, "no temporary file of r.csv within 60 s (status %s)"
                      % run.proc.poll(), run.describe())
                with open("/proc/%d/task/%d/children" % (run.pid, run.pid)) as f:
                    os.kill(int(f.read().split()[0]), signal.SIGTERM)
                rc, took = run.wait(SIGNAL_LIMIT + 20)
            finally:
                run.close()
            p = run.result(rc, took)
            check(rc is not None, "did not exit within %d s of the signal" % (SIGNAL_LIMIT + 20),
                  p.describe())
            left = sorted(os.listdir(out))
            check(left == ["r.csv"], "out/ holds %s, not r.csv alone" % left, p.describe())
            with open(path) as f:
                check(f.read() == want.out, "r.csv is not what the command writes",
                      p.describe())
            return summary(p, None, s.clean(p), "r.csv whole and in place, then %s; no "
                           "temporary file" % ("killed by SIGTERM" if rc in (-15, 143)
                                               else "exit %s" % rc))
    return case


add("signals", "import: listing into a closed pipe", "`dyno-cli import cron.csv -o new/a/b | "
    "head -n 0`, 100 runs", "exit 1; says the list is lost and nothing was imported; new/, "
    "new/a, new/a/b and the files removed", case_import_listing_lost)
add("signals", "import: SIGPIPE mid-write", "`kill -PIPE` while `dyno-cli import` writes 10,000 "
    "runs", "exit 0; SIGPIPE ignored (as by every command); every run imported, no staging "
    "folder left", case_import_sigpipe_signal)
add("files", "import: stale staging folders", "OUT holds `.dyno-import-*` folders: a dead "
    "import's (marker, dead pid), a live process's, one with a stranger's file, one without a "
    "marker, another machine's", "exit 0; only the dead import's removed, and said so; the "
    "rest unchanged", case_import_stale_staging)
add("signals", "import -o new/a/b: SIGTERM mid-write", "SIGTERM while `dyno-cli import` writes "
    "10,000 runs into new/a/b, none of which existed", "exit 130; says interrupted; new/, "
    "new/a and new/a/b removed", case_import_nested_signal)
for _cmd, _make in SIGPIPE_COMMANDS:
    add("signals", "%s into a closed pipe" % _cmd, "`dyno-cli %s … | head -n 0`: the reader of "
        "standard output is gone" % _cmd, "exit 1; says standard output was closed and the "
        "output lost; not killed by SIGPIPE", sigpipe_command_case(_cmd, _make),
        root="a loop device" if _cmd == "scan" else None)
for _sig, _why in SCAN_SIGNALS:
    add("signals", "scan: %s mid-scan" % _sig.name, "%s (%s) while `dyno-cli scan` reads an "
        "8 MiB loop device" % (_sig.name, _why), "exit 130; says interrupted; the device "
        "unchanged", scan_signal_case(_sig), root="a loop device")
for _cmd in ("run", "scan"):
    add("signals", "%s: SIGTERM during the final --json save" % _cmd, "SIGTERM while `dyno-cli "
        "%s --json r.json` writes r.json's temporary file (strace holds its fchmod 3 s)" % _cmd,
        "exit 130 once the save is done; r.json whole, no `.r.json.XXXXXX` left",
        save_signal_case(_cmd), root="strace%s" % (" and a loop device" if _cmd == "scan"
                                                   else ""))
for _cmd in ("export", "compare"):
    add("signals", "%s -o: SIGTERM during the save" % _cmd, "SIGTERM while `dyno-cli %s … -o "
        "r.csv` writes r.csv's temporary file (strace holds its fchmod 3 s)" % _cmd,
        "the file whole and in place before SIGTERM ends the process; no `.r.csv.XXXXXX` left",
        output_save_signal_case(_cmd), root="strace")

# Round three: end of imports and signals ----------------------------------------------------


# Round three, words a person reads (issue 20, items 19-21, 25, 26, 28-31) --------------------
# Cases and their helpers for this part go here, above the next heading.

# A name that would act on a terminal: a line break (which could start a line of its own
# reading "dyno-cli: …"), the escape of a colour sequence, a bell.
FORGED = b"new\ndyno-cli: forged\x1b[31m\x07 x"
CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")


def expect_printable(p, text, what):
    """No control character but the line breaks and tabs of the layout, and no line that a name
    forged."""
    m = CONTROL_RE.search(text)
    check(not m, "a control character (%r) reached %s raw" % (m.group(0) if m else "", what),
          p.describe())
    check(not any(line.startswith("dyno-cli: forged") for line in text.splitlines()),
          "a newline in a name started a line of %s of its own" % what, p.describe())


def case_info_controls():
    with Sandbox() as s:
        target = os.path.join(fsencode(s.base), FORGED)
        os.mkdir(target)
        p = cli("info", target)
        expect_rc(p, 0)
        expect_printable(p, p.out, "stdout")
        lines = [ln for ln in p.out.splitlines() if ln.startswith("Target ")]
        check(lines and "new\\ndyno-cli: forged\\x1b[31m\\x07 x" in lines[0],
              "the Target line does not show the name escaped: %r" % lines[:1], p.describe())
        return summary(p, lines[0].replace(s.base, "…"), s.clean(p))


def case_messages_escape_newline():
    """run and scan quote a name in their messages: one line each, escaped."""
    with Sandbox() as s:
        parent = os.path.join(fsencode(s.base), FORGED)
        os.mkdir(parent)
        missing = os.path.join(parent, b"missing")
        p = cli("run", "-d", missing, *QUICK)
        expect_rc(p, 1)
        expect_printable(p, p.err, "run's stderr")
        line = expect_message(p, r"does not exist", ["new\\ndyno-cli: forged\\x1b[31m"])
        link = os.path.join(fsencode(s.base), b"dev-" + FORGED)
        os.symlink("/dev/null", link)
        q = cli("scan", "--positions", "2", "--seeks", "0", "--sample", "4K", link)
        expect_rc(q, (1, 2))
        expect_printable(q, q.err, "scan's stderr")
        expect_printable(q, q.out, "scan's stdout")
        expect_message(q, r"not a block device", ["dev-new\\ndyno-cli: forged"])
        return summary(p, line.replace(s.base, "…"), s.clean(p),
                       "scan of a link so named: one escaped message too")


def case_loop_image_controls():
    """A loop image's file name is the model of its device: info and scan print it escaped."""
    with Sandbox() as s, LoopImage(s, fsdecode(b"img-" + FORGED),
                                   ["mkfs.ext4", "-q", "-F"]) as img:
        p = cli("info", img.where)
        expect_rc(p, 0)
        expect_printable(p, p.out, "info's stdout")
        model = [ln for ln in p.out.splitlines() if ln.startswith("Model ")]
        check(model and "img-new\\ndyno-cli: forged" in model[0],
              "the Model line does not name the image escaped: %r" % model[:1], p.describe())
        link = os.path.join(fsencode(s.base), b"lnk-" + FORGED)
        os.symlink(img.dev, link)
        q = cli("scan", "--positions", "2", "--seeks", "1", "--sample", "4K", link)
        expect_rc(q, 0)
        expect_printable(q, q.out, "scan's stdout")
        expect_printable(q, q.err, "scan's stderr")
        return summary(p, model[0].replace(s.base, "…"), None,
                       "scan through a link so named: escaped too")


add("words", "control characters in info", "`info` of a folder `new\\ndyno-cli: forged\\x1b[31m"
    "\\x07 x`", "exit 0; the Target line shows the name escaped; no control character on "
    "stdout", case_info_controls)
add("words", "a newline in a name: run and scan messages", "`run -d` a missing folder in that "
    "folder; `scan` a link so named to /dev/null", "one `dyno-cli:` line each, the name escaped "
    "(\\n, \\x1b); no line forged", case_messages_escape_newline)
add("words", "control characters from a loop image's name", "`info` of an ext4 image so named, "
    "on a loop device; `scan` through a link so named", "the Model line names the image "
    "escaped; nothing raw on stdout or stderr", case_loop_image_controls, root="loop devices")


def labelled_result(s, name, label, notes=None):
    """The fixture result with another label (and notes), its id made its own."""
    with open(os.path.join(FIXTURES, "results", "full-v1.json"), encoding="utf-8") as f:
        doc = json.load(f)
    doc["label"] = label
    if notes is not None:
        doc["notes"] = notes
    doc["id"] = "%s%s" % (name.encode().hex()[:8], doc["id"][8:])
    path = s.path(name + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return path


def case_markdown_labels():
    with Sandbox() as s:
        a = labelled_result(s, "a", "<script>alert(1)</script>", "<b>bold</b> & more")
        b = labelled_result(s, "b", "<img src=x onerror=alert(2)> | [x](javascript:y)")
        p = cli("compare", "--format", "md", a, b)
        expect_rc(p, 0)
        for raw in ("<script>", "<img", "</script>"):
            check(raw not in p.out, "%r reached the Markdown raw" % raw, p.describe())
        check(not re.search(r"(?<!\\)\]\(javascript", p.out), "a link reached the Markdown "
              "raw", p.describe())
        check("&lt;script&gt;alert(1)&lt;/script&gt;" in p.out
              and "&lt;img src=x onerror=alert(2)&gt;" in p.out,
              "the labels are not shown as text (&lt;…&gt;)", p.describe())
        bars = lambda line: len(re.findall(r"(?<!\\)\|", line))  # noqa: E731
        rows = [ln for ln in p.out.splitlines() if "onerror" in ln and ln.startswith("|")]
        check(rows and bars(rows[0]) == bars(p.out.splitlines()[0]),
              "a | in a label split the table's row: %r" % rows[:1], p.describe())
        return summary(p, None, None, "labels shown as `&lt;script&gt;…`, `\\|` kept in its cell")


add("words", "compare --format md: HTML in labels", "labels `<script>alert(1)</script>` and "
    "`<img src=x onerror=alert(2)> | [x](javascript:y)`", "exit 0; <, >, & as entities; "
    "| [ ] escaped; the row keeps its cells", case_markdown_labels)

# A test's parameters: out of range is said so, with the range; twice is a usage error.
for _name, _cond, _args, _cause, _names in [
    ("queue depth 0", "`--test rnd-read:4k:q0`", ["--test", "rnd-read:4k:q0"],
     r"out of range.*from 1 to 4096", ["--test", "q0"]),
    ("queue depth 4097", "`--test rnd-read:4k:q4097`", ["--test", "rnd-read:4k:q4097"],
     r"out of range.*from 1 to 4096", ["--test", "q4097"]),
    ("threads 257", "`--test rnd-read:4k:t257`", ["--test", "rnd-read:4k:t257"],
     r"out of range.*from 1 to 256", ["--test", "t257"]),
    ("a parameter twice", "`--test rnd-read:4k:q1:q32`", ["--test", "rnd-read:4k:q1:q32"],
     r"queue depth is given twice", ["--test", "q32"]),
    ("a block size twice", "`--test rnd-read:4k:8k`", ["--test", "rnd-read:4k:8k"],
     r"block size is given twice", ["--test", "8k"]),
]:
    add("words", "--test: %s" % _name, _cond, "exit 2; names the parameter and says why; "
        "nothing written", usage_case(_args, _cause, _names))


def edited_result(s, name, edit):
    """The fixture result, changed by edit(doc), as NAME.json in the sandbox."""
    with open(os.path.join(FIXTURES, "results", "full-v1.json"), encoding="utf-8") as f:
        doc = json.load(f)
    edit(doc)
    path = s.path(name + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return path


def set_create_rate(doc, rate):
    for target in doc["targets"]:
        for phase in target["phases"]:
            if phase["id"] == "seq_create":
                for run in phase["runs"]:
                    run.update(amount=rate, elapsed=1.0, rate=float(rate))
                phase["summary"]["rate"].update(mean=float(rate), min=float(rate),
                                                max=float(rate), sd=0.0)


def case_wide_number():
    """A figure wider than its column is printed whole, in compare's and export's tables."""
    with Sandbox() as s:
        r = edited_result(s, "wide", lambda doc: set_create_rate(doc, 1157349244))
        shown = []
        for args in (("compare", r), ("export", "--format", "text", "-o", "-", r)):
            p = cli(*args)
            expect_rc(p, 0)
            rows = [ln for ln in p.out.splitlines() if re.search(r"\s16\s+\d", ln)]
            check(rows, "no Seq Create row in %s's table" % args[0], p.describe())
            check("1157349244" in rows[0], "%s's table cut 1157349244 to %r" % (
                args[0], rows[0]), p.describe())
            shown.append(rows[0].strip())
        return summary(p, None, None, "rows “%s” and “%s”" % tuple(shown))


add("words", "a figure wider than its column", "a result whose Sequential Create made "
    "1157349244 files/s; `compare` and `export --format text`", "exit 0; the figure shown "
    "whole (it was cut to 11573492)", case_wide_number)


def case_fio_minus_one():
    """fio writes -1 for a figure it does not have: no figure, not a reason to refuse the file."""
    with Sandbox() as s:
        text = fixture("import", "fio-3.33-randread.json").decode("utf-8")
        text = text.replace('"usr_cpu" : 11.254000', '"usr_cpu" : -1', 1)
        check('"usr_cpu" : -1' in text, "the fixture has no usr_cpu of 11.254")
        path = s.path("fio-minus-one.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        p = cli("export", "--format", "text", "-o", "-", path)
        expect_rc(p, 0)
        check("(-1)" not in p.out + p.err and not re.search(r"\s-1\s", p.out),
              "a -1 is shown as a figure", p.describe())
        check(re.search(r"usr_cpu is out of range: shown as unknown", p.out),
              "no note says usr_cpu was left out as unknown", p.describe())
        q = cli("compare", path)
        expect_rc(q, 0)
        return summary(p, None, None, "the note “fio's jobs[0].usr_cpu is out of range: shown as "
                       "unknown”; compare: exit 0")


add("words", "fio's -1 for a figure it lacks", "fio JSON with `\"usr_cpu\" : -1`; `export "
    "--format text`, `compare`", "exit 0; the figure shown as missing with a note, not as "
    "“(-1)” or a refused file", case_fio_minus_one)


def case_usage_lines():
    """Each command's usage line names its arguments once."""
    seen = []
    for command in ("run", "info", "list", "compare", "import", "export", "scan"):
        p = cli(command, "--help")
        expect_rc(p, 0)
        usage = [ln.strip() for ln in p.out.splitlines() if ln.strip().startswith("dyno-cli ")]
        check(usage, "no usage line in %s --help" % command, p.describe())
        words = usage[0].split(" — ")[0].split()
        twice = [w for a, w in zip(words, words[1:]) if a == w]
        check(not twice, "%s --help: “%s” twice in the usage line %r" % (
            command, twice[0] if twice else "", usage[0]), p.describe())
        seen.append(usage[0].split(" — ")[0])
    return "exit 0; " + "; ".join("“%s”" % u for u in seen if "FILE" in u)


add("words", "usage lines", "`dyno-cli COMMAND --help` for every command", "no argument named "
    "twice (it read “FILE… FILE…”)", case_usage_lines)


def installed_locale(*names):
    """The first of names that `locale -a` lists (spelt as it lists it), or Skip."""
    try:
        listed = subprocess.run(["locale", "-a"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL).stdout.decode("ascii", "replace")
    except OSError:
        raise Skip("no locale program")
    have = {n.lower().replace("-", ""): n for n in listed.split()}
    for name in names:
        if name.lower().replace("-", "") in have:
            return have[name.lower().replace("-", "")]
    raise Skip("none of the locales %s is installed (localedef -i de_DE -f UTF-8 de_DE.UTF-8)"
               % ", ".join(names))


def case_price_decimal_comma():
    with Sandbox() as s:
        env = locale_env(installed_locale("de_DE.UTF-8", "de_DE.utf8"))
        r = s.path("r.json")
        p = cli("run", "-d", s.target, *QUICK, "-q", "--price", "1500,50 EUR", "--json", r,
                env=env)
        expect_rc(p, 0)
        with open(r, encoding="utf-8") as f:
            price = json.load(f)["targets"][0].get("price") or {}
        check(price.get("amount") == 1500.5 and price.get("currency") == "EUR",
              "price %r, expected 1500.5 EUR" % price, p.describe())
        refused = []
        for amount in ("0x10", "inf", "nan", "1e3"):
            q = cli("run", "-d", s.target, *QUICK, "--price", amount + " EUR", env=env)
            expect_rc(q, 2)
            refused.append(expect_message(q, r"not an amount", ["--price", amount]))
        # The other numbers run takes with a fraction: the same digits, the same refusals.
        t = cli("run", "-d", s.target, *QUICK, "-q", "--phase-time", "0,1", env=env)
        expect_rc(t, 0)
        for flag, value in (("--phase-time", "0x1"), ("--precision", "inf"),
                            ("--max-time", "0x10")):
            q = cli("run", "-d", s.target, *QUICK, flag, value, env=env)
            expect_rc(q, 2)
            expect_message(q, r"", [flag, value])
        return summary(p, refused[0], s.clean(p), "1500,50 EUR kept as 1500.5 EUR; 0x10, inf, "
                       "nan, 1e3 refused; --phase-time 0,1 taken, 0x1 refused")


add("words", "--price with a decimal comma", "`LC_ALL=de_DE.UTF-8 run --price '1500,50 EUR'`; "
    "`--price` 0x10, inf, nan, 1e3", "exit 0, the price is 1500.5 EUR; the others exit 2 naming "
    "--price and the amount; --phase-time, --precision, --max-time alike",
    case_price_decimal_comma)


def case_latin1_output():
    """In a Latin-1 locale the text for people is Latin-1: "×" is the byte 0xd7, not the two
    bytes of its UTF-8 (a terminal shows "Ã—"); what Latin-1 lacks becomes "?"."""
    env = locale_env(installed_locale("de_DE.ISO-8859-1", "de_DE.iso88591", "de_DE"))
    r = os.path.join(FIXTURES, "results", "full-v1.json")
    shown = []
    for args in (("compare", r, r), ("compare", "--format", "md", r, r),
                 ("export", "--format", "text", "-o", "-", r), ("info", "/")):
        argv = [CLI] + list(args)
        raw = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, timeout=TIMEOUT, env=env)
        p = Proc(argv, raw.returncode, raw.stdout.decode("latin-1"),
                 raw.stderr.decode("latin-1"), 0)
        expect_rc(p, (0, 1) if args[0] == "info" else 0)
        try:
            raw.stdout.decode("ascii")
            ascii_only = True
        except UnicodeDecodeError:
            ascii_only = False
        utf8 = re.search(rb"[\xc2-\xf4][\x80-\xbf]+", raw.stdout)
        check(not utf8, "%s printed UTF-8 (%r) in a Latin-1 locale" % (
            " ".join(args[:3]), utf8.group(0) if utf8 else b""), p.describe())
        if args[0] == "compare":
            check(b"\xd7" in raw.stdout, "no × (0xd7) in compare's output", p.describe())
        if "md" in args:
            # "—" (no figure) has no Latin-1: "--", never the "?" that marks a single run
            check(b"| -- |" in raw.stdout and b"| ? |" not in raw.stdout,
                  "a missing figure is not shown as “--”", p.describe())
        shown.append("%s: %s" % (args[0], "ASCII" if ascii_only else "Latin-1"))
    return "exit 0; " + ", ".join(shown)


add("words", "a Latin-1 locale", "`LC_ALL=de_DE.ISO-8859-1 compare` (text and md), `export "
    "--format text -o -`, `info /`", "stdout in ISO-8859-1 (× as 0xd7), no UTF-8",
    case_latin1_output)

# Round three: end of words ------------------------------------------------------------------


# Round three, the rest (issue 20, items 8, 17, 18, 32-34) -----------------------------------
# Cases and their helpers for this part go here, above the next heading.

def read_only_output_case(command):
    """command(s, folder): argv writing an output into folder, a read-only tmpfs."""
    def run():
        with Sandbox() as s:
            m = s.tmpfs("ro", "size=1m")
            subprocess.run(["mount", "-o", "remount,ro", m], check=True)
            p = cli(*command(s, m))
            check(p.rc in (1, 2), "expected exit 1 or 2", p.describe())
            line = expect_message(p, r"read-only", ["ro"])
            check(not re.search(r"(?i)no permission|permission denied", fsdecode(p.err)),
                  "a read-only file system reported as a permission problem", p.describe())
            check(os.listdir(m) == [], "something was written", p.describe())
            return summary(p, line.replace(s.base, "…"), s.clean(p))
    return run


for _name, _cmd in (
        ("run --json", lambda s, m: ["run", "-d", s.target, *QUICK, "-q", "--json",
                                     os.path.join(m, "r.json")]),
        ("export -o", lambda s, m: ["export", a_result(s), "--format", "csv", "-o",
                                    os.path.join(m, "r.csv")]),
        ("scan --json", lambda s, m: ["scan", "/dev/null", "--json", os.path.join(m, "s.json")]),
        ("import -o", lambda s, m: ["import", a_result(s), "-o", os.path.join(m, "out")])):
    add("outputs", "%s onto a read-only file system" % _name, "`dyno-cli %s` into a tmpfs "
        "remounted `ro`" % _name, "exit 1 or 2; says read-only, not “no permission”; nothing "
        "written", read_only_output_case(_cmd), root="mounts a tmpfs")

def no_direct_case(args, rc, cause, written):
    """A run on ramfs, which refuses O_DIRECT (tmpfs takes it since Linux 6.6)."""
    def run():
        with Sandbox() as s:
            m = s.path("ramfs")
            os.mkdir(m)
            s.mount(m, "-t", "ramfs", "dyno-faults")
            populate(m)
            before = snapshot(m)
            p = cli("run", "-d", m, "--queue-size", "4M", "--phase-time", "0.2", "-x", "1", "-q",
                    *args)
            expect_rc(p, rc)
            if written is None:
                line = expect_message(p, cause, [])
            else:
                text = fsdecode(p.out + p.err)
                found = re.search(r"[^\n]*%s[^\n]*" % cause, text)
                check(found and re.search(written, found.group(0)), "expected %r" % written,
                      p.describe())
                line = found.group(0).strip()
            return summary(p, line.replace(s.base, "…"), expect_clean(m, before, p))
    return run


add("environment", "--queue-cache direct without O_DIRECT: queued tests", "`run --queue-cache "
    "direct --test rnd-read:4k:q1:t1` on ramfs (no O_DIRECT)", "exit 1 before anything is "
    "written; does not support direct I/O, as for the block phases", no_direct_case(
        ["--queue-cache", "direct", "--test", "rnd-read:4k:q1:t1"], 1,
        r"does not support direct I/O.*evict", None), root="mounts a ramfs")
add("environment", "no O_DIRECT, queued tests' own default", "`run --test rnd-read:4k:q1:t1` on "
    "ramfs, no `--queue-cache`", "exit 0; a warning that the queued tests go through the page cache, "
    "evicted", no_direct_case(["--test", "rnd-read:4k:q1:t1"], 0, r"does not support direct I/O",
                              r"go through the page cache, evicted"), root="mounts a ramfs")

# Sets soft and hard limits on the process it then becomes, as `ulimit` would in a shell; prlimit
# sets both to one value, and a soft limit below an unlimited hard one is the common case.
LIMITED = ("import os, resource, sys\n"
           "for spec in sys.argv[1].split(','):\n"
           "    name, soft, hard = spec.split(':')\n"
           "    value = lambda v: resource.RLIM_INFINITY if v == 'inf' else int(v)\n"
           "    resource.setrlimit(getattr(resource, 'RLIMIT_' + name), (value(soft), value(hard)))\n"
           "os.execv(sys.argv[2], sys.argv[2:])\n")


def limited(specs):
    return [sys.executable, "-c", LIMITED, specs]


def chart_commands(s):
    r = a_result(s)
    return (("export", ["export", r, "--format", "png", "-o", s.path("e.png")], s.path("e.png")),
            ("compare --chart", ["compare", r, "--chart", "bars", "-o", s.path("c.png")],
             s.path("c.png")))


def expect_chart_or_refusal(p, out, refusal):
    """Exit 0 with a whole PNG, or exit 1 with a message matching refusal: never a signal."""
    check(p.rc in (0, 1), "expected exit 0 or 1, got %s (killed or aborted)" % p.rc, p.describe())
    if p.rc == 0:
        with open(out, "rb") as f:
            check(f.read(8) == b"\x89PNG\r\n\x1a\n", "exit 0 but no PNG", p.describe())
        os.unlink(out)
        return None
    check(not os.path.exists(out), "a refused chart left a file", p.describe())
    return expect_message(p, refusal)


def case_chart_address_space():
    if "ASAN_OPTIONS" in os.environ:
        raise Skip("AddressSanitizer's shadow memory needs more address space than any "
                   "ulimit -v this case sets")
    with Sandbox() as s:
        seen, refused, drawn = None, 0, 0
        for mib in range(60, 320, 10):
            for name, argv, out in chart_commands(s):
                p = cli(*argv, prefix=limited("AS:%d:inf" % (mib << 20)))
                line = expect_chart_or_refusal(p, out, r"address space.*ulimit -v")
                refused += line is not None
                drawn += line is None
                seen = seen or line
        check(refused and drawn, "expected both refusals and charts across 60-310 MiB",
              "refused %d, drawn %d" % (refused, drawn))
        return summary(p, seen, s.clean(p), "%d drawn, %d refused, none killed" % (drawn, refused))


def case_chart_stack():
    with Sandbox() as s:
        # Below 32 KiB the dynamic loader itself may run out before main (even --version).
        for kib in (32, 64, 128, 512):
            for name, argv, out in chart_commands(s):
                p = cli(*argv, prefix=limited("STACK:%d:inf" % (kib << 10)))
                expect_rc(p, 0)
                expect_chart_or_refusal(p, out, r"^$")
        p = cli("run", "-d", s.target, *QUICK, "-q", prefix=limited("STACK:65536:inf"))
        expect_rc(p, 0)
        p = cli(*chart_commands(s)[0][1], prefix=limited("STACK:65536:65536"))
        expect_rc(p, 1)
        line = expect_message(p, r"stack size limit \(ulimit -s\).*ulimit -Hs")
        return summary(p, line, s.clean(p), "soft 32-512 KiB: drawn; hard 64 KiB: refused")


def case_chart_threads():
    with Sandbox() as s, Nobody() as nobody:
        os.chmod(s.target, 0o777)
        r = a_result(s)
        os.chmod(r, 0o644)
        out = os.path.join(s.target, "n.png")
        seen = None
        env = dict(nobody.env)
        # Under ASan, LeakSanitizer needs a thread of its own at exit, which the limit may not
        # leave: the leak check is off here only.
        if "ASAN_OPTIONS" in env:
            env["ASAN_OPTIONS"] += ":detect_leaks=0"
        for n in (1, 2, 3, 5, 8, 13, 21, 34, 55):
            p = cli("export", r, "--format", "png", "-o", out, prefix=nobody.prefix +
                    limited("NPROC:%d:%d" % (n, n)), exe=nobody.copy(CLI), env=env)
            line = expect_chart_or_refusal(p, out, r"threads.*ulimit -u")
            seen = seen or line
        check(seen, "no limit refused a chart")
        return summary(p, seen, None, "every limit: drawn or refused, none aborted")


add("limits", "charts under ulimit -v", "`export -f png` and `compare --chart bars` under "
    "address-space limits from 60 to 310 MiB", "each: a whole PNG, or exit 1 naming ulimit -v; "
    "never a crash in Pango's thread", case_chart_address_space)
add("limits", "charts and runs under a small ulimit -s", "soft stack limits of 32 to 512 KiB "
    "(hard unlimited); then a hard limit of 64 KiB", "soft: exit 0, the PNG drawn (Dyno raises "
    "its own soft limit); hard: exit 1 naming ulimit -s", case_chart_stack)
add("limits", "charts under ulimit -u", "nobody, `export -f png` with `RLIMIT_NPROC` of 1 to 55",
    "each: a whole PNG, or exit 1 naming ulimit -u; never an abort in g_thread_new",
    case_chart_threads, root="runs as nobody")

def gocryptfs_mount(cipher, plain, passfile):
    p = subprocess.run(["gocryptfs", "-q", "-passfile", passfile, cipher, plain],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    check(p.returncode == 0, "gocryptfs did not mount", p.stdout.decode("utf-8", "replace"))


def fuse_umount(path):
    for argv in (["fusermount", "-u", "-z", path], ["umount", "-l", path]):
        if is_mounted(path) and shutil.which(argv[0]):
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def case_fuse_daemon_killed():
    need_root("mounts gocryptfs through FUSE")
    if shutil.which("gocryptfs") is None or not os.path.exists("/dev/fuse"):
        raise Skip("needs gocryptfs and /dev/fuse (apt-get install gocryptfs fuse3)")
    with Sandbox() as s:
        cipher, plain, passfile = s.path("cipher"), s.path("plain"), s.path("pw")
        os.mkdir(cipher)
        os.mkdir(plain)
        with open(passfile, "w") as f:
            f.write("dyno-faults\n")
        subprocess.run(["gocryptfs", "-q", "-init", "-passfile", passfile, cipher], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        env = dict(os.environ, XDG_STATE_HOME=s.path("state"))
        try:
            gocryptfs_mount(cipher, plain, passfile)
            run = BgRun(plain, args=SLOW, stream=False, env=env)
            scratch = run.wait_scratch(plain)
            run.wait_data(plain, scratch)
            daemons = subprocess.run(["pgrep", "-f", "gocryptfs .*%s" % re.escape(cipher)],
                                     stdout=subprocess.PIPE).stdout.split()
            check(daemons, "no gocryptfs daemon found")
            for pid in daemons:
                os.kill(int(pid), signal.SIGKILL)
            rc, took = run.wait(VANISH_LIMIT + SIGNAL_LIMIT)
            p = run.result(rc, took)
            expect_rc(p, 1)
            line = expect_message(p, r"stopped answering: its daemon \(gocryptfs\) has exited "
                                  r"or was killed", [plain])
            check(re.search(r"dyno-cli clean", p.err), "no word of dyno-cli clean", p.describe())
            check(not re.search(r"^(dyno-cli: )?[^:]*: (Transport endpoint|Software caused)",
                                p.err, re.M), "a raw errno as the message", p.describe())

            # Mounted again, the folder is found, offered and removed.
            fuse_umount(plain)
            gocryptfs_mount(cipher, plain, passfile)
            where = os.path.join(plain, fsdecode(scratch))
            check(os.path.isdir(where), "the left scratch folder is not there to be found")
            listed = cli("clean", "--list", env=env)
            expect_rc(listed, 0)
            check(where in listed.out, "clean --list does not name it", listed.describe())
            later = cli("run", "-d", s.target, *QUICK, "-q", env=env)
            expect_rc(later, 0)
            expect_message(later, r"earlier run left its scratch folder.*dyno-cli clean", [where])
            cleaned = cli("clean", env=env)
            expect_rc(cleaned, 0)
            check(re.search(r"Removed .*%s" % re.escape(fsdecode(scratch)), cleaned.out),
                  "clean did not say it removed it", cleaned.describe())
            check(not os.path.exists(where), "the folder is still there", cleaned.describe())
            check(sorted(os.listdir(cipher)) == ["gocryptfs.conf", "gocryptfs.diriv"],
                  "the cipher folder holds more than gocryptfs' own files",
                  repr(sorted(os.listdir(cipher))))
            again = cli("run", "-d", s.target, *QUICK, "-q", env=env)
            check(not re.search(r"earlier run left", again.err), "still listed", again.describe())
            return summary(p, line.replace(s.base, "…"), s.clean(p),
                           "remounted: listed, named by the next run, removed by dyno-cli clean")
        finally:
            fuse_umount(plain)


add("vanish", "FUSE daemon killed mid-run", "gocryptfs killed with SIGKILL during per-char "
    "write; then remounted", "exit 1; says the daemon (gocryptfs) stopped, not the raw errno, and "
    "names dyno-cli clean; remounted, the next run names the folder and `dyno-cli clean` "
    "removes it; the cipher folder as before", case_fuse_daemon_killed, root="mounts gocryptfs")

def stopped_keeps_case(json_out):
    """SIGINT in the last phase, after block write finished: its figures are kept."""
    def run():
        with Sandbox() as s:
            out = s.path("r.json")
            extra = ["--json", out] if json_out else []
            run = BgRun(s.target, *extra, args=["-s", "64M", "-n", "0", "--tests", "write,getc",
                                                "--per-char", "syscall", "--per-char-size",
                                                "64M"], stream=False)
            end = time.monotonic() + 60
            while "Block write" not in run.err and time.monotonic() < end:
                check(run.proc.poll() is None, "the run ended before block write finished",
                      run.describe())
                time.sleep(0.02)
            check("Block write" in run.err, "block write did not finish within 60 s",
                  run.describe())
            run.proc.send_signal(signal.SIGINT)
            rc, took = run.wait(SIGNAL_LIMIT + 5)
            p = run.result(rc, took)
            expect_rc(p, 130)
            if json_out:
                line = expect_message(p, r"phases that had finished are saved in .*stopped run",
                                      ["r.json"])
                with open(out) as f:
                    doc = json.load(f)
                check(doc.get("stopped") is True, "the file does not say stopped", repr(doc)[:300])
                ids = [ph.get("id") for ph in doc["targets"][0]["phases"]]
                check(ids == ["write"], "expected the write phase alone, found %r" % ids)
                loaded = cli("compare", out)
                expect_rc(loaded, 0)
            else:
                line = expect_message(p, r"phases that had finished are printed")
                check(re.search(r"^Warning: The run was stopped before it ended", p.out, re.M),
                      "the printed table is not marked as stopped", p.describe())
                check(re.search(r"^Name:Size", p.out, re.M), "no table printed", p.describe())
            if json_out:
                os.unlink(out)
            return summary(p, line.replace(s.base, "…"), s.clean(p),
                           "block write kept, per-char read missing, marked stopped")
    return run


add("signals", "SIGINT in the last phase: --json keeps the finished", "`--tests write,getc "
    "--json r.json`, SIGINT once block write has finished", "exit 130; r.json holds block write "
    "alone, `\"stopped\": true`; it loads", stopped_keeps_case(True))
add("signals", "SIGINT in the last phase: the table keeps the finished", "`--tests write,getc`, "
    "SIGINT once block write has finished", "exit 130; the table of block write is printed, "
    "with a warning that the run was stopped", stopped_keeps_case(False))


def remote_here_case(kind):
    """A remote folder that fails on this machine or on the way, with no sshd needed: "nossh",
    no ssh on PATH; "refused", a loopback port nothing listens on. The message names the side
    (this machine, the connection) and the cause, and never says a password cannot be typed."""
    def run():
        with Sandbox() as s:
            env = dict(os.environ)
            env.pop("DYNO_SSH_COMMAND", None)
            if kind == "nossh":
                env["PATH"] = s.base  # an empty folder: no ssh in it
                dest, cause = "root@127.0.0.1", r"ssh is not installed on this machine"
            else:
                if shutil.which("ssh") is None:
                    raise Skip("ssh is not installed")
                with socket.socket() as sock:
                    sock.bind(("127.0.0.1", 0))
                    port = sock.getsockname()[1]  # closed again: nothing listens there
                env["DYNO_SSH_COMMAND"] = "ssh -F /dev/null -o StrictHostKeyChecking=no"
                dest = "root@127.0.0.1:%d" % port
                cause = r"Cannot reach root@127\.0\.0\.1: it refused the connection.*refused"
            line = None
            for args in (["run", "-d", "ssh://%s%s" % (dest, s.target), *QUICK, "-q"],
                         ["info", "ssh://%s%s" % (dest, s.target)]):
                p = cli(*args, env=env)
                expect_rc(p, 1)
                line = line or expect_message(p, cause)
                check(not re.search(r"BatchMode|password|Cannot run ssh", p.err),
                      "the message blames a login or ssh's start", p.describe())
                check("\\r" not in p.err, "ssh's line ends in a shown \\r", p.describe())
            return summary(p, line, s.clean(p))
    return run


add("remote", "no ssh on this machine", "`run` and `info` of `ssh://…` with no `ssh` on PATH",
    "exit 1; says ssh is not installed on this machine, not a login problem",
    remote_here_case("nossh"))
add("remote", "connection refused", "`run` and `info` of `ssh://…` on a loopback port nothing "
    "listens on", "exit 1; says the host refused the connection and to check sshd and the port, "
    "not a login problem", remote_here_case("refused"))

# Round three: end of the rest ---------------------------------------------------------------


# Running -----------------------------------------------------------------------------------

def md(text):
    # Sandbox paths differ from run to run: "…" keeps the table stable.
    text = re.sub(r"/[^\s'\"“”]*?/faults-[a-z0-9_]{8}", "…", str(text))
    return text.replace("|", "\\|").replace("\n", " ")


def main(argv):
    table = doc = None
    if len(argv) > 2 and argv[1] == "--table":
        table = argv[2]
    elif len(argv) > 2 and argv[1] == "--update-doc":
        doc = argv[2]
    elif len(argv) > 1:
        print("usage: test-faults.py [--table FILE | --update-doc FILE]", file=sys.stderr)
        return 2
    table = table or os.environ.get("DYNO_FAULTS_TABLE")
    for name, exe in (("DYNO_CLI", CLI), ("DYNO_FAULT_HELPER", HELPER)):
        if not exe or not os.access(exe, os.X_OK):
            print("1..0 # SKIP %s is not set to the executable" % name)
            return 0
    os.environ.setdefault("LC_ALL", "C.UTF-8")
    os.environ["LANGUAGE"] = "C"
    only = os.environ.get("DYNO_FAULTS_ONLY")
    cases = [c for c in CASES if not only or re.search(only, "%s: %s" % (c.group, c.name))]
    print("1..%d" % len(cases), flush=True)
    print("# faults: %d cases (%d need root%s)" % (
        len(cases), sum(bool(c.root) for c in cases), "" if is_root() else "; not root: they skip"),
        flush=True)
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    rows = []
    start = time.monotonic()
    for n, c in enumerate(cases, 1):
        t0 = time.monotonic()
        try:
            if c.root:
                need_root(c.root)
            observed = c.func() or ""
            result = "pass"
            counts["passed"] += 1
            print("ok %d - %s: %s" % (n, c.group, c.name), flush=True)
        except Skip as e:
            observed, result = "skipped: %s" % e, "skip"
            counts["skipped"] += 1
            print("ok %d - %s: %s # SKIP %s" % (n, c.group, c.name, e), flush=True)
        except Failure as e:
            observed, result = str(e).splitlines()[0], "**FAIL**"
            counts["failed"] += 1
            print("not ok %d - %s: %s" % (n, c.group, c.name))
            for line in str(e).splitlines():
                print("# " + line)
            sys.stdout.flush()
        except Exception:
            tb = traceback.format_exc()
            observed, result = "error: " + tb.strip().splitlines()[-1], "**FAIL**"
            counts["failed"] += 1
            print("not ok %d - %s: %s" % (n, c.group, c.name))
            for line in tb.splitlines():
                print("# " + line)
            sys.stdout.flush()
        rows.append((n, c, observed, result, time.monotonic() - t0))
    took = time.monotonic() - start
    leftovers = mounted_sandboxes()
    if leftovers:
        print("# the suite left file systems mounted: %s" % ", ".join(leftovers), flush=True)
        counts["failed"] += 1
    print("# faults: %d cases: %d passed, %d failed, %d skipped in %.1f s"
          % (len(cases), counts["passed"], counts["failed"], counts["skipped"], took), flush=True)
    text = ["| # | Case | Condition | Expected | Observed | Result |",
            "|---|------|-----------|----------|----------|--------|"]
    for n, c, observed, result, secs in rows:
        text.append("| %d | %s: %s | %s | %s | %s | %s (%.1f s) |" % (
            n, c.group, md(c.name), md(c.condition), md(c.expected), md(tail(observed, 400)),
            result, secs))
    text.append("")
    text.append("%d cases: %d passed, %d failed, %d skipped in %.1f s%s." % (
        len(cases), counts["passed"], counts["failed"], counts["skipped"], took,
        " (as root)" if is_root() else " (not root: the root-only cases skipped)"))
    if table:
        with open(table, "w") as f:
            f.write("\n".join(text) + "\n")
    if doc:
        with open(doc) as f:
            old = f.read()
        begin, end = "<!-- faults-table-begin -->", "<!-- faults-table-end -->"
        if begin not in old or end not in old:
            print("# %s has no %s … %s markers" % (doc, begin, end), flush=True)
            return 2
        new = (old[:old.index(begin) + len(begin)] + "\n" + "\n".join(text) + "\n"
               + old[old.index(end):])
        with open(doc, "w") as f:
            f.write(new)
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
