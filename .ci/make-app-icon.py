#!/usr/bin/env python3
"""Draws Spacer's app icon (a ringed planet among stars) without any image library.

Writes three opaque 1024 x 1024 PNGs into Spacer/Assets.xcassets/AppIcon.appiconset: the default
icon, the dark variant (a deeper sky), and the tinted variant (greyscale, which the system tints).
Opaque RGB / greyscale with no alpha channel: App Store validation refuses an icon with alpha.
Run from the repository root: python3 .ci/make-app-icon.py
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

SIZE = 1024
OUT = Path("Spacer/Assets.xcassets/AppIcon.appiconset")

PLANET_CENTER = (500.0, 540.0)
PLANET_RADIUS = 250.0
RING_TILT = math.radians(-22)
RING_INNER, RING_OUTER, RING_FLATTEN = 330.0, 430.0, 0.30
STARS = [
    (170, 190, 7), (300, 120, 4), (820, 160, 6), (900, 330, 3), (120, 430, 3),
    (760, 860, 5), (200, 840, 4), (640, 120, 3), (930, 700, 4), (90, 660, 5),
]


def mix(a, b, t):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def clamp(value, low=0.0, high=1.0):
    return max(low, min(high, value))


def coverage(distance_inside):
    """Anti-aliased edge: 1 well inside, 0 outside, linear over one pixel."""
    return clamp(distance_inside + 0.5)


def pixel(x, y, sky_top, sky_bottom):
    px, py = x + 0.5, y + 0.5
    color = mix(sky_top, sky_bottom, py / SIZE)
    # Stars, with a soft glow.
    for sx, sy, radius in STARS:
        distance = math.hypot(px - sx, py - sy)
        if distance < radius * 3:
            glow = clamp(1 - distance / (radius * 3)) ** 2 * 0.5 + coverage(radius - distance) * 0.5
            color = mix(color, (1.0, 0.97, 0.9), glow)
    # The ring's far half, behind the planet.
    dx, dy = px - PLANET_CENTER[0], py - PLANET_CENTER[1]
    rx = dx * math.cos(RING_TILT) + dy * math.sin(RING_TILT)
    ry = (-dx * math.sin(RING_TILT) + dy * math.cos(RING_TILT)) / RING_FLATTEN
    ring_distance = math.hypot(rx, ry)
    ring = min(coverage(ring_distance - RING_INNER), coverage(RING_OUTER - ring_distance))
    band = 0.75 + 0.25 * math.cos((ring_distance - RING_INNER) / (RING_OUTER - RING_INNER) * math.pi * 3)
    ring_color = mix((0.98, 0.78, 0.45), (0.99, 0.90, 0.70), band - 0.5)
    if ry < 0:
        color = mix(color, ring_color, ring * 0.9)
    # The planet: lit from the upper left, with latitude bands.
    planet_distance = math.hypot(dx, dy)
    planet = coverage(PLANET_RADIUS - planet_distance)
    if planet > 0:
        nx, ny = dx / PLANET_RADIUS, dy / PLANET_RADIUS
        nz = math.sqrt(max(0.0, 1 - nx * nx - ny * ny))
        light = clamp(-0.55 * nx - 0.6 * ny + 0.58 * nz)
        stripes = 0.5 + 0.5 * math.sin(ny * 9.0 + 0.6 * math.sin(nx * 3.0))
        base = mix((0.33, 0.40, 0.95), (0.56, 0.64, 1.0), stripes)
        shade = mix((0.05, 0.06, 0.18), base, 0.25 + 0.75 * light)
        color = mix(color, shade, planet)
    # The ring's near half, in front of the planet.
    if ry >= 0:
        color = mix(color, ring_color, ring * 0.95)
    return color


def render(sky_top, sky_bottom):
    rows = []
    for y in range(SIZE):
        rows.append([pixel(x, y, sky_top, sky_bottom) for x in range(SIZE)])
    return rows


def png(path: Path, rows, grey: bool):
    raw = bytearray()
    for row in rows:
        raw.append(0)  # filter: none
        for r, g, b in row:
            if grey:
                raw.append(round(clamp(0.2126 * r + 0.7152 * g + 0.0722 * b) * 255))
            else:
                raw.extend(round(clamp(c) * 255) for c in (r, g, b))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    colour_type = 0 if grey else 2
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, colour_type, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )
    print(f"wrote {path}")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    png(OUT / "AppIcon.png", render((0.09, 0.11, 0.25), (0.02, 0.03, 0.08)), grey=False)
    dark = render((0.02, 0.02, 0.05), (0.0, 0.0, 0.0))
    png(OUT / "AppIcon-Dark.png", dark, grey=False)
    png(OUT / "AppIcon-Tinted.png", dark, grey=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
