"""What the benchmarks share: a process's memory and CPU figures from /proc, and percentiles.

Imported by the scripts beside it (`python3 Benchmarks/<script>.py` puts this folder on the path).
"""

import os


def rss_kib(pid, field="VmRSS"):
    """The `field` line of /proc/PID/status (VmRSS, VmHWM, …) in KiB, or None when it cannot be read."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def rss_mib(pid, field="VmRSS"):
    """The same in MiB, 0.0 when it cannot be read."""
    return (rss_kib(pid, field) or 0) / 1024


def cpu_seconds(pid):
    """The CPU time (user + system, all threads) of a process so far, from /proc/PID/stat, or None when it cannot be
    read."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def percentile(values, fraction):
    """The value at `fraction` (0…1) of the sorted values (nearest rank, the highest for 1)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))]
