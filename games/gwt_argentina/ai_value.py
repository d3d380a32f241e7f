"""A heuristic value of a position for the computer player: the points a player has now
plus what their position should still turn into points before the end, in VP.

The game is a race of visits to Buenos Aires (« votre estanciero atteindra Buenos Aires
entre 5 et 6 fois »): each visit pays the hand's breeding value and loads it onto a ship,
the main source of points. So the value rests on three estimates:

* **visits left** (:func:`visits_left`): how many times the player should still reach
  Buenos Aires — the arrivals the job market's empty spaces still allow (each visit fills
  one or two of them, and the last one ends the game), taken in the order they come: the
  player's own every loop from the turns its estanciero still needs at its move limit
  (with the railway's shortcuts it has reached), each other player's from where their
  estanciero stands;
* **a visit's worth** (:func:`visit_value`): the income a breeding value pays and the best
  ship of the loading zone it can load (a ship's VP, or the quay it sails to and what a
  delivery from there may bring), less the grain the ship asks — over a spread of
  breeding values around the estimate, so that each breeding point brings the better
  ships nearer although their thresholds are steps;
* **the herd's breeding value** (:func:`expected_breeding`): the best distinct breeds of
  the cards a player sees on the way to Buenos Aires (the hand limit and a few more,
  drawn from deck, hand and discard) — better breeds, fewer duplicates, fewer exhaustion
  and objective cards and a bigger hand all raise it. The next visit pays the hand held
  now and the cards drawn on the way (:func:`arriving_breeding`): a hand of duplicates
  pays little unless they are discarded and replaced.

Pesos, grain, certificates, workers, the locomotive, exchange tokens, discs waiting on
ships and quays add what they should still turn into, less as the game runs out. Scores
use the score pad's categories (:meth:`GwtArgentina.scores`), with money counted smoothly
instead of by fives. Against other players a seat plays for its own points until the end
(:func:`evaluate`). In the solo game Pedro's score is projected: what he has scored so far
per job-market space filled, for the spaces left — he scores every turn whatever the
player does, so a shorter game really costs him.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil, comb

from games.gwt_argentina import data, pieces
from games.gwt_argentina.data.tiles import job_market_columns
from games.gwt_argentina.player_board import hand_limit, move_limit, permanent
from games.gwt_argentina.state import GwtState, Player
from games.gwt_argentina.trail import track_value

#: The weights of the value, in VP, tuned by playing solo games against Pedro at easy:
#: by hand, then all together by a cross-entropy search over 810 games
#: (``bench.gwt_weight_search``, with :data:`WORKER_USE`'s gaucho and carpintero rows).
#: Every change measured, kept or not, is in docs/gwt-argentina-computer.md: one weight
#: alone moves the score within chance, and the gap to Pedro (ships, buildings,
#: objectives; a hand limit that stays at 4) asks for planning over several turns.
W: dict[str, float] = {
    # job-market spaces one visit to Buenos Aires fills on average (forecast B is always a
    # worker, forecast C one about half the time)
    "workers_per_visit": 1.4,
    # a peso while there is time to spend it (the first ones, then beyond 12), at the end
    "peso": 0.52, "spare_peso": 0.35, "late_peso": 0.23,
    "grain": 1.36,
    "certificate": 1.29,
    "token": 0.84,
    # a hired worker's use while the game lasts (times WORKER_USE)
    "worker": 1.06,
    "track_step": 0.37,
    "own_building": 1.52,
    # a disc taken off the player board unlocks something (a bigger hand, more moves ...)
    "disc_off_board": 0.79,
    # an objective card for loading a Rotterdam ship
    "objective_card": 1.49,
    # chance that a ship with an anchor sails before the end
    "sails": 0.85,
    # a visit's worth (income and ship) is counted this much
    "visit": 0.6,
    # Pedro's points per job-market space filled, before his game tells (solo)
    "pedro_rate": 6.0,
}
#: A hired worker's use while the game lasts, by row and by how many are hired already:
#: gauchos buy more and better cattle, carpinteros bigger buildings, maquinistas move the
#: locomotive further, granjeros bring grain (the last columns' VP are in the score).
WORKER_USE = {
    "gaucho": (6.67, 5.56, 4.45, 3.34, 2.22),
    "carpintero": (3.31, 3.31, 2.48, 2.48, 1.65),
    "maquinista": (4.0, 3.0, 3.0, 2.0, 2.0),
    "granjero": (3.0, 3.0, 2.0, 2.0, 2.0),
}
#: Turns a loop of the trail takes Pedro (his cards move him 1 to 4 locations a turn).
TYPICAL_LOOP = 5.0
PEDRO_PRIOR_SPACES = 4
SPARE_PESOS = 12


def evaluate(state: GwtState, scores: dict[int, dict[str, int]], seat: int) -> float:
    """``seat``'s points and potential while the game runs; once it is over, its lead over
    the best other seat (the search adds its win bonus there).

    The other seats' potential is left out on purpose: the cheapest way a search finds to
    lower a rival's estimate is to fill the job market sooner, which cuts the visits the
    rival has left, and two computers racing so scored a median of 51.5 VP. Playing for
    its own points, a computer ties the racing one head to head and two of them score
    some 12 VP more (docs/gwt-argentina-computer.md, thirteenth pass)."""
    if state.finished:
        others = [scores[s]["total"] for s in range(state.seats) if s != seat]
        return scores[seat]["total"] - (max(others) if others else 0)
    return (scores[seat]["total"] - scores[seat].get("money", 0)
            + potential(state, seat, arrival_phases(state)))


def pedro_future(state: GwtState, pedro_total: int) -> float:
    """The points Pedro should still score: his rate so far per job-market space filled,
    for the spaces left."""
    if state.finished:
        return 0.0
    left = _empty_job_spaces(state)
    filled = max(0, _START_EMPTY.get(state.table(), left) - left)
    rate = ((pedro_total + W["pedro_rate"] * PEDRO_PRIOR_SPACES)
            / (filled + PEDRO_PRIOR_SPACES))
    return rate * left


def potential(state: GwtState, seat: int,
              phases: list[tuple[float, float]] | None = None) -> float:
    """What ``seat``'s position should still turn into (money included), in VP.
    ``phases``: :func:`arrival_phases`, if known."""
    # Added up one by one, as the parts always were (sum() rounds differently from
    # Python 3.12 on, which would change the values the search compares by a hair).
    value = 0.0
    for _, amount in potential_parts(state, seat, phases):
        value += amount
    return value


def potential_parts(state: GwtState, seat: int,
                    phases: list[tuple[float, float]] | None = None) -> list[tuple[str, float]]:
    """:func:`potential` term by term, as (part, VP) in the order they are added up (a part
    may come more than once: ``workers`` once per worker row). ``bench.gwt_value_drift``
    follows each part over the game."""
    p = state.players[seat]
    if phases is None:
        phases = arrival_phases(state)
    turns = phases[seat][0]
    visits = visits_left(state, seat, phases)
    soon = min(1.0, visits / 2)
    parts = [
        ("pesos", _pesos(p.money, soon)),
        ("grain", W["grain"] * soon * p.grain),
        ("certificates", W["certificate"] * min(1.0, visits) * p.certificates),
        ("tokens", W["token"] * soon * p.exchange_tokens),
    ]
    use = W["worker"] * min(1.0, visits / 4)
    for row, tiles in p.workers.items():
        parts.append(("workers", use * sum(WORKER_USE[row][:len(tiles) - 1])))
    parts.append(("track", W["track_step"] * soon * min(track_value(p.locomotive), 31)))
    parts.append(("own_buildings", W["own_building"] * soon * _own_buildings(state, seat)))
    parts.append(("waiting_discs", _waiting_discs(state, seat, visits)))
    certs = permanent(p, "permanent_certificate")
    herd = expected_breeding(p) + certs
    if visits > 0:
        # The next visit pays the hand the estanciero arrives with: the hand held now
        # and what is drawn on the way (« chaque race n'est comptée qu'une seule
        # fois », a hand of duplicates pays little). The later visits: a hand drawn
        # from the herd.
        arriving = arriving_breeding(p, turns) + certs
        ladder = ship_ladder(state, seat)
        parts.append(("next_visit", W["visit"] * (
            visit_value(state, seat, arriving + p.certificates, ladder)
            - W["certificate"] * p.certificates)))
        parts.append(("later_visits", W["visit"] * max(0.0, visits - 1)
                      * visit_value(state, seat, herd, ladder)))
    return parts


def _pesos(money: int, soon: float) -> float:
    """Pesos while there is time to spend them (the first ones worth most), or at the end."""
    late = W["late_peso"] * money
    early = W["peso"] * min(money, SPARE_PESOS) + W["spare_peso"] * max(0, money - SPARE_PESOS)
    return late + (early - late) * soon


#: How far the breeding value a visit really reaches may stray from its estimate, with
#: the weight of each: the ships are valued over this spread, so that every breeding
#: point brings the better ships nearer (the ships' thresholds are steps).
SPREAD = ((-2, 1.0), (-1, 2.0), (0, 3.0), (1, 2.0), (2, 1.0))


def visit_value(state: GwtState, seat: int, breeding: float,
                ladder: list[tuple[int, float]] | None = None) -> float:
    """A visit's worth for a breeding value: its income, and the best ship of the loading
    zone it can load, less the grain the ship asks (ship 0 is always there), over
    :data:`SPREAD` around the estimate. ``ladder``: :func:`ship_ladder`, if known."""
    if ladder is None:
        ladder = ship_ladder(state, seat)
    total = 0.0
    for delta, weight in SPREAD:
        reach = max(0.0, breeding + delta)
        best = ladder[0][1]
        for value, worth in ladder:
            if value > reach:
                break
            best = worth
        total += weight * best
    return W["peso"] * breeding + total / _SPREAD_WEIGHT


_SPREAD_WEIGHT = sum(weight for _, weight in SPREAD)


def ship_ladder(state: GwtState, seat: int) -> list[tuple[int, float]]:
    """The ships ``seat`` may load as (loading value, the best worth, less its grain, of
    a ship up to that value), lowest first; ship 0 (-2 VP, +2 pesos) is always there."""
    ships = [(0, -2.0 + 2 * W["peso"])]
    for ship in state.board.ships:
        facts = data.SHIP_BY_ID[ship.id]
        if seat in ship.discs and not facts.repeatable:
            continue
        ships.append((facts.value, _ship_worth(state, facts) - W["grain"] * facts.grain
                      + W["disc_off_board"]))
    ships.sort()
    ladder: list[tuple[int, float]] = []
    best = float("-inf")
    for value, worth in ships:
        best = max(best, worth)
        ladder.append((value, best))
    return ladder


def _ship_worth(state: GwtState, ship: data.Ship) -> float:
    if ship.destination is None:
        return float(ship.vp) + (2 * W["peso"] if ship.id == "ship0" else 0.0)
    worth = W["sails"] * _quay_worth(state, ship.destination)
    if ship.on_load is not None:
        worth += W["objective_card"]
    return worth


def _quay_worth(state: GwtState, quay_id: str) -> float:
    """A disc on a quay: the quay's points, or a delivery from it later (its points and
    bonus less the grain, half counted: it takes a visit and the grain)."""
    city, quay = quay_id.split(":")
    return _QUAY_WORTH[(city, state.board.ports[city].side, quay, state.table())]


def _quay_worths() -> dict[tuple[str, str, str, int], float]:
    out = {}
    for (city, side), layout in data.PORT_CITIES.items():
        for quay, vp in layout.quay_vp.items():
            for table in (2, 3, 4):
                closed = set(layout.closed_by_tile) if city in data.CLOSURE_TILES[table] else set()
                best = 0.0
                for district in layout.districts:
                    cost = max(0, district.grain - layout.quay_discount[quay])
                    for space in district.spaces:
                        if space.id in closed:
                            continue
                        pesos = space.bonus.amount if (space.bonus is not None
                                                       and space.bonus.kind == "pesos") else 0
                        gain = space.vp + W["peso"] * pesos - W["grain"] * cost
                        best = max(best, gain)
                out[(city, side, quay, table)] = vp + 0.5 * max(0.0, best - vp)
    return out


_QUAY_WORTH = _quay_worths()


def _waiting_discs(state: GwtState, seat: int, visits: float) -> float:
    """Discs on ships that will sail (the quay they go to) and on quays (a delivery)."""
    value = 0.0
    for ship in state.board.ships:
        facts = data.SHIP_BY_ID[ship.id]
        if facts.destination is not None and seat in ship.discs:
            value += W["sails"] * _quay_worth(state, facts.destination)
    table = state.table()
    for city, port in state.board.ports.items():
        for quay, holders in port.quays.items():
            n = holders.count(seat)
            if n:
                layout_vp = data.port_city(city, port.side).quay_vp[quay]
                extra = _QUAY_WORTH[(city, port.side, quay, table)] - layout_vp
                value += n * extra * min(1.0, visits)
    return value


def visits_left(state: GwtState, seat: int,
                phases: list[tuple[float, float]] | None = None) -> float:
    """How many more times ``seat``'s estanciero should reach Buenos Aires (``phases``:
    :func:`arrival_phases`, if known)."""
    if phases is None:
        phases = arrival_phases(state)
    turns, loop = phases[seat]
    if state.end_triggered_by is not None:
        last = seat in state.last_turns and state.current != seat
        return 1.0 if last and turns <= 1 else 0.0
    # The arrivals the job market still allows, N, come in time order: this player's at
    # turns, turns + loop, ...; another player's at p, p + L, ... This player's m-th
    # arrival is the last one when m + sum(1 + (t_m - p) / L) = N, t_m = turns +
    # (m - 1) * loop. So m stays level while everyone goes round, and drops by one at
    # each of this player's visits. (Sharing N by speed alone, less turns / loop, rose
    # as the estanciero neared Buenos Aires and counted 0.6-0.9 visits too many: see
    # docs/gwt-argentina-computer.md, eighth pass.)
    rest = _empty_job_spaces(state) / W["workers_per_visit"]
    slope = 1.0
    for other, (before, other_loop) in enumerate(phases):
        if other != seat:
            rest -= 1 + (turns - loop - before) / other_loop
            slope += loop / other_loop
    return max(0.0, rest / slope)


def arrival_phases(state: GwtState) -> list[tuple[float, float]]:
    """For every player at the table: the turns before their next arrival in Buenos Aires
    and the turns a loop takes them (:func:`_trail_turns`). Pedro, who has no move limit
    (his cards move him), goes round in TYPICAL_LOOP turns."""
    occupied = frozenset(state.board.trail)
    out = []
    for seat, player in enumerate(state.players):
        if seat < state.seats:
            out.append(_trail_turns(state, player, occupied))
            continue
        distances = _trail_distances(occupied, 0)
        where = _where(player)
        out.append((TYPICAL_LOOP * distances[where] / max(1, distances[data.START]),
                    TYPICAL_LOOP))
    return out


def _empty_job_spaces(state: GwtState) -> int:
    board = state.board
    columns = job_market_columns(state.table())
    return sum(1 for row in board.job_market[board.job_marker_row:]
               for c in columns if row[c] is None)


#: Empty job-market spaces at set-up, by players at the table.
_START_EMPTY = {n: (data.JOB_MARKET_ROWS - data.JOB_MARKER_START_ROW + 1) * n
                - (data.JOB_MARKET_SEED[n] - (data.JOB_MARKER_START_ROW - 1) * n)
                for n in (2, 3, 4)}


def _where(player: Player) -> str:
    """Where a player's next loop stands: their estanciero, or the start."""
    where = player.estanciero or data.START
    return data.START if where == data.BUENOS_AIRES else where


