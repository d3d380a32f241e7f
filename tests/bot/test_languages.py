"""Languages outside Discord: the terminal's, a game's stored language, score categories."""

from __future__ import annotations

import io
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import bot  # noqa: F401  (registers the platform's catalogues)
import games
import renderer  # noqa: F401
from bot import cli
from bot.core.announcements import Announcement, payload
from bot.core.sessions import SessionError, Sessions
from bot.storage.rows import Change, NewGame, SeatRow
from games import available_games, get_game, i18n
from games.i18n import _, using
from renderer.recap import category_name


@pytest.mark.parametrize(("chosen", "environ", "language"), [
    ("fr", {"LANG": "en_US.UTF-8"}, "fr"),
    (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
    (None, {"LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
    (None, {"LC_MESSAGES": "fr_CA", "LANG": "C.UTF-8"}, "fr"),
    (None, {"LANG": "C"}, "en"),
    (None, {}, "en"),
])
def test_the_terminal_speaks_lang_else_the_environment(chosen: str | None,
                                                        environ: dict[str, str],
                                                        language: str) -> None:
    assert cli.terminal_language(chosen, environ) == language


def test_a_terminal_game_in_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("LC_ALL", "LC_MESSAGES", "ESTANCIA_DB", "IMAGE_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("nothing-like-this\n" + "1\n" * 200))
    code = cli.main(["play", "diceroll", "--computer", "--seed", "5", "--no-images"])
    text = capsys.readouterr().out
    assert code == 0, text
    assert "Dice Race : Joueur 1, Ordinateur (normal). Tapez un numéro" in text
    assert "[salon] Joueur 1 a ouvert une partie de Dice Race." in text  # (not "Vous a")
    assert "Aucune option 'nothing-like-this'. Tapez" in text
    assert "[salon] Scores finaux : " in text
    assert text.rstrip().endswith("Partie terminée.")


async def test_a_game_keeps_its_language_and_refuses_an_unknown_one(sessions: Sessions) -> None:
    info = await sessions.new(7, 1, 100, "Ana", "diceroll", language="fr-CA")
    assert info.language == "fr"
    with pytest.raises(SessionError) as refused:
        await sessions.set_settings(7, 100, False, language="de")
    assert str(refused.value) == 'The language is "en" (English) or "fr" (French).'
    with using("fr"):  # a refusal is translated where it is shown
        assert str(refused.value) == 'La langue est « en » (anglais) ou « fr » (français).'
    changed = await sessions.set_settings(7, 100, False, language="en")
    assert changed.language == "en"
    reopened = await sessions.info(7)
    assert reopened.language == "en"


def test_every_score_category_of_every_game_reads_in_french() -> None:
    """The recap, the final message and the terminal show the engines' score keys
    translated under the context "score category" (renderer.recap.category_name)."""
    missing = []
    for name in available_games():
        if not games.GAMES[name].engine.startswith("games."):
            continue  # a test's toy game
        game = get_game(name)
        state = game.setup(max(2, game.min_seats), game.parse_options({}), 1)
        for category in next(iter(game.scores(state).values())):
            key = category.replace("_", " ")
            if i18n.translation(key, "score category", "fr") is None:
                missing.append(f"{name}: {category}")
            with using(i18n.PSEUDO):
                assert category_name(category).startswith(i18n.PSEUDO_OPEN)
    assert not missing, missing


async def test_both_back_ends_keep_a_game_language(any_store: Any) -> None:
    """Schema 4 (SQLite and PostgreSQL): the language is stored with the game and a
    change of it is committed like any other setting."""
    new = NewGame(channel_id=1, guild_id=7, game="kuhlorado", options={}, creator_id=10,
                  seats=(SeatRow(10, "Ana"),), seed=1, turn_timeout_hours=24,
                  reminder_hours=(2.0,), timeout_policy="computer", created_at=100.0,
                  language="fr")
    game = await any_store.create_game(new, None)
    assert game.language == "fr"
    await any_store.commit(Change(replace(game, language="en", updated_at=101.0), game.version,
                                  expected_settings=game))
    again = await any_store.game(game.id)
    assert again is not None and again.language == "en"


def test_an_announcement_written_before_languages_is_delivered_in_english() -> None:
    """Outbox rows from before schema 4 have no "locale": they were English."""
    old = {"kind": "turn", "text": "Ana to move.", "mention_user_ids": [5],
           "deadline_at": None, "image": True, "turn_button": True}
    announcement = Announcement.from_payload(1, 2, 3, 4, 0, old)
    assert announcement.locale is None
    with using(announcement.locale):
        assert announcement.content() == "Ana to move.\n<@5>, it's your turn."
    with using("fr"):
        body = payload("turn", _("{name} to move.", name="Ana"), mention_user_ids=[5])
    french = Announcement.from_payload(1, 2, 3, 4, 0, body)
    assert french.locale == "fr"
    with using(french.locale):
        assert french.content() == "À Ana de jouer.\n<@5>, c'est à vous de jouer."


def worker_language() -> str:
    return i18n.current()


async def test_a_worker_process_works_in_the_language_it_is_given() -> None:
    """Context variables stay in the bot's process: ``cpu.run`` carries the active
    language to the worker, and the computer's step is told in the locale passed with it
    whatever is active."""
    from bot.core import cpu
    from bot.core.autoplay import computer_step_of

    cpu.configure(1)
    try:
        with using("fr"):
            assert await cpu.run(worker_language) == "fr"
        from tests.discord.pasture import GAME as game

        state = game.setup(2, game.parse_options({}), 3)
        step = await cpu.run(computer_step_of, "tests.discord.pasture", state, 0, "fr")
    finally:
        cpu.configure(0)
    assert step.label.startswith("Case ") and step.events[0].text.startswith("Joueur 1 prend ")
