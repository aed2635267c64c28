#!/usr/bin/env python3
"""Paired runs against real encrypted targets: does encryption slow me down? (TAP)

On the fast device (ext4 on a loop device on a tmpfs) a plain folder against a gocryptfs
folder on the same file system, and on an fscrypt-capable ext4 a plain folder against an
fscrypt-encrypted one, each with `dyno-cli run -d PLAIN -d ENC --compare`. What is asserted:
the verdicts (block write slower, with an interval that excludes 1: software encryption of
every byte on this kind of device cannot be free), the crypto stack in the result (layer,
cipher, CPU instructions, kernel driver) and where the CPU went (the FUSE daemon's share).
Needs root (loop devices, mounts); skips with the reason otherwise.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import dyno_devices  # noqa: E402
import dyno_tap  # noqa: E402

CLI = os.environ.get("DYNO_CLI")
# Five repeats: a plain folder on this device writes at anything from 0.3 to 1.7 GB/s from one
# repeat to the next (writeback), and three leave an interval too wide to tell. The default
# phase time keeps the first writes to the fresh loop device (much slower than later ones)
# from being a whole, too-short phase.
RUN = ["--tests", "write,read", "-x", "5", "--phase-time", "3", "--compare"]


class Failure(Exception):
    pass


def check(cond, message, detail=""):
    if not cond:
        raise Failure(message + ("\n" + detail if detail else ""))


def cli(*args):
    p = subprocess.run([CLI] + [str(a) for a in args], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=600)
    return p


def paired(plain, encrypted, out_dir):
    r = os.path.join(out_dir, "pair.dyno.json")
    p = cli("run", "-d", plain, "-d", encrypted, *RUN, "--json", r)
    check(p.returncode == 0, "the paired run failed (exit %d)" % p.returncode, p.stderr[-2000:])
    with open(r) as f:
        doc = json.load(f)
    c = cli("compare", r, "--format", "json")
    check(c.returncode == 0, "compare --format json failed", c.stderr)
    return p, doc, json.loads(c.stdout)


def cell(comparison, phase, entry):
    for ph in comparison["phases"]:
        if ph["id"] == phase:
            for c in ph["cells"]:
                if c["entry"] == entry:
                    return c
    raise Failure("no %s cell for entry %d in the comparison" % (phase, entry))


def check_verdict(p, comparison, phase, verdict):
    c = cell(comparison, phase, 1)
    check(c.get("verdict") == verdict, "%s: verdict %r, expected %r" % (phase, c.get("verdict"),
                                                                       verdict),
          json.dumps(c))
    low, high = c["ratio_ci95"]
    check(low <= c["ratio"] <= high, "%s: the ratio is outside its interval" % phase, json.dumps(c))
    if verdict == "slower":
        check(high < 1, "%s: the interval %r does not exclude 1" % (phase, c["ratio_ci95"]))


def case_gocryptfs():
    with dyno_devices.FastDevice(size_mib=2048, preallocate=True) as dev:
        plain = os.path.join(dev.path, "plain")
        os.mkdir(plain)
        with dyno_devices.Gocryptfs(dev.path) as enc, tempfile.TemporaryDirectory() as out:
            p, doc, comparison = paired(plain, enc.path, out)
            check_verdict(p, comparison, "write", "slower")
            info = doc["targets"][1]["info"]
            layers = info.get("crypto") or []
            check(layers and layers[0]["layer"] == "gocryptfs"
                  and layers[0]["cipher"] == "AES-256-GCM"
                  and layers[0]["source"].endswith("gocryptfs.conf"),
                  "the gocryptfs layer is not described", json.dumps(layers))
            check(info.get("helper") == "gocryptfs", "the FUSE daemon was not found",
                  json.dumps(info))
            runs = [r for ph in doc["targets"][1]["phases"] for r in ph["runs"]]
            check(all(r.get("helper_cpu_seconds", -1) >= 0 for r in runs),
                  "a run of the gocryptfs target lacks the daemon's CPU")
            check(not doc["targets"][0]["info"].get("crypto"), "the plain folder has a layer")
            check(doc["system"].get("cpu_crypto") is not None, "no CPU crypto instructions")
            for text in ("slower at block write", "Encryption:", "gocryptfs: AES-256-GCM",
                         "CPU per GB moved", "gocryptfs "):
                check(text in p.stdout, "the paired text lacks %r" % text, p.stdout[:3000])
    return "gocryptfs: block write slower, interval below 1; layer, daemon and its CPU recorded"


def case_fscrypt():
    with dyno_devices.Fscrypt(size_mib=2048) as fs, tempfile.TemporaryDirectory() as out:
        p, doc, comparison = paired(fs.plain, fs.secret, out)
        check_verdict(p, comparison, "write", "slower")
        layers = doc["targets"][1]["info"].get("crypto") or []
        check(layers and layers[0]["layer"] == "fscrypt" and layers[0]["cipher"] == "AES-256-XTS",
              "the fscrypt layer is not described", json.dumps(layers))
        # After the run the kernel has picked the implementation: the result names it.
        check(layers[0].get("driver"), "no kernel driver for fscrypt's cipher", json.dumps(layers))
        check("fscrypt: AES-256-XTS" in p.stdout, "the paired text lacks the layer", p.stdout[:3000])
    return "fscrypt: block write slower, interval below 1; driver %s" % layers[0]["driver"]


CASES = [
    ("gocryptfs vs plain on one device: verdicts, layer, FUSE daemon's CPU", case_gocryptfs),
    ("fscrypt vs plain on one ext4: verdicts, layer, kernel driver", case_fscrypt),
]


def main():
    return dyno_tap.run(CASES, CLI, Failure)


if __name__ == "__main__":
    sys.exit(main())
