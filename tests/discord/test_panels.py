"""Building panels from decisions (pure: no Discord), and parsing what users type."""

from __future__ import annotations

import pytest

from bot.discord_ui.layout import fit_labels
from bot.discord_ui.panel_components import (
    LAYOUT_COMPONENT_LIMIT,
    LayoutComponents,
    component_count,
)
from bot.discord_ui.panel_layout import decision_view, panel_for
from bot.discord_ui.text import clip_lines, parse_hours_list, parse_options_text
from games.base import Decision, Option


def decision(count: int, *, label: str = "Option {i}", key: str = "k{i}",
             grouped: bool = False, size: int = 10, end: bool = False) -> Decision:
    options = [Option(key=key.format(i=i), label=label.format(i=i),
                      group=f"Group {i // size}" if grouped else None) for i in range(count)]
    if end:
        options.append(Option(key="end", label="End turn", ends_turn=True))
    return Decision(seat=0, prompt="Pick one.", options=options)


def components(count: int, **kwargs: object) -> list[dict]:
    return decision_view(7, 3, decision(count, **kwargs)).to_components()  # type: ignore[arg-type]


def shape(rows: list[dict]) -> list[str]:
    """Each row as "b<n>" (n buttons) or "m<n>" (a menu of n options) or "g" (groups)."""
    found = []
    for row in rows:
        items = [c for c in row.get("components") or []]
        if row["type"] != 1:
            continue
        if items[0]["type"] == 3:
            found.append("g" if "grp:" in items[0]["custom_id"] else f"m{len(items[0]['options'])}")
        else:
            found.append(f"b{len(items)}")
    return found


def chosen(rows: list[dict]) -> list[str]:
    """Every option key the rows offer (button custom ids' last part, menu values)."""
    keys = []
    for row in rows:
        for c in row.get("components") or []:
            kind = c["custom_id"].split(":")[1]
            if c["type"] == 2 and kind in ("opt", "popt"):
                keys.append(c["custom_id"].split(":", 4)[-1])
            elif c["type"] == 3 and kind in ("sel", "psel"):
                keys += [o["value"] for o in c["options"]]
    return keys


def test_up_to_five_options_are_buttons_in_one_row_whatever_their_labels() -> None:
    """A decision of up to five options is one tap, also when a label is longer
    than 32 characters (a button holds 80)."""
    (row,) = components(5)
    assert [b["type"] for b in row["components"]] == [2] * 5
    assert [b["custom_id"] for b in row["components"]] == [f"est:opt:7:3:k{i}" for i in range(5)]
    (row,) = components(3, label="A rather long label for option number {i}, with more words")
    assert [b["label"] for b in row["components"]] == [
        f"A rather long label for option number {i}, with more words" for i in range(3)]
    one_move = decision(1, label="Help a granjero at GF1: strength 6, 0 pesos", end=True)
    (row,) = decision_view(7, 3, one_move).to_components()
    assert [b["label"] for b in row["components"]] == [
        "Help a granjero at GF1: strength 6, 0 pesos", "End turn"]
    assert [b["style"] for b in row["components"]] == [1, 2]  # the end is grey


def test_up_to_25_options_are_buttons_in_rows_of_five_end_turn_and_take_back_under_them(
        ) -> None:
    assert shape(components(6)) == ["b5", "b1"]
    assert shape(components(25)) == ["b5"] * 5
    assert chosen(components(25)) == [f"k{i}" for i in range(25)]
    public = decision_view(7, 3, decision(25), public=True).to_components()
    assert shape(public) == ["b5"] * 5
    assert all(c["custom_id"].startswith("est:popt:7:3:") for r in public for c in r["components"])
    rows = decision_view(7, 3, decision(12, end=True), undo=True).to_components()
    assert shape(rows) == ["b5", "b5", "b2", "b2"]
    assert [c["custom_id"] for c in rows[-1]["components"]] == ["est:opt:7:3:end",
                                                                 "est:undo:7:3"]


def test_groups_start_their_own_row_when_that_fits() -> None:
    assert shape(components(12, grouped=True, size=4)) == ["b4", "b4", "b4"]
    assert shape(components(24, grouped=True, size=4)) == ["b5"] * 4 + ["b4"]  # 6 groups


