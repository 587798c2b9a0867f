#!/usr/bin/env python3
"""Recomputes stats.json from an export, independently of Waymark, and compares.

Usage: Scripts/verify-stats.py EXPORT_DIR SITE_DIR
Written from docs/statistics.md alone (Python's zoneinfo for time zones), so it checks the Swift
implementation against the definitions rather than against itself. Exit 0 when all numbers agree.
"""
import json, sys, datetime as dt
from zoneinfo import ZoneInfo
from decimal import Decimal, ROUND_HALF_UP

export, site = sys.argv[1], sys.argv[2]
stats = json.load(open(f"{site}/stats.json", encoding="utf-8"))

def records(name):
    try:
        data = json.load(open(f"{export}/{name}", encoding="utf-8-sig"))
    except FileNotFoundError:
        return []
    return data["data"] if isinstance(data, dict) else data

profile = {}
try:
    p = json.load(open(f"{export}/profile.json", encoding="utf-8-sig"))
    profile = p.get("data", p) if isinstance(p, dict) and "data" in p else p
except FileNotFoundError:
    pass
zone = ZoneInfo(stats["timeZone"])
parse_zone = ZoneInfo(profile.get("timeZone") or stats["timeZone"])
now = dt.datetime.fromisoformat(stats["now"])
today = now.astimezone(zone).date()

def day_of(text):
    """The calendar day of a date-time text in the report zone; a bare date is that day."""
    text = text.strip().replace(" ", "T")
    if len(text) == 10:
        return dt.date.fromisoformat(text), None
    t = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    if t.tzinfo is None:
        t = t.replace(tzinfo=parse_zone)
    return t.astimezone(zone).date(), t

points = []
for r in records("points.json"):
    d, t = day_of(r["pointDate"])
    if (t is not None and t > now) or (t is None and d > today):
        continue
    points.append((d, int(float(r["point"])), r.get("pointType"), r.get("pointName")))

# One status per target at now (docs/statistics.md, "Targets"): completed = done with its
# completion (completeTime, else the deadline) not after now; overdue = not completed, deadline
# day before today; due on the earlier of completion and deadline day (completed) or on the
# deadline day (overdue).
targets = []  # (deadline day, completed by now, completion day)
for t in records("targets.json"):
    deadline, deadline_at = day_of(t["deadline"]) if t.get("deadline") else (None, None)
    done = str(t.get("status")) == "1"
    complete, complete_at = day_of(t["completeTime"]) if t.get("completeTime") else (deadline, deadline_at)
    after_now = complete is not None and (complete_at > now if complete_at is not None else complete > today)
    completed = done and not after_now
    targets.append((deadline, completed, complete if completed else None))

def due_day(target):
    dl, completed, c = target
    if dl is None:
        return None
    if completed:
        return min(dl, c) if c else dl
    return dl if dl < today else None

def earned(a, b):
    return sum(p for d, p, _, _ in points if a <= d <= b and p > 0)

scoring = {d for d, p, _, _ in points if p > 0}
def streak(days):
    cur = today if today in days else today - dt.timedelta(days=1)
    n = 0
    while cur in days:
        n += 1
        cur -= dt.timedelta(days=1)
    return n

def round1(x):
    return None if x is None else float(Decimal(repr(x)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))

failures = []
def check(where, got, want):
    if got != want:
        failures.append(f"{where}: stats.json has {got!r}, expected {want!r}")

check("streak", stats["streak"], streak(scoring))
earliest = min((d for d, *_ in points), default=today)
for name, length in [("day", 1), ("week", 7), ("month", 30), ("year", 365), ("all", None)]:
    p = stats["periods"][name]
    start = today - dt.timedelta(days=length - 1) if length else earliest
    days = (today - start).days + 1
    total = earned(start, today)
    check(f"{name}.start", p["start"], start.isoformat())
    check(f"{name}.days", p["days"], days)
    check(f"{name}.total", p["total"], total)
    check(f"{name}.spent", p["spent"], sum(-q for d, q, _, _ in points if start <= d <= today and q < 0))
    if length:
        prev = earned(start - dt.timedelta(days=days), start - dt.timedelta(days=1))
        check(f"{name}.progress", p["progress"], total - prev)
        check(f"{name}.progressPercent", p["progressPercent"], round1((total - prev) / prev * 100) if prev else None)
    check(f"{name}.average", p["average"], round1(total / days) if points else 0.0)
    best = run = 0
    d = start
    while d <= today:
        run = run + 1 if d in scoring else 0
        best = max(best, run)
        d += dt.timedelta(days=1)
    check(f"{name}.bestStreak", p["bestStreak"], best)
    check(f"{name}.completedTargets", p["completedTargets"], sum(1 for _, done, c in targets if done and c and start <= c <= today))
    due = [done for (dl, done, c) in targets if due_day((dl, done, c)) and start <= due_day((dl, done, c)) <= today]
    check(f"{name}.completionRate", p["completionRate"], round1(sum(due) / len(due) * 100) if due else None)

