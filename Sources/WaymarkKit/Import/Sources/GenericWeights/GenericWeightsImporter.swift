/// Any CSV of weighings written by hand, by a script or by an app that writes nothing else:
/// `date,weight[,unit]`, the unit (`kg`, `lb` or `jin`) per row. A header naming the unit
/// (`date,kg`, `date,lb`, `date,weight (jin)`) sets it for every row; Waymark's own
/// `weights.csv` (`date,kg`) is one case. A weight whose unit nothing states (MyFitnessPal's
/// `Date,Weight`) is in the user's unit (`--weight-unit`, or the source's `weightUnit` in
/// `waymark.json`), else read as kilograms with a warning that says so.
///
/// Also read: a body fat column (MyFitnessPal's `Date,Body Fat %,Weight`), and a log kept in two
/// units (`date,pounds,kilograms,delta_pounds,delta_kilograms`): the first weight column is read
/// and the second checked against it; differences from the previous row (`delta_…`) are left.
/// Dates: `2024-01-05`, `2024-01-05 07:30`, `2024-01-05T07:30:00+01:00`.
enum GenericWeightsImporter {
    static let name = "Weights CSV (date, weight, unit)"
    static let dateNames: Set<String> = ["date", "day", "time", "datetime", "date_time", "timestamp"]
    static let weightNames: [String: WeightUnit?] = [
        "weight": nil, "kg": .kg, "kgvalue": .kg, "weight_kg": .kg, "weightkg": .kg, "weight (kg)": .kg, "kilograms": .kg, "kilos": .kg,
        "lb": .lb, "lbs": .lb, "weight_lb": .lb, "weight_lbs": .lb, "weight (lb)": .lb, "weight (lbs)": .lb, "pounds": .lb,
        "jin": .jin, "weight_jin": .jin, "weight (jin)": .jin,
    ]
    static let unitNames: Set<String> = ["unit", "units"]
    static let fatNames: Set<String> = ["body fat %", "body fat", "body fat (%)", "body_fat", "bodyfat", "fat %", "fat"]
    /// Columns the file may have that Waymark leaves: notes, and MyFitnessPal's other measurements.
    static let ignoredNames: Set<String> = ["note", "notes", "comment", "comments", "neck", "waist", "hips", "chest", "arms", "thighs"]
    /// Prefixes of columns derived from the weight (a change since the previous row), left.
    static let derivedPrefixes = ["delta", "change", "diff"]

    static let importer = SourceImporter.perFile(
        id: "generic-weights", name: name,
        howToExport: "a CSV file with the header date,weight (and a unit column with kg, lb or jin per row if they differ); MyFitnessPal's Measurement-Summary CSV (Premium → Export Data)",
        recognises: recognises, read: read)

    /// The columns of a header, when every name is one this format knows and there is one date
    /// and at least one weight column: a header with anything else (Withings' "Fat mass (kg)",
    /// Google's thirty columns, a habit column) belongs to another format.
    struct Columns {
        var date: Int
        var weight: Int
        var unit: Int?
        var defaultUnit: WeightUnit?
        var fat: Int?
        /// A second weight column in a stated unit, checked against the first.
        var check: (column: Int, unit: WeightUnit)?
    }

    static func columns(_ names: [String]) -> Columns? {
        var date: Int?, weight: Int?, unit: Int?, fat: Int?
        var defaultUnit: WeightUnit?
        var check: (column: Int, unit: WeightUnit)?
        for (i, name) in names.enumerated() {
            if dateNames.contains(name), date == nil {
                date = i
            } else if let named = weightNames[name], weight == nil {
                weight = i
                defaultUnit = named
            } else if let named = weightNames[name], let named, defaultUnit != nil, defaultUnit != named, check == nil {
                check = (i, named)
            } else if unitNames.contains(name), unit == nil {
                unit = i
            } else if fatNames.contains(name), fat == nil {
                fat = i
            } else if !ignoredNames.contains(name), !derivedPrefixes.contains(where: { name.hasPrefix($0) }) {
                return nil
            }
        }
        guard let date, let weight else { return nil }
        return Columns(date: date, weight: weight, unit: unit, defaultUnit: defaultUnit, fat: fat, check: check)
    }

