"""Plans, one kind at a time, on explicit positions (bot/games/caylus/plans.py,
engine/caylus/lookahead.py): each plan answers only the decision it is bound to, only with a
legal action, and otherwise is dropped with a reason while the player is asked."""

from __future__ import annotations

import pytest

import i18n
from bot.games.caylus import plans as pl
from bot.words.lang import m
from engine.caylus import apply, legal_actions
from engine.caylus.actions import Action
from engine.caylus.lookahead import castle_batches, decision_key, upcoming, with_decision
from i18n import Later
from tests.caylus_helpers import (
    N_FARM,
    N_MARKET,
    cubes,
    pass_all,
    place_workers,
    play,
    position,
    skip_bribes,
)

LOT = 9  # the first empty lot of a fresh road
BLUE, RED, GREEN = 0, 1, 2


def three(**kw):
    """A 3-player phase-2 position, turn order blue, red, green; everybody has 20 d and the
    provost stands at the end of the road (every building works)."""
    kw.setdefault("deniers", 20)
    kw.setdefault("provost", 28)
    return position(players=3, **kw)


def to_phase5(s, plan):
    return skip_bribes(place_workers(s, plan))


def resolve(s, seat, *plans, orders=None):
    return pl.resolve(s, seat, {p.key: p for p in plans}, orders or pl.Orders())


def checked(s, seat, plan):
    return pl.check_plan(s, seat, plan)


# --- answers given ahead ---------------------------------------------------------------------


def test_an_answer_plays_at_its_decision_and_nowhere_else():
    s = to_phase5(three(), {BLUE: [str(N_FARM)]})
    assert (s.phase, s.decision.kind, s.decision.seat, s.decision.at) == (5, "produce", BLUE, 1)
    answer = checked(s, BLUE, pl.Answer(turn=1, decision="produce", at=N_FARM, action="take c"))
    assert answer.action == "take C" and answer.key == "1/5/produce/1"
    found = resolve(s, BLUE, answer)
    assert found.action == Action.of("take", "C") and found.consume == answer.key
    # the same answer for another building, another turn or another seat never fires
    for other in (
        answer.model_copy(update={"at": 2}),
        answer.model_copy(update={"turn": 2}),
        answer.model_copy(update={"decision": "sell", "action": "sell F"}),
    ):
        assert resolve(s, BLUE, other) == pl.Resolution()
    assert resolve(s, RED, answer) == pl.Resolution()


def test_an_answer_that_is_not_legal_then_is_dropped_with_the_reason():
    s = to_phase5(three(cubes_of={BLUE: "F"}), {BLUE: [str(N_MARKET)]})
    assert s.decision.kind == "sell" and s.decision.at == N_MARKET
    answer = pl.Answer(turn=1, decision="sell", at=N_MARKET, action="sell G")
    found = resolve(s, BLUE, answer)
    assert found.action is None and found.consume is None
    assert [key for key, _ in found.dropped] == [answer.key]
    assert "'sell G' is not possible now" in str(found.dropped[0][1])  # the engine's reason


def test_a_bribe_answer_holds_only_while_the_provost_stands_where_it_did():
    s = pass_all(three())
    assert s.decision.kind == "bribe"
    seat, provost = s.decision.seat, s.provost
    stay = checked(s, seat, pl.Answer(turn=1, decision="bribe", action="skip"))
    assert stay.provost == provost  # bound to where the provost stands when answered
    assert resolve(s, seat, stay).action == Action.of("skip")
    moved = stay.model_copy(update={"provost": provost + 1})
    found = resolve(s, seat, moved)
    assert found.action is None and "provost" in str(found.dropped[0][1])
    # a standing order still answers once the answer is dropped
    found = resolve(s, seat, moved, orders=pl.Orders(bribe="never"))
    assert found.action == Action.of("skip") and found.source == "orders.bribe"
    assert found.dropped[0][0] == moved.key


def test_standing_orders_inn_and_bribe():
    s = pass_all(three(inn_right=RED))
    assert (s.decision.kind, s.decision.seat) == ("inn", RED)
    assert resolve(s, RED).action == Action.of("inn", "stay")
    assert resolve(s, RED, orders=pl.Orders(inn="ask")).action is None
    leave = pl.Answer(turn=1, decision="inn", action="inn leave")
    assert resolve(s, RED, leave).action == Action.of("inn", "leave")  # an answer beats orders
    s = play(s, "inn stay")
    assert s.decision.kind == "bribe"
    assert resolve(s, s.decision.seat).action is None  # bribes: ask, by default
    assert resolve(s, s.decision.seat, orders=pl.Orders(bribe="never")).action == Action.of("skip")


