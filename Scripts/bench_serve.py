#!/usr/bin/env python3
"""The body of Scripts/bench-serve: the decade sample, `waymark serve` on a free port, and timed
edits of one note, each from just before the write until a GET of its page shows the change."""
import http.client, os, re, shutil, statistics, subprocess, sys, tempfile, time, uuid

binary = sys.argv[1]
runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 20
# In memory when possible: the benchmark is about Waymark, not the disk.
root = tempfile.mkdtemp(prefix="waymark-bench-serve-", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
export = os.path.join(root, "export")
log_path = os.path.join(root, "serve.log")
subprocess.run([binary, "sample", "-q", "--years", "10", "--tags", "30", "-o", export], check=True)
note = os.path.join(export, "notes", "note-0500.md")
page = "/notes/note-0500.html"

log = open(log_path, "w")
server = subprocess.Popen([binary, "serve", export, "--port", "0"], stderr=log, stdout=subprocess.DEVNULL)
try:
    port = None
    deadline = time.monotonic() + 120
    while port is None and time.monotonic() < deadline and server.poll() is None:
        match = re.search(r"Serving http://127\.0\.0\.1:(\d+)/", open(log_path).read())
        port = int(match.group(1)) if match else None
        time.sleep(0.01)
    if port is None:
        sys.exit("waymark serve did not start:\n" + open(log_path).read())
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def get(path):
        global connection
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read()
        except (http.client.HTTPException, OSError):
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            return 0, b""

    status, _ = get(page)
    if status != 200:
        sys.exit(f"GET {page}: {status}")
    print(open(log_path).read().strip())
    times = []
    for run in range(runs):
        word = "bench" + uuid.uuid4().hex[:12]
        began = time.perf_counter()
        with open(note, "a") as f:
            f.write(f"\n\n{word}\n")
        while True:
            status, body = get(page)
            if status == 200 and word.encode() in body:
                break
            if time.perf_counter() - began > 30:
                sys.exit(f"edit {run + 1}: not served after 30 s")
            time.sleep(0.005)
        times.append((time.perf_counter() - began) * 1000)
        # The page may be served before its rebuild ends (docs/serve.md): wait for the rebuild's
        # line in the log, then let the watcher settle, so each edit starts from a quiet server.
        while len(re.findall(r"Rebuilt in ", open(log_path).read())) < run + 1:
            if time.perf_counter() - began > 30:
                sys.exit(f"edit {run + 1}: the rebuild did not end within 30 s")
            time.sleep(0.005)
        time.sleep(0.3)
    rebuilds = [float(s) * 1000 for s in re.findall(r"Rebuilt in ([0-9.]+) s", open(log_path).read())]
    print(f"{runs} edits of {os.path.relpath(note, root)}, edit to served page:")
    print(f"  median {statistics.median(times):.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms (goal: under 300 ms)")
    if rebuilds:
        print(f"  of which the rebuild (read, compute, render, swap): median {statistics.median(rebuilds):.0f} ms "
              f"over {len(rebuilds)} rebuilds (the page is served before the rebuild ends: after read and "
              f"compute and its own render); the rest is the watcher's quiet period (25 ms) and the request")
finally:
    server.terminate()
    server.wait(timeout=30)
    log.close()
    shutil.rmtree(root, ignore_errors=True)
