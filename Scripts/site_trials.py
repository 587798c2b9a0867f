"""What Scripts/kill-trials and Scripts/user-file-race share: the decade sample in two versions,
their reference sites, a site with the user's own files in it, and the checks that a site is one
of the references exactly, that nothing of Waymark's is left, and that the user's files are as
they were (bytes, inode, modification time, permissions, owner)."""
import os, random, shutil, subprocess, sys, tempfile, time

SOURCES = {"a": "7", "b": "8"}


def binary(args):
    """The release binary (built by Scripts/release unless --binary PATH is given)."""
    if "--binary" in args:
        return os.path.abspath(args[args.index("--binary") + 1])
    out = subprocess.run(["Scripts/release"], check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    return os.path.abspath(out)


def option(args, name, default):
    return int(args[args.index(name) + 1]) if name in args else default


class Trials:
    def __init__(self, waymark, label):
        self.waymark = waymark
        os.makedirs(".bench", exist_ok=True)
        self.work = tempfile.mkdtemp(prefix=label + "-", dir=os.path.abspath(".bench"))
        self.site = os.path.join(self.work, "site")
        self.references = {}
        for name, seed in SOURCES.items():
            export = os.path.join(self.work, name)
            subprocess.run([waymark, "sample", "-q", "-o", export, "--years", "10", "--tags", "30", "--seed", seed], check=True)
            reference = os.path.join(self.work, "ref-" + name)
            self.build(name, reference)
            self.references[name] = self.files(reference)
        changed = sum(1 for p in self.references["a"] if self.references["a"][p] != self.references["b"].get(p))
        print(f"decade sample, seeds 7 and 8: {len(self.references['a'])} and {len(self.references['b'])} files, "
              f"{changed} of them differ between the two", flush=True)
        self.user = {}
        self.folder_times = True

    def build(self, name, output, wait=True):
        # No --now: the statistics are as of the sample's exportedAt, so the same sample builds the same site.
        command = [self.waymark, "build", os.path.join(self.work, name), "-o", output]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if not wait:
            return process
        _, err = process.communicate()
        if process.returncode != 0:
            sys.exit(f"failed: {' '.join(command)}\n{err.decode(errors='replace')}")
        return err.decode(errors="replace")

    def files(self, root, skip=()):
        """Relative path (bytes) → bytes of every file below root, except the user's."""
        result = {}
        base = os.fsencode(root)
        for folder, _, names in os.walk(base):
            for name in names:
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, base)
                if relative not in skip:
                    with open(path, "rb") as f:
                        result[relative] = f.read()
        return result

    # The user's files.

    def add_user_file(self, relative, data=None):
        """Writes a file of the user's (relative: bytes) and remembers what it was like."""
        path = os.path.join(os.fsencode(self.site), relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if data is not None else b"the user's own file " + relative)
        self.user[relative] = self.state(relative)

    def add_user_folder(self, relative, mode):
        path = os.path.join(os.fsencode(self.site), relative)
        os.makedirs(path, exist_ok=True)
        os.chmod(path, mode)
        self.user[relative] = self.state(relative)

    def state(self, relative):
        path = os.path.join(os.fsencode(self.site), relative)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            return None
        data = None
        if os.path.isfile(path) and not os.path.islink(path):
            with open(path, "rb") as f:
                data = f.read()
        # A folder's time moves when the user adds files to it (the race does): then it is not compared.
        modified = st.st_mtime_ns if data is not None or self.folder_times else 0
        return (data, st.st_ino, modified, st.st_mode & 0o7777, st.st_uid, st.st_gid)

    def standard_user_files(self):
        """At the top, in Waymark's own folders, in a folder of the user's (private, 700), at depth,
        under names that are not UTF-8."""
        self.add_user_file(b"CNAME", b"example.org\n")
        self.add_user_file(b"notes/mine.txt")
        self.add_user_file(b"notes/\xff\xfe.txt")
        self.add_user_folder(b"private", 0o700)
        self.add_user_file(b"private/diary.txt")
        self.add_user_file(b"\x80folder/\xc3(/deep.bin")
        self.add_user_file(b"/".join(b"d%d" % i for i in range(30)) + b"/\xff")
        self.record()

    def record(self):
        """Remembers the state of every file and folder of the user's as it is now."""
        self.user = {p: self.state(p) for p in self.user}

    def user_changes(self):
        return [os.fsdecode(p) for p, before in self.user.items() if self.state(p) != before]

    # The checks.

    def leftovers(self):
        """Waymark's temporaries, lock files and staging folders, in the site or beside it, and
        `.waymark` still naming a build's temporaries."""
        found = []
        for folder, dirs, names in os.walk(os.fsencode(self.work)):
            for name in names + dirs:
                if b"waymark-" in name:
                    found.append(os.fsdecode(os.path.join(folder, name)))
        manifest = os.path.join(self.site, ".waymark")
        if os.path.exists(manifest) and b"\ntemporaries " in open(manifest, "rb").read():
            found.append(manifest + " (names temporaries)")
        return found

    def which_site(self):
        """'a' or 'b' when the site's files (the user's aside) are exactly that reference, else
        None. `.waymark` must list the same files; it may also name folders of Waymark's that
        hold the user's files (they stay)."""
        now = self.files(self.site, skip=set(self.user))
        for name, reference in self.references.items():
            if {p: b for p, b in now.items() if p != b".waymark"} == {p: b for p, b in reference.items() if p != b".waymark"} \
                    and listed(now.get(b".waymark")) == listed(reference[b".waymark"]):
                return name
        return None


def listed(manifest):
    """The files a `.waymark` lists (its other lines name folders or temporaries)."""
    if manifest is None:
        return None
    return [line for line in manifest.split(b"\n")[1:] if line and not line.startswith(b"#") and b" " not in line]


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0.0


def timed_rebuilds(trials, count=4):
    """Wall seconds of uninterrupted rebuilds that change the site from one version to the other."""
    times, current = [], trials.which_site()
    for _ in range(count):
        target = "b" if current == "a" else "a"
        began = time.perf_counter()
        trials.build(target, trials.site)
        times.append(time.perf_counter() - began)
        current = target
    return median(times), current
