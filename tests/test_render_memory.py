"""The text masks the pictures keep across pictures are bounded in bytes (render/pieces.py)."""

from __future__ import annotations

import pytest

from render import pieces
from render.caylus import render_card, render_image
from render.caylus.sample import random_post


def test_the_text_masks_kept_are_bounded_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pieces, "MASK_CACHE_BYTES", 200_000)
    names = ["Alice", "Bob", "Carol", "Dan", "Eve"]
    for seed in (1, 2, 3):  # several games' pictures: far more text than the bound
        post = random_post(seed, 5, 6, 2)
        render_image(post.state, names=names, previous=post.previous, events=post.events)
        render_card(post.state, names=names, previous=post.previous, events=post.events)
        assert pieces.mask_cache_bytes() <= 200_000
    assert len(pieces._masks) > 10  # the recent texts are still kept


def test_a_kept_mask_draws_the_same_picture_as_a_new_one(monkeypatch: pytest.MonkeyPatch) -> None:
    post = random_post(4, 3, 5, 2)
    first = render_card(post.state, names=["A", "B", "C"], previous=post.previous)
    monkeypatch.setattr(pieces, "MASK_CACHE_BYTES", 0)  # every mask made again
    pieces._masks.clear()
    again = render_card(post.state, names=["A", "B", "C"], previous=post.previous)
    assert first.tobytes() == again.tobytes()
