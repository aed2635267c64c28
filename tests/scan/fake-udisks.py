#!/usr/bin/env python3
# fake-udisks.py: a small stand-in for UDisks2 on a private bus, for tests/test-gui-scan.c
#
# Owns org.freedesktop.UDisks2 on the bus of DBUS_SYSTEM_BUS_ADDRESS and exports what Dyno's
# "Scan Drive…" reads: an ObjectManager at /org/freedesktop/UDisks2 with one Drive, its whole
# Block "fake0" and a mounted partition "fake0p1", both backed by the file --image.
# Block.OpenDevice answers with a descriptor of the image opened read-only (O_DIRECT when the
# options ask for it and the file system allows it), or, for the blocks named by --deny, with
# UDisks2's NotAuthorizedDismissed, as when the person closes polkit's dialog. Every call is
# logged to --log as one line ("OpenDevice fake0 mode=r flags=16384"). Prints "ready" once the
# name is owned; on SIGTERM (the test dying: PR_SET_PDEATHSIG) removes --cleanup and exits.
#
# Copyright 2026 The Dyno authors
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import shutil
import signal
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

ROOT = "/org/freedesktop/UDisks2"
DRIVE = ROOT + "/drives/Dyno_Fake_Disk_0001"
IFACE = "org.freedesktop.UDisks2"

XML = """
<node>
  <interface name="org.freedesktop.DBus.ObjectManager">
    <method name="GetManagedObjects">
      <arg type="a{oa{sa{sv}}}" direction="out"/>
    </method>
  </interface>
  <interface name="org.freedesktop.UDisks2.Block">
    <method name="OpenDevice">
      <arg type="s" direction="in"/>
      <arg type="a{sv}" direction="in"/>
      <arg type="h" direction="out"/>
    </method>
  </interface>
</node>
"""


def bytestring(text):
    return GLib.Variant("ay", text.encode() + b"\0")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--image", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--deny", action="append", default=[])
    parser.add_argument("--cleanup")
    args = parser.parse_args()

    size = os.path.getsize(args.image)
    half = size // 2
    blocks = {
        "fake0": {
            IFACE + ".Block": {
                "Device": bytestring("/dev/fake0"),
                "PreferredDevice": bytestring("/dev/fake0"),
                "Size": GLib.Variant("t", size),
                "Drive": GLib.Variant("o", DRIVE),
                "HintIgnore": GLib.Variant("b", False),
                "MDRaidMember": GLib.Variant("o", "/"),
            },
            IFACE + ".PartitionTable": {"Type": GLib.Variant("s", "gpt")},
        },
        "fake0p1": {
            IFACE + ".Block": {
                "Device": bytestring("/dev/fake0p1"),
                "PreferredDevice": bytestring("/dev/fake0p1"),
                "Size": GLib.Variant("t", half),
                "Drive": GLib.Variant("o", DRIVE),
                "HintIgnore": GLib.Variant("b", False),
                "MDRaidMember": GLib.Variant("o", "/"),
            },
            IFACE + ".Partition": {
                "Table": GLib.Variant("o", ROOT + "/block_devices/fake0"),
                "Number": GLib.Variant("u", 1),
            },
            IFACE + ".Filesystem": {
                "MountPoints": GLib.Variant("aay", [b"/srv/fake\0"]),
            },
        },
        # Hidden and empty ones, which the list leaves out.
        "fakeram": {
            IFACE + ".Block": {
                "Device": bytestring("/dev/fakeram"),
                "Size": GLib.Variant("t", 0),
                "Drive": GLib.Variant("o", "/"),
                "HintIgnore": GLib.Variant("b", False),
            },
        },
    }
    drive = {
        IFACE + ".Drive": {
            "Vendor": GLib.Variant("s", "Dyno"),
            "Model": GLib.Variant("s", "Fake Disk"),
            "RotationRate": GLib.Variant("i", 7200),
            "Size": GLib.Variant("t", size),
        }
    }
    log = open(args.log, "a", buffering=1)
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    loop = GLib.MainLoop()

    def objects():
        out = {DRIVE: drive}
        out.update({ROOT + "/block_devices/" + name: ifaces for name, ifaces in blocks.items()})
        return GLib.Variant("(a{oa{sa{sv}}})", (out,))

    def on_call(conn, sender, path, iface, method, params, invocation):
        if method == "GetManagedObjects":
            log.write("GetManagedObjects\n")
            invocation.return_value(objects())
            return
        name = path.rsplit("/", 1)[-1]
        mode, options = params.unpack()
        flags = int(options.get("flags", 0))
        log.write("OpenDevice %s mode=%s flags=%d\n" % (name, mode, flags))
        if name in args.deny:
            invocation.return_dbus_error(IFACE + ".Error.NotAuthorizedDismissed",
                                         "The authentication dialog was dismissed")
            return
        if mode != "r":
            invocation.return_dbus_error(IFACE + ".Error.Failed", "only mode r is faked")
            return
        try:
            fd = os.open(args.image, os.O_RDONLY | os.O_CLOEXEC | (flags & os.O_DIRECT))
        except OSError:
            fd = os.open(args.image, os.O_RDONLY | os.O_CLOEXEC)
        fds = Gio.UnixFDList.new()
        handle = fds.append(fd)
        os.close(fd)
        invocation.return_value_with_unix_fd_list(GLib.Variant("(h)", (handle,)), fds)

    bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
    bus.register_object(ROOT, node.interfaces[0], on_call)
    for name in blocks:
        bus.register_object(ROOT + "/block_devices/" + name, node.interfaces[1], on_call)

    def on_name(conn, name):
        print("ready", flush=True)

    def on_lost(conn, name):
        print("name lost", file=sys.stderr, flush=True)
        loop.quit()

    Gio.bus_own_name_on_connection(bus, IFACE, Gio.BusNameOwnerFlags.NONE, on_name, on_lost)

    def on_term():
        loop.quit()
        return GLib.SOURCE_REMOVE

    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, on_term)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, on_term)
    try:
        loop.run()
    finally:
        if args.cleanup:
            shutil.rmtree(args.cleanup, ignore_errors=True)


if __name__ == "__main__":
    main()
