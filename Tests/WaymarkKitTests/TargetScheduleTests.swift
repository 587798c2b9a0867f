import Testing
@testable import WaymarkKit

struct TargetScheduleTests {
    let shanghai = Zone(identifier: "Asia/Shanghai")!
    func at(_ text: String, _ zone: Zone) -> Moment { DateTimeText.parse(text)!.moment(in: zone) }
    func instant(_ text: String, _ zone: Zone) -> Int64 {
        guard case .instant(let s) = at(text, zone) else { return 0 }
        return s
    }
    var today: LocalDate { LocalDate(year: 2026, month: 11, day: 29)! }

    func label(_ deadline: String?, done: Bool = false, completed: String? = nil, zone: Zone? = nil, language: Language = .en) throws -> (TargetSchedule.State, String) {
        let zone = zone ?? shanghai
        let target = Target(name: "T", deadline: deadline.map { at($0, zone) }, done: done, completed: completed.map { at($0, zone) })
        let now: Int64
        if case .instant(let s) = at("2026-11-29T20:00:00", zone) { now = s } else { now = 0 }
        let state = TargetSchedule.state(of: target, now: now, today: today, zone: zone)
        let options = SiteOptions(now: now, zone: zone, language: language)
        let content = computeSite(Export(targets: [target]), options)
        let renderer = PageRenderer(templates: try TemplateSet([:]), options: options, siteTitle: "x")
        return (state, TargetsPages.label(target, state, content, renderer))
    }

    @Test func labelsAtEveryBoundary() throws {
        // Deadline at 00:00 today: due today, shown with its time.
        #expect(try label("2026-11-29T00:00:00") == (.dueToday, "00:00"))
        #expect(try label("2026-11-29T23:59:00") == (.dueToday, "23:59"))
        // 23:59 yesterday: overdue by a day, shown as the date in the cards' style.
        #expect(try label("2026-11-28T23:59:00") == (.overdue(days: -1), "Nov 28"))
        #expect(try label("2026-11-28T23:59:00", language: .zhHans) == (.overdue(days: -1), "11月28日"))
        #expect(try label("2025-12-01T08:00:00") == (.overdue(days: -363), "Dec 1, 2025"))
        #expect(try label("2025-12-01T08:00:00", language: .zhHans) == (.overdue(days: -363), "2025年12月1日"))
        // Tomorrow 00:00: one calendar day ahead, however few hours away.
        #expect(try label("2026-11-30T00:00:00") == (.upcoming(days: 1), "tomorrow"))
        #expect(try label("2026-11-30T00:00:00", language: .zhHans) == (.upcoming(days: 1), "明天"))
        #expect(try label("2026-12-11T22:00:00") == (.upcoming(days: 12), "in 12 days"))
        #expect(try label("2026-12-11T22:00:00", language: .zhHans) == (.upcoming(days: 12), "还剩12天"))
        #expect(try label("2026-01-05T10:00:00") == (.overdue(days: -328), "Jan 5"))
        #expect(try label("2026-01-05T10:00:00", language: .zhHans) == (.overdue(days: -328), "1月5日"))
        // A whole-day deadline due today has no time.
        #expect(try label("2026-11-29") == (.dueToday, "today"))
        #expect(try label(nil) == (.noDeadline, "No deadline"))
        #expect(try label("2026-11-20T18:00:00", done: true, completed: "2026-11-19T09:00:00") == (.done, "completed Nov 19"))
        #expect(try label("2026-11-20T18:00:00", done: true) == (.done, "completed Nov 20"))  // at its deadline
    }

    @Test func aCompletionAfterNowIsNotDoneYet() throws {
        // Now is Nov 29 20:00: done at 21:00 that evening, the target is still due today.
        #expect(try label("2026-11-29T22:00:00", done: true, completed: "2026-11-29T21:00:00") == (.dueToday, "22:00"))
        #expect(try label("2026-12-11T22:00:00", done: true, completed: "2026-12-01T09:00:00") == (.upcoming(days: 12), "in 12 days"))
        #expect(try label("2026-11-20T18:00:00", done: true, completed: "2026-12-01T09:00:00") == (.overdue(days: -9), "Nov 20"))
        // Done without a completion time, at a deadline after now: completed then, so not yet.
        #expect(try label("2026-12-11T22:00:00", done: true) == (.upcoming(days: 12), "in 12 days"))
        #expect(try label(nil, done: true, completed: "2026-12-01T09:00:00") == (.noDeadline, "No deadline"))
        // Done at 19:59, a minute before now.
        #expect(try label("2026-11-29T22:00:00", done: true, completed: "2026-11-29T19:59:00") == (.done, "completed Nov 29"))
    }

    @Test func dayBoundariesFollowTheReportZone() throws {
        // 2026-11-29T17:00Z is Nov 30 01:00 in Shanghai but still Nov 29 in UTC.
        #expect(try label("2026-11-29T17:00:00Z", zone: shanghai) == (.upcoming(days: 1), "tomorrow"))
        #expect(try label("2026-11-29T17:00:00Z", zone: .utc) == (.dueToday, "17:00"))
        // 2026-11-28T20:00Z is Nov 29 04:00 in Shanghai (due today) but Nov 28 in UTC (overdue).
        #expect(try label("2026-11-28T20:00:00Z", zone: shanghai) == (.dueToday, "04:00"))
        #expect(try label("2026-11-28T20:00:00Z", zone: .utc) == (.overdue(days: -1), "Nov 28"))
    }

