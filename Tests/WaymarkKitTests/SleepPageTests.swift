import Foundation
import Testing
@testable import WaymarkKit

/// The Sleep page: how long and how regularly a person slept, the last 30 nights as bars of
/// hours asleep and bars from bedtime to wake time, the months' mean hours asleep, each with its
/// table; in the menu only when a night has sleep. Real figures counted with Python's xml module.
struct SleepPageTests {
    func file(_ files: [SiteFile], _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    func build(_ name: String, now: String, zone: String, language: Language = .en) throws -> [SiteFile] {
        let path = TestPaths.shared.appendingPathComponent("real-exports/apple-health-activity/" + name).path
        var request = BuildRequest(source: .paths([path]), now: DateTimeText.parse(now))
        request.zone = Zone(identifier: zone)
        request.language = language
        return try BuildPipeline(fileSystem: .local, clock: { 0 }).build(request).files
    }

    @Test func aNightsBarRunsFromBedtimeToWakeTime() {
        // 23:30 UTC to 07:15 the next morning: 690 minutes after noon, 465 minutes long.
        let night = SleepNight(night: LocalDate(year: 2024, month: 1, day: 2) ?? LocalDate(dayNumber: 0), source: "Watch", asleep: 400,
                               bedtime: 1_704_151_800, wake: 1_704_179_700)
        #expect(SleepPage.span(night, in: .utc).map { [$0.start, $0.end] } == [690, 1_155])
        // A night without its wake time has no bar.
        var open = night
        open.wake = nil
        #expect(SleepPage.span(open, in: .utc) == nil)
        #expect(SleepTimesChart.clock(690) == "23:30" && SleepTimesChart.clock(1_155) == "07:15" && SleepTimesChart.clock(-30) == "11:30")
        // The axis: 23:00 to 08:00 (the hours around 23:30 and 07:15), widened to four hours when
        // shorter; ticks every two hours for nine hours.
        let bars = [SleepTimesChart.Night(title: "", label: nil, span: (690, 1_155))]
        #expect(SleepTimesChart.domain(bars) == (660, 1_200))
        #expect(SleepTimesChart.step((660, 1_200)) == 120)
        // Drawn from 22:00, a whole step of two hours after noon, so both ends are labelled.
        #expect(SleepTimesChart.axis(bars) == (600, 1_200, 120))
        #expect(SleepTimesChart.domain([SleepTimesChart.Night(title: "", label: nil, span: (690, 700))]) == (660, 900))
        let svg = SleepTimesChart.svg(bars, width: 340, height: 200, id: "t", title: "T", description: "D")
        #expect(svg.contains(">22:00</text>") && svg.contains(">08:00</text>") && !svg.contains(">23:00</text>"))
        #expect(svg.components(separatedBy: "<rect").count - 1 == 1)
    }

    @Test func timeInBedAloneMakesNoSleepPage() throws {
        let day = LocalDate(year: 2024, month: 1, day: 2) ?? LocalDate(dayNumber: 0)
        var options = SiteOptions(now: 1_704_412_800, zone: .utc, language: .en)
        let inBed = Export(activity: [ActivitySample(metric: .steps, date: .day(day), value: 5_000, source: "Phone")],
                           sleep: [SleepSession(source: "Clock", start: 1_704_151_800, end: 1_704_179_700, inBed: 465)])
        options.sections = options.sections.intersection(SectionsWithData.of(inBed))
        let files = try renderSite(inBed, options)
        #expect(file(files, "sleep/index.html") == nil)
        #expect(file(files, "activity/index.html")?.contains("sleep/index.html") == false)
        #expect(file(files, "index.html")?.contains(">Sleep</a>") == false)
    }

    /// ericwolter's 2015 export (Sleep Cycle, London), counted with Python's xml module: the last
    /// night with sleep ends on 2015-10-02 (21:02 to 04:46, 464.03 min asleep); 8 nights with
    /// sleep in the 30 to it, 421.06 min a night; bedtimes 587.25 min after noon (21:47), spread
    /// 35.83 min; wake times 288.25 min after midnight (04:48), spread 10.84 min. By month: June
    /// 2015 27 nights, 454.62 min; August 25, 413.53; September 2012 one night, 381.37.
    @Test(.enabled(if: TestPaths.hasShared)) func theSleepOfARealAppleHealthExport() throws {
        let files = try build("ericwolter-2015-en_DE-export.xml", now: "2015-11-07T16:19:00+00:00", zone: "Europe/London")
        let page = try #require(file(files, "sleep/index.html"))
        #expect(page.contains(#"<span class="label">Asleep</span><span class="value measure">7 h 1 min</span>"#))
        #expect(page.contains("a night, mean of the 8 nights with sleep in the 30 to"))
        #expect(page.contains(#"<span class="label">Bedtime</span><span class="value measure">21:47</span><span class="sub">mean; varies by 36 min"#))
        #expect(page.contains(#"<span class="label">Wake time</span><span class="value measure">04:48</span><span class="sub">mean; varies by 11 min"#))
        #expect(page.contains("<td>7 h 44 min</td><td>—</td></tr>") && page.contains("<td>21:02</td><td>04:46</td></tr>"))
        #expect(page.contains("<td>27</td><td>7 h 35 min</td></tr>") && page.contains("<td>25</td><td>6 h 54 min</td></tr>")
                && page.contains("<td>1</td><td>6 h 21 min</td></tr>"))
        // Three charts, each drawn wide and narrow, each with its heading and its table.
        #expect(page.components(separatedBy: "<svg").count - 1 == 6)
        #expect(page.components(separatedBy: "<details>").count - 1 == 3)
        #expect(page.contains(#"<h2 id="sleep-times-heading">Bedtime and wake time, the last 30 nights</h2>"#))
        #expect(page.contains("<title>Oct 2, 2015: 21:02 to 04:46</title>"))
        // The months' bars run from June 2015, the first with sleep of the 36 to October 2015.
        #expect(page.contains("<title>June 2015: 7 h 35 min</title>") && !page.contains("<title>May 2015:"))
        #expect(page.contains(#"aria-current="page">Sleep</a>"#))
        // Every page's menu has Sleep after Activity; the Activity page links to it.
        let index = try #require(file(files, "index.html"))
        #expect(index.contains(#"<a href="activity/index.html">Activity</a></li>"#) && index.contains(#"<a href="sleep/index.html">Sleep</a>"#))
        #expect(file(files, "activity/index.html")?.contains(#"<a href="../sleep/index.html">"#) == true)
        #expect(!page.contains("<script"))
    }

