"""Answering interactions: acknowledging (deferring) them in time, answering directly when
the answer is ready within :data:`ANSWER_WITHIN`, editing a panel in, and running a
component handler in the user's language with refusals answered privately.

Every answer tells the truth, also when Discord refuses it: a tap delivered twice is
answered once (:class:`AlreadyAcknowledged`), an interaction Discord forgot is done
without an answer (:func:`expired`), and an answer refused after its change was stored
becomes a plainer one that still says what happened (:func:`answer_stored`), never
"nothing was changed" (:func:`unexpected`, :data:`bot.core.sessions.STORED`).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.core.sessions import STORED, SessionError
from bot.discord_ui.dm_note import tell_if_dms_closed
from bot.discord_ui.panel_components import LayoutComponents
from bot.discord_ui.panel_layout import Panel
from bot.discord_ui.text import (
    PANEL_REFUSED,
    UNEXPECTED,
    UNEXPECTED_AFTER_STORED,
    clip_lines,
    fit_message,
)
from games import i18n
from games.i18n import _

if TYPE_CHECKING:
    from bot.core.sessions import Sessions

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
EXPIRED = "estancia.expired"


def sessions_of(interaction: discord.Interaction) -> Sessions:
    return interaction.client.sessions  # type: ignore[attr-defined]


class AlreadyAcknowledged(Exception):
    """This interaction reached us twice and the other delivery is handling it."""


async def acknowledge(interaction: discord.Interaction, **defer_options: Any) -> bool:
    """Defer the response; False when Discord no longer knows the interaction.

    That happens when the 3-second window was missed (a slow loop, a gateway backlog).
    The handler still does what the user asked — a move counts and the channel hears of
    it through the outbox — but there is nobody left to answer privately.
    """
    async with _responding(interaction, "acknowledged"):
        await interaction.response.defer(**defer_options)
    return not expired(interaction)


@contextlib.asynccontextmanager
async def _responding(interaction: discord.Interaction, what: str) -> AsyncIterator[None]:
    """Around the interaction's response: too late, Discord no longer knows it (marked
    :func:`expired`); already answered, it was delivered twice (:class:`AlreadyAcknowledged`)."""
    try:
        yield
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            raise
        log.warning("interaction %s expired before it was %s", interaction.id, what)
        interaction.extras[EXPIRED] = True
    except discord.HTTPException as error:
        if error.code != ALREADY_ACKNOWLEDGED:
            raise
        # The same interaction delivered twice (two bot instances during a deploy, a
        # replayed gateway event): the first delivery does the work; this one stops.
        log.warning("interaction %s was already acknowledged — delivered twice; is another "
                    "instance of the bot running?", interaction.id)
        raise AlreadyAcknowledged from None


def expired(interaction: discord.Interaction) -> bool:
    return bool(interaction.extras.get(EXPIRED))


#: A panel ready within this long (after "Your turn", a group of a big menu, a step
#: played) is its interaction's answer itself: one request to Discord, a round trip
#: sooner than deferring and then editing. One that takes longer (a busy machine) is
#: deferred at that moment, well inside the 3 s Discord waits. "Take back" is
#: acknowledged first (see :func:`bot.discord_ui.panel_actions.take_back`).
ANSWER_WITHIN = 1.0
_DEFERRAL = "estancia.deferral"


class _Deferral:
    """The deferral of an interaction that may yet be answered directly."""

    def __init__(self, interaction: discord.Interaction, options: dict[str, Any]) -> None:
        self.options = options
        #: the answer is a new (private) message, not an update of the clicked one
        self.new_message = bool(options.get("thinking"))
        self.sending = False
        self.task = asyncio.get_running_loop().create_task(self._later(interaction))

    async def _later(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(ANSWER_WITHIN)
        self.sending = True
        await acknowledge(interaction, **self.options)


def acknowledge_soon(interaction: discord.Interaction, **defer_options: Any) -> None:
    """Acknowledge like :func:`acknowledge` (same options), unless the handler answers
    within :data:`ANSWER_WITHIN` (:func:`show_panel`, :func:`answer_privately`)."""
    if not interaction.response.is_done() and _DEFERRAL not in interaction.extras:
        interaction.extras[_DEFERRAL] = _Deferral(interaction, defer_options)


async def settle(interaction: discord.Interaction) -> _Deferral | None:
    """Before answering: a deferral not yet sent is called off (returned: the answer is
    the response itself, shaped as the deferral would have been); one being sent is
    waited for (its :class:`AlreadyAcknowledged` raised here)."""
    deferral = interaction.extras.pop(_DEFERRAL, None)
    if deferral is None:
        return None
    if deferral.sending:
        await deferral.task
        return None
    deferral.task.cancel()
    return None if interaction.response.is_done() else deferral


async def settle_unanswered(interaction: discord.Interaction) -> None:
    """A handler ended without answering: acknowledge now, as it would have been."""
    deferral = await settle(interaction)
    if deferral is not None:
        await acknowledge(interaction, **deferral.options)


async def answer_directly(interaction: discord.Interaction, deferral: _Deferral,
                          **message: Any) -> None:
    """The interaction's response itself: a new private message, or the clicked message
    edited, with :func:`acknowledge`'s handling of a late or doubled interaction."""
    async with _responding(interaction, "answered"):
        if deferral.new_message:
            attachments = message.pop("attachments", [])
            for key in ("content", "view"):
                if message.get(key) is None:
                    message.pop(key, None)
            await interaction.response.send_message(files=attachments, ephemeral=True,
                                                    **message)
        else:
            await interaction.response.edit_message(**message)


