#!/usr/bin/env python3
"""Writes the hostile inputs of `Scripts/bench --hostile` (docs/reliability.md, "Hostile archives
and importer limits") into OUT_DIR; files already there are kept. Nothing here is committed: the
inputs are made from a few lines each, with Python's own tarfile, gzip and zipfile.

  bomb-2k.tgz      a 1 GiB entry of zeros, then 10 Fitbit weight files; tar, gzip, gzip again (~2.3 KB)
  bomb-10k.tgz     the same with five such entries between the Fitbit files (~10 KB)
  fitbit-N.zip     N Fitbit weight files (one reading each) in one zip, N = 500, 1000, 2000, 4000
  daylio-Nk.csv    a Daylio export of N thousand entries, all in the same minute, each with a note
  takeout-fitbit.tgz  a year of Fitbit heart rate files (250 KB a day, read by nobody), then 12
                   months of weight files (150 readings each), as Takeout sorts them; tar, gzip
  health-100m.zip  an Apple Health export.zip with 100 MB of XML (Scripts/make-health-export.py)
  health-100m.tgz  the same files as a tar.gz
  real-exports.zip, real-exports.tgz  every folder of ../shared/real-exports (files real apps
                   wrote) in one archive; skipped when that folder is absent

Usage: Scripts/make-hostile-archives.py OUT_DIR [NAME ...]   (only the NAMEs given, else all)
"""
import gzip, io, json, os, random, subprocess, sys, tarfile, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.path.join(HERE, "..", "..", "shared", "real-exports")

GIB = 1 << 30


def fitbit_file(n):
    day = 1 + n % 28
    month = 1 + (n // 28) % 12
    year = 10 + n // 336
    reading = {"logId": 1_000_000 + n, "weight": 70 + (n % 50) / 10, "bmi": 22.5, "fat": 20.5,
               "date": f"{month:02d}/{day:02d}/{year:02d}", "time": "07:30:00", "source": "Aria"}
    return json.dumps([reading]).encode()


class Zeros(io.RawIOBase):
    """A stream of `size` zero bytes, so a 1 GiB entry never sits in memory."""
    def __init__(self, size):
        self.left = size

    def readable(self):
        return True

    def readinto(self, buffer):
        n = min(len(buffer), self.left)
        buffer[:n] = bytes(n)
        self.left -= n
        return n


def add(tar, name, data=None, size=None):
    info = tarfile.TarInfo(name)
    info.size = len(data) if data is not None else size
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data) if data is not None else io.BufferedReader(Zeros(size), 1 << 20))


def bomb(path, zero_entries):
    inner = io.BytesIO()
    with gzip.GzipFile(fileobj=inner, mode="wb", compresslevel=9, mtime=0) as gz:
        with tarfile.open(fileobj=gz, mode="w", format=tarfile.USTAR_FORMAT) as tar:
            n = 0
            for z in range(zero_entries):
                add(tar, f"Takeout/zeros-{z}.bin", size=GIB)
                for _ in range(10 // zero_entries or 2):
                    add(tar, f"Takeout/Fitbit/Global Export Data/weight-{n:04d}.json", fitbit_file(n))
                    n += 1
    with open(path, "wb") as out:
        out.write(gzip.compress(inner.getvalue(), compresslevel=9, mtime=0))


def fitbit_zip(path, count):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n in range(count):
            z.writestr(f"Takeout/Fitbit/Global Export Data/weight-{n:05d}.json", fitbit_file(n))


def fitbit_month(n, readings=150):
    return json.dumps([{"logId": n * 1000 + r, "weight": 70 + (r % 30) / 10, "bmi": 22.5,
                        "date": f"{n + 1:02d}/{r % 28 + 1:02d}/20", "time": f"07:{r // 28 + 10}:00", "source": "Aria"}
                       for r in range(readings)]).encode()


def heart_rate_day(day, size):
    rnd = random.Random(day)
    out = io.StringIO()
    out.write("[")
    n = 0
    while out.tell() < size:
        out.write(json.dumps({"dateTime": f"01/01/20 {n // 720 % 24:02d}:{n // 12 % 60:02d}:{n * 5 % 60:02d}",
                              "value": {"bpm": rnd.randint(52, 160), "confidence": rnd.randint(0, 3)}}) + ",\n")
        n += 1
    return (out.getvalue().rstrip(",\n") + "]").encode()


def takeout_fitbit(path):
    folder = "Takeout/Fitbit/Global Export Data"
    with tarfile.open(path, "w:gz", format=tarfile.USTAR_FORMAT) as tar:
        for day in range(365):
            add(tar, f"{folder}/heart_rate-2020-{day // 31 + 1:02d}-{day % 31 + 1:02d}.json", heart_rate_day(day, 250_000))
        for month in range(12):
            add(tar, f"{folder}/weight-2020-{month + 1:02d}-01.json", fitbit_month(month))


def zip_to_tgz(source, path):
    with zipfile.ZipFile(source) as z, tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for info in z.infolist():
            if not info.is_dir():
                with z.open(info) as entry:
                    tarinfo = tarfile.TarInfo(info.filename)
                    tarinfo.size = info.file_size
                    tarinfo.mode = 0o644
                    tar.addfile(tarinfo, entry)


def health_zip(path):
    subprocess.run([sys.executable, os.path.join(HERE, "make-health-export.py"), path + ".zip", "--mb", "100"], check=True)
    os.rename(path + ".zip", path)


def real_exports(path, kind):
    names = sorted(os.path.relpath(os.path.join(d, f), REAL) for d, _, fs in os.walk(REAL) for f in fs)
    if kind == "zip":
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name in names:
                z.write(os.path.join(REAL, name), "real-exports/" + name)
    else:
        with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as tar:
            for name in names:
                tar.add(os.path.join(REAL, name), "real-exports/" + name, recursive=False)


def daylio(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write("full_date,date,weekday,time,mood,activities,note_title,note\n")
        for n in range(rows):
            out.write(f'2023-05-01,May 1,Monday,21:30,rad,"reading | walk",,"entry {n}"\n')


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    wanted = set(sys.argv[2:])
    os.makedirs(folder, exist_ok=True)
    makers = {"bomb-2k.tgz": lambda p: bomb(p, 1), "bomb-10k.tgz": lambda p: bomb(p, 5)}
    for count in (500, 1000, 2000, 4000):
        makers[f"fitbit-{count}.zip"] = lambda p, c=count: fitbit_zip(p, c)
    for thousands in (10, 40):
        makers[f"daylio-{thousands}k.csv"] = lambda p, t=thousands: daylio(p, t * 1000)
    makers["takeout-fitbit.tgz"] = takeout_fitbit
    makers["health-100m.zip"] = health_zip
    def health_tgz(p):
        zipped = os.path.join(folder, "health-100m.zip")
        if not os.path.exists(zipped):
            health_zip(zipped + ".tmp")
            os.rename(zipped + ".tmp", zipped)
        zip_to_tgz(zipped, p)
    makers["health-100m.tgz"] = health_tgz
    if os.path.isdir(REAL):
        makers["real-exports.zip"] = lambda p: real_exports(p, "zip")
        makers["real-exports.tgz"] = lambda p: real_exports(p, "tgz")
    for name, make in makers.items():
        path = os.path.join(folder, name)
        if (wanted and name not in wanted) or os.path.exists(path):
            continue
        make(path + ".tmp")
        os.rename(path + ".tmp", path)
        print(f"{name}: {os.path.getsize(path):,} bytes")


main()