    @Test func groupsAndOrder() {
        let z = shanghai
        let targets = [
            Target(name: "later", deadline: at("2026-12-20T10:00:00", z)),
            Target(name: "done-early", deadline: at("2026-10-01T10:00:00", z), done: true, completed: at("2026-09-30T10:00:00", z)),
            Target(name: "overdue-recent", deadline: at("2026-11-27T10:00:00", z)),
            Target(name: "no-deadline"),
            Target(name: "today-late", deadline: at("2026-11-29T22:00:00", z)),
            Target(name: "soon", deadline: at("2026-11-30T08:00:00", z)),
            Target(name: "overdue-old", deadline: at("2026-11-01T10:00:00", z)),
            Target(name: "done-late", deadline: at("2026-11-25T10:00:00", z), done: true),
            Target(name: "today-early", deadline: at("2026-11-29T08:00:00", z)),
            Target(name: "done-undated", done: true),
        ]
        let schedule = TargetSchedule.ordered(targets, now: instant("2026-11-29T20:00:00", z), today: today, zone: z)
        let order = schedule.map { targets[$0.index].name }
        #expect(order == ["overdue-old", "overdue-recent", "today-early", "today-late", "soon", "later",
                          "done-late", "done-early", "done-undated", "no-deadline"])
        // Shown as of Oct 1 09:00, done-early (Sep 30) is done; done-late (done at its deadline,
        // Nov 25) is upcoming in 55 days, and has no completion day yet.
        let october = LocalDate(year: 2026, month: 10, day: 1)!
        let earlier = TargetSchedule.ordered(targets, now: instant("2026-10-01T09:00:00", z), today: october, zone: z)
        // Every open one is upcoming then, soonest first; done-undated has no date that is after now.
        #expect(earlier.map { targets[$0.index].name } == ["overdue-old", "done-late", "overdue-recent", "today-early", "today-late",
                                                           "soon", "later", "done-early", "done-undated", "no-deadline"])
        let lateItem = earlier.first { targets[$0.index].name == "done-late" }
        #expect(lateItem?.state == .upcoming(days: 55))
        #expect(lateItem?.completionDay == nil)
        #expect(earlier.first { targets[$0.index].name == "done-early" }?.state == .done)
    }

    @Test func onTimeRateComparesDays() {
        let z = shanghai
        let now = instant("2026-11-29T20:00:00", z)
        let targets = [
            // Due 18:00, done 23:00 the same day: on time (days are compared, as on the year pages).
            Target(name: "A", deadline: at("2026-11-20T18:00:00", z), done: true, completed: at("2026-11-20T23:00:00", z)),
            // Due the 20th, done the 22nd: 2 days late.
            Target(name: "B", deadline: at("2026-11-20T18:00:00", z), done: true, completed: at("2026-11-22T09:00:00", z)),
            // Done without a completion time: completed at its deadline, on time.
            Target(name: "C", deadline: at("2026-10-01T10:00:00", z), done: true),
            // Completed without a deadline: neither on time nor late.
            Target(name: "D", done: true, completed: at("2026-11-01T10:00:00", z)),
            // Open, due 1 November: overdue, so not on time.
            Target(name: "E", deadline: at("2026-11-01T10:00:00", z)),
            // Completed after now, due today: not yet judged, not overdue.
            Target(name: "F", deadline: at("2026-11-29T18:00:00", z), done: true, completed: at("2026-11-29T21:00:00", z)),
        ]
        let p = TargetSchedule.punctuality(targets, now: now, zone: z)
        #expect(p == TargetSchedule.Punctuality(completed: 4, onTime: 2, late: 1, overdue: 1))
        #expect(p.rate == 50)  // 2 of the 4 due so far (A, B, C, E)
        #expect(TargetSchedule.Punctuality(completed: 0, onTime: 0, late: 0, overdue: 0).rate == nil)
        #expect(TargetSchedule.lateDays(completion: at("2026-11-22T09:00:00", z), deadline: at("2026-11-20T18:00:00", z), zone: z) == 2)
    }

    @Test func aDeadlineIsMissedWhenItsDayIsOver() {
        let z = shanghai
        let due = Target(name: "A", deadline: at("2026-11-29T21:30:00", z))
        // Due 21:30: at 22:00 it can still be done on time that day, so it is not overdue yet.
        let evening = instant("2026-11-29T22:00:00", z)
        let late = TargetStatus(due, now: evening, today: LocalDate(year: 2026, month: 11, day: 29)!, zone: z)
        #expect(!late.isOverdue && late.dueDay == nil)
        let morning = TargetStatus(due, now: instant("2026-11-30T08:00:00", z), today: LocalDate(year: 2026, month: 11, day: 30)!, zone: z)
        #expect(morning.isOverdue && morning.dueDay == LocalDate(year: 2026, month: 11, day: 29))
    }

    @Test func aTargetDoneEarlyIsDueWhenItWasDone() {
        let z = shanghai
        let now = instant("2026-11-29T20:00:00", z)
        let today = LocalDate(year: 2026, month: 11, day: 29)!
        // Due 10 December, done 25 November: due and done on the 25th, on time.
        let early = TargetStatus(Target(name: "E", deadline: at("2026-12-10", z), done: true, completed: at("2026-11-25T09:00:00", z)),
                                 now: now, today: today, zone: z)
        #expect(early.isCompleted && early.isOnTime && early.dueDay == LocalDate(year: 2026, month: 11, day: 25))
        // Due 1 November, done the 3rd: due on the 1st, done late.
        let late = TargetStatus(Target(name: "L", deadline: at("2026-11-01", z), done: true, completed: at("2026-11-03T09:00:00", z)),
                                now: now, today: today, zone: z)
        #expect(late.isLate && late.dueDay == LocalDate(year: 2026, month: 11, day: 1))
        // Upcoming and open: not due.
        let open = TargetStatus(Target(name: "O", deadline: at("2026-12-10", z)), now: now, today: today, zone: z)
        #expect(open.dueDay == nil && !open.isOverdue && !open.isCompleted)
    }
}
