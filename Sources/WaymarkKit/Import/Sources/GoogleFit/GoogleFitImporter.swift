/// Google Fit's daily files from Google Takeout: the summary, one row a day
/// (`Takeout/Fit/Daily activity metrics/Daily activity metrics.csv`, in older Takeouts
/// `Daily Aggregations/Daily Summaries.csv`), and the per-day files beside it (`2018-07-26.csv`),
/// each a day in 15-minute buckets whose date is only in the file's name.
///
/// Read: steps, distance, Move Minutes, Heart Points and Heart Minutes, calories (the day's
/// total energy, resting included: never active energy), sleep, and the day's average weight.
/// The per-day files are the summary's breakdown (their buckets add up to its row), so a day is
/// read from the summary, or from its per-day file only when the summary lacks it or is absent:
/// never both. A summary and the per-day files beside it are one unit.
enum GoogleFitImporter {
    static let name = "Google Fit (Google Takeout daily activity metrics)"
    static let source = "Google Fit"
    static let weightColumn = GoogleFitColumns.weightName
    static let nothingRead = "days with nothing Waymark reads (location, speed, heart rate or activity durations only)"

    static let importer = SourceImporter(
        id: "google-fit", name: name,
        howToExport: "takeout.google.com → select Fit → export; Waymark reads Takeout/Fit/Daily activity metrics/ (Daily Aggregations/ in older Takeouts): the daily summary and the per-day files (the zip itself works too)",
        claim: claim, read: read,
        // Every file a unit holds is a summary or a per-day file, each told by itself.
        mayRead: { recognises($0) })

    /// The summary: a header starting with `Date` beside Google's column names (at least two of
    /// them, or the average weight), whatever the file is called.
    static func isSummary(_ file: SourceFile) -> Bool {
        guard let names = WeighingCSV.headerNames(of: file), names.first == "date" else { return false }
        return names.contains(weightColumn) || GoogleFitColumns.googleNames(Array(names.dropFirst())) >= 2
    }

    /// A per-day file: named by its day (`2018-07-26.csv`, the only place its date is) with a
    /// header `Start time,End time` then Google's columns.
    static func day(of file: SourceFile) -> LocalDate? {
        let name = file.lowercasedName
        guard name.hasSuffix(".csv"), case .day(let day)? = DateTimeText.parse(String(name.dropLast(4))),
              let names = WeighingCSV.headerNames(of: file), names.count >= 3, names[0] == "start time", names[1] == "end time",
              GoogleFitColumns.googleNames(Array(names.dropFirst(2))) >= 1 else { return nil }
        return day
    }

    static func recognises(_ file: SourceFile) -> Bool { isSummary(file) || day(of: file) != nil }

    /// A unit per summary, the per-day files of its folder with the first summary there (they
    /// are its breakdown); per-day files without a summary beside them are a unit of their folder.
    /// Two summaries in one folder (two accounts, two Takeouts) are read apart.
    static func claim(_ files: [SourceFile]) -> [[SourceFile]] {
        var units: [[SourceFile]] = []
        var firstSummary: [[String]: Int] = [:]
        for file in files where isSummary(file) {
            if firstSummary[file.folders] == nil { firstSummary[file.folders] = units.count }
            units.append([file])
        }
        var dayUnits: [[String]: Int] = [:]
        for file in files where !isSummary(file) && day(of: file) != nil {
            if let i = firstSummary[file.folders] ?? dayUnits[file.folders] {
                units[i].append(file)
            } else {
                dayUnits[file.folders] = units.count
                units.append([file])
            }
        }
        return units
    }

    static func read(_ files: [SourceFile], _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: files.map(\.path))
        var days: [LocalDate: GoogleFitColumns.Values] = [:]
        var unread = Set<String>()
        var empty = 0
        for file in files where isSummary(file) {
            guard let csv = WeighingCSV.read(file, into: &part) else { continue }
            let columns = GoogleFitColumns(csv.names, from: 1)
            unread.formUnion(columns.unread)
            for row in csv.rows {
                guard let dateField = WeighingCSV.cell(row, 0) else {
                    part.diagnostics.append(WeighingCSV.rowError(file, line: row.first?.line ?? 0, "the row has no date"))
                    continue
                }
                // Google writes plain days, its own (the phone's) calendar days.
                guard case .day(let day)? = DateTimeText.parse(dateField.text) else {
                    part.diagnostics.append(WeighingCSV.rowError(file, dateField, "expected a day like 2020-11-19 (got \"\(Diagnostic.shorten(dateField.text))\")"))
                    continue
                }
                let values = columns.values(row, file: file, diagnostics: &part.diagnostics)
                if values.isEmpty { empty += 1 }
                if days[day] != nil {
                    part.diagnostics.append(.warning(file.path, .lineColumn(line: dateField.line, column: dateField.column),
                                                     "a second row for \(day); the first is kept"))
                    continue
                }
                days[day] = values
            }
        }
        var breakdowns = 0
        for file in files where !isSummary(file) {
            guard let day = day(of: file) else { continue }
            if days[day] != nil {
                breakdowns += 1
                continue
            }
            guard let csv = WeighingCSV.read(file, into: &part) else { continue }
            let columns = GoogleFitColumns(csv.names, from: 2)
            unread.formUnion(columns.unread)
            var total = GoogleFitColumns.Values()
            var weights: [Double] = []
            for row in csv.rows {
                let values = columns.values(row, file: file, diagnostics: &part.diagnostics)
                total.add(values)
                if let w = values.weight { weights.append(w) }
            }
            // A bucket's weight is that bucket's average, repeated: the day's is their mean.
            if !weights.isEmpty { total.weight = weights.reduce(0, +) / Double(weights.count) }
            if total.isEmpty { empty += 1 }
            days[day] = total
        }
        for day in days.keys.sorted() {
            guard let values = days[day] else { continue }
            for metric in ActivityMetric.allCases {
                guard let value = values.metrics[metric] else { continue }
                part.export.activity.append(ActivitySample(metric: metric, date: .day(day), value: value, source: source))
            }
            if values.hasSleep {
                var night = values.sleep
                // Which day Google files a night under is not documented: it is read as the night of its row's day.
                night.night = day
                part.export.sleep.append(night)
            }
            if let kg = values.weight { part.export.weights.append(WeightEntry(date: .day(day), kg: kg)) }
        }
        if empty > 0 { part.drop(nothingRead, count: empty) }
        if breakdowns > 0 {
            part.remarks.append("\(breakdowns) per-day file\(breakdowns == 1 ? "" : "s") not read: the daily summary has \(breakdowns == 1 ? "its day" : "their days") (they are its breakdown, read once)")
        }
        if !unread.isEmpty {
            part.remarks.append("columns not read: \(unread.sorted().joined(separator: ", "))")
        }
        return part
    }
}
