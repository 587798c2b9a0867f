#!/usr/bin/env python3
"""Writes the records of Examples/demo/ (points.json, weights.json) deterministically.

The profile, tags, targets, to-dos and notes in Examples/demo/ are written by hand; this script
only produces the long record lists in the app's envelope format, with the quirks of its server:
numbers as strings, null for missing fields. Run it from the repository root; the output is
committed, so nobody needs to run it to build the demo.
"""
import json, random, datetime as dt

random.seed(20261129)
TODAY = dt.date(2026, 11, 29)
NOW = dt.datetime(2026, 11, 29, 20, 0, 0)
START = TODAY - dt.timedelta(days=119)          # 120 days of points

# (name, points, usual hour, probability per day)
TAGS = [
    ("晨跑 Morning run", 3, 6, 0.72),
    ("阅读 Reading", 2, 21, 0.80),
    ("冥想 Meditation", 1, 7, 0.65),
    ("背单词 Vocabulary", 2, 12, 0.55),
    ("练琴 Piano", 4, 19, 0.40),
    ("Deep work 深度工作", 5, 9, 0.60),
]

points, pid = [], 1000

def add(point, kind, name, when, describe=None):
    global pid
    pid += 1
    points.append({"id": str(pid), "userId": "u-8842", "point": str(point), "pointType": kind,
                   "pointName": name, "pointDescribe": describe,
                   "pointDate": when.strftime("%Y-%m-%dT%H:%M:%S"), "createTime": None})

day = START
while day <= TODAY:
    lapse = dt.date(2026, 9, 14) <= day <= dt.date(2026, 9, 17)   # a trip: nothing done
    streak_days = (TODAY - day).days < 9                           # the current streak
    rest = (TODAY - day).days == 9 or (not streak_days and random.random() < 0.09)  # days off
    lapse = lapse or rest
    for name, pts, hour, p in TAGS:
        if lapse:
            continue
        chance = p + (0.15 if streak_days else 0)
        if day.weekday() >= 5 and name.startswith("Deep"):
            chance *= 0.3
        if random.random() < chance:
            when = dt.datetime.combine(day, dt.time(hour, random.randint(0, 50), random.randint(0, 59)))
            if day == TODAY and when > NOW - dt.timedelta(minutes=30):
                continue
            add(pts, "tag", name, when)
    if streak_days and not any(p["pointDate"].startswith(day.isoformat()) for p in points):
        add(1, "tag", "冥想 Meditation", dt.datetime.combine(day, dt.time(7, 5, 0)))
    if not lapse and random.random() < 0.06:
        add(random.choice([2, 3, 5]), "game", "每日挑战 Daily challenge",
            dt.datetime.combine(day, dt.time(22, random.randint(0, 40), 0)), "答对 8/10 题")
    if day.weekday() == 5 and random.random() < 0.7:
        reward = random.choice([("奖励：奶茶 Bubble tea", -10), ("奖励：电影 Movie night", -25), ("奖励：新书 A new book", -30)])
        add(reward[1], "shop", reward[0], dt.datetime.combine(day, dt.time(15, random.randint(0, 59), 0)), "用分数兑换的奖励")
    day += dt.timedelta(days=1)

# Points for the targets completed in targets.json (name, points, completion time).
for name, pts, when in [
    ("读完《原则》Finish 'Principles'", 20, "2026-09-05T21:30:00"),
    ("连续冥想 30 天 Meditate 30 days", 30, "2026-10-12T07:20:00"),
    ("半程马拉松训练 Half-marathon block", 50, "2026-10-26T10:05:00"),
    ("学完 Swift 并发 Learn Swift concurrency", 25, "2026-11-08T22:10:00"),
    ("整理照片 Sort photos", 10, "2026-11-21T23:59:00"),
]:
    add(pts, "target", name, dt.datetime.fromisoformat(when))

points.sort(key=lambda r: r["pointDate"])

weights, wid, kg = [], 500, 68.6
day = TODAY - dt.timedelta(days=119)
while day <= TODAY:
    kg += -0.032 + random.gauss(0, 0.05)
    if random.random() < 0.75 or day == TODAY:
        value = round(kg + random.gauss(0, 0.35), 1)
        t = dt.datetime.combine(day, dt.time(7, random.randint(0, 40), 0))
        wid += 1
        weights.append({"id": str(wid), "userId": "u-8842", "date": t.strftime("%Y-%m-%dT%H:%M:%S"),
                        "kgValue": str(value) if wid % 7 else value, "note": None})
        if random.random() < 0.05:   # weighed twice that day
            wid += 1
            t2 = t.replace(hour=21)
            weights.append({"id": str(wid), "userId": "u-8842", "date": t2.strftime("%Y-%m-%dT%H:%M:%S"),
                            "kgValue": str(round(value + 0.6, 1)), "note": None})
    day += dt.timedelta(days=1)
weights = weights[-90:]

def envelope(data):
    return {"code": "00000", "message": "一切 ok", "data": data, "ok": True}

for name, data in [("points.json", points), ("weights.json", weights)]:
    with open("Examples/demo/" + name, "w", encoding="utf-8") as f:
        json.dump(envelope(data), f, ensure_ascii=False, indent=1)
        f.write("\n")
print(len(points), "points,", len(weights), "weights")
