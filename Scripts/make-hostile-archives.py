#!/usr/bin/env python3
"""Writes the hostile inputs of `Scripts/bench --hostile` (docs/reliability.md, "Hostile archives
and importer limits") into OUT_DIR; files already there are kept. Nothing here is committed: the
inputs are made from a few lines each, with Python's own tarfile, gzip and zipfile.

  bomb-2k.tgz      a 1 GiB entry of zeros, then 10 Fitbit weight files; tar, gzip, gzip again (~2.3 KB)
  bomb-10k.tgz     the same with five such entries between the Fitbit files (~10 KB)
  fitbit-N.zip     N Fitbit weight files (one reading each) in one zip, N = 500, 1000, 2000, 4000
  daylio-Nk.csv    a Daylio export of N thousand entries, all in the same minute, each with a note

Usage: Scripts/make-hostile-archives.py OUT_DIR [NAME ...]   (only the NAMEs given, else all)
"""
import gzip, io, json, os, sys, tarfile, zipfile

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
    for name, make in makers.items():
        path = os.path.join(folder, name)
        if (wanted and name not in wanted) or os.path.exists(path):
            continue
        make(path + ".tmp")
        os.rename(path + ".tmp", path)
        print(f"{name}: {os.path.getsize(path):,} bytes")


main()
