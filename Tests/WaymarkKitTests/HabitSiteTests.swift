import Testing
@testable import WaymarkKit

/// Habits on the pages: a habit page per habit, the habits index, the year pages and the
/// points balance, checked file by file on a small site whose figures are worked out by hand.
struct HabitSiteTests {
    static func day(_ d: Int) -> LocalDate { LocalDate(dayNumber: 19_723 + d - 1) }  // 2024-01-01 (a Monday) is day 19,723
    static func at(_ d: Int, hour: Int) -> Moment { .instant(Int64(19_723 + d - 1) * 86_400 + Int64(hour) * 3_600) }
    static let options = SiteOptions(now: 1_704_312_000, zone: .utc, language: .en)  // 2024-01-03T20:00:00Z, a Wednesday

    /// "Run": the points app's daily timed habit, done at 07:00 on Jan 1, 2 and 3 (2 points each).
    /// "Read": a Loop habit once a week, done on Jan 2. A game on New Year's Eve makes 2023 a
    /// year; a movie (−5) and tea (−3) are bought with points.
    static let export = Export(
        points: [
            PointRecord(point: 2, type: "tag", name: "Run", date: at(1, hour: 7)),
            PointRecord(point: 2, type: "tag", name: "Run", date: at(2, hour: 7)),
            PointRecord(point: 2, type: "tag", name: "Run", date: at(3, hour: 7)),
            PointRecord(point: 1, type: "tag", name: "Read", date: .day(day(2))),
            PointRecord(point: 10, type: "game", name: "Quiz", date: at(0, hour: 12)),
            PointRecord(point: -3, type: "shop", name: "Tea", date: at(2, hour: 15)),
            PointRecord(point: -5, type: "shop", name: "Movie", date: at(3, hour: 18)),
        ],
        tags: [
            Tag(name: "Run", point: 2, minutes: 30),
            Tag(name: "Read", point: 1, habit: HabitDetails(frequency: Frequency(numerator: 1, denominator: 7),
                                                            question: "Did you read today?", source: "Loop Habit Tracker")),
        ],
        notes: [Note(fileName: "run.md", title: "First run", date: .day(day(1)), tag: "Run", body: "Felt good.")])

