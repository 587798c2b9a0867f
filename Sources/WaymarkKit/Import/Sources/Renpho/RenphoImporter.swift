/// Renpho's smart-scale export, in both layouts its apps write:
///
/// - `Time of Measurement,Weight(lb),BMI,Body Fat(%),…,Remarks` with `"July 4, 2022 9:34:26 AM"`
///   (the older app; `2024-01-01 10:20:30` in some versions);
/// - `Date,Time,Weight(kg),BMI,Body Fat(%),…,Remarks` with the date apart, `2025.12.26` or
///   `17/04/2026` in the phone's order, sometimes a space after each comma of the header.
///
/// The weight is in the unit its header names; `--` is "not measured"; rows are newest first,
/// wall times of the phone; weighings seconds apart are kept (people weigh twice).
enum RenphoImporter {
    static let name = "Renpho (CSV export)"

    static let importer = SourceImporter.perFile(
        id: "renpho", name: name,
        howToExport: "in the Renpho app, Me → Export Data (a CSV sent by e-mail or shared)",
        recognises: { columns(WeighingCSV.headerNames(of: $0) ?? []) != nil }, read: read)

    struct Columns {
        var date: Int
        /// The separate time column of the newer layout.
        var time: Int?
        var weight: Int
        var unit: WeightUnit
        var fat: Int?
    }

    static func columns(_ names: [String]) -> Columns? {
        guard let weight = names.firstIndex(where: { $0.hasPrefix("weight(") || $0.hasPrefix("weight (") }),
              let unit = WithingsImporter.unit(of: names[weight]), names.contains("bmi") else { return nil }
        let fat = names.firstIndex { $0.replacing(" ", with: "") == "bodyfat(%)" }
        if names.first == "time of measurement" { return Columns(date: 0, time: nil, weight: weight, unit: unit, fat: fat) }
        if names.count > 2, names[0] == "date", names[1] == "time", names.contains(where: { $0.hasPrefix("remarks") || $0.hasPrefix("metabolic age") }) {
            return Columns(date: 0, time: 1, weight: weight, unit: unit, fat: fat)
        }
        return nil
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let csv = WeighingCSV.read(file, into: &part), let columns = columns(csv.names) else { return part }
        let order = NumericDate.order(columns.time == nil ? [] : csv.rows.compactMap { WeighingCSV.cell($0, columns.date)?.text })
        if columns.time != nil, !order.told, csv.rows.contains(where: { WeighingCSV.cell($0, columns.date)?.text.contains("/") == true }) {
            part.remarks.append("dates read month first (04/17/2026): no date in the file tells the order")
        }
        if columns.unit != .kg { part.remarks.append("weights read as \(WeighingUnits.name(columns.unit)), as the header says (\"\(Diagnostic.shorten(csv.header[columns.weight].text.trimmingWhitespace()))\")") }
        var weightOnly = 0
        for row in csv.rows {
            let line = row.first?.line ?? 0
            guard let dateField = WeighingCSV.cell(row, columns.date) else {
                if row.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
                    part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the row has no date"))
                }
                continue
            }
            let timeField = WeighingCSV.cell(row, columns.time)
            guard let date = moment(dateField.text, time: timeField?.text, order: order.order, zone: context.zone) else {
                let shown = dateField.text + (timeField.map { " " + $0.text } ?? "")
                part.diagnostics.append(WeighingCSV.rowError(file, dateField, "not a date and time like \"July 4, 2022 9:34:26 AM\" or 2025.12.26 08:23:40 (got \"\(Diagnostic.shorten(shown))\")"))
                continue
            }
            guard let weightField = WeighingCSV.cell(row, columns.weight), weightField.text != "--" else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the row has no weight"))
                continue
            }
            switch WeighingCSV.number(weightField) {
            case .failure(let failure):
                part.diagnostics.append(WeighingCSV.rowError(file, weightField, failure.message))
                continue
            case .success(let value):
                let kg = WeighingUnits.kilograms(value, in: columns.unit)
                if let problem = WeighingUnits.problem(kilograms: kg, written: weightField.text, unit: columns.unit) {
                    part.diagnostics.append(WeighingCSV.rowError(file, weightField, problem))
                    continue
                }
                part.export.weights.append(WeightEntry(date: date, kg: kg))
            }
            guard let fatField = WeighingCSV.cell(row, columns.fat), fatField.text != "--" else {
                weightOnly += 1
                continue
            }
            if case .success(let fat) = WeighingCSV.number(fatField), WeighingUnits.isPlausibleBodyFat(fat) {
                part.export.bodyFat.append(BodyFatEntry(date: date, percent: fat))
            } else {
                part.diagnostics.append(.warning(file.path, .lineColumn(line: fatField.line, column: fatField.column),
                                                 "expected a body fat percentage between 0 and 100 (got \"\(Diagnostic.shorten(fatField.text))\"); the weighing is kept without it"))
            }
        }
        if weightOnly > 0 { part.remarks.append("\(weightOnly) weighing\(weightOnly == 1 ? "" : "s") without body composition (\"--\": the scale measured the weight only)") }
        part.export.weights.sort { $0.date.sortKey(in: context.zone) < $1.date.sortKey(in: context.zone) }
        part.export.bodyFat.sort { $0.date.sortKey(in: context.zone) < $1.date.sortKey(in: context.zone) }
        return part
    }

    /// `July 4, 2022 9:34:26 AM`, `2024-01-01 10:20:30`, or a date (`2025.12.26`, `17/04/2026`) and
    /// a time (`08:23:40`) apart; wall times in `zone`.
    static func moment(_ date: String, time: String?, order: NumericDate.Order, zone: Zone) -> Moment? {
        if let time {
            guard let day = NumericDate.day(date, order), let wall = ClockText.clock(day, time) else { return nil }
            return .instant(zone.instant(of: wall))
        }
        if let parsed = DateTimeText.parse(date) { return parsed.moment(in: zone) }
        // "July 4, 2022 9:34:26 AM": month name, day, year, then the time.
        let words = date.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard words.count >= 4, let month = MonthNames.month(Substring(words[0])), let d = ClockText.digits(Substring(words[1]), 1...2),
              let y = ClockText.digits(Substring(words[2]), 4...4), let day = LocalDate(year: y, month: month, day: d),
              let wall = ClockText.clock(day, words.dropFirst(3).joined(separator: " ")) else { return nil }
        return .instant(zone.instant(of: wall))
    }
}
