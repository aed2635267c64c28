#!/usr/bin/env python3
# test-ssh.py: runs over SSH (docs/remote.md), printing TAP
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The "remote" machine is this one: private sshd servers on the loopback (tests/lib/dyno_sshd.py)
# log root in with a generated key, and --remote-cli points at the dyno-cli under test. ssh reads
# only the generated ssh_config (DYNO_SSH_COMMAND), never ~/.ssh. Nothing here depends on how
# fast the machine is: runs are small, and waits are bounds, not measurements.

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import dyno_sshd  # noqa: E402

CLI = os.environ.get("DYNO_CLI") or (sys.argv[1] if len(sys.argv) > 1 else None)
CLI = os.path.abspath(CLI) if CLI else None
VERSION = "0.1.0"
SMALL = ["-s", "16M", "--phase-time", "0.2", "-x", "1", "--tests", "write,read"]
SCRATCH_RE = re.compile(r"dyno-(\d+)-[A-Za-z0-9]{6}")
TIMEOUT = 120
GONE_WITHIN = 30  # seconds: a bound on the remote cleanup, not a speed test


class Failure(Exception):
    pass


class Skip(Exception):
    pass


def check(cond, message, *details):
    if not cond:
        raise Failure("\n".join([message] + [d for d in details if d]))


def tail(text, n=2000):
    return text if len(text) <= n else "…" + text[-n:]


SERVERS = None


