import Testing
@testable import WaymarkKit

/// A calendar day's `<title>` is written as bytes; the plain reference is the label's text
/// escaped by `SVG.text`, which every other chart uses.
struct HabitCalendarTitleTests {
    static func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }

    static func figures(unit: String?, target: Double?, skipOn: Int = 5) -> HabitFigures {
        var days = HabitDays(first: day(2025, 6, 1), last: day(2026, 3, 10))
        for i in 0..<days.count where i % 3 != 0 {
            days.checks[i] = 1
            days.amounts[i] = Double(i % 11) * 0.75
        }
        for i in stride(from: 0, to: days.count, by: skipOn) where days.checks[i] == 0 { days.skipped[i] = true }
        let tag = Tag(name: "Run <fast> & \"far\"", habit: HabitDetails(unit: unit, target: target))
        return HabitFigures(name: tag.name ?? "", tag: tag, days: days)
    }

    static func appended(_ title: (LocalDate, HabitCalendar.Cell, inout ByteBuffer) -> Void, _ day: LocalDate,
                         _ cell: HabitCalendar.Cell) -> [UInt8] {
        var out = ByteBuffer()
        title(day, cell, &out)
        return out.finish()
    }

    @Test(arguments: [Language.en, .zhHans])
    func titleBytesAreTheEscapedLabel(language: Language) throws {
        let today = Self.day(2026, 3, 10)
        let options = SiteOptions(now: Int64(today.dayNumber) * 86_400 + 43_200, zone: .utc, language: language)
        let r = PageRenderer(templates: try TemplateSet([:]), options: options, siteTitle: "x")
        // Yes/no, numerical with a target (a unit with markup and a right-to-left override),
        // and an amount habit without a target.
        // Amounts with a plain unit: titles whose pieces are all left as they are by escaping.
        let habits = [Self.figures(unit: nil, target: nil), Self.figures(unit: "km <b>&\u{202E}", target: 3),
                      Self.figures(unit: "'laps'", target: nil), Self.figures(unit: "km", target: 3)]
        var compared = 0
        for h in habits {
            let (cells, labels, title) = HabitCharts.calendarParts(h, today: today, title: nil, year: 2026, r.phrases, r)
            let first = Heatmap.firstDay(today: today)
            for i in 0..<(first.days(to: today) + 1) {
                let cell = i < cells.count ? cells[i] : .before
                let day = first.adding(days: i)
                let expected = SVG.text(labels.cell(day, cell))
                #expect(String(decoding: Self.appended(title, day, cell), as: UTF8.self) == expected, "\(day) \(cell)")
                // Appended after other bytes, which it leaves as they were.
                var out = ByteBuffer()
                out.append("<title>&amp;")
                title(day, cell, &out)
                #expect(String(decoding: out.bytes, as: UTF8.self) == "<title>&amp;" + expected, "\(day) \(cell)")
                compared += 1
            }
        }
        // The grid runs from Monday 2025-03-10, 52 weeks before the week of Tuesday 2026-03-10:
        // 366 days, each habit's.
        #expect(compared == 4 * 366)
        // One worked by hand: 2026-03-09 is day 281 of the habit (281 % 3 = 2: checked, 281 % 11
        // = 6: 4.5 km), exactly 1.5 times the target of 3 km: level 3. The override in the unit
        // makes the whole title isolated, and is closed at its end.
        let (_, _, title) = HabitCharts.calendarParts(habits[1], today: today, title: nil, year: 2026, r.phrases, r)
        if language == .en {
            #expect(String(decoding: Self.appended(title, Self.day(2026, 3, 9), .level(3)), as: UTF8.self)
                    == "\u{2068}Mar 9, 2026: 4.5 km &lt;b&gt;&amp;\u{202E} (≥ 1.5× target)\u{202C}\u{2069}")
            let (_, _, plain) = HabitCharts.calendarParts(habits[3], today: today, title: nil, year: 2026, r.phrases, r)
            #expect(String(decoding: Self.appended(plain, Self.day(2026, 3, 9), .level(3)), as: UTF8.self) == "Mar 9, 2026: 4.5 km (≥ 1.5× target)")
        }
    }

    /// The titles written once into `CellTitles` and drawn by `svgBytes` and `spanBytes` give
    /// the drawing each chart makes without them (every title from `SVG.text` of its label), and
    /// each drawn day is one whole `<use>` (its end joined with the next one's opening).
    @Test(arguments: [Language.en, .zhHans])
    func sharedTitlesDrawTheSameCalendars(language: Language) throws {
        let today = Self.day(2026, 3, 10)
        let options = SiteOptions(now: Int64(today.dayNumber) * 86_400 + 43_200, zone: .utc, language: language)
        let r = PageRenderer(templates: try TemplateSet([:]), options: options, siteTitle: "x")
        let habits = [Self.figures(unit: nil, target: nil), Self.figures(unit: "km <b>&\u{202E}", target: 3)]
        let gridFirst = Heatmap.firstDay(today: today)
        for h in habits {
            let (cells, labels, title) = HabitCharts.calendarParts(h, today: today, title: nil, year: 2026, r.phrases, r)
            let titles = HabitCalendar.titles(today: today, cells: cells, title: title)
            #expect(titles.count == 366)
            #expect(titles.averageCount == titles.bytes.count / 366 + 1)
            #expect((0..<366).map { titles[$0].count }.max() ?? 0 <= titles.averageCount * 2)
            let wide = HabitCalendar.svgBytes(today: today, cells: cells, labels: labels, titles: titles, id: "c")
            #expect(wide == HabitCalendar.svgBytes(today: today, cells: cells, labels: labels, titles: nil, id: "c"))
            #expect(Self.uses(wide) == 366)
            // Jan 1 – Mar 10, 2026: 69 days; and a span whose range holds no day.
            let spans: [(LocalDate, LocalDate, Int)] = [(Self.day(2026, 1, 1), today, 69), (Self.day(2026, 2, 11), Self.day(2026, 2, 10), 0)]
            for (from, to, days) in spans {
                let shared = HabitCalendar.spanBytes(from: from, to: to, gridFirst: gridFirst, cells: cells, labels: labels, titles: titles,
                                                     id: "h", legend: true)
                #expect(shared == HabitCalendar.spanBytes(from: from, to: to, gridFirst: gridFirst, cells: cells, labels: labels, titles: nil,
                                                          id: "h", legend: true))
                #expect(Self.uses(shared) == days)
                if days == 0 { #expect(String(decoding: shared, as: UTF8.self).contains("<g class=\"cells\"></g>")) }
            }
        }
    }

    /// How many `<use` a drawing has, checking that as many end (`</use>`).
    static func uses(_ svg: [UInt8]) -> Int {
        let text = String(decoding: svg, as: UTF8.self)
        let opened = text.components(separatedBy: "<use ").count - 1
        let closed = text.components(separatedBy: "</title></use>").count - 1
        return opened == closed ? opened : -1
    }
}
