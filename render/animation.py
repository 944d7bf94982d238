"""Pictures in, one animated picture out: the replay's animation of a whole game (any game's
frames; bot/replay.py makes them from each game's phone card).

Animated WebP: frames of one size (the cards' heights differ with what they show, so each is
laid on a canvas of the tallest, in its own background colour), lossy at a quality where the
card's text stays readable; the encoder stores only what changed between frames, which is
little from one phase to the next, so a whole game stays a few megabytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

QUALITY = 70  # lossy WebP quality (the text of a 540 px card stays sharp enough to read)
METHOD = 2  # encoder effort, 0-6: 4 takes twice as long for 3 % less, 0 is 25 % bigger


def _frame(data: bytes, width: int) -> Image.Image:
    image = Image.open(io.BytesIO(data)).convert("RGB")
    if image.width != width:
        height = max(1, round(image.height * width / image.width))
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    return image


def animate(
    frames: Sequence[bytes], durations: Sequence[int], *, width: int, quality: int = QUALITY
) -> bytes:
    """An animated WebP of `frames` (PNG or other picture bytes), each shown `durations` ms,
    scaled to `width` and laid top-aligned on a canvas as tall as the tallest; loops forever."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    if len(durations) != len(frames):
        raise ValueError("one duration per frame")
    images = [_frame(data, width) for data in frames]
    height = max(image.height for image in images)
    shown = []
    for image in images:
        if image.height < height:
            # the rest of the card's own background (its bottom-left pixel)
            canvas = Image.new("RGB", (width, height), image.getpixel((0, image.height - 1)))
            canvas.paste(image, (0, 0))
            image = canvas
        shown.append(image)
    out = io.BytesIO()
    shown[0].save(
        out,
        format="WEBP",
        save_all=True,
        append_images=shown[1:],
        duration=list(durations),
        loop=0,
        quality=quality,
        method=METHOD,
    )
    return out.getvalue()
