#!/usr/bin/env python3
# run-engine-remote.py: starts private sshd servers and runs test-engine-remote (TAP) against them
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: run-engine-remote.py TEST-PROGRAM DYNO-CLI
# The servers (tests/lib/dyno_sshd.py) stop on the way out, also when the test fails.

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import dyno_sshd  # noqa: E402


def main():
    if len(sys.argv) < 3:
        print("1..0 # SKIP usage: run-engine-remote.py TEST-PROGRAM DYNO-CLI")
        return 0
    program, cli = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    why = dyno_sshd.unavailable()
    if why:
        print("1..0 # SKIP %s" % why)
        return 0
    with dyno_sshd.Servers(2) as servers:
        env = dict(os.environ)
        env["DYNO_TEST_SSH_COMMAND"] = servers.ssh_command
        env["DYNO_TEST_SSH_HOSTS"] = " ".join("%s:%d" % h for h in servers.hosts)
        env["DYNO_CLI"] = cli
        sys.stdout.flush()
        return subprocess.run([program, "--tap"] + sys.argv[3:], env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