def test_up_to_31_options_are_buttons_on_a_components_v2_panel() -> None:
    """More than five rows of buttons: a private panel is a V2 message (40 components)."""
    panel = panel_for(7, 3, decision(29, end=True), undo=True)
    assert isinstance(panel.view, LayoutComponents)
    panel.view.text, panel.view.images = panel.content, ["choices.png"]
    shown = panel.view.to_components()
    assert [c["type"] for c in shown[:2]] == [10, 12]
    assert shape(shown) == ["b5"] * 5 + ["b4", "b2"]
    assert component_count(shown) <= LAYOUT_COMPONENT_LIMIT
    assert chosen(shown) == [f"k{i}" for i in range(29)] + ["end"]
    assert isinstance(decision_view(7, 3, decision(31)), LayoutComponents)
    assert not isinstance(decision_view(7, 3, decision(31), public=True), LayoutComponents)


def test_beyond_that_the_smallest_groups_stay_buttons_and_the_rest_go_in_menus() -> None:
    """Every option is offered once; as many as fit are one tap, the others two."""
    for count, size, public in ((40, 10, False), (40, 10, True), (110, 10, False),
                                (60, 4, False), (30, 10, True), (400, 20, False)):
        view = decision_view(7, 3, decision(count, grouped=True, size=size, end=True),
                             public=public, undo=not public)
        rows = view.to_components()
        assert isinstance(view, LayoutComponents) != public or count <= 25
        assert sorted(chosen(rows)) == sorted([f"k{i}" for i in range(count)] + ["end"])
        kinds = shape(rows)
        assert any(k.startswith("m") for k in kinds), (count, kinds)
        if public:
            assert len(rows) <= 5
        else:
            assert component_count(rows) + 2 <= LAYOUT_COMPONENT_LIMIT
    # four groups of ten: three whole groups fit as buttons beside a menu of the fourth
    mixed = shape(decision_view(7, 3, decision(40, grouped=True, size=10)).to_components())
    assert mixed == ["b5"] * 6 + ["m10"]
    rows = decision_view(7, 3, decision(40, grouped=True, size=10)).to_components()
    menu = next(r["components"][0] for r in rows if r["components"][0]["type"] == 3)
    assert menu["placeholder"].startswith("Group ")


def test_the_hint_button_goes_where_a_panel_has_room_and_never_past_the_limits() -> None:
    """The grey "Hint" ends the last row of buttons, else takes a row of its
    own; a panel with no room left does without (``/estancia hint`` still answers), and
    no panel goes past Discord's limits."""
    buttons = panel_for(7, 3, decision(3), hint=True).view.to_components()
    assert [c["custom_id"] for c in buttons[-1]["components"]] == [
        "est:opt:7:3:k0", "est:opt:7:3:k1", "est:opt:7:3:k2", "est:hint:7"]
    # 30 options, a button each on a Components V2 panel: the Hint takes a row of its own,
    # unless "Take back" took the last room the component limit leaves
    many = panel_for(7, 3, decision(30, grouped=True), hint=True).view
    assert isinstance(many, LayoutComponents)
    assert [c["custom_id"] for c in many.rows[-1]] == ["est:hint:7"]
    many.text, many.images = "text", ["choices.png"]
    assert component_count(many.to_components()) <= LAYOUT_COMPONENT_LIMIT
    full_v2 = panel_for(7, 3, decision(30, grouped=True), undo=True, hint=True).view
    assert [c["custom_id"] for c in full_v2.rows[-1]] == ["est:undo:7:3"]
    assert not [c for row in full_v2.rows for c in row if c["custom_id"] == "est:hint:7"]
    # buttons and a menu: "Hint" beside "Take back"
    menu = panel_for(7, 3, decision(40, grouped=True, size=20), undo=True, hint=True).view
    assert [c["custom_id"] for c in menu.rows[-1]] == ["est:undo:7:3", "est:hint:7"]
    full = panel_for(7, 3, decision(20, grouped=True, size=4, end=True), hint=True)
    assert len(full.view.to_components()) <= 5
    for count in (110, 400):
        panel = panel_for(7, 3, decision(count, grouped=True, size=20, end=True), undo=True,
                          hint=True)
        assert isinstance(panel.view, LayoutComponents)
        panel.view.text, panel.view.images = panel.content, ["choices.png"]
        assert component_count(panel.view.to_components()) <= LAYOUT_COMPONENT_LIMIT


