#!/usr/bin/env python3
"""dyno-cli fill on devices with known knees (TAP).

The truth is the blkio throttle's: a KneeWatcher (tests/lib/dyno_devices.py) writes at 20 MiB/s
until 128 MiB have reached the fast device (ext4 on a loop device over a tmpfs, far faster than
the throttle), then at 5 MiB/s. The rates are low so that a machine loaded by other work still
keeps the device far above them (at 40 MiB/s a load average of 17 on two CPUs once held the
loop device below the limit). Dyno must find that knee within 10 % and each rate within 5 %.
The same with a cache that comes back after a rest (--recovery), a fill stopped by SIGINT (exit
130, the curve kept, the file gone), one killed with SIGKILL (its scratch folder removed by the
next fill, and nothing else), buffered writes (said so, the rate still the throttle's), the
pre-flight refusals and bad options, and fills read back by compare, export and import. Cases
that need root skip otherwise. None depends on how fast the machine is: every rate asserted is
the throttle's.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import dyno_devices  # noqa: E402

CLI = os.environ.get("DYNO_CLI")
CHARTS = os.environ.get("DYNO_CHARTS", "1") == "1"
TIMEOUT = 300
MiB = 1 << 20


class Failure(Exception):
    pass


def check(cond, message, detail=""):
    if not cond:
        raise Failure(message + ("\n" + detail if detail else ""))


def cli(*args):
    return subprocess.run([CLI] + [str(a) for a in args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, timeout=TIMEOUT)


def scratch_left(folder):
    return [n for n in os.listdir(folder) if n.startswith("dyno-")]


def load(path):
    with open(path) as f:
        return json.load(f)


def near(value, truth, tolerance):
    return abs(value - truth) <= tolerance * truth


def check_samples(doc, what):
    """Every sample ends within a second and 256 MiB of the one before (a stall aside: there is
    none on these devices), `written` grows, and the segments cover the curve in order."""
    samples = doc["samples"]
    check(len(samples) > 0, "%s: no samples" % what)
    before, t_before = 0, 0.0
    for i, s in enumerate(samples):
        check(s["written"] > before, "%s: sample %d does not grow" % (what, i))
        check(s["written"] - before <= 256 * MiB, "%s: sample %d spans more than 256 MiB"
              % (what, i))
        check(s["t"] - t_before <= 1.5, "%s: sample %d spans %.2f s" % (what, i,
                                                                          s["t"] - t_before))
        before, t_before = s["written"], s["t"]
    segments = doc["segments"]
    check(segments and segments[0]["start"] == 0, "%s: segments do not start at 0" % what)
    for a, b in zip(segments, segments[1:]):
        check(a["end"] == b["start"], "%s: segments leave a gap" % what)
    check(segments[-1]["end"] == samples[-1]["written"], "%s: segments end early" % what)


def describe_segments(doc):
    return ", ".join("%.1f–%.1f MiB at %.2f MiB/s" % (s["start"] / MiB, s["end"] / MiB,
                                                     s["rate"] / MiB)
                     for s in doc["segments"])


def test_usage():
    folder = tempfile.mkdtemp(prefix="dyno-fill-usage-")
    try:
        for args, words in ((["fill"], "Name the folder"),
                            (["fill", folder, "--size", "abc"], "--size"),
                            (["fill", folder, "--size", "0"], "--size"),
                            (["fill", folder, "--size", "120%"], "--size"),
                            (["fill", folder, "--block", "3000"], "--block"),
                            (["fill", folder, "--queue", "0"], "--queue"),
                            (["fill", folder, "--recovery", "soon"], "--recovery"),
                            (["fill", folder, "--chart", "x.gif"], "--chart"),
                            (["fill", folder, "extra"], "Unexpected argument"),
                            (["fill", ""], "DIR")):
            p = cli(*args)
            check(p.returncode == 2, "%s: exit %d, expected 2" % (args, p.returncode), p.stderr)
            if words == "--chart" and not CHARTS:
                words = "built without cairo"
            check(words in p.stderr, "%s: message lacks %r" % (args, words), p.stderr)
        p = cli("fill", os.path.join(folder, "missing"))
        check(p.returncode == 1 and "does not exist" in p.stderr,
              "a missing folder: exit %d" % p.returncode, p.stderr)
        # Past the free space less the margin: refused before anything is written.
        p = cli("fill", folder, "--size", "100%")
        check(p.returncode == 1 and "would leave less than" in p.stderr,
              "--size 100%%: exit %d" % p.returncode, p.stderr)
        check(not scratch_left(folder), "a refused fill left %s" % scratch_left(folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return "usage errors exit 2, a missing folder and a size past the margin exit 1"


def run_knee(dev, size, chart=None, extra=()):
    out = os.path.join(dev.root, "fill.json")
    args = ["fill", dev.path, "--size", size, "--json", out] + list(extra)
    if chart:
        args += ["--chart", chart]
    p = cli(*args)
    check(p.returncode == 0, "fill failed: exit %d" % p.returncode, p.stdout + p.stderr)
    check(not scratch_left(dev.path), "the fill left %s" % scratch_left(dev.path))
    return load(out), p


def test_knee():
    """20 MiB/s for the first 128 MiB, then 5 MiB/s, over a fill of 192 MiB."""
    knee, fast, slow = 128 * MiB, 20 * MiB, 5 * MiB
    with dyno_devices.FastDevice(size_mib=1024) as dev:
        with dyno_devices.KneeWatcher(dev.majmin, fast, [(knee, slow)]) as watcher:
            chart = os.path.join(dev.root, "fill.png") if CHARTS else None
            doc, p = run_knee(dev, "192M", chart)
        check(doc["format"] == "dyno-fill" and doc["direct"] is True,
              "not an O_DIRECT fill document", json.dumps(doc)[:400])
        check(doc["written"] == 192 * MiB, "wrote %d bytes" % doc["written"])
        check_samples(doc, "fill")
        segments = doc["segments"]
        detail = "%s; the throttle switched at %s" % (describe_segments(doc), watcher.switches)
        check(len(segments) == 2, "expected one knee, found %d segments" % len(segments), detail)
        check(near(segments[0]["end"], knee, 0.10), "the knee is not within 10 %", detail)
        check(near(segments[0]["rate"], fast, 0.05), "the fast rate is not within 5 %", detail)
        check(near(segments[1]["rate"], slow, 0.05), "the slow rate is not within 5 %", detail)
        check("(its fast cache)" in p.stdout, "no sentence", p.stdout)
        if chart:
            with open(chart, "rb") as f:
                check(f.read(8) == b"\x89PNG\r\n\x1a\n", "the chart is not a PNG")
    return "knee at %.1f MiB (truth 128), %.2f then %.2f MiB/s (truth 20, 5)" % (
        segments[0]["end"] / MiB, segments[0]["rate"] / MiB, segments[1]["rate"] / MiB)


def test_recovery():
    """A cache of 128 MiB at 20 MiB/s that empties after a second of rest, over a fill of
    160 MiB: the recovery pass gets all of it back, and finds the same knee."""
    knee, fast, slow = 128 * MiB, 20 * MiB, 5 * MiB
    with dyno_devices.FastDevice(size_mib=1024) as dev:
        with dyno_devices.KneeWatcher(dev.majmin, fast, [(knee, slow)],
                                      refill_after=1.0) as watcher:
            doc, p = run_knee(dev, "160M", extra=["--recovery", "2"])
        detail = "%s; recovery %s; switches %s" % (describe_segments(doc),
                                                   describe_segments(doc["recovery"][0])
                                                   if doc["recovery"] else "none",
                                                   watcher.switches)
        check(len(doc["segments"]) == 2, "the fill: expected one knee", detail)
        check(near(doc["segments"][0]["end"], knee, 0.10), "the fill's knee", detail)
        check(len(doc["recovery"]) == 1, "no recovery pass", detail)
        again = doc["recovery"][0]
        check(again["rest"] == 2, "rest %r" % again["rest"])
        check_samples(again, "recovery")
        check(watcher.refills >= 1, "the watcher saw no rest", detail)
        check(len(again["segments"]) == 2, "the recovery pass: expected one knee", detail)
        check(near(again["segments"][0]["end"], knee, 0.10), "the recovery's knee", detail)
        check(near(again["segments"][0]["end"], doc["segments"][0]["end"], 0.05),
              "the recovery's knee is not the fill's", detail)
        check(near(again["segments"][0]["rate"], fast, 0.05), "the recovery's fast rate", detail)
        check(near(again["recovered_fraction"], 1.0, 0.10),
              "recovered %.2f of the fast stretch" % again["recovered_fraction"], detail)
        check("fast stretch came back" in p.stdout, "no recovery sentence", p.stdout)
    return "recovered %.0f %% of the fast stretch (truth 100 %%), knee again at %.1f MiB" % (
        again["recovered_fraction"] * 100, again["segments"][0]["end"] / MiB)


def test_stopped():
    """SIGINT mid-fill: exit 130, the file gone, the curve so far written."""
    with dyno_devices.FastDevice(size_mib=1024) as dev:
        with dyno_devices.Throttle(dev.majmin, write_bps=10 * MiB):
            out = os.path.join(dev.root, "stopped.json")
            proc = subprocess.Popen([CLI, "fill", dev.path, "--size", "400M", "--json", out],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(3)
            check(scratch_left(dev.path), "no scratch folder while the fill runs")
            proc.send_signal(signal.SIGINT)
            stdout, stderr = proc.communicate(timeout=60)
        check(proc.returncode == 130, "exit %d, expected 130" % proc.returncode, stderr)
        check(not scratch_left(dev.path), "the stopped fill left %s" % scratch_left(dev.path))
        doc = load(out)
        check(doc["stopped"] is True, "not marked stopped")
        check(0 < doc["written"] < 400 * MiB, "wrote %d bytes" % doc["written"])
        check(doc["samples"], "no samples kept")
        check("interrupted" in stderr, "no message", stderr)
    return "stopped after %.1f MiB, %d samples kept" % (doc["written"] / MiB, len(doc["samples"]))


def test_killed():
    """SIGKILL leaves the scratch folder; the next fill removes it (marker, dead process) and
    says so, and leaves a stranger's folder alone."""
    with dyno_devices.FastDevice(size_mib=1024) as dev:
        stranger = os.path.join(dev.path, "dyno-1-abcdef")
        os.mkdir(stranger)
        with dyno_devices.Throttle(dev.majmin, write_bps=10 * MiB):
            proc = subprocess.Popen([CLI, "fill", dev.path, "--size", "400M", "-q"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(2)
            proc.kill()
            proc.wait()
        left = [n for n in scratch_left(dev.path) if n != "dyno-1-abcdef"]
        check(len(left) == 1, "SIGKILL left %s" % left)
        p = cli("fill", dev.path, "--size", "8M")
        check(p.returncode == 0, "the next fill failed", p.stdout + p.stderr)
        check("Removed %s" % left[0] in p.stdout, "the leftover was not said", p.stdout)
        check(scratch_left(dev.path) == ["dyno-1-abcdef"],
              "left: %s" % scratch_left(dev.path))
    return "the killed fill's folder was removed by the next, a stranger's kept"


def test_buffered():
    """--buffered: the result says so, and each sample is written out before it is timed, so
    the rate is still the throttle's."""
    rate = 20 * MiB
    with dyno_devices.FastDevice(size_mib=1024) as dev:
        with dyno_devices.Throttle(dev.majmin, write_bps=rate):
            doc, p = run_knee(dev, "120M", extra=["--buffered"])
        check(doc["direct"] is False and doc["direct_refused"], "not said to be buffered")
        check(any("Not unbuffered" in w for w in doc["warnings"]), "no warning", p.stdout)
        check(len(doc["segments"]) == 1, "a knee on a flat throttle: %s" % describe_segments(doc))
        check(near(doc["segments"][0]["rate"], rate, 0.05), "rate %s" % describe_segments(doc))
    return "buffered at %.2f MiB/s (throttle 20)" % (doc["segments"][0]["rate"] / MiB)


def test_write_fails():
    """A write that fails mid-way (a file size limit: EFBIG; a thin device that runs out: EIO or
    ENOSPC) ends the fill with status 1: the message says after how much, the file is gone and
    the curve up to there is written."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (8 * MiB, 8 * MiB))

    folder = tempfile.mkdtemp(prefix="dyno-fill-efbig-")
    try:
        out = os.path.join(folder, "fill.json")
        p = subprocess.run([CLI, "fill", folder, "--size", "16M", "--block", "256K",
                            "--json", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=TIMEOUT, preexec_fn=limit)
        check(p.returncode == 1, "EFBIG: exit %d, expected 1" % p.returncode, p.stderr)
        check("Writing failed after" in p.stderr and "File too large" in p.stderr,
              "EFBIG: no message", p.stderr)
        check(not scratch_left(folder), "EFBIG left %s" % scratch_left(folder))
        doc = load(out)
        check(doc["error"] and doc["error"]["message"].startswith("Writing failed after"),
              "EFBIG: no error in the document", json.dumps(doc["error"]))
        check(doc["written"] <= 8 * MiB and doc["samples"], "EFBIG: the curve was not kept")
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    dyno_devices.need_root("a loop device on a small tmpfs")
    root = tempfile.mkdtemp(prefix="dyno-fill-thin-")
    back, mnt = os.path.join(root, "back"), os.path.join(root, "mnt")
    os.mkdir(back)
    os.mkdir(mnt)
    mounted = []
    try:
        # A 128 MiB ext4 whose blocks live in a file on a 24 MiB tmpfs: the file system sees
        # free space the device underneath cannot hold, as on a thin-provisioned volume.
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24m", "dyno-fill-thin", back],
                       check=True)
        mounted.append(back)
        image = os.path.join(back, "disk.img")
        with open(image, "wb") as f:
            f.truncate(128 * MiB)
        subprocess.run(["mkfs.ext4", "-q", "-F", "-E",
                        "nodiscard,lazy_itable_init=0,lazy_journal_init=0", image], check=True)
        subprocess.run(["mount", "-o", "loop", image, mnt], check=True)
        mounted.append(mnt)
        out = os.path.join(root, "thin.json")
        p = cli("fill", mnt, "--size", "40M", "--json", out)
        check(p.returncode == 1, "thin: exit %d, expected 1" % p.returncode, p.stdout + p.stderr)
        check("Writing failed after" in p.stderr, "thin: no message", p.stderr)
        left = scratch_left(mnt)
        doc = load(out)
        check(doc["error"] is not None, "thin: no error in the document")
        check(not left, "thin: left %s" % left, p.stderr)
    finally:
        # The ext4 over the full tmpfs has gone read-only with errors; a plain umount of it
        # can fail, and the tmpfs under it then stays busy: unmount lazily where it does.
        for m in reversed(mounted):
            dyno_devices.umount(m)
        shutil.rmtree(root, ignore_errors=True)
    return "EFBIG at 8 MiB and a thin device running out: exit 1, curve kept, nothing left"


def synthetic_fill(path, label, knee_gb, fast, slow):
    """A fill document as dyno-cli writes one, made up: compare and export only read it."""
    samples, written, t = [], 0, 0.0
    gb = 1000000000
    while written < 100 * gb:
        rate = fast if written < knee_gb * gb else slow
        written += gb
        t += gb / rate
        samples.append({"written": written, "rate": float(rate), "t": t})
    doc = {"format": "dyno-fill", "version": 1, "label": label, "path": "/mnt/" + label,
           "block": MiB, "queue": 4, "engine": "io_uring", "direct": True,
           "requested": written, "written": written, "seconds": t, "samples": samples,
           "segments": [{"start": 0, "end": knee_gb * gb, "rate": float(fast)},
                        {"start": knee_gb * gb, "end": written, "rate": float(slow)}],
           "recovery": [], "stopped": False, "error": None, "notes": [], "warnings": []}
    with open(path, "w") as f:
        json.dump(doc, f)


def test_compare_export_import():
    root = tempfile.mkdtemp(prefix="dyno-fill-files-")
    try:
        a, b = os.path.join(root, "a.json"), os.path.join(root, "b.json")
        synthetic_fill(a, "tlc", 42, 3100e6, 1100e6)
        synthetic_fill(b, "qlc", 20, 2000e6, 150e6)
        p = cli("compare", a, b)
        check(p.returncode == 0, "compare failed", p.stderr)
        for words in ("tlc", "qlc", "42.0 GB", "20.0 GB", "3.1 GB/s", "150 MB/s"):
            check(words in p.stdout, "compare lacks %r" % words, p.stdout)
        p = cli("compare", a, b, "--format", "json")
        check(p.returncode == 0, "compare --format json failed", p.stderr)
        fills = json.loads(p.stdout)["fills"]
        check([f["label"] for f in fills] == ["tlc", "qlc"], "json names", p.stdout)
        check(fills[1]["segments"][0]["end"] == 20 * 1000000000, "json segments", p.stdout)
        if CHARTS:
            out = os.path.join(root, "overlay.svg")
            p = cli("compare", a, b, "--chart", "overlay", "-o", out)
            check(p.returncode == 0, "compare --chart overlay failed", p.stderr)
            with open(out) as f:
                check("<svg" in f.read(), "not an SVG")
            out = os.path.join(root, "a.pdf")
            p = cli("export", a, "-o", out)
            check(p.returncode == 0, "export pdf failed", p.stderr)
            with open(out, "rb") as f:
                check(f.read(5) == b"%PDF-", "not a PDF")
        p = cli("export", a, "-o", "-", "--format", "text")
        check(p.returncode == 0 and "Wrote at 3.1 GB/s for the first 42.0 GB" in p.stdout,
              "export text", p.stdout + p.stderr)
        # A fill and a run do not compare.
        run = os.path.join(root, "run.json")
        with open(run, "w") as f:
            json.dump({"format": "dyno-result", "version": 1, "targets": []}, f)
        p = cli("compare", a, run)
        check(p.returncode == 1 and "fill" in p.stderr, "a fill with a run: exit %d"
              % p.returncode, p.stderr)
        # Import keeps the document as it is, named after its label.
        out = os.path.join(root, "imported")
        p = cli("import", a, b, "-o", out)
        check(p.returncode == 0, "import failed", p.stderr)
        names = sorted(os.listdir(out))
        check(len(names) == 2 and all(n.endswith(".dyno-fill.json") for n in names),
              "imported %s" % names)
        check(any(n.startswith("tlc-") for n in names), "imported %s" % names)
        back = load(os.path.join(out, [n for n in names if n.startswith("tlc-")][0]))
        check(back["format"] == "dyno-fill" and back["segments"] == load(a)["segments"],
              "the imported fill differs")
        # A broken fill is refused with the field's path.
        with open(b, "w") as f:
            f.write('{"format": "dyno-fill", "version": 1, "samples": [{"written": 1, '
                    '"rate": "x"}]}')
        p = cli("compare", a, b)
        check(p.returncode == 1 and "samples[0].rate" in p.stderr, "a broken fill: exit %d"
              % p.returncode, p.stderr)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return "compare (text, json%s), export and import read fills" % (", overlay" if CHARTS
                                                                    else "")


CASES = [
    ("bad options and refusals", test_usage),
    ("a knee at 128 MiB, 20 then 5 MiB/s: found within 10 % and 5 %", test_knee),
    ("a cache that comes back after rest: --recovery", test_recovery),
    ("SIGINT stops the fill, keeps its curve, removes its file", test_stopped),
    ("SIGKILL's leftover is removed by the next fill", test_killed),
    ("--buffered is said and still measures the device", test_buffered),
    ("a write that fails mid-way ends the fill, keeps its curve", test_write_fails),
    ("compare, export and import read fills", test_compare_export_import),
]


def main():
    if not CLI:
        print("1..0 # SKIP DYNO_CLI is not set")
        return 0
    print("1..%d" % len(CASES), flush=True)
    failed = 0
    for i, (name, fn) in enumerate(CASES, 1):
        try:
            summary = fn()
            print("ok %d - %s" % (i, name))
            print("# " + summary)
        except dyno_devices.Unavailable as e:
            print("ok %d - %s # SKIP %s" % (i, name, e))
        except Failure as e:
            failed += 1
            print("not ok %d - %s" % (i, name))
            for line in str(e).splitlines():
                print("# " + line)
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
