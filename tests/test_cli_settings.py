"""companion/core/settings.py: every COMPANION_* variable checked at start with one French line
(exit
2), the logging of `--verbose`, and `companion app`'s own wiring (its Streamlit flags, the
address it prints, Streamlit imported only by `companion app`)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import settings
from companion.core.errors import CompanionError
from companion.events.store import EventStore
from tableapp.console import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("name", "value", "words"), [
    ("COMPANION_BACKUP_HOURS", "abc", "un nombre d'heures positif est attendu"),
    ("COMPANION_BACKUP_HOURS", "-3", "un nombre d'heures positif est attendu"),
    ("COMPANION_BACKUP_HOURS", "nan", "un nombre d'heures positif est attendu"),
    ("COMPANION_BACKUP_KEEP", "0", "au moins 1"),
    ("COMPANION_BACKUP_KEEP", "dix", "au moins 1"),
    ("COMPANION_PUBLIC_URL", "ftp://club", "http:// ou https://"),
    ("COMPANION_PUBLIC_URL", "192.168.1.20:8501", "http:// ou https://"),
    ("COMPANION_DB", "mysql://club/base", "postgresql://"),
    ("COMPANION_DATA_DIR", "/nulle/part/ici", "ce dossier n'existe pas"),
    ("COMPANION_MAX_SESSIONS", "0", "au moins 1"),
    ("COMPANION_MAX_SESSIONS", "beaucoup", "au moins 1"),
    ("COMPANION_PUSH", "oui", "0 ou 1"),
    ("COMPANION_TRUSTED_PROXIES", "*", "adresses IP ou des réseaux"),
    ("COMPANION_TRUSTED_PROXIES", "caddy", "adresses IP ou des réseaux"),
    ("COMPANION_TRUSTED_PROXIES", "10.0.0.1, 10.0.0.300", "adresses IP ou des réseaux"),
    ("COMPANION_HEAD_SECONDS", "0", "de 1 à 300"),
    ("COMPANION_HEAD_SECONDS", "dix", "de 1 à 300"),
    ("COMPANION_FIRST_WORD_SECONDS", "301", "de 1 à 300"),
    ("COMPANION_FIRST_WORD_SECONDS", "inf", "de 1 à 300"),
])
def test_a_bad_value_is_one_french_line_and_exit_2(
        name: str, value: str, words: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(name, value)
    assert main(["games"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"companion : erreur : variable d'environnement {name}=")
    assert words in err and "Traceback" not in err and "ValueError" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_folder_as_the_database_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COMPANION_DB", str(tmp_path))
    assert main(["games"]) == 2
    assert "c'est un dossier" in capsys.readouterr().err


def test_the_store_says_a_bad_backup_period_in_french(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """What raised a ValueError from inside the store (issue 26) is a CompanionError."""
    path = tmp_path / "games.sqlite3"
    EventStore(path).create("camelot", {"players": ["Alice", "Bruno"]}, "t")
    EventStore(path)  # a restart: the first start-up backup (no period read yet)
    monkeypatch.setenv("COMPANION_BACKUP_HOURS", "abc")
    with pytest.raises(CompanionError, match="COMPANION_BACKUP_HOURS"):
        EventStore(path)


def test_good_values_are_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_BACKUP_HOURS", "1,5")
    monkeypatch.setenv("COMPANION_BACKUP_KEEP", "3")
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "https://club.example/")
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("COMPANION_TRUSTED_PROXIES", " 172.28.0.2 ,10.1.2.3/8,, ::1")
    monkeypatch.setenv("COMPANION_HEAD_SECONDS", "2,5")
    settings.check()
    assert settings.backup_hours() == 1.5 and settings.backup_keep() == 3
    assert settings.head_seconds() == 2.5 and settings.first_word_seconds() == 15
    assert settings.trusted_proxies() == ("172.28.0.2", "10.0.0.0/8", "::1")
    monkeypatch.setenv("COMPANION_TRUSTED_PROXIES", "")
    assert settings.trusted_proxies() == ()  # the default: no proxy, no forwarded header
    assert settings.public_url() == "https://club.example"
    assert settings.cache_folder() == tmp_path / "cache"
    monkeypatch.delenv("COMPANION_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert settings.default_database_file() == (tmp_path / "data" / "compagnon-de-table"
                                                / "games.sqlite3")


def test_verbose_logs_with_time_and_level(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    EventStore(db).create("camelot", {"players": ["Alice", "Bruno"]}, "t")
    done = subprocess.run([sys.executable, "-m", "companion", "--verbose", "backup", "--db",
                           str(db), "--out", str(tmp_path / "copie.sqlite3")],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert re.search(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d INFO companion\.storage : base .* "
                     r"sauvegardée dans .*copie\.sqlite3", done.stderr, re.M), done.stderr
    quiet = subprocess.run([sys.executable, "-m", "companion", "backup", "--db", str(db),
                            "--out", str(tmp_path / "autre.sqlite3")],
                           capture_output=True, text=True, cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == ""


# --- companion app ---------------------------------------------------------------------------


def test_the_cli_never_imports_streamlit_unless_app_runs(tmp_path: Path) -> None:
    probe = ("import sys\n"
             "from tableapp.console import build_parser, main\n"
             "build_parser()\n"  # every subcommand's module, companion app's included
             "assert main(['games']) == 0\n"
             "assert main(['cards', 'noe', '--level', '1', '--format', 'json']) == 0\n"
             "print('streamlit' in sys.modules, 'tableapp.process.launch' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "False True"


def test_companion_app_without_streamlit_says_which_extra(tmp_path: Path) -> None:
    probe = ("import sys; sys.modules['streamlit'] = None\n"
             "from tableapp.console import main\n"
             f"raise SystemExit(main(['app', '--local', '--db', {str(tmp_path / 'g.db')!r}]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 2
    assert "pipx install '.[app]'" in done.stderr and "Traceback" not in done.stderr


def test_companion_app_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["app", "--port", "70000"]) == 2
    assert "entre 1 et 65535" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["app", "--local", "--address", "0.0.0.0"])  # one or the other


def test_companion_app_passes_the_project_settings_to_streamlit() -> None:
    from tableapp.process import launch

    flags = launch.streamlit_flags(8600, "0.0.0.0")
    pairs = dict(zip(flags[::2], flags[1::2], strict=True))
    assert pairs["--server.port"] == "8600" and pairs["--server.address"] == "0.0.0.0"
    assert pairs["--server.headless"] == "true"
    assert pairs["--server.fileWatcherType"] == "none"
    assert pairs["--server.runOnSave"] == "false"  # production settings (issue 23)
    assert pairs["--server.disconnectedSessionTTL"] == "30"
    assert pairs["--browser.gatherUsageStats"] == "false"
    assert pairs["--client.showErrorDetails"] == "none"
    assert pairs["--runner.postScriptGC"] == "false"  # from .streamlit/config.toml
    assert "--theme.base" not in pairs  # light or dark follows the device


def test_the_printed_address_is_the_one_phones_open(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.hosting import network
    from tableapp.process import launch

    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    monkeypatch.delenv("COMPANION_PUBLIC_URL", raising=False)
    assert network.served_url(8501, "0.0.0.0") == "http://192.168.1.20:8501"
    assert network.served_url(8501, "127.0.0.1") == "http://localhost:8501"
    assert network.served_url(8501, "192.168.1.7") == "http://192.168.1.7:8501"
    assert network.served_url(8501, "fd00::7") == "http://[fd00::7]:8501"
    monkeypatch.setattr(network, "lan_address", lambda: None)  # no network at all
    assert network.served_url(8502, "0.0.0.0") == "http://localhost:8502"
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "https://club.example/")
    assert network.served_url(8501, "0.0.0.0") == "https://club.example"
    assert "█" in (launch.qr_text("http://192.168.1.20:8501") or "")
