"""A game is registered once (``games.GAMES``) and everything else is read from it: a
registered game that lacks a part the platform needs — a renderer declaring the renderer
interface, a palette, a text map for the terminal — fails here, loudly."""

from __future__ import annotations

import importlib

import pytest

import games
import renderer
from games import GAME_MODULES, GAMES, Registration
from renderer.base import GameRenderer
from renderer.palettes import parse, path_for


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_has_every_part(name: str) -> None:
    entry = GAMES[name]
    assert games.get_game(name).name == name
    assert entry.renderer is not None, f"{name} has no renderer"
    assert isinstance(renderer.renderer_of(name), GameRenderer)
    assert renderer.renderer_module(name) == entry.renderer == renderer.RENDERERS[name]
    palette = path_for(entry.renderer)
    assert palette.is_file(), f"no palette for {name}: python -m renderer.palettes {name}"
    assert len(parse(palette.read_text())) > 1
    assert entry.text_map is not None, f"{name} has no text map for the terminal"
    assert callable(importlib.import_module(entry.text_map).text_map)


def test_the_module_paths_follow_the_registrations(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game registered at run time (a test's) is at once in the paths handed to the CPU
    workers; one without a renderer has no renderer path (front ends post no board)."""
    monkeypatch.setitem(GAMES, "toy", Registration(engine="tests.bot.toygame",
                                                   renderer="tests.bot.toygame"))
    monkeypatch.setitem(GAMES, "draft", Registration(engine="tests.bot.toygame"))
    assert GAME_MODULES["toy"] == GAME_MODULES["draft"] == "tests.bot.toygame"
    assert renderer.RENDERERS["toy"] == "tests.bot.toygame"
    assert "draft" not in renderer.RENDERERS and "draft" in GAME_MODULES
    assert list(renderer.RENDERERS) == [name for name in GAMES if name != "draft"]
    with pytest.raises(TypeError):
        GAME_MODULES["other"] = "games.hazienda"  # type: ignore[index]
    with pytest.raises(KeyError, match="unknown game 'nothing'"):
        games.registration("nothing")


def test_a_renderer_module_without_its_renderer_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "bare", Registration(engine="tests.bot.toygame",
                                                    renderer="renderer.base"))
    with pytest.raises(AttributeError, match="RENDERER"):
        renderer.render_png("bare", {}, [])


def test_a_worker_learns_a_game_it_was_not_told_of_without_changing_a_registered_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(renderer, "_LEARNT", {})
    with pytest.raises(KeyError):
        renderer.renderer_module("toy")
    renderer.learn("toy", "tests.bot.toygame")
    renderer.learn("hazienda", "tests.bot.toygame")
    assert renderer.renderer_module("toy") == "tests.bot.toygame"
    assert renderer.renderer_module("hazienda") == "renderer.hazienda"
    png = renderer.render_png("toy", {"points": [1, 2]}, ["Ana", "Bo"])
    assert png.startswith(b"\x89PNG")


def test_what_a_renderer_does_not_offer_front_ends_do_without(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game's renderer draws its board only: no decision image, hand, parts or
    areas — each asked for by the platform all the same, and answered "none"."""
    view, names, marks = {"points": [3, 1]}, ["Ana", "Bo"], {"a1": "1"}
    monkeypatch.setitem(GAMES, "toy", Registration(engine="tests.bot.toygame",
                                                   renderer="tests.bot.toygame"))
    assert renderer.render_decision_pngs("toy", view, names, marks) == []
    assert renderer.render_decision_png("toy", view, names, marks) is None
    assert renderer.render_hand_png("toy", view, names) is None
    assert renderer.board_parts("toy", view, names) == []
    assert renderer.render_part_png("toy", view, names, "market") is None
    many = {f"p{n}": str(n) for n in range(renderer.AREA_FIRST + 1)}
    assert renderer.decision_areas("toy", view, many) is None
    assert renderer.render_areas_png("toy", view, names, [("A", ["p1"])]) is None
