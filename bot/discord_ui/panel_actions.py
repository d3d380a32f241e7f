"""What a tap on a panel or a public message does: open the private panel ("Your turn"),
play an option, show a group or an area of a big decision, take back a step, act in a
lobby, give a hint — each then shows the panel as it now stands, with its decision image
and the faces of the user's cards when they matter (drawn off the event loop).
Also the components of a public message (:func:`public_components`).
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

import renderer
from bot.core import cpu
from bot.core.sessions import (
    GAME_OVER,
    NOT_STARTED,
    Announcement,
    GameInfo,
    MoveResult,
    SeatView,
    SessionError,
)
from bot.core.sessions.hints import hint_lines
from bot.discord_ui.acknowledge import (
    AlreadyAcknowledged,
    acknowledge,
    acknowledge_soon,
    answer_privately,
    answer_stored,
    expired,
    sessions_of,
    settle,
    show_panel,
)
from bot.discord_ui.hand import present_hand
from bot.discord_ui.hand_image import hand_image
from bot.discord_ui.panel_components import Components, index_of
from bot.discord_ui.panel_layout import (
    Areas,
    Panel,
    after_move_panel,
    choices_filename,
    decision_marks,
    decision_view,
    panel_for,
    public_view,
    waiting_text,
)
from bot.discord_ui.parts import game_parts, part_buttons
from bot.discord_ui.text import SPECTATOR, STALE_PANEL, plain
from games import i18n
from games.base import Decision
from games.i18n import N_, _

if TYPE_CHECKING:
    from bot.core.sessions import Sessions

log = logging.getLogger(__name__)


async def present(interaction: discord.Interaction, game_id: int, version: int,
                  decision: Decision | None, panel: Panel, seen: SeatView | None = None) -> None:
    """Show a private panel with the decision image of its decision (when it has places)
    and the faces of the user's cards (when they matter to it: ``Holdings.faces``)."""
    images: list[discord.File] = []
    if decision is not None and panel.areas is not None and not expired(interaction):
        images = await areas_image(sessions_of(interaction), game_id, interaction.user.id,
                                   version, panel.areas, seen)
    elif decision is not None and panel.marks and not expired(interaction):
        images = await decision_images(sessions_of(interaction), game_id, interaction.user.id,
                                       decision, version, seen, panel.marks)
    if decision is not None and not expired(interaction):
        if seen is None or seen.info.version != version:
            seen = await sessions_of(interaction).seat_view(game_id, interaction.user.id)
        if seen.info.version == version:
            images += await hand_image(seen)
    await show_panel(interaction, panel, images)



async def open_panel(interaction: discord.Interaction, game_id: int) -> None:
    """The "Your turn" button: a private panel with the user's pending decision."""
    acknowledge_soon(interaction, ephemeral=True, thinking=True)
    seen = await sessions_of(interaction).seat_view(game_id, interaction.user.id)
    info = seen.info
    if info.seat_of(interaction.user.id) is None and info.status == "active":
        raise SessionError(SPECTATOR)
    if playing(seen, interaction.user.id) is None and seen.side is not None:
        # another's turn, and the user may act outside it (an exchange token): their hand
        await present_hand(interaction, seen, [waiting_text(info)])
        return
    decision = turn_of(seen, interaction.user.id)
    await present(interaction, game_id, info.version, decision,
                  panel_for(game_id, info.version, decision, hand=hand_of(seen),
                            hint=seen.hints, areas=await areas_of(seen, decision)), seen)


def playing(seen: SeatView, user_id: int) -> Decision | None:
    """The user's pending decision (None: another seat's turn, or no seat), or the refusal
    of :meth:`Sessions.seat_view` when the game is not running."""
    info = seen.info
    if info.status == "lobby":
        raise SessionError(NOT_STARTED)
    if info.status != "active":
        raise SessionError(GAME_OVER)
    return seen.decision


def turn_of(seen: SeatView, user_id: int) -> Decision:
    """The user's pending decision, or the refusal saying why there is none."""
    decision = playing(seen, user_id)
    if decision is None:
        raise SessionError.verbatim(waiting_text(seen.info))
    return decision


def hand_of(seen: SeatView) -> str | None:
    """What the user's seat holds as one line (``Game.holdings``), for the panel's header."""
    return None if seen.holdings is None else seen.holdings.text


