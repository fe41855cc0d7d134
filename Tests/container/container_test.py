#!/usr/bin/env python3
"""The container image and the Kubernetes manifest as the people who run TrackerPort for others
meet them (issue 43, "For the people who run it for others"; issue 40's hub in a container):

- `packaging/make-image` builds the image from the static binary, FROM a base imported from the
  bare-Debian root the release check makes (no registry can be pulled here; users' builds start
  from debian:bookworm-slim);
- `serve` in it, with a read-only root and a /tmp tmpfs: /healthz answers, a conversion posted to
  /api/convert is byte for byte the CLI's, it runs as uid 10001 and cannot write its root, the
  image's HEALTHCHECK passes, `podman stop` ends it within two seconds;
- a hub in the /hub volume: `hub init` and `hub watch` in containers, a dataset dropped into the
  hub's source folder is taken and the calendar output appears; `hub serve` answers its feed and
  its open /healthz;
- packaging/kubernetes/trackport.yaml under `podman kube play` (a copy with the test's image and
  a host port): the pod answers on the host port, a conversion equals the CLI's bytes, `podman
  kube down` removes it.

    Tests/container/container_test.py path/to/static/trackport BASE-ROOT [--keep]

BASE-ROOT is a Debian root folder (.build-debian/bookworm-minbase). podman runs with runc and
cgroupfs and a containers.conf without default ulimits (FIELD-NOTES, "Containers with podman").
Prints one line per check and `N passed, M failed`.
"""
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "hub"))
import hubtest  # noqa: E402

BASE_IMAGE = "localhost/trackport-test-base:bookworm"
IMAGE = "localhost/trackport-test:latest"
SAMPLE = os.path.join(REPO, "SampleData", "demo.trackport.json")
PODMAN = ["podman", "--runtime", "runc", "--cgroup-manager", "cgroupfs"]


def podman(*args, timeout=300):
    return hubtest.run(PODMAN + list(args), timeout=timeout)


def form(parts, boundary):
    body = b""
    for name, filename, value in parts:
        disposition = 'form-data; name="%s"' % name + ('; filename="%s"' % filename if filename else "")
        body += b"--" + boundary.encode() + b"\r\nContent-Disposition: " + disposition.encode() + b"\r\n\r\n" + value + b"\r\n"
    return body + b"--" + boundary.encode() + b"--\r\n"


def request(port, method, path, body=None, headers=None, timeout=30):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def convert_over_http(port, data, filename, to):
    boundary = "trackport-" + uuid.uuid4().hex
    body = form([("file", filename, data), ("to", None, to.encode())], boundary)
    return request(port, "POST", "/api/convert", body, {"Content-Type": "multipart/form-data; boundary=" + boundary})


def wait_healthy(port, seconds=30):
    """(status, body) of the first /healthz that answers 200, or of the last try."""
    deadline = time.monotonic() + seconds
    last = (None, b"")
    while time.monotonic() < deadline:
        try:
            status, _, body = request(port, "GET", "/healthz", timeout=2)
            last = (status, body)
            if status == 200:
                return last
        except OSError:
            pass
        time.sleep(0.2)
    return last


def cli_bytes(binary, source, to, work):
    out = os.path.join(work, "cli-" + to + "-" + uuid.uuid4().hex[:6])
    result = hubtest.run([binary, "convert", source, out, "--to", to])
    if result.returncode != 0:
        raise RuntimeError("convert: " + result.said())
    with open(out, "rb") as f:
        return f.read()


def logs(name):
    result = podman("logs", name, timeout=30)
    return ((result.stdout or "") + (result.stderr or ""))[-1500:]


