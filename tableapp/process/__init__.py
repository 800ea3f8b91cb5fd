"""What one server process does for all its visitors: `companion app`'s start (launch), the
ceiling of devices (capacity), the slots of heavy work (workload), what a process keeps for its
whole life (perprocess) and the file picker the server accounts for (uploading)."""
