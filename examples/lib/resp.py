"""A small RESP2 client for the example drivers: Python 3 standard library only, raw RESP over a socket.

    from resp import Client, ServerError
    c = Client(port=6379)
    c.call("SET", "k", 1)                   # b'OK'
    c.pipeline([("GET", "k"), ("INCR", "k")])
    c.send("SUBSCRIBE", "probes"); c.read() # push-style use: send now, read replies when they come

Replies: simple strings and bulk strings as bytes, integers as int, arrays as lists, nil as None. Error
replies come back as ServerError instances from read()/pipeline() and are raised by call().
"""

import argparse
import socket


class ServerError(Exception):
    """An error reply ("-ERR ...")."""


def encode(*args):
    """One command as a RESP array of bulk strings; arguments that are not bytes go through str()."""
    out = [b"*%d\r\n" % len(args)]
    for a in args:
        if not isinstance(a, bytes):
            a = str(a).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(a), a))
    return b"".join(out)


class Client:
    def __init__(self, host="127.0.0.1", port=6379, timeout=300):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = bytearray()
        self.pos = 0

    # -- sending
    def send(self, *args):
        self.sock.sendall(encode(*args))

    def send_many(self, commands):
        self.sock.sendall(b"".join(encode(*c) for c in commands))

    # -- receiving
    def _line(self):
        while True:
            end = self.buf.find(b"\r\n", self.pos)
            if end >= 0:
                line = bytes(self.buf[self.pos:end])
                self.pos = end + 2
                return line
            self._fill()

    def _exactly(self, n):
        while len(self.buf) - self.pos < n + 2:
            self._fill()
        data = bytes(self.buf[self.pos:self.pos + n])
        self.pos += n + 2
        return data

    def _fill(self):
        if self.pos:
            del self.buf[:self.pos]
            self.pos = 0
        data = self.sock.recv(1 << 20)
        if not data:
            raise ConnectionError("server closed the connection")
        self.buf += data

    def read(self):
        """The next reply; error replies are returned as ServerError instances, not raised."""
        line = self._line()
        kind, rest = line[:1], line[1:]
        if kind == b"+":
            return rest
        if kind == b"-":
            return ServerError(rest.decode(errors="replace"))
        if kind == b":":
            return int(rest)
        if kind == b"$":
            n = int(rest)
            return None if n < 0 else self._exactly(n)
        if kind == b"*":
            n = int(rest)
            return None if n < 0 else [self.read() for _ in range(n)]
        raise ValueError("unexpected RESP type byte %r" % kind)

    # -- request/response
    def call(self, *args):
        """Sends one command and returns its reply; raises ServerError on an error reply."""
        self.send(*args)
        reply = self.read()
        if isinstance(reply, ServerError):
            raise reply
        return reply

    def pipeline(self, commands):
        """Sends the commands at once and returns their replies (errors as ServerError instances)."""
        self.send_many(commands)
        return [self.read() for _ in commands]

    def close(self):
        self.sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def connection_options(parser: argparse.ArgumentParser):
    """Adds --host and --port, the options every example's run command has."""
    parser.add_argument("--host", default="127.0.0.1", help="server address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=6379, help="server port (default 6379)")
    return parser


def script_options(parser: argparse.ArgumentParser):
    """Adds --atomic: run the example's scripts with EVALSHA instead of EVALSHAASYNC (one script at a time,
    as Redis does; lets the example run against a Redis server too)."""
    parser.add_argument("--atomic", action="store_true",
                        help="use EVALSHA instead of EVALSHAASYNC (works against Redis too)")
    return parser


def evalsha_command(opts):
    return "EVALSHA" if opts.atomic else "EVALSHAASYNC"


def load_script(client, path):
    """SCRIPT LOADs the Lua file at path and returns its SHA1 as str."""
    with open(path, "rb") as f:
        return client.call("SCRIPT", "LOAD", f.read()).decode()
