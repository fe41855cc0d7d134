#!/usr/bin/env python3
"""csp_hash.py < BLOCKS: the Content-Security-Policy source of each inline block, as browsers
compute it (`sha256-` and the base64 of the SHA-256 of the block's UTF-8), one per line. The
blocks come on standard input separated by NUL bytes. Python's hashlib, never TrackerPort's code."""
import base64
import hashlib
import sys

for block in sys.stdin.buffer.read().split(b"\0"):
    print("sha256-" + base64.b64encode(hashlib.sha256(block).digest()).decode())
