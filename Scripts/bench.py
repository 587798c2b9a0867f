#!/usr/bin/env python3
"""The body of Scripts/bench: datasets, timed runs, medians, the Hugo comparison."""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

WAYMARK = os.path.abspath(".build/release/waymark")
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
QUICK = "--quick" in sys.argv
work = os.path.abspath(".bench")
os.makedirs(work, exist_ok=True)
out_root = tempfile.mkdtemp(prefix="waymark-bench-", dir=work)
counter = 0

def fresh_dir():
    # A new folder per run: deleting and recreating thousands of files makes ext4's inode
    # allocation much slower than a real first build, so runs never reuse a deleted folder.
    global counter
    counter += 1
    return os.path.join(out_root, f"run{counter}")

def timed(cmd):
    """Wall seconds and peak resident memory (KB) of one command, via /usr/bin/time."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{result.stderr}")
    wall, peak = result.stderr.strip().splitlines()[-1].split()
    return float(wall), int(peak)

def sample(name, *args):
    path = os.path.join(work, name)
    if not os.path.exists(os.path.join(path, "points.json")):
        shutil.rmtree(path, ignore_errors=True)
        subprocess.run([WAYMARK, "sample", "-o", path, "-q", *args], check=True)
    return path

def records(path):
    total = 0
    for name in ["points.json", "tags.json", "targets.json", "weights.json", "todos.json"]:
        with open(os.path.join(path, name), encoding="utf-8") as f:
            total += len(json.load(f)["data"])
    return total + len(os.listdir(os.path.join(path, "notes")))

def bench(label, export):
    n = records(export)
    subprocess.run([WAYMARK, "build", export, "-o", fresh_dir(), "-q"], check=True)  # warm-up
    runs = [timed([WAYMARK, "build", export, "-o", fresh_dir(), "-q"]) for _ in range(RUNS)]
    walls = [w for w, _ in runs]
    median = statistics.median(walls)
    peak = max(p for _, p in runs)
    print(f"{label:<10} {n:>10,} records  median {median:6.3f} s  (min {min(walls):.3f}, max {max(walls):.3f})  "
          f"peak {peak / 1024:6.0f} MB  {n / median:>12,.0f} records/s", flush=True)
    return median, n

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
    base = per[0][1] / per[0][0]
    print("  time per point record: " + ", ".join(f"{p // 1000}k: {m / p * 1e6:.2f} µs ({m / p / base:.2f}×)" for p, m in per))

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
def hugo_run():
    return timed(["hugo", "--quiet", "-s", hugo, "-d", fresh_dir()])[0]
hugo_run()  # warm-up
pairs = []
for _ in range(RUNS):
    h = hugo_run()
    w = timed([WAYMARK, "build", decade, "-o", fresh_dir(), "-q"])[0]
    pairs.append((h, w))
hugo_median = statistics.median(h for h, _ in pairs)
waymark_median = statistics.median(w for _, w in pairs)
print(f"\nHugo {subprocess.run(['hugo', 'version'], capture_output=True, text=True).stdout.split()[1]} rendering the {len(notes)} notes alone: "
      f"median {hugo_median:.3f} s")
print(f"Waymark rendering its whole decade site (the same notes, 66k records, {len(before)} files): median {waymark_median:.3f} s")
ratio = hugo_median / waymark_median
print(f"Ratio (Hugo / Waymark), measured in the same run: {ratio:.2f}× {'(goal ≥ 2×: met)' if ratio >= 2 else '(goal ≥ 2×: NOT met)'}")

goals = [("decade under 0.5 s", results["decade"][0] < 0.5)]
if "million" in results:
    goals.append(("million under 3 s", results["million"][0] < 3))
print("\nGoals: " + "; ".join(f"{g}: {'met' if ok else 'NOT met'}" for g, ok in goals))
shutil.rmtree(out_root, ignore_errors=True)