async def play_from_panel(interaction: discord.Interaction, game_id: int, version: int,
                          choice: str, public: bool = False) -> None:
    """An option button or select: play it, then show the next step of the turn (if any).

    ``public``: it was on the public turn message, so the answer is a new private panel
    (the public message stays as it is for everyone; its choices are stale from now)."""
    # Answered directly when the next panel is ready in time (one request to Discord),
    # acknowledged like any tap otherwise. The move is logged with the tap's id: when two
    # instances receive the same tap (a deploy's overlap), both try to play it, one wins
    # the version check, and the other recognises its own tap in the log and stays silent
    # rather than answering "out of date".
    if public:
        acknowledge_soon(interaction, ephemeral=True, thinking=True)
    else:
        acknowledge_soon(interaction)
    sessions = sessions_of(interaction)
    key = await _resolve_choice(sessions, game_id, interaction.user.id, choice)
    try:
        result = await sessions.play(game_id, interaction.user.id, key, version,
                                     interaction_id=interaction.id)
    except SessionError as refusal:
        if refusal.msgid == STALE_PANEL and await sessions.played_by(game_id, version + 1,
                                                                     interaction.id):
            await settle(interaction)  # the delivery that played it answers
            log.info("interaction %s %s", interaction.id, PLAYED_ELSEWHERE)
            raise AlreadyAcknowledged from None
        # An old turn message (the turn went on in a private panel that was then lost,
        # say): nothing is played, and the player to move gets the turn as it stands.
        if not (public and refusal.msgid == STALE_PANEL
                and await present_current(interaction, game_id, [_(STALE_PUBLIC)])):
            raise
        return
    await present_result(interaction, sessions, result)


#: Logged by an instance that received a tap another delivery of it had played.
PLAYED_ELSEWHERE = "was delivered twice and the other delivery played it; not answering"

#: The answer to the player to move who taps an out-of-date turn message.
STALE_PUBLIC = N_("That message is out of date — nothing was played. Your turn as it stands:")


async def present_current(interaction: discord.Interaction, game_id: int,
                          header: list[str]) -> bool:
    """Show the user's pending decision in a fresh private panel; False if there is none."""
    seen = await sessions_of(interaction).seat_view(game_id, interaction.user.id, undo=True)
    info = seen.info
    decision = playing(seen, interaction.user.id)
    if decision is None:
        return False
    await present(interaction, game_id, info.version, decision,
                  panel_for(game_id, info.version, decision, header=header, hand=hand_of(seen),
                            undo=seen.undoable, hint=seen.hints,
                            areas=await areas_of(seen, decision)), seen)
    return True


async def present_result(interaction: discord.Interaction, sessions: Sessions,
                         result: MoveResult, headline: str | None = None,
                         undo_button: bool = True) -> None:
    """The panel after a step or an undo: the next step of the turn, or why there is none.

    The step is stored by now: when Discord refuses this answer (or drawing it fails), a
    plainer one still says what was played and shows the decision as it now stands."""
    await answer_stored(
        interaction, _present_result(interaction, sessions, result, headline, undo_button),
        lambda: _plain_result(interaction, sessions, result, headline, undo_button))


async def _present_result(interaction: discord.Interaction, sessions: Sessions,
                          result: MoveResult, headline: str | None,
                          undo_button: bool) -> None:
    game_id, user_id = result.game_id, interaction.user.id
    info = None if result.decision is not None else await sessions.info_by_id(game_id)
    hand = seen = None
    if result.decision is not None:
        seen = await sessions.seat_view(game_id, user_id, undo=undo_button)
        hand = hand_of(seen)
    fresh = seen is not None and seen.info.version == result.version
    panel = after_move_panel(result, info, headline=headline, hand=hand,
                             undo=seen is not None and seen.undoable,
                             hint=seen is not None and seen.hints,
                             areas=await areas_of(seen, result.decision) if fresh else None)
    if seen is not None and seen.info.version != result.version:
        seen = None  # moved on meanwhile: the image is drawn from a fresh read
    await present(interaction, game_id, result.version, result.decision, panel, seen)


async def _plain_result(interaction: discord.Interaction, sessions: Sessions,
                        result: MoveResult, headline: str | None, undo_button: bool) -> Panel:
    """The answer after a step as it now stands, without images: the same panel when
    nothing moved since, else what was played and the user's decision now."""
    known = after_move_panel(result, headline=headline)
    try:
        seen = await sessions.seat_view(result.game_id, interaction.user.id, undo=undo_button)
    except Exception:
        log.exception("game %s could not be read again for a plain answer", result.game_id)
        return known
    info = seen.info
    decision = seen.decision if info.status == "active" else None
    if info.version == result.version:
        return after_move_panel(result, None if decision is not None else info,
                                headline=headline, hand=hand_of(seen),
                                undo=undo_button and seen.undoable)
    if decision is None:
        return after_move_panel(result, info, headline=headline)
    header = [headline or _("You chose **{label}**.", label=result.label)]
    header += [f"• {line}" for line in result.events]
    return panel_for(result.game_id, info.version, decision, header=header, hand=hand_of(seen))



