#!/usr/bin/env python3
"""Driver of bench/async-suspended.sh: N async scripts suspended at once in Redactor, and what they cost it.

Each of N connections runs `EVALSHAASYNC <sha of return redis.call('incr',KEYS[1])> 1 {hold}:count` while a
long atomic EVAL holds the partition of {hold}: every script's redis.call is queued at that partition and the
script's virtual thread parks until the reply comes, so all N wait at once, each for a reply. Phases, each
measured (see measure()):
  started    the server with no client but the driver's control connection
  connected  N connections open, each having run one async script to its end (on another key, {warm}:count):
             classes loaded, JIT warm, the virtual-thread scheduler started; no script running
  suspended  the holder running and the N scripts started, every one of them waiting for its reply (INFO
             scripts says N running, none queued; SCRIPT ASYNC LIST says N in state "waiting")
  finished   the holder done, the N scripts answered (their replies must be 1..N, each once), the connections
             still open
The holder is `EVAL <loop until TIME passes start + ARGV[1] ms> 1 {hold}:lock`; busy-reply-threshold is raised
above its run (CONFIG SET) so that the queued calls wait instead of getting BUSY errors. It must still be
running once the suspended phase is measured (checked: "held_through_measure").

Usage: async-suspended.py --port P --pid PID --jcmd PATH [--scripts N] [--hold-seconds S] [--host H]
Prints one line of key=value figures per phase (phase=...), then a line of timings and checks (summary ...).
Standard library only; the RESP pieces come from matrix-load.py.
"""

import argparse
import importlib.util
import os
import re
import selectors
import socket
import subprocess
import sys
import time

sys.dont_write_bytecode = True      # no __pycache__ in the repository's bench/
_spec = importlib.util.spec_from_file_location(
    "matrix_load", os.path.join(os.path.dirname(os.path.abspath(__file__)), "matrix-load.py"))
resp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(resp)

INCR_SCRIPT = "return redis.call('incr',KEYS[1])"
HOLDER_SCRIPT = """local t = redis.call('TIME')
local stop = t[1] * 1000000 + t[2] + ARGV[1] * 1000
while true do
  local now = redis.call('TIME')
  if now[1] * 1000000 + now[2] >= stop then return 'released' end
end
"""
HOLD_TAG = "{hold}"
WARM_KEY = "{warm}:count"


def heap_kb(heap_info):
    """(committed, used) in KiB from jcmd GC.heap_info, as G1, Shenandoah or ZGC print it; "?" when unknown."""
    units = {"K": 1, "M": 1024, "G": 1024 * 1024}
    for pattern in (r"committed (?P<c>\d+)(?P<cu>[KMG]), used (?P<u>\d+)(?P<uu>[KMG])",      # G1, Parallel
                    r"(?P<c>\d+)(?P<cu>[KMG]) committed, (?P<u>\d+)(?P<uu>[KMG]) used",      # Shenandoah
                    r"used (?P<u>\d+)(?P<uu>[KMG]), capacity (?P<c>\d+)(?P<cu>[KMG])"):      # ZGC
        m = re.search(pattern, heap_info)
        if m:
            return int(m["c"]) * units[m["cu"]], int(m["u"]) * units[m["uu"]]
    return "?", "?"


def info(client, section):
    text = client.call("INFO", section)
    fields = {}
    for line in text.decode().splitlines():
        if ":" in line and not line.startswith("#"):
            k, v = line.split(":", 1)
            fields[k] = v
    return fields


def wait_until(what, condition, timeout):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise SystemExit("async-suspended.py: %s did not happen within %.0f s" % (what, timeout))
        time.sleep(0.05)