def test_the_owners_cube_is_a_standing_answer_for_that_building():
    s = to_phase5(three(road={LOT: ("stone-farm", RED)}), {BLUE: [str(LOT)]})
    assert (s.decision.kind, s.decision.seat, s.decision.at) == ("owner", RED, LOT)
    choice = checked(s, RED, pl.OwnerChoice(at=LOT, tile="", cube="c"))
    assert (choice.tile, choice.cube, choice.key) == ("stone-farm", "C", f"owner/{LOT}")
    found = resolve(s, RED, choice)
    assert found.action == Action.of("take", "C") and found.consume is None  # it stands
    elsewhere = choice.model_copy(update={"tile": "park"})  # another building on that lot
    assert resolve(s, RED, elsewhere).action is None
    with pytest.raises(pl.BadPlan, match="own no stone"):
        checked(s, BLUE, pl.OwnerChoice(at=LOT, tile="", cube="F"))
    with pytest.raises(pl.BadPlan, match="takes one of"):
        checked(s, RED, pl.OwnerChoice(at=LOT, tile="", cube="G"))


# --- the castle in one decision --------------------------------------------------------------


def castle_state(text: str):
    s = to_phase5(three(cubes_of={BLUE: text}), {BLUE: ["castle"]})
    assert (s.phase, s.decision.kind, s.decision.seat) == (6, "castle", BLUE)
    return s


def deliver(s, *plans, orders=None):
    """Play the castle plan until the castle decision of blue is over; the batches played."""
    played = []
    plan_map = {p.key: p for p in plans}
    while s.decision is not None and s.decision.kind == "castle" and s.decision.seat == BLUE:
        found = pl.resolve(s, BLUE, plan_map, orders or pl.Orders())
        if found.action is None:
            return played, found
        assert found.action in legal_actions(s, BLUE)
        played.append(str(found.action))
        if found.consume:
            plan_map.pop(found.consume)
        s, _ = apply(s, found.action, BLUE)
    return played, None


def test_castle_all_i_can_delivers_the_most_batches_keeping_the_dearest_cubes():
    s = castle_state("FFFWWSCGG")
    played, asked = deliver(s, pl.CastlePlan(turn=1))
    assert asked is None
    # three batches take all six cubes besides food; wood and stone go first where there is
    # a choice (the third food stays: no two kinds are left for it)
    assert played == ["batch FWC", "batch FWG", "batch FSG"]
    played, _ = deliver(s, orders=pl.Orders(castle="all"))  # the standing order does the same
    assert played == ["batch FWC", "batch FWG", "batch FSG"]


def test_castle_n_batches_and_explicit_batches():
    s = castle_state("FFFWWSSCGG")
    two = deliver(s, pl.CastlePlan(turn=1, batches=2))[0]
    assert two == ["batch FWS", "batch FWS", "skip"]  # a third (FCG) was possible
    s = castle_state("FFFWWSCGG")
    explicit = pl.CastlePlan(turn=1, cubes=("FCG", "FWG"))
    assert deliver(s, explicit)[0] == ["batch FCG", "batch FWG", "skip"]
    impossible = pl.CastlePlan(turn=1, cubes=("FCG", "FCG"))  # one cloth only
    played, asked = deliver(s, impossible)
    assert played == ["batch FCG"] and asked.action is None
    assert asked.dropped[0][0] == impossible.key
    assert deliver(s)[1] == pl.Resolution()  # no plan, no order: asked


def test_castle_choices_count_the_batches_of_the_whole_turn():
    s = castle_state("FFFWWSSCGG")
    assert pl.castle_options(s, BLUE) == ("castle all", "castle 1", "castle 2")
    (now,) = [q for q in pl.questions(s, BLUE, {}, pl.Orders()) if q.now]
    assert now.options[:3] == ("castle all", "castle 1", "castle 2")
    assert "batch FWS" in now.options and now.default == "castle all"
    one = play(s, "batch FWS")
    assert pl.castle_options(one, BLUE) == ("castle all", "castle 2")
    assert deliver(one, pl.parse_castle_option(1, "castle 2"))[0] == ["batch FWS", "skip"]
    with pytest.raises(pl.BadPlan, match="castle choice"):
        pl.parse_castle_option(1, "castle many")


@pytest.mark.parametrize(
    ("have", "spaces", "limit", "expected"),
    [
        ("FFFWWSCGG", 30, None, ["FWC", "FWG", "FSG"]),
        ("FFFWWSCGG", 30, 2, ["FWS", "FWC"]),  # two batches: the gold is kept
        ("FFWWWW", 30, None, []),  # wood alone makes no batch
        ("FFFFSSCCGG", 30, None, ["FSC", "FSG", "FCG"]),  # 3 batches need 6 of S, C, G
        ("FFFWWSCGG", 2, None, ["FWS", "FWC"]),  # only two houses left
        ("FFFWWWSS", 30, None, ["FWS", "FWS"]),
        ("FFFWWSCGG", 30, 1, ["FWS"]),
        ("FGC", 30, None, ["FCG"]),
        ("", 30, None, []),
    ],
)
def test_castle_batches(have, spaces, limit, expected):
    assert castle_batches(cubes(have), spaces, limit) == expected


