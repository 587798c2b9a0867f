import Testing
@testable import WaymarkKit

/// Compares `PointStatistics` with a naive implementation written straight from
/// docs/statistics.md, on random exports: different code, same definitions.
struct PointStatisticsOracleTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    @Test(arguments: [("UTC", 1), ("Asia/Shanghai", 2), ("America/New_York", 3), ("Pacific/Chatham", 4), ("Asia/Kolkata", 5),
                      ("Europe/London", 6), ("Australia/Lord_Howe", 7), ("America/Sao_Paulo", 8)])
    func matchesANaiveImplementation(zoneName: String, seed: UInt64) {
        let zone = Zone(identifier: zoneName)!
        var g = Generator(state: seed)
        let now: Int64 = 1_795_953_600 + Int64(g.next(86_400))
        // Sparse days with gaps, so streaks start and end; some seeds leave today empty.
        var points: [PointRecord] = []
        let todayEmpty = seed % 2 == 0
        for back in -3..<400 {
            guard g.next(10) < 6, !(todayEmpty && back == 0) else { continue }
            for _ in 0..<(1 + g.next(3)) {
                let when = now - Int64(back) * 86_400 - Int64(g.next(86_400))
                let point = g.next(10) == 0 ? -(1 + g.next(20)) : g.next(6)
                points.append(PointRecord(point: point, type: "tag", name: "t\(g.next(3))",
                                          date: g.next(15) == 0 ? .day(zone.localDateTime(of: when).date) : .instant(when)))
            }
        }
        var targets: [Target] = []
        for i in 0..<60 {
            let deadline: Moment = .instant(now - Int64(g.next(420 * 86_400)) + 30 * 86_400)
            let done = g.next(2) == 0
            targets.append(Target(name: "T\(i)", deadline: g.next(8) == 0 ? nil : deadline, done: done,
                                  completed: done && g.next(2) == 0 ? .instant(now - Int64(g.next(200 * 86_400))) : nil))
        }
        let export = Export(points: points, tags: [Tag(name: "t0", minutes: 10), Tag(name: "t1", hours: 1)], targets: targets)
        let stats = PointStatistics(export: export, now: now, zone: zone)

        // The naive version.
        let today = zone.localDateTime(of: now).date
        let kept = points.filter { !$0.date.isAfter(now, in: zone) }
        #expect(stats.daily.futureRecords == points.count - kept.count)
        func day(_ m: Moment) -> LocalDate { m.localDate(in: zone) }
        func earned(_ a: LocalDate, _ b: LocalDate) -> Int { kept.filter { day($0.date) >= a && day($0.date) <= b && $0.point > 0 }.reduce(0) { $0 + $1.point } }
        let scoringDays = Set(kept.filter { $0.point > 0 }.map { day($0.date) })
        var streak = 0
        var cursor = scoringDays.contains(today) ? today : today.adding(days: -1)
        while scoringDays.contains(cursor) { streak += 1; cursor = cursor.adding(days: -1) }
        #expect(stats.streak == streak)
        #expect(streak > 0 || seed > 2)  // the data must exercise live streaks
        let earliest = kept.map { day($0.date) }.min() ?? today

        for p in stats.periods {
            let start = p.period.length.map { today.adding(days: 1 - $0) } ?? earliest
            let days = start.days(to: today) + 1
            #expect(p.start == start && p.days == days)
            let total = earned(start, today)
            #expect(p.total == total)
            #expect(p.spent == kept.filter { day($0.date) >= start && day($0.date) <= today && $0.point < 0 }.reduce(0) { $0 - $1.point })
            if p.period != .all {
                let previous = earned(start.adding(days: -days), start.adding(days: -1))
                #expect(p.progress == total - previous)
                #expect(p.progressPercent == (previous == 0 ? nil : Double(total - previous) / Double(previous) * 100))
            }
            #expect(p.average == Double(total) / Double(days))
            var best = 0, run = 0
            var d = start
            while d <= today {
                run = scoringDays.contains(d) ? run + 1 : 0
                best = max(best, run)
                d = d.adding(days: 1)
            }
            #expect(p.bestStreak == best)
            // Completed: done, and its completion (completeTime, else the deadline) not after now.
            func completion(_ t: Target) -> Moment? { t.done ? (t.completed ?? t.deadline) : nil }
            func isCompleted(_ t: Target) -> Bool { t.done && completion(t).map { !$0.isAfter(now, in: zone) } ?? true }
            let completed = targets.filter { t in isCompleted(t) && completion(t).map { day($0) >= start && day($0) <= today } == true }
            #expect(p.completedTargets == completed.count)
            // Due: completed ones on the earlier of completion and deadline, open ones on the
            // deadline once its day is over; the due day in the window.
            let due = targets.filter { t in
                guard let deadline = t.deadline else { return false }
                let dueDay: LocalDate
                if isCompleted(t) { dueDay = min(day(deadline), completion(t).map(day) ?? day(deadline)) }
                else if day(deadline) < today { dueDay = day(deadline) } else { return false }
                return dueDay >= start && dueDay <= today
            }
            #expect(p.completionRate == (due.isEmpty ? nil : Double(due.filter(isCompleted).count) / Double(due.count) * 100))
        }
        for tag in stats.tags {
            let mine = kept.filter { $0.name == tag.name }
            #expect(tag.completions == mine.count)
            #expect(tag.points == mine.reduce(0) { $0 + $1.point })
            #expect(tag.lastDone == mine.map { day($0.date) }.max())
        }
    }
}
