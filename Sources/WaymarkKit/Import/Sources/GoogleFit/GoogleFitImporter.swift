/// Google Fit's daily summaries from Google Takeout (`Takeout/Fit/Daily Aggregations/Daily
/// Summaries.csv`): one row per day with some thirty activity columns, among them the day's
/// average, highest and lowest weight. Waymark keeps the average as the day's weighing.
enum GoogleFitImporter {
    static let name = "Google Fit (Google Takeout daily summaries)"
    static let weightColumn = "average weight (kg)"
    static let withoutWeighing = "days with no weighing (activity data only)"

    static let importer = SourceImporter.perFile(
        id: "google-fit", name: name,
        howToExport: "takeout.google.com → select Fit → export; Waymark reads Takeout/Fit/Daily Aggregations/Daily Summaries.csv (the zip itself works too)",
        recognises: recognises, read: read)

    /// A CSV whose header starts with `Date` and names the average weight: Google's column names,
    /// whatever the file is called. Withings' `Weight (kg)` and the generic `weight` do not match.
    static func recognises(_ file: SourceFile) -> Bool {
        guard let names = WeighingCSV.headerNames(of: file) else { return false }
        return names.first == "date" && names.contains(weightColumn)
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let csv = WeighingCSV.read(file, into: &part) else { return part }
        guard let dateColumn = csv.column("date"), let kgColumn = csv.column(weightColumn) else {
            part.diagnostics.append(.error(file.path, .line(1), "expected a header with \"Date\" and \"Average weight (kg)\" columns"))
            return part
        }
        var withoutWeight = 0
        for row in csv.rows {
            let line = row.first?.line ?? 0
            guard let dateField = WeighingCSV.cell(row, dateColumn) else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the row has no date"))
                continue
            }
            // Google writes plain days; a day is what the average belongs to.
            guard case .day(let day)? = DateTimeText.parse(dateField.text) else {
                part.diagnostics.append(WeighingCSV.rowError(file, dateField, "expected a day like 2020-11-19 (got \"\(Diagnostic.shorten(dateField.text))\")"))
                continue
            }
            guard let kgField = WeighingCSV.cell(row, kgColumn) else {
                withoutWeight += 1
                continue
            }
            switch WeighingCSV.number(kgField) {
            case .failure(let failure):
                part.diagnostics.append(WeighingCSV.rowError(file, kgField, failure.message))
            case .success(let kg):
                if let problem = WeighingUnits.problem(kilograms: kg, written: kgField.text, unit: .kg) {
                    part.diagnostics.append(WeighingCSV.rowError(file, kgField, problem))
                } else {
                    part.export.weights.append(WeightEntry(date: .day(day), kg: kg))
                }
            }
        }
        if withoutWeight > 0 { part.drop(withoutWeighing, count: withoutWeight) }
        return part
    }
}
