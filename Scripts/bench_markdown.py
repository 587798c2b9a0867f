#!/usr/bin/env python3
"""The "Pathological Markdown" section of Scripts/bench (`Scripts/bench --markdown`): inputs built
to make a careless scanner quadratic (runs of pipes, tildes, closing parentheses, autolink
prefixes, ...), each as the only note of an export at 32,000 and 256,000 bytes. `waymark build`
of each is timed, alternating the binaries given, and the ratio of the large note's extra time
(over an export whose note is one word) to the small one's is printed: linear work grows about 8
times, quadratic 64. Speed is measured here, not in the test suite (MarkdownStressTests checks
that the same inputs render inert and balanced).

  Scripts/bench_markdown.py [--runs N] BINARY [BINARY ...]
"""
import os, statistics, subprocess, sys, tempfile, time

KINDS = {
    "pipes": lambda n: "|" * n,
    "wide table": lambda n: "| a " * (n // 4) + "\n" + "|-" * (n // 4) + "\n" + "x\n" * (n // 8),
    "alternating non-tables": lambda n: "|-|-|\n|-|\n" * (n // 10),
    "escaped pipes": lambda n: "| a |\n|---|\n| " + "\\|" * (n // 2) + " |\n",
    "tildes": lambda n: "~a " * (n // 3),
    "closing parentheses": lambda n: "http://a.com/" + ")" * n,
    "www": lambda n: "www." * (n // 4),
    "at signs": lambda n: "a.b@" * (n // 4),
    "schemes": lambda n: "http://" * (n // 7),
    "deep quotes": lambda n: ">" * (n // 2) + " | a |\n|-|\n" + "www.a.com " * (n // 20),
    "task items": lambda n: "- [x] www.a.com ~b~\n" * (n // 20),
}
SMALL, LARGE = 32_000, 256_000


def export(root, name, text):
    path = os.path.join(root, name)
    os.makedirs(os.path.join(path, "notes"), exist_ok=True)
    with open(os.path.join(path, "notes", "note.md"), "w") as f:
        f.write("---\ndate: 2024-03-01\n---\n" + text + "\n")
    return path


def seconds(binary, source, out):
    began = time.perf_counter()
    subprocess.run([binary, "build", source, "-q", "-o", out, "--force", "--now", "2024-03-02T12:00:00Z"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - began


def run(binaries, work, runs):
    labels = {b: os.path.relpath(b) for b in binaries}
    print(f"\n## Pathological Markdown ({runs} runs, medians; extra time over a one-word note)\n")
    print("| input | binary | 32 KB | 256 KB | ratio |\n|---|---|---|---|---|")
    base = export(work, "base", "word")
    cases = [("base", base)] + [(f"{k}-{n}", export(work, f"{k.replace(' ', '-')}-{n}", make(n)))
                                for k, make in KINDS.items() for n in (SMALL, LARGE)]
    times = {(b, c): [] for b in binaries for c, _ in cases}
    for _ in range(runs):
        for case, source in cases:
            for b in binaries:
                times[(b, case)].append(seconds(b, source, os.path.join(work, "site")))
    for kind in KINDS:
        for b in binaries:
            empty = statistics.median(times[(b, "base")])
            small = statistics.median(times[(b, f"{kind}-{SMALL}")]) - empty
            large = statistics.median(times[(b, f"{kind}-{LARGE}")]) - empty
            ratio = large / small if small > 0.001 else float("nan")
            print(f"| {kind} | {labels[b]} | {small * 1000:.1f} ms | {large * 1000:.1f} ms | {ratio:.1f} |")


if __name__ == "__main__":
    args = sys.argv[1:]
    runs = 5
    if args[:1] == ["--runs"]:
        runs, args = int(args[1]), args[2:]
    if not args:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as work:
        run([os.path.abspath(a) for a in args], work, runs)
