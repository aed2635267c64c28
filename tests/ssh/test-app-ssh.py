#!/usr/bin/env python3
# test-app-ssh.py: the app's parallel run over real SSH (docs/remote.md, "In the app"), TAP
#
# Starts three private sshd servers on 127.0.0.1 … 127.0.0.3 (tests/lib/dyno_sshd.py) and runs
# tests/test-gui-remote's /ssh/app/parallel against them: three remote folders checked, "Run at
# the Same Time", three live charts and the aggregate, three saved results and their comparison.
# The test program prints the TAP; this only starts and stops the servers around it, and a
# display (xvfb-run) when there is none. Skips, saying why, without root, OpenSSH or a display.
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import dyno_sshd  # noqa: E402

PROGRAM = os.environ.get("DYNO_TEST_GUI_REMOTE")


def skip(why):
    print("1..0 # SKIP %s" % why)
    sys.exit(0)


def main():
    if not PROGRAM or not os.path.exists(PROGRAM):
        skip("no test-gui-remote (built with -Dgui=false?)")
    if not os.environ.get("DYNO_CLI"):
        skip("DYNO_CLI is not set")
    why = dyno_sshd.unavailable()
    if why:
        skip(why)
    command = [PROGRAM, "--tap"]
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        if shutil.which("xvfb-run") is None or shutil.which("dbus-run-session") is None:
            skip("no display, and no xvfb-run and dbus-run-session to make one")
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--"] \
            + command
    with dyno_sshd.Servers(3) as servers:
        env = dict(os.environ)
        env["DYNO_TEST_SSH_COMMAND"] = servers.ssh_command
        # The TAP goes to our standard output as it comes; the servers stop on the way out.
        result = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, timeout=540)
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
