"""Python's own codec tables, as an oracle for TrackerPort's single-byte code pages (CodePage,
built from glibc's iconv).

codepage.py NAME    one line per byte 0x80-0xFF: the byte in hex, a tab, and the Unicode
                    scalar it decodes to in hex, or "-" when NAME leaves the byte undefined
"""
import sys

name = sys.argv[1]
for byte in range(0x80, 0x100):
    try:
        text = bytes([byte]).decode(name)
        print("%02X\t%04X" % (byte, ord(text)))
    except UnicodeDecodeError:
        print("%02X\t-" % byte)
