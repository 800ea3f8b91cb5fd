# The two set-up commands of a fresh machine: `make app` and `make test`.
# Both create .venv and install everything themselves (the app and the test tools included).
# Without make: README › Without make (Windows PowerShell too).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: app test lint bench bench-quick lock venv clean

# The application's lock (uv.lock, exported with hashes as requirements/dev.txt: every extra
# and the test tools, dependency group dev) is what is installed, then the project itself
# without resolving anything more: a new release of a dependency changes nothing until the
# lock is renewed (`make lock`). pyproject.toml keeps the ranges the wheel publishes.
$(STAMP): pyproject.toml requirements/dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/dev.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

venv: $(STAMP)

# Production settings (issue 23): no file watcher (it costs every screen's runs ~27 %), no
# rerun on save; sessions whose phone went away are dropped after 30 s instead of 120 s.
# COMPANION_MAX_SESSIONS (default 500) is the ceiling of devices of this process.
app: $(STAMP)
	$(BIN)/companion app --port 8501

# The suite on every core (pytest-xdist; -n auto is one worker more than the processors,
# tests/conftest.py): a test file stays on one worker (--dist loadfile), so a module's browser
# and server are started once.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n auto --dist loadfile

# Every benchmark in full (benchmarks/_*.py are their helpers); stops at the first that fails.
bench: $(STAMP)
	@for script in benchmarks/[!_]*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

# The same scripts with --quick (small sizes, the same code paths): what CI runs, so that no
# benchmark can stop running unseen.
bench-quick: $(STAMP)
	@for script in benchmarks/[!_]*.py; do echo "== $$script --quick"; \
	  start=$$(date +%s); $(BIN)/python $$script --quick || exit 1; \
	  echo "   ($$(( $$(date +%s) - start )) s)"; done

# Renew the lock after a change of pyproject.toml's ranges (uv, in a tools venv of its own):
# uv.lock, then its two exports, the server's (Dockerfile) and the developers' (make).
UV_VERSION := 0.13.9
lock:
	$(PYTHON) -m venv $(VENV)-tools
	$(VENV)-tools/bin/python -m pip install --quiet "uv==$(UV_VERSION)"
	$(VENV)-tools/bin/uv lock
	$(VENV)-tools/bin/uv export --frozen --no-emit-project --extra app --extra postgres --no-dev \
	  -o requirements/app.txt -q
	$(VENV)-tools/bin/uv export --frozen --no-emit-project --all-extras -o requirements/dev.txt -q

clean:
	rm -rf $(VENV) $(VENV)-tools build dist *.egg-info .pytest_cache .ruff_cache
