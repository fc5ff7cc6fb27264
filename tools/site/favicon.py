#!/usr/bin/env python3
"""Draws the site's /favicon.ico (16, 32 and 48 px PNGs in one ICO) from the shapes of favicon.svg beside it in
gateway/src/main/resources/static/: a rounded square in the site's accent colour and a white "v" stroke.
Browsers take favicon.svg from the pages' <link rel="icon">; /favicon.ico is for whatever asks for it by name.

  python3 tools/site/favicon.py   (writes gateway/src/main/resources/static/favicon.ico)
"""
import math
import struct
import zlib
from pathlib import Path

ACCENT = (0x1F, 0x5F, 0x99)
WHITE = (0xFF, 0xFF, 0xFF)
# favicon.svg, in its 32 x 32 view box: <rect width="32" height="32" rx="6"/> and the stroke
# M8 9 L16 24 L24 9, 4 wide with round caps and joins
RADIUS = 6.0
STROKE = [((8.0, 9.0), (16.0, 24.0)), ((16.0, 24.0), (24.0, 9.0))]
HALF_WIDTH = 2.0
SAMPLES = 4  # per axis, per pixel


def in_rounded_square(x, y):
    cx, cy = min(max(x, RADIUS), 32 - RADIUS), min(max(y, RADIUS), 32 - RADIUS)
    return 0 <= x <= 32 and 0 <= y <= 32 and math.hypot(x - cx, y - cy) <= RADIUS


def on_stroke(x, y):
    for (ax, ay), (bx, by) in STROKE:
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        if math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= HALF_WIDTH:
            return True
    return False


def pixels(size):
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            cover = stroke = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) * 32 / size
                    y = (py + (sy + 0.5) / SAMPLES) * 32 / size
                    if in_rounded_square(x, y):
                        cover += 1
                        stroke += on_stroke(x, y)
            n = SAMPLES * SAMPLES
            mix = stroke / cover if cover else 0
            row += bytes(round(a + (b - a) * mix) for a, b in zip(ACCENT, WHITE))
            row.append(round(255 * cover / n))
        rows.append(bytes(row))
    return b"".join(rows)


def png(size):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels(size), 9))
            + chunk(b"IEND", b""))


def ico(sizes):
    images = [png(size) for size in sizes]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, image in zip(sizes, images):
        out += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image), offset)
        offset += len(image)
    return out + b"".join(images)


if __name__ == "__main__":
    target = Path(__file__).resolve().parents[2] / "gateway/src/main/resources/static/favicon.ico"
    target.write_bytes(ico([16, 32, 48]))
    print(f"wrote {target}")
