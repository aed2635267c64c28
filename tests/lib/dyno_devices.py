"""Real devices for tests and benchmarks, made on the spot and always undone.

- FastDevice: ext4 on a loop device whose backing file lives on a tmpfs. The fastest block
  device any machine has; a suite that passes on it does not depend on the machine being slow.
- Throttle: the cgroup v1 blkio controller's limits on one device at the root cgroup. The
  throttle is ground truth for read and write rates and IOPS: a benchmark that reports what
  it allows is right.
- KneeWatcher: a throttle whose write limit falls once a set number of bytes has reached the
  device (a drive whose fast cache runs out), and may come back after a rest: ground truth for
  the knees of a fill test.

Both need root. `need_root()` says why in the form the callers print as a skip reason.
Every context manager undoes what it did (limits lifted, file system unmounted, loop device
detached, tmpfs unmounted), also when the body raises, and `atexit` covers a body that exits.
"""
import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

BLKIO = "/sys/fs/cgroup/blkio"
THROTTLE_FILES = {
    "read_bps": "blkio.throttle.read_bps_device",
    "write_bps": "blkio.throttle.write_bps_device",
    "read_iops": "blkio.throttle.read_iops_device",
    "write_iops": "blkio.throttle.write_iops_device",
}

_undo = []  # callables still to run at exit, newest last


def _at_exit():
    while _undo:
        fn = _undo.pop()
        try:
            fn()
        except Exception:  # best effort: the machine must be left clean
            pass


atexit.register(_at_exit)


def _exit_on_signal(signum, frame):
    # meson ends a test that ran out of time with SIGTERM, and a closed terminal sends SIGHUP:
    # by default Python dies of them without running `finally` or atexit, which left loop
    # devices and mounts behind. Exiting runs both.
    sys.exit(128 + signum)


for _sig in (signal.SIGTERM, signal.SIGHUP):
    if signal.getsignal(_sig) == signal.SIG_DFL:
        signal.signal(_sig, _exit_on_signal)


class Unavailable(Exception):
    """The device cannot be made here; str() is the reason to print."""


def need_root(what):
    if os.geteuid() != 0:
        raise Unavailable("%s needs root" % what)


def _run(argv, what):
    if shutil.which(argv[0]) is None:
        raise Unavailable("%s not found (%s)" % (argv[0], what))
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise Unavailable("%s failed: %s" % (" ".join(argv), p.stdout.decode("utf-8", "replace").strip()))
    return p.stdout.decode("utf-8", "replace")