def test_castle_batches_are_always_legal_and_as_many_as_possible():
    import itertools

    for counts in itertools.product(range(4), repeat=5):
        have = dict(zip("FWSCG", counts, strict=True))
        batches = castle_batches(have, 30)
        left = dict(have)
        for b in batches:
            assert b[0] == "F" and len(set(b)) == 3
            for c in b:
                left[c] -= 1
        assert min(left.values()) >= 0
        # one more batch would need food and two other kinds left
        assert not (left["F"] and sum(1 for c in "WSCG" if left[c]) >= 2)


# --- premoves ---------------------------------------------------------------------------------


def test_a_premove_places_while_the_space_is_free_and_no_dearer():
    s = three()
    premove = pl.premove(s, BLUE, "place 1")
    assert (premove.turn, premove.target, premove.max_cost) == (1, "1", 1)
    first = premove.model_copy(update={"order": 0})
    found = resolve(s, BLUE, first)
    assert found.action == Action.of("place", "1") and found.consume == first.key
    taken = play(s, "place 2", "place 1")  # red took the farm
    assert taken.decision.seat == GREEN
    taken = play(taken, "place 3")
    found = resolve(taken, BLUE, first)
    assert found.action is None and "not possible" in str(found.dropped[0][1])
    dearer = play(s, "place 2", "pass", "place 3")  # red passed: a placement costs 2 d now
    found = resolve(dearer, BLUE, first)
    assert found.action is None and "2 d now" in str(found.dropped[0][1])
    allowed = first.model_copy(update={"max_cost": 2})
    assert resolve(dearer, BLUE, allowed).action == Action.of("place", "1")


def test_premoves_play_in_queue_order_and_a_pass_is_a_premove_too():
    s = three()
    queue = [
        pl.Premove(turn=1, target="pass", max_cost=0, order=1),
        pl.Premove(turn=1, target="castle", max_cost=1, order=0),
    ]
    assert resolve(s, BLUE, *queue).action == Action.of("place", "castle")
    assert resolve(s, BLUE, queue[0]).action == Action.of("pass")
    with pytest.raises(pl.BadPlan, match="placement phase"):
        checked(pass_all(s), BLUE, pl.Premove(target="castle"))
    with pytest.raises(pl.BadPlan, match="not a space"):
        checked(s, BLUE, pl.Premove(target="moon"))


# --- checks when a plan is made ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (pl.Answer(turn=1, decision="favor", action="favor b"), "no answer"),
        (pl.Answer(turn=1, decision="produce", action="take F"), "road position"),
        (pl.Answer(turn=1, decision="joust", at=3, action="joust"), "no road position"),
        (pl.Answer(turn=1, decision="produce", at=1, action="sell F"), "answered with take"),
        (pl.Answer(turn=1, decision="produce", at=1, action="take 7"), "letters"),
        (pl.CastlePlan(turn=1, cubes=("FWW",)), "not a batch"),
    ],
)
def test_bad_plans_are_refused(plan, message):
    with pytest.raises(pl.BadPlan, match=message):
        checked(three(), BLUE, plan)


def test_plans_for_a_past_decision_are_refused_and_stale():
    s = to_phase5(three(), {BLUE: [str(N_FARM)]})
    past = pl.Answer(turn=1, decision="bribe", action="skip")
    with pytest.raises(pl.BadPlan, match="over"):
        checked(s, BLUE, past)
    assert pl.stale(past, s) and not pl.stale(pl.CastlePlan(turn=1), s)
    assert not pl.stale(pl.OwnerChoice(at=9, tile="stone-farm", cube="F"), s)


def test_plans_round_trip_through_json_and_read_well():
    for plan in (
        pl.Answer(turn=2, decision="bribe", action="provost +1", provost=9),
        pl.CastlePlan(turn=2, batches=2),
        pl.CastlePlan(turn=2, cubes=("FWS",)),
        pl.Premove(turn=2, target="12", max_cost=2, order=3),
        pl.OwnerChoice(at=12, tile="park", cube="W"),
    ):
        assert pl.plan_from_json(pl.plan_to_json(plan)) == plan
        assert plan.text and str(plan.key)
    assert pl.CastlePlan(turn=2, batches=2).text == "turn 2, castle: 2"


def test_orders_are_checked():
    assert pl.orders_with(pl.Orders(), {"inn": "ask"}).inn == "ask"
    with pytest.raises(pl.BadPlan, match="stay / ask"):
        pl.orders_with(pl.Orders(), {"inn": "leave"})
    with pytest.raises(pl.BadPlan, match="no standing order"):
        pl.orders_with(pl.Orders(), {"favor": "b"})


