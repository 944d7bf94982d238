"""Every game's `Event` (engine/events.py) is one class on both builds: compiled with the cores
when they are built, still a dataclass that copies, pickles, compares and is replaced field by
field as the bot and the renderer use it."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sysconfig

import engine.events
from engine import magna_carta as mc
from engine.compiled import COMPILED
from engine.events import Event
from engine.protocol import Event as ProtocolEvent

FULL = Event("build", 1, "", 2, 3, {"card": "x"}, 4, 5, "mc_words.BUILD", {"card": "x", "at": 7})


def test_event_is_compiled_with_the_engine_core_and_is_the_protocols_event() -> None:
    assert ProtocolEvent is Event
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    assert str(engine.events.__file__).endswith(suffix) == COMPILED


def test_event_init_takes_every_field_in_order() -> None:
    """The hand-written `__init__` (a compiled one, not the dataclass's Python one) takes the
    fields in their order, by position and by name, with the same defaults (a compiled function
    has no signature to read, so this calls it)."""
    fields = dataclasses.fields(Event)
    values = [getattr(FULL, f.name) for f in fields]
    assert len({repr(v) for v in values}) == len(fields)  # each field's value tells it apart
    assert dataclasses.astuple(Event(*values)) == tuple(values)
    assert Event(**{f.name: getattr(FULL, f.name) for f in fields}) == FULL
    bare = Event("kind", None, "")
    for field in fields[3:]:
        assert getattr(bare, field.name) == field.default, field.name


def test_event_copies_pickles_and_replaces_field_by_field() -> None:
    assert copy.copy(FULL) == FULL and copy.copy(FULL).data is FULL.data
    deep = copy.deepcopy(FULL)
    assert deep == FULL and deep.data is not FULL.data
    assert pickle.loads(pickle.dumps(FULL)) == FULL
    changed = dataclasses.replace(FULL, data={"planned": True})
    assert changed.data == {"planned": True}
    assert dataclasses.astuple(changed)[:5] == dataclasses.astuple(FULL)[:5]
    assert Event(kind="k", seat=None, said="s") == Event("k", None, "s")
    assert "kind='build'" in repr(FULL)


def test_mc_forced_move_events_are_marked_forced() -> None:
    """The events of a move the engine made itself (one legal option) carry data["forced"]."""
    state = mc.new_game(mc.Options(players=2), mc.Setup(seed=3))
    forced = 0
    while not state.over and forced == 0:
        seat = mc.pending(state)[0].seat
        state, events = mc.apply(state, mc.legal_actions(state, seat)[0], seat)
        forced += sum(1 for e in events if e.data and e.data.get("forced"))
    assert forced > 0
