import Testing
@testable import WaymarkKit

/// Charts against their plain reference (`ChartReference`): written as bytes (`SVGWriter`)
/// against the same charts written with `String` appends, on seeded bars and grids with the
/// awkward values data brings, and the calendar's month labels against a search of each week,
/// on 1,200 starting days from 2023 and 200 around 2100 (a year without a leap day).
struct ChartReferenceTests {
    typealias Seeded = SeededNumbers

    static let texts = ["", "Run", "Week of Nov 29, 2026 · 3/7", "a & b < c > \"d\" 'e'", "٣ مرات", "x\u{202E}evil", "\u{85}ctl\u{7}",
                        "12月8日 · 3/5 公里", "°C · 5.2 km", "2026", "close\u{202C} and \u{2069}", "\u{2067}a\u{202A}b", "nul\u{0}del\u{7F}",
                        "tab\tline\ncr\r", "\u{9F}x\u{A0}", "ends ·", "5 °", "🏃‍♀️ 5 km"]
    static let amounts: [Double] = [0, 1, 2.5, 3, 7, 12.345, 99.995, 1_000, 4_321.5, 25_000, 1e9, 1e17, -3, -0.0, .nan, .infinity, -.infinity,
                                    0.004, 0.005, 1e-9]

    @Test func numbersAreWrittenAsTheStringsSay() {
        var r = Seeded(state: 11)
        var values: [Double] = Self.amounts + [1e15, -1e15, 1e16, 0.125, 0.135, 2.675, -2.675, 123_456_789.01]
        for _ in 0..<5_000 { values.append(Double(r.next(2_000_000) - 1_000_000) / Double(r.pick([1, 3, 7, 100, 1_000, 65_536]))) }
        for v in values {
            var out: [UInt8] = Array("x".utf8)
            SVG.appendNumber(v, to: &out)
            #expect(out == Array(("x" + SVG.number(v)).utf8), "\(v)")
            var buffer = ByteBuffer(capacity: 1)
            buffer.append("x")
            SVG.appendNumber(v, to: &buffer)
            #expect(buffer.bytes == out, "\(v)")
        }
        for places in [1, 2] {
            for _ in 0..<5_000 {
                let scaled = Int64(r.next(2_000_000_000)) * Int64(r.next(100_000_000)) * (r.next(2) == 0 ? -1 : 1) / Int64(1 + r.next(1_000))
                var out: [UInt8] = []
                SVG.appendDecimal(scaled, places: places, to: &out)
                var buffer = ByteBuffer()
                SVG.appendDecimal(scaled, places: places, to: &buffer)
                let reference = ChartReference.decimal(scaled, places: places)
                #expect(SVG.decimal(scaled, places: places) == reference && out == Array(reference.utf8), "\(scaled) \(places)")
                #expect(buffer.bytes == out, "\(scaled) \(places)")
            }
        }
        // Worked out by hand: two decimals at most, no trailing zeros, no "-0", clamped at 10^15.
        #expect(SVG.number(1e15) == "1000000000000000" && SVG.number(-1e300) == "-1000000000000000")
        #expect(SVG.number(0.005) == "0.01" && SVG.number(-0.005) == "-0.01" && SVG.number(-0.004) == "0")
        #expect(SVG.number(12.5) == "12.5" && SVG.number(3) == "3" && SVG.number(-0.25) == "-0.25" && SVG.number(-0.001) == "0")
        #expect(SVG.decimal(-5, places: 2) == "-0.05" && SVG.decimal(120, places: 1) == "12" && SVG.number(.nan) == "0")
        var w = SVGWriter(capacity: 0)
        w += "<a n=\""
        w.integer(-42)
        w += "\">"
        w.text("<b> & ü")
        w.markup("!")
        #expect(String(decoding: w.bytes, as: UTF8.self) == "<a n=\"-42\">&lt;b&gt; &amp; ü!")
    }