    func page(_ files: [SiteFile], _ path: String) -> String {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    @Test func everyHabitHasAPageWithLoopsFigures() throws {
        let files = try renderSite(Self.export, Self.options)
        let run = page(files, "habits/run.html")
        // Daily: m = 0.5^(1/13) = 0.948078; three done days give 0.051922, 0.101149, 0.147820.
        #expect(run.contains(#"<span class="label">Strength</span><span class="value">15%</span>"#))
        #expect(run.contains(#"<li>Every day</li><li>2 points per session</li><li>30 min per session</li>"#))
        #expect(run.contains(#"<span class="label">Current streak</span><span class="value">3 days</span><span class="sub">Since <span class="date">Jan 1</span></span>"#))
        #expect(run.contains(#"<span class="label">Best streak</span><span class="value">3 days</span><span class="sub"><span class="date">Jan 1 –</span> <span class="date">Jan 3</span></span>"#))
        #expect(run.contains(#"<span class="label">Total time</span><span class="value">1 h 30 min</span>"#))
        #expect(run.contains(#"<a href="../notes/run.html">First run</a>"#))
        // Three checks at 07:00: the hour chart and its table.
        #expect(run.contains("<tr><td>07:00</td><td>3</td></tr>"))
        let read = page(files, "habits/read.html")
        // Once a week (f = 1/7, doubled to 2 in 14): 0.5 × (1 − m) on Jan 2, m = 0.5^(√(1/7)/13),
        // then 0.009975 × m + 0.004988 = 0.019752 on Jan 3: 2%.
        #expect(read.contains(#"<span class="value">2%</span>"#))
        #expect(read.contains(#"<p class="lead question">Did you read today?</p>"#))
        #expect(read.contains("<li>Once a week</li><li>From Loop Habit Tracker</li></ul>"))
        // Another tracker's checks carry 1 point each from its importer: not worth showing.
        #expect(!read.contains("per session") && !read.contains(#"<span class="label">Points</span>"#))
        // A weekly habit's streaks are in weeks: done on Jan 2, the week of Jan 1 has met its
        // goal, a streak of 1 week to today; the week asks 1 and holds 1.
        #expect(read.contains(#"<span class="label">Current streak</span><span class="value">1 week</span>"#))
        #expect(read.contains(#"<span class="label">This week&#39;s goal</span><span class="value">1/1</span><span class="sub">met</span>"#))
    }

    @Test func theHabitsIndexSortsByStrengthAndCountsTheWeek() throws {
        let files = try renderSite(Self.export, Self.options)
        let index = page(files, "habits/index.html")
        let runRow = try #require(index.range(of: #"<a href="run.html">Run</a>"#))
        let readRow = try #require(index.range(of: #"<a href="read.html">Read</a>"#))
        #expect(runRow.lowerBound < readRow.lowerBound)  // 15% before 2%
        // Wednesday: 3 of the week's 7 days for a daily habit; 1 of 1 for once a week.
        #expect(index.contains(#"<td class="num" data-label="This week">3/7 <span class="muted">43%</span></td>"#))
        #expect(index.contains(#"<td class="num" data-label="This week">1/1 <span class="muted">100%</span></td>"#))
        // The overall strength is the mean of the two: (0.147820 + 0.019752) / 2 = 0.083786.
        #expect(index.contains("Overall strength: 8%"))
        // Every place a habit appears links to its page.
        #expect(page(files, "index.html").contains(#"<a href="habits/run.html">Run</a>"#))
        #expect(page(files, "points/index.html").contains(#"<a href="../habits/run.html">Run</a>"#))
        #expect(page(files, "notes/run.html").contains(#"<a href="../habits/run.html">"#))
        #expect(page(files, "index.html").contains(#"<a href="habits/index.html">Habits</a>"#))
        // The record tables and the recent activity link each check to its habit; a purchase not.
        #expect(page(files, "points/2024-01.html").contains(#"<td><a href="../habits/run.html">Run</a></td></tr>"#))
        #expect(page(files, "points/index.html").contains(#"<td><a href="../habits/read.html">Read</a></td></tr>"#))
        #expect(page(files, "points/index.html").contains("<td>Movie</td></tr>"))
        #expect(page(files, "index.html").contains(#"<span class="what"><a href="habits/run.html">Run</a>"#))
    }

    @Test func statsJSONHasScoresFrequenciesBestStreaksYearsAndTheBalance() throws {
        let files = try renderSite(Self.export, Self.options)
        let stats = try JSONParser.parse(files.first { $0.path == "stats.json" }?.bytes ?? [])
        guard case .array(let tags)? = stats["tags"] else { Issue.record("no tags"); return }
        #expect(tags[0]["name"] == .string("Run") && tags[0]["score"] == .number("0.1478"))
        #expect(tags[0]["bestStreak"]?["start"] == .string("2024-01-01") && tags[0]["bestStreak"]?["end"] == .string("2024-01-03"))
        #expect(tags[1]["score"] == .number("0.0198"))
        #expect(tags[1]["frequency"]?["numerator"] == .number("1") && tags[1]["frequency"]?["denominator"] == .number("7"))
        // Earned 10 + 6 + 1 = 17, spent 3 + 5 = 8.
        #expect(stats["balance"]?["balance"] == .number("9"))
        #expect(stats["balance"]?["earned"] == .number("17") && stats["balance"]?["spent"] == .number("8"))
        guard case .array(let years)? = stats["years"] else { Issue.record("no years"); return }
        #expect(years.map { $0["year"] } == [.number("2023"), .number("2024")])
        #expect(years[1]["earned"] == .number("7") && years[1]["spent"] == .number("8") && years[1]["completions"] == .number("4"))
        #expect(years[1]["partial"] == .bool(true) && years[0]["partial"] == .bool(false))
        #expect(years[1]["longestStreak"]?["days"] == .number("3"))
        #expect(years[1]["bestMonth"]?["month"] == .string("2024-01"))
    }

    @Test func yearPagesCompareWithTheYearBefore() throws {
        let files = try renderSite(Self.export, Self.options)
        let year = page(files, "years/2024.html")
        #expect(year.contains("<h1>2024 so far</h1>"))
        // The current year is compared with the same days a year before: Jan 1–3, 2023 (nothing).
        #expect(year.contains("<th scope=\"col\">2023 to the same date</th>"))
        #expect(year.contains("<tr><th scope=\"row\">Earned</th><td>7</td><td>0</td><td>+7</td></tr>"))
        #expect(year.contains(#"<a rel="prev" href="2023.html">← 2023</a>"#))
        #expect(page(files, "years/2023.html").contains("<h1>2023 in review</h1>"))
        let index = page(files, "years/index.html")
        #expect(index.contains(#"<a href="2024.html">2024</a> <span class="muted">so far</span>"#))
        #expect(page(files, "index.html").contains(#"<a href="years/2023.html">2023</a>"#))
    }

    @Test func theBalanceIsOnTheDashboardAndSpendingOnThePointsPage() throws {
        let files = try renderSite(Self.export, Self.options)
        #expect(page(files, "index.html").contains(#"<span class="big">9</span> <span class="muted">17 earned − 8 spent</span>"#))
        let points = page(files, "points/index.html")
        // Items by points spent: Movie (5) before Tea (3).
        let movie = try #require(points.range(of: #"<th scope="row">Movie</th><td class="num">1</td><td class="num spent">5</td>"#))
        let tea = try #require(points.range(of: #"<th scope="row">Tea</th><td class="num">1</td><td class="num spent">3</td>"#))
        #expect(movie.lowerBound < tea.lowerBound)
        #expect(points.contains(#"<time datetime="2024-01-03">Jan 3, 2024</time> <span class="what">Movie</span> <span class="pts spent">−5</span>"#))
    }

    @Test func aHabitNamedIndexDoesNotTakeTheIndexPage() throws {
        let export = Export(points: [PointRecord(point: 1, type: "tag", name: "Index", date: .day(Self.day(1)))], tags: [Tag(name: "Index")])
        let files = try renderSite(export, Self.options)
        #expect(page(files, "habits/index.html").contains("<h1>All habits</h1>"))
        #expect(page(files, "habits/index.html").contains(#"<a href="index-2.html">Index</a>"#))
        #expect(!page(files, "habits/index-2.html").isEmpty)
    }
}

struct HabitNotesListTests {
    /// 52 notes linked to Run: its page lists the newest 50 (Nov 1–Oct 21 … newest first) and says
    /// where the other 2 are; the notes index still has all 52.
    @Test func aHabitPageListsItsNewest50Notes() throws {
        let export = TemporaryDirectory()
        export.write("points.json", DashboardTests.pointsJSON([(28, 3)]))
        export.write("tags.json", #"{"code":"00000","data":[{"tagId":"1","tagName":"Run","tagPoint":"3","ifRepeat":"1"}],"ok":true}"#)
        for i in 1...52 {
            let day = LocalDate(year: 2026, month: 1, day: 1)!.adding(days: i)
            export.write("notes/n\(i).md", "---\ntitle: Run note \(i)\ndate: \(day)\ntag: Run\n---\nText \(i).\n")
        }
        for language in ["en", "zh-Hans"] {
            let site = try DashboardTests.build(export.path, language)
            let page = try String(contentsOfFile: site.file("site/habits/run.html"), encoding: .utf8)
            #expect(page.components(separatedBy: "<li><a href=\"../notes/n").count - 1 == 50)
            #expect(page.contains(">Run note 52</a>") && page.contains(">Run note 3</a>") && !page.contains(">Run note 2</a>"))
            #expect(page.contains(language == "en" ? ">2 older notes are in the notes index</a>" : ">另有 2 篇更早的笔记，见笔记索引</a>"))
        }
    }
}
