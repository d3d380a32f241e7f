"""A French player reads French — the options' refusals, numbers written
the French way (Babel), plurals, the turn's deadline, and the log of an English game
(private answers are in the reader's language)."""

from __future__ import annotations

import re

from bot.core import stale
from games.i18n import using
from testkit.fakediscord import FakeDiscord, FakeMember
from testkit.harness import Table
from testkit.scenario import started_game
from tests.discord.test_ratings import finish_pasture

ENGLISH = ("Input should", "Extra inputs", "less than or equal", "Value error")


async def test_option_refusals_are_french_to_the_end(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    alice.locale = "fr"
    for options, says in (("sheet=99", "sheet : au plus 10"),
                          ("nope", "nope : pas d'option de ce nom (les options : pro, "
                                   "sheet=1…10)"),
                          ("sheet=x", "sheet : un nombre entier")):
        reply = await table.slash(alice, "new", game="kuhlorado", options=options)
        assert reply.text.startswith("Options non valables pour Kuhlorado"), reply.text
        assert says in reply.text and not any(e in reply.text for e in ENGLISH), reply.text


async def test_stats_in_french_agree_in_number_and_write_numbers_the_french_way(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    await finish_pasture(table.sessions, fake, [alice, bob], grazer=0)
    await table.sessions.rate_finished_games()
    bob.locale = "fr"
    reply = await table.slash(bob, "stats", user=alice)
    assert "(1 partie, 1 victoire)" in reply.text, reply.text
    assert re.search(r"cote \d+,\d \(", reply.text), reply.text
    alice.locale = "en-US"
    english = await table.slash(alice, "stats")
    assert re.search(r"rating \d+\.\d \(1 game, 1 win\)", english.text), english.text


async def test_hours_are_written_the_french_way(
        table: Table, fake: FakeDiscord, alice: FakeMember) -> None:
    await table.slash(alice, "new", game="pasture")
    alice.locale = "fr"
    reply = await table.slash(alice, "settings", timeout_hours=0.5, reminders="0.25")
    assert "0,5 h" in reply.text and "0,25 h" in reply.text and "0.5" not in reply.text


async def test_the_deadline_of_a_french_turn_reads_as_a_deadline(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    fake.guild.locale = "fr"
    await started_game(table, alice, bob)
    (turn,) = [c for c in fake.channel_posts() if "<t:" in c.body.get("content", "")][-1:]
    assert "échéance <t:" in turn.body["content"] and "écoulé" not in turn.body["content"]


async def test_a_french_readers_log_of_an_english_game_is_french(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    game_id, _turn = await started_game(table, alice, bob)  # an English server's game
    info = await table.sessions.info_by_id(game_id)
    await table.sessions.play(game_id, info.user_to_move, "a1", None)
    await table.sessions.play(game_id, info.user_to_move, "fence", None)
    english = await table.slash(alice, "log")
    assert "fences A1 (+1)" in english.text
    bob.locale = "fr"
    french = await table.slash(bob, "log")
    assert "clôture A1 (+1)" in french.text and "fences" not in french.text, french.text
    assert "La partie a commencé." in french.text


def test_a_stall_shorter_than_a_day_is_told_in_hours() -> None:
    assert stale.days(0.5) == "12 hours" and stale.days(0.01) == "1 hour"
    assert stale.days(3) == "3 days" and stale.days(1.5) == "1.5 days"
    assert stale.days(1) == "1 day"
    with using("fr"):
        assert stale.days(0.5) == "12 heures" and stale.days(1.5) == "1,5 jour"
