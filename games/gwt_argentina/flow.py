"""The turn machinery: a stack of frames, each of a kind that names its step.

A step is a class registered for its frame kind with :func:`step`, of one of two kinds:

* a :class:`DecisionStep` asks its seat: ``prompt``, ``options`` (the legal options now)
  and ``apply`` (change the state for the chosen key, pushing or popping frames);
* an :class:`AutomaticStep` asks nothing: its ``run`` is called as soon as its frame is on
  top.

:func:`settle` runs automatic frames until a real decision is on top (or the game is over).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from games.base import Announcements, Option
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.told import to_log


class Ctx(Announcements):
    """What a step tells (:class:`games.base.Announcements`); its public events are also
    kept in the state's log."""

    def announce(self, state: GwtState, text: str, seat: int | None = None) -> None:
        """A public event, also kept in the state's log (as a recipe: the log does not
        depend on the language the game is played in, see :mod:`.told`)."""
        self.say(text, seat)
        state.log.append(to_log(text))
        del state.log[:-30]


def push(state: GwtState, kind: str, seat: int, **data: Any) -> Frame:
    frame = Frame(kind=kind, seat=seat, data=data)
    state.stack.append(frame)
    return frame


def push_all(state: GwtState, frames: list[tuple[str, int, dict[str, Any]]]) -> None:
    """Push frames so that they run in the order given (the first one on top)."""
    for kind, seat, data in reversed(frames):
        push(state, kind, seat, **data)


def pop(state: GwtState, frame: Frame) -> None:
    """Remove ``frame`` (normally the top) from the stack."""
    for i in range(len(state.stack) - 1, -1, -1):
        if state.stack[i] is frame:
            del state.stack[i]
            return
    raise AssertionError(f"frame {frame.kind} is not on the stack")


def unlock_location(state: GwtState) -> None:
    """An auxiliary action or a help chosen at a location and then given up leaves the
    location's other choice open (nothing was done there yet)."""
    frame = state.top()
    if frame is not None and frame.kind == "location" and not frame.data["done"]:
        frame.data["locked"] = False


#: Frame data key: the index of the location action whose first decision this frame is.
OPENED = "opened"


def back_out(state: GwtState, frame: Frame) -> None:
    """The first decision of a location action ended with nothing done ("Hire nobody",
    "Discard nothing", "Do not move the locomotive" ...): the action was not performed, so
    it and the single auxiliary action stay open — « Si et seulement si vous n'effectuez
    aucune actions de Lieu, vous pouvez effectuer une action auxiliaire simple à la place »
    (p. 8). Call it after popping ``frame``."""
    index = frame.data.get(OPENED)
    top = state.top()
    if index is None or top is None or top.kind != "location":
        return
    top.data["done"] = [i for i in top.data["done"] if i != index]


def mark_opened(state: GwtState, ctx: Ctx, depth: int, said: int, index: int | None) -> None:
    """After starting location action ``index`` (the stack was ``depth`` deep and ``ctx``
    had ``said`` events): when the action pushed just its first decision and did nothing
    else yet, that decision may back out (:func:`back_out`)."""
    if index is not None and len(state.stack) == depth + 1 and len(ctx.events) == said:
        state.stack[-1].data[OPENED] = index


class DecisionStep:
    """A frame that asks its seat to choose. A step's class is never instantiated: its
    methods are static, and each of the three must be given."""

    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        raise NotImplementedError

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        """The legal options now; none ends the step (:func:`settle` pops it)."""
        raise NotImplementedError

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        raise NotImplementedError


class AutomaticStep:
    """A frame that asks nothing: ``run`` does its work as soon as it is on top."""

    @staticmethod
    def run(state: GwtState, frame: Frame, ctx: Ctx) -> None:
        raise NotImplementedError


#: The step of each frame kind, by what it is.
DECISION_STEPS: dict[str, type[DecisionStep]] = {}
AUTOMATIC_STEPS: dict[str, type[AutomaticStep]] = {}
StepClass = TypeVar("StepClass", bound=DecisionStep | AutomaticStep)


def step(kind: str) -> Callable[[type[StepClass]], type[StepClass]]:
    """Register the class it decorates as the step of frames of ``kind``. A kind has one
    step, and the class gives every method of its interface (else the import fails)."""

    def register(cls: type[StepClass]) -> type[StepClass]:
        if kind in DECISION_STEPS or kind in AUTOMATIC_STEPS:
            raise TypeError(f"two steps for the frame kind {kind!r}")
        if issubclass(cls, DecisionStep):
            _check_gives(cls, DecisionStep, ("prompt", "options", "apply"))
            DECISION_STEPS[kind] = cls
        elif issubclass(cls, AutomaticStep):
            _check_gives(cls, AutomaticStep, ("run",))
            AUTOMATIC_STEPS[kind] = cls
        else:
            raise TypeError(f"{cls.__name__} is neither a DecisionStep nor an AutomaticStep")
        return cls

    return register


def _check_gives(cls: type, interface: type, names: tuple[str, ...]) -> None:
    missing = [n for n in names if getattr(cls, n) is getattr(interface, n)]
    if missing:
        raise TypeError(f"{cls.__name__} does not give {', '.join(missing)}")


def step_kinds() -> set[str]:
    """Every frame kind that has a step."""
    return set(DECISION_STEPS) | set(AUTOMATIC_STEPS)


def decision_step(frame: Frame) -> type[DecisionStep]:
    """The step of ``frame``, a decision (a frame on top once :func:`settle` has run)."""
    return DECISION_STEPS[frame.kind]


def settle(state: GwtState, ctx: Ctx) -> None:
    """Run automatic frames until a decision with at least one option is on top."""
    for _round in range(10_000):
        frame = state.top()
        if frame is None or state.finished:
            return
        automatic = AUTOMATIC_STEPS.get(frame.kind)
        if automatic is not None:
            automatic.run(state, frame, ctx)
            continue
        if not decision_step(frame).options(state, frame):
            # Nothing is possible any more (e.g. no card left to discard): the step ends.
            pop(state, frame)
            continue
        return
    raise AssertionError("settle did not converge")


def opt(key: str, label: str, *, at: str | None = None, hint: str | None = None,
        group: str | None = None, ends_turn: bool = False) -> Option:
    return Option(key=key, label=label[:100], at=at, hint=hint[:100] if hint else None,
                  group=group, ends_turn=ends_turn)


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
