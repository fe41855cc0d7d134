#!/usr/bin/env python3
"""png_info.py PNG: the width, height, number of distinct colours and top-left colour of an 8-bit RGB(A)
PNG as JSON, decoded with zlib and the five row filters (the oracle for chromium's screenshots)."""
import sys, zlib, struct, json
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat = 8, b''
while pos < len(data):
    length, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b'IHDR':
        width, height, depth, ctype = struct.unpack('>IIBB', body[:10])
    elif kind == b'IDAT':
        idat += body
    pos += 12 + length
assert depth == 8 and ctype in (2, 6), f'unexpected PNG type {depth}/{ctype}'
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), width * bpp
rows, prev, i = [], bytearray(stride), 0
for _ in range(height):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); prev = line
colors = {row[x:x + 3] for row in rows for x in range(0, stride, bpp)}
print(json.dumps({'width': width, 'height': height, 'colors': len(colors), 'corner': list(rows[2][2 * bpp:2 * bpp + 3])}))
