"""What a head start is worth to the GWT:A computer in the solo game: printed, never
asserted.

The tuning log asks, again and again, how many points a thing would bring if the computer
had it without paying for it: a private building standing on the trail from set-up or
from its n-th visit to Buenos Aires, pesos, workers, cattle. This plays whole solo games
against Pedro with such gifts, with or without the computer's opening
(:mod:`games.gwt_argentina.ai_opening`), with its level's search budget or another
(steps, extend, worlds, turns), and prints the player's and Pedro's means, the margin,
the games won, the visits and turns a game took, in how many games each building gift was
laid (a gift is laid only on a free space, and only if the player still has the
building), and with ``--categories`` the score pad's means beside Pedro's.
docs/gwt-argentina-computer.md (sixteenth to twentieth passes) tells what it found.

    python -m bench.gwt_head_start --building 8@P3:2 --no-opening   # 8a at P3, 2nd visit
    python -m bench.gwt_head_start --pesos 16 --carpinteros 1         # the opening's costs
    python -m bench.gwt_head_start --clear-slot move_1                # +2 moves from the start
    python -m bench.gwt_head_start --cattle AA --cattle FQ            # a better herd
    python -m bench.gwt_head_start --cattle AA:2 --cattle FQ:2        # ... at the 2nd visit
    python -m bench.gwt_head_start --steps 360 --extend 360           # no gift, more search

A building gift is ``number@space:visit`` (side a; visit 0 is set-up, n is the n-th
arrival in Buenos Aires, laid as the estanciero arrives there). A cattle gift is a market
breed's code, ``code`` or ``code:visit`` (``AA:2``), the card shuffled into the deck.
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from bench.strength import Player
from games import ai, get_game
from games.gwt_argentina import data, pieces
from games.gwt_argentina.engine import GwtArgentina
from games.gwt_argentina.market import refill_market
from games.gwt_argentina.state import GwtState

NAME = "gwt-argentina"
#: The computer's seat in the solo game.
SEAT = 0
#: The levels' budgets as shipped: :func:`play` replaces a level's in its process, and a
#: setup's budget is always told from these, whatever an earlier game there installed.
SHIPPED_BUDGETS = dict(ai.BUDGETS[NAME])


@dataclass(frozen=True)
class BuildingGift:
    number: int
    space: str
    visit: int

    @classmethod
    def parse(cls, text: str) -> BuildingGift:
        """``"8@P3:2"``: building 8 (side a) at trail space P3 at the 2nd visit."""
        try:
            number, rest = text.split("@")
            space, visit = rest.split(":")
            gift = cls(int(number), space.strip().upper(), int(visit))
        except ValueError:
            raise ValueError(f"{text!r}: a building gift is number@space:visit, "
                             "such as 8@P3:2") from None
        if gift.number not in data.PRIVATE_NUMBERS or gift.visit < 0:
            raise ValueError(f"{text!r}: buildings are 1-10 and visits 0 or more")
        return gift


@dataclass(frozen=True)
class CattleGift:
    code: str
    visit: int = 0

    @classmethod
    def parse(cls, text: str) -> CattleGift:
        """``"AA"`` or ``"AA:2"``: an Aberdeen-Angus card at set-up, or at the 2nd visit."""
        code, _, visit = text.partition(":")
        try:
            gift = cls(code.strip().upper(), int(visit) if visit else 0)
        except ValueError:
            raise ValueError(f"{text!r}: a cattle gift is a breed code, or code:visit, "
                             "such as AA:2") from None
        breed = data.BREED_BY_CODE.get(gift.code)
        if breed is None or not breed.market or gift.visit < 0:
            codes = ", ".join(b.code for b in data.BREEDS if b.market)
            raise ValueError(f"{text!r}: not a market breed ({codes}) or a visit below 0")
        return gift


@dataclass(frozen=True)
class Setup:
    buildings: tuple[BuildingGift, ...] = ()
    pesos: int = 0
    carpinteros: int = 0
    gauchos: int = 0
    maquinistas: int = 0
    #: Player-board disc slots emptied at set-up (the disc leaves the game).
    cleared: tuple[str, ...] = ()
    #: Market cattle cards shuffled into the deck, at set-up or at a visit.
    cattle: tuple[CattleGift, ...] = ()
    opening: bool = True
    level: str = "normal"
    difficulty: str = "easy"
    #: The level's search budget changed (``games.ai.BUDGETS``); None keeps the level's.
    steps: int | None = None
    extend: int | None = None
    worlds: int | None = None
    #: The seat's own turns searched (2: into its next turn, Pedro's played between).
    turns: int | None = None

    def budget(self) -> ai.Budget:
        """The budget the computer searches with: its level's, changed as told (the
        CPU-time cap raised with the steps, so the steps alone bound the search)."""
        budget = SHIPPED_BUDGETS[self.level]
        steps = budget.steps if self.steps is None else self.steps
        extend = budget.extend if self.extend is None else self.extend
        worlds = budget.worlds if self.worlds is None else self.worlds
        turns = budget.turns if self.turns is None else self.turns
        grown = (steps + extend) / max(1, budget.steps + budget.extend)
        return replace(budget, steps=steps, extend=extend, worlds=worlds, turns=turns,
                       seconds=budget.seconds * max(1.0, grown),
                       plan=budget.plan and self.opening)


@dataclass(frozen=True)
class Played:
    seed: int
    score: int
    pedro: int
    visits: int
    turns: int
    laid: tuple[bool, ...]
    #: The score pads, category by category (``total`` included): the player's, Pedro's.
    pads: tuple[dict[str, int], dict[str, int]] = ({}, {})


def lay(state: GwtState, gift: BuildingGift) -> bool:
    """Put ``gift``'s building on the trail for the player, if its space is free and the
    player still has it."""
    player = state.players[SEAT]
    if gift.space not in data.BUILDING_SPACES:
        raise ValueError(f"{gift.space}: no such trail space")
    if gift.number not in player.buildings_left or gift.space in state.board.trail:
        return False
    state.board.trail[gift.space] = f"{SEAT}:{gift.number}"
    player.buildings_left.remove(gift.number)
    return True


def give_at_start(state: GwtState, setup: Setup, seed: int = 0) -> None:
    """Pesos, cleared slots, workers and the set-up's cattle cards."""
    player = state.players[SEAT]
    player.money += setup.pesos
    for slot in setup.cleared:
        if slot not in data.DISC_SLOT_BY_ID:
            raise ValueError(f"{slot}: no such disc slot ({', '.join(data.DISC_SLOT_BY_ID)})")
        if slot in player.slots:
            player.slots.remove(slot)
    for kind, count in (("carpintero", setup.carpinteros), ("gaucho", setup.gauchos),
                        ("maquinista", setup.maquinistas)):
        spare = (t.id for t in data.WORKER_TILES
                 if t.kind == kind and not t.strong and t.id not in _in_play(state))
        for _ in range(count):
            player.workers.setdefault(kind, []).append(next(spare))
    give_cattle(state, setup, 0, seed)


