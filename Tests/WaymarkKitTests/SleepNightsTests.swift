import Testing
@testable import WaymarkKit

/// The night rule: a night's sleep is the largest asleep total among the sources, a record
/// belonging to the night the app names, else to the day it ends. Figures by hand.
struct SleepNightsTests {
    static func at(_ text: String) -> Int64 {
        guard case .instant(let s)? = DateTimeText.parse(text) else { return 0 }
        return s
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d) ?? LocalDate(dayNumber: 0) }

    @Test func theSourceWithTheMostSleepGivesTheNight() {
        // The watch's stages: core 200 + deep 60 + REM 90 = 350 min asleep, 20 awake, from 23:00
        // to 06:30 Paris time. Sleep Cycle: 400 min asleep. 400 > 350: Sleep Cycle's night.
        let watch = [
            SleepSession(source: "Watch", start: Self.at("2024-05-14T23:00:00+02:00"), end: Self.at("2024-05-15T02:20:00+02:00"), core: 200),
            SleepSession(source: "Watch", start: Self.at("2024-05-15T02:20:00+02:00"), end: Self.at("2024-05-15T03:20:00+02:00"), deep: 60),
            SleepSession(source: "Watch", start: Self.at("2024-05-15T03:20:00+02:00"), end: Self.at("2024-05-15T03:40:00+02:00"), awake: 20),
            SleepSession(source: "Watch", start: Self.at("2024-05-15T05:00:00+02:00"), end: Self.at("2024-05-15T06:30:00+02:00"), rem: 90),
        ]
        let app = SleepSession(source: "Sleep Cycle", start: Self.at("2024-05-14T22:40:00+02:00"), end: Self.at("2024-05-15T05:20:00+02:00"), asleep: 400)
        let paris = Zone(identifier: "Europe/Paris") ?? .utc
        let nights = SleepNights.nights(watch + [app], in: paris)
        #expect(nights == [SleepNight(night: Self.day(2024, 5, 15), source: "Sleep Cycle", asleep: 400,
                                      bedtime: Self.at("2024-05-14T22:40:00+02:00"), wake: Self.at("2024-05-15T05:20:00+02:00"), sources: 2)])
        // Without Sleep Cycle, the watch's own night with its stages, bedtime and wake time.
        #expect(SleepNights.nights(watch, in: paris) == [
            SleepNight(night: Self.day(2024, 5, 15), source: "Watch", asleep: 350, core: 200, deep: 60, rem: 90, awake: 20,
                       bedtime: Self.at("2024-05-14T23:00:00+02:00"), wake: Self.at("2024-05-15T06:30:00+02:00"), sources: 1),
        ])
    }

    @Test func aNightBelongsToTheDayItEndsInTheSitesZone() {
        // 22:30 UTC to 05:30 UTC: in UTC it ends on the 15th; in Los Angeles (UTC−7) it ends at
        // 22:30 on the 14th.
        let s = SleepSession(source: "Watch", start: Self.at("2024-05-14T22:30:00Z"), end: Self.at("2024-05-15T05:30:00Z"), asleep: 420)
        #expect(SleepNights.nights([s], in: .utc).map(\.night) == [Self.day(2024, 5, 15)])
        let la = Zone(identifier: "America/Los_Angeles") ?? .utc
        #expect(SleepNights.nights([s], in: la).map(\.night) == [Self.day(2024, 5, 14)])
    }

    @Test func aStageThatEndsBeforeMidnightBelongsToTheMorningItsNightEnds() {
        // The watch writes a stage a record: core 22:50–23:40 ends on the 14th, but the night
        // goes on until 06:10 on the 15th (gaps under three hours), so all 390 minutes are the
        // 15th's. A nap on the 15th at 14:00, 7 h 50 min later, is a sleep of its own on the 15th;
        // the next night, from 23:30, ends on the 16th.
        let watch = [
            SleepSession(source: "Watch", start: Self.at("2024-05-14T22:50:00Z"), end: Self.at("2024-05-14T23:40:00Z"), core: 50),
            SleepSession(source: "Watch", start: Self.at("2024-05-14T23:40:00Z"), end: Self.at("2024-05-15T00:40:00Z"), deep: 60),
            // An hour awake in the middle (01:00–02:00) does not split the night.
            SleepSession(source: "Watch", start: Self.at("2024-05-15T02:00:00Z"), end: Self.at("2024-05-15T06:10:00Z"), core: 250),
            SleepSession(source: "Watch", start: Self.at("2024-05-15T14:00:00Z"), end: Self.at("2024-05-15T14:30:00Z"), asleep: 30),
            SleepSession(source: "Watch", start: Self.at("2024-05-15T23:30:00Z"), end: Self.at("2024-05-16T06:00:00Z"), asleep: 390),
        ]
        #expect(SleepSession.nights(of: watch, in: .utc) == [
            Self.day(2024, 5, 15), Self.day(2024, 5, 15), Self.day(2024, 5, 15), Self.day(2024, 5, 15), Self.day(2024, 5, 16),
        ])
        // 50 + 60 + 250 + the nap's 30 = 390 on the 15th; 390 on the 16th.
        #expect(SleepNights.nights(watch, in: .utc).map(\.asleep) == [390, 390])
        // Given in another order, the same nights.
        #expect(SleepSession.nights(of: watch.reversed(), in: .utc) == [
            Self.day(2024, 5, 16), Self.day(2024, 5, 15), Self.day(2024, 5, 15), Self.day(2024, 5, 15), Self.day(2024, 5, 15),
        ])
    }

    @Test func theNightAnAppNamesWins() {
        // Fitbit files each log under its dateOfSleep: a nap that ends just after midnight stays
        // on the day Fitbit names, not the day it ends.
        let s = SleepSession(source: "Fitbit", start: Self.at("2024-05-15T23:30:00Z"), end: Self.at("2024-05-16T00:10:00Z"), night: Self.day(2024, 5, 15), asleep: 35)
        #expect(SleepNights.nights([s], in: .utc).map(\.night) == [Self.day(2024, 5, 15)])
    }

    @Test func inBedOnlyGivesNoAsleepFigure() {
        // The iPhone's Bedtime ("Clock") writes time in bed only: 47 and 19 minutes.
        let a = SleepSession(source: "Clock", start: Self.at("2024-05-15T06:00:00Z"), end: Self.at("2024-05-15T06:47:00Z"), inBed: 47)
        let b = SleepSession(source: "Clock", start: Self.at("2024-05-15T07:00:00Z"), end: Self.at("2024-05-15T07:19:00Z"), inBed: 19)
        #expect(SleepNights.nights([a, b], in: .utc) == [
            SleepNight(night: Self.day(2024, 5, 15), source: "Clock", asleep: nil, inBed: 66,
                       bedtime: Self.at("2024-05-15T06:00:00Z"), wake: Self.at("2024-05-15T07:19:00Z"), sources: 1),
        ])
        // With a source that saw sleep, that one gives the night however long the other's time in bed.
        let sleep = SleepSession(source: "Health", start: Self.at("2024-05-14T22:00:00Z"), end: Self.at("2024-05-15T05:00:00Z"), asleep: 420)
        #expect(SleepNights.nights([a, b, sleep], in: .utc).map(\.source) == ["Health"])
    }

    @Test func aRecordWrittenTwiceCountsOnce() {
        let s = SleepSession(source: "Watch", start: Self.at("2024-05-14T23:00:00Z"), end: Self.at("2024-05-15T06:00:00Z"), asleep: 420)
        #expect(SleepNights.nights([s, s], in: .utc).map(\.asleep) == [420])
    }
}
