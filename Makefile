# vLLM Tray — one command to set up and start, one to set up and test everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The real-engine tests share one vLLM CPU install outside the clone (about 3.5 GB, ~3 min once).
export VLLM_TRAY_TEST_ENGINE_DIR ?= $(HOME)/.cache/vllm-tray-tests/engines/cpu
SCREENSHOTS ?= artifacts/screenshots

.PHONY: run setup test test-deps lint typecheck imports unit screenshots bench translations clean

run: setup
	$(BIN)/vllm-tray

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	@touch $@

lint: setup
	$(BIN)/ruff check app tests bench scripts
	$(BIN)/ruff format --check app tests bench scripts
	$(BIN)/python scripts/translations.py check

typecheck: setup
	$(BIN)/mypy

imports: setup
	$(BIN)/lint-imports

# Programs the tests run besides Python: dbus-daemon (a private bus for the suspend tests).
# Installed when missing; if it cannot be, this fails rather than letting tests skip.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
test-deps:
	@command -v dbus-daemon >/dev/null || { \
		echo "installing Debian's dbus package (dbus-daemon) for the suspend tests"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends dbus; }

test-engine: setup
	$(BIN)/python -m tests.real_engine.setup_engine

# The real-engine tests run last, on their own, so their count is the closing line.
test: lint typecheck imports test-deps test-engine
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py $(SCREENSHOTS)
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -p no:cacheprovider -m "not real_engine"
	$(BIN)/pytest -p no:cacheprovider -m real_engine

unit: setup
	$(BIN)/pytest tests/unit -q

screenshots: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py $(SCREENSHOTS)

bench: setup
	$(BIN)/python bench/bench_proxy.py

translations: setup
	$(BIN)/python scripts/translations.py update

clean:
	rm -rf $(VENV) build dist *.egg-info artifacts
