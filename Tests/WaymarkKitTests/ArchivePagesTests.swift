import Testing
@testable import WaymarkKit

/// Archives: the notes index in pages, the month pages and the points index, on small
/// sites worked out by hand and on the decade sample.
struct ArchivePagesTests {
    static let options = SiteOptions(now: 1_741_723_200, zone: .utc, language: .en)  // 2025-03-11T20:00:00Z
    static let dec1 = LocalDate(year: 2024, month: 12, day: 1) ?? LocalDate(dayNumber: 0)

    func page(_ files: [SiteFile], _ path: String) -> String {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    /// 101 notes, one a day from 2024-12-01: 31 in 2024 and 70 in 2025. Newest first, page 1
    /// holds the 70 of 2025 and 30 of 2024; page 2 the last, 2024-12-01. Note 50 is `page.md`.
    static let hundredAndOne = Export(notes: (0...100).map { i in
        Note(fileName: i == 50 ? "page.md" : "n\(pad(i, 3)).md", title: "Note \(i)", date: .day(dec1.adding(days: i)), body: "Day \(i).")
    })

    @Test func aHundredAndOneNotesMakeTwoPagesWithTheYearContinued() throws {
        let files = try renderSite(Self.hundredAndOne, Self.options)
        let first = page(files, "notes/index.html"), second = page(files, "notes/page/2.html")
        #expect(first.components(separatedBy: "<li>\n<h3>").count - 1 == 100)
        #expect(second.components(separatedBy: "<li>\n<h3>").count - 1 == 1)
        #expect(first.contains(#"<h2 id="y2025">2025</h2>"#) && first.contains(#"<h2 id="y2024">2024</h2>"#))
        #expect(second.contains(#"<h2 id="y2024">2024 (continued)</h2>"#))
        #expect(second.contains(#"<h3><a href="../n000.html">Note 0</a></h3>"#))
        #expect(second.contains(#"<p class="excerpt">Day 0.</p>"#))
        // Numbered links, the current one marked, previous and next.
        #expect(first.contains(#"<a href="index.html" aria-current="page" aria-label="Page 1 of 2">1</a>"#))
        #expect(first.contains(#"<a class="step" rel="next" href="page/2.html">Older →</a>"#) && !first.contains(#"rel="prev""#))
        #expect(second.contains(#"<a class="step" rel="prev" href="../index.html">← Newer</a>"#) && !second.contains(#"rel="next""#))
        #expect(second.contains(#"<a href="2.html" aria-current="page" aria-label="Page 2 of 2">2</a>"#))
        #expect(second.contains("<title>Notes, page 2 of 2"))
        #expect(first.contains("Notes 1–100 of 101.") && second.contains("Notes 101–101 of 101."))
        // Both years start on page 1.
        #expect(second.contains(#"<li><a href="../index.html#y2024">2024</a></li>"#))
        // The note called "page" cannot take the pages' folder: its slug is "page-2", its page a file.
        #expect(files.contains { $0.path == "notes/page-2.html" } && files.contains { $0.path == "notes/page/2.html" })
        // A note's way back leads to the index page that lists it.
        #expect(page(files, "notes/n000.html").contains(#"<a href="page/2.html">All notes</a>"#))
        #expect(page(files, "notes/n100.html").contains(#"<a href="index.html">All notes</a>"#))
    }

    @Test func exactlyAHundredNotesMakeOnePageWithoutPageLinks() throws {
        var export = Self.hundredAndOne
        export.notes.removeFirst()
        let files = try renderSite(export, Self.options)
        #expect(!files.contains { $0.path.hasPrefix("notes/page/") })
        #expect(!page(files, "notes/index.html").contains("class=\"pagination\""))
    }

    @Test func noNotesSayWhereNotesComeFrom() throws {
        let index = page(try renderSite(Export(), Self.options), "notes/index.html")
        #expect(index.contains("No notes yet. Notes are Markdown files in the export’s notes folder"))
        #expect(!index.contains("class=\"pagination\"") && !index.contains("<section class=\"note-year\""))
    }

    @Test func undatedNotesFollowUnderTheirOwnHeading() throws {
        let export = Export(notes: [Note(fileName: "a.md", title: "A", date: .day(Self.dec1), body: "x"), Note(fileName: "b.md", title: "B", body: "y")])
        let zh = SiteOptions(now: Self.options.now, zone: .utc, language: .zhHans)
        let index = page(try renderSite(export, zh), "notes/index.html")
        let dated = try #require(index.range(of: #"<h2 id="y2024"><span class="date">2024年</span></h2>"#))
        let undated = try #require(index.range(of: #"<h2 id="undated">无日期</h2>"#))
        #expect(dated.upperBound < undated.lowerBound)
        #expect(index.contains(#"<li><a href="index.html#undated">无日期</a></li>"#))
    }

    static func at(_ date: String, hour: Int, minute: Int = 0) -> Moment {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        let d = LocalDate(year: parts[0], month: parts[1], day: parts[2]) ?? dec1
        return .instant(Int64(d.dayNumber) * 86_400 + Int64(hour * 3_600 + minute * 60))
    }

    /// January 2024 (starting on a Monday) and March 2024, nothing in February.
    static let months = Export(
        points: [
            PointRecord(point: 2, type: "tag", name: "Run", date: at("2024-01-02", hour: 7)),
            PointRecord(point: 1, type: "tag", name: "Read", date: at("2024-01-02", hour: 21, minute: 5)),
            PointRecord(point: -4, type: "shop", name: "Tea", date: at("2024-01-02", hour: 15)),
            PointRecord(point: 2, type: "tag", name: "Run", date: at("2024-01-31", hour: 7)),
            PointRecord(point: 2, type: "tag", name: "Run", date: at("2024-03-05", hour: 6)),
        ],
        tags: [Tag(name: "Run", point: 2, minutes: 30), Tag(name: "Read", point: 1)])

    @Test func monthPagesLinkTheirNeighboursSkippingGaps() throws {
        let files = try renderSite(Self.months, Self.options)
        #expect(!files.contains { $0.path == "points/2024-02.html" })
        let jan = page(files, "points/2024-01.html"), mar = page(files, "points/2024-03.html")
        #expect(jan.contains(#"<a rel="next" href="2024-03.html"><span class="date">March 2024</span> →</a>"#) && !jan.contains(#"rel="prev""#))
        #expect(mar.contains(#"<a rel="prev" href="2024-01.html">← <span class="date">January 2024</span></a>"#) && !mar.contains(#"rel="next""#))
        #expect(jan.contains("<p class=\"lead\">4 records · Earned 5 · Spent 4</p>"))
        #expect(mar.contains("<p class=\"lead\">1 record · "))
    }

    @Test func theMonthCalendarShowsEachDaysPoints() throws {
        let jan = page(try renderSite(Self.months, Self.options), "points/2024-01.html")
        #expect(jan.contains("<caption>Points earned each day of <span class=\"date\">January 2024</span></caption>"))
        #expect(jan.contains(#"<thead><tr><th scope="col">Mon</th><th scope="col">Tue</th>"#))
        // 2024-01-01 is a Monday: the first row starts with day 1 (no records) and day 2 (3 earned, 4 spent).
        #expect(jan.contains(##"<tr><td class="quiet"><span class="n">1</span></td><td><a href="#d2024-01-02" aria-label="Jan 2: 3 points · 4 spent"><span class="n">2</span><span class="p">3</span><span class="s">−4</span></a></td>"##))
        // 31 days from a Monday: the fifth row holds Mon 29 … Wed 31 and four empty cells.
        #expect(jan.contains(#"<span class="n">31</span><span class="p">2</span></a></td><td class="outside"></td><td class="outside"></td><td class="outside"></td><td class="outside"></td></tr>"#))
    }

    @Test func theMonthSumsEachHabitAndGroupsRecordsByDay() throws {
        let jan = page(try renderSite(Self.months, Self.options), "points/2024-01.html")
        // Run: 2 checks, 4 points; Read: 1 check, 1 point.
        let run = try #require(jan.range(of: #"<a href="../habits/run.html">Run</a></span></th><td>2</td><td>+4</td></tr>"#))
        let read = try #require(jan.range(of: #"<a href="../habits/read.html">Read</a></span></th><td>1</td><td>+1</td></tr>"#))
        #expect(run.lowerBound < read.lowerBound)
        // Jan 31 first (newest), then Jan 2 with its three records under one heading, times only.
        let day31 = try #require(jan.range(of: #"<tbody id="d2024-01-31"><tr class="day"><th scope="rowgroup" colspan="4"><time datetime="2024-01-31">Wed, Jan 31</time> <span class="day-total">+2 points</span></th></tr>"#))
        let day2 = try #require(jan.range(of: #"<time datetime="2024-01-02">Tue, Jan 2</time> <span class="day-total">+3 points</span> <span class="spent">−4</span></th></tr>"#))
        #expect(day31.lowerBound < day2.lowerBound)
        #expect(jan.contains(#"<tr><td>21:05</td><td>+1</td><td>Habit</td><td><a href="../habits/read.html">Read</a></td></tr>"#))
        #expect(jan.contains(#"<tr><td>15:00</td><td class="spent">−4</td><td>Shop</td><td>Tea</td></tr>"#))
        #expect(!jan.contains("Jan 2, 2024</time></td>"))
    }

    /// The table of records wraps the dates in its names and descriptions itself, once each, as
    /// the page's pass would; the heading's date stays in its `<time>`.
    @Test func datesInRecordNamesAreKeptOnOneLineOnce() throws {
        let export = Export(
            points: [
                PointRecord(point: 2, type: "tag", name: "Run Nov 29", date: Self.at("2024-01-02", hour: 7)),
                PointRecord(point: -4, type: "shop", name: "Tea 12月8日", describe: "Mar 3 – Mar 5 & more", date: Self.at("2024-01-02", hour: 15)),
            ],
            tags: [Tag(name: "Run Nov 29", point: 2)])
        let jan = page(try renderSite(export, Self.options), "points/2024-01.html")
        #expect(jan.contains(#"<tr><td>07:00</td><td>+2</td><td>Habit</td><td><a href="../habits/run-nov-29.html">Run <span class="date">Nov 29</span></a></td></tr>"#))
        #expect(jan.contains(#"<td>Tea <span class="date">12月8日</span><span class="describe"><span class="date">Mar 3 –</span> <span class="date">Mar 5</span> &amp; more</span></td>"#))
        #expect(jan.contains(#"<time datetime="2024-01-02">Tue, Jan 2</time>"#))
        #expect(!jan.contains(#"<span class="date"><span class="date">"#))
        let index = page(try renderSite(export, Self.options), "points/index.html")
        #expect(index.contains(#">Run <span class="date">Nov 29</span></a></td></tr>"#))
    }

    @Test func thePointsIndexShowsWholeDaysAndAYearByMonthArchive() throws {
        let index = page(try renderSite(Self.months, Self.options), "points/index.html")
        #expect(index.contains(#"<tr><th scope="row"><a href="../years/2024.html">2024</a></th><td class="num"><a href="2024-01.html">5</a></td><td class="num"></td><td class="num"><a href="2024-03.html">2</a></td>"#))
        #expect(index.contains(#"<time datetime="2024-03-05">Tue, Mar 5, 2024</time>"#))
        // The newest records end with a whole day: with room for 4 of 5, Jan 2's three records
        // would be split, so only Mar 5 and Jan 31 are listed.
        let all = PointsNewestFirst(Self.months.points, zone: .utc)
        #expect(PointsPages.newest(all, limit: 4, zone: .utc).count == 2)
        #expect(PointsPages.newest(all, limit: 5, zone: .utc).count == 5)
        // A newest day larger than the limit is cut at the limit rather than left out.
        #expect(PointsPages.newest(all, limit: 1, zone: .utc).count == 1)
    }

    /// The decade sample (`waymark sample --years 10 --tags 30`): 1,000 notes, 30 habits, about
    /// 67,000 records in 120 months (December 2016 to November 2026). Every page of the site, in
    /// both languages, stays under 150 KB (the goal for a page; the largest are the habit pages).
    @Test func everyDecadePageStaysUnder150KB() throws {
        let sample = SampleExport(years: 10, tags: 30)
        var input: [String: [UInt8]] = [:]
        for f in sample.files() { input[f.path] = f.bytes }
        let export = ExportReader(fileSystem: .inMemory(root: "/s", files: input)).read(directory: "/s").export
        let zone = try #require(Zone(identifier: "Asia/Shanghai"))
        let now = zone.instant(of: LocalDateTime(secondsAsUTC: Int64(sample.end.dayNumber) * 86_400 + 72_000))
        for language in [Language.en, .zhHans] {
            let files = try renderSite(export, SiteOptions(now: now, zone: zone, language: language))
            let mine = files.filter { ($0.path.hasPrefix("notes/") || $0.path.hasPrefix("points/")) && $0.path.hasSuffix(".html") }
            // 1,000 note pages, 10 index pages, the points index and 120 month pages.
            #expect(mine.count == 1_000 + 10 + 1 + 120)
            let pages = files.filter { $0.path.hasSuffix(".html") }
            #expect(pages.count > 1_600)
            let over = pages.filter { $0.bytes.count >= 150_000 }.map { "\($0.path) \($0.bytes.count)" }
            #expect(over.isEmpty, "\(language): \(over)")
            #expect(files.contains { $0.path == "notes/page/10.html" } && !files.contains { $0.path == "notes/page/11.html" })
        }
    }
}
