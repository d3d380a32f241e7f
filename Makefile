# Estancia — the two commands a new user needs are `make run` and `make test`.
# `make help` lists every target.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
#: What running needs (the bot, the terminal game; PostgreSQL's driver) …
RUNTIME := $(VENV)/.runtime
#: … and what developing needs on top (pytest, hypothesis, ruff, mypy): `make test` and the like.
STAMP  := $(VENV)/.installed
GAME   ?= kuhlorado
#: The oldest Python Estancia runs on (pyproject.toml says the same).
MIN_PYTHON := 3.11
comma := ,
# Python keeps the compiled form of every module it imports (__pycache__/, ignored by git), so
# each of the many processes the tests start (xdist workers, bot processes, command-line
# children) does not compile the whole program again: some hosts turn that off for everyone.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: help run play test soak bench bench-full bench-strength bench-load bench-processes bench-storage demo lint clean

help:
	@echo "make run              start the Discord bot (settings in .env; see .env.example)"
	@echo "make play GAME=name   play a game in this terminal against the computer"
	@echo "                      (GAME=kuhlorado, hazienda, llama-land or gwt-argentina;"
	@echo "                      more: .venv/bin/estancia play --help)"
	@echo "make demo             a Kuhlorado game against the computer, boards in out/demo/"
	@echo "make test             the whole test suite (no network needed)"
	@echo "make bench            speed, taps and strength figures on small counts (~5 min)"
	@echo "make bench-full       the same on full counts (over an hour)"
	@echo "make bench-strength   the computer players' strength table and decision times (~1 h)"
	@echo "make bench-processes  moves/s with 1, 2 and 4 bot processes on PostgreSQL"
	@echo "make bench-storage    moves/s and bytes per game, this tree beside release e65209e"
	@echo "make soak             10,000 random games per game, whole games through bot"
	@echo "                      processes, every storage test on PostgreSQL too (long)"
	@echo "make lint             ruff, and mypy (strict on games/)"
	@echo "make clean            remove .venv and caches"
	@echo "The estancia command itself is .venv/bin/estancia (not on PATH)."

# The Python that makes .venv must be new enough: it is checked first, so a too-old one
# never leaves a .venv behind; a .venv whose own Python is missing or too old (made before
# this check existed, or by hand) is made afresh (--clear).
VERSION_OK := -c 'import sys; sys.exit(sys.version_info < ($(subst .,$(comma) ,$(MIN_PYTHON))))'
$(RUNTIME): pyproject.toml
	@$(PYTHON) $(VERSION_OK) 2>/dev/null || { \
		found=$$($(PYTHON) --version 2>&1 | head -n 1); \
		echo "Estancia needs Python $(MIN_PYTHON) or newer, but $(PYTHON) is $${found:-not installed}." \
		     "Install Python $(MIN_PYTHON)+ and run: make PYTHON=python$(MIN_PYTHON) $(or $(MAKECMDGOALS),run)" >&2; \
		exit 1; }
	@if $(BIN)/python $(VERSION_OK) 2>/dev/null; then :; else \
		echo "$(PYTHON) -m venv --clear $(VENV)"; $(PYTHON) -m venv --clear $(VENV); fi
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[postgres]'
	touch $(RUNTIME)

$(STAMP): $(RUNTIME)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# A start that fails exits non-zero (estancia prints one line saying what to do), and so
# does make: 2 not configured, 1 could not start.
run: $(RUNTIME)
	@$(BIN)/estancia run

play: $(RUNTIME)
	@$(BIN)/estancia play $(GAME) --computer

# The suite runs on every core (pytest-xdist), with one worker more than the cores: many
# tests wait on bot processes and timers, and the extra worker fills those pauses (on 2
# cores: 8 min 0 s with 3 workers, 9 min 16 s with 2, measured together; the suite now
# takes 6 min 21 s with 3, about 710 s of CPU). TEST_WORKERS=0 runs it in this one process.
TEST_WORKERS ?= $(shell echo $$(( $$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) + 1 )))
test: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider -n $(TEST_WORKERS) --dist worksteal

soak: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider -n $(TEST_WORKERS) -m soak

# A few minutes: every figure on small counts. bench-full: the same on full counts (over an hour).
bench: $(STAMP)
	$(BIN)/python -m bench --quick

bench-full: $(STAMP)
	$(BIN)/python -m bench

# The computer players: levels against each other and against today's player, GWT:A's
# against Pedro at each difficulty, decision times per game and level (about an hour on
# two cores; `make bench` plays a quick set of it).
bench-strength: $(STAMP)
	$(BIN)/python -m bench.strength

# The heavy part of the benchmarks (~30 min): bursts of 50/200/500 games through the bot
# process, a minute of turns at 25/50/75 % of the machine's limit, 1,000 live games' memory,
# and per game the board and database figures.
bench-load: $(STAMP)
	$(BIN)/python -m bench.load

# Moves per second with 1, 2 and 4 bot processes on PostgreSQL (~4 min; the test
# database of .ci/postgres, emptied first; also the last part of `make bench`).
bench-processes: $(STAMP)
	$(BIN)/python -m bench.processes

# This tree's storage beside the release before it (e65209e, from git), old and new runs
# alternately: moves/s on SQLite and 1/2/4 PostgreSQL processes, bytes per finished game
# (~25 min; also the last part of `make bench`).
bench-storage: $(STAMP)
	$(BIN)/python -m bench.storage

demo: $(RUNTIME)
	$(BIN)/estancia play kuhlorado --computer --out out/demo

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache *.egg-info