async def answer_privately(interaction: discord.Interaction, text: str) -> None:
    """A private answer that leaves any panel as it is."""
    if expired(interaction):
        return
    await settle(interaction)
    text = fit_message(text)
    response = interaction.response
    if not response.is_done():
        async with _responding(interaction, "answered"):
            await response.send_message(text, ephemeral=True)
    elif response.type == discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=text, view=None)
    else:
        await interaction.followup.send(text, ephemeral=True)


async def show_panel(interaction: discord.Interaction, panel: Panel,
                     images: Sequence[discord.File] = ()) -> None:
    """Edit the panel message: a classic message, or a Components V2 one when the panel
    needs it or the message already is one (Discord keeps the flag on a message)."""
    if expired(interaction):
        return
    direct = await settle(interaction)
    if expired(interaction):
        return
    view: Any = panel.view
    content: str | None = fit_message(panel.content)
    if isinstance(view, LayoutComponents) or _editing_layout(interaction, direct):
        layout = (view if isinstance(view, LayoutComponents)
                  else LayoutComponents.from_rows(view.to_components() if view else []))
        layout.text, content, view = content, None, layout
        layout.images = [image.filename for image in images]
    message = dict(content=content, view=view, attachments=list(images))
    if direct is not None:
        try:
            await answer_directly(interaction, direct, **message)
            return
        except AlreadyAcknowledged:
            # The tap reached another instance too, which acknowledged it and then found
            # that this one played it: the answer is this one's to give.
            message["attachments"] = [_fresh(image) for image in images]
    await interaction.edit_original_response(**message)


def _fresh(file: discord.File) -> discord.File:
    """The same image as a file not yet read (a failed request may have consumed it)."""
    fp = file.fp
    assert isinstance(fp, io.BytesIO)
    return discord.File(io.BytesIO(fp.getvalue()), filename=file.filename)


def _editing_layout(interaction: discord.Interaction, direct: _Deferral | None) -> bool:
    """Whether the message this answer edits is a Components V2 one: the clicked panel,
    when the answer is an update of it (not a new private message)."""
    message = interaction.message
    if message is None or not message.flags.components_v2:
        return False
    if direct is not None:
        return not direct.new_message
    return interaction.response.type == discord.InteractionResponseType.deferred_message_update



def unexpected() -> str:
    """The answer to a failure nobody foresaw: nothing was changed — unless this
    interaction's change was stored before it (:data:`bot.core.sessions.STORED`)."""
    return _(UNEXPECTED_AFTER_STORED) if STORED.get() else _(UNEXPECTED)


def answering(interaction: discord.Interaction) -> None:
    """The running task answers ``interaction``: a stopping bot lets it finish before it
    closes its connection to Discord (:meth:`bot.discord_ui.client.EstanciaBot.close`).
    Nothing is stored by it yet (:data:`bot.core.sessions.STORED`)."""
    STORED.set(False)
    track = getattr(interaction.client, "answering", None)
    task = asyncio.current_task()
    if track is not None and task is not None:
        track(task)


