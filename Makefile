# The two set-up commands of a fresh machine: `make app` and `make test`.
# Both create .venv and install everything themselves (the app and the test tools included).
# Without make: README › Without make (Windows PowerShell too).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: app test lint bench venv clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[app,test]'
	touch $(STAMP)

venv: $(STAMP)

# Production settings (issue 23): no file watcher (it costs every screen's runs ~27 %), no
# rerun on save; sessions whose phone went away are dropped after 30 s instead of 120 s.
# COMPANION_MAX_SESSIONS (default 500) is the ceiling of devices of this process.
app: $(STAMP)
	$(BIN)/companion app --port 8501

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: $(STAMP)
	@for script in benchmarks/[!_]*.py; do echo "== $$script"; $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
