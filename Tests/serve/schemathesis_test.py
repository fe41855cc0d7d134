#!/usr/bin/env python3
"""Schemathesis against `trackport serve`'s own OpenAPI document (docs/serve.md).

    schemathesis_test.py TRACKPORT_BINARY [EXAMPLES]

Starts the server on a free loopback port and runs `schemathesis run` on GET /openapi.json with
a fixed seed and EXAMPLES cases per operation (default 5, with schemathesis' coverage phase
adding its own boundary cases), checking that no answer is a 5xx and
that every status, content type, header and body matches the document. Generated bodies (random
files, random fields) are mostly refused with 400 or 422: that is the API working, so
schemathesis' "a schema-valid request must be accepted" check is not asked for. Nor is its
"undeclared method" check: a method HTTP knows (PUT, TRACE, QUERY, ...) gets 405 with `Allow`
(ServeAPITests), but a token no HTTP/1 parser knows (FOO) is answered 400 by NIO's parser
itself, before the server sees the request.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    examples = sys.argv[2] if len(sys.argv) > 2 else "5"
    schemathesis = os.path.join(os.path.dirname(sys.executable), "schemathesis")
    if not os.access(schemathesis, os.X_OK):
        sys.exit("schemathesis_test: schemathesis is not installed beside this Python (make venv installs it)")
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"listening on (http://\S+)", server.stderr.readline())
    if not match:
        server.kill()
        sys.exit("schemathesis_test: the server did not start")
    scratch = tempfile.mkdtemp(prefix="schemathesis-")
    try:
        run = subprocess.run(
            [schemathesis, "run", match.group(1) + "openapi.json",
             "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
                         "response_headers_conformance,response_schema_conformance",
             "--max-examples", examples, "--seed", "1", "--generation-database", "none", "--no-shrink",
             "--request-timeout", "60"],
            # In a folder of its own: schemathesis keeps a cache (.schemathesis/) where it runs.
            capture_output=True, text=True, timeout=600, cwd=scratch)
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(scratch, ignore_errors=True)
    summary = [line for line in run.stdout.splitlines() if re.search(r"generated", line)]
    if run.returncode != 0:
        print(run.stdout[-6000:], run.stderr[-2000:], sep="\n", file=sys.stderr)
        sys.exit(f"schemathesis_test: schemathesis found problems (exit {run.returncode})")
    print("schemathesis_test: no 5xx, every answer as the document says: " + " | ".join(s.strip("= ") for s in summary[-1:]))


if __name__ == "__main__":
    main()
