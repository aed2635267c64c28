# dyno_sshd.py: private OpenSSH servers on the loopback, for the tests of runs over SSH
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Each server listens on one loopback address (127.0.0.1, 127.0.0.2, …) and a free port, with
# host and user keys generated for it, its own known_hosts and an ssh_config that names them,
# so that nothing reads or writes ~/.ssh. Use it as a context manager: the servers stop on the
# way out, also when a test fails. Python 3 standard library only.

import os
import shutil
import socket
import subprocess
import tempfile
import time

SSHD = "/usr/sbin/sshd"


def unavailable():
    """Why the servers cannot run here, or None."""
    if os.geteuid() != 0:
        return "not root (sshd needs root to log a user in)"
    if not os.path.exists(SSHD) or not os.access(SSHD, os.X_OK):
        return "%s is not installed" % SSHD
    for tool in ("ssh", "ssh-keygen"):
        if shutil.which(tool) is None:
            return "%s is not installed" % tool
    return None


def free_port(address):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((address, 0))
        return s.getsockname()[1]


def keygen(path):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "dyno-test",
                    "-f", path], check=True, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


class Servers:
    """n sshd processes on 127.0.0.1 … 127.0.0.n. After __enter__: .dir, .ssh_config,
    .ssh_command (for DYNO_SSH_COMMAND), .hosts [(address, port)], .user."""

    def __init__(self, n=1):
        self.n = n
        self.procs = []
        self.hosts = []
        self.dir = None
        self.user = "root"

    def __enter__(self):
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def _start(self):
        self.dir = tempfile.mkdtemp(prefix="dyno-sshd-")
        d = self.dir
        # sshd insists on its privilege separation folder.
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
        keygen(os.path.join(d, "id_ed25519"))
        shutil.copy(os.path.join(d, "id_ed25519.pub"), os.path.join(d, "authorized_keys"))
        known = []
        client = ["Host *",
                  "  User %s" % self.user,
                  "  IdentityFile %s" % os.path.join(d, "id_ed25519"),
                  "  IdentitiesOnly yes",
                  "  IdentityAgent none",
                  "  UserKnownHostsFile %s" % os.path.join(d, "known_hosts"),
                  "  GlobalKnownHostsFile /dev/null",
                  "  StrictHostKeyChecking yes",
                  "  CheckHostIP no",
                  "  ControlMaster no",
                  "  ControlPath none",
                  "  ConnectTimeout 20",
                  "  LogLevel ERROR",
                  ""]
        host_blocks = []
        for i in range(self.n):
            address = "127.0.0.%d" % (i + 1)
            port = free_port(address)
            sd = os.path.join(d, "sshd-%d" % (i + 1))
            os.mkdir(sd)
            key = os.path.join(sd, "host_ed25519")
            keygen(key)
            with open(key + ".pub") as f:
                kind, blob = f.read().split()[:2]
            known.append("[%s]:%d %s %s" % (address, port, kind, blob))
            config = os.path.join(sd, "sshd_config")
            with open(config, "w") as f:
                f.write("\n".join([
                    "ListenAddress %s:%d" % (address, port),
                    "HostKey %s" % key,
                    "PidFile %s" % os.path.join(sd, "sshd.pid"),
                    "AuthorizedKeysFile %s" % os.path.join(d, "authorized_keys"),
                    "StrictModes no",
                    "UsePAM no",
                    "PermitRootLogin prohibit-password",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "PubkeyAuthentication yes",
                    "AllowUsers %s" % self.user,
                    "PrintMotd no",
                    # The remote dyno-cli lists what it leaves (dyno-leftovers.h) in the
                    # tests' own state folder, not in the user's ~/.local/state.
                    "SetEnv XDG_STATE_HOME=%s" % os.path.join(d, "state"),
                    "LogLevel ERROR",
                    ""]))
            log = open(os.path.join(sd, "log"), "wb")
            proc = subprocess.Popen([SSHD, "-D", "-e", "-f", config], stdin=subprocess.DEVNULL,
                                    stdout=log, stderr=log)
            log.close()
            self.procs.append(proc)
            self.hosts.append((address, port))
            host_blocks += ["Host %s" % address, "  Port %d" % port, ""]
        with open(os.path.join(d, "known_hosts"), "w") as f:
            f.write("\n".join(known) + "\n")
        self.ssh_config = os.path.join(d, "ssh_config")
        with open(self.ssh_config, "w") as f:
            # The first match wins in ssh_config: the hosts' ports before "Host *".
            f.write("\n".join(host_blocks + client))
        self.ssh_command = "ssh -F %s" % self.ssh_config
        for (address, port), proc in zip(self.hosts, self.procs):
            self._wait_listening(address, port, proc)

    def _wait_listening(self, address, port, proc, deadline=30):
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            if proc.poll() is not None:
                raise RuntimeError("sshd on %s:%d exited (%s): %s"
                                   % (address, port, proc.returncode, self.log(address)))
            try:
                with socket.create_connection((address, port), timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("sshd on %s:%d did not listen within %d s" % (address, port, deadline))

    def log(self, address="127.0.0.1"):
        i = int(address.rsplit(".", 1)[1])
        try:
            with open(os.path.join(self.dir, "sshd-%d" % i, "log"), errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def env(self):
        env = dict(os.environ)
        env["DYNO_SSH_COMMAND"] = self.ssh_command
        return env

    def stop(self):
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.procs = []
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None