    @Test(.enabled(if: TestPaths.hasShared)) func inChinese() throws {
        let files = try build("ericwolter-2015-en_DE-export.xml", now: "2015-11-07T16:19:00+00:00", zone: "Europe/London", language: .zhHans)
        let page = try #require(file(files, "sleep/index.html"))
        #expect(page.contains(#"<span class="label">睡眠时长</span><span class="value measure">7小时1分钟</span>"#))
        #expect(page.contains("入睡和醒来时间，最近 30 晚") && page.contains(">睡眠</a>"))
        #expect(page.contains("<title>2015年6月：7小时35分钟</title>"))
    }

    /// rgosdin's 2019 export (New York), counted with Python's xml module: the Health app's one
    /// night asleep (600 min, 22:21 to 08:21, the night of 06-16) is the last with sleep; the
    /// Clock's 46.98 minutes in bed on 06-15 (08:13 to 09:00) are listed without sleep; its
    /// in-bed record of 06-17, after the last night with sleep, is not.
    @Test(.enabled(if: TestPaths.hasShared)) func oneNightOfSleep() throws {
        let files = try build("rgosdin-2019-v8-export.xml", now: "2019-06-17T21:07:11-04:00", zone: "America/New_York")
        let page = try #require(file(files, "sleep/index.html"))
        #expect(page.contains(#"<span class="label">Asleep</span><span class="value measure">10 h</span>"#))
        #expect(page.contains("the one night with sleep in the 30 to"))
        // One night has no spread to show.
        #expect(page.contains(#"<span class="label">Bedtime</span><span class="value measure">22:21</span><span class="sub">one night</span>"#))
        #expect(page.contains(#"<span class="label">Wake time</span><span class="value measure">08:21</span><span class="sub">one night</span>"#))
        #expect(!page.contains("varies by"))
        #expect(page.contains("<td>10 h</td><td>—</td></tr>") && page.contains("<td>22:21</td><td>08:21</td></tr>"))
        #expect(page.contains("<td>—</td><td>47 min</td></tr>") && page.contains("<td>08:13</td><td>09:00</td></tr>"))
        #expect(page.contains("<td>1</td><td>10 h</td></tr>"))
    }
}
