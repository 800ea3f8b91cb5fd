# The two set-up commands of a fresh machine: `make app` and `make test`.
# Both create .venv and install everything themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: app test lint bench venv clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

# Production settings (issue 23): no file watcher (it costs every screen's runs ~27 %), no
# rerun on save; sessions whose phone went away are dropped after 30 s instead of 120 s.
# COMPANION_MAX_SESSIONS (default 500) is the ceiling of devices of this process.
app: $(STAMP)
	$(BIN)/streamlit run streamlit_app.py --server.port 8501 --server.headless true \
		--browser.gatherUsageStats false --server.fileWatcherType none \
		--server.runOnSave false --server.disconnectedSessionTTL 30

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: $(STAMP)
	@for script in benchmarks/[!_]*.py; do echo "== $$script"; $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