def test_what_even_a_v2_panel_cannot_hold_comes_grouped_then_per_group() -> None:
    """25 groups of 25 need 25 menus (over 40 components): a group first, then that
    group's options, as buttons when they fit."""
    (row,) = decision_view(7, 3, decision(625, grouped=True, size=25)).to_components()
    (select,) = row["components"]
    assert select["custom_id"] == "est:grp:7:3"
    big = decision(625, grouped=True, size=25)
    panel = panel_for(7, 3, big, group=2)
    rows = panel.view.to_components()  # type: ignore[union-attr]
    assert chosen(rows) == [f"k{i}" for i in range(50, 75)]
    assert rows[-1]["components"][0]["custom_id"] == "est:grp:7:3"
    assert [o["label"] for o in rows[-1]["components"][0]["options"]] == [
        f"Group {i}" for i in range(25)]
    assert panel.content.endswith("**Pick one.** — Group 2")
    public = decision_view(7, 3, decision(625, grouped=True, size=25), public=True)
    assert public.to_components()[0]["components"][0]["custom_id"] == "est:pgrp:7:3"


def test_long_labels_are_cut_to_80_characters_and_still_tell_the_options_apart() -> None:
    """GWT:A's objective cards (93 characters): the button keeps what tells them apart
    and the panel's text keeps each whole label."""
    labels = ["Objective 10: draw up to 3, discard as many; 4/-2 VP: station, yellow "
              "granjero, blue granjero",
              "Objective 10: draw up to 3, discard as many; 4/-2 VP: station, yellow "
              "granjero, green granjero",
              "Objective 09: draw up to 3, discard as many; 4/-2 VP: cattle of value 3×2, "
              "station"]
    options = [Option(key=f"o{i}", label=text) for i, text in enumerate(labels)]
    panel = panel_for(7, 3, Decision(seat=0, prompt="Which objective?", options=options))
    (row,) = panel.view.to_components()  # type: ignore[union-attr]
    shown = [b["label"] for b in row["components"]]
    assert all(len(text) <= 80 for text in shown) and len(set(shown)) == 3
    assert "blue" in shown[0] and "green" in shown[1] and shown[2].startswith("Objective 09")
    for text in labels:
        assert f"• {text}" in panel.content
    assert fit_labels(["short", "x" * 100], 80) == ["short", "x" * 79 + "…"]


def test_a_chosen_groups_image_marks_only_its_places_numbered_as_in_the_menus() -> None:
    """A group of a big decision picked: its decision image shows that group's places (a
    Llama Land estate with 592 placements was one 800 × 9980 px image of 8 panels), with
    the numbers the whole decision gives them."""
    options = [Option(key=f"k{i}", label=f"Place {i}", group=f"Group {i // 25}", at=f"p{i}")
               for i in range(625)]
    big = Decision(seat=0, prompt="Pick one.", options=options)
    whole = panel_for(7, 3, big).marks
    assert len(whole) == 625
    chosen = panel_for(7, 3, big, group=2).marks
    assert chosen == {f"p{i}": whole[f"p{i}"] for i in range(50, 75)}


def test_custom_ids_stay_within_100_characters() -> None:
    (row,) = components(2, key="{i}" + "x" * 89)
    assert [b["custom_id"] for b in row["components"]] == ["est:opt:7:3:#0", "est:opt:7:3:#1"]
    assert all(len(b["custom_id"]) <= 100 for b in row["components"])


def test_options_text() -> None:
    assert parse_options_text("pro sheet=3") == {"pro": True, "sheet": 3}
    assert parse_options_text("map=asymmetric, variant1 no-variant2") == {
        "map": "asymmetric", "variant1": True, "variant2": False}
    assert parse_options_text("ratio=0.5 fast=off") == {"ratio": 0.5, "fast": False}
    assert parse_options_text(None) == {} and parse_options_text("  ") == {}


def test_hours_list() -> None:
    assert parse_hours_list("12, 2") == [12.0, 2.0]
    with pytest.raises(ValueError):
        parse_hours_list("soon")


def test_long_logs_keep_their_latest_lines() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(100)]
    text = clip_lines(lines)
    assert len(text) <= 2000 and text.endswith(lines[-1]) and lines[0] not in text
