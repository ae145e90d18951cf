# Two entry points for a fresh machine (see README): `make play` and `make test`.
# Everything goes into .venv/, so a system pip that refuses to install (PEP 668) is no obstacle.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install -q --disable-pip-version-check
# compat: a plain path entry, which imports faster than the default editable finder
EDITABLE := --config-settings editable_mode=compat

.PHONY: play test bench lint clean transcripts

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) -e . $(EDITABLE)
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[test]' $(EDITABLE)
	touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/gros play

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/gros bench
	$(BIN)/invaders bench
	$(BIN)/horror bench

# what a player sees, one play-through per game (docs/transcripts/)
transcripts: $(VENV)/.installed
	for g in invaders gros horror; do $(BIN)/python -m common.transcript $$g docs/transcripts/$$g.md || exit 1; done

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build *.egg-info