def _quiet(argv):
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _umount(path):
    if subprocess.run(["umount", path], stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode != 0:
        _quiet(["umount", "-l", path])


def umount(path):
    """Unmount path, lazily if it is busy: a test's cleanup must not leave it mounted."""
    _umount(path)


class _Steps:
    """What a device or mount made, undone in reverse on exit, on failure while making it, or
    at the interpreter's exit if the test never got there."""

    _steps = None

    def _step(self, fn):
        if self._steps is None:
            self._steps = []
        self._steps.append(fn)
        _undo.append(fn)

    def _undo(self):
        while self._steps:
            fn = self._steps.pop()
            if fn in _undo:
                _undo.remove(fn)
            try:
                fn()
            except Exception:
                pass

    def _enter(self, make):
        try:
            make()
        except BaseException:
            self._undo()
            raise
        return self

    def __exit__(self, *exc):
        self._undo()
        return False

    def _loop_ext4(self, root, label, size_mib, mnt, features=(), preallocate=False):
        """ext4 (with features) on a loop device over an image on a private tmpfs under root,
        mounted at mnt; returns the loop device."""
        back = os.path.join(root, "backing")
        os.mkdir(back)
        os.mkdir(mnt)
        # Room for the image and a little more; tmpfs takes pages only as they are written.
        _run(["mount", "-t", "tmpfs", "-o", "size=%dM,mode=0700" % (size_mib + 64), label, back],
             "util-linux")
        self._step(lambda: _umount(back))
        image = os.path.join(back, "ext4.img")
        with open(image, "wb") as f:
            f.truncate(size_mib << 20)
            if preallocate:
                os.posix_fallocate(f.fileno(), 0, size_mib << 20)
        mkfs = ["mkfs.ext4", "-q", "-F"] + (["-O", ",".join(features)] if features else [])
        _run(mkfs + ["-E", "lazy_itable_init=0,lazy_journal_init=0", image],
             "apt-get install e2fsprogs")
        device = _run(["losetup", "--find", "--show", image], "util-linux").strip()
        self._step(lambda: _quiet(["losetup", "-d", device]))
        _run(["mount", device, mnt], "util-linux")
        self._step(lambda: _umount(mnt))
        return device


class FastDevice(_Steps):
    """ext4 on /dev/loopN backed by a file on a private tmpfs, mounted at .path.

    .device is "/dev/loopN", .majmin "7:N" (for the throttle). With preallocate the tmpfs
    pages of the whole image are taken at once: otherwise the first writes to each block cost
    a page allocation that later ones do not, and a run's first repeat is several times slower
    than the next (a paired test wants both targets steady)."""

    def __init__(self, size_mib=2048, base=None, preallocate=False):
        self.size_mib = size_mib
        self.preallocate = preallocate
        self.base = base
        self.root = self.path = self.device = self.majmin = None

    def __enter__(self):
        need_root("a loop device on a tmpfs")
        return self._enter(self._make)

    def _make(self):
        self.root = tempfile.mkdtemp(prefix="dyno-fastdev-", dir=self.base)
        self._step(lambda: shutil.rmtree(self.root, ignore_errors=True))
        # mkdtemp makes it 0700; tests that run Dyno as another user must reach the mount.
        os.chmod(self.root, 0o755)
        self.path = os.path.join(self.root, "mnt")
        self.device = self._loop_ext4(self.root, "dyno-fastdev", self.size_mib, self.path,
                                      preallocate=self.preallocate)
        os.chmod(self.path, 0o1777)
        st = os.stat(self.device)
        self.majmin = "%d:%d" % (os.major(st.st_rdev), os.minor(st.st_rdev))


def throttle_available():
    """None when the blkio throttle can be used here, else the reason it cannot."""
    if os.geteuid() != 0:
        return "the blkio throttle needs root"
    for name in THROTTLE_FILES.values():
        if not os.access(os.path.join(BLKIO, name), os.W_OK):
            return "no cgroup v1 blkio throttle at %s (cgroup v2 or no blkio controller)" % BLKIO
    return None


class Throttle:
    """Limits on one device (MAJ:MIN) at the root blkio cgroup: read_bps, write_bps,
    read_iops, write_iops (0 or None leaves one unlimited). Lifted on exit."""

    def __init__(self, majmin, **limits):
        unknown = set(limits) - set(THROTTLE_FILES)
        if unknown:
            raise ValueError("unknown throttle limits: %s" % ", ".join(sorted(unknown)))
        self.majmin = majmin
        self.limits = {k: int(v) for k, v in limits.items() if v}
        self._set = []

    def _write(self, key, value):
        with open(os.path.join(BLKIO, THROTTLE_FILES[key]), "w") as f:
            f.write("%s %d\n" % (self.majmin, value))

    def _lift(self, key):
        try:
            self._write(key, 0)
        except OSError:
            pass

    def __enter__(self):
        reason = throttle_available()
        if reason:
            raise Unavailable(reason)
        try:
            for key, value in self.limits.items():
                fn = (lambda k: lambda: self._lift(k))(key)
                self._set.append(fn)
                _undo.append(fn)
                self._write(key, value)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        while self._set:
            fn = self._set.pop()
            if fn in _undo:
                _undo.remove(fn)
            fn()
        return False


def device_written(majmin):
    """Bytes written to the device MAJ:MIN since boot, as the blkio controller counts them at
    the root cgroup (its line "MAJ:MIN Write N" of blkio.throttle.io_service_bytes)."""
    with open(os.path.join(BLKIO, "blkio.throttle.io_service_bytes")) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[0] == majmin and parts[1] == "Write":
                return int(parts[2])
    return 0


class KneeWatcher:
    """A device with known knees, made of the write throttle and a thread that watches it.

    The device writes at `fast` bytes/s until `knees[0][0]` bytes have reached it since the
    watcher started, then at `knees[0][1]`, until `knees[1][0]` bytes, and so on: the thread
    polls the device's Write line of blkio.throttle.io_service_bytes every `poll` seconds and
    lowers blkio.throttle.write_bps_device when a knee is passed. With `refill_after` (seconds),
    a device that has written less than 1 MiB for that long starts again at `fast`, counting
    from there: a cache that empties while the drive rests.

    .switches lists (bytes since the start or the refill, bytes/s) as they were set, for the
    test to compare with what it was told. The limit is lifted and the thread stopped on exit,
    also when the body raised."""

    def __init__(self, majmin, fast, knees, poll=0.005, refill_after=None):
        self.majmin = majmin
        self.fast = int(fast)
        self.knees = [(int(b), int(r)) for b, r in knees]
        self.poll = poll
        self.refill_after = refill_after
        self.switches = []
        self.refills = 0
        self._stop = threading.Event()
        self._thread = None
        self._throttle = None

    def _set(self, rate):
        with open(os.path.join(BLKIO, THROTTLE_FILES["write_bps"]), "w") as f:
            f.write("%s %d\n" % (self.majmin, rate))

    def _watch(self):
        base = device_written(self.majmin)
        history = []
        resting = False
        next_knee = 0
        last_bytes = base
        last_change = time.monotonic()
        while not self._stop.wait(self.poll):
            now = device_written(self.majmin)
            t = time.monotonic()
            if now - last_bytes >= (1 << 20):
                last_bytes = now
                last_change = t
            elif (self.refill_after is not None and next_knee > 0
                  and t - last_change >= self.refill_after):
                # Rested: the cache is empty again.
                base = now
                next_knee = 0
                self.refills += 1
                self._set(self.fast)
                self.switches.append((0, self.fast))
                last_change = t
                resting = True
            history.append((t, now))
            while history[0][0] < t - 0.1:
                history.pop(0)
            if resting:
                # The count starts where writing starts again: the first 100 ms with a quarter
                # of the fast rate's bytes, not the file system's metadata while it rests.
                if now - history[0][1] >= self.fast * 0.1 / 4:
                    base = history[0][1]
                    resting = False
                else:
                    base = now
            while next_knee < len(self.knees) and now - base >= self.knees[next_knee][0]:
                self._set(self.knees[next_knee][1])
                self.switches.append((now - base, self.knees[next_knee][1]))
                next_knee += 1

    def __enter__(self):
        self._throttle = Throttle(self.majmin, write_bps=self.fast)
        self._throttle.__enter__()
        try:
            self.switches.append((0, self.fast))
            self._thread = threading.Thread(target=self._watch, daemon=True)
            self._thread.start()
            _undo.append(self._stop.set)
        except BaseException:
            self._throttle.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._stop.set in _undo:
            _undo.remove(self._stop.set)
        if self._thread is not None:
            self._thread.join()
        self._throttle.__exit__()
        return False


def _fuse_umount(path):
    if subprocess.run(["fusermount", "-u", path], stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode != 0:
        _umount(path)


class Gocryptfs(_Steps):
    """A gocryptfs folder: its cipher folder under base, mounted at .path (unmounted on exit).
    Needs gocryptfs and FUSE (root, or a user allowed to mount FUSE)."""

    def __init__(self, base, password="dyno-test"):
        self.base = base
        self.password = password
        self.cipher = self.path = None

    def __enter__(self):
        if shutil.which("gocryptfs") is None:
            raise Unavailable("gocryptfs is not installed (apt-get install gocryptfs)")
        if not os.path.exists("/dev/fuse"):
            raise Unavailable("no /dev/fuse")
        return self._enter(self._make)

    def _make(self):
        self.cipher = tempfile.mkdtemp(prefix="gocryptfs-cipher-", dir=self.base)
        self.path = tempfile.mkdtemp(prefix="gocryptfs-plain-", dir=self.base)
        pw = os.path.join(self.cipher + ".pw")
        with open(pw, "w") as f:
            f.write(self.password + "\n")
        self._step(lambda: os.unlink(pw))
        _run(["gocryptfs", "-q", "-init", "-passfile", pw, self.cipher], "gocryptfs -init")
        _run(["gocryptfs", "-q", "-passfile", pw, self.cipher, self.path], "gocryptfs mount")
        self._step(lambda: _fuse_umount(self.path))


class Fscrypt(_Steps):
    """ext4 with the encrypt feature on a loop device (an image on a private tmpfs), and a
    folder .secret in it encrypted with fscrypt (e4crypt add_key), beside .plain."""

    def __init__(self, size_mib=1024):
        self.size_mib = size_mib
        self.root = self.mnt = self.secret = self.plain = self.device = None

    def __enter__(self):
        need_root("an fscrypt file system on a loop device")
        if shutil.which("e4crypt") is None:
            raise Unavailable("e4crypt is not installed (apt-get install e2fsprogs)")
        return self._enter(self._make)

    def _make(self):
        self.root = tempfile.mkdtemp(prefix="dyno-fscrypt-")
        self._step(lambda: shutil.rmtree(self.root, ignore_errors=True))
        self.mnt = os.path.join(self.root, "mnt")
        self.device = self._loop_ext4(self.root, "dyno-fscrypt", self.size_mib, self.mnt,
                                      features=("encrypt",))
        self.secret = os.path.join(self.mnt, "secret")
        self.plain = os.path.join(self.mnt, "plain")
        os.mkdir(self.secret)
        os.mkdir(self.plain)
        p = subprocess.run(["e4crypt", "add_key", self.secret], input=b"dyno-test\n",
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise Unavailable("e4crypt add_key failed: %s" % p.stdout.decode(errors="replace"))




class LoopOnFile(_Steps):
    """ext4 in an image file kept in the folder `base` (a disk image, a container's file),
    on a loop device, mounted at .path: the file system below caches the image's pages, which
    is what a read through it must not be served from."""

    def __init__(self, base, size_mib=512):
        self.base = base
        self.size_mib = size_mib
        self.path = self.device = self.image = None

    def __enter__(self):
        need_root("a loop device")
        return self._enter(self._make)

    def _make(self):
        self.image = os.path.join(self.base, "dyno-loop-on-file.img")
        with open(self.image, "wb") as f:
            f.truncate(self.size_mib << 20)
        self._step(lambda: os.unlink(self.image))
        _run(["mkfs.ext4", "-q", "-F", self.image], "apt-get install e2fsprogs")
        self.device = _run(["losetup", "--find", "--show", self.image], "util-linux").strip()
        self._step(lambda: _quiet(["losetup", "-d", self.device]))
        self.path = tempfile.mkdtemp(prefix="dyno-loop-on-file-", dir=self.base)
        self._step(lambda: os.rmdir(self.path))
        _run(["mount", self.device, self.path], "util-linux")
        self._step(lambda: _umount(self.path))


class Overlay(_Steps):
    """An overlay of a lower and an upper folder under base, mounted at .path."""

    def __init__(self, base):
        self.base = base
        self.path = None

    def __enter__(self):
        need_root("an overlay mount")
        return self._enter(self._make)

    def _make(self):
        root = tempfile.mkdtemp(prefix="dyno-overlay-", dir=self.base)
        self._step(lambda: shutil.rmtree(root, ignore_errors=True))
        dirs = {name: os.path.join(root, name) for name in ("lower", "upper", "work", "mnt")}
        for d in dirs.values():
            os.mkdir(d)
        self.path = dirs["mnt"]
        _run(["mount", "-t", "overlay", "overlay", "-o",
              "lowerdir=%(lower)s,upperdir=%(upper)s,workdir=%(work)s" % dirs, self.path],
             "overlayfs")
        self._step(lambda: _umount(self.path))
