/// Any CSV of weighings written by hand or by a script: `date,weight[,unit]`, the unit (`kg`,
/// `lb` or `jin`) per row and kilograms when it is empty or absent. A header naming the unit
/// (`date,kg`, `date,lb`, `date,weight (jin)`) sets the default. Waymark's own `weights.csv`
/// (`date,kg`) is one case. Dates: `2024-01-05`, `2024-01-05 07:30`, `2024-01-05T07:30:00+01:00`.
enum GenericWeightsImporter {
    static let name = "Weights CSV (date, weight, unit)"
    static let dateNames: Set<String> = ["date", "day", "time", "datetime", "date_time", "timestamp"]
    static let weightNames: [String: WeightUnit?] = [
        "weight": nil, "kg": .kg, "kgvalue": .kg, "weight_kg": .kg, "weightkg": .kg, "weight (kg)": .kg,
        "lb": .lb, "lbs": .lb, "weight_lb": .lb, "weight_lbs": .lb, "weight (lb)": .lb, "weight (lbs)": .lb,
        "jin": .jin, "weight_jin": .jin, "weight (jin)": .jin,
    ]
    static let unitNames: Set<String> = ["unit", "units"]
    /// Columns the file may have that Waymark leaves.
    static let ignoredNames: Set<String> = ["note", "notes", "comment", "comments"]

    static let importer = SourceImporter.perFile(
        id: "generic-weights", name: name,
        howToExport: "a CSV file with the header date,weight (and a unit column with kg, lb or jin per row if they differ)",
        recognises: recognises, read: read)

    /// The columns of a header, when every name is one this format knows and there is one date
    /// and one weight column: a header with anything else (Withings' "Fat mass (kg)", Google's
    /// thirty columns, a habit column) belongs to another format.
    struct Columns {
        var date: Int
        var weight: Int
        var unit: Int?
        var defaultUnit: WeightUnit?
    }

    static func columns(_ names: [String]) -> Columns? {
        var date: Int?, weight: Int?, unit: Int?
        var defaultUnit: WeightUnit?
        for (i, name) in names.enumerated() {
            if dateNames.contains(name), date == nil {
                date = i
            } else if let named = weightNames[name], weight == nil {
                weight = i
                defaultUnit = named
            } else if unitNames.contains(name), unit == nil {
                unit = i
            } else if !ignoredNames.contains(name) {
                return nil
            }
        }
        guard let date, let weight else { return nil }
        return Columns(date: date, weight: weight, unit: unit, defaultUnit: defaultUnit)
    }

    static func recognises(_ file: SourceFile) -> Bool {
        WeighingCSV.headerNames(of: file).flatMap(columns) != nil
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let csv = WeighingCSV.read(file, into: &part) else { return part }
        guard let columns = columns(csv.names) else {
            part.diagnostics.append(.error(file.path, .line(1), "expected a header naming a date and a weight column, such as date,weight,unit (got \"\(Diagnostic.shorten(csv.header.map(\.text).joined(separator: ",")))\")"))
            return part
        }
        var converted: [WeightUnit: Int] = [:]
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
            var unit = columns.defaultUnit ?? .kg
            if let unitField = WeighingCSV.cell(row, columns.unit) {
                guard let named = WeighingUnits.unit(named: unitField.text) else {
                    part.diagnostics.append(WeighingCSV.rowError(file, unitField, "unknown unit (got \"\(Diagnostic.shorten(unitField.text))\"; expected kg, lb or jin)"))
                    continue
                }
                unit = named
            }
            switch WeighingCSV.number(weightField) {
            case .failure(let failure):
                part.diagnostics.append(WeighingCSV.rowError(file, weightField, failure.message))
            case .success(let value):
                let kg = WeighingUnits.kilograms(value, in: unit)
                if let problem = WeighingUnits.problem(kilograms: kg, written: weightField.text, unit: unit) {
                    part.diagnostics.append(WeighingCSV.rowError(file, weightField, problem))
                } else {
                    part.export.weights.append(WeightEntry(date: date, kg: kg))
                    if unit != .kg { converted[unit, default: 0] += 1 }
                }
            }
        }
        for unit in WeightUnit.allCases where (converted[unit] ?? 0) > 0 {
            let n = converted[unit] ?? 0
            part.remarks.append("\(n) weighing\(n == 1 ? "" : "s") in \(WeighingUnits.name(unit)) converted to kilograms")
        }
        return part
    }
}
