/// The columns of Google Fit's daily files (the summary and the per-day files share them) that
/// Waymark reads, found by Google's English names, which change order and number between
/// Takeouts and users (an `<Activity> duration (ms)` column only for sports the user did).
struct GoogleFitColumns {
    /// An activity metric and the factor from the column's unit to the metric's.
    var metrics: [(column: Int, metric: ActivityMetric, factor: Double)] = []
    var weight: Int?
    /// Sleep columns in milliseconds, by the part of a night they hold.
    var sleep: [(column: Int, kind: SleepKind)] = []
    /// The names of the columns read, for nothing; the others are listed in a remark.
    var unread: [String] = []

    enum SleepKind { case asleep, light, deep, rem, awake }

    static let metricNames: [String: (ActivityMetric, Double)] = [
        "step count": (.steps, 1),
        "distance (m)": (.distance, 0.001),
        // Google's calories are the day's whole expenditure, resting energy included (a day
        // without movement still shows about 1,400 kcal): total, not active, energy.
        "calories (kcal)": (.totalEnergy, 1),
        "move minutes count": (.moveMinutes, 1),
        "heart points": (.heartPoints, 1),
        "heart minutes": (.heartMinutes, 1),
    ]
    static let sleepNames: [String: SleepKind] = [
        "sleep duration (ms)": .asleep, "sleeping duration (ms)": .asleep, "light sleeping duration (ms)": .light,
        "deep sleeping duration (ms)": .deep, "rem sleeping duration (ms)": .rem, "awake mid-sleeping duration (ms)": .awake,
    ]
    static let weightName = "average weight (kg)"
    /// Google's unit suffixes besides the names above: what makes a header Google Fit's.
    static let unitSuffixes = [" (ms)", " (m/s)", " (deg)", " (bpm)", " (kcal)", " (m)"]

    /// The columns of `names` (trimmed, lower-cased) from `first` on.
    init(_ names: [String], from first: Int) {
        for (i, name) in names.enumerated() where i >= first {
            if let (metric, factor) = Self.metricNames[name] {
                metrics.append((i, metric, factor))
            } else if let kind = Self.sleepNames[name] {
                sleep.append((i, kind))
            } else if name == Self.weightName {
                weight = i
            } else if !name.isEmpty {
                unread.append(name)
            }
        }
    }

    /// How many of `names` are Google Fit's: a known name or one of its unit suffixes.
    static func googleNames(_ names: [String]) -> Int {
        names.filter { name in metricNames[name] != nil || sleepNames[name] != nil || unitSuffixes.contains { name.hasSuffix($0) } }.count
    }

    /// What one row (a day, or a 15-minute bucket of one) holds.
    struct Values {
        var metrics: [ActivityMetric: Double] = [:]
        var weight: Double?
        var sleep = SleepSession(source: GoogleFitImporter.source)
        var hasSleep = false

        mutating func add(_ other: Values) {
            metrics.merge(other.metrics, uniquingKeysWith: +)
            if other.hasSleep {
                func sum(_ a: Double?, _ b: Double?) -> Double? { a.map { $0 + (b ?? 0) } ?? b }
                sleep.asleep = sum(sleep.asleep, other.sleep.asleep)
                sleep.core = sum(sleep.core, other.sleep.core)
                sleep.deep = sum(sleep.deep, other.sleep.deep)
                sleep.rem = sum(sleep.rem, other.sleep.rem)
                sleep.awake = sum(sleep.awake, other.sleep.awake)
                hasSleep = true
            }
        }

        var isEmpty: Bool { metrics.isEmpty && weight == nil && !hasSleep }
    }

    /// The values of `row`; a cell that is not a number of 0 or more is an error that leaves it out.
    func values(_ row: [CSVReader.Field], file: SourceFile, diagnostics: inout [Diagnostic]) -> Values {
        var values = Values()
        func number(_ column: Int) -> Double? {
            guard let field = WeighingCSV.cell(row, column) else { return nil }
            switch WeighingCSV.number(field) {
            case .success(let v) where v >= 0: return v
            case .success: diagnostics.append(WeighingCSV.rowError(file, field, "expected a number of 0 or more (got \"\(Diagnostic.shorten(field.text))\")"))
            case .failure(let failure): diagnostics.append(WeighingCSV.rowError(file, field, failure.message))
            }
            return nil
        }
        for (column, metric, factor) in metrics {
            if let v = number(column) { values.metrics[metric] = v * factor }
        }
        if let weight, let kg = number(weight), let field = WeighingCSV.cell(row, weight) {
            if let problem = WeighingUnits.problem(kilograms: kg, written: field.text, unit: .kg) {
                diagnostics.append(WeighingCSV.rowError(file, field, problem))
            } else {
                values.weight = kg
            }
        }
        for (column, kind) in sleep {
            guard let ms = number(column), ms > 0 else { continue }
            let minutes = ms / 60_000
            switch kind {
            case .asleep: values.sleep.asleep = minutes
            case .light: values.sleep.core = minutes
            case .deep: values.sleep.deep = minutes
            case .rem: values.sleep.rem = minutes
            case .awake: values.sleep.awake = minutes
            }
            values.hasSleep = true
        }
        return values
    }
}
