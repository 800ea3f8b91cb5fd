"""What one server process does for all its visitors: `companion app`'s start (launch), what a
process keeps for its whole life (perprocess) and what a page opens of it (shared), the slots
of heavy work (workload) and the file picker the server accounts for (uploading). The door of
the process (its ceiling of devices) sits at the top (tableapp/capacity.py)."""