    /// `SVGWriter.open`, and `SVG.open` through it, write what the interpolation writes.
    @Test func openingsAreSVGOpen() {
        for text in Self.texts {
            for (width, height) in [(720.0, 200.0), (340.5, 0.125), (-3, .nan)] {
                var w = SVGWriter(capacity: 0)
                w.open(id: "h-" + text, width: width, height: height, kind: "chart bars ", className: text, title: text, desc: text + "!")
                let expected = ChartReference.open(id: "h-" + text, width: width, height: height, className: "chart bars " + text, title: text,
                                                   desc: text + "!")
                #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
                #expect(SVG.open(id: "h-" + text, width: width, height: height, className: "chart bars " + text, title: text,
                                 desc: text + "!") == expected)
            }
        }
    }

    @Test func barChartsAreTheReferenceByteForByte() {
        var r = Seeded(state: 3)
        for n in 0..<600 {
            let count = r.pick([0, 1, 2, 7, 12, 53, 61, 120])
            let bars = (0..<count).map { _ in
                BarChart.Bar(title: r.pick(Self.texts), label: r.next(3) == 0 ? nil : r.pick(Self.texts), amount: r.pick(Self.amounts),
                             highlight: r.next(5) == 0, target: r.next(3) == 0 ? nil : r.pick([3, 7, 7, 7, 10.5, 70, -1, .nan]))
            }
            let width = r.pick([234.0, 340, 720]), height = r.pick([132.0, 180, 200, 220])
            let suffix = r.pick(Self.texts)
            let tick: ((Double) -> String)? = r.next(2) == 0 ? nil : { LocaleFormat(.en).amount($0) + suffix }
            let whole = r.next(2) == 0, className = r.pick(["", "steps", "a b"])
            let id = r.pick(["c", "history-week-wide", "x\"y"]), title = r.pick(Self.texts), description = r.pick(Self.texts)
            let bytes = BarChart.svgBytes(bars, width: width, height: height, id: id, title: title, description: description,
                                          className: className, tickLabel: tick, wholeNumbers: whole)
            let reference = ChartReference.barChart(bars, width: width, height: height, id: id, title: title, description: description,
                                                    className: className, tickLabel: tick, wholeNumbers: whole)
            #expect(bytes == Array(reference.utf8), "case \(n)")
            // The titles escaped once (`BarTitles`), drawn in place of the bars' own.
            var titles = BarTitles.Builder(count: bars.count)
            for bar in bars {
                var title = bar.title
                title.withUTF8 { titles.append(escaping: $0) }
            }
            let untitled = bars.map { BarChart.Bar(title: "", label: $0.label, amount: $0.amount, highlight: $0.highlight, target: $0.target) }
            #expect(BarChart.svgBytes(untitled, titles: titles.finish(), width: width, height: height, id: id, title: title,
                                      description: description, className: className, tickLabel: tick, wholeNumbers: whole)
                    == Array(reference.utf8), "case \(n)")
            #expect(BarChart.svg(bars, width: width, height: height, id: id, title: title, description: description, className: className,
                                 tickLabel: tick, wholeNumbers: whole) == reference, "case \(n)")
        }
    }

    @Test func frequencyGridsAreTheReferenceByteForByte() {
        var r = Seeded(state: 8)
        let names = ["M", "T", "W", "一", "<b>", "Fri & Sat"]
        for n in 0..<400 {
            let columns = (0..<r.pick([0, 1, 5, 12, 14])).map { _ in
                FrequencyChart.Column(label: r.pick(Self.texts), year: r.next(3) == 0 ? r.pick(Self.texts) : nil,
                                      shares: (0..<r.pick([0, 3, 7, 9])).map { _ in
                                          r.next(4) == 0 ? nil : r.pick([0, 0.2, 0.25, 0.5, 0.6, 0.75, 1, 1.5, -1, .nan, .infinity])
                                      })
            }
            let title = r.pick(Self.texts), description = r.pick(Self.texts)
            let weekday: (Int) -> String = { names[$0 % names.count] }
            let reference = ChartReference.frequency(columns, weekday: weekday, id: "frequency", title: title, description: description)
            #expect(FrequencyChart.svgBytes(columns, weekday: weekday, id: "frequency", title: title, description: description)
                    == Array(reference.utf8), "case \(n)")
        }
    }

    @Test func calendarAxesLabelTheMonthsAsASearchOfEachWeekDoes() throws {
        let start = try #require(LocalDate(year: 2023, month: 1, day: 1))
        let weekday: (Int) -> String = { ["", "Mon", "", "Wed", "", "Fri", "", ""][$0] }
        let month: (Int) -> String = { LocaleFormat.monthsShort[$0 - 1] }
        var labelled = 0
        let centuries = try #require(LocalDate(year: 2099, month: 11, day: 1))
        for offset in 0..<1_400 {
            let first = offset < 1_200 ? start.adding(days: offset) : centuries.adding(days: (offset - 1_200) * 3)
            for (columns, ahead) in [(Heatmap.weeks, 370), (27, 150), (26, 40), (1, 0)] {
                let today = first.adding(days: ahead)
                let axis = Heatmap.axis(first: first, today: today, weekday: weekday, month: month, rightLabels: offset % 2 == 0, columns: columns)
                #expect(axis == ChartReference.axis(first: first, today: today, weekday: weekday, month: month, rightLabels: offset % 2 == 0,
                                                    columns: columns), "\(first) \(columns)")
                labelled += axis.components(separatedBy: "y=\"11\"").count - 1
            }
        }
        #expect(labelled > 20_000)
        // Worked out by hand: from Monday 2026-11-30, the first week holds Dec 1 (the first
        // column, as its Monday is past the 21st, is not labelled "Nov"); Jan 1 is in the fifth.
        let monday = try #require(LocalDate(year: 2026, month: 11, day: 30))
        let axis = Heatmap.axis(first: monday, today: monday.adding(days: 60), weekday: weekday, month: month, columns: 6)
        #expect(axis.contains(">Dec</text>") && axis.contains(">Jan</text>") && !axis.contains(">Nov</text>"))
        #expect(axis.contains("<text x=\"\(SVG.number(Heatmap.left + 4 * Heatmap.pitch))\" y=\"11\">Jan</text>"))
    }

    /// A year page's month calendars written as bytes give the calendars written as strings, on
    /// seeded years (leap and not, counted to a day inside any month, no values at all) with
    /// values of every size and labels that need escaping and isolating.
    @Test func yearMonthsAreTheReferenceByteForByte() {
        var r = Seeded(state: 12)
        for n in 0..<60 {
            let year = r.pick([2023, 2024, 2100, 2000])
            let start = LocalDate(year: year, month: 1, day: 1) ?? LocalDate(dayNumber: 0)
            let end = start.adding(days: r.next(366))
            let values = (0..<400).map { _ in r.pick([0, 0, 1, 2, 3, 7, 12, 250, -4, 1_000_000]) }
            let counts = YearDayCounts(start: start, end: end) { n % 7 == 0 ? 0 : values[($0 - start.dayNumber) % 400] }
            let text = r.pick(Self.texts)
            let labels = YearCalendar.Labels(weekdays: ["M", "T", "W", "<T>", "F", text, "S"], cell: { d, v in "\(d) · \(v) \(text)" },
                                             title: { "\($0.month) \(text)" }, description: { "\($0.activeDays) of \($0.days) & more" })
            let level = YearCalendar.levels(counts.values)
            for month in 1...12 {
                let bytes = YearCalendar.monthBytes(month, of: counts, level: level, labels: labels, id: "y-\(month)")
                let reference = ChartReference.yearMonth(month, of: counts, level: level, labels: labels, id: "y-\(month)")
                #expect(String(decoding: bytes, as: UTF8.self) == reference, "\(n) \(year) \(month)")
            }
        }
    }

    /// Line charts written as bytes give the charts written as strings, on seeded series of every
    /// length (none, one day, ten years), values out of range and not finite, sizes and labels
    /// that need escaping.
    @Test func lineChartsAreTheReferenceByteForByte() {
        var r = Seeded(state: 21)
        let first = LocalDate(year: 2016, month: 12, day: 2) ?? LocalDate(dayNumber: 0)
        for n in 0..<120 {
            let count = r.pick([0, 1, 2, 3, 40, 400, 3_650])
            let values = (0..<count).map { i -> Double in
                switch r.next(12) {
                case 0: return .nan
                case 1: return -0.25
                case 2: return 1.5
                default: return Double((i * 37 + n) % 1_000) / 1_000
                }
            }
            let text = r.pick(Self.texts)
            let o = LineChart.Options(width: r.pick([720.0, 340, 300, 0, .infinity]), height: r.pick([220.0, 200, 136]), xTicks: r.pick([4, 7, 8]),
                                      maxPoints: r.next(3) == 0 ? r.pick([2, 10, 1_000]) : nil, title: "Strength " + text, description: text,
                                      tickLabel: { "\($0.month)/\($0.day) \(text)" }, percent: { SVG.number($0 * 100) + "%" },
                                      pointTitle: { "\($0): " + SVG.number($1 * 100) + "% " + text }, color: r.next(2) == 0 ? nil : Color(red: 200, green: 30, blue: 90),
                                      id: "line-\(n)", className: r.pick(["", "overall"]))
            #expect(String(decoding: LineChart.svgBytes(first: first, values: values, o), as: UTF8.self)
                    == ChartReference.lineChart(first: first, values: values, o), "\(n)")
        }
    }
}
