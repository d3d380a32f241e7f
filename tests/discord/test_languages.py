"""French and English through the fake Discord: the slash commands' localizations as
they are synced, private answers in the reader's language (``interaction.locale``), public
posts in the game's (the server's locale when the game opens, then
``/estancia settings language:``), and a whole game in the pseudo-locale, where every
text the bot sends must have gone through a catalogue.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.core import cpu
from cogs.translator import valid_name
from games import get_game, i18n
from testkit.fakediscord import Call, FakeDiscord, FakeMember, custom_ids
from testkit.harness import Table
from testkit.scenario import action_rows, labels, pick, posted_message, tap

FRENCH = "fr"


def content(post: Call) -> str:
    return post.message_data.get("content") or ""


def estancia(fake: FakeDiscord) -> dict[str, Any]:
    (command,) = fake.commands["global"]
    return command


async def test_the_synced_commands_carry_french_names_and_descriptions(
        table: Table, fake: FakeDiscord) -> None:
    command = estancia(fake)
    assert command["description_localizations"][FRENCH].startswith("Jeux de plateau")
    subcommands = {option["name"]: option for option in command["options"]}
    new = subcommands["new"]
    assert new["name_localizations"][FRENCH] == "nouvelle"
    assert new["description_localizations"][FRENCH] == (
        "Ouvrir un salon d'attente pour une nouvelle partie dans ce salon")
    game = next(option for option in new["options"] if option["name"] == "game")
    assert game["name_localizations"][FRENCH] == "jeu"
    # Every subcommand and parameter is named and described in French (a name that is the
    # same in French, "pause", needs no localization), under Discord's rules for names
    # (lower case, no spaces, ≤ 32), unique among its siblings.
    siblings = [list(subcommands.values())]
    siblings += [sub.get("options", []) for sub in subcommands.values()]
    for group in siblings:
        names = [(option.get("name_localizations") or {}).get(FRENCH, option["name"])
                 for option in group]
        assert all(valid_name(name) for name in names), names
        assert len(set(names)) == len(names), names
        for option in group:
            assert 0 < len(option["description_localizations"][FRENCH]) <= 100, option
    policy = next(o for o in subcommands["server"]["options"] if o["name"] == "stale_policy")
    assert {c["value"]: c["name_localizations"][FRENCH] for c in policy["choices"]} == {
        "computer": "ordinateur", "forfeit": "forfait", "cancel": "annuler"}
    # Locales other than French get no localization (English is the command's own).
    assert set(new["name_localizations"]) == {FRENCH}


async def test_a_french_client_opens_a_game_and_reads_its_panel_in_french_beside_an_english_player(
        table: Table, fake: FakeDiscord) -> None:
    amelie = fake.add_member("amelie", locale="fr")
    bob = fake.add_member("bob")  # en-US
    opened = await table.slash(amelie, "nouvelle", jeu="pasture")
    assert opened.ephemeral
    assert opened.text.startswith("Salon d'attente ouvert pour **Pasture** (2 à 3 joueurs)."), \
        opened.text
    joined = await table.slash(bob, "join")
    assert joined.text.startswith("You joined **Pasture**."), joined.text
    refused = await table.slash(amelie, "rejoindre")
    assert refused.text == "Vous avez déjà une place dans cette partie."
    await table.slash(amelie, "commencer")
    posts = await table.deliver()
    info = await table.sessions.info(fake.channel_id())
    assert info.language == "en"  # the server's locale is en-US
    # The public turn message is the game's (English); its choices are the engine's.
    turn = posted_message(fake, posts[-1])
    assert "it's your turn" in turn["content"]
    members = {amelie.user.id: amelie, bob.user.id: bob}
    mover = members[info.seats[info.to_move].user_id]
    other = bob if mover is amelie else amelie

    your_turn = f"est:turn:{info.id}"
    assert turn["components"][0]["components"][0]["label"] == "Your turn"

    # The waiting player taps "Your turn": told in their own language.
    wrong = await table.click(other, turn, your_turn)
    name = mover.user.name
    assert wrong.text == (
        f"It is not your turn — {name} is to move. You will be pinged when it is."
        if other is bob else
        f"Ce n'est pas votre tour — c'est à {name} de jouer. Vous serez mentionné quand ce "
        "sera à vous.")

    # The player to move opens the panel and claims a cell, in their language.
    opened = await table.click(mover, turn, your_turn)
    assert ("**Prenez une case.**" if mover is amelie else "**Claim a cell.**") in opened.text
    assert labels(opened.message)[0] == ("Case A1" if mover is amelie else "Cell A1")
    panel = await tap(table, mover, opened.message, "a1")
    assert panel.ephemeral
    if mover is amelie:
        assert panel.text.startswith("Vous avez choisi **Case A1**."), panel.text
        assert "• Joueur 1 prend A1." in panel.text or "• Joueur 2 prend A1." in panel.text
        assert "**Que faites-vous de A1 ?**" in panel.text
        shown = labels(panel.message)
        assert "La clôturer" in shown and "Reprendre" in shown
    else:
        assert panel.text.startswith("You chose **Cell A1**."), panel.text
        assert "**What do you do with A1?**" in panel.text
    # ... and the channel hears of the turn in the game's language.
    done = await table.click(mover, panel.message, next(
        c["custom_id"] for row in action_rows(panel.message) for c in row["components"]
        if c["custom_id"].endswith(":fence")))
    assert done.text.startswith("Vous avez choisi **La clôturer**." if mover is amelie
                                else "You chose **Fence it**."), done.text
    (post,) = await table.deliver()
    assert "claims A1." in content(post) and "fences A1 (+1)." in content(post), content(post)
    assert f"<@{other.user.id}>, it's your turn" in content(post)


async def test_a_french_server_game_posts_its_turns_and_events_in_french(
        table: Table, fake: FakeDiscord, alice: FakeMember, bob: FakeMember) -> None:
    fake.guild.locale = "fr"  # the server's preferred locale: the game's language
    opened = await table.slash(alice, "new", game="pasture")
    assert opened.text.startswith("Lobby open for **Pasture**")  # alice's client is English
    (lobby,) = await table.deliver()
    assert content(lobby).startswith("alice a ouvert une partie de Pasture. Places (1 sur 2–3)")
    lobby_labels = [c["label"] for row in posted_message(fake, lobby)["components"]
                    for c in row["components"]]
    assert lobby_labels == ["Rejoindre", "Ajouter l'ordinateur", "Commencer"]
    await table.slash(bob, "join")
    await table.slash(alice, "start")
    posts = await table.deliver()
    info = await table.sessions.info(fake.channel_id())
    assert info.language == "fr"
    start = posts[-1]
    assert content(start).startswith("Pasture commence : alice, bob."), content(start)
    assert "c'est à vous de jouer (échéance <t:" in content(start)
    turn = posted_message(fake, start)
    button = turn["components"][0]["components"][0]
    assert button["label"] == "À vous"

    members = {alice.user.id: alice, bob.user.id: bob}
    mover = members[info.seats[info.to_move].user_id]
    opened = await table.click(mover, turn, button["custom_id"])
    assert labels(opened.message)[0] == "Cell A1"  # the panel is the reader's: English
    panel = await tap(table, mover, opened.message, "a1")
    assert panel.text.startswith("You chose **Cell A1**.")  # private: the reader's English
    await table.click(mover, panel.message, next(
        c["custom_id"] for row in action_rows(panel.message) for c in row["components"]
        if c["custom_id"].endswith(":graze")))
    (post,) = await table.deliver()
    seat = info.to_move + 1
    assert f"Joueur {seat} prend A1." in content(post), content(post)
    assert f"Joueur {seat} fait paître sur A1 (+1)." in content(post)
    assert "c'est à vous de jouer" in content(post)

    # A shared board is posted in the game's language; the settings change it for posts
    # to come, and say so in the new language.
    shared = await table.slash(alice, "board", share=True)
    assert "à " in shared.text and "de jouer" in shared.text, shared.text
    assert_fits_discord(fake.calls)
    changed = await table.slash(alice, "settings", language="en")
    assert "Language of the public posts: English" in changed.text
    (said,) = await table.deliver()
    assert content(said) == "alice set the game's language: English."
    assert (await table.sessions.info(fake.channel_id())).language == "en"


async def test_a_computer_seat_plays_in_the_game_language_in_the_cpu_pool(
        table: Table, fake: FakeDiscord, alice: FakeMember,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's step is worked out in a worker process, which has no active
    language of its own: it is passed (a thread would inherit it and prove nothing)."""
    seen: list[str] = []
    real = cpu.run

    async def recording(fn: Any, *args: Any, background: bool = False) -> Any:
        if fn.__name__ == "computer_step_of":
            seen.append(args[3])
            with i18n.using("en"):  # as in a fresh worker: the caller's language is gone
                return await real(fn, *args, background=background)
        return await real(fn, *args, background=background)

    monkeypatch.setattr(cpu, "run", recording)
    fake.guild.locale = "fr"
    await table.slash(alice, "new", game="pasture", computers=1)
    await table.slash(alice, "start")
    await table.sessions.wait_for_computers()
    info = await table.sessions.info(fake.channel_id())
    if info.seats[info.to_move].user_id is None or not seen:  # alice moves first: play
        turn = posted_message(fake, (await table.deliver())[-1])
        opened = await table.click(alice, turn, f"est:turn:{info.id}")
        panel = await tap(table, alice, opened.message, "a1")
        await table.click(alice, panel.message, next(
            c["custom_id"] for row in action_rows(panel.message) for c in row["components"]
            if c["custom_id"].endswith(":fence")))
        await table.sessions.wait_for_computers()
    assert seen and set(seen) == {"fr"}
    posts = await table.deliver()
    told = "\n".join(content(post) for post in posts)
    assert re.search(r"Joueur \d prend [A-E]\d\.", told), told
    assert re.search(r"Joueur \d (clôture|fait paître sur) [A-E]\d \(\+\d\)\.", told), told