def give_cattle(state: GwtState, setup: Setup, visit: int, seed: int) -> None:
    """The cattle gifts of ``visit``, each shuffled into the player's deck at a place drawn
    from ``seed`` and the visit (so a seed plays the same gift the same way)."""
    rng = random.Random(f"{seed}:{visit}" if visit else seed)
    deck = state.players[SEAT].deck
    for gift in setup.cattle:
        if gift.visit == visit:
            deck.insert(rng.randrange(len(deck) + 1), _take_cattle(state, gift.code))


def _take_cattle(state: GwtState, code: str) -> str:
    """A card of the market breed ``code`` (« AA »): from the cattle deck, else from the
    market (which is refilled)."""
    breed = data.BREED_BY_CODE[code]
    board = state.board
    for pile in (board.cattle_deck, board.cattle_market):
        for card in pile:
            c = pieces.cattle(card)
            if c is not None and c.breed == breed.id:
                pile.remove(card)
                if pile is board.cattle_market:
                    refill_market(state)
                return card
    raise ValueError(f"{code}: no {breed.name} card left in the cattle deck or market")


def _in_play(state: GwtState) -> set[str]:
    hired = {t for p in state.players for row in p.workers.values() for t in row}
    market = {t for row in state.board.job_market for t in row if t is not None}
    return hired | market


def play(job: tuple[Setup, int]) -> Played:
    setup, seed = job
    ai.BUDGETS[NAME][setup.level] = setup.budget()
    game = get_game(NAME)
    assert isinstance(game, GwtArgentina)
    state = game.setup(1, game.parse_options({"difficulty": setup.difficulty}), seed)
    give_at_start(state, setup, seed)
    laid = [lay(state, g) if g.visit == 0 else False for g in setup.buildings]
    player = Player(setup.level)
    visits = turns = 0
    turn = -1
    while (decision := game.pending(state)) is not None:
        if state.current == SEAT and state.turn != turn:
            turn, turns = state.turn, turns + 1
        key = player.choose(game, state, decision.seat)
        was_there = state.players[SEAT].estanciero == data.BUENOS_AIRES
        state = game.apply(state, decision.seat, key).state
        if not was_there and state.players[SEAT].estanciero == data.BUENOS_AIRES:
            visits += 1
            for i, gift in enumerate(setup.buildings):
                if gift.visit == visits:
                    laid[i] = lay(state, gift)
            give_cattle(state, setup, visits, seed)
    pedro = game.pedro_scores(state)
    assert pedro is not None
    pad = game.scores(state)[SEAT]
    return Played(seed, pad["total"], pedro["total"], visits, turns, tuple(laid),
                  (dict(pad), dict(pedro)))