    static func recognises(_ file: SourceFile) -> Bool {
        WeighingCSV.headerNames(of: file).flatMap(columns) != nil
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        // The name only words the message: MyFitnessPal's file has the same header as a sheet.
        let kind = file.name.hasPrefix("Measurement-Summary") ? "MyFitnessPal (Measurement-Summary CSV)" : name
        var part = SourcePart(kind: kind, files: [file.path])
        guard let csv = WeighingCSV.read(file, into: &part) else { return part }
        guard let columns = columns(csv.names) else {
            part.diagnostics.append(.error(file.path, .line(1), "expected a header naming a date and a weight column, such as date,weight,unit (got \"\(Diagnostic.shorten(csv.header.map(\.text).joined(separator: ",")))\")"))
            return part
        }
        let fallback = WeightUnitCheck.unit(given: context.weightUnit)
        var converted: [WeightUnit: Int] = [:]
        var unstated: [Double] = []
        var byUnit: [WeightUnit: [Double]] = [:]
        var mismatches: [(field: CSVReader.Field, message: String)] = []
        for row in csv.rows {
            let line = row.first?.line ?? 0
            guard let dateField = WeighingCSV.cell(row, columns.date), let weightField = WeighingCSV.cell(row, columns.weight) else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: line, "expected a date and a weight (got \(row.count) cell\(row.count == 1 ? "" : "s"))"))
                continue
            }
            guard let date = DateTimeText.parse(dateField.text)?.moment(in: context.zone) else {
                part.diagnostics.append(WeighingCSV.rowError(file, dateField, "not a date like 2024-01-05 or 2024-01-05 07:30 (got \"\(Diagnostic.shorten(dateField.text))\")" + DateTimeText.spanNote(dateField.text)))
                continue
            }
            var unit = columns.defaultUnit
            if let unitField = WeighingCSV.cell(row, columns.unit) {
                guard let named = WeighingUnits.unit(named: unitField.text) else {
                    part.diagnostics.append(WeighingCSV.rowError(file, unitField, "unknown unit (got \"\(Diagnostic.shorten(unitField.text))\"; expected kg, lb or jin)"))
                    continue
                }
                unit = named
            }
            let stated = unit != nil
            let used = unit ?? fallback.unit
            switch WeighingCSV.number(weightField) {
            case .failure(let failure):
                part.diagnostics.append(WeighingCSV.rowError(file, weightField, failure.message))
            case .success(let value):
                let kg = WeighingUnits.kilograms(value, in: used)
                if let problem = WeighingUnits.problem(kilograms: kg, written: weightField.text, unit: used) {
                    part.diagnostics.append(WeighingCSV.rowError(file, weightField, problem))
                    continue
                }
                part.export.weights.append(WeightEntry(date: date, kg: kg))
                if used != .kg { converted[used, default: 0] += 1 }
                if stated { byUnit[used, default: []].append(kg) } else { unstated.append(kg) }
                if let check = columns.check, let field = WeighingCSV.cell(row, check.column), case .success(let other) = WeighingCSV.number(field) {
                    // The second column may be rounded to whole units (a script's printf "%.0f").
                    let tolerance = WeighingUnits.kilograms(0.5, in: check.unit) + 0.01
                    let otherKg = WeighingUnits.kilograms(other, in: check.unit)
                    if abs(otherKg - kg) > tolerance {
                        mismatches.append((field, "\(WeighingUnits.format(other, decimals: 2)) \(check.unit.rawValue) where the \(csv.header[columns.weight].text.trimmingWhitespace()) column's \(WeighingUnits.format(value, decimals: 2)) \(used.rawValue) is \(WeighingUnits.format(kg / WeighingUnits.kilograms(1, in: check.unit), decimals: 2)) \(check.unit.rawValue)"))
                    }
                }
                if let fatField = WeighingCSV.cell(row, columns.fat) {
                    if case .success(let fat) = WeighingCSV.number(fatField), WeighingUnits.isPlausibleBodyFat(fat) {
                        part.export.bodyFat.append(BodyFatEntry(date: date, percent: fat))
                    } else {
                        part.diagnostics.append(.warning(file.path, .lineColumn(line: fatField.line, column: fatField.column),
                                                         "expected a body fat percentage between 0 and 100 (got \"\(Diagnostic.shorten(fatField.text))\"); the weighing is kept without it"))
                    }
                }
            }
        }
        if !unstated.isEmpty {
            if fallback.assumed {
                part.diagnostics.append(.warning(file.path, .file, WeightUnitCheck.assumedWarning(count: unstated.count)))
            } else {
                part.remarks.append("weights without a unit read as \(WeighingUnits.name(fallback.unit)), as chosen")
            }
            if let warning = WeightUnitCheck.plausibility(kilograms: unstated, unit: fallback.unit) {
                part.diagnostics.append(.warning(file.path, .file, warning))
            }
        }
        for (unit, kgs) in byUnit.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let warning = WeightUnitCheck.plausibility(kilograms: kgs, unit: unit) {
                part.diagnostics.append(.warning(file.path, .file, warning))
            }
        }
        if let check = columns.check {
            let other = csv.header[check.column].text.trimmingWhitespace()
            if let first = mismatches.first {
                part.diagnostics.append(.warning(file.path, .lineColumn(line: first.field.line, column: first.field.column),
                    "the \(other) column disagrees with the weight read on \(mismatches.count) row\(mismatches.count == 1 ? "" : "s"), the first here: \(first.message); the \(csv.header[columns.weight].text.trimmingWhitespace()) column is what is read"))
            } else {
                part.remarks.append("the \(other) column is not read: it repeats the \(csv.header[columns.weight].text.trimmingWhitespace()) column (checked on every row)")
            }
        }
        for unit in WeightUnit.allCases where (converted[unit] ?? 0) > 0 {
            let n = converted[unit] ?? 0
            part.remarks.append("\(n) weighing\(n == 1 ? "" : "s") in \(WeighingUnits.name(unit)) converted to kilograms")
        }
        return part
    }
}
