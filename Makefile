# vLLM Tray — one command to set up and start, one to set up and test everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The real-engine tests share one vLLM CPU install outside the clone (about 3.5 GB, ~3 min once).
export VLLM_TRAY_TEST_ENGINE_DIR ?= $(HOME)/.cache/vllm-tray-tests/engines/cpu
SCREENSHOTS ?= artifacts/screenshots

# What the GUI end-to-end test (tests/gui/test_tray_e2e.py) needs from the OS, as Debian/Ubuntu
# packages: an X server, a window manager, a tray host, xdotool, xwininfo, ImageMagick's import,
# D-Bus, and the X11 libraries Qt's xcb plugin links against (app/launcher.py lists them).
GUI_TEST_PACKAGES := xvfb openbox trayer xdotool x11-utils imagemagick dbus \
	libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 \
	libxcb-util1 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0
GUI_TEST_PROGRAMS := Xvfb openbox trayer xdotool xwininfo import dbus-run-session

.PHONY: run setup test test-deps gui-test-deps lint typecheck imports unit screenshots bench \
	translations clean

# The launcher checks Qt's X11 libraries before it opens the window and names the package to
# install when one is missing (app/launcher.py).
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
	$(BIN)/python scripts/check_module_size.py
	$(BIN)/python scripts/check_test_layout.py
	$(BIN)/python scripts/relayout.py --check

typecheck: setup
	$(BIN)/mypy

imports: setup
	$(BIN)/lint-imports

# Programs the tests run besides Python: dbus-daemon (a private bus for the suspend and tray
# tests), desktop-file-validate and appstreamcli (the packaging tests validate the menu entry
# and the AppStream metadata), as Debian packages. Installed when missing; if they cannot be,
# this fails rather than letting tests skip.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
TEST_PROGRAMS := dbus-daemon:dbus desktop-file-validate:desktop-file-utils appstreamcli:appstream
test-deps:
	@missing=""; \
	for pair in $(TEST_PROGRAMS); do \
		command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages the tests need:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			$(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# Installed when any is missing; if they cannot be, this fails rather than letting tests skip.
gui-test-deps: setup
	@missing=""; \
	for program in $(GUI_TEST_PROGRAMS); do \
		command -v $$program >/dev/null 2>&1 || missing="$$missing $$program"; \
	done; \
	$(BIN)/python -c "import sys; from app.launcher import missing_xcb_libraries as m; \
		sys.exit(1 if m({'DISPLAY': ':0'}) else 0)" || missing="$$missing qt-x11-libraries"; \
	if [ -n "$$missing" ]; then \
		echo "installing what the GUI end-to-end test needs (missing:$$missing)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			$(SUDO) apt-get install -y -qq $(GUI_TEST_PACKAGES); \
	fi

test-engine: setup
	$(BIN)/python -m tests.real_engine.setup_engine

# Every tier: lint, types and imports; the screenshots; every test but the real-engine ones
# (Xvfb end-to-end included) on TEST_WORKERS pytest-xdist workers; and the real-engine tests,
# which start first and run beside the rest (scripts/tiers.py says why). It ends with a table
# of each tier's wall and CPU time, then the real-engine output, so their count closes it.
TEST_WORKERS ?= 4
test: setup test-deps gui-test-deps test-engine
	$(BIN)/python scripts/tiers.py --workers $(TEST_WORKERS) --screenshots $(SCREENSHOTS)

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