async def take_back(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The panel's "Take back": undo the step just played and show its decision again."""
    # Acknowledged before the undo: when two instances receive the tap (a deploy's
    # overlap), only the one that acknowledges it undoes (an undo is not logged with its
    # tap, as a step is: see play_from_panel).
    await acknowledge(interaction)
    sessions = sessions_of(interaction)
    info = await sessions.info_by_id(game_id)
    if info.version != version:
        raise SessionError(STALE_PANEL)
    result = await sessions.undo(info.channel_id, interaction.user.id)
    await present_result(interaction, sessions, result,
                         headline=_("You took back your last step."))


async def _resolve_choice(sessions: Sessions, game_id: int, user_id: int, choice: str) -> str:
    if not choice.startswith("#"):
        return choice
    decision, _seat = await sessions.decision_for(game_id, user_id)
    if decision is None:
        return choice  # not this user's turn: the session layer says so
    index = index_of(choice[1:])
    if index is None or index >= len(decision.options):
        raise SessionError(STALE_PANEL)
    return decision.options[index].key


async def still_deciding(interaction: discord.Interaction, game_id: int,
                         version: int) -> tuple[SeatView, Decision]:
    """The tapping seat's view and its decision, when the panel tapped at ``version`` still
    holds (only others' side steps since); else the answer for a stale panel or a seat
    that is not to move."""
    sessions = sessions_of(interaction)
    seen = await sessions.seat_view(game_id, interaction.user.id, undo=True)
    decision = playing(seen, interaction.user.id)
    if seen.info.version != version and not await sessions.panel_holds(
            game_id, interaction.user.id, version):
        raise SessionError(STALE_PANEL)
    if decision is None:
        raise SessionError.verbatim(waiting_text(seen.info))
    return seen, decision


async def choose_group(interaction: discord.Interaction, game_id: int, version: int,
                       group: int | None, public: bool = False) -> None:
    """A group of a big decision was chosen: show that group's options in the same panel
    (a new private panel when the menu was on the public turn message)."""
    if public:
        acknowledge_soon(interaction, ephemeral=True, thinking=True)
    else:
        acknowledge_soon(interaction)
    seen, decision = await still_deciding(interaction, game_id, version)
    info = seen.info
    if group is None or group >= len(decision.groups()):
        raise SessionError(STALE_PANEL)
    await present(interaction, game_id, info.version, decision,
                  panel_for(game_id, info.version, decision, group=group, hand=hand_of(seen),
                            undo=seen.undoable, hint=seen.hints), seen)


async def choose_area(interaction: discord.Interaction, game_id: int, version: int,
                      area: int | None) -> None:
    """An area of a big decision was chosen: show that area's options and its image."""
    acknowledge_soon(interaction)
    seen, decision = await still_deciding(interaction, game_id, version)
    info = seen.info
    areas = await areas_of(seen, decision)
    if areas is None or area is None or area >= len(areas):
        raise SessionError(STALE_PANEL)
    await present(interaction, game_id, info.version, decision,
                  panel_for(game_id, info.version, decision, hand=hand_of(seen),
                            undo=seen.undoable, areas=areas, area=area,
                            hint=seen.hints), seen)


async def lobby_action(interaction: discord.Interaction, game_id: int, action: str) -> None:
    """Join / Add computer / Start from the lobby message of game ``game_id``."""
    await acknowledge(interaction, ephemeral=True, thinking=True)
    sessions = sessions_of(interaction)
    user = interaction.user
    current = await sessions.info(interaction.channel_id or 0)
    if current.id != game_id:
        raise SessionError(N_("This lobby is closed."))
    if action == "join":
        info = await sessions.join(current.channel_id, user.id, user.display_name)
        text = _("You joined **{title}** (seat {n}).", title=info.title,
                 n=(info.seat_of(user.id) or 0) + 1)
    elif action == "cpu":
        info = await sessions.add_computer(current.channel_id, user.id)
        text = _("A computer player joined: {name}.", name=plain(info.seats[-1].name))
    else:
        info = await sessions.start(current.channel_id, user.id)
        text = _("**{title}** has started.", title=info.title)
    await answer_privately(interaction, text)


async def show_hint(interaction: discord.Interaction, game_id: int) -> None:
    """Answer privately with the computer's suggestion for the user's pending decision."""
    await acknowledge(interaction, ephemeral=True, thinking=True)
    hint = await sessions_of(interaction).hint(game_id, interaction.user.id)
    await answer_privately(interaction, "\n".join(hint_lines(hint, bold=True)))



# -- images, and the components of a public message --------------------------------------


async def areas_of(seen: SeatView | None, decision: Decision | None) -> Areas | None:
    """The areas a panel for ``decision`` asks for first, from the viewer's ``seen`` view
    (found in the CPU pool: splitting a map is a few dozen legibility checks)."""
    if decision is None or seen is None or seen.view is None:
        return None
    marks = decision_marks(decision)
    if len(marks) <= renderer.AREA_FIRST:
        return None
    info = seen.info
    try:
        return await cpu.run(cpu.decision_areas, info.game, renderer.RENDERERS[info.game],
                             seen.view, marks)
    except Exception:  # the panel goes on without areas (numbers on one image)
        log.exception("areas of game %s could not be found", info.id)
        return None



async def public_components(sessions: Sessions, announcement: Announcement
                            ) -> tuple[Components | None, list[discord.File]]:
    """The components of a public message, and the decision images they need, if any.

    In a game without hidden information the choices of the turn go on the turn message
    itself (built from the decision at the announced version: stale once the game moved
    on); otherwise a "Your turn" button opens the private panel. Under a board, a row of
    buttons shows the parts of the board it leaves out (:mod:`bot.discord_ui.parts`)."""
    parts = []
    if announcement.image:
        try:
            parts = part_buttons(announcement.game_id,
                                 await game_parts(sessions, announcement.game_id))
        except Exception:  # the board and the turn go out without them
            log.exception("parts of game %s could not be listed", announcement.game_id)
    view: Components | None = None
    images: list[discord.File] = []
    if announcement.turn_button:
        decision = await sessions.public_decision(announcement.game_id, announcement.version)
        if decision is not None:
            choices = decision_view(announcement.game_id, announcement.version, decision,
                                    public=True, reserve=1 if parts else 0)
            assert isinstance(choices, Components)  # public: never a Components V2 message
            view = choices
            images = await decision_images(sessions, announcement.game_id, None, decision,
                                           announcement.version)
    if view is None:
        view = public_view(announcement.game_id, turn_button=announcement.turn_button,
                           lobby_buttons=announcement.lobby_buttons)
    if parts:
        view = view if view is not None else Components()
        row = len(view.to_components())
        for button in parts:
            button.row = row
            view.add_item(button)
    return view, images


async def seen_or_read(sessions: Sessions, game_id: int, user_id: int | None,
                       seen: SeatView | None) -> tuple[GameInfo, dict[str, Any]]:
    """The game and the user's view as the panel read them, or read now when it did not."""
    if seen is None or seen.view is None:
        return await sessions.info_by_id(game_id), await sessions.view(game_id, user_id)
    return seen.info, seen.view


async def decision_images(sessions: Sessions, game_id: int, user_id: int | None,
                          decision: Decision, version: int,
                          seen: SeatView | None = None,
                          marks: dict[str, str] | None = None) -> list[discord.File]:
    """The decision image (drawn off the event loop) — or its pages, a big decision split
    by the renderer — or none: no places, no drawing for this game, or a drawing that
    failed (logged; the panel goes out without it). ``seen``: the user's view as the
    panel read it (else it is read here); ``marks``: the decision's marks as the panel
    numbered them (else numbered here)."""
    marks = decision_marks(decision) if marks is None else marks
    if not marks:
        return []
    try:
        info, view = await seen_or_read(sessions, game_id, user_id, seen)
        pngs = await cpu.run(cpu.render_decision_pngs, info.game, renderer.RENDERERS[info.game],
                             view, info.names, marks, i18n.current())
    except Exception:
        log.exception("decision image of game %s at version %s could not be drawn",
                      game_id, version)
        return []
    return [discord.File(io.BytesIO(png), filename=choices_filename(game_id, version, page))
            for page, png in enumerate(pngs, start=1)]


async def areas_image(sessions: Sessions, game_id: int, user_id: int, version: int,
                      areas: Areas, seen: SeatView | None = None) -> list[discord.File]:
    """The overview of a decision's areas (their letters on the board), or none when it
    cannot be drawn (logged)."""
    try:
        info, view = await seen_or_read(sessions, game_id, user_id, seen)
        png = await cpu.run(cpu.render_areas_png, info.game, renderer.RENDERERS[info.game],
                            view, info.names, areas, i18n.current())
    except Exception:
        log.exception("areas of game %s at version %s could not be drawn", game_id, version)
        return []
    return [] if png is None else [
        discord.File(io.BytesIO(png), filename=choices_filename(game_id, version, 1))]