def cli(*args, env=None, timeout=TIMEOUT):
    env = env if env is not None else SERVERS.env()
    try:
        p = subprocess.run([CLI] + list(args), stdin=subprocess.DEVNULL, capture_output=True,
                           env=env, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        raise Failure("dyno-cli %s did not finish within %d s" % (" ".join(args), timeout),
                      tail((e.stderr or b"").decode("utf-8", "replace")))
    p.out = p.stdout.decode("utf-8", "replace")
    p.err = p.stderr.decode("utf-8", "replace")
    p.desc = "command: dyno-cli %r\nexit status: %s\nstdout:\n%s\nstderr:\n%s" % (
        args, p.returncode, tail(p.out), tail(p.err))
    return p


class Folder:
    """A scratch folder under /tmp for the remote side, removed afterwards."""

    def __init__(self, name=None):
        self.base = tempfile.mkdtemp(prefix="dyno-ssh-test-")
        self.path = self.base if name is None else os.path.join(self.base, name)
        if name is not None:
            os.mkdir(self.path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        shutil.rmtree(self.base, ignore_errors=True)
        return False

    def scratch(self):
        return [n for n in os.listdir(self.path) if SCRATCH_RE.fullmatch(n)]


def url(path, host=0):
    address, port = SERVERS.hosts[host]
    return "ssh://root@%s:%d%s" % (address, port, path)


# ---- cases --------------------------------------------------------------------------------

def case_hello():
    with Folder() as f:
        p = cli("run", "-d", f.path, *SMALL, "--stream", env=dict(os.environ))
        check(p.returncode == 0, "a local --stream run failed", p.desc)
        first = json.loads(p.out.splitlines()[0])
        check(first == {"event": "hello", "protocol": 2, "dyno": VERSION},
              "the first line is not the hello line", p.desc)


def check_result(doc, path, remote, desc):
    check(doc.get("remote") == remote, "remote is %r, not %r" % (doc.get("remote"), remote), desc)
    targets = doc.get("targets") or []
    check(len(targets) == 1 and targets[0].get("path") == path,
          "the result's target is not %r" % path, desc)
    phases = [ph.get("id") for ph in targets[0].get("phases", [])]
    check(phases == ["write", "read"], "phases %r, not write and read" % phases, desc)
    check(doc.get("system", {}).get("hostname"), "the result has no system.hostname", desc)


def case_run_url():
    with Folder() as f:
        out = os.path.join(f.base, "..", os.path.basename(f.base) + ".json")
        try:
            p = cli("run", "-d", url(f.path), "--remote-cli", CLI, *SMALL, "--json", out)
            check(p.returncode == 0, "the remote run failed", p.desc)
            with open(out) as fh:
                doc = json.load(fh)
        finally:
            if os.path.exists(out):
                os.unlink(out)
        check_result(doc, f.path, "root@127.0.0.1", p.desc)
        check("Target 1 of 1" in p.err, "no target line on stderr", p.desc)
        check(re.search(r"Block write .*MB/s", p.err), "no phase line on stderr", p.desc)
        check("Name:Size" in p.out, "no text report on stdout", p.desc)
        check(not f.scratch(), "the scratch folder is still there", p.desc)


def case_run_scp_form_json():
    with Folder() as f:
        p = cli("run", "-d", "root@127.0.0.1:" + f.path, "--remote-cli", CLI, *SMALL,
                "--json", "-")
        check(p.returncode == 0, "the remote run failed", p.desc)
        check_result(json.loads(p.out), f.path, "root@127.0.0.1", p.desc)
        # Comparable like any other result.
        res = os.path.join(f.base, "r.json")
        with open(res, "w") as fh:
            fh.write(p.out)
        c = cli("compare", res, res)
        check(c.returncode == 0, "dyno-cli compare refused the remote result", c.desc)


def case_config_json():
    """run --config-json: the configuration a result stores, given whole (what the engine sends)."""
    config = {"size": 16 * 1024 * 1024, "tests": ["write", "read"], "repeat": 1,
              "phase_time": 0.2, "auto": [], "seed": "77", "label": "as JSON"}
    with Folder() as f:
        p = cli("run", "-d", f.path, "--config-json", json.dumps(config), "--json", "-",
                env=dict(os.environ))
        check(p.returncode == 0, "a local run with --config-json failed", p.desc)
        doc = json.loads(p.out)
        got = doc.get("config", {})
        check(got.get("size") == config["size"] and got.get("seed") == "77"
              and got.get("tests") == ["write", "read"] and doc.get("label") == "as JSON",
              "the result's config is not the one given: %r" % got, p.desc)
        r = cli("run", "-d", url(f.path), "--remote-cli", CLI, "--config-json",
                json.dumps(config), "--json", "-")
        check(r.returncode == 0, "a remote run with --config-json failed", r.desc)
        check(json.loads(r.out).get("config", {}).get("seed") == "77",
              "the remote run did not get the configuration", r.desc)
        bad = cli("run", "-d", f.path, "--config-json", '{"repeat": 0}', env=dict(os.environ))
        check(bad.returncode == 2 and "--config-json" in bad.err, "a bad --config-json",
              bad.desc)


def case_reference():
    """--reference and --per-spindle with a folder over SSH: kept in the result that comes
    back."""
    with Folder() as f:
        p = cli("run", "-d", url(f.path), "--remote-cli", CLI, *SMALL, "--reference", "93M,70M",
                "--per-spindle", "3", "--json", "-")
        check(p.returncode == 0, "the remote run with --reference failed", p.desc)
        target = json.loads(p.out)["targets"][0]
        check(target.get("reference") == {"read": 93e6, "write": 70e6},
              "the reference is %r" % target.get("reference"), p.desc)
        check(target.get("data_spindles") == {"read": 3, "write": 3},
              "the data spindles are %r" % target.get("data_spindles"), p.desc)
        # (The report's per-spindle lines from these fields are tested on a fixture in
        # tests/cli: a figure here may be too fast to trust, and is then not divided.)


def case_price():
    """--price with a folder over SSH: set here on the result that comes back."""
    with Folder() as f:
        p = cli("run", "-d", url(f.path), "--remote-cli", CLI, *SMALL, "--price", "1500 USD",
                "--json", "-")
        check(p.returncode == 0, "the remote run with --price failed", p.desc)
        doc = json.loads(p.out)
        check_result(doc, f.path, "root@127.0.0.1", p.desc)
        price = doc["targets"][0].get("price")
        check(price == {"amount": 1500, "currency": "USD"}, "the price is %r" % price, p.desc)
    # Once per -d with --parallel, in order.
    folders = [Folder() for _ in SERVERS.hosts[:2]]
    try:
        p = cli("run", "-d", url(folders[0].path, 0), "-d", url(folders[1].path, 1),
                "--remote-cli", CLI, *SMALL, "--parallel", "--stream",
                "--price", "100 EUR", "--price", "250 USD")
        check(p.returncode == 0, "the --parallel run with prices failed", p.desc)
        events = [json.loads(line) for line in p.out.splitlines()]
        prices = {e.get("host"): e["result"]["targets"][0].get("price")
                  for e in events if e.get("event") == "result"}
        check(prices == {"root@127.0.0.1": {"amount": 100, "currency": "EUR"},
                         "root@127.0.0.2": {"amount": 250, "currency": "USD"}},
              "the prices are %r" % prices, p.desc)
        bad = cli("run", "-d", url(folders[0].path, 0), "-d", url(folders[1].path, 1),
                  "--remote-cli", CLI, *SMALL, "--parallel", "--price", "1 USD",
                  "--price", "2 USD", "--price", "3 USD")
        check(bad.returncode == 2 and "--price" in bad.err, "three prices for two folders",
              bad.desc)
    finally:
        for f in folders:
            f.__exit__()


def case_run_stream():
    with Folder() as f:
        p = cli("run", "-d", url(f.path), "--remote-cli", CLI, *SMALL, "--stream")
        check(p.returncode == 0, "the remote --stream run failed", p.desc)
        events = [json.loads(line) for line in p.out.splitlines()]
        check(events[0].get("event") == "hello", "the first line is not hello", p.desc)
        check(sum(e["event"] == "hello" for e in events) == 1, "more than one hello", p.desc)
        check(events[-1]["event"] == "result", "the last line is not the result", p.desc)
        check_result(events[-1]["result"], f.path, "root@127.0.0.1", p.desc)


INJECTIONS = [
    "quote'", 'dq"x', "semi;touch {m}", "$(touch {m})", "`touch {m}`", "sp ace",
    "nl\ntouch {m}", "all' ; touch {m}; echo '\"$(touch {m})`touch {m}`",
]


def case_injection():
    home = os.path.expanduser("~root")
    for i, pattern in enumerate(INJECTIONS):
        marker = "dyno-injected-%d-%d" % (os.getpid(), i)
        name = pattern.replace("{m}", marker)
        with Folder(name) as f:
            places = [os.path.join(home, marker), os.path.join(f.base, marker),
                      os.path.join(f.path, marker), os.path.join("/", marker),
                      os.path.join(os.getcwd(), marker)]
            try:
                p = cli("run", "-d", url(f.path), "--remote-cli", CLI, *SMALL,
                        "--label", "lab'el;touch " + marker, "--json", "-")
                made = [m for m in places if os.path.exists(m)]
                check(not made, "a folder named %r ran a command: %r" % (name, made), p.desc)
                check(p.returncode == 0, "the run in %r failed" % name, p.desc)
                doc = json.loads(p.out)
                check_result(doc, f.path, "root@127.0.0.1", p.desc)
                check(doc.get("label") == "lab'el;touch " + marker, "the label was changed",
                      p.desc)
            finally:
                for m in places:
                    if os.path.exists(m):
                        os.unlink(m)


def case_missing_cli():
    with Folder() as f:
        p = cli("run", "-d", url(f.path), "--remote-cli", "/nonexistent/dyno-cli", *SMALL)
        check(p.returncode == 1, "expected exit status 1", p.desc)
        check("-Dgui=false" in p.err and "--remote-cli" in p.err,
              "the message does not say what to install", p.desc)
        i = cli("info", url(f.path), "--remote-cli", "/nonexistent/dyno-cli")
        check(i.returncode == 1 and "-Dgui=false" in i.err,
              "info: the message does not say what to install", i.desc)


def case_remote_refuses():
    with Folder() as f:
        missing = os.path.join(f.path, "no-such-folder")
        p = cli("run", "-d", url(missing), "--remote-cli", CLI, *SMALL)
        check(p.returncode == 1, "expected exit status 1", p.desc)
        check("root@127.0.0.1: " in p.err and "failed (exit status 1)" in p.err,
              "the remote reason and the exit status are not shown", p.desc)


def fake_cli(folder, first_line):
    path = os.path.join(folder, "fake-dyno-cli")
    with open(path, "w") as fh:
        fh.write("#!/bin/sh\nprintf '%%s\\n' '%s'\ncat >/dev/null\n" % first_line)
    os.chmod(path, 0o755)
    return path


def case_protocol_mismatch():
    with Folder() as f:
        for line, what in (('{"event":"hello","protocol":99,"dyno":"9.9.9"}', "protocol 99"),
                           ('{"event":"target-started","target":0,"path":"/x"}', "hello")):
            fake = fake_cli(f.base, line)
            p = cli("run", "-d", url(f.path), "--remote-cli", fake, *SMALL)
            check(p.returncode == 1, "expected exit status 1", p.desc)
            check(what in p.err and "-Dgui=false" in p.err,
                  "the message does not name the mismatch and what to install", p.desc)


def script_cli(folder, body):
    """A stand-in for the remote dyno-cli: a shell script whose standard input closing (the
    local side stopping it) it marks in a file before it exits."""
    path = os.path.join(folder, "script-dyno-cli")
    stopped = os.path.join(folder, "stopped")
    with open(path, "w") as fh:
        fh.write("#!/bin/sh\n%s\ncat >/dev/null\ntouch '%s'\n" % (body, stopped))
    os.chmod(path, 0o755)
    return path, stopped


def case_remote_banner():
    """A Latin-1 login banner before anything of Dyno's: the run stops at once, the remote is
    told to stop (its input closes), and the message says the shell printed it."""
    with Folder() as f:
        fake, stopped = script_cli(f.base, "printf 'Willkommen auf dem Server \\374ber\\n'")
        started = time.monotonic()
        p = cli("run", "-d", url(f.path), "--remote-cli", fake, *SMALL, timeout=30)
        check(p.returncode == 1, "expected exit status 1", p.desc)
        check("not UTF-8" in p.err and "non-interactive login" in p.err,
              "the message does not say the remote shell printed a non-UTF-8 line", p.desc)
        check(time.monotonic() - started < 20, "it took %.0f s to stop" % (time.monotonic() - started))
        for _ in range(50):
            if os.path.exists(stopped):
                break
            time.sleep(0.1)
        check(os.path.exists(stopped), "the remote was not told to stop (its input stayed open)",
              p.desc)


def case_remote_huge_output():
    """A 400 MiB line without an end, and 64 MiB of standard error: refused and bounded, not
    "failed to allocate"."""
    with Folder() as f:
        fake, _ = script_cli(f.base, "head -c 67108864 /dev/zero | tr '\\0' 'e' >&2; "
                                     "head -c 419430400 /dev/zero | tr '\\0' 'x'")
        # 320 MiB through ssh takes minutes on a slow or busy machine: the timeout only
        # catches a hang.
        p = cli("run", "-d", url(f.path), "--remote-cli", fake, *SMALL, timeout=900)
        check(p.returncode == 1, "expected exit status 1", p.desc)
        check(re.search(r"longer than 320.0.MiB", p.err), "the message does not say the line was too long",
              p.desc)
        check(len(p.stderr) < 8 * 1024 * 1024,
              "%d bytes of the remote's errors reached the terminal" % len(p.stderr))


def case_batch_mode():
    with Folder() as f:
        # A key the server does not know: with BatchMode, ssh fails instead of asking.
        d = tempfile.mkdtemp(prefix="dyno-ssh-key-")
        try:
            dyno_sshd.keygen(os.path.join(d, "other"))
            env = SERVERS.env()
            env["DYNO_SSH_COMMAND"] = "ssh -F %s -i %s" % (SERVERS.ssh_config,
                                                          os.path.join(d, "other"))
            cfg = os.path.join(d, "cfg")
            with open(SERVERS.ssh_config) as src, open(cfg, "w") as dst:
                dst.write(src.read().replace("IdentityFile", "#IdentityFile"))
            env["DYNO_SSH_COMMAND"] = "ssh -F %s -i %s" % (cfg, os.path.join(d, "other"))
            p = cli("run", "-d", url(f.path), "--remote-cli", CLI, *SMALL, env=env)
        finally:
            shutil.rmtree(d, ignore_errors=True)
        check(p.returncode == 1, "expected exit status 1", p.desc)
        check("BatchMode" in p.err and "Permission denied" in p.err,
              "the message does not say why the login failed", p.desc)
        check("root@127.0.0.1 refused the SSH login" in p.err,
              "the message does not say the host refused the login", p.desc)


def case_unknown_host_key():
    """A host whose key is not in known_hosts: with BatchMode, ssh refuses, and the message
    says to log in once to accept the key (not that a password is wrong)."""
    with Folder() as f:
        d = tempfile.mkdtemp(prefix="dyno-ssh-hosts-")
        try:
            empty = os.path.join(d, "known_hosts")
            open(empty, "w").close()
            env = SERVERS.env()
            env["DYNO_SSH_COMMAND"] = "%s -o UserKnownHostsFile=%s" % (SERVERS.ssh_command, empty)
            p = cli("run", "-d", url(f.path), "--remote-cli", CLI, *SMALL, env=env)
            i = cli("info", url(f.path), "--remote-cli", CLI, env=env)
        finally:
            shutil.rmtree(d, ignore_errors=True)
        check(p.returncode == 1, "expected exit status 1", p.desc)
        check("host key" in p.err and "log in once" in p.err,
              "run: the message does not say the host key is unknown", p.desc)
        check("not known on this machine" in p.err and "has changed" not in p.err,
              "run: an unknown key is mixed up with a changed one", p.desc)
        check(i.returncode == 1 and "host key" in i.err, "info: the message does not say the "
              "host key is unknown", i.desc)


def case_bad_targets():
    for target, what in (("ssh://-oProxyCommand=x/tmp", "-"), ("ssh://host:99999/tmp", "port"),
                         ("ssh://host", "path")):
        p = cli("run", "-d", target, *SMALL)
        check(p.returncode == 2, "expected a usage error for %r" % target, p.desc)
        check(what in p.err, "the message for %r does not mention %r" % (target, what), p.desc)


# ---- which side failed, and why (issue 20, item 34) ---------------------------------------

def expect_side(p, rc, pattern, what, wrong=None):
    """p ended with rc and a message matching pattern (the side and the cause), and none that
    matches wrong (a cause it is not)."""
    check(p.returncode == rc, "%s: expected exit status %d" % (what, rc), p.desc)
    check(re.search(pattern, p.err, re.M), "%s: the message does not say %r" % (what, pattern), p.desc)
    if wrong:
        check(not re.search(wrong, p.err), "%s: the message blames %r" % (what, wrong), p.desc)


def case_no_ssh_here():
    """No ssh on this machine: said of this machine, not of the remote one."""
    with Folder() as f:
        env = SERVERS.env()
        env.pop("DYNO_SSH_COMMAND")
        env["PATH"] = f.base  # no ssh there
        for args in (("run", "-d", url(f.path), *SMALL), ("info", url(f.path))):
            p = cli(*args, env=env)
            expect_side(p, 1, r"ssh is not installed on this machine", args[0], r"Cannot run ssh")
        env = SERVERS.env()
        env["DYNO_SSH_COMMAND"] = os.path.join(f.base, "no-ssh")
        p = cli("run", "-d", url(f.path), *SMALL, env=env)
        expect_side(p, 1, r"no-ssh.*DYNO_SSH_COMMAND.*on this machine", "DYNO_SSH_COMMAND")


def case_unreachable():
    """Connection refused and a name that does not resolve: the connection, with ssh's cause,
    and no BatchMode advice (no login was tried)."""
    with Folder() as f:
        port = dyno_sshd.free_port("127.0.0.1")  # nothing listens there
        for args in (("run", "-d", "ssh://root@127.0.0.1:%d%s" % (port, f.path), *SMALL),
                     ("info", "ssh://root@127.0.0.1:%d%s" % (port, f.path))):
            p = cli(*args)
            expect_side(p, 1, r"Cannot reach root@127\.0\.0\.1: it refused the connection.*"
                        r"Connection refused.*sshd running", args[0] + " refused", r"BatchMode")
        env = SERVERS.env()
        env["DYNO_SSH_COMMAND"] = "ssh -F /dev/null -o BatchMode=yes"
        p = cli("info", "ssh://root@dyno-test.invalid%s" % f.path, env=env)
        expect_side(p, 1, r"Cannot reach root@dyno-test\.invalid: this machine cannot look up "
                    r"its name", "DNS", r"BatchMode")


def case_changed_host_key():
    """A host key that is not the one known here: not to be accepted blindly."""
    with Folder() as f:
        d = tempfile.mkdtemp(prefix="dyno-ssh-hosts-")
        try:
            dyno_sshd.keygen(os.path.join(d, "other"))
            with open(os.path.join(d, "other.pub")) as fh:
                kind, blob = fh.read().split()[:2]
            known = os.path.join(d, "known_hosts")
            with open(known, "w") as fh:
                fh.write("[%s]:%d %s %s\n" % (SERVERS.hosts[0] + (kind, blob)))
            env = SERVERS.env()
            env["DYNO_SSH_COMMAND"] = "%s -o UserKnownHostsFile=%s" % (SERVERS.ssh_command, known)
            p = cli("run", "-d", url(f.path), "--remote-cli", CLI, *SMALL, env=env)
        finally:
            shutil.rmtree(d, ignore_errors=True)
        expect_side(p, 1, r"host key .* has changed.*ssh-keygen -R", "changed key",
                    r"log in once|BatchMode=yes, so a password")


def case_cli_not_runnable():
    """--remote-cli that is not executable, or a folder: said of the remote machine and of
    that path, not "the run failed"."""
    with Folder() as f:
        plain = os.path.join(f.base, "plain")
        open(plain, "w").close()
        os.chmod(plain, 0o644)
        for path in (plain, f.base):
            for args in (("run", "-d", url(f.path), *SMALL), ("info", url(f.path))):
                p = cli(*args, "--remote-cli", path)
                expect_side(p, 1, r"“%s” on root@127\.0\.0\.1 cannot be run \((Permission "
                            r"denied|Is a directory)\).*--remote-cli" % re.escape(path),
                            "%s %s" % (args[0], path), r"failed \(exit status 126\)")


def case_missing_library():
    """A dyno-cli there that lacks a library also ends with 127: not "has no dyno-cli"."""
    with Folder() as f:
        fake, _ = script_cli(f.base, "echo \"$0: error while loading shared libraries: "
                                     "libjson-glib-1.0.so.0: cannot open shared object file: "
                                     "No such file or directory\" >&2; exit 127")
        p = cli("run", "-d", url(f.path), "--remote-cli", fake, *SMALL)
        expect_side(p, 1, r"dyno-cli on root@127\.0\.0\.1 cannot start, a library it needs is "
                    r"missing there.*libjson-glib", "run", r"has no “")


def case_remote_cause_relayed():
    """The remote dyno-cli's own reason (a folder that is not there, one on a read-only file
    system) ends the message that names the host, for the app's error card too."""
    with Folder() as f:
        missing = os.path.join(f.path, "no-such-folder")
        p = cli("run", "-d", url(missing), "--remote-cli", CLI, *SMALL)
        expect_side(p, 1, r"dyno-cli: The run on root@127\.0\.0\.1 failed \(exit status 1\): "
                    r".*no-such-folder.*does not exist", "missing folder")
        ro = os.path.join(f.base, "ro")
        os.mkdir(ro)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", ro]).returncode:
            raise Skip("cannot mount a tmpfs here")
        try:
            p = cli("run", "-d", url(ro), "--remote-cli", CLI, *SMALL)
        finally:
            subprocess.run(["umount", ro])
        expect_side(p, 1, r"dyno-cli: The run on root@127\.0\.0\.1 failed \(exit status 1\): "
                    r".*[Rr]ead-only", "read-only folder")


def case_garbage_after_hello():
    """A good hello, then a line that is not Dyno's: not blamed on the remote's version; and
    a stream that ends without a result says so."""
    with Folder() as f:
        fake, _ = script_cli(f.base, "echo '{\"event\":\"hello\",\"protocol\":2,\"dyno\":"
                                     "\"%s\"}'; echo 'garbage'" % VERSION)
        p = cli("run", "-d", url(f.path), "--remote-cli", fake, *SMALL)
        expect_side(p, 1, r"dyno-cli on root@127\.0\.0\.1 sent a line this Dyno cannot read",
                    "garbage", r"does not speak|Install dyno-cli")
        fake = os.path.join(f.base, "ends")
        with open(fake, "w") as fh:
            fh.write("#!/bin/sh\necho '{\"event\":\"hello\",\"protocol\":2,\"dyno\":"
                     "\"%s\"}'\nexit 0\n" % VERSION)
        os.chmod(fake, 0o755)
        p = cli("run", "-d", url(f.path), "--remote-cli", fake, *SMALL)
        expect_side(p, 1, r"dyno-cli on root@127\.0\.0\.1 ended \(exit status 0\) without "
                    r"sending its result", "no result", r"failed \(exit status 0\)")


def case_info_banner():
    """info of a remote whose shell prints a line (Latin-1, or text) before dyno-cli's JSON:
    said of that machine's shell, not "Cannot run ssh"; its standard error names the host."""
    with Folder() as f:
        for name, line in (("latin", "Willkommen \\374ber"), ("text", "Welcome to the lab")):
            fake = os.path.join(f.base, name)
            with open(fake, "w") as fh:
                fh.write("#!/bin/sh\nprintf '%s\\n'\necho 'a note' >&2\nexec '%s' \"$@\"\n"
                         % (line, CLI))
            os.chmod(fake, 0o755)
            p = cli("info", url(f.path), "--remote-cli", fake)
            expect_side(p, 1, r"root@127\.0\.0\.1 answered info with something that is not "
                        r"the JSON.*non-interactive login", name, r"Cannot run ssh|failed")
            check("root@127.0.0.1: a note" in p.err, "info: the remote's standard error does "
                  "not name the host", p.desc)


def case_newer_protocol():
    """A remote dyno-cli of a newer protocol: not only "install the old one there"; one of an
    older protocol (1, before runs took turns across machines): install this one there."""
    with Folder() as f:
        fake = fake_cli(f.base, '{"event":"hello","protocol":3,"dyno":"0.3.0"}')
        p = cli("run", "-d", url(f.path), "--remote-cli", fake, *SMALL)
        expect_side(p, 1, r"dyno-cli on root@127\.0\.0\.1 is newer than this Dyno.*protocol 3.*"
                    r"Update Dyno on this machine", "newer")
        fake = fake_cli(f.base, '{"event":"hello","protocol":1,"dyno":"0.0.9"}')
        p = cli("run", "-d", url(f.path), "--remote-cli", fake, *SMALL)
        expect_side(p, 1, r"dyno-cli on root@127\.0\.0\.1 does not speak this Dyno's stream.*"
                    r"protocol 1 \(Dyno 0\.0\.9\).*Install dyno-cli", "older",
                    r"Update Dyno on this machine")


def case_remote_full():
    """The folder there fills up mid-run: the failure names host:path, not a path that reads
    as one on this machine."""
    with Folder() as f:
        full = os.path.join(f.base, "full")
        os.mkdir(full)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", full]).returncode:
            raise Skip("cannot mount a tmpfs here")
        try:
            p = cli("run", "-d", url(full), "--remote-cli", CLI, "-s", "16M", "--tests", "write",
                    "--phase-time", "0", "-x", "1", "--no-space-check", "-q")
        finally:
            subprocess.run(["umount", full])
        expect_side(p, 1, r"^dyno-cli: root@127\.0\.0\.1:%s: Block write failed: .*No space "
                    r"left on device" % re.escape(full), "full", None)


def remote_pid(folder):
    """The remote dyno-cli running in folder (this machine is the remote one)."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as fh:
                words = fh.read().split(b"\0")
        except OSError:
            continue
        if b"--stop-on-stdin-close" in words and folder.encode() in words:
            return int(pid)
    return None


def sshd_session_pid(pid):
    """The sshd process above pid: the session that carries its connection."""
    while pid > 1:
        with open("/proc/%d/stat" % pid) as fh:
            pid = int(fh.read().rsplit(")", 1)[1].split()[1])
        with open("/proc/%d/cmdline" % pid, "rb") as fh:
            if fh.read().startswith(b"sshd:"):
                return pid
    return None


def killed_case(what):
    """Mid-run, the remote dyno-cli is killed (SIGKILL), stopped there (SIGTERM), or the
    connection is killed (its sshd session process): each named as what it is."""
    def case():
        with Folder() as f:
            if shutil.disk_usage(f.path).free < 3 * 1024 ** 3:
                raise Skip("less than 3 GiB free under %s" % f.path)
            run = Background(f.path)
            try:
                end = time.monotonic() + 60
                pid = None
                while time.monotonic() < end and (pid is None or not f.scratch()):
                    check(run.proc.poll() is None, "the run ended before it started",
                          run.text())
                    pid = remote_pid(f.path)
                    time.sleep(0.02)
                check(pid and f.scratch(), "the remote run did not start within 60 s",
                      run.text())
                if what == "sshd":
                    session = sshd_session_pid(pid)
                    check(session, "no sshd session above the remote dyno-cli")
                    os.kill(session, signal.SIGKILL)
                elif what == "sigterm":
                    os.kill(pid, signal.SIGTERM)
                else:
                    os.kill(pid, signal.SIGKILL)
                rc = run.proc.wait(GONE_WITHIN)
                run.close()
                text = run.text()
                check(rc == 1, "expected exit status 1, got %s" % rc, text)
                if what == "sigterm":
                    # Not a ^C here: a failure (1), said to come from there, and the app
                    # gets a failed target rather than none.
                    check(re.search(r"The run on root@127\.0\.0\.1 was interrupted there", text),
                          "the message does not say the run was interrupted on the remote",
                          text)
                    check(not f.scratch(), "SIGTERM there left its scratch folder", text)
                elif what == "sshd":
                    check(re.search(r"The SSH connection to root@127\.0\.0\.1 was lost during "
                                    r"the run \(.*closed by remote host", text),
                          "the message does not say the connection was lost", text)
                else:
                    check(re.search(r"dyno-cli on root@127\.0\.0\.1 was killed by signal 9 "
                                    r".*dyno-cli clean", text),
                          "the message does not say the remote dyno-cli was killed", text)
                    check("connection" not in text.lower(), "a killed dyno-cli blamed on the "
                          "connection", text)
            finally:
                run.close()
                # SIGKILL left its scratch folder; the folder goes with the case.
    return case


class Background:
    """A remote run of a large file, in the background; threads drain its pipes."""

    def __init__(self, folder):
        self.proc = subprocess.Popen(
            [CLI, "run", "-d", url(folder), "--remote-cli", CLI, "-s", "2G", "--tests",
             "write,read", "--phase-time", "0", "-x", "1", "--no-space-check"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=SERVERS.env())
        self.chunks = []
        self.threads = [threading.Thread(target=self._drain, args=(s,), daemon=True)
                        for s in (self.proc.stdout, self.proc.stderr)]
        for t in self.threads:
            t.start()

    def _drain(self, stream):
        for chunk in iter(lambda: stream.read1(65536), b""):
            self.chunks.append(chunk)

    def text(self):
        return b"".join(self.chunks).decode("utf-8", "replace")

    def children(self):
        try:
            with open("/proc/%d/task/%d/children" % (self.proc.pid, self.proc.pid)) as fh:
                return [int(x) for x in fh.read().split()]
        except OSError:
            return []

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for t in self.threads:
            t.join(10)


def broken_case(kill_what):
    def case():
        with Folder() as f:
            if shutil.disk_usage(f.path).free < 3 * 1024 ** 3:
                raise Skip("less than 3 GiB free under %s" % f.path)
            run = Background(f.path)
            try:
                end = time.monotonic() + 60
                while time.monotonic() < end and not any(
                        os.path.exists(os.path.join(f.path, n, "data")) for n in f.scratch()):
                    check(run.proc.poll() is None, "the run ended before it started writing",
                          run.text())
                    time.sleep(0.02)
                check(f.scratch(), "no remote scratch folder appeared within 60 s", run.text())
                if kill_what == "ssh":
                    kids = run.children()
                    check(kids, "dyno-cli has no ssh child")
                    for pid in kids:
                        os.kill(pid, signal.SIGKILL)
                else:
                    run.proc.kill()
                end = time.monotonic() + GONE_WITHIN
                while time.monotonic() < end and f.scratch():
                    time.sleep(0.05)
                check(not f.scratch(), "the remote scratch folder is still there %d s after "
                      "the %s was killed" % (GONE_WITHIN, kill_what), run.text())
                if kill_what == "ssh":
                    rc = run.proc.wait(30)
                    check(rc == 1, "expected exit status 1 after ssh died, got %s" % rc,
                          run.text())
                    check("connection" in run.text(), "no message about the lost connection",
                          run.text())
            finally:
                run.close()
    return case


def case_interrupt():
    with Folder() as f:
        if shutil.disk_usage(f.path).free < 3 * 1024 ** 3:
            raise Skip("less than 3 GiB free under %s" % f.path)
        run = Background(f.path)
        try:
            end = time.monotonic() + 60
            while time.monotonic() < end and not f.scratch():
                time.sleep(0.02)
            check(f.scratch(), "no remote scratch folder appeared within 60 s", run.text())
            run.proc.send_signal(signal.SIGINT)
            rc = run.proc.wait(GONE_WITHIN)
            check(rc == 130, "expected exit status 130 after SIGINT, got %s" % rc, run.text())
            check(not f.scratch(), "the remote scratch folder is still there", run.text())
        finally:
            run.close()


def case_info():
    """info of a remote folder: the JSON with --json, the table of a local folder without."""
    with Folder() as f:
        p = cli("info", "--json", url(f.path), "--remote-cli", CLI)
        check(p.returncode == 0, "remote info --json failed", p.desc)
        doc = json.loads(p.out)
        check(doc.get("path") == f.path and doc.get("remote") == "root@127.0.0.1",
              "the info does not describe the remote folder", p.desc)
        check("system" in doc or "hostname" in p.out, "no system in the info", p.desc)
        t = cli("info", url(f.path), "--remote-cli", CLI)
        check(t.returncode == 0, "remote info failed", t.desc)
        check(not t.out.lstrip().startswith("{"), "info of a remote folder printed JSON, not "
              "the table", t.desc)
        for label, value in (("Target", url(f.path)), ("File system", doc.get("fs_type")),
                             ("Free space", None), ("Writable", "yes"),
                             ("Host", (doc.get("system") or {}).get("hostname"))):
            lines = [ln for ln in t.out.splitlines() if ln.startswith(label + " ")]
            check(lines and (value is None or str(value) in lines[0]),
                  "no “%s” line%s in the table" % (label, " with %s" % value if value else ""),
                  t.desc)


def case_stdin_close():
    """--stop-on-stdin-close on its own (what the remote side of a run gets): no ssh."""
    with Folder() as f:
        if shutil.disk_usage(f.path).free < 3 * 1024 ** 3:
            raise Skip("less than 3 GiB free under %s" % f.path)
        proc = subprocess.Popen([CLI, "run", "-d", f.path, "-s", "2G", "--tests", "write,read",
                                 "--phase-time", "0", "-x", "1", "--no-space-check", "--stream",
                                 "--stop-on-stdin-close"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        try:
            end = time.monotonic() + 60
            while time.monotonic() < end and not f.scratch():
                time.sleep(0.02)
            check(f.scratch(), "no scratch folder appeared within 60 s")
            # communicate () closes its standard input first: that is the test.
            out, err = proc.communicate(timeout=GONE_WITHIN)
            desc = "stdout:\n%s\nstderr:\n%s" % (tail(out.decode()), tail(err.decode()))
            check(proc.returncode == 130, "expected exit status 130, got %s" % proc.returncode,
                  desc)
            check(not f.scratch(), "the scratch folder is still there", desc)
            check(out.decode().splitlines()[-1] == '{"event":"interrupted"}',
                  "the stream does not end with interrupted", desc)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()


def case_parallel():
    folders = [Folder() for _ in SERVERS.hosts]
    try:
        out = os.path.join(folders[0].base, "run.json")
        args = ["run", "--parallel", "--remote-cli", CLI, *SMALL, "--json", out]
        for i, f in enumerate(folders):
            args += ["-d", url(f.path, i)]
        p = cli(*args)
        check(p.returncode == 0, "the parallel run failed", p.desc)
        check("All 3 machines together" in p.out, "no aggregate table", p.desc)
        check(re.search(r"^Block write +\S+ MB/s +root@127\.0\.0\.[123] ", p.out, re.M),
              "no sum and slowest host for Block write", p.desc)
        for i, f in enumerate(folders):
            where = "root@127.0.0.%d" % (i + 1)
            check(p.out.count("== %s ==" % where) == 1, "no single table for %s" % where, p.desc)
            check(re.search(r"^\[%s\]   Block write" % re.escape(where), p.err, re.M),
                  "no progress line for %s" % where, p.desc)
            with open(os.path.join(folders[0].base, "run-%s.json" % where)) as fh:
                check_result(json.load(fh), f.path, where, p.desc)
            check(not f.scratch(), "a scratch folder is left on %s" % where, p.desc)
    finally:
        for f in folders:
            f.__exit__()


def case_parallel_stream():
    """--parallel --stream: one stream, one hello, every host's events tagged, the aggregate."""
    folders = [Folder() for _ in SERVERS.hosts]
    try:
        out = os.path.join(folders[0].base, "run.json")
        args = ["run", "--parallel", "--stream", "--remote-cli", CLI, *SMALL, "--json", out]
        for i, f in enumerate(folders):
            args += ["-d", url(f.path, i)]
        p = cli(*args)
        check(p.returncode == 0, "the parallel --stream run failed", p.desc)
        events = []
        for n, line in enumerate(p.out.splitlines(), 1):
            try:
                events.append(json.loads(line))
            except ValueError as e:
                raise Failure("line %d is not JSON: %s" % (n, e), p.desc)
        check(events and events[0] == {"event": "hello", "protocol": 2, "dyno": VERSION},
              "the first line is not the hello line", p.desc)
        check(sum(e.get("event") == "hello" for e in events) == 1, "more than one hello", p.desc)
        hosts = ["root@127.0.0.%d" % (i + 1) for i in range(len(folders))]
        for e in events:
            if e.get("event") not in ("hello", "aggregate"):
                check(e.get("host") in hosts, "an event without its host: %r" % e, p.desc)
                if "target" in e:
                    check(e["target"] == hosts.index(e["host"]),
                          "target %r is not the index of %s's -d" % (e["target"], e["host"]),
                          p.desc)
        for i, (where, f) in enumerate(zip(hosts, folders)):
            mine = [e for e in events if e.get("host") == where]
            kinds = [e["event"] for e in mine]
            check(kinds.count("target-started") == 1 and mine[0]["event"] == "target-started"
                  and mine[0].get("path") == f.path,
                  "%s's events do not start with its target" % where, p.desc)
            check(kinds.count("sample") >= 1, "no samples from %s" % where, p.desc)
            check([e["phase"] for e in mine if e["event"] == "phase-finished"]
                  == ["write", "read"], "%s did not finish write and read" % where, p.desc)
            results = [e for e in mine if e["event"] == "result"]
            check(len(results) == 1, "%d results from %s, not 1" % (len(results), where),
                  p.desc)
            check_result(results[0]["result"], f.path, where, p.desc)
            with open(os.path.join(folders[0].base, "run-%s.json" % where)) as fh:
                check_result(json.load(fh), f.path, where, p.desc)
            check(not f.scratch(), "a scratch folder is left on %s" % where, p.desc)
        aggregates = [e for e in events if e.get("event") == "aggregate"]
        check([a.get("phase") for a in aggregates] == ["write", "read"],
              "no aggregate per phase at the end", p.desc)
        check(events[-len(aggregates):] == aggregates, "the aggregates are not last", p.desc)
        rates = {}
        for r in (e for e in events if e.get("event") == "result"):
            for ph in r["result"]["targets"][0]["phases"]:
                rates.setdefault(ph["id"], {})[r["host"]] = ph
        for a in aggregates:
            check(a.get("hosts") == 3 and a.get("unit") == "B/s" and a.get("slowest") in hosts,
                  "a malformed aggregate: %r" % a, p.desc)
            check(a["slowest_rate"] <= a["fastest_rate"] and a["sum"] >= 3 * a["slowest_rate"]
                  * (1 - 1e-9) and a["spread"] is not None and a["spread"] >= 0,
                  "the aggregate's figures do not add up: %r" % a, p.desc)
            check(set(rates.get(a["phase"], {})) == set(hosts),
                  "the results lack phase %s" % a["phase"], p.desc)
        check("[root@" not in p.out and "All 3 machines" not in p.out,
              "text on the stream's standard output", p.desc)
    finally:
        for f in folders:
            f.__exit__()


def case_parallel_concurrent_stop():
    """All the machines run at once (three ssh children at the same time); ^C stops them all."""
    folders = [Folder() for _ in SERVERS.hosts]
    try:
        if shutil.disk_usage(folders[0].path).free < 8 * 1024 ** 3:
            raise Skip("less than 8 GiB free under /tmp")
        args = [CLI, "run", "--parallel", "--remote-cli", CLI, "-s", "2G", "--tests",
                "write,read", "--phase-time", "0", "-x", "1", "--no-space-check"]
        for i, f in enumerate(folders):
            args += ["-d", url(f.path, i)]
        proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=SERVERS.env())
        try:
            end = time.monotonic() + 60
            while time.monotonic() < end and not all(f.scratch() for f in folders):
                check(proc.poll() is None, "the run ended early")
                time.sleep(0.02)
            check(all(f.scratch() for f in folders),
                  "the three machines did not all start within 60 s")
            with open("/proc/%d/task/%d/children" % (proc.pid, proc.pid)) as fh:
                kids = fh.read().split()
            check(len(kids) == 3, "%d ssh children, not 3, while all three ran" % len(kids))
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=GONE_WITHIN)
            desc = "stdout:\n%s\nstderr:\n%s" % (tail(out.decode()), tail(err.decode()))
            check(proc.returncode == 130, "expected exit status 130, got %s" % proc.returncode,
                  desc)
            check(not any(f.scratch() for f in folders), "a scratch folder is left", desc)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    finally:
        for f in folders:
            f.__exit__()


