/// The activity, sleep and workouts: `activity.csv`, a row a day a metric (docs/activity.md).
enum ActivityPage {
    /// Beside `weight.csv`, when the site shows activity.
    static let csvPath = "activity.csv"

    static func render(_ activity: ActivityFigures, _ content: SiteContent) -> [SiteFile] {
        [SiteFile(path: csvPath, text: csv(activity.rows(in: content.zone)))]
    }

    /// `date,metric,value,unit`, one row a day a metric, in the order of `rows`.
    static func csv(_ rows: [ActivityRow]) -> String {
        var out = "date,metric,value,unit\n"
        out.reserveCapacity(rows.count * 32)
        for row in rows {
            out += row.day.description + "," + row.metric + "," + number(row.value) + "," + row.unit + "\n"
        }
        return out
    }

    /// A value with at most three decimals and no trailing zeros ("8618", "13.286", "46.983"):
    /// counts stay whole, and distances keep metres.
    static func number(_ x: Double) -> String {
        var text = LocaleFormat.fixed(x, places: 3)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