def categories(games: list[Played]) -> list[str]:
    """The mean per score-pad category, the player's beside Pedro's (categories where
    both score 0 in every game left out)."""
    names = [name for name in games[0].pads[0] if name != "total"
             and any(g.pads[0][name] or g.pads[1].get(name, 0) for g in games)]
    lines = [f"{'category':16s} {'player':>7s} {'Pedro':>7s}"]
    for name in names:
        lines.append(f"{name:16s} {statistics.mean(g.pads[0][name] for g in games):7.1f} "
                     f"{statistics.mean(g.pads[1].get(name, 0) for g in games):7.1f}")
    return lines


def report(setup: Setup, games: list[Played]) -> list[str]:
    margins = [g.score - g.pedro for g in games]
    lines = [f"{'player':>8s} {'Pedro':>7s} {'margin':>7s} {'wins':>5s} {'visits':>7s} "
             f"{'turns':>6s}",
             f"{statistics.mean(g.score for g in games):8.1f} "
             f"{statistics.mean(g.pedro for g in games):7.1f} {statistics.mean(margins):+7.1f} "
             f"{sum(m > 0 for m in margins):5d} {statistics.mean(g.visits for g in games):7.1f} "
             f"{statistics.mean(g.turns for g in games):6.1f}"]
    for i, gift in enumerate(setup.buildings):
        laid = [g for g in games if g.laid[i]]
        line = f"{gift.number}a at {gift.space}, visit {gift.visit}: laid in {len(laid)}"
        if laid:
            line += (f", there {statistics.mean(g.score for g in laid):.1f} VP, margin "
                     f"{statistics.mean(g.score - g.pedro for g in laid):+.1f}")
        lines.append(line)
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--building", action="append", default=[], type=BuildingGift.parse,
                        help="number@space:visit, e.g. 8@P3:2 (repeatable)")
    parser.add_argument("--pesos", type=int, default=0, help="given at set-up")
    parser.add_argument("--carpinteros", type=int, default=0, help="given at set-up")
    parser.add_argument("--gauchos", type=int, default=0, help="given at set-up")
    parser.add_argument("--maquinistas", type=int, default=0, help="given at set-up")
    parser.add_argument("--clear-slot", action="append", default=[],
                        help="a player-board disc slot emptied at set-up, e.g. move_1 "
                             "(repeatable)")
    parser.add_argument("--cattle", action="append", default=[], type=CattleGift.parse,
                        help="a market breed's card (AA, FQ, CH ...) shuffled into the deck "
                             "at set-up, or code:visit at that visit (repeatable)")
    parser.add_argument("--no-opening", dest="opening", action="store_false",
                        help="the search alone, without ai_opening's plan")
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seed-base", type=int, default=24_000)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--steps", type=int, default=None,
                        help="the level's search steps a decision (its own by default)")
    parser.add_argument("--extend", type=int, default=None,
                        help="the steps of its second search, when the first finds no "
                             "finished turn for its best option")
    parser.add_argument("--worlds", type=int, default=None,
                        help="the determinized worlds a decision is searched in")
    parser.add_argument("--turns", type=int, default=None,
                        help="the seat's own turns searched (2: into the next one)")
    parser.add_argument("--difficulty", default="easy", help="Pedro's")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--rows", action="store_true", help="print every game")
    parser.add_argument("--categories", action="store_true",
                        help="print the mean per score-pad category, player and Pedro")
    args = parser.parse_args(argv)
    setup = Setup(buildings=tuple(args.building), pesos=args.pesos,
                  carpinteros=args.carpinteros, gauchos=args.gauchos,
                  maquinistas=args.maquinistas, cleared=tuple(args.clear_slot),
                  cattle=tuple(args.cattle), opening=args.opening, level=args.level,
                  difficulty=args.difficulty, steps=args.steps, extend=args.extend,
                  worlds=args.worlds, turns=args.turns)
    jobs = [(setup, args.seed_base + i) for i in range(args.games)]
    with ProcessPoolExecutor(args.processes) as pool:
        games = list(pool.map(play, jobs))
    print(f"GWT:A head start: {args.games} solo games against Pedro ({args.difficulty}), "
          f"{args.level} level ({_budget_words(setup.budget())}), "
          f"seeds {args.seed_base}-{args.seed_base + args.games - 1}, "
          f"opening {'on' if args.opening else 'off'}, pesos +{args.pesos}, "
          f"carpinteros +{args.carpinteros}, gauchos +{args.gauchos}, "
          f"maquinistas +{args.maquinistas}, slots cleared {list(args.clear_slot) or '-'}, "
          f"cattle {[f'{g.code}:{g.visit}' for g in args.cattle] or '-'}")
    for line in report(setup, games):
        print("  " + line)
    if args.categories:
        for line in categories(games):
            print("  " + line)
    if args.rows:
        for g in games:
            print(f"  seed {g.seed}: {g.score} against {g.pedro}, {g.visits} visits, "
                  f"{g.turns} turns, laid {list(g.laid)}")


def _budget_words(budget: ai.Budget) -> str:
    return (f"{budget.worlds} world(s), {budget.steps} steps +{budget.extend}, "
            f"{budget.turns} turn(s)")


if __name__ == "__main__":
    main()