def _trail_turns(state: GwtState, player: Player,
                 occupied: frozenset[str] | None = None) -> tuple[float, float]:
    """Turns to Buenos Aires at the move limit (fractional: a move closer counts), and
    the turns a whole loop from the start takes (stopping a little short now and then)."""
    distances = _distances(state, player, occupied)
    moves = move_limit(state, player)
    return distances[_where(player)] / moves, distances[data.START] / moves + 0.5


def _distances(state: GwtState, player: Player,
               occupied: frozenset[str] | None = None) -> dict[str, int]:
    if occupied is None:
        occupied = frozenset(state.board.trail)
    reached = sum(1 for t in data.SHORTCUT_THRESHOLDS if track_value(player.locomotive) >= t)
    return _trail_distances(occupied, reached)


@lru_cache(maxsize=4096)
def _trail_distances(occupied: frozenset[str], shortcuts: int) -> dict[str, int]:
    """Fewest moves (locations entered) from every space to Buenos Aires; an embarcadère
    the locomotive has reached ends the move there."""
    open_shortcuts = {s for s, t in data.SHORTCUTS.items()
                      if t in data.SHORTCUT_THRESHOLDS[:shortcuts]}
    dist: dict[str, int] = {}
    for space in reversed(list(data.walk_order())):
        if space == data.BUENOS_AIRES or space in open_shortcuts:
            dist[space] = 0
            continue
        best = 10_000
        for nxt in data.TRAIL.get(space, ()):
            if nxt in data.SHORTCUTS and nxt not in open_shortcuts:
                continue
            entered = nxt in occupied or nxt == data.BUENOS_AIRES or nxt in open_shortcuts
            best = min(best, int(entered) + dist[nxt])
        dist[space] = best
    return dist