# ---- a local and a remote folder taking turns (issue 22, item 5) ---------------------------

def rounds_of(doc):
    """Each target's rounds as (start, end, "target.repeat"), by when they began."""
    rounds = []
    for t, target in enumerate(doc["targets"]):
        by_repeat = {}
        for phase in target["phases"]:
            for run in phase["runs"]:
                start, end = run["started"], run["started"] + run["elapsed"]
                lo, hi = by_repeat.get(run["repeat"], (start, end))
                by_repeat[run["repeat"]] = (min(lo, start), max(hi, end))
        rounds += [(lo, hi, "%d.%d" % (t, r)) for r, (lo, hi) in by_repeat.items()]
    return sorted(rounds)


def case_local_remote_compare():
    """-d LOCAL -d ssh://… --compare: the rounds alternate A B B A A B, one at a time, on one
    calibrated workload, and the result pairs them (the comparison's interval is paired)."""
    with Folder() as local, Folder() as remote:
        out = os.path.join(local.base, "pair.json")
        p = cli("run", "-d", local.path, "-d", url(remote.path), "--remote-cli", CLI,
                "--phase-time", "0.6", "-x", "3", "--tests", "write,read", "--compare",
                "--json", out)
        check(p.returncode == 0, "the local and remote --compare run failed", p.desc)
        with open(out) as fh:
            doc = json.load(fh)
        targets = doc["targets"]
        check(len(targets) == 2 and targets[0]["path"] == local.path
              and targets[1]["path"] == remote.path, "not one result of both folders", p.desc)
        check("remote" not in targets[0] and targets[1].get("remote") == "root@127.0.0.1"
              and targets[1].get("system", {}).get("hostname"),
              "the remote target is not marked with its machine", p.desc)
        rounds = rounds_of(doc)
        order = [r[2] for r in rounds]
        check(order == ["0.0", "1.0", "1.1", "0.1", "0.2", "1.2"],
              "the rounds ran in the order %r, not A B B A A B" % order, p.desc)
        # One at a time (a bound for the clocks' agreement, not a speed)
        for a, b in zip(rounds, rounds[1:]):
            check(b[0] >= a[1] - 0.05, "round %s began before round %s ended: %r"
                  % (b[2], a[2], rounds), p.desc)
        sizes = [t.get("sizing", {}).get("size") for t in targets]
        check(sizes[0] and sizes[0] == sizes[1], "the data sizes differ: %r" % sizes, p.desc)
        check(targets[0]["sizing"].get("calibrated") and targets[1]["sizing"].get("calibrated"),
              "a side did not calibrate", p.desc)
        c = cli("compare", "--format", "json", out)
        check(c.returncode == 0, "compare of the result failed", c.desc)
        paired = [cell for phase in json.loads(c.out)["phases"] for cell in phase["cells"]
                  if cell.get("entry") == 1 and cell.get("ratio_paired")]
        check(paired and all(cell.get("verdict") for cell in paired),
              "no phase of the remote folder has a paired verdict", c.desc)
        check("rounds' ratios" in p.out or "paired" in p.out.lower() or "95 %" in p.out,
              "run --compare printed no answer", p.desc)
        check(not local.scratch() and not remote.scratch(), "a scratch folder is left", p.desc)


