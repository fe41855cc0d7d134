#!/usr/bin/env python3
"""Load on `trackport serve` over loopback, against the same conversion by the command line.

    serve_load.py BINARY DATASET [SECONDS] [CLIENTS] [ISOLATION]

Starts BINARY serve on a free port (default limits but --request-timeout 10), warms it up with
CLIENTS clients for 15 s, notes its resident memory, then CLIENTS clients (default 8) each post DATASET to /api/convert
(to=xml) in a loop for SECONDS (default 30). Then the command line converts the same file to
the same format, CLIENTS processes at a time, for 10 s. Prints a Markdown table (conversions
per second, p50/p99 latency, errors, memory after the warm-up and after the run) and exits
non-zero on any error or when memory grew more than 20% over the run. The warm-up outlasts the
request timeout because FlyingFox's timeout clock (the server until issue 43) kept a few hundred
bytes per request until the request's limit would have come: memory climbed for one request
timeout (with the default 120 s, about 25 MiB at 300 requests a second), then stayed level;
BoundedHTTP's clocks are the connection's own and end with it. Python's standard
library only (a bounded client: no request is retried, none is abandoned). ISOLATION is the
server's --isolation, `process` (the default: a worker process per conversion) or `thread`;
the memory measured is the server's own (a worker's ends with it).
"""
import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def form(name, content, fields):
    boundary = "trackport-load"
    body = b""
    for key, value in fields:
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
    body += (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
             "Content-Type: application/octet-stream\r\n\r\n").encode() + content + b"\r\n"
    return body + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def resident_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def load(port, body, content_type, seconds, clients):
    """CLIENTS threads posting for SECONDS; (latencies in ms, error descriptions)."""
    latencies, errors, lock = [], [], threading.Lock()
    deadline = time.monotonic() + seconds

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while time.monotonic() < deadline:
            begun = time.monotonic()
            try:
                connection.request("POST", "/api/convert", body, {"Content-Type": content_type})
                response = connection.getresponse()
                answer = response.read()
                ok = response.status == 200 and answer.startswith(b"<?xml")
                problem = None if ok else f"{response.status}: {answer[:120]!r}"
            except (OSError, http.client.HTTPException) as error:
                problem = repr(error)
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            elapsed = (time.monotonic() - begun) * 1000
            with lock:
                if problem:
                    errors.append(problem)
                else:
                    latencies.append(elapsed)
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors


def cli_rate(binary, dataset, seconds, clients, folder):
    """Conversions per second of `trackport convert DATASET out.xml`, CLIENTS processes at a time."""
    done, lock = [0], threading.Lock()
    deadline = time.monotonic() + seconds

    def worker(n):
        out = os.path.join(folder, f"cli-{n}.trackport.xml")
        while time.monotonic() < deadline:
            subprocess.run([binary, "convert", dataset, out, "--force", "--quiet"], check=True)
            with lock:
                done[0] += 1

    begun = time.monotonic()
    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return done[0] / (time.monotonic() - begun)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, dataset = os.path.abspath(sys.argv[1]), sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 30
    clients = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    isolation = sys.argv[5] if len(sys.argv) > 5 else "process"
    server = subprocess.Popen([binary, "serve", "--port", "0", "--request-timeout", "10", "--conversion-timeout", "8",
                               "--isolation", isolation], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    port = int(re.search(r"127\.0\.0\.1:(\d+)/", server.stderr.readline()).group(1))
    # The access log is drained so the server never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
    with open(dataset, "rb") as file:
        body, content_type = form(os.path.basename(dataset), file.read(), [("to", "xml")])
    try:
        load(port, body, content_type, 15, clients)
        warm = resident_mib(server.pid)
        latencies, errors = load(port, body, content_type, seconds, clients)
        after = resident_mib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    with tempfile.TemporaryDirectory() as folder:
        cli = cli_rate(binary, dataset, 10, clients, folder)
    rate = len(latencies) / seconds
    growth = (after - warm) / warm * 100
    print(f"`--isolation {isolation}`:")
    print()
    print(f"| clients | conversions | errors | per second | p50 (ms) | p99 (ms) | memory after warm-up (MiB) | after the run (MiB) | growth |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {clients} | {len(latencies)} | {len(errors)} | {rate:.1f} | {statistics.median(latencies):.1f} | "
          f"{percentile(latencies, 0.99):.1f} | {warm:.1f} | {after:.1f} | {growth:+.1f}% |")
    print()
    print(f"The command line, {clients} processes at a time: {cli:.1f} conversions per second; "
          f"the server does {rate / cli:.2f}x as many.")
    if errors:
        print(f"errors: {errors[:5]}", file=sys.stderr)
    if errors or growth > 20:
        sys.exit(1)


if __name__ == "__main__":
    main()
