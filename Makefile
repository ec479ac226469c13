# Both targets build .venv from nothing when it is missing or pyproject.toml changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-fast lint browser bench bench-bot clean native

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The engine and theme modules compiled with mypyc, in place (tools/build_native.py; about twice as fast).
# They run only when asked for (SURVIVOR_HOST_NATIVE=1: simulations, benchmarks) and while they match their
# sources; everything else runs the pure-Python engine. Rebuilt when the venv, the tool or any source it
# compiles or compiles against changes; a failed compile leaves only the pure engine (tests/test_native.py
# then fails, saying so). `make native` rebuilds now.
NATIVE := $(VENV)/.native
NATIVE_SOURCES := $(shell $(PYTHON) tools/build_native.py --sources)
$(NATIVE): $(STAMP) tools/build_native.py $(NATIVE_SOURCES)
	$(BIN)/python tools/build_native.py
	touch $(NATIVE)

native: $(STAMP)
	$(BIN)/python tools/build_native.py
	touch $(NATIVE)

# A fixed seed and a mix of strategies: this game shows follows, rebels, three Peaceful Handovers and a
# Rebellion (tests/host/test_terminal.py checks it). `make play SEED=5` watches another game.
SEED ?= 54
play: $(STAMP)
	$(BIN)/survivor-host play ftl --auto --players 10 --strategy always-follow,random,always-follow,always-rebel --seed $(SEED)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/mypy --strict src tools

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

test: lint browser $(NATIVE)
	$(BIN)/pytest -q

# Everything but the end-to-end tests (no Node.js, no local Showdown server).
test-fast: lint browser $(NATIVE)
	$(BIN)/pytest -q -m "not e2e"

bench: $(NATIVE)
	SURVIVOR_HOST_NATIVE=1 $(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/host_speed.py
	$(BIN)/python bench/sim_speed.py

bench-bot: $(STAMP)
	$(BIN)/python bench/bot_overhead.py

clean:
	$(PYTHON) tools/build_native.py --clean
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
