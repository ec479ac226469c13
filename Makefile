# Both targets build .venv from nothing when it is missing or pyproject.toml changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench bench-bot clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# A fixed seed and a mix of strategies: this game shows follows, rebels, two Peaceful Handovers and two
# Rebellions (tests/host/test_terminal.py checks it). `make play SEED=5` watches another game.
SEED ?= 22
play: $(STAMP)
	$(BIN)/survivor-host play ftl --auto --players 10 --strategy always-follow,random,always-follow,always-rebel --seed $(SEED)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy --strict src

test: lint
	$(BIN)/pytest -q

bench: $(STAMP)
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/host_speed.py

bench-bot: $(STAMP)
	$(BIN)/python bench/bot_overhead.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
