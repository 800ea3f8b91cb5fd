"""Issue 38's attacks on a server started as `companion app`, each with its time, the server's
CPU and memory, and the host's tap answered meanwhile: on addresses and process state
(benchmarks/_forged_requests.py: forged Host/X-Forwarded-* headers, « Clear cache » from a
stranger), then on its connections, seats and memory (benchmarks/_server_attacks.py:
half-open requests from one address and from thirty, silent websockets, one address taking
every seat, uploads under made-up ids and past every budget). The hostile files, restores and
names are benchmarks/hostile_inputs.py's.

    python benchmarks/hostile_server.py [--quick]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
# its siblings, whichever folder it is run from; last, so that benchmarks/print_pdfs.py does
# not hide the print_kit package
sys.path.append(str(ROOT / "benchmarks"))

import _forged_requests  # noqa: E402
import _server_attacks  # noqa: E402
from _timing import quick  # noqa: E402


def main() -> int:
    failures = _forged_requests.report(quick())
    failures += _server_attacks.run(quick())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
