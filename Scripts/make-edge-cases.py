#!/usr/bin/env python3
"""Writes small exports that stress the pages' layout, one folder each, into OUTDIR:

  long-names/     a habit, a target, a to-do and a note with very long names and a long URL
  targets-45/     45 targets due within two weeks of the export, plus a few overdue and done
  weights-only/   a year of weighings and nothing else
  notes-only/     a handful of Markdown notes and nothing else
  single-record/  one point record

Build each with `waymark build OUTDIR/<name> --now 2026-11-29T20:00:00+08:00`; Scripts/screenshots does.
Deterministic: the same OUTDIR content every run.
"""
import json, os, sys
from datetime import datetime, timedelta

NOW = datetime(2026, 11, 29, 20, 0, 0)
out = sys.argv[1] if len(sys.argv) > 1 else "edge-cases"


def envelope(data):
    return {"code": "00000", "message": "ok", "data": data, "ok": True}


def write(folder, name, data):
    path = os.path.join(out, folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        if name.endswith(".json"):
            json.dump(envelope(data), f, ensure_ascii=False, indent=1)
        else:
            f.write(data)


def profile(folder):
    write(folder, "profile.json", {"userName": "Edge", "timeZone": "Asia/Shanghai", "exportedAt": NOW.isoformat(),
                                   "heightCm": "170", "goalWeightKg": "65.0", "weightUnit": "kg"})


def stamp(d):
    return d.strftime("%Y-%m-%dT%H:%M:%S")


# Long names: words longer than a phone is wide, a URL without spaces, a long Chinese name.
long_habit = "Supercalifragilisticexpialidocious-interdisciplinary-practice-session"
long_zh = "每天早上起床以后先喝一杯温水然后做二十分钟的拉伸运动再出门跑步"
profile("long-names")
write("long-names", "tags.json", [
    {"tagId": "1", "tagName": long_habit, "tagColor": "#E69F00", "tagPoint": "3", "ifRepeat": "1"},
    {"tagId": "2", "tagName": long_zh, "tagColor": "#56B4E9", "tagPoint": "2", "ifRepeat": "1"},
])
points = []
for i in range(60):
    day = NOW - timedelta(days=i, hours=3)
    points.append({"id": str(i * 2), "point": "3", "pointType": "tag", "pointName": long_habit, "pointDate": stamp(day)})
    if i % 2 == 0:
        points.append({"id": str(i * 2 + 1), "point": "2", "pointType": "tag", "pointName": long_zh, "pointDate": stamp(day + timedelta(hours=1))})
write("long-names", "points.json", points)
write("long-names", "targets.json", [
    {"targetId": "t1", "targetName": "Read https://example.org/a/very/long/path/that/never/breaks/on/its/own/without/help.html",
     "targetPoint": "10", "deadline": stamp(NOW + timedelta(days=3)), "status": "0"},
    {"targetId": "t2", "targetName": long_zh + "并坚持一百天", "targetPoint": "20", "deadline": stamp(NOW + timedelta(days=5)), "status": "0"},
])
write("long-names", "todos.json", [{"id": "d1", "name": long_habit + " " + long_habit, "priority": "1", "isCompleted": "0"}])
write("long-names", "notes/long.md", "---\ntitle: " + long_habit + "\ndate: 2026-11-20\n---\n"
      "See https://example.org/a/very/long/path/that/never/breaks/on/its/own/without/help/index.html for details.\n\n"
      + long_zh * 3 + "\n")

# 45 targets due within two weeks, a few overdue (one long ago) and a few done.
profile("targets-45")
targets = []
for i in range(45):
    due = NOW + timedelta(days=i % 14, hours=(i * 5) % 24 - 12)
    targets.append({"targetId": f"u{i}", "targetName": f"Target number {i + 1}", "targetPoint": str(5 + i % 10),
                    "targetColor": ["#E69F00", "#56B4E9", "#009E73", "#CC79A7"][i % 4],
                    "deadline": stamp(due), "status": "0"})
for i, days in enumerate([2, 9, 40, 200]):
    targets.append({"targetId": f"o{i}", "targetName": f"Overdue {days} days", "targetPoint": "5",
                    "deadline": stamp(NOW - timedelta(days=days)), "status": "0"})
for i in range(6):
    due = NOW - timedelta(days=30 * i + 3)
    done = due - timedelta(days=1) if i % 2 == 0 else due + timedelta(days=2)
    targets.append({"targetId": f"d{i}", "targetName": f"Done target {i + 1}", "targetPoint": "8",
                    "deadline": stamp(due), "status": "1", "completeTime": stamp(done)})
write("targets-45", "targets.json", targets)

# A year of weighings, nothing else.
profile("weights-only")
weights = []
for i in range(365):
    day = NOW - timedelta(days=364 - i)
    kg = 72.0 - i * 0.012 + ((i * 37) % 11 - 5) * 0.08
    weights.append({"id": str(i), "date": stamp(day.replace(hour=7, minute=10)), "kgValue": f"{kg:.1f}"})
write("weights-only", "weights.json", weights)

# Notes only.
profile("notes-only")
for i, (title, body) in enumerate([
        ("Weekly review", "Three runs, two books.\n\n- [x] Plan the week\n- [ ] Call home\n"),
        ("读书笔记", "《系统之美》第三章：反馈回路。\n\n> 存量是系统的记忆。\n"),
        ("Links", "https://www.swift.org and www.example.com, ~~old~~ new.\n"),
        ("Table", "| Day | km |\n|:----|---:|\n| Mon | 5 |\n| Sat | 16 |\n"),
]):
    write("notes-only", f"notes/note-{i + 1}.md", f"---\ntitle: {title}\ndate: 2026-11-{10 + i * 5}\n---\n{body}")

# One point record.
profile("single-record")
write("single-record", "points.json", [{"id": "1", "point": "1", "pointType": "tag", "pointName": "Stretch",
                                        "pointDate": stamp(NOW - timedelta(hours=2))}])
print("edge-case exports written to", out)
