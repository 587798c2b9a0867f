/// The Activity page's sleep: the nights' minutes asleep over the last 30 nights, as bars with
/// their table (asleep, in bed, bedtime, wake time), and how regular the bed and wake times were
/// (`SleepConsistency`).
enum ActivitySleep {
    static let nights = 30

    /// The template's `sleep`; null without a night of sleep.
    static func make(_ activity: ActivityFigures, _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        let zone = content.zone
        guard let s = SleepConsistency.make(activity.nights, days: nights, in: zone) else { return .null }
        let f = r.format
        let colon = r.phrases.colon
        func clock(_ minutes: Double) -> String {
            let m = Int(minutes.rounded()) % 1440
            return pad(m / 60) + ":" + pad(m % 60)
        }
        func pad(_ n: Int) -> String { n < 10 ? "0" + String(n) : String(n) }
        var cards: [TemplateValue] = [
            WeightPage.card(r.text(.sleepAsleep), ActivityWorkouts.duration(s.meanAsleep, r),
                            r.phrases.counted(s.nights, one: .sleepMeanOne, other: .sleepMean, ["date": f.longDate(s.last)])),
        ]
        if let bed = s.bedtime {
            // Minutes after noon back to a time of day.
            cards.append(WeightPage.card(r.text(.sleepBedtime), clock(bed.mean + 720),
                                         r.text(.sleepSpread, ["m": f.integer(Int(bed.spread.rounded()))])))
        }
        if let wake = s.wake {
            cards.append(WeightPage.card(r.text(.sleepWake), clock(wake.mean), r.text(.sleepSpread, ["m": f.integer(Int(wake.spread.rounded()))])))
        }
        let byNight = Dictionary(activity.nights.filter { $0.night >= s.first && $0.night <= s.last }.map { ($0.night, $0) },
                                 uniquingKeysWith: { a, _ in a })
        let list = (0..<nights).map { s.first.adding(days: $0) }
        func bars(_ width: Double) -> [BarChart.Bar] {
            let labels = BarChart.fittingLabels(list.map { f.shortDate($0) }, width: width)
            return list.enumerated().map { i, night in
                let asleep = byNight[night]?.asleep
                return BarChart.Bar(title: f.longDate(night) + colon + (asleep.map { ActivityWorkouts.duration($0, r) } ?? r.text(.activityNoFigure)),
                                    label: labels[i], amount: (asleep ?? 0) / 60)
            }
        }
        let title = r.text(.sleepChartTitle)
        let description = r.text(.sleepChartDescription, ["start": f.longDate(s.first), "end": f.longDate(s.last), "n": f.integer(s.nights)])
        let chart = ActivityPage.chart(id: "sleep-nights", title: title, description: description, bars)
        func time(_ instant: Int64?) -> String {
            guard let instant else { return "—" }
            let t = zone.localDateTime(of: instant)
            return pad(t.hour) + ":" + pad(t.minute)
        }
        let rows: [TemplateValue] = list.reversed().compactMap { night in
            guard let n = byNight[night] else { return nil }
            return ["when": .string(f.longDate(night)), "asleep": .string(n.asleep.map { ActivityWorkouts.duration($0, r) } ?? "—"),
                    "inBed": .string(n.inBed.map { ActivityWorkouts.duration($0, r) } ?? "—"),
                    "bedtime": .string(time(n.bedtime)), "wake": .string(time(n.wake))]
        }
        return ["cards": .array(cards), "chart": .html(chart), "rows": .array(rows),
                "summary": .string(r.text(.showNumbersOf, ["what": title]))]
    }
}
