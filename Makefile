# Both targets build .venv from nothing when it is missing or pyproject.toml changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Test workers (pytest-xdist): the end-to-end tests mostly wait on a real server and the pace of its
# chat, so more workers than cores still shortens the run; each worker starts its own servers.
WORKERS ?= 6

.PHONY: play test test-fast lint browser compile bench bench-bot clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# A fixed seed and a mix of strategies: this game shows follows, rebels, three Peaceful Handovers and a
# Rebellion (tests/host/test_terminal.py checks it). `make play SEED=5` watches another game.
SEED ?= 54
play: $(STAMP)
	$(BIN)/survivor-host play ftl --auto --players 10 --strategy always-follow,random,always-follow,always-rebel --seed $(SEED)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy --strict src
	$(BIN)/lint-imports

# The replay page's tests open it in Debian's chromium package; installed here when missing (root only).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's chromium package for the browser tests"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get -o DPkg::Lock::Timeout=600 update -qq && \
	    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends chromium >/dev/null; \
	  else \
	    echo "make test needs Debian's chromium package for the browser tests: run make test as root" \
	      "(it installs it with apt-get), or install it first: apt-get install chromium" >&2; \
	    exit 1; \
	  fi; }
	@command -v chromium >/dev/null 2>&1 || { echo "chromium did not install" >&2; exit 1; }

# The bot and CLI processes the tests start (about 200) read the package compiled once here, even where
# PYTHONDONTWRITEBYTECODE keeps Python from writing what it compiles on import.
compile: $(STAMP)
	$(BIN)/python -m compileall -q src tests

# pytest rewrites each test module's asserts as it imports it: one collection first stores that (even
# where PYTHONDONTWRITEBYTECODE is set), so the workers read it instead of each doing it again.
test: lint browser compile
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q --collect-only -p no:cacheprovider >/dev/null
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n $(WORKERS) --dist worksteal

# Everything but the end-to-end tests (no Node.js, no local Showdown server).
test-fast: lint browser compile
	$(BIN)/pytest -q -n $(WORKERS) --dist worksteal -m "not e2e"

bench: $(STAMP)
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/host_speed.py
	$(BIN)/python bench/sim_speed.py

bench-bot: $(STAMP)
	$(BIN)/python bench/bot_overhead.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
