#!/usr/bin/env python3
"""The body of Scripts/bench-serve: the decade sample, `waymark serve` on a free port, and timed
edits of one note (or, with `--edit weighing`, of the newest weighing's value, timed on the
weight page). Each edit is timed one of two ways, alternately:

- reload (what a browser does): the page's live-reload stream is open, as its script opens it;
  from just before the write until the stream says "reload" (data: ID), then until a GET of the
  page has come back with the change;
- page served (the earlier figure): from just before the write, GETs of the page every 5 ms until
  one shows the change.
"""
import http.client, json, os, re, shutil, socket, statistics, subprocess, sys, tempfile, time, uuid

binary = sys.argv[1]
runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 20
# In memory when possible: the benchmark is about Waymark, not the disk.
root = tempfile.mkdtemp(prefix="waymark-bench-serve-", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
export = os.path.join(root, "export")
log_path = os.path.join(root, "serve.log")
subprocess.run([binary, "sample", "-q", "--years", "10", "--tags", "30", "-o", export], check=True)
weighing = "--edit" in sys.argv and sys.argv[sys.argv.index("--edit") + 1] == "weighing"
note = os.path.join(export, "notes", "note-0500.md")
page = "/notes/note-0500.html"
edited = note
if weighing:
    edited = os.path.join(export, "weights.json")
    page = "/weight/index.html"
    weights = json.load(open(edited))
    entries = weights["data"] if isinstance(weights, dict) else weights
    newest = max(range(len(entries)), key=lambda i: str(entries[i].get("createTime") or entries[i].get("date") or ""))


def edit(run, word):
    """Saves the edit of run `run`; the page shows `word` after it (None: the page just changes)."""
    if weighing:
        # A new value each time (the sample's weights are in kilograms, 40 to 140).
        entries[newest]["kgValue"] = f"{50 + run * 0.1:.1f}"
        with open(edited, "w") as f:
            json.dump(weights, f, ensure_ascii=False)
        return None
    with open(note, "a") as f:
        f.write(f"\n\n{word}\n")
    return word

log = open(log_path, "w")
server = subprocess.Popen([binary, "serve", export, "--port", "0"], stderr=log, stdout=subprocess.DEVNULL)


def rebuilds():
    return len(re.findall(r"Rebuilt in ", open(log_path).read()))


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

    def stream_of(body):
        """The page's live-reload stream, opened as its script opens it, once the server has
        answered (its retry hint)."""
        match = re.search(rb'events\?since=([^"&]+)&page=([^"]+)"', body)
        if not match:
            sys.exit(f"{page} has no live-reload script naming its page")
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(b"GET /_waymark/events?since=" + match.group(1) + b"&page=" + match.group(2)
                  + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        seen = b""
        while b"retry:" not in seen:
            chunk = s.recv(4096)
            if not chunk:
                sys.exit("the live-reload stream closed at once")
            seen += chunk
        return s, seen

    status, body = get(page)
    if status != 200:
        sys.exit(f"GET {page}: {status}")
    print(open(log_path).read().strip())
    reload_times, message_times, served_times = [], [], []
    for run in range(runs):
        word = "bench" + uuid.uuid4().hex[:12]
        by_reload = run % 2 == 0
        if by_reload:
            stream, seen = stream_of(body)
        done = rebuilds()
        old = body
        began = time.perf_counter()
        word = edit(run, word)

        def shows_edit(status, new):
            return status == 200 and (word.encode() in new if word else new != old)
        if by_reload:
            while b"data: " not in seen.split(b"retry:", 1)[1]:
                chunk = stream.recv(4096)
                if not chunk:
                    sys.exit(f"edit {run + 1}: the live-reload stream closed")
                seen += chunk
                if time.perf_counter() - began > 30:
                    sys.exit(f"edit {run + 1}: no reload message after 30 s")
            told = time.perf_counter()
            stream.close()
            status, body = get(page)
            if not shows_edit(status, body):
                sys.exit(f"edit {run + 1}: told to reload, but {page} came back without the edit ({status}): stale")
            message_times.append((told - began) * 1000)
            reload_times.append((time.perf_counter() - began) * 1000)
        else:
            while True:
                status, body = get(page)
                if shows_edit(status, body):
                    break
                if time.perf_counter() - began > 30:
                    sys.exit(f"edit {run + 1}: not served after 30 s")
                time.sleep(0.005)
            served_times.append((time.perf_counter() - began) * 1000)
        # The page is told before its rebuild ends (docs/serve.md): wait for the rebuild's line
        # in the log, then let the watcher settle, so each edit starts from a quiet server.
        while rebuilds() < done + 1:
            if time.perf_counter() - began > 30:
                sys.exit(f"edit {run + 1}: the rebuild did not end within 30 s")
            time.sleep(0.005)
        time.sleep(0.3)
        status, body = get(page)
    rebuilt = [float(s) * 1000 for s in re.findall(r"Rebuilt in ([0-9.]+) s", open(log_path).read())]

    def summary(times):
        return f"median {statistics.median(times):.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms"

    print(f"{runs} edits of {os.path.relpath(edited, root)}, alternately:")
    print(f"  save -> reload message -> new page received: {summary(reload_times)} over {len(reload_times)} edits (goal: 150 ms)")
    print(f"    of which save -> reload message: median {statistics.median(message_times):.0f} ms")
    print(f"  save -> page served (GET every 5 ms): {summary(served_times)} over {len(served_times)} edits")
    if rebuilt:
        print(f"  the whole rebuild (read, compute, render the pages whose inputs changed, swap): median {statistics.median(rebuilt):.0f} ms "
              f"over {len(rebuilt)} rebuilds; the open page is told and served before it ends")
finally:
    server.terminate()
    server.wait(timeout=30)
    log.close()
    shutil.rmtree(root, ignore_errors=True)