#: Cards a player discards and draws again per turn on the way to Buenos Aires (the
#: neutral buildings' discards, the auxiliary draws).
REDRAWS_PER_TURN = 1.0


def arriving_breeding(player: Player, turns: float) -> float:
    """The breeding value of the hand the estanciero should reach Buenos Aires with,
    ``turns`` away: the cards held now are kept, and each card drawn before it arrives
    (to fill the hand, and one per turn discarded and drawn again on the way) comes
    from the deck (then the discard pile, once the deck is drawn); the best distinct
    breeds of both make the hand. So a duplicate or a Niata held is worth replacing, a
    deck without Niatas draws better, and a bought card (discarded) comes later."""
    limit = hand_limit(player)
    draws = max(0, limit - len(player.hand))
    draws += int(REDRAWS_PER_TURN * max(0.0, ceil(turns - 1e-9) - 1))
    held: dict[str, int] = {}
    for card in player.hand:
        c = pieces.cattle(card)
        if c is not None:
            held[c.breed] = c.value
    deck = _breed_counts(player.deck)
    pool, size, taken = deck, len(player.deck), draws
    if draws > len(player.deck):
        # the whole deck is drawn, then the rest from the reshuffled discard pile
        pool, size, taken = _breed_counts(player.discard), len(player.discard), \
            draws - len(player.deck)
        held = {**held, **{b: v for (b, v) in deck}}
    return _best_of(tuple(sorted(held.items())), tuple(sorted(pool.items())), size,
                    min(taken, size), limit)