def check_serve(checks, binary, work):
    name = "trackport-test-serve-" + uuid.uuid4().hex[:8]
    port = hubtest.free_port()
    started = podman("run", "-d", "--name", name, "--read-only", "--tmpfs", "/tmp", "-p", "127.0.0.1:%d:8080" % port, IMAGE)
    if not checks.check(started.returncode == 0, "serve starts in the image (read-only root, /tmp tmpfs)", started.said()):
        return
    try:
        status, body = wait_healthy(port)
        checks.check(status == 200 and body == b"ok\n", "/healthz answers ok from the container", "%s %r %s" % (status, body, logs(name)))
        with open(SAMPLE, "rb") as f:
            data = f.read()
        for to in ("tablehabit", "ics"):
            status, _, body = convert_over_http(port, data, "demo.trackport.json", to)
            want = cli_bytes(binary, SAMPLE, to, work)
            checks.check(status == 200 and body == want, "POST /api/convert to %s: the CLI's bytes" % to,
                         "%s, %d bytes vs %d: %r" % (status, len(body), len(want), body[:300]))
        uid = podman("exec", name, "id", "-u", timeout=30)
        checks.check(uid.returncode == 0 and uid.stdout.strip() == "10001", "it runs as uid 10001, not root", uid.said())
        write = podman("exec", name, "sh", "-c", "touch /usr/bin/x", timeout=30)
        checks.check(write.returncode not in (0, None), "its root file system cannot be written", write.said())
        health = podman("healthcheck", "run", name, timeout=60)
        checks.check(health.returncode == 0, "the image's HEALTHCHECK passes", health.said())
        start = time.monotonic()
        stopped = podman("stop", "-t", "10", name, timeout=60)
        seconds = time.monotonic() - start
        checks.check(stopped.returncode == 0 and seconds < 2.5, "podman stop ends idle serve within two seconds (SIGTERM, not the kill)",
                     "%.1f s, %s" % (seconds, stopped.said()))
        code = podman("inspect", "--format", "{{.State.ExitCode}}", name, timeout=30).stdout.strip()
        checks.check(code == "0", "serve exits 0 on SIGTERM", code + " " + logs(name))
    finally:
        podman("rm", "-f", name, timeout=60)


def check_hub(checks, work):
    hub = os.path.join(work, "hub")
    os.mkdir(hub)
    os.chown(hub, 10001, 10001)
    volume = ["-v", hub + ":/hub"]
    made = podman("run", "--rm", "--read-only", *volume, IMAGE, "hub", "init", "/hub", "--source", "/hub/inbox",
                  "--output", "/hub/out/habits.ics", timeout=120)
    if not checks.check(made.returncode == 0 and os.path.exists(os.path.join(hub, "hub.toml")), "hub init /hub in a container", made.said()):
        return
    inbox = os.path.join(hub, "inbox")
    os.makedirs(inbox, exist_ok=True)
    watch = "trackport-test-watch-" + uuid.uuid4().hex[:8]
    started = podman("run", "-d", "--name", watch, "--read-only", "--tmpfs", "/tmp", *volume, IMAGE, "hub", "watch", "/hub")
    if not checks.check(started.returncode == 0, "hub watch /hub starts in the image", started.said()):
        return
    calendar = os.path.join(hub, "out", "habits.ics")
    try:
        time.sleep(1)
        path = os.path.join(inbox, "phone.trackport.json")
        with open(path + ".part", "w", encoding="utf-8") as f:
            json.dump(hubtest.one_habit("Stretch", "2026-03-01"), f)
        os.chmod(path + ".part", 0o644)
        os.rename(path + ".part", path)
        # The first run writes the calendar at once (no habit yet): wait for the habit in it.
        def calendar_text():
            try:
                with open(calendar, encoding="utf-8") as f:
                    return f.read()
            except OSError:
                return ""
        deadline = time.monotonic() + 45
        while time.monotonic() < deadline and "Stretch" not in calendar_text():
            time.sleep(0.3)
        checks.check("Stretch" in calendar_text(), "hub watch in the container takes a dropped file and writes the calendar", logs(watch))
        start = time.monotonic()
        stopped = podman("stop", "-t", "10", watch, timeout=60)
        seconds = time.monotonic() - start
        checks.check(stopped.returncode == 0 and seconds < 2.5, "podman stop ends hub watch within two seconds", "%.1f s" % seconds)
    finally:
        podman("rm", "-f", watch, timeout=60)

    feed = podman("run", "--rm", "--read-only", *volume, IMAGE, "hub", "feed", "/hub", timeout=60)
    feed_path = feed.stdout.strip()
    checks.check(re.fullmatch(r"/feed/[0-9a-f]{64}\.ics", feed_path) is not None, "hub feed /hub prints the feed's path", feed.said())
    serve = "trackport-test-hubserve-" + uuid.uuid4().hex[:8]
    port = hubtest.free_port()
    started = podman("run", "-d", "--name", serve, "--read-only", "--tmpfs", "/tmp", "-p", "127.0.0.1:%d:8080" % port, *volume, IMAGE,
                     "hub", "serve", "/hub", "--host", "0.0.0.0", "--port", "8080")
    if not checks.check(started.returncode == 0, "hub serve /hub starts in the image", started.said()):
        return
    try:
        status, body = wait_healthy(port)
        checks.check(status == 200, "hub serve's /healthz answers without a token", "%s %s" % (status, logs(serve)))
        status, headers, body = request(port, "GET", feed_path)
        checks.check(status == 200 and headers.get("Content-Type", "").startswith("text/calendar") and b"Stretch" in body,
                     "the hub's feed answers from the container", "%s %r" % (status, body[:200]))
        checks.check(request(port, "GET", "/journal.json")[0] == 401, "the journal needs the token there too")
        health = podman("healthcheck", "run", serve, timeout=60)
        checks.check(health.returncode == 0, "the image's HEALTHCHECK passes for hub serve on 8080", health.said())
    finally:
        podman("stop", "-t", "10", serve, timeout=60)
        podman("rm", "-f", serve, timeout=60)


