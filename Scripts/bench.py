#!/usr/bin/env python3
"""The body of Scripts/bench: datasets, timed runs, medians, the Hugo comparison, the Apple Health
import (bench_health.py)."""
import json, os, shutil, statistics, subprocess, sys, tempfile, time
import bench_health, bench_hostile, bench_markdown

WAYMARK = os.path.abspath(".build/release/waymark")
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
QUICK = "--quick" in sys.argv
# --against BINARY: the writer's figures are taken for both binaries, runs alternating.
AGAINST = os.path.abspath(sys.argv[sys.argv.index("--against") + 1]) if "--against" in sys.argv else None
# healthkit-to-sqlite takes half a minute or more on the 300 MB export.xml: one run unless asked for more.
HEALTH_REFERENCE_RUNS = int(sys.argv[sys.argv.index("--health-reference-runs") + 1]) if "--health-reference-runs" in sys.argv else 1
work = os.path.abspath(".bench")
os.makedirs(work, exist_ok=True)
# Sites are written to memory (tmpfs) unless --disk is given: on a disk, creating files right
# after many were deleted can cost several times the whole build (ext4 skips inodes deleted in
# the last minutes, see docs/performance.md), which would measure the disk's recent past rather
# than Waymark. The Hugo comparison runs on both.
disk_root = tempfile.mkdtemp(prefix="waymark-bench-", dir=work)
ram_root = tempfile.mkdtemp(prefix="waymark-bench-", dir="/dev/shm") if os.access("/dev/shm", os.W_OK) else None
out_root = disk_root if "--disk" in sys.argv or ram_root is None else ram_root
counter = 0

def fresh_dir():
    # A new folder per run, never one just deleted (see above).
    global counter
    counter += 1
    return os.path.join(out_root, f"run{counter}")

def timed(cmd):
    """Wall seconds and peak resident memory (KB) of one command: the clock around the process,
    its own rusage from wait4 (finer than /usr/bin/time's hundredths of a second)."""
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - began
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{err}")
    return wall, usage.ru_maxrss

def sample(name, *args):
    path = os.path.join(work, name)
    if not os.path.exists(os.path.join(path, "points.json")):
        shutil.rmtree(path, ignore_errors=True)
        subprocess.run([WAYMARK, "sample", "-o", path, "-q", *args], check=True)
    return path

def records(path):
    # Counted in a separate Python: loading a million records would leave this process large,
    # and every child forked from it would then report that size as its own peak memory.
    script = ("import json, os, sys\n"
              "p = sys.argv[1]\n"
              "n = sum(len(json.load(open(os.path.join(p, f), encoding='utf-8'))['data'])\n"
              "        for f in ['points.json', 'tags.json', 'targets.json', 'weights.json', 'todos.json'])\n"
              "print(n + len(os.listdir(os.path.join(p, 'notes'))))\n")
    return int(subprocess.run([sys.executable, "-c", script, path], check=True, capture_output=True, text=True).stdout)

def bench(label, export):
    n = records(export)
    subprocess.run([WAYMARK, "build", export, "-o", fresh_dir(), "-q"], check=True)  # warm-up
    runs = [timed([WAYMARK, "build", export, "-o", fresh_dir(), "-q"]) for _ in range(RUNS)]
    walls = [w for w, _ in runs]
    median = statistics.median(walls)
    peak = max(p for _, p in runs)
    print(f"{label:<10} {n:>10,} records  median {median:6.3f} s  (min {min(walls):.3f}, max {max(walls):.3f})  "
          f"peak {peak / 1024:6.0f} MB  {n / median:>12,.0f} records/s", flush=True)
    peaks[label] = peak / 1024
    return median, n

peaks = {}  # MB, the largest of each dataset's runs