def _breed_counts(cards: list[str]) -> dict[tuple[str, int], int]:
    counts: dict[tuple[str, int], int] = {}
    for card in cards:
        c = pieces.cattle(card)
        if c is not None:
            counts[(c.breed, c.value)] = counts.get((c.breed, c.value), 0) + 1
    return counts


@lru_cache(maxsize=8192)
def _best_of(held: tuple[tuple[str, int], ...], pool: tuple[tuple[tuple[str, int], int], ...],
             size: int, drawn: int, hand: int) -> float:
    """The mean of the best ``hand`` distinct breeds' values among the breeds ``held``
    and ``drawn`` cards from a pool of ``size`` (breeds present independently)."""
    present: dict[str, tuple[int, float]] = {b: (v, 1.0) for b, v in held}
    total = comb(size, drawn) if size else 1
    by_breed: dict[str, tuple[int, int]] = {}
    for (breed, value), n in pool:
        by_breed[breed] = (value, n)
    for breed, (value, n) in by_breed.items():
        if breed in present:
            continue
        chance = 1 - comb(size - n, drawn) / total if drawn else 0.0
        if chance > 0:
            present[breed] = (value, chance)
    fewer = [1.0] + [0.0] * hand
    out = 0.0
    for value, chance in sorted(present.values(), reverse=True):
        out += value * chance * sum(fewer[:hand])
        fewer = [fewer[j] * (1 - chance) + (fewer[j - 1] * chance if j else 0.0)
                 for j in range(hand + 1)]
    return out


