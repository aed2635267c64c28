"""A TAP runner for the Python suites that make real devices (tests/crypto).

run(cases, cli, failure) prints the plan, runs each (name, func) case, and prints `ok`, `ok …
# SKIP reason` (for dyno_devices.Unavailable: a device that cannot be made here) or `not ok`
with the failure's lines as comments; a case's return value is its summary comment. Returns
the exit status: 1 when a case failed.
"""
import sys

import dyno_devices


def run(cases, cli, failure):
    print("1..%d" % len(cases), flush=True)
    failed = 0
    for n, (name, func) in enumerate(cases, 1):
        if not cli:
            print("ok %d - %s # SKIP DYNO_CLI is not set" % (n, name))
            continue
        try:
            summary = func()
            print("ok %d - %s" % (n, name))
            print("# " + summary, flush=True)
        except dyno_devices.Unavailable as e:
            print("ok %d - %s # SKIP %s" % (n, name, e), flush=True)
        except failure as e:
            failed += 1
            print("not ok %d - %s" % (n, name))
            for line in str(e).splitlines():
                print("# " + line)
            sys.stdout.flush()
    return 1 if failed else 0
