/// `sleep/index.html`: how long and how regularly a person slept (`SleepConsistency`), the last
/// 30 nights' hours asleep as bars and their bedtimes and wake times as a bar from one to the
/// other, and the mean hours asleep month by month; every chart with a table of its numbers.
/// docs/activity.md defines every figure.
enum SleepPage {
    static let path = "sleep/index.html"
    /// Nights the figures and the nightly charts cover.
    static let nights = 30
    /// Months the monthly chart shows at most (its table lists every month).
    static let chartMonths = 36

    /// Whether the site has a Sleep page: a night with minutes asleep up to the day shown.
    static func has(_ activity: ActivityFigures) -> Bool { activity.nights.contains { $0.asleep != nil } }

    static func render(_ activity: ActivityFigures, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile? {
        let zone = content.zone
        guard let s = SleepConsistency.make(activity.nights, days: nights, in: zone) else { return nil }
        let f = r.format
        let colon = r.phrases.colon
        let byNight = Dictionary(activity.nights.filter { $0.night >= s.first && $0.night <= s.last }.map { ($0.night, $0) },
                                 uniquingKeysWith: { a, _ in a })
        let list = (0..<nights).map { s.first.adding(days: $0) }
        func time(_ instant: Int64?) -> String {
            guard let instant else { return "—" }
            let t = zone.localDateTime(of: instant)
            return (t.hour < 10 ? "0" : "") + String(t.hour) + ":" + (t.minute < 10 ? "0" : "") + String(t.minute)
        }
        let range = ["start": f.longDate(s.first), "end": f.longDate(s.last)]

        // Hours asleep a night.
        func bars(_ width: Double) -> [BarChart.Bar] {
            let labels = BarChart.regularLabels(list.map { f.shortDate($0) }, width: width)
            return list.enumerated().map { i, night in
                let asleep = byNight[night]?.asleep
                return BarChart.Bar(title: f.longDate(night) + colon + (asleep.map { ActivityWorkouts.duration($0, r) } ?? r.text(.activityNoFigure)),
                                    label: labels[i], amount: (asleep ?? 0) / 60)
            }
        }
        let asleepTitle = r.text(.sleepChartTitle)
        let asleepChart = ActivityPage.chart(id: "sleep-nights", title: asleepTitle,
                                             description: r.text(.sleepChartDescription, range.merging(["n": f.integer(s.nights)]) { a, _ in a }), bars)
        let rows: [TemplateValue] = list.reversed().compactMap { night in
            guard let n = byNight[night] else { return nil }
            return ["when": .string(f.longDate(night)), "asleep": .string(n.asleep.map { ActivityWorkouts.duration($0, r) } ?? "—"),
                    "inBed": .string(n.inBed.map { ActivityWorkouts.duration($0, r) } ?? "—"),
                    "bedtime": .string(time(n.bedtime)), "wake": .string(time(n.wake))]
        }

        // Bedtime to wake time a night.
        let spans = list.map { byNight[$0].flatMap { span($0, in: zone) } }
        let timesTitle = r.text(.sleepTimesTitle)
        let timesDescription = r.text(.sleepTimesDescription, range.merging(["n": f.integer(spans.compactMap { $0 }.count)]) { a, _ in a })
        func times(_ width: Double, wide: Bool) -> String {
            let labels = BarChart.regularLabels(list.map { f.shortDate($0) }, width: width, plotLeft: SleepTimesChart.left)
            let columns = list.enumerated().map { i, night in
                SleepTimesChart.Night(title: wide ? spans[i].map { f.longDate(night) + colon + r.text(.sleepTimesBar, [
                    "bed": SleepTimesChart.clock($0.start), "wake": SleepTimesChart.clock($0.end)]) } ?? "" : "",
                                      label: labels[i], span: spans[i])
            }
            return SleepTimesChart.svg(columns, width: width, height: wide ? 240 : 220, id: "sleep-times-" + (wide ? "wide" : "narrow"),
                                       title: timesTitle, description: timesDescription)
        }
        let timesChart = "<div class=\"chart-wide\">" + times(DashboardCharts.wideWidth, wide: true) + "</div><div class=\"chart-narrow\">"
            + times(DashboardCharts.narrowWidth, wide: false) + "</div>"

        return try r.page(path, template: "sleep", title: r.text(.sleepTitle), section: "sleep", [
            "cards": .array(cards(s, r)),
            "asleepTitle": .string(asleepTitle),
            "asleepChart": .html(asleepChart),
            "asleepSummary": .string(r.text(.showNumbersOf, ["what": asleepTitle])),
            "rows": .array(rows),
            "timesTitle": .string(timesTitle),
            "timesChart": .html(timesChart),
            "timesSummary": .string(r.text(.showNumbersOf, ["what": timesTitle])),
            "months": months(activity.nights, r),
        ])
    }

    /// The figures of the 30 nights: hours asleep, bedtime and wake time with their spread.
    static func cards(_ s: SleepConsistency, _ r: PageRenderer) -> [TemplateValue] {
        let f = r.format
        var cards: [TemplateValue] = [
            WeightPage.card(r.text(.sleepAsleep), ActivityWorkouts.duration(s.meanAsleep, r),
                            r.phrases.counted(s.nights, one: .sleepMeanOne, other: .sleepMean, ["date": f.longDate(s.last)])),
        ]
        if let bed = s.bedtime {
            // Minutes after noon, as the figure is counted, back to a time of day.
            cards.append(WeightPage.card(r.text(.sleepBedtime), SleepTimesChart.clock(bed.mean), spread(bed.spread, r)))
        }
        if let wake = s.wake {
            cards.append(WeightPage.card(r.text(.sleepWake), SleepTimesChart.clock(wake.mean - 720), spread(wake.spread, r)))
        }
        return cards
    }

    /// "mean; varies by n min", or for a single night, which has no spread, "one night".
    static func spread(_ minutes: Double?, _ r: PageRenderer) -> String {
        minutes.map { r.text(.sleepSpread, ["m": r.format.integer(Int($0.rounded()))]) } ?? r.text(.sleepOneNight)
    }

    /// A night's bar from bedtime to wake time, in minutes after the noon before the bedtime;
    /// nil without both times.
    static func span(_ night: SleepNight, in zone: Zone) -> (start: Double, end: Double)? {
        guard let bed = night.bedtime, let wake = night.wake, wake >= bed else { return nil }
        let t = zone.localDateTime(of: bed)
        let start = Double(((t.hour * 60 + t.minute) - 720 + 1440) % 1440)
        return (start, start + min(1440, Double(wake - bed) / 60))
    }

    /// The mean hours asleep of each calendar month's nights with sleep: bars for the 36 months
    /// to the last with sleep (from the first of them with sleep), every month in the table
    /// (newest first).
    static func months(_ all: [SleepNight], _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        var sums: [(month: LocalDate, nights: Int, minutes: Double)] = []
        for night in all {
            guard let asleep = night.asleep, asleep.isFinite else { continue }
            let month = night.night.startOfMonth
            if sums.last?.month == month {
                sums[sums.count - 1].nights += 1
                sums[sums.count - 1].minutes += asleep
            } else {
                sums.append((month, 1, asleep))
            }
        }
        guard let last = sums.last?.month, let first = sums.first?.month else { return .null }
        // The 36 months to the last with sleep, from the first of them with sleep, oldest first.
        var months: [LocalDate] = [last]
        while months.count < chartMonths, let m = months.first, m > first { months.insert(m.adding(days: -1).startOfMonth, at: 0) }
        let withSleep = Set(sums.map(\.month))
        months = Array(months.drop { !withSleep.contains($0) })
        let byMonth = Dictionary(sums.map { ($0.month, $0) }, uniquingKeysWith: { a, _ in a })
        func name(_ m: LocalDate) -> String { f.monthYear(year: m.year, month: m.month) }
        func bars(_ width: Double) -> [BarChart.Bar] {
            let labels = BarChart.regularLabels(months.map { f.monthYearShort(year: $0.year, month: $0.month) }, width: width)
            return months.enumerated().map { i, month in
                let s = byMonth[month]
                return BarChart.Bar(title: name(month) + r.phrases.colon + (s.map { ActivityWorkouts.duration($0.minutes / Double($0.nights), r) }
                                        ?? r.text(.activityNoFigure)),
                                    label: labels[i], amount: s.map { $0.minutes / Double($0.nights) / 60 } ?? 0)
            }
        }
        let title = r.text(.sleepMonthsTitle)
        let chart = ActivityPage.chart(id: "sleep-months", title: title,
                                       description: r.text(.sleepMonthsDescription, ["start": name(months[0]), "end": name(last)]), bars)
        let rows: [TemplateValue] = sums.reversed().map { s in
            ["when": .string(name(s.month)), "nights": .string(f.integer(s.nights)),
             "asleep": .string(ActivityWorkouts.duration(s.minutes / Double(s.nights), r))]
        }
        return ["title": .string(title), "chart": .html(chart), "rows": .array(rows),
                "summary": .string(r.text(.showNumbersOf, ["what": r.text(.byMonth)]))]
    }
}