# On time: completed with a deadline, on or before the deadline's day; overdue ones count as not on time.
on_time = sum(1 for dl, done, c in targets if done and dl and c and c <= dl)
late = sum(1 for dl, done, c in targets if done and dl and c and c > dl)
overdue = sum(1 for dl, done, c in targets if not done and dl and dl < today)
check("targets.onTime", stats["targets"]["onTime"], on_time)
check("targets.late", stats["targets"]["late"], late)
check("targets.overdue", stats["targets"]["overdue"], overdue)
check("targets.completed", stats["targets"]["completed"], sum(1 for _, done, _ in targets if done))
check("targets.onTimeRate", stats["targets"]["onTimeRate"], round1(on_time / (on_time + late + overdue) * 100) if on_time + late + overdue else None)

for tag, got in zip([t for t in records("tags.json") if t.get("tagName")], stats["tags"]):
    mine = [(d, p) for d, p, kind, n in points if kind == "tag" and n == tag["tagName"]]
    minutes = len(mine) * (int(tag.get("tagHour") or 0) * 60 + int(tag.get("tagMinute") or 0))
    check(f"tags.{tag['tagName']}", (got["completions"], got["points"], got["minutes"], got["lastDone"], got["streak"]),
          (len(mine), sum(p for _, p in mine), minutes, max(d for d, _ in mine).isoformat() if mine else None,
           streak({d for d, _ in mine})))

# Weight (docs/weight.md): daily means, interpolation, trend, changes, rate, goal, BMI.
entries = {}
for w in records("weights.json"):
    d, t = day_of(w["date"])
    if (t is not None and t > now) or (t is None and d > today):
        continue
    entries.setdefault(d, []).append(float(w["kgValue"]))
weight = stats.get("weight")
if entries:
    days = sorted(entries)
    daily = {d: sum(v) / len(v) for d, v in entries.items()}
    series, trend = [], None
    for a, b in zip(days, days[1:] + [None]):
        wa = daily[a]
        trend = wa if trend is None else trend + 0.1 * (wa - trend)
        series.append((a, wa, trend))
        if b is not None:
            gap = (b - a).days
            for k in range(1, gap):
                wk = wa + (daily[b] - wa) * k / gap
                trend += 0.1 * (wk - trend)
                series.append((a + dt.timedelta(days=k), wk, trend))
    r3 = lambda x: None if x is None else float(Decimal(repr(x)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP))
    last = series[-1]
    check("weight.latest", weight["latest"], r3(daily[days[-1]]))
    check("weight.trend", weight["trend"], r3(last[2]))
    for n in (7, 30, 365):
        check(f"weight.change{n}d", weight[f"change{n}d"], r3(last[2] - series[-1 - n][2]) if len(series) > n else None)
    lo = min(days, key=lambda d: (daily[d], d)); hi = min(days, key=lambda d: (-daily[d], d))
    check("weight.min", weight["min"], {"kg": r3(daily[lo]), "date": lo.isoformat()})
    check("weight.max", weight["max"], {"kg": r3(daily[hi]), "date": hi.isoformat()})
    ys = [t for _, _, t in series[-14:]]
    if len(ys) >= 2:
        mx = (len(ys) - 1) / 2; my = sum(ys) / len(ys)
        slope = sum((i - mx) * (y - my) for i, y in enumerate(ys)) / sum((i - mx) ** 2 for i in range(len(ys)))
        check("weight.weeklyRate", weight["weeklyRate"], r3(slope * 7))
        goal = profile.get("goalWeightKg")
        if goal is not None:
            goal = float(goal)
            check("weight.toGoal", weight["toGoal"], r3(last[2] - goal))
            dist = goal - last[2]
            proj = None
            if slope != 0 and (dist > 0) == (slope > 0):
                import math
                date = last[0] + dt.timedelta(days=math.ceil(abs(dist) / abs(slope)))
                if date <= last[0].replace(year=last[0].year + 3):
                    proj = date.isoformat()
            check("weight.projectedGoalDate", weight["projectedGoalDate"], proj)
    if profile.get("heightCm"):
        h = float(profile["heightCm"]) / 100
        check("weight.bmi", weight["bmi"], float(Decimal(repr(last[2] / h / h)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)))
else:
    check("weight", weight, None)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"stats.json agrees with an independent computation: {len(stats['periods'])} periods, {len(stats['tags'])} tags, "
      f"{len(points)} point records, {len(targets)} targets, {sum(len(v) for v in entries.values())} weighings.")