class Server:
    """What the JVM and the OS say about the server process."""

    def __init__(self, pid, jcmd):
        self.pid = pid
        self.jcmd = jcmd

    def run_jcmd(self, *args):
        return subprocess.run([self.jcmd, str(self.pid)] + list(args), check=True, capture_output=True,
                              text=True, timeout=120).stdout

    def status(self, field):
        with open("/proc/%d/status" % self.pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return -1

    def measure(self, client, phase):
        """Threads first (the GCs below do not add any), then two full GCs and the heap used after them, then
        the live objects (class histogram)."""
        dump = self.run_jcmd("Thread.print")
        names = [line for line in dump.splitlines() if line.startswith('"')]
        java = sum(1 for line in names if re.match(r'^".*" #\d+ ', line))
        scheduler = self.run_jcmd("Thread.vthread_scheduler")
        carriers = re.search(r"parallelism = (\d+), size = (\d+)", scheduler)
        os_threads = self.status("Threads")
        self.run_jcmd("GC.run")
        self.run_jcmd("GC.run")
        committed_kb, used_kb = heap_kb(self.run_jcmd("GC.heap_info"))
        # The histogram's full GC, then every live object: the heap the process keeps, which heap_info's "used"
        # overstates while something allocates between the GC and the reading (the holder does, ~100 MB/s).
        histogram = self.run_jcmd("GC.class_histogram")
        live = re.search(r"^Total\s+(\d+)\s+(\d+)", histogram, re.M)
        counts = {}
        for name in ("java.lang.VirtualThread", "jdk.internal.vm.StackChunk"):
            row = re.search(r"^\s*\d+:\s+(\d+)\s+(\d+)\s+" + re.escape(name) + r"\b", histogram, re.M)
            counts[name] = (int(row.group(1)), int(row.group(2))) if row else (0, 0)
        scripts = info(client, "scripts")
        clients = info(client, "clients")
        figures = [
            ("phase", phase),
            ("os_threads", os_threads),
            ("java_platform_threads", java),
            ("jvm_internal_threads", len(names) - java),
            ("carrier_parallelism", carriers.group(1) if carriers else "?"),
            ("carriers", carriers.group(2) if carriers else "?"),
            ("heap_used_kb", used_kb),
            ("heap_committed_kb", committed_kb),
            ("live_kb", int(live.group(2)) // 1024 if live else "?"),
            ("virtual_threads", counts["java.lang.VirtualThread"][0]),
            ("stack_chunks", counts["jdk.internal.vm.StackChunk"][0]),
            ("stack_chunks_kb", counts["jdk.internal.vm.StackChunk"][1] // 1024),
            ("rss_kb", self.status("VmRSS")),
            ("connected_clients", clients.get("connected_clients", "?")),
            ("async_running", scripts.get("async_scripts_running", "?")),
            ("async_queued", scripts.get("async_scripts_queued", "?")),
            ("atomic_running", scripts.get("atomic_scripts_running", "?")),
        ]
        print(" ".join("%s=%s" % kv for kv in figures), flush=True)


class Connections:
    """N connections on one selector, each sending one command and reading one integer reply at a time."""

    def __init__(self, host, port, n):
        self.sel = selectors.DefaultSelector()
        self.socks = []
        for _ in range(n):
            sock = socket.create_connection((host, port), timeout=60)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.setblocking(False)
            self.socks.append(sock)
            self.sel.register(sock, selectors.EVENT_READ, [b""])

    def send_all(self, request):
        for sock in self.socks:
            sock.setblocking(True)
            sock.sendall(request)
            sock.setblocking(False)

    def replies_so_far(self):
        """Whether any connection has bytes to read now."""
        return bool(self.sel.select(0))

    def collect(self, timeout):
        """One reply from every connection; returns them."""
        replies = []
        deadline = time.monotonic() + timeout
        pending = len(self.socks)
        while pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SystemExit("async-suspended.py: %d of %d replies missing after %.0f s"
                                 % (pending, len(self.socks), timeout))
            for key, _ in self.sel.select(min(left, 1.0)):
                state = key.data
                data = key.fileobj.recv(1 << 16)
                if not data:
                    raise SystemExit("async-suspended.py: the server closed a connection")
                state[0] += data
                try:
                    reply, pos = resp.parse(state[0])
                except resp.NeedMore:
                    continue
                state[0] = state[0][pos:]
                replies.append(reply)
                pending -= 1
        return replies

    def close(self):
        for sock in self.socks:
            self.sel.unregister(sock)
            sock.close()


def check_counts(replies, n, what):
    """The replies of n INCRs of one key that started at 0: 1..n, each once."""
    bad = [r for r in replies if not isinstance(r, int)]
    if bad:
        return "%s: %d replies are not integers, first: %r" % (what, len(bad), bad[0])
    if sorted(replies) != list(range(1, n + 1)):
        return "%s: the replies are not 1..%d each once (min %d, max %d, distinct %d)" % (
            what, n, min(replies), max(replies), len(set(replies)))
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--jcmd", required=True)
    parser.add_argument("--scripts", type=int, default=10000)
    parser.add_argument("--hold-seconds", type=float, default=20)
    opts = parser.parse_args()
    n = opts.scripts
    server = Server(opts.pid, opts.jcmd)
    control = resp.Client(opts.host, opts.port)
    problems = []

    sha = control.call("SCRIPT", "LOAD", INCR_SCRIPT).decode()
    for key in (WARM_KEY, HOLD_TAG + ":count", HOLD_TAG + ":lock"):
        control.call("DEL", key)
    server.measure(control, "started")

    t0 = time.monotonic()
    conns = Connections(opts.host, opts.port, n)
    connect_s = time.monotonic() - t0
    t0 = time.monotonic()
    conns.send_all(resp.command("EVALSHAASYNC", sha, 1, WARM_KEY))
    problem = check_counts(conns.collect(120), n, "warm-up")
    warm_s = time.monotonic() - t0
    if problem:
        problems.append(problem)
    server.measure(control, "connected")

    threshold_ms = int((opts.hold_seconds + 60) * 1000)
    old_threshold = control.call("CONFIG", "GET", "busy-reply-threshold")[1].decode()
    control.call("CONFIG", "SET", "busy-reply-threshold", threshold_ms)
    holder = resp.Client(opts.host, opts.port)
    holder.sock.sendall(resp.command("EVAL", HOLDER_SCRIPT, 1, HOLD_TAG + ":lock", int(opts.hold_seconds * 1000)))
    held_at = time.monotonic()
    wait_until("the holder's start (atomic_scripts_running:1)",
               lambda: info(control, "scripts").get("atomic_scripts_running") == "1", 30)

    t0 = time.monotonic()
    conns.send_all(resp.command("EVALSHAASYNC", sha, 1, HOLD_TAG + ":count"))

    def all_waiting():
        scripts = info(control, "scripts")
        if scripts.get("async_scripts_running") != str(n) or scripts.get("async_scripts_queued") != "0":
            return None
        listed = control.call("SCRIPT", "ASYNC", "LIST")
        states = {}
        for entry in listed:
            fields = dict(zip(entry[0::2], entry[1::2]))
            state = fields.get(b"state", b"?").decode()
            states[state] = states.get(state, 0) + 1
        return states if states.get("waiting") == n else None

    states = wait_until("%d scripts waiting (SCRIPT ASYNC LIST)" % n, all_waiting, max(30, opts.hold_seconds - 5))
    suspend_s = time.monotonic() - t0
    if conns.replies_so_far():
        problems.append("replies arrived while the scripts should all be waiting")
    server.measure(control, "suspended")
    scripts = info(control, "scripts")
    measured_in = time.monotonic() - held_at
    held = scripts.get("atomic_scripts_running") == "1" and scripts.get("async_scripts_running") == str(n)
    if not held:
        problems.append("the holder ended before the suspended phase was measured (%.1f s after it started): "
                        "raise --hold-seconds" % measured_in)

    holder.sock.settimeout(opts.hold_seconds + 120)
    released = read_one(holder)
    release_at = time.monotonic()
    if released != b"released":
        problems.append("the holder replied %r" % (released,))
    problem = check_counts(conns.collect(120), n, "suspended scripts")
    finish_s = time.monotonic() - release_at
    if problem:
        problems.append(problem)
    control.call("CONFIG", "SET", "busy-reply-threshold", old_threshold)
    server.measure(control, "finished")
    conns.close()
    holder.close()
    control.close()

    summary = [
        ("connect_s", "%.2f" % connect_s),
        ("warm_s", "%.2f" % warm_s),
        ("suspend_s", "%.2f" % suspend_s),
        ("states", ",".join("%s:%d" % kv for kv in sorted(states.items()))),
        ("measured_after_hold_s", "%.1f" % measured_in),
        ("held_through_measure", "yes" if held else "no"),
        ("finish_after_release_s", "%.2f" % finish_s),
    ]
    print("summary " + " ".join("%s=%s" % kv for kv in summary), flush=True)
    print("check=%s" % ("; ".join(problems) if problems else "ok"), flush=True)


def read_one(client):
    """The next reply on a blocking Client whose command was sent by hand."""
    while True:
        try:
            reply, pos = resp.parse(client.buf, 0)
            client.buf = client.buf[pos:]
            return reply
        except resp.NeedMore:
            data = client.sock.recv(1 << 16)
            if not data:
                raise ConnectionError("server closed the connection")
            client.buf += data


if __name__ == "__main__":
    try:
        main()
    except (ConnectionError, OSError, subprocess.SubprocessError) as e:
        sys.exit("async-suspended.py: %s" % e)