# -- the pseudo-locale: every text the bot sends went through a catalogue ------------------

DISCORD_MARKUP = re.compile(r"<(@|#|t:)[^>]*>")


def unmarked(text: str, proper_names: list[str]) -> str:
    """What is left of ``text`` once the pseudo-locale's ⟦…⟧ segments (nested too),
    Discord's mentions and timestamps, and the proper names are taken out."""
    while True:
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if stripped == text:
            break
        text = stripped
    text = DISCORD_MARKUP.sub("", text)
    for name in sorted(proper_names, key=len, reverse=True):
        text = text.replace(name, "")
    return text


def sent_texts(calls: list[Call]) -> list[str]:
    """Every content, label, placeholder and option text the bot sent to Discord (the
    text displays of Components V2 panels too)."""
    texts: list[str] = []

    def walk(components: list[dict[str, Any]]) -> None:
        for component in components or []:  # "content": a Components V2 text display
            texts.extend(component[k] for k in ("label", "placeholder", "content")
                         if isinstance(component.get(k), str) and component[k])
            for option in component.get("options") or []:
                texts.extend(option[k] for k in ("label", "description") if option.get(k))
            walk(component.get("components") or [])

    for call in calls:
        if call.method not in ("POST", "PATCH") or call.path.startswith("/applications"):
            continue
        body = call.json if isinstance(call.json, dict) else {}
        data = body.get("data") if isinstance(body.get("data"), dict) else body
        if data.get("content"):
            texts.append(data["content"])
        walk(data.get("components") or [])
        texts.extend(c["name"] for c in data.get("choices") or [])  # autocomplete
    return texts


