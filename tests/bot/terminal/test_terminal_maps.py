"""The terminal: text maps of every game in 80 columns, the names players type on
them, commands in the language played, ``rules``, one image folder per game, a resume
hint that works from the project folder, and no "You moves"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.terminal import play as terminal
from bot.terminal.maps import WIDTH, board_text, fill
from bot.terminal.maps.gwt_argentina import trail_lines
from games.gwt_argentina.data.trail import SHORTCUTS, TRAIL
from games.i18n import using
from renderer import RENDERERS
from testkit.samples import board_samples
from tests.bot.test_cli import REPO, clean_environment, estancia  # noqa: F401  (fixture)

#: Quick computers (tests/conftest.py): these tests are about what surrounds their play.
pytestmark = pytest.mark.usefixtures("quick_computers")


@pytest.mark.parametrize("game", list(RENDERERS))
def test_every_text_map_fits_80_columns_in_both_languages(game: str) -> None:
    """Start, middle and end of a sample game at the smallest and the largest table, from
    a spectator's and a seat's view, with names up to "Bartholomew the Magnificent"."""
    for sample in board_samples(game):
        for language in ("en", "fr"):
            with using(language):
                text = board_text(game, sample.view, sample.names)
            too_long = [line for line in text.splitlines() if len(line) > WIDTH]
            assert not too_long, (sample.name, language, too_long)
            assert "{" not in text and "⟨seat" not in text, (sample.name, text)


def _mid(game: str, seats: int | None = None) -> tuple[dict, list[str]]:
    samples = [s for s in board_samples(game) if "-mid-public" in s.name]
    if seats is not None:
        samples = [s for s in samples if s.name.startswith(f"{game}-{seats}p")]
    return samples[0].view, samples[0].names


def test_kuhlorado_columns_are_letters_and_rows_numbers() -> None:
    """A cell is typed ``e2``: the grid reads A–H across and 1–8 down (it read ``A1 B1 …
    H1`` across and ``A1 … A8`` down)."""
    view, names = _mid("kuhlorado")
    lines = board_text("kuhlorado", view, names).splitlines()
    assert lines[1].split() == list("ABCDEFGH")
    rows = lines[2:10]
    assert [row.split()[0] for row in rows] == [str(n) for n in range(1, 9)]
    column = {letter: lines[1].index(letter) for letter in "ABCDEFGH"}
    for cell in (c for row in view["cells"] for c in row):
        letter, number = cell["label"][0], int(cell["label"][1:])
        shown = rows[number - 1][column[letter] - 1:column[letter] + 2].strip(" []")
        expected = (str(cell["mark"]).upper() if cell["mark"] else "c" if cell["kind"] == "cow"
                    else str(cell["number"]) if cell["kind"] == "number" else "~~")
        assert shown == expected, (cell, rows[number - 1])


def test_hazienda_map_has_every_space_under_its_row_letter_and_column_number() -> None:
    from games.hazienda.maps import load_map

    view, names = _mid("hazienda", 5)
    lines = board_text("hazienda", view, names).splitlines()
    board = load_map(view["map"])
    header = lines[0]
    for coord, colour in view["lands"].items():
        row = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".index(coord[0])
        col = int(coord[1:])
        line = lines[1 + row]
        assert line.split()[0] == coord[0]
        # the token sits under its column number (odd rows half a hex to the right)
        at = header.index(f" {col:>2}") + 1 + (row % 2)
        assert line[at:at + 1] == {"red": "R", "blue": "B", "yellow": "Y", "green": "G",
                                   "black": "K"}[colour], (coord, line)
    assert len([line for line in lines[1:] if re.match(r"^ [A-Z] ", line)]) == board.rows
    text = "\n".join(lines)
    assert "pts, now" in text and "scored so far, then the total" in text
    for seat, name in enumerate(names):
        assert name in text, seat


def test_llama_land_estates_are_labelled_as_their_cells_are_named() -> None:
    view, names = _mid("llama-land", 4)
    lines = board_text("llama-land", view, names).splitlines()
    header_at = 0
    for player in view["players"]:
        estate = player["estate"]
        header_at = next(i for i, line in enumerate(lines) if i > header_at
                         and re.match(rf"^\s+c{estate['first_col']}\s", line)
                         and lines[i + 1].startswith(f"r{estate['first_row']} "))
        header = lines[header_at]
        columns = [int(c) for c in header.replace("c", " ").split()]
        assert columns == list(range(estate["first_col"], estate["first_col"] + len(columns)))
        for offset, cells in enumerate(estate["rows"]):
            line = lines[header_at + 1 + offset]
            row = line.split()[0]
            shown = line.replace("*", " ").split()[1:]
            assert shown == estate["text"].splitlines()[offset].split()
            for column, cell in zip(columns, cells, strict=True):  # named as labelled
                assert cell is None or cell["name"] == f"{row}c{column}", (cell, line)


def test_gwt_argentina_trail_runs_from_the_start_to_buenos_aires_with_every_space() -> None:
    view, names = _mid("gwt-argentina", 4)
    lines = trail_lines(view, names)
    text = "\n".join(lines)
    assert lines[lines.index("") + 1].startswith("Start")
    assert lines[-1].startswith("Buenos Aires")
    for space in TRAIL:
        if space not in ("START", "BA"):
            assert len(re.findall(rf"(?<![\w]){space}(?![\w])", text)) == 1, space
    assert text.index("N1 ") < text.index("GF1 ") < text.index("N2 ") < text.index("N8 ")
    for landing in SHORTCUTS:
        assert re.search(rf"→ {landing}\b", text)
    for player in view["players"]:
        assert f"@{names[player['seat']]}" in text
    assert "Embarcadère" not in text


def test_fill_keeps_phrases_whole_and_breaks_only_a_phrase_longer_than_a_line() -> None:
    lines = fill(["alpha beta", "gamma", "x" * 100], width=20, first="Head: ")
    assert lines[0] == "Head: alpha beta"
    assert all(len(line) <= 20 for line in lines)
    assert "".join(line.strip() for line in lines[2:]).count("x") == 100


def test_commands_in_french_when_playing_in_french(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    code, text = estancia(["play", "kuhlorado", "--computer", "--seed", "3", "--no-images",
                           "--lang", "fr"], "aide\nplateau\nregles\nrules\nquitter\n",
                          monkeypatch, capsys)
    assert code == 0, text
    assert "annuler, plateau, main, conseil, journal, scores, règles, aide, quitter" in text
    assert "Joueur 1 a ouvert une partie" in text and "Vous a " not in text
    assert re.search(r"^\s+A   B   C   D   E   F   G   H$", text, re.M)  # plateau
    assert text.count("Kuhlorado (2 joueurs)") >= 2  # règles, typed without its accent, and rules
    assert "Arrêté." in text or "Stopped" not in text


def test_rules_and_the_name_of_the_player(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    code, text = estancia(["play", "gwt-argentina", "--computer", "--seed", "3", "--no-images",
                           "--name", "Ana"], "rules\n1\nquit\n", monkeypatch, capsys)
    assert code == 0, text
    assert "Great Western Trail: Argentina (1–4 players): move your estanciero" in text
    assert "Ana opened a game" in text and "— Ana to move" in text
    # the events name the player: never "You moves", "You puts"
    assert not re.search(r"\bYou [a-z]+s\b", text), re.findall(r"\bYou [a-z]+s\b.*", text)


def test_a_new_game_keeps_the_boards_of_the_previous_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setenv("IMAGE_DIR", str(tmp_path / "out"))
    first: list[str] = []
    for _round in range(2):
        code, text = estancia(["play", "kuhlorado", "--computer", "--seed", "3"],
                              "1\nquit\n", monkeypatch, capsys)
        assert code == 0, text
        boards = re.findall(r"board: (\S+)", text)
        assert boards
        first = first or boards
    assert all(Path(p).exists() for p in first)  # the first game's, after the second began
    folders = {p.name for p in (tmp_path / "out").iterdir()}
    assert len(folders) == 2 and all(re.fullmatch(r"kuhlorado-1-\d{8}-\d{6}(-\d+)?", f)
                                     for f in folders), folders


def test_the_resume_hint_names_a_command_that_works_from_the_project_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    script = Path(terminal.sys.executable).parent / "estancia"
    if not script.exists():
        pytest.skip("no estancia script beside this Python")
    monkeypatch.chdir(REPO)
    assert terminal.launcher() == str(script.relative_to(REPO.resolve()))
    assert terminal.launcher(tmp_path) == str(script.absolute())
    db = tmp_path / "saved.sqlite3"
    code, text = estancia(["play", "kuhlorado", "--computer", "--seed", "3", "--no-images",
                           "--db", str(db)], "quit\n", monkeypatch, capsys)
    assert code == 0
    hint = re.search(r"resume with `([^`]+)`", text)
    assert hint and hint[1] == f"{terminal.launcher()} play kuhlorado --db {db}", text
    assert (REPO / hint[1].split()[0]).exists()
