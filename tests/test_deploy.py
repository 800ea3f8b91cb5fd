"""deploy/: the container an operator builds (issue 26). Docker cannot run here: the files are
checked instead — the build context the root .dockerignore lets in (Docker's rules: in order,
the last matching line wins, `!` lets back in), a non-root user, a HEALTHCHECK on Streamlit's
/_stcore/health, `companion app` as the command, secrets only in an env file."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def _regex(pattern: str) -> re.Pattern[str]:
    """A .dockerignore pattern (Go's filepath.Match, plus `**`) as a regex over a path and
    everything under it."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**", i):
            out += ".*"
            i += 2
            if pattern.startswith("/", i):
                out += "/?"
                i += 1
        elif pattern[i] == "*":
            out += "[^/]*"
            i += 1
        elif pattern[i] == "?":
            out += "[^/]"
            i += 1
        else:
            out += re.escape(pattern[i])
            i += 1
    return re.compile(f"^{out}(/.*)?$")


def rules() -> list[tuple[bool, re.Pattern[str]]]:
    found = []
    for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keep = line.startswith("!")
        pattern = line.lstrip("!").strip("/")
        found.append((keep, _regex(pattern)))
    return found


def in_context(path: str) -> bool:
    excluded = False
    for keep, pattern in rules():
        if pattern.match(path):
            excluded = not keep
    return not excluded


def test_the_build_context_holds_the_package_and_nothing_private() -> None:
    for needed in ("pyproject.toml", "README.md", "LICENSE", "NOTICE", "streamlit_app.py",
                   ".streamlit/config.toml", "data/noe.yaml", "companion/cli/base.py",
                   "companion/games/noe/engine.py", "print_kit/fonts/DejaVuSans-nohint.ttf",
                   "tableapp/launch.py", "tableapp/pages/home.py"):
        assert in_context(needed), needed
    for private in (".git/HEAD", ".git/objects/ab/cdef", ".venv/bin/python",
                    ".venv/lib/python3.12/site-packages/x.py", "games.sqlite3",
                    "games.sqlite3-wal", "data/club.sqlite3", "backups/games-1-manuelle.sqlite3",
                    "companion/__pycache__/cli.cpython-312.pyc", "deploy/compagnon.env",
                    "tests/conftest.py", "benchmarks/noe.py", ".env", "kit/noe.pdf",
                    ".pytest_cache/v/cache", "docs/architecture.md"):
        assert not in_context(private), private


def test_every_file_the_wheel_is_built_from_enters_the_context() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0:
        return  # an sdist: no git
    for path in tracked.stdout.splitlines():
        if path.startswith(("companion/", "print_kit/", "tableapp/", "data/")):
            assert in_context(path), path


def instructions() -> list[tuple[str, str]]:
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def test_the_image_runs_companion_app_as_an_ordinary_user_with_a_healthcheck() -> None:
    steps = instructions()
    users = [rest for word, rest in steps if word == "USER"]
    assert users and users[-1] not in ("root", "0", "0:0")
    last_user = max(i for i, (word, _) in enumerate(steps) if word == "USER")
    cmd_at = max(i for i, (word, _) in enumerate(steps) if word == "CMD")
    assert last_user < cmd_at  # the server itself runs as that user
    assert [rest for word, rest in steps if word == "COPY"] == [". /tmp/src"]  # the context
    [health] = [rest for word, rest in steps if word == "HEALTHCHECK"]
    assert "/_stcore/health" in health and "CMD" in health
    assert re.search(r"--interval=\d+s", health) and re.search(r"--timeout=\d+s", health)
    [cmd] = [rest for word, rest in steps if word == "CMD"]
    assert shlex.split(cmd.replace("[", " ").replace("]", " ").replace(",", " "))[:2] == [
        "companion", "app"]
    assert any("[app,postgres]" in rest for word, rest in steps if word == "RUN")


def test_compose_takes_its_secrets_from_an_env_file() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    text = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
    assert "PASSWORD:" not in text and "postgresql://" not in text.split("#")[0]
    for name in ("db", "app1", "app2"):
        service = compose["services"][name]
        assert service.get("env_file") == ["compagnon.env"], name
        assert "environment" not in service, name
    example = (DEPLOY / "compagnon.env.example").read_text(encoding="utf-8")
    values = dict(line.split("=", 1) for line in example.splitlines()
                  if line and not line.startswith("#"))
    assert {"POSTGRES_PASSWORD", "COMPANION_DB", "POSTGRES_USER", "POSTGRES_DB"} <= set(values)
    assert values["POSTGRES_PASSWORD"] == "CHANGEZ-MOI"
    assert ":CHANGEZ-MOI@db:" in values["COMPANION_DB"]
    assert "/deploy/compagnon.env" in (ROOT / ".gitignore").read_text().splitlines()
    assert compose["services"]["app1"]["build"] == {"context": "..",
                                                    "dockerfile": "deploy/Dockerfile"}
