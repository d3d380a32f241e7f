"""The weight search's pieces (bench/gwt_weight_search.py): no game is played here."""

import math
import random

import pytest

from bench import gwt_weight_search as ws
from games.gwt_argentina import ai_value


def test_no_change_is_todays_weights():
    w, use = ws.weighted([0.0] * len(ws.KEYS))
    assert w == ai_value.W
    assert use == ai_value.WORKER_USE


def test_a_factor_scales_its_weights_only():
    x = [0.0] * len(ws.KEYS)
    x[ws.KEYS.index("peso")] = math.log(2)
    x[ws.KEYS.index("use_gaucho")] = math.log(0.5)
    w, use = ws.weighted(x)
    for key in ws.PESO_KEYS:
        assert math.isclose(w[key], 2 * ai_value.W[key])
    assert w["grain"] == ai_value.W["grain"]
    assert use["gaucho"] == tuple(v / 2 for v in ai_value.WORKER_USE["gaucho"])
    assert use["maquinista"] == ai_value.WORKER_USE["maquinista"]


def test_installed_weights_are_used_and_then_restored():
    before = dict(ai_value.W), dict(ai_value.WORKER_USE), dict(ai_value._QUAY_WORTH)
    x = [0.0] * len(ws.KEYS)
    x[ws.KEYS.index("grain")] = math.log(3)
    with ws.installed(ws.weighted(x)):
        assert math.isclose(ai_value.W["grain"], 3 * before[0]["grain"])
        # a quay's worth counts the grain a delivery from it asks
        assert ai_value._QUAY_WORTH != before[2]
    assert (dict(ai_value.W), dict(ai_value.WORKER_USE), dict(ai_value._QUAY_WORTH)) == before


def test_the_search_moves_towards_its_best_candidates():
    search = ws.Search.start()
    candidates = search.draw(random.Random(1), 4)
    assert candidates[0] == [0.0] * len(ws.KEYS)
    scores = [0.0, -10.0, 5.0, -20.0, 1.0]
    search.update(candidates, scores, elite=1)
    best = candidates[2]
    assert all(math.isclose(m, ws.STEP * b) for m, b in zip(search.mean, best, strict=True))
    assert all(s >= ws.LEAST_SPREAD for s in search.spread)


def test_other_keys_can_be_searched():
    keys = ("use_maquinista", "sails")
    w, use = ws.weighted([math.log(2), math.log(0.5)], keys=keys)
    assert use["maquinista"] == tuple(2 * v for v in ai_value.WORKER_USE["maquinista"])
    assert math.isclose(w["sails"], ai_value.W["sails"] / 2)
    assert use["gaucho"] == ai_value.WORKER_USE["gaucho"]
    assert set(keys) <= set(ws.searchable())
    # the peso weights move together, by "peso" only
    assert "spare_peso" not in ws.searchable()


def test_an_unknown_key_is_refused_before_any_game(capsys):
    with pytest.raises(SystemExit):
        ws.main(["--keys", "grain,nonsense", "--generations", "1"])
    assert "unknown keys nonsense" in capsys.readouterr().err


def test_a_key_given_twice_is_refused_before_any_game(capsys):
    with pytest.raises(SystemExit):
        ws.main(["--keys", "grain,visit,grain", "--generations", "1"])
    assert "keys given more than once: grain" in capsys.readouterr().err
