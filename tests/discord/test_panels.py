"""Building panels from decisions (pure: no Discord), and parsing what users type."""

from __future__ import annotations

import pytest

from bot.discord_ui.panels import (
    LAYOUT_COMPONENT_LIMIT,
    LayoutComponents,
    component_count,
    decision_view,
    panel_for,
)
from bot.discord_ui.text import clip_lines, parse_hours_list, parse_options_text
from games.base import Decision, Option


def decision(count: int, *, label: str = "Option {i}", key: str = "k{i}",
             grouped: bool = False, size: int = 10, end: bool = False) -> Decision:
    options = [Option(key=key.format(i=i), label=label.format(i=i),
                      group=f"Group {i // size}" if grouped else None) for i in range(count)]
    if end:
        options.append(Option(key="end", label="End turn"))
    return Decision(seat=0, prompt="Pick one.", options=options)


def components(count: int, **kwargs: object) -> list[dict]:
    return decision_view(7, 3, decision(count, **kwargs)).to_components()  # type: ignore[arg-type]


def test_up_to_five_short_options_are_buttons_in_one_row() -> None:
    (row,) = components(5)
    assert [b["type"] for b in row["components"]] == [2] * 5
    assert [b["custom_id"] for b in row["components"]] == [f"est:opt:7:3:k{i}" for i in range(5)]


def test_more_options_or_long_labels_make_a_select_menu() -> None:
    for view in (components(6), components(3, label="A rather long label for option number {i}")):
        (row,) = view
        (select,) = row["components"]
        assert select["type"] == 3 and select["custom_id"] == "est:sel:7:3"
    (row,) = components(25)
    assert len(row["components"][0]["options"]) == 25


def test_more_than_25_options_spread_over_up_to_four_menus_whole_groups_together() -> None:
    first, second = components(40, grouped=True)
    assert [r["components"][0]["custom_id"] for r in (first, second)] == ["est:sel:7:3:0",
                                                                         "est:sel:7:3:1"]
    assert [o["value"] for o in first["components"][0]["options"]] == [f"k{i}" for i in range(20)]
    assert [o["value"] for o in second["components"][0]["options"]] == [
        f"k{i}" for i in range(20, 40)]
    assert first["components"][0]["placeholder"] == "Group 0 – Group 1: Choose one of 20…"
    assert len(components(80, grouped=True)) == 4


def test_whole_groups_that_need_more_than_four_menus_fill_the_menus_in_order() -> None:
    """Issue 8 (fewer taps): 90 options in groups of 15 take six menus whole, but four
    when the menus are filled in order: still one pick away, no group step."""
    menus = components(90, grouped=True, size=15)
    assert [len(r["components"][0]["options"]) for r in menus] == [25, 25, 25, 15]
    assert menus[0]["components"][0]["placeholder"] == "Group 0 – Group 1: Choose one of 25…"


def test_more_than_four_menus_go_in_one_components_v2_panel() -> None:
    """Issue 8: a private panel that needs more than four menus (Hazienda's first pond
    hex, ~300 places) is a Components V2 message of up to 40 components, so any option
    is one pick away instead of a group step first."""
    view = decision_view(7, 3, decision(110, grouped=True))
    assert isinstance(view, LayoutComponents) and view.has_components_v2()
    rows = view.to_components()
    assert [r["components"][0]["custom_id"] for r in rows] == [f"est:sel:7:3:{i}" for i in range(6)]
    assert rows[0]["components"][0]["placeholder"] == "Group 0 – Group 1: Choose one of 20…"
    assert [o["value"] for r in rows for o in r["components"][0]["options"]] == [
        f"k{i}" for i in range(110)]
    panel = panel_for(7, 3, decision(400, grouped=True, size=20, end=True), undo=True)
    assert isinstance(panel.view, LayoutComponents)
    panel.view.text, panel.view.images = panel.content, ["choices.png"]
    shown = panel.view.to_components()
    assert [c["type"] for c in shown[:2]] == [10, 12]
    assert [c["custom_id"] for c in shown[-1]["components"]] == ["est:opt:7:3:end", "est:undo:7:3"]
    assert component_count(shown) <= LAYOUT_COMPONENT_LIMIT


def test_the_hint_button_goes_where_a_panel_has_room_and_never_past_the_limits() -> None:
    """Issue 24: the grey "Hint" ends the last row of buttons, else takes a row of its
    own; a Components V2 panel whose menus fill it does without (``/estancia hint`` still
    answers), and no panel goes past Discord's limits."""
    buttons = panel_for(7, 3, decision(3), hint=True).view.to_components()
    assert [c["custom_id"] for c in buttons[-1]["components"]] == [
        "est:opt:7:3:k0", "est:opt:7:3:k1", "est:opt:7:3:k2", "est:hint:7"]
    menu = panel_for(7, 3, decision(30, grouped=True), undo=True, hint=True).view.to_components()
    assert [c["custom_id"] for c in menu[-1]["components"]] == ["est:undo:7:3", "est:hint:7"]
    full = panel_for(7, 3, decision(20, grouped=True, size=4, end=True), hint=True)
    assert len(full.view.to_components()) <= 5
    for count in (110, 400):
        panel = panel_for(7, 3, decision(count, grouped=True, size=20, end=True), undo=True,
                          hint=True)
        assert isinstance(panel.view, LayoutComponents)
        panel.view.text, panel.view.images = panel.content, ["choices.png"]
        assert component_count(panel.view.to_components()) <= LAYOUT_COMPONENT_LIMIT


def test_what_even_a_v2_panel_cannot_hold_comes_grouped_then_per_group() -> None:
    """25 groups of 25 need 25 menus (over 40 components), and a public turn message
    stays a classic one: a group first, then that group's options."""
    for view in (decision_view(7, 3, decision(625, grouped=True, size=25)),
                 decision_view(7, 3, decision(110, grouped=True), public=True)):
        (row,) = view.to_components()
        (select,) = row["components"]
        assert select["custom_id"] in ("est:grp:7:3", "est:pgrp:7:3")
    big = decision(625, grouped=True, size=25)
    panel = panel_for(7, 3, big, group=2)
    options_row, groups_row = panel.view.to_components()  # type: ignore[union-attr]
    assert [o["value"] for o in options_row["components"][0]["options"]] == [
        f"k{i}" for i in range(50, 75)]
    assert groups_row["components"][0]["custom_id"] == "est:grp:7:3"
    assert [o["label"] for o in groups_row["components"][0]["options"]] == [
        f"Group {i}" for i in range(25)]
    assert panel.content.endswith("**Pick one.** — Group 2")


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
