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

app: $(STAMP)
	$(BIN)/companion app --port 8501

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: $(STAMP)
	@for script in benchmarks/[!_]*.py; do echo "== $$script"; $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