def writer_figures():
    """What the writer costs: a first build into a new folder, a rebuild that changes most pages
    (the decade sample with seeds 1 and 8 in turn), and a rebuild of an unchanged export. With
    --against, each run of this binary is paired with one of the other (which one goes first
    alternates), on sites of their own."""
    decade = sample("decade", "--years", "10", "--tags", "30")
    other = sample("decade-seed8", "--years", "10", "--tags", "30", "--seed", "8")
    binaries = [("this", WAYMARK)] + ([("against", AGAINST)] if AGAINST else [])
    sites = {}
    for label, binary in binaries:
        sites[label] = fresh_dir()
        subprocess.run([binary, "build", decade, "-o", sites[label], "-q"], check=True)
    times = {(label, kind): [] for label, _ in binaries for kind in ["first", "changed", "unchanged"]}
    current = decade
    for run in range(RUNS * 2):
        following = other if current == decade else decade
        # Each kind of build for both binaries in turn, and the first of them alternating (ABBA):
        # on a disk a build is slowed by what the one before it deleted.
        for kind in ["first", "changed", "unchanged"]:
            for label, binary in (binaries if run % 2 == 0 else binaries[::-1]):
                output = fresh_dir() if kind == "first" else sites[label]
                times[(label, kind)].append(timed([binary, "build", decade if kind == "first" else following, "-o", output, "-q"])[0])
        current = following
    names = {"first": "first build", "changed": "rebuild, most pages changed", "unchanged": "rebuild, nothing changed"}
    print(f"\nThe writer, {RUNS * 2} runs each" + (" alternating with " + AGAINST if AGAINST else "") + ":")
    for kind, name in names.items():
        line = f"  {name:<28}"
        for label, _ in binaries:
            walls = times[(label, kind)]
            line += f" {label}: median {statistics.median(walls):.3f} s (min {min(walls):.3f}, max {max(walls):.3f})"
        if AGAINST:
            pairs = [a / b for a, b in zip(times[("this", kind)], times[("against", kind)])]
            line += f"; pairs this/against: median {statistics.median(pairs):.2f}"
        print(line, flush=True)

if "--writer" in sys.argv:
    print(f"waymark writer benchmark, output on {subprocess.run(['df', '--output=fstype', out_root], capture_output=True, text=True).stdout.split()[-1]}")
    writer_figures()
    for root in [disk_root, ram_root]:
        if root:
            shutil.rmtree(root, ignore_errors=True)
    sys.exit(0)

if "--hostile" in sys.argv:
    bench_hostile.run([WAYMARK], work, RUNS)
    sys.exit(0)

if "--markdown" in sys.argv:
    bench_markdown.run([WAYMARK], work, RUNS)
    sys.exit(0)

if "--health" in sys.argv:
    goals = bench_health.run(WAYMARK, work, RUNS, timed, HEALTH_REFERENCE_RUNS)
    print("\nGoals: " + "; ".join(f"{g}: {'met' if ok else 'NOT met'}" for g, ok in goals))
    sys.exit(0)

print(f"waymark benchmark, {RUNS} runs each after a warm-up, {os.cpu_count()} cores, output on "
      f"{subprocess.run(['df', '--output=fstype', out_root], capture_output=True, text=True).stdout.split()[-1]}\n")

decade = sample("decade", "--years", "10", "--tags", "30")
results = {"decade": bench("decade", decade)}
if not QUICK:
    million = sample("million", "--years", "10", "--tags", "30", "--points", "1000000")
    results["million"] = bench("million", million)
    print("\nScaling with the number of point records (10 years, 30 habits):")
    per = []
    for points in [250_000, 500_000, 1_000_000]:
        export = million if points == 1_000_000 else sample(f"points-{points}", "--years", "10", "--tags", "30", "--points", str(points))
        median, n = results["million"] if points == 1_000_000 else bench(f"{points // 1000}k", export)
        per.append((points, median))
    # Linear growth: each added record should cost the same; the fixed part (notes, pages that do
    # not depend on the number of records, process start) shows in the first figure only.
    steps = [(b[1] - a[1]) / (b[0] - a[0]) * 1e6 for a, b in zip(per, per[1:])]
    print("  " + " → ".join(f"{p // 1000}k: {m:.3f} s" for p, m in per)
          + "; each added point record costs " + ", then ".join(f"{c:.2f} µs" for c in steps)
          + f" ({steps[-1] / steps[0]:.2f}× from the first step to the last)")

writer_figures()

# Rebuilding an unchanged export rewrites nothing.
site = fresh_dir()
subprocess.run([WAYMARK, "build", decade, "-o", site, "-q"], check=True)
def stamps():
    return {os.path.join(d, f): os.stat(os.path.join(d, f)).st_mtime_ns for d, _, fs in os.walk(site) for f in fs}
before = stamps()
time.sleep(0.05)
subprocess.run([WAYMARK, "build", decade, "-o", site, "-q"], check=True)
after = stamps()
changed = [p for p in before if after.get(p) != before[p]]
print(f"\nRebuilding the unchanged decade export: {len(changed)} of {len(before)} files rewritten (modification times kept).")