# --- questions: what a player can answer ahead ------------------------------------------------


def test_questions_ahead_follow_the_players_own_answers():
    """Blue works the farm (food or cloth) and then the tailor: the tailor is asked only once
    the farm's answer gives blue the second cloth, and its options follow that answer."""
    s = place_workers(
        three(cubes_of={BLUE: "C"}, road={LOT: ("tailor", RED)}), {BLUE: [str(N_FARM), str(LOT)]}
    )
    assert s.phase == 4  # placements are over: the questions are due
    found = pl.questions(s, BLUE, {}, pl.Orders())
    kinds = [(q.kind, q.at) for q in found]
    assert kinds == [("bribe", 0), ("produce", N_FARM)]
    produce = found[1]
    assert produce.options == ("take F", "take C") and produce.default == "take F"
    assert produce.fixed and produce.due and produce.open and not produce.now
    assert produce.key == "1/5/produce/1"

    cloth = produce.plan("take C")
    found = pl.questions(s, BLUE, {cloth.key: cloth}, pl.Orders())
    assert [(q.kind, q.at) for q in found] == [("bribe", 0), ("produce", N_FARM), ("tailor", LOT)]
    produce, tailor = found[1], found[2]
    assert produce.planned == "take C" and produce.planned_by == cloth.key and not produce.due
    assert tailor.options == ("skip", "pay CC") and tailor.fixed and tailor.due


def test_the_pending_decision_comes_first_and_placements_are_not_asked_ahead():
    s = three()
    found = pl.questions(s, BLUE, {}, pl.Orders())
    assert found[0].now and found[0].kind == "place" and found[0].key == pl.now_key(s)
    assert all(not q.now and q.kind != "place" for q in found[1:])


def test_the_lookahead_plays_others_by_default_and_lists_each_decision_once():
    s = place_workers(three(cubes_of={BLUE: "FFWSCG"}), {BLUE: ["castle"]})
    seen = upcoming(s, BLUE, lambda state: None)
    assert decision_key(s) not in [u.key for u in seen]
    kinds = [u.key.kind for u in seen]
    assert kinds.count("castle") == 1
    # the castle as a policy, from the lookahead's cubes
    castle = next(q for q in pl.questions(s, BLUE, {}, pl.Orders()) if q.kind == "castle")
    assert castle.options[0] == "castle all" and castle.default == "castle all"
    assert not castle.fixed and castle.due  # others' batches may fill the castle first


def test_answer_ahead_options_of_a_placement():
    s = three(cubes_of={BLUE: "FFWS"})
    (farm,) = pl.answer_ahead_options(s, BLUE, "place 1")
    assert (farm.kind, farm.at, farm.options, farm.default) == (
        "produce",
        1,
        ("take F", "take C"),
        "take F",
    )
    assert farm.plan("take C") == pl.Answer(turn=1, decision="produce", at=1, action="take C")
    (castle,) = pl.answer_ahead_options(s, BLUE, "place castle")
    assert castle.options[0] == "castle all" and castle.key == "1/6/castle/0"
    assert pl.answer_ahead_options(s, BLUE, "place trading") == []
    assert pl.answer_ahead_options(s, RED, "place 1") == []  # not red's decision
    (bribe,) = pl.answer_ahead_options(s, BLUE, "pass")
    assert bribe.kind == "bribe" and bribe.default is None and bribe.provost == s.provost
    assert bribe.plan("skip").provost == s.provost


def test_premove_options_are_the_placements_as_if_it_were_my_turn():
    s = play(three(), "place 1")  # red decides now
    targets = dict(pl.premove_options(s, BLUE))
    assert "1" not in targets and targets["pass"] == 0 and targets["castle"] == 1
    assert pl.premove_options(pass_all(s), BLUE) == []
    assert with_decision(s, "place", BLUE).decision.seat == BLUE and s.decision.seat == RED


def test_a_dropped_plan_reason_is_stored_as_its_message_and_read_in_any_language():
    why = Later(m, "PLAN_TOO_DEAR", cost=3, limit=2)
    stored = pl.reason_to_text(why)
    assert "PLAN_TOO_DEAR" in stored and "d now" not in stored  # no language in the row
    back = pl.reason_from_text(stored)
    assert str(back) == "it costs 3 d now, more than the 2 d you allowed"
    with i18n.using("de"):
        assert str(back) == "es kostet jetzt 3 d, mehr als die 2 d, die du erlaubt hast"
    # the engine's reasons (plain English) and unknown rows come back as they were
    assert pl.reason_from_text("'sell G' is not possible now") == "'sell G' is not possible now"
    unknown = '[{"message": "NO_SUCH_MESSAGE", "values": {}}]'
    assert pl.reason_from_text(unknown) == unknown
