/// Withings' `weight.csv` (Health Mate, "Download my data"):
/// `Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)","Comments"`,
/// newest first, empty cells where the scale measured nothing; older files have a "Lean mass"
/// column, American accounts write "(lb)". Dates are wall times (`2023-01-05 07:32:11`). In
/// other languages the names are translated but `Date` and the order stay (German:
/// `"Date","Gewicht (kg)","Fettmasse (kg)","Fettfreier Anteil (kg)","Kommentare"`, times as
/// `2014-02-13 6:04 Uhr`, every value quoted).
enum WithingsImporter {
    static let name = "Withings (weight.csv)"
    static let withoutWeight = "rows with no weight (another measurement only)"
    /// Columns only Withings' weight file has beside the weight: what tells it from other CSVs.
    static let companionColumns = ["fat mass", "bone mass", "muscle mass", "hydration", "lean mass"]

    static let importer = SourceImporter.perFile(
        id: "withings", name: name,
        howToExport: "healthmate.withings.com → your name → Settings → Download my data; Waymark reads weight.csv (the zip itself works too)",
        recognises: recognises, read: read)

    /// A header starting with `Date`, a `Weight (unit)` column and one of Withings' body
    /// composition columns, whatever the file is called; or Withings' layout in the account's
    /// language (`Date,"Gewicht (kg)","Fettmasse (kg)",…,Kommentare`): `Date` first (Withings
    /// keeps it in English), then at least two mass columns in one unit, weight first, and no
    /// column in a unit Withings' weight file does not have (Google Fit's `(kcal)`, `(ms)`).
    static func recognises(_ file: SourceFile) -> Bool {
        guard let names = WeighingCSV.headerNames(of: file) else { return false }
        return columns(names) != nil
    }

    /// Where the weight and fat mass are, by the English names or by Withings' order.
    struct Columns: Equatable {
        var weight: Int
        var fat: Int?
        /// Whether the names were not English: the remark says the columns were taken by position.
        var byPosition: Bool
    }

    static func columns(_ names: [String]) -> Columns? {
        guard names.first == "date" else { return nil }
        if let weight = names.firstIndex(where: { $0.hasPrefix("weight (") }),
           names.contains(where: { name in companionColumns.contains { name.hasPrefix($0) } }) {
            return Columns(weight: weight, fat: names.firstIndex { $0.hasPrefix("fat mass") }, byPosition: false)
        }
        guard names.count >= 4, let unit = unit(of: names[1]), unit != .jin, self.unit(of: names[2]) == unit else { return nil }
        // Every other bracketed unit must be a mass in the same unit (Google Fit has "(kcal)",
        // "(m)", "(ms)"; Renpho writes "Weight(kg)" without a space and a "BMI" column).
        for name in names.dropFirst() where name.contains("(") {
            guard self.unit(of: name) == unit, name.contains(" (") else { return nil }
        }
        return Columns(weight: 1, fat: 2, byPosition: true)
    }

    /// The unit in a header's parentheses: `Weight (lb)` → pounds.
    static func unit(of header: String) -> WeightUnit? {
        guard let open = header.lastIndex(of: "("), let close = header.lastIndex(of: ")"), open < close else { return nil }
        return WeighingUnits.unit(named: String(header[header.index(after: open)..<close]))
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let csv = WeighingCSV.read(file, into: &part) else { return part }
        guard let dateColumn = csv.column("date"), let columns = columns(csv.names),
              case let weightColumn = columns.weight, let weightUnit = unit(of: csv.names[weightColumn]) else {
            part.diagnostics.append(.error(file.path, .line(1), "expected a header with \"Date\" and \"Weight (kg)\" or \"Weight (lb)\" columns (got \"\(Diagnostic.shorten(csv.header.map(\.text).joined(separator: ",")))\")"))
            return part
        }
        let fatColumn = columns.fat
        if columns.byPosition {
            part.remarks.append("columns read by Withings' order: \"\(Diagnostic.shorten(csv.header[weightColumn].text))\" as the weight"
                + (fatColumn.map { ", \"\(Diagnostic.shorten(csv.header[$0].text))\" as the fat mass" } ?? ""))
        }
        let fatUnit = fatColumn.flatMap { unit(of: csv.names[$0]) } ?? weightUnit
        if weightUnit != .kg { part.remarks.append("weights read as \(WeighingUnits.name(weightUnit)), as the header says (\"\(Diagnostic.shorten(csv.header[weightColumn].text))\")") }
        var rowsWithoutWeight = 0
        for row in csv.rows {
            let line = row.first?.line ?? 0
            guard let dateField = WeighingCSV.cell(row, dateColumn) else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the row has no date"))
                continue
            }
            guard let date = moment(dateField.text, zone: context.zone) else {
                part.diagnostics.append(WeighingCSV.rowError(file, dateField, "not a date-time (got \"\(Diagnostic.shorten(dateField.text))\")" + DateTimeText.spanNote(dateField.text)))
                continue
            }
            guard let weightField = WeighingCSV.cell(row, weightColumn) else {
                rowsWithoutWeight += 1
                continue
            }
            let kg: Double
            switch WeighingCSV.number(weightField) {
            case .failure(let failure):
                part.diagnostics.append(WeighingCSV.rowError(file, weightField, failure.message))
                continue
            case .success(let value):
                kg = WeighingUnits.kilograms(value, in: weightUnit)
                if let problem = WeighingUnits.problem(kilograms: kg, written: weightField.text, unit: weightUnit) {
                    part.diagnostics.append(WeighingCSV.rowError(file, weightField, problem))
                    continue
                }
            }
            part.export.weights.append(WeightEntry(date: date, kg: kg))
            // Withings gives fat as a mass; Waymark keeps body fat as a share of the weight.
            if let fatField = WeighingCSV.cell(row, fatColumn) {
                if case .success(let fat) = WeighingCSV.number(fatField), fat > 0,
                   case let percent = WeighingUnits.kilograms(fat, in: fatUnit) / kg * 100, WeighingUnits.isPlausibleBodyFat(percent) {
                    part.export.bodyFat.append(BodyFatEntry(date: date, percent: percent))
                } else {
                    part.diagnostics.append(.warning(file.path, .lineColumn(line: fatField.line, column: fatField.column),
                                                     "expected a fat mass below the weight (got \"\(Diagnostic.shorten(fatField.text))\"); the weighing is kept without it"))
                }
            }
        }
        if rowsWithoutWeight > 0 { part.drop(withoutWeight, count: rowsWithoutWeight) }
        // Withings writes the newest first; the part lists them in time order.
        part.export.weights.sort { $0.date.sortKey(in: context.zone) < $1.date.sortKey(in: context.zone) }
        part.export.bodyFat.sort { $0.date.sortKey(in: context.zone) < $1.date.sortKey(in: context.zone) }
        return part
    }

    /// ISO forms (`DateTimeText`), or the German `2014-02-13 6:04 Uhr` (no leading zero, no
    /// seconds, the word for o'clock); wall times in `zone`.
    static func moment(_ text: String, zone: Zone) -> Moment? {
        if let parsed = DateTimeText.parse(text) { return parsed.moment(in: zone) }
        var rest = Substring(text.trimmingWhitespace())
        if rest.hasSuffix(" Uhr") { rest = rest.dropLast(4) }
        let halves = rest.split(separator: " ", omittingEmptySubsequences: true)
        guard halves.count == 2, case .day(let day)? = DateTimeText.parse(String(halves[0])),
              let wall = ClockText.wallTime(day, halves[1]) else { return nil }
        return .instant(zone.instant(of: wall))
    }
}
