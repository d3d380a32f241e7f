# Estancia — the two commands a new user needs are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test soak bench bench-load demo lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Exit status 2 means "not configured": estancia has printed the one line saying what to
# put in .env, so make adds no error banner of its own.
run: $(STAMP)
	@$(BIN)/estancia run || { status=$$?; [ $$status -eq 2 ] || exit $$status; }

test: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider

soak: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider -m soak

bench: $(STAMP)
	$(BIN)/python -m bench

# The heavy part of the benchmarks (~12 min): bursts of 50/200/500 games through the bot
# process and a minute of turns at 25/50/75 % of the machine's limit.
bench-load: $(STAMP)
	$(BIN)/python -m bench.load

demo: $(STAMP)
	$(BIN)/estancia play kuhlorado --out out/demo

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache *.egg-info