def assert_fits_discord(calls: list[Call]) -> None:
    """Everything sent fits Discord's limits, in any language: 2000 characters a message,
    80 a button label, 100 a select option's label or description, 150 a placeholder."""
    def walk(components: list[dict[str, Any]]) -> None:
        for component in components or []:
            limit = 80 if component.get("type") == 2 else 100
            assert len(component.get("label") or "") <= limit, component
            assert len(component.get("placeholder") or "") <= 150, component
            for option in component.get("options") or []:
                assert len(option["label"]) <= 100 and len(option.get("description") or "") <= 100
            walk(component.get("components") or [])

    for call in calls:
        if call.method not in ("POST", "PATCH") or call.path.startswith("/applications"):
            continue
        data = call.message_data
        assert len(data.get("content") or "") <= 2000
        walk(data.get("components") or [])


#: Games played whole in the pseudo-locale: the test game, and real games once their
#: engines speak through the catalogues.
PSEUDO_GAMES = ["pasture", "kuhlorado"]


@pytest.mark.parametrize("game", PSEUDO_GAMES)
async def test_a_whole_game_in_the_pseudo_locale_sends_no_text_outside_a_catalogue(
        table: Table, fake: FakeDiscord, game: str) -> None:
    fake.guild.locale = i18n.PSEUDO
    ana = fake.add_member("ana", locale=i18n.PSEUDO)
    cy = fake.add_member("cy", locale=i18n.PSEUDO)
    members = {ana.user.id: ana, cy.user.id: cy}
    start = len(fake.calls)
    await table.slash(ana, "new", game=game)
    await table.slash(cy, "join")
    if get_game(game).max_seats > 2:
        await table.slash(ana, "computer")
    await table.slash(ana, "start")
    await table.slash(ana, "settings")
    await table.slash(cy, "hand")
    await table.autocomplete(ana, "move", "option", option="A")
    posts = await table.deliver()
    for _turn in range(400):
        await table.sessions.wait_for_computers()
        posts += await table.deliver()
        info = await table.sessions.latest_info(fake.channel_id())
        if info.status == "finished":
            break
        mover = members.get(info.seats[info.to_move].user_id)
        assert mover is not None
        turn = posted_message(fake, posts[-1])
        if f"est:turn:{info.id}" in custom_ids(turn["components"]):
            reply = await table.click(mover, turn, f"est:turn:{info.id}")
        else:  # a game without secrets: the choices are on the turn message
            reply = await table.click(mover, turn, *pick(turn, None))
        while action_rows(reply.message):
            reply = await table.click(mover, reply.message, *pick(reply.message, None))
        posts += await table.deliver()
    else:
        raise AssertionError("the game did not end")
    await table.slash(ana, "log")
    await table.slash(cy, "stats")
    await table.slash(ana, "leaderboard", game=game)
    await table.slash(ana, "board", share=True)
    await table.slash(ana, "join")  # a refusal: the game is over

    assert_fits_discord(fake.calls[start:])
    names = ["ana", "cy", get_game(game).title]  # players' names and the game's
    texts = sent_texts(fake.calls[start:])
    assert len(texts) > 100
    leftovers = {text: rest for text in texts
                 if re.search(r"[^\W\d_]", rest := unmarked(text, names))}
    assert not leftovers, "texts that reached players without a catalogue:\n" + "\n".join(
        f"{text!r} -> {rest!r}" for text, rest in list(leftovers.items())[:20])
