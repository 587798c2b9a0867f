"""The "Apple Health import" section of Scripts/bench (called from bench.py).

Generates (once, kept in .bench/health/) a 300 MB export.xml and an export.zip holding a 100 MB
export.xml, both from Scripts/make-health-export.py with --no-repeats (healthkit-to-sqlite stops at
a workout written twice); times `waymark check` on each, alternating, with peak memory; and times
healthkit-to-sqlite (PyPI) on the same 300 MB export.xml, alternating with Waymark, its database
in memory (/dev/shm) so that the disk's speed is not measured. See docs/performance.md.
"""
import os, shutil, statistics, subprocess, sys, tempfile

XML_MB = 300
ZIP_XML_MB = 100


def dataset(folder, name, mb):
    path = os.path.join(folder, name)
    if not os.path.exists(path):
        print(f"  generating {name} ({mb} MB of XML) ...", flush=True)
        subprocess.run([sys.executable, "Scripts/make-health-export.py", path + ".tmp" + os.path.splitext(name)[1], "--mb", str(mb), "--no-repeats"],
                       check=True, stdout=subprocess.DEVNULL)
        os.rename(path + ".tmp" + os.path.splitext(name)[1], path)
    return path


def reference_tool():
    tool = shutil.which("healthkit-to-sqlite")
    if tool is None:
        print("  installing healthkit-to-sqlite (pip) ...", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "healthkit-to-sqlite"], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        tool = shutil.which("healthkit-to-sqlite")
    return tool


def run(waymark, work, runs, timed, reference_runs=1):
    """Prints the section; returns the goals as (label, met) pairs."""
    folder = os.path.join(work, "health")
    os.makedirs(folder, exist_ok=True)
    print(f"\nApple Health import ({runs} alternating runs each after a warm-up; medians):", flush=True)
    xml = dataset(folder, f"export-{XML_MB}mb-once.xml", XML_MB)
    archive = dataset(folder, f"export-{ZIP_XML_MB}mb-xml-once.zip", ZIP_XML_MB)
    sizes = f"export.xml {os.path.getsize(xml) / 1e6:.0f} MB; export.zip {os.path.getsize(archive) / 1e6:.1f} MB holding {ZIP_XML_MB} MB of XML"
    print(f"  {sizes}", flush=True)

    checks = {"zip": [waymark, "check", archive], "xml": [waymark, "check", xml]}
    for cmd in checks.values():
        timed(cmd)  # warm-up: the files in the page cache for both tools alike
    results = {k: [] for k in checks}
    for _ in range(runs):
        for key, cmd in checks.items():
            results[key].append(timed(cmd))

    def line(label, samples):
        walls = [w for w, _ in samples]
        peak = max(p for _, p in samples) / 1024
        print(f"  Waymark check {label:<26} median {statistics.median(walls):6.3f} s  (min {min(walls):.3f}, max {max(walls):.3f})  "
              f"peak {peak:5.0f} MB", flush=True)
        return statistics.median(walls), peak

    zip_median, zip_peak = line(f"export.zip ({ZIP_XML_MB} MB XML)", results["zip"])
    xml_median, xml_peak = line(f"export.xml ({XML_MB} MB)", results["xml"])
    goals = [(f"{XML_MB} MB export.xml peak under 150 MB", xml_peak < 150)]

    tool = reference_tool()
    if tool is None:
        print("  healthkit-to-sqlite: not installed and could not be installed; comparison skipped")
        return goals
    # Alternating with Waymark on the same XML, so that both see the same machine.
    scratch = "/dev/shm" if os.access("/dev/shm", os.W_OK) else work
    walls, peaks, ours = [], [], []
    for _ in range(reference_runs):
        ours.append(timed(checks["xml"])[0])
        with tempfile.TemporaryDirectory(dir=scratch) as tmp:
            wall, peak = timed([tool, "--xml", "-s", xml, os.path.join(tmp, "health.db")])
        walls.append(wall)
        peaks.append(peak)
    reference = statistics.median(walls)
    ratio = reference / statistics.median(ours)
    print(f"  healthkit-to-sqlite on the same export.xml median {reference:6.1f} s  ({len(walls)} run{'s' if len(walls) > 1 else ''}, "
          f"Waymark {statistics.median(ours):.2f} s between them)  peak {max(peaks) / 1024:5.0f} MB", flush=True)
    print(f"  Waymark is {ratio:.0f}× faster on the {XML_MB} MB export.xml {'(goal ≥ 20×: met)' if ratio >= 20 else '(goal ≥ 20×: NOT met)'}", flush=True)
    goals.append(("Apple Health export.xml ≥ 20× healthkit-to-sqlite", ratio >= 20))
    return goals