def case_local_remote_failure():
    """The remote folder fills up in its first round: the run ends there, the local folder's
    round is kept, and the failure names host:path."""
    with Folder() as local, Folder() as f:
        full = os.path.join(f.base, "full")
        os.mkdir(full)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", full]).returncode:
            raise Skip("cannot mount a tmpfs here")
        out = os.path.join(local.base, "r.json")
        try:
            p = cli("run", "-d", local.path, "-d", url(full), "--remote-cli", CLI, "-s", "16M",
                    "--tests", "write", "--phase-time", "0", "-x", "2", "--compare",
                    "--no-space-check", "-q", "--json", out)
        finally:
            subprocess.run(["umount", full])
        expect_side(p, 1, r"^dyno-cli: root@127\.0\.0\.1:%s: Block write failed: .*No space "
                    r"left on device" % re.escape(full), "full", None)
        with open(out) as fh:
            targets = json.load(fh)["targets"]
        runs = [[r["repeat"] for ph in t["phases"] for r in ph["runs"]] for t in targets]
        check(runs[0] == [0], "the local folder's rounds are %r, not its first" % runs[0], p.desc)
        check(targets[1].get("error", {}).get("phase") == "write",
              "the remote target does not say its write failed", p.desc)
        check(not local.scratch(), "the local scratch folder is left", p.desc)


