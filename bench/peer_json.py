#!/usr/bin/env python3
"""The Python peer: load a canonical JSON dataset and dump it again (json.load + json.dump).

Usage: peer_json.py IN OUT     load and dump (the peer of validate and convert)
       peer_json.py IN         load only (a stricter peer for validate, which writes nothing)"""
import json, sys

with open(sys.argv[1], encoding="utf-8") as f:
    data = json.load(f)
if len(sys.argv) > 2:
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=2)