def expected_breeding(player: Player) -> float:
    """The breeding value of the hand the estanciero should arrive in Buenos Aires with,
    drawn from the whole herd (deck, hand and discard). A player does not arrive with a
    random hand: on the way cards are discarded for actions and drawn again, so the hand
    is chosen among more cards than it holds (:data:`CARDS_SEEN` more than the hand limit)
    and keeps one card of each of the best breeds seen — « chaque race n'est comptée
    qu'une seule fois ». Better breeds, fewer duplicates, fewer exhaustion and objective
    cards (which fill the draws) and a bigger hand all raise it."""
    counts: dict[tuple[str, int], int] = {}
    size = 0
    for card in player.hand + player.deck + player.discard:
        size += 1
        c = pieces.cattle(card)
        if c is not None:
            counts[(c.breed, c.value)] = counts.get((c.breed, c.value), 0) + 1
    return _expected(tuple(sorted(counts.items())), size, hand_limit(player))


#: Cards a player sees on the way to Buenos Aires beyond the hand limit (cards discarded
#: for actions and drawn again): the arriving hand keeps the best breeds among them.
CARDS_SEEN = 3


@lru_cache(maxsize=8192)
def _expected(counts: tuple[tuple[tuple[str, int], int], ...], size: int, hand: int) -> float:
    """The mean of the best ``hand`` distinct breeds' values among ``hand`` +
    :data:`CARDS_SEEN` cards drawn from ``size`` (breeds present independently)."""
    seen = min(size, hand + CARDS_SEEN)
    if hand <= 0 or seen <= 0:
        return 0.0
    total = comb(size, seen)
    by_breed: dict[str, tuple[int, int]] = {}
    for (breed, value), n in counts:
        _, had = by_breed.get(breed, (value, 0))
        by_breed[breed] = (value, had + n)
    # breeds best first; ``fewer[j]``: the chance that j better breeds were seen (j < hand)
    fewer = [1.0] + [0.0] * hand
    out = 0.0
    for value, n in sorted(by_breed.values(), reverse=True):
        present = 1 - comb(size - n, seen) / total
        out += value * present * sum(fewer[:hand])
        fewer = [fewer[j] * (1 - present) + (fewer[j - 1] * present if j else 0.0)
                 for j in range(hand + 1)]
    return out


def _own_buildings(state: GwtState, seat: int) -> int:
    prefix = f"{seat}:"
    return sum(1 for tile in state.board.trail.values() if tile.startswith(prefix))