def case_local_remote_stop():
    """SIGINT in the remote folder's round: both sides stop and clean up, exit 130, and the
    local folder's finished round is kept, marked stopped."""
    with Folder() as local, Folder() as remote:
        if shutil.disk_usage(local.path).free < 6 * 1024 ** 3:
            raise Skip("less than 6 GiB free under %s" % local.path)
        out = os.path.join(local.base, "r.json")
        proc = subprocess.Popen([CLI, "run", "-d", local.path, "-d", url(remote.path),
                                 "--remote-cli", CLI, "-s", "1G", "--tests", "write,read",
                                 "--phase-time", "0", "-x", "2", "--no-space-check", "--json",
                                 out], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=SERVERS.env())
        try:
            end = time.monotonic() + 120
            while time.monotonic() < end and not any(
                    os.path.exists(os.path.join(remote.path, n, "data"))
                    for n in remote.scratch()):
                check(proc.poll() is None, "the run ended before the remote round")
                time.sleep(0.02)
            check(remote.scratch(), "the remote round did not start within 120 s")
            proc.send_signal(signal.SIGINT)
            out_text, err = proc.communicate(timeout=GONE_WITHIN)
            desc = "stderr:\n%s" % tail(err.decode())
            check(proc.returncode == 130, "expected exit status 130, got %s" % proc.returncode,
                  desc)
            end = time.monotonic() + GONE_WITHIN
            while time.monotonic() < end and remote.scratch():
                time.sleep(0.05)
            check(not local.scratch() and not remote.scratch(), "a scratch folder is left", desc)
            with open(out) as fh:
                doc = json.load(fh)
            check(doc.get("stopped") is True, "the result is not marked stopped", desc)
            local_runs = [r["repeat"] for ph in doc["targets"][0]["phases"] for r in ph["runs"]]
            check(local_runs == [0, 0], "the local round was not kept: %r" % local_runs, desc)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()


