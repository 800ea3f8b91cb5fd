"""The app server a benchmark measures and the machine's readings of it: `Server` starts
`streamlit run` with make app's production settings on a free loopback port (its own database)
and stops it by PID; `cpu_seconds`, `rss_mib` and `load` read /proc; `health` times
/_stcore/health.

Apart from phones.py, which keeps the scenarios (the crowd of phones, the writes, the rows it
prints): these know nothing of phones or games, only a process and its port. Imported by its
siblings as a script's module (benchmarks/ is not a package: they put it on sys.path).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from streamclient import now  # noqa: E402

# make app's production settings (Makefile), on a loopback port; a closed session is kept
# SESSION_TTL seconds (the product's 30 shortened: the benchmarks wait for it to pass)
SESSION_TTL = 10
SETTINGS = ["--server.headless", "true", "--browser.gatherUsageStats", "false",
            "--server.fileWatcherType", "none", "--server.runOnSave", "false",
            "--server.address", "127.0.0.1"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])



def answers(url: str, proc: subprocess.Popen, what: str, seconds: float = 90) -> bool:
    """Whether the server at `url` answers its health check within `seconds`; SystemExit
    naming `what` if its process ends first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if health(url) is not None:
            return True
        if proc.poll() is not None:
            raise SystemExit(f"{what} s'est arrêté au démarrage")
        time.sleep(0.3)
    return False


class Server:
    """`streamlit run SCRIPT` with make app's settings on a free loopback port; stopped by PID."""

    def __init__(self, script: Path, db: Path, env: dict[str, str] | None = None,
                 session_ttl: int = SESSION_TTL) -> None:
        self.port = free_port()
        self.session_ttl = session_ttl
        self.url = f"http://127.0.0.1:{self.port}"
        full_env = dict(os.environ, COMPANION_DB=str(db), PYTHONPATH=str(ROOT),
                        COMPANION_PUBLIC_URL=self.url, **(env or {}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), "--server.port",
             str(self.port), *SETTINGS, "--server.disconnectedSessionTTL", str(session_ttl)],
            cwd=ROOT, env=full_env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not answers(self.url, self.proc, "le serveur"):
            self.stop()
            raise SystemExit("le serveur n'a pas répondu en 90 s")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)


def health(url: str) -> float | None:
    """Seconds /_stcore/health took to answer, None when it did not (2 s)."""
    start = now()
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
            return now() - start
    except OSError:
        return None