# Hugo on the same 1,000 notes, minimal layouts.
hugo = os.path.join(work, "hugo-site")
shutil.rmtree(hugo, ignore_errors=True)
os.makedirs(os.path.join(hugo, "content", "notes"))
os.makedirs(os.path.join(hugo, "layouts", "_default"))
with open(os.path.join(hugo, "config.toml"), "w") as f:
    f.write('baseURL = "https://example.org/"\ntitle = "notes"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n')
layouts = {
    "single.html": "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>",
    "list.html": "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul></body></html>",
}
for name, text in layouts.items():
    with open(os.path.join(hugo, "layouts", "_default", name), "w") as f:
        f.write(text)
notes = sorted(os.listdir(os.path.join(decade, "notes")))
for note in notes:
    shutil.copy(os.path.join(decade, "notes", note), os.path.join(hugo, "content", "notes", note))
# The ratio is measured twice: with both outputs in memory (tmpfs), where the figure is about
# rendering, and on the disk the benchmark runs from.
def compare(root, label):
    global out_root
    saved, out_root = out_root, root
    def hugo_run():
        return timed(["hugo", "--quiet", "-s", hugo, "-d", fresh_dir()])[0]
    hugo_run()  # warm-up
    subprocess.run([WAYMARK, "build", decade, "-o", fresh_dir(), "-q"], check=True)
    pairs = []
    # More pairs than the other measurements: a ratio of two medians moves with either.
    for _ in range(max(RUNS, 11)):
        h = hugo_run()
        w = timed([WAYMARK, "build", decade, "-o", fresh_dir(), "-q"])[0]
        pairs.append((h, w))
    out_root = saved
    hugo_median = statistics.median(h for h, _ in pairs)
    waymark_median = statistics.median(w for _, w in pairs)
    ratio = hugo_median / waymark_median
    print(f"  {label:<22} Hugo {hugo_median:.3f} s, Waymark {waymark_median:.3f} s, ratio {ratio:.2f}× "
          f"{'(goal ≥ 2×: met)' if ratio >= 2 else '(goal ≥ 2×: NOT met)'}", flush=True)
    return ratio

print(f"\nHugo {subprocess.run(['hugo', 'version'], capture_output=True, text=True).stdout.split()[1]} rendering the "
      f"{len(notes)} notes alone against Waymark rendering its whole decade site (the same notes, 66k records, "
      f"{len(before)} files); medians of {max(RUNS, 11)} alternating runs:")
hugo_ratio = None
if ram_root:
    hugo_ratio = compare(ram_root, "output in memory:")
compare(disk_root, f"output on {subprocess.run(['df', '--output=fstype', disk_root], capture_output=True, text=True).stdout.split()[-1]}:")

# Like for like: Waymark given the same 1,000 notes alone (an export folder of just them: the
# notes' pages, their index pages, tags and feed), against Hugo. Reported, not a goal: the goal
# above compares Hugo's notes with the whole decade site.
notes_only = os.path.join(work, "notes-only")
shutil.rmtree(notes_only, ignore_errors=True)
shutil.copytree(os.path.join(decade, "notes"), os.path.join(notes_only, "notes"))
if ram_root:
    out_root, saved_root = ram_root, out_root
    subprocess.run([WAYMARK, "build", notes_only, "-o", fresh_dir(), "-q"], check=True)
    like = []
    for _ in range(max(RUNS, 11)):
        h = timed(["hugo", "--quiet", "-s", hugo, "-d", fresh_dir()])[0]
        w = timed([WAYMARK, "build", notes_only, "-o", fresh_dir(), "-q"])[0]
        like.append((h, w))
    out_root = saved_root
    h_med, w_med = statistics.median(h for h, _ in like), statistics.median(w for _, w in like)
    print(f"  {'the notes alone, in memory:':<22} Hugo {h_med:.3f} s, Waymark {w_med:.3f} s, ratio {h_med / w_med:.2f}× "
          f"(like for like; not a goal)", flush=True)

goals = [("decade under 0.5 s", results["decade"][0] < 0.5)]
if hugo_ratio is not None:
    goals.append(("decade at least 2× Hugo in memory", hugo_ratio >= 2))
if "million" in results:
    goals.append(("million in 0.8 s and 350 MB or less", results["million"][0] <= 0.8 and peaks["million"] <= 350))
if not QUICK:
    goals += bench_health.run(WAYMARK, work, RUNS, timed, HEALTH_REFERENCE_RUNS)
print("\nGoals: " + "; ".join(f"{g}: {'met' if ok else 'NOT met'}" for g, ok in goals))
for root in [disk_root, ram_root]:
    if root:
        shutil.rmtree(root, ignore_errors=True)
