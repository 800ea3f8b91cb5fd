"""deploy/: the container an operator builds (issues 26, 40). Docker cannot run here: the files
are checked instead — the build context the root .dockerignore lets in (Docker's rules: in
order, the last matching line wins, `!` lets back in), a non-root user by its numeric uid, the
data folder created with its owner before it is declared a volume, the source mounted for the
install and kept in no layer, a HEALTHCHECK on Streamlit's /_stcore/health, `companion app` as
the command; compose's database password a secret file, in no variable."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from companion.core import settings

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
                   "tableapp/process/launch.py", "tableapp/pages/home.py"):
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
    [health] = [rest for word, rest in steps if word == "HEALTHCHECK"]
    assert "/_stcore/health" in health and "CMD" in health
    assert re.search(r"--interval=\d+s", health) and re.search(r"--timeout=\d+s", health)
    [cmd] = [rest for word, rest in steps if word == "CMD"]
    assert shlex.split(cmd.replace("[", " ").replace("]", " ").replace(",", " "))[:2] == [
        "companion", "app"]
    assert any("[app,postgres]" in rest for word, rest in steps if word == "RUN")


def test_the_user_is_numeric_and_owns_the_data_folder_made_before_its_volume() -> None:
    steps = instructions()
    [user] = [rest for word, rest in steps if word == "USER"]
    uid = re.fullmatch(r"(\d+)(?::(\d+))?", user)
    assert uid and int(uid.group(1)) != 0  # runAsNonRoot can check a number, not a name
    [volume] = [rest for word, rest in steps if word == "VOLUME"]
    volume_at = next(i for i, (word, _) in enumerate(steps) if word == "VOLUME")
    [db] = [rest for word, rest in steps if word == "ENV" and rest.startswith("COMPANION_DB=")]
    assert Path(db.split("=", 1)[1]).parent == Path(volume)  # SQLite's folder is the volume
    made = [i for i, (word, rest) in enumerate(steps) if word == "RUN"
            and f"mkdir -p {volume}" in rest and f"chown {user} {volume}" in rest
            and f"useradd --uid {uid.group(1)}" in rest]
    assert made and made[0] < volume_at  # a new named volume copies the folder and its owner
    assert not [rest for word, rest in steps[volume_at:] if word == "RUN" and volume in rest]


def test_the_source_is_mounted_for_the_install_and_kept_in_no_layer() -> None:
    steps = instructions()
    assert not [rest for word, rest in steps if word in ("COPY", "ADD")]
    [install] = [rest for word, rest in steps if word == "RUN" and "pip install" in rest]
    assert install.startswith("--mount=type=bind,target=/tmp/src")
    assert (DEPLOY / "Dockerfile").read_text(encoding="utf-8").startswith(
        "# syntax=docker/dockerfile:1\n")  # RUN --mount: BuildKit's Dockerfile syntax


def environment(service: dict) -> dict[str, str]:
    value = service.get("environment", {})
    if isinstance(value, list):
        value = dict(item.split("=", 1) for item in value)
    return {str(k): str(v) for k, v in value.items()}


def test_compose_gives_the_password_as_a_secret_file_never_a_variable() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    [(name, secret)] = compose["secrets"].items()
    assert secret == {"file": "./secrets/db_password.txt"}
    assert "/deploy/secrets/" in (ROOT / ".gitignore").read_text().splitlines()
    assert not in_context("deploy/secrets/db_password.txt")  # nor in the image's context
    inside = f"/run/secrets/{name}"
    db = compose["services"]["db"]
    assert db["secrets"] == [name]
    assert environment(db)["POSTGRES_PASSWORD_FILE"] == inside
    for app in ("app1", "app2"):
        service = compose["services"][app]
        env = environment(service)
        assert service["secrets"] == [name]
        assert env["COMPANION_DB_PASSWORD_FILE"] == inside
        assert "COMPANION_DB_PASSWORD_FILE" in settings.NAMES  # a variable the code reads
        url = urlsplit(env["COMPANION_DB"])
        assert url.scheme == "postgresql" and url.password is None and url.username
        assert service["env_file"] == ["compagnon.env"]
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
    for service in compose["services"].values():  # no password in any plain variable
        for key, value in environment(service).items():
            assert "PASSWORD" not in key or key.endswith("_FILE"), key
            if "://" in value:
                assert urlsplit(value).password is None, key
    example = (DEPLOY / "compagnon.env.example").read_text(encoding="utf-8")
    values = dict(line.split("=", 1) for line in example.splitlines()
                  if line and not line.startswith("#"))
    assert "COMPANION_PUBLIC_URL" in values  # the env file holds no secret any more:
    assert not [k for k in values if "PASSWORD" in k or k in ("COMPANION_DB", "POSTGRES_USER")]
    assert not [v for v in values.values() if "://" in v and urlsplit(v).password]
    assert "/deploy/compagnon.env" in (ROOT / ".gitignore").read_text().splitlines()