CASES = [
    ("run --stream starts with the hello line", case_hello),
    ("bad remote targets are usage errors", case_bad_targets),
    ("run on ssh://user@host:port/path: progress, result with remote", case_run_url),
    ("run on user@host:/path, --json -, compare", case_run_scp_form_json),
    ("run --config-json, here and over SSH", case_config_json),
    ("--price on a remote target is set on the result here", case_price),
    ("--reference and --per-spindle reach the remote result", case_reference),
    ("run --stream on a remote target", case_run_stream),
    ("paths and labels with quotes, ;, $(), backquotes, newlines run nothing", case_injection),
    ("missing remote dyno-cli says what to install", case_missing_cli),
    ("protocol mismatch says what to install", case_protocol_mismatch),
    ("a Latin-1 login banner stops the run and the remote, and is named", case_remote_banner),
    ("a 400 MiB line and 64 MiB of errors from the remote are bounded", case_remote_huge_output),
    ("a remote run refused by its pre-flight says why", case_remote_refuses),
    ("a refused key fails under BatchMode with a message", case_batch_mode),
    ("an unknown host key says to log in once to accept it", case_unknown_host_key),
    ("killing the local ssh stops the remote run and removes its scratch", broken_case("ssh")),
    ("killing the local dyno-cli stops the remote run", broken_case("dyno-cli")),
    ("SIGINT stops the remote run in order: exit 130", case_interrupt),
    ("info on ssh://host/path", case_info),
    ("no ssh on this machine is said of this machine", case_no_ssh_here),
    ("connection refused and an unknown name are said of the connection", case_unreachable),
    ("a changed host key is not to be accepted blindly", case_changed_host_key),
    ("a --remote-cli that cannot be run is named, not 'the run failed'", case_cli_not_runnable),
    ("a remote dyno-cli without its libraries is not 'no dyno-cli'", case_missing_library),
    ("the remote dyno-cli's reason is relayed with the host", case_remote_cause_relayed),
    ("garbage after a good hello, and no result, are not blamed on the version",
     case_garbage_after_hello),
    ("info: a banner before the JSON is the remote shell's, stderr names the host",
     case_info_banner),
    ("a remote dyno-cli of a newer protocol says to update here too", case_newer_protocol),
    ("a remote folder that fills up names host:path", case_remote_full),
    ("the remote dyno-cli killed mid-run is not a lost connection", killed_case("dyno-cli")),
    ("the SSH connection killed mid-run is said to be lost", killed_case("sshd")),
    ("a SIGTERM to the remote dyno-cli is its side's, not a ^C here", killed_case("sigterm")),
    ("--stop-on-stdin-close: closing stdin stops a run, exit 130", case_stdin_close),
    ("--parallel on 127.0.0.1-3: per-host progress, files, aggregate", case_parallel),
    ("--parallel runs all hosts at once; SIGINT stops them all", case_parallel_concurrent_stop),
    ("--parallel --stream: one hello, every host tagged, samples, aggregate",
     case_parallel_stream),
    ("a local and a remote folder --compare take turns A B B A and pair",
     case_local_remote_compare),
    ("a remote folder that fails ends a run of both; the local round is kept",
     case_local_remote_failure),
    ("SIGINT in a run of both folders stops both; the finished round is kept",
     case_local_remote_stop),
]


def main():
    global SERVERS
    if not CLI:
        print("1..0 # SKIP DYNO_CLI is not set to the dyno-cli executable")
        return 0
    why = dyno_sshd.unavailable()
    if why:
        print("1..0 # SKIP %s" % why)
        return 0
    failed = 0
    # DYNO_SSH_ONLY=REGEX: only the cases whose name matches (the suite takes a while)
    only = os.environ.get("DYNO_SSH_ONLY")
    cases = [c for c in CASES if not only or re.search(only, c[0])]
    print("1..%d" % len(cases), flush=True)
    with dyno_sshd.Servers(3) as servers:
        SERVERS = servers
        for n, (name, case) in enumerate(cases, 1):
            try:
                case()
            except Skip as e:
                print("ok %d - %s # SKIP %s" % (n, name, e), flush=True)
                continue
            except Exception as e:  # noqa: BLE001 - a case's failure, reported as TAP
                failed += 1
                print("not ok %d - %s" % (n, name))
                detail = str(e) if isinstance(e, Failure) else traceback.format_exc()
                for line in detail.splitlines():
                    print("# " + line)
                sys.stdout.flush()
                continue
            print("ok %d - %s" % (n, name), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
