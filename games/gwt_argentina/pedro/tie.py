"""Your decision when Pedro's priority lists leave a tie (« Finalement, si plusieurs options
subsistent, prenez vous-même la décision. »): one option per option left, keyed by the
option's own name (see :mod:`.choice`); your answer goes back to Pedro's turn frame,
which runs the rule again.
"""

from __future__ import annotations

from games.base import Option
from games.gwt_argentina import data, pieces
from games.gwt_argentina.flow import Ctx, DecisionStep, opt, pop, step
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.ports import bonus_label, layout
from games.gwt_argentina.state import Frame, GwtState
from games.gwt_argentina.trail import location_label
from games.i18n import N_, _

PROMPTS = {
    "move": N_("Pedro's priorities leave a tie: choose where he moves."),
    "farmer": N_("Pedro's priorities leave a tie: choose the granjero he helps."),
    "cattle": N_("Pedro's priorities leave a tie: choose the cattle he takes."),
    "site": N_("Pedro's priorities leave a tie: choose where he builds."),
    "build": N_("Pedro's priorities leave a tie: choose the building he builds."),
    "replace": N_("Pedro's priorities leave a tie: choose the building he replaces."),
    "deliver": N_("Pedro's priorities leave a tie: choose where he delivers."),
}


def building_text(state: GwtState, number: int) -> str:
    side = state.board.building_sides[str(number)]
    b = data.private_building(number, side)
    name = f"{number}{side}"
    if b.hand == "green":
        return _("{building} ({vp} VP, green hand)", building=name, vp=b.vp)
    if b.hand == "black":
        return _("{building} ({vp} VP, black hand)", building=name, vp=b.vp)
    return _("{building} ({vp} VP)", building=name, vp=b.vp)


def label(state: GwtState, what: str, key: str) -> tuple[str, str | None]:
    """(label, board place) of one option."""
    if what == "move":
        return location_label(state, key), key
    if what == "farmer":
        return _("{granjero} at {space}", granjero=pieces.tile_label(state.board.trail[key]),
                 space=key), key
    if what == "cattle":
        return ", ".join(pieces.card_label(c) for c in key.split("+")), None
    if what == "site":
        return _("Build at {space}", space=key), key
    if what == "build":
        return building_text(state, int(key)), None
    if what == "replace":
        space, new = key.split(">")
        old = int(state.board.trail[space].split(":")[1])
        return _("At {space}: {old} by {new}", space=space,
                 old=building_text(state, old), new=building_text(state, int(new))), space
    if what == "deliver":
        quay, space = key.split(":", 1)
        city = space.split(":")[0]
        facts = layout(state, city).space(space)
        return _("{city} {space} from quay {quay}: {bonus}, {vp} VP", city=data.CITY_NAMES[city],
                 space=space.split(":")[1], quay=quay,
                 bonus=bonus_label(state, PEDRO, facts.bonus), vp=facts.vp), space
    raise AssertionError(what)  # pragma: no cover - only the ties above are raised


@step("pedro_tie")
class PedroTieStep(DecisionStep):
    @staticmethod
    def prompt(state: GwtState, frame: Frame) -> str:
        return _(PROMPTS[frame.data["what"]])

    @staticmethod
    def options(state: GwtState, frame: Frame) -> list[Option]:
        out = []
        for key in frame.data["keys"]:
            text, at = label(state, frame.data["what"], key)
            out.append(opt(key, text, at=at))
        return out

    @staticmethod
    def apply(state: GwtState, frame: Frame, key: str, ctx: Ctx) -> None:
        if key not in frame.data["keys"]:
            raise ValueError(f"not an option: {key}")
        pop(state, frame)
        turn = state.top()
        assert turn is not None and turn.kind == "pedro_turn"
        turn.data["chosen"][frame.data["what"]] = key
        ctx.announce(state, _("You decide for Pedro: {choice}.",
                              choice=label(state, frame.data["what"], key)[0]))
