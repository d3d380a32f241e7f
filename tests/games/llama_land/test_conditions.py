"""The ten llama conditions of the objective cards on hand-built estates (rulebook, last
page), each with an estate that meets it and one that just misses it."""

from __future__ import annotations

import pytest

from games.llama_land import condition_met, parse_estate


def met(text: str, name: str) -> bool:
    return condition_met(parse_estate(text), name)


def test_lowlands():
    """« Basses terres : vous devez avoir au moins 5 lamas sur le 1er étage de votre domaine. »"""
    assert met("1L 1L 1L 1L 1L 2-", "lowlands")
    assert not met("1L 1L 1L 1L 2L 2-", "lowlands")


def test_plains():
    """« Plaines : vous devez avoir au moins 4 lamas sur le 2e étage de votre domaine. »"""
    assert met("2L 2L\n2L 2L", "plains")
    assert not met("2L 2L\n2L 3L", "plains")


def test_hills():
    """« Collines : vous devez avoir au moins 3 lamas sur le 3e étage de votre domaine. »"""
    assert met("3L 1- 3L\n1c 3L 1-", "hills")
    assert not met("3L 1- 3L\n1c 2L 1-", "hills")


def test_mountains():
    """« Montagnes : vous devez avoir au moins 2 lamas sur le 4e étage de votre domaine. »"""
    assert met("4L 4-\n1- 4L", "mountains")
    assert not met("4L 4-\n1- 5L", "mountains")


def test_summit_is_level_five_exactly():
    """« Sommet : vous devez avoir au moins 2 lamas sur le 5e étage de votre domaine. »
    (level n is height n: llamas on level 6 are not on the 5th level)"""
    assert met("5L 5L", "summit")
    assert not met("5L 6L", "summit")
    assert not met("5L 5-", "summit")


def test_omnipresence():
    """« Omniprésence : vous devez avoir au moins 1 lama sur au moins 4 étages différents
    de votre domaine. »"""
    assert met("1L 2L 3L 4L", "omnipresence")
    assert not met("1L 2L 3L 3L 3L", "omnipresence")


def test_herd_ignores_heights_and_diagonals():
    """« Troupeau : vous devez former un groupe continu d'au moins 4 lamas sur des cases
    adjacentes de votre domaine, sans tenir compte des différents étages. »"""
    assert met("1L 3L 1-\n1- 5L 2L", "herd")
    # a diagonal step breaks the group: 3 + 1
    assert not met("1L 3L 1-\n1- 5L 2-\n1- 1- 1L", "herd")


def test_road_row_or_column_not_necessarily_touching():
    """« Route : vous devez avoir au moins 4 lamas dans la même colonne ou la même rangée de
    votre domaine. Ils n'ont pas besoin d'être placés en une file continue. »"""
    assert met("1L 1- 2L 1c 1L 1- 3L", "road")
    assert met("1L 1-\n1- 1-\n2L 1-\n1L 1-\n. 1-\n1L 1-", "road")
    assert not met("1L 1- 2L 1c 1L 1-\n1- 1- 1- 1- 1- 3L", "road")


def test_outposts_shortest_path_over_terrain():
    """« Avant-postes : vous devez avoir au moins 2 lamas dans votre domaine séparés d'au
    moins 11 cases adjacentes par le chemin le plus court sans tenir compte des
    différents étages. »"""
    eleven = " ".join(["1L"] + ["2-"] * 10 + ["1L"])  # 11 steps apart
    ten = " ".join(["1L"] + ["2-"] * 9 + ["1L"])
    assert met(eleven, "outposts")
    assert not met(ten, "outposts")
    # Close as the crow flies, but the shortest path over terrain goes round a gap:
    # r1c1 → down 5, right 2, up 5 = 12 steps.
    u_shape = "\n".join(["1L . 1L"] + ["1- . 1-"] * 4 + ["1- 1- 1-"])
    assert met(u_shape, "outposts")
    bridged = "\n".join(["1L 1- 1L"] + ["1- . 1-"] * 4 + ["1- 1- 1-"])
    assert not met(bridged, "outposts")


def test_farms_not_next_to_an_edge_or_a_hole():
    """« Fermes : vous devez avoir au moins 6 lamas dans votre domaine qui ne sont pas
    adjacents ni à un bord ni à un trou. »"""
    farm = "1- 1- 1- 1- 1-\n1- 1L 1L 1L 1-\n1- 1L 1L 1L 1-\n1- 1- 1- 1- 1-"
    assert met(farm, "farms")
    # a hole next to one of them
    holed = "1- 1- 1- 1- 1-\n1- 1L 1L 1L 1-\n1- 1L 1L 1L .\n1- 1- 1- 1- 1-"
    assert not met(holed, "farms")
    # an edge: the border llamas do not count
    assert not met("1L 1L 1L\n1L 1L 1L", "farms")


def test_unknown_condition_is_refused():
    with pytest.raises(ValueError, match="unknown estate condition"):
        met("1L", "castle")
