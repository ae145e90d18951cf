# Two entry points for a fresh machine (see README): `make play` and `make test`.
# Everything goes into .venv/, so a system pip that refuses to install (PEP 668) is no obstacle.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# extra flags for `python -m venv`, e.g. VENVFLAGS=--system-site-packages
VENVFLAGS ?=
PIP := $(BIN)/python -m pip install -q --disable-pip-version-check
# Which interpreter a venv comes from: its version and installation. .venv/.python keeps the
# one it was made with; when PY names another (PY=python3.13 on a 3.11 venv, or a plain `make`
# after a failed PY=python3.10), the venv is made again instead of being quietly reused.
WHICH := import sys; print(sys.version.split()[0], sys.base_prefix)
WANT := $(shell $(PY) -c '$(WHICH)' 2>/dev/null)
# for the message when PY will not do: the Pythons 3.11+ on the PATH that do run
FOUND = $(shell for p in python3.14 python3.13 python3.12 python3.11 python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && printf ' %s' $$p; \
	done | sed 's/^ /; these do: /')

.PHONY: play test bench lint clean transcripts catalogs FORCE

# Rewritten only when the interpreter changed, so the install stamps below stay valid otherwise.
$(VENV)/.python: FORCE
	@$(PY) -c '' >/dev/null 2>&1 || { echo "make: PY=$(PY) does not run here: $$($(PY) -c '' 2>&1 | \
		head -1)$(FOUND)" >&2; exit 1; }
	@$(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "make: PY=$(PY) is" \
		"Python $$($(PY) -c 'import platform; print(platform.python_version())'), not 3.11 or" \
		"newer$(FOUND)" >&2; exit 1; }
	@if [ ! -x $(BIN)/python ] || [ "$$(cat $@ 2>/dev/null)" != "$(WANT)" ]; then \
		echo "making $(VENV) with $(PY) ($(WANT))"; \
		rm -rf $(VENV) && $(PY) -m venv $(VENVFLAGS) $(VENV) && echo "$(WANT)" > $@; \
	fi

$(VENV)/.installed: pyproject.toml $(VENV)/.python
	$(PIP) -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.python
	$(PIP) -e '.[test]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-lint: pyproject.toml $(VENV)/.python
	$(PIP) -e '.[lint]'
	touch $@

# which game 'make play' starts: GAME=gros (the default), invaders or horror; ARGS are passed on
GAME ?= gros
ARGS ?=

play: $(VENV)/.installed
	@case "$(GAME)" in gros|invaders|horror) ;; \
		*) echo "make: GAME=$(GAME) is not a game here (gros, invaders or horror)" >&2; exit 2;; esac
	$(BIN)/$(GAME) play $(ARGS)

# three workers (pytest-xdist): the suite mostly waits on sockets and terminals
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 3

bench: $(VENV)/.installed
	$(BIN)/gros bench
	$(BIN)/invaders bench
	$(BIN)/horror bench

# what a player sees, one play-through per game (docs/transcripts/)
transcripts: $(VENV)/.installed
	for g in invaders gros horror; do $(BIN)/python -m common.transcript $$g docs/transcripts/$$g.md || exit 1; done

# the message catalogs (common/catalogs.py): new strings in, translations compiled to .mo
catalogs: $(VENV)/.installed-test
	$(BIN)/python -m common.catalogs

# ruff, then mypy over the four packages (its settings: [tool.mypy] in pyproject.toml)
lint: $(VENV)/.installed-lint
	$(BIN)/ruff check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist *.egg-info
