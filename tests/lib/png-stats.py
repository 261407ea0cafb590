#!/usr/bin/env python3
"""Print "<width> <height> <colours> <ink> <bg>" for an 8-bit PNG (RGB or RGBA).

colours is the number of distinct pixel values; ink the per-mille share
of pixels that differ from the top-left pixel, the background, whose RGB
hex is bg. Plain zlib/struct decoding with the five PNG row filters, so
the tests need no imaging library.
"""
import struct
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def main(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or ctype not in (2, 6) or interlace:
        sys.exit(f"{path}: want 8-bit RGB(A), not interlaced")
    bpp = 4 if ctype == 6 else 3
    raw, stride = zlib.decompress(idat), width * bpp
    prev, rows, i = bytearray(stride), [], 0
    for _ in range(height):
        ftype, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if ftype == 2:
            line = bytearray((v + b) & 0xFF for v, b in zip(line, prev))
        elif ftype:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], prev[x - bpp] if x >= bpp else 0
                pred = a if ftype == 1 else (a + b) // 2 if ftype == 3 else paeth(a, b, c)
                line[x] = (line[x] + pred) & 0xFF
        rows.append(bytes(line))
        prev = line
    pixels = [r[x:x + bpp] for r in rows for x in range(0, stride, bpp)]
    ink = sum(p != pixels[0] for p in pixels)
    print(width, height, len(set(pixels)), ink * 1000 // len(pixels), pixels[0][:3].hex())


if __name__ == "__main__":
    main(sys.argv[1])
