"""A small, fast PNG writer for the pictures (stdlib zlib only), RGB or palette.

Pillow's PNG encoder tries five row filters on every row, which costs more than the drawing
for a 1080 x 1900 board. Flat-coloured pictures compress well without filters (and palette
pictures are best left unfiltered anyway), so this writer stores every row unfiltered and
deflates the rows in a few independent chunks (in threads: zlib releases the GIL), joined into
one zlib stream with sync flushes, like pigz does.

`to_palette` turns a drawn RGB picture into a palette one without dithering: the pictures are
flat colours plus anti-aliased text, so 64-256 colours keep the text crisp at a third of the
bytes (one byte a pixel instead of three, and longer runs for deflate).
"""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

_CHUNKS = 2
_pool: ThreadPoolExecutor | None = None


def _chunk(tag: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + tag
        + data
        + struct.pack(">I", zlib.crc32(data, zlib.crc32(tag)) & 0xFFFFFFFF)
    )


def _deflate(part: memoryview, level: int, last: bool) -> bytes:
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    return c.compress(part) + c.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)


def to_palette(image: Image.Image, colors: int = 256) -> Image.Image:
    """`image` with at most `colors` colours (fast octree, no dithering: text stays crisp)."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.quantize(colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_png(image: Image.Image, level: int = 1) -> bytes:
    """`image` (RGB, or P for a palette picture) as PNG bytes: unfiltered rows, deflated in
    parallel chunks."""
    global _pool
    palette = b""
    if image.mode == "P":
        palette = bytes(image.getpalette() or [])
        palette = palette[: 3 * 256] or b"\0\0\0"
        bytes_per_pixel, colour_type = 1, 3
    else:
        if image.mode != "RGB":
            image = image.convert("RGB")
        bytes_per_pixel, colour_type = 3, 2
    w, h = image.size
    stride = w * bytes_per_pixel
    pixels = image.tobytes()
    raw = bytearray((stride + 1) * h)  # filter byte 0 (None) before every row
    view = memoryview(pixels)
    for row in range(h):
        start = row * (stride + 1) + 1
        raw[start : start + stride] = view[row * stride : (row + 1) * stride]
    rows_per = -(-h // _CHUNKS)
    buf = memoryview(raw)
    parts = [
        buf[i * rows_per * (stride + 1) : (i + 1) * rows_per * (stride + 1)] for i in range(_CHUNKS)
    ]
    parts = [p for p in parts if len(p)]
    if len(parts) > 1:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=_CHUNKS, thread_name_prefix="png")
        futures = [
            _pool.submit(_deflate, p, level, i == len(parts) - 1) for i, p in enumerate(parts)
        ]
        checksum = zlib.adler32(raw)  # meanwhile, in this thread
        body = b"".join(f.result() for f in futures)
    else:
        checksum = zlib.adler32(raw)
        body = _deflate(parts[0], level, True)
    stream = b"\x78\x01" + body + struct.pack(">I", checksum & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)  # 8 bits, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + (_chunk(b"PLTE", palette) if palette else b"")
        + _chunk(b"IDAT", stream)
        + _chunk(b"IEND", b"")
    )
