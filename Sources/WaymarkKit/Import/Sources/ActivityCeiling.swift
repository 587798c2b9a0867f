/// Activity amounts past what any day can hold: a broken or hand-edited file's, never a device's.
///
/// A day's figure adds up its samples (`ActivityDays`), and two samples near the largest number a
/// `Double` holds add up to infinity, which no page can show: the day would be lost with the real
/// samples beside them. So a sample past the ceiling is left out where the sources are read, said
/// with its file, metric, moment and value, whichever importer read it.
enum ActivityCeiling {
    /// A billion, in any metric's unit (steps, km, kcal, minutes, hours, points): a thousand times
    /// more than any person's day, and a billion of them still add up exactly enough.
    static let largest: Double = 1_000_000_000

    /// `part` without its samples past the ceiling (or not numbers at all), with a warning and a
    /// line for `check` when there were any.
    static func apply(_ part: inout SourcePart, zone: Zone) {
        let samples = part.export.activity
        guard let first = samples.first(where: { !($0.value <= largest) }) else { return }
        let kept = samples.filter { $0.value <= largest }
        let out = samples.count - kept.count
        part.export.activity = kept
        part.drop("activity amounts of more than a billion, which no day holds", count: out)
        let when = LocaleFormat.machine(first.date, in: zone)
        let what = out == 1 ? "1 activity sample" : "\(out) activity samples"
        // A part of many files (a day a file) does not know which one held it.
        let file = part.files.count > 1 ? "\(part.files[0]) and \(part.files.count - 1) more" : part.files.first ?? part.kind
        part.diagnostics.append(.warning(file, .file,
            "\(what) of more than a billion left out, no day holds that much: the first, \(first.metric.label) at \(when) from "
            + "“\(Diagnostic.shorten(first.source))”, is \(first.value)"))
    }
}
