/// openScale's CSV export (Android; Settings → Backup/Export → Export CSV): a header of the
/// app's field names, `dateTime,weight,fat,water,muscle,…,comment`, then one measurement per
/// row. openScale keeps weights in kilograms whatever unit it shows, and `fat` as a percentage
/// (0 when not measured). Versions write the time as `2020-11-19 08:00` or `19.11.2020 08:00`.
enum OpenScaleImporter {
    static let name = "openScale (CSV export)"

    static let importer = SourceImporter.perFile(
        id: "openscale", name: name,
        howToExport: "openScale → ⋮ → Export (CSV); Waymark reads the exported .csv file",
        recognises: recognises, read: read)

    /// A header naming openScale's `dateTime` exactly (camel case, as the app's field is called)
    /// beside a `weight` column, whatever the file is called: first in older exports, among the
    /// alphabetical, all-quoted columns of the app's own export now (`biceps`, `bone`, …).
    static func recognises(_ file: SourceFile) -> Bool {
        guard let cells = WeighingCSV.headerCells(of: file), cells.contains("dateTime") else { return false }
        return cells.contains("weight")
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let csv = WeighingCSV.read(file, into: &part) else { return part }
        guard let dateColumn = csv.column("datetime"), let weightColumn = csv.column("weight") else {
            part.diagnostics.append(.error(file.path, .line(1), "expected a header with \"dateTime\" and \"weight\" columns"))
            return part
        }
        let fatColumn = csv.column("fat")
        for row in csv.rows {
            let line = row.first?.line ?? 0
            guard let dateField = WeighingCSV.cell(row, dateColumn), let weightField = WeighingCSV.cell(row, weightColumn) else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the row has no \(WeighingCSV.cell(row, dateColumn) == nil ? "dateTime" : "weight")"))
                continue
            }
            guard let date = moment(dateField.text, zone: context.zone) else {
                part.diagnostics.append(WeighingCSV.rowError(file, dateField, "not a date-time like 2020-11-19 08:00 (got \"\(Diagnostic.shorten(dateField.text))\")" + DateTimeText.spanNote(dateField.text)))
                continue
            }
            switch WeighingCSV.number(weightField) {
            case .failure(let failure):
                part.diagnostics.append(WeighingCSV.rowError(file, weightField, failure.message))
                continue
            case .success(let kg):
                if let problem = WeighingUnits.problem(kilograms: kg, written: weightField.text, unit: .kg) {
                    part.diagnostics.append(WeighingCSV.rowError(file, weightField, problem))
                    continue
                }
                part.export.weights.append(WeightEntry(date: date, kg: kg))
            }
            // 0 is openScale's "not measured".
            if let fatField = WeighingCSV.cell(row, fatColumn), case .success(let fat) = WeighingCSV.number(fatField), fat != 0 {
                if WeighingUnits.isPlausibleBodyFat(fat) {
                    part.export.bodyFat.append(BodyFatEntry(date: date, percent: fat))
                } else {
                    part.diagnostics.append(.warning(file.path, .lineColumn(line: fatField.line, column: fatField.column),
                                                     "expected a body fat percentage between 0 and 100 (got \"\(Diagnostic.shorten(fatField.text))\"); the weighing is kept without it"))
                }
            }
        }
        return part
    }

    /// ISO forms (`DateTimeText`), or `dd.MM.yyyy HH:mm` as older versions write; wall times in `zone`.
    static func moment(_ text: String, zone: Zone) -> Moment? {
        if let parsed = DateTimeText.parse(text) { return parsed.moment(in: zone) }
        let halves = text.split(separator: " ", omittingEmptySubsequences: true)
        guard halves.count == 2 else { return nil }
        let day = halves[0].split(separator: ".", omittingEmptySubsequences: false)
        guard day.count == 3, let d = ClockText.digits(day[0], 1...2), let m = ClockText.digits(day[1], 1...2),
              let y = ClockText.digits(day[2], 4...4), let date = LocalDate(year: y, month: m, day: d),
              let wall = ClockText.wallTime(date, halves[1]) else { return nil }
        return .instant(zone.instant(of: wall))
    }
}