def manifest_for_test(port):
    """The shipped manifest with the test's image and a host port (podman kube play publishes
    hostPort; a cluster uses the Service instead). Fails when the manifest changed shape."""
    with open(os.path.join(REPO, "packaging", "kubernetes", "trackport.yaml"), encoding="utf-8") as f:
        text = f.read()
    text, replicas = re.subn(r"(?m)^(\s*replicas:\s*)\d+$", r"\g<1>1", text)  # one pod holds the host port
    text, images = re.subn(r"(?m)^(\s*image:\s*)\S+$", r"\g<1>" + IMAGE, text)
    text, ports = re.subn(r"(?m)^(\s*)- containerPort: 8080$", r"\g<1>- containerPort: 8080\n\g<1>  hostPort: %d\n\g<1>  hostIP: 127.0.0.1" % port, text)
    if images != 1 or ports != 1 or replicas != 1:
        raise RuntimeError("packaging/kubernetes/trackport.yaml: expected one image, one containerPort 8080 and replicas (%d, %d, %d)"
                           % (images, ports, replicas))
    return text


def check_kube(checks, binary, work):
    port = hubtest.free_port()
    try:
        text = manifest_for_test(port)
    except RuntimeError as error:
        checks.check(False, "the manifest has the shape the test expects", str(error))
        return
    path = os.path.join(work, "trackport.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    played = podman("kube", "play", path, timeout=180)
    if not checks.check(played.returncode == 0, "podman kube play packaging/kubernetes/trackport.yaml", played.said()):
        podman("kube", "down", path, timeout=120)
        return
    try:
        status, body = wait_healthy(port, 60)
        checks.check(status == 200 and body == b"ok\n", "the pod answers /healthz on the host port", "%s %r" % (status, body))
        with open(SAMPLE, "rb") as f:
            data = f.read()
        status, _, body = convert_over_http(port, data, "demo.trackport.json", "loop")
        want = cli_bytes(binary, SAMPLE, "loop", work)
        checks.check(status == 200 and body == want, "a conversion in the pod: the CLI's bytes (Loop backup)", "%s, %d vs %d bytes" % (status, len(body), len(want)))
        status, _, body = request(port, "GET", "/metrics")
        checks.check(status == 200 and b'trackport_http_requests_total{route="/api/convert",status="200"} 1' in body,
                     "the pod's /metrics counts that conversion", "%s %r" % (status, body[:300]))
        user = podman("ps", "--filter", "label=app=trackport", "--format", "{{.Names}}", timeout=30)
        names = [n for n in user.stdout.split() if not n.endswith("-infra")]
        if names:
            uid = podman("exec", names[0], "id", "-u", timeout=30)
            checks.check(uid.stdout.strip() == "10001", "the pod's container runs as uid 10001", uid.said())
            write = podman("exec", names[0], "sh", "-c", "touch /usr/bin/x", timeout=30)
            checks.check(write.returncode not in (0, None), "the pod's root file system is read-only (readOnlyRootFilesystem)", write.said())
        else:
            checks.check(False, "podman ps finds the pod's container by its label app=trackport", user.said())
    finally:
        start = time.monotonic()
        down = podman("kube", "down", path, timeout=120)
        seconds = time.monotonic() - start
    checks.check(down.returncode == 0, "podman kube down stops it", down.said())
    left = podman("pod", "ps", "--filter", "name=trackport", "--format", "{{.Name}}", timeout=30).stdout.split()
    checks.check(not left, "no pod is left after kube down (%.1f s)" % seconds, " ".join(left))


def main():
    binary, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    keep = "--keep" in sys.argv
    checks = hubtest.Checks()
    missing = [what for what, ok in (("podman", shutil.which("podman")), ("runc", shutil.which("runc")),
                                     ("the Debian root " + root, os.path.exists(os.path.join(root, ".complete"))),
                                     ("the static link " + binary, os.access(binary, os.X_OK))) if not ok]
    if missing:
        # As the bare-Debian check: a machine without them skips, CI fails.
        checks.check(not os.environ.get("CI"), "the container test can run: " + ", ".join(missing) + " missing")
        return checks.finish()
    work = tempfile.mkdtemp(prefix="trackport-container-")
    os.chmod(work, 0o755)
    conf = os.path.join(work, "containers.conf")
    with open(conf, "w") as f:
        f.write("[containers]\ndefault_ulimits = []\n")
    os.environ["CONTAINERS_CONF"] = conf
    try:
        start = time.monotonic()
        imported = hubtest.run(["sh", "-c", 'tar -C "$1" -c . | podman import - "$2"', "sh", root, BASE_IMAGE], timeout=300)
        if not checks.check(imported.returncode == 0, "the base image from the Debian root (%.0f s)" % (time.monotonic() - start), imported.said()):
            return checks.finish()
        start = time.monotonic()
        built = hubtest.run([os.path.join(REPO, "packaging", "make-image"), binary, IMAGE, BASE_IMAGE], timeout=900)
        if not checks.check(built.returncode == 0, "packaging/make-image builds the image (%.0f s)" % (time.monotonic() - start), built.said()):
            return checks.finish()
        checks.note(built.stdout.strip().splitlines()[-1] if built.stdout.strip() else "")
        inspected = json.loads(podman("image", "inspect", IMAGE, timeout=60).stdout or "[{}]")[0]
        config = inspected.get("Config", {})
        checks.check(config.get("User") == "10001:10001" and "/hub" in (config.get("Volumes") or {}),
                     "the image runs as 10001 with /hub as its volume", str(config.get("User")))
        health = inspected.get("Healthcheck") or config.get("Healthcheck") or {}
        checks.check("/healthz" in " ".join(health.get("Test") or []), "the image's health check asks /healthz", str(health))
        check_serve(checks, binary, work)
        check_hub(checks, work)
        check_kube(checks, binary, work)
    finally:
        if not keep:
            podman("rmi", "-f", IMAGE, BASE_IMAGE, timeout=120)  # the base is imported anew each run
            shutil.rmtree(work, ignore_errors=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