def speak_to(interaction: discord.Interaction) -> str:
    """Make the user's language (their Discord client's, ``interaction.locale``) the active
    one for the rest of this interaction's handling.

    discord.py handles every interaction in a task of its own, and a context variable set
    in a task ends with it: this language reaches the panels, refusals and images of this
    interaction and nothing else. Texts meant for the channel are written inside
    ``using(<the game's language>)`` by the session layer and the outbox.
    """
    language = i18n.normalize(interaction.locale.value)
    # Not ``with using(…)``: the language holds until the handler task ends, errors and
    # their answers included; the task's context ends with it.
    i18n._active.set(language)
    return language


async def guarded(interaction: discord.Interaction, handler: Awaitable[None]) -> None:
    """Run a component handler in the user's language: refusals are answered privately,
    failures logged and answered."""
    answering(interaction)
    speak_to(interaction)
    try:
        try:
            await handler
            await settle_unanswered(interaction)
        except SessionError as refusal:
            await answer_privately(interaction, str(refusal))
        await tell_if_dms_closed(interaction)
    except AlreadyAcknowledged:
        return
    except Exception:
        data: Mapping[str, object] = interaction.data or {}
        log.exception("component %s failed", data.get("custom_id"))
        with contextlib.suppress(*REFUSED, AlreadyAcknowledged):
            await answer_privately(interaction, unexpected())



#: What an answer Discord refuses raises: its refusal, or the connection to it failing.
REFUSED = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)


async def answer_stored(interaction: discord.Interaction, answer: Awaitable[None],
                        plain: Callable[[], Awaitable[Panel]]) -> None:
    """Give ``answer``, the answer to an interaction whose change is stored already.

    When Discord refuses it (a 400, a 5xx, a lost connection) or it fails, the user is
    still told the truth: ``plain()``'s panel as a private message without images, else
    its text alone — never "nothing was changed"."""
    try:
        await answer
        return
    except AlreadyAcknowledged:
        raise
    except REFUSED as error:
        log.warning("the answer to interaction %s was refused after its change was stored "
                    "(%s); answering plainly", interaction.id, refusal_of(error))
    except Exception:
        log.exception("the answer to interaction %s failed after its change was stored; "
                      "answering plainly", interaction.id)
    if expired(interaction):
        return
    with contextlib.suppress(*REFUSED):
        await settle(interaction)  # a deferral still to come is called off
    try:
        panel = await plain()
    except Exception:
        log.exception("no plain answer for interaction %s", interaction.id)
        panel = Panel(_(UNEXPECTED_AFTER_STORED), None)
    attempts = [panel]
    if panel.view is not None:
        attempts.append(Panel(clip_lines([panel.content, _(PANEL_REFUSED)]), None))
    for attempt in attempts:
        try:
            await send_private(interaction, attempt)
            return
        except REFUSED as error:
            log.warning("the plain answer to interaction %s was refused too (%s)",
                        interaction.id, refusal_of(error))
        if expired(interaction):
            return


def refusal_of(error: BaseException) -> str:
    """ "HTTP 400 (code 50035): Invalid Form Body", or the connection error."""
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status} (code {error.code}): {error.text[:200]}"
    return repr(error)


async def send_private(interaction: discord.Interaction, panel: Panel) -> None:
    """``panel`` (no image) as a private message: the interaction's response when it has
    none yet, else in place of its "thinking…" placeholder, else a followup."""
    content: str | None = fit_message(panel.content)
    view: Any = panel.view
    if isinstance(view, LayoutComponents):
        view.text, view.images, content = content, [], None
    extra = {} if view is None else {"view": view}
    response = interaction.response
    if not response.is_done():
        try:
            async with _responding(interaction, "answered"):
                await response.send_message(content, ephemeral=True, **extra)
            return
        except AlreadyAcknowledged:
            pass  # Discord took the refused answer after all (a 5xx): a followup then
    if expired(interaction):
        return
    if response.type == discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=content, attachments=[], **extra)
    else:
        # None: no text beside a Components V2 view (discord.py sends it as null)
        await interaction.followup.send(content, ephemeral=True, **extra)  # type: ignore[arg-type]




async def picked(interaction: discord.Interaction, values: list[str]) -> str | None:
    """The value picked in a select menu; None when there is none (the user is told
    "Nothing was chosen.")."""
    if values:
        return values[0]
    speak_to(interaction)
    await answer_privately(interaction, _("Nothing was chosen."))
    return None
