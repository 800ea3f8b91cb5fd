"""A throwaway PostgreSQL server for the tests, from the distribution's binaries
(`/usr/lib/postgresql/<v>/bin`, Debian's `postgresql` package): `initdb` in a temporary folder,
started on a free loopback port, stopped at the end. `initdb` refuses root: as root it runs
as `nobody` (runuser). Used by tests/conftest.py (one server per test session) and by
benchmarks/store_load.py."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

UNPRIVILEGED = "nobody"


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name) if
                   Path(p).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def missing_reason() -> str | None:
    """Why no server can be started here (None: it can)."""
    if binaries() is None:
        return ("PostgreSQL absent (paquet Debian « postgresql » : /usr/lib/postgresql/*/bin) ; "
                "COMPANION_REQUIRE_POSTGRES=1 en fait un échec")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg absent (pip install '.[postgres]')"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "initdb refuse root et runuser est absent"
    return None


def server_environment() -> dict[str, str]:
    """The server keeps the machine's own clock: a run under Debian's faketime (.ci/run, the
    suite a year ahead) fakes the clock of the code under test, not PostgreSQL's, whose lock
    timeouts never fire under libfaketime (a write waiting for a lock then hangs)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAKETIME")}
    preload = [lib for lib in env.pop("LD_PRELOAD", "").split() if "faketime" not in lib]
    if preload:
        env["LD_PRELOAD"] = " ".join(preload)
    return env


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    """One PostgreSQL cluster in a temporary folder, on 127.0.0.1 only, trusting local users."""

    def __init__(self) -> None:
        bin_dir = binaries()
        if bin_dir is None:
            raise RuntimeError(missing_reason())
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="companion-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = "companion"
        as_root = os.geteuid() == 0
        self._prefix = ["runuser", "-u", UNPRIVILEGED, "--"] if as_root else []
        if as_root:
            shutil.chown(self.root, UNPRIVILEGED)
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust",
                  "-E", "UTF8", "--no-sync", "--locale=C.UTF-8")
        # no socket file (the folder of the default one may not exist), loopback TCP only
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-o",
                  f"-p {self.port} -h 127.0.0.1 -k '' -c fsync=off "
                  "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300",
                  "start")
        self.url = f"postgresql://{self.user}@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self._prefix, str(self.bin / tool), *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.root,
                       env=server_environment())

    def database(self, name: str) -> str:
        """A new empty database; its URL."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> PgServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def wait_for(url: str, seconds: float = 10.0) -> None:
    import psycopg

    deadline = time.monotonic() + seconds
    while True:
        try:
            psycopg.connect(url).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
