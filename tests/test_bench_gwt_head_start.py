"""The head-start bench's gifts (bench/gwt_head_start.py): no whole game is played here."""

import pytest

from bench import gwt_head_start as hs
from games import ai, get_game


def _solo():
    game = get_game("gwt-argentina")
    return game.setup(1, game.parse_options({"difficulty": "easy"}), 24000)


def test_a_building_gift_reads_number_space_and_visit():
    assert hs.BuildingGift.parse("8@p3:2") == hs.BuildingGift(8, "P3", 2)


@pytest.mark.parametrize("text", ["8@P3", "eight@P3:2", "11@P3:0", "8@P3:-1", "8P3:2"])
def test_a_malformed_building_gift_is_refused_with_the_form_it_wants(text):
    with pytest.raises(ValueError, match="8@P3:2|1-10"):
        hs.BuildingGift.parse(text)


def test_a_gift_is_laid_on_a_free_space_once():
    state = _solo()
    gift = hs.BuildingGift(8, "P3", 0)
    assert hs.lay(state, gift)
    assert state.board.trail["P3"] == "0:8"
    assert 8 not in state.players[0].buildings_left
    # the building is gone from the player's supply, and the space is taken
    assert not hs.lay(state, gift)
    assert not hs.lay(state, hs.BuildingGift(5, "P3", 0))


def test_a_gift_on_a_space_that_is_not_a_building_space_is_an_error():
    with pytest.raises(ValueError, match="no such trail space"):
        hs.lay(_solo(), hs.BuildingGift(8, "Q9", 0))


def test_pesos_and_carpinteros_are_given_at_set_up_with_tiles_not_in_play():
    state = _solo()
    money = state.players[0].money
    hs.give_at_start(state, hs.Setup(pesos=16, carpinteros=2))
    assert state.players[0].money == money + 16
    row = state.players[0].workers["carpintero"]
    assert len(row) == 3
    market = {t for r in state.board.job_market for t in r if t is not None}
    assert len(set(row)) == 3 and not set(row[1:]) & market


def test_gauchos_and_maquinistas_are_given_in_their_own_rows():
    state = _solo()
    hs.give_at_start(state, hs.Setup(gauchos=3, maquinistas=1))
    workers = state.players[0].workers
    assert state.players[0].worker_count("gaucho") == 4
    assert state.players[0].worker_count("maquinista") == 2
    assert len(workers["carpintero"]) == 1
    market = {t for r in state.board.job_market for t in r if t is not None}
    given = workers["gaucho"][1:] + workers["maquinista"][1:]
    assert len(set(given)) == 4 and not set(given) & market


def test_a_cleared_slot_raises_the_limit_it_holds_back():
    from games.gwt_argentina.player_board import move_limit
    state = _solo()
    before = move_limit(state, state.players[0])
    hs.give_at_start(state, hs.Setup(cleared=("move_1",)))
    assert "move_1" not in state.players[0].slots
    assert move_limit(state, state.players[0]) == before + 2


def test_an_unknown_slot_is_an_error_naming_the_slots():
    with pytest.raises(ValueError, match="move_1"):
        hs.give_at_start(_solo(), hs.Setup(cleared=("move_9",)))


def test_cattle_given_go_from_the_cattle_deck_into_the_players_deck():
    from games.gwt_argentina import pieces
    state = _solo()
    deck, market = len(state.board.cattle_deck), list(state.board.cattle_market)
    gifts = (hs.CattleGift.parse("AA"), hs.CattleGift.parse("fq"), hs.CattleGift.parse("CH:2"))
    hs.give_at_start(state, hs.Setup(cattle=gifts), seed=3)
    breeds = [pieces.cattle(c).breed for c in state.players[0].deck if pieces.cattle(c)]
    # the set-up's two, not the 2nd visit's
    assert breeds.count("angus") == 1 and breeds.count("franqueiro") == 1
    assert "chaqueno" not in breeds
    assert len(state.board.cattle_deck) == deck - 2
    assert state.board.cattle_market == market
    # the same seed shuffles them in at the same places
    again = _solo()
    hs.give_at_start(again, hs.Setup(cattle=gifts), seed=3)
    assert again.players[0].deck == state.players[0].deck
    hs.give_cattle(state, hs.Setup(cattle=gifts), 2, seed=3)
    assert sum(pieces.cattle(c).breed == "chaqueno" for c in state.players[0].deck
               if pieces.cattle(c)) == 1


def test_a_breed_gone_from_the_cattle_deck_is_taken_from_the_market_and_it_is_refilled():
    from games.gwt_argentina import pieces
    state = _solo()
    board = state.board
    board.cattle_deck = [c for c in board.cattle_deck if pieces.cattle(c).breed != "angus"]
    in_market = [c for c in board.cattle_market if pieces.cattle(c).breed == "angus"]
    if not in_market:  # put one there, as play would
        board.cattle_market[0] = "AA1"
        in_market = ["AA1"]
    size = len(board.cattle_market)
    hs.give_at_start(state, hs.Setup(cattle=(hs.CattleGift("AA"),)))
    assert any(c in in_market for c in state.players[0].deck)
    assert len(board.cattle_market) == size


@pytest.mark.parametrize("text", ["NI", "ZZ", "AA:x", "AA:-1"])
def test_a_cattle_gift_not_of_a_market_breed_or_visit_is_an_error_naming_the_breeds(text):
    with pytest.raises(ValueError, match="AA"):
        hs.CattleGift.parse(text)


def test_a_setup_searches_with_its_levels_budget_unless_told():
    assert hs.Setup().budget() == ai.BUDGETS["gwt-argentina"]["normal"]
    assert hs.Setup(level="hard").budget() == ai.BUDGETS["gwt-argentina"]["hard"]


def test_the_budget_told_replaces_the_levels_and_the_time_cap_grows_with_the_steps():
    level = ai.BUDGETS["gwt-argentina"]["normal"]
    budget = hs.Setup(steps=2 * level.steps, extend=2 * level.extend, worlds=2,
                      turns=2).budget()
    assert budget.steps == 2 * level.steps and budget.extend == 2 * level.extend
    assert budget.worlds == 2 and budget.turns == 2
    assert budget.seconds == pytest.approx(2 * level.seconds) and budget.plan
    # fewer steps never lower the cap below the level's
    assert hs.Setup(steps=10, extend=0).budget().seconds == level.seconds


def test_without_the_opening_the_budget_keeps_to_no_plan():
    assert ai.BUDGETS["gwt-argentina"]["normal"].plan
    assert not hs.Setup(opening=False).budget().plan


def test_the_categories_are_means_of_the_score_pads_beside_pedros():
    def played(seed, ships, pedro_ships, cattle):
        pads = ({"ships": ships, "cattle": cattle, "ports": 0, "total": ships + cattle},
                {"ships": pedro_ships, "cattle": 0, "ports": 0, "total": pedro_ships})
        return hs.Played(seed, ships + cattle, pedro_ships, 5, 30, (), pads)

    lines = hs.categories([played(1, 10, 30, 4), played(2, 20, 40, 0)])
    assert lines[1].split() == ["ships", "15.0", "35.0"]
    assert lines[2].split() == ["cattle", "2.0", "0.0"]
    assert len(lines) == 3  # ports: nobody scored there


def test_a_budget_installed_by_one_setup_does_not_leak_into_the_next(monkeypatch):
    shipped = ai.BUDGETS["gwt-argentina"]["normal"]
    monkeypatch.setitem(ai.BUDGETS["gwt-argentina"], "normal",
                        hs.Setup(steps=999, opening=False).budget())
    assert hs.Setup().budget() == shipped
