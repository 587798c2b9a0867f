#!/usr/bin/env python3
"""The "Hostile archives and importer limits" section of Scripts/bench (`Scripts/bench --hostile`):
times `waymark check` on the inputs of Scripts/make-hostile-archives.py (made once, kept in
.bench/hostile/), alternating the binaries given, and prints medians with the exit code and the
first message. See docs/reliability.md.

Run alone to compare binaries in one sitting (a run past --timeout counts as the timeout):
  Scripts/bench_hostile.py [--runs N] [--timeout S] [--only NAME,...] BINARY [BINARY ...]
"""
import os, statistics, subprocess, sys, time

INPUTS = ["bomb-2k.tgz", "bomb-10k.tgz", "fitbit-500.zip", "fitbit-1000.zip", "fitbit-2000.zip", "fitbit-4000.zip",
          "daylio-10k.csv", "daylio-40k.csv", "takeout-fitbit.tgz", "health-100m.zip", "health-100m.tgz",
          "real-exports.zip", "real-exports.tgz"]


def once(binary, path, timeout):
    began = time.perf_counter()
    try:
        proc = subprocess.run([binary, "check", path], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, None, f"still running after {timeout} s"
    wall = time.perf_counter() - began
    lines = (proc.stderr + "\n" + proc.stdout).splitlines()
    errors = [l for l in lines if "error:" in l]
    last = [l for l in lines if l.strip()][-1:] or [""]
    return wall, proc.returncode, (errors or last)[0]


def run(binaries, work, runs, timeout=300, only=None):
    folder = os.path.join(work, "hostile")
    names = [n for n in INPUTS if not only or n in only]
    subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-hostile-archives.py"), folder, *names],
                   check=True)
    print(f"\nHostile archives and importer limits (waymark check; medians of {runs} alternating runs; "
          f"load {os.getloadavg()[0]:.1f}):", flush=True)
    for name in names:
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            print(f"  {name:<16} skipped (not made: made only from ../shared/real-exports when it is there)", flush=True)
            continue
        times = {b: [] for b in binaries}
        outcome = {}
        for _ in range(runs):
            for b in binaries:
                wall, code, message = once(b, path, timeout)
                times[b].append(wall)
                outcome[b] = (code, message)
        cells = "   ".join(f"{statistics.median(times[b]):7.2f} s (exit {outcome[b][0]})" for b in binaries)
        print(f"  {name:<16} {os.path.getsize(path):>10,} B   {cells}", flush=True)
        for b in binaries:
            print(f"      {os.path.basename(b)}: {outcome[b][1][:160]}", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    def option(flag, default):
        if flag in args:
            i = args.index(flag)
            value = args[i + 1]
            del args[i:i + 2]
            return value
        return default
    runs = int(option("--runs", "3"))
    timeout = float(option("--timeout", "300"))
    only = option("--only", None)
    if not args:
        sys.exit(__doc__)
    run([os.path.abspath(b) for b in args], os.path.abspath(".bench"), runs, timeout, only.split(",") if only else None)
