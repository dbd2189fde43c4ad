"""What the benchmarks share: a process's memory figures from /proc, and percentiles.

Imported by the scripts beside it (`python3 Benchmarks/<script>.py` puts this folder on the path).
"""


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


def percentile(values, fraction):
    """The value at `fraction` (0…1) of the sorted values (nearest rank, the highest for 1)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))]
