/// A habits CSV anyone can write or convert to: a header naming `date` and `habit`, and maybe
/// `value`, `unit` and `note`, in any order; then one check per row.
///
/// ```
/// date,habit,value,unit,note
/// 2024-03-01,Run,5.2,km,easy pace
/// 2024-03-01 07:30,Meditate,,,
/// ```
///
/// Only files whose header names nothing else are claimed, so other apps' CSVs with a `date`
/// column are left to their importers. A habit with a value in some row and a unit is numerical;
/// without a unit, only when some value is other than 0 and 1 (1s alone are check marks). A
/// numerical habit's checks keep their values, and its unit is the first one given, or empty
/// when no row gives one: none is guessed.
enum GenericHabitsImporter {
    static let name = "Habits CSV (date,habit,value,unit,note)"
    static let source = "CSV"
    static let required = ["date", "habit"]
    static let optional = ["value", "unit", "note"]
    /// The largest value read; anything larger is a mistake (or a different column).
    static let maxValue = 1_000_000_000.0

    static let importer = SourceImporter.perFile(
        id: "habits-csv", name: name,
        howToExport: "write a CSV with the header date,habit (and optionally value, unit, note): one check per row (docs/import.md)",
        recognises: { recognises($0) }, read: { read($0, $1) })

    /// A header of `date`, `habit` and optional known columns, each once, and nothing else.
    static func recognises(_ file: SourceFile) -> Bool {
        let names = CSVTable.headerNames(file, containing: "habit")
        return Set(names).isSuperset(of: required) && Set(names).isSubset(of: required + optional) && Set(names).count == names.count
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let table = CSVTable.read(file, diagnostics: &part.diagnostics) else { return part }
        guard let dateAt = table.column("date"), let habitAt = table.column("habit") else {
            part.diagnostics.append(.error(file.path, .lineColumn(line: 1, column: 1),
                "expected a header naming a date and a habit column, such as date,habit,value,unit,note (got \"\(Diagnostic.shorten(table.header.map(\.text).joined(separator: ",")))\")"))
            return part
        }
        let valueAt = table.column("value"), unitAt = table.column("unit"), noteAt = table.column("note")

        var habits: Set<String> = []
        var units: [String: (unit: String, line: Int)] = [:]
        var valued: Set<String> = []
        var amounts: Set<String> = []
        for row in table.rows {
            guard table.checkShape(row, needed: max(dateAt, habitAt) + 1, diagnostics: &part.diagnostics) else { continue }
            let dateField = row[dateAt]
            let date = DateTimeText.parse(dateField.text)
            if date == nil {
                part.diagnostics.append(table.badDate(dateField, "not a date or date-time such as 2024-03-01 or 2024-03-01 07:30"))
            }
            let habit = table.text(row, habitAt)
            if habit.isEmpty {
                part.diagnostics.append(table.bad(row[habitAt], "the habit's name is empty"))
            }
            var value: Double?
            var valueOK = true
            if let valueAt, valueAt < row.count, !table.text(row, valueAt).isEmpty {
                let field = row[valueAt]
                switch NumberText.double(field.text) {
                case .success(let v) where v >= 0 && v <= maxValue: value = v
                case .success, .failure(.outOfRange):
                    part.diagnostics.append(table.bad(field, "a value outside 0…1,000,000,000"))
                    valueOK = false
                case .failure:
                    part.diagnostics.append(table.bad(field, "the value is not a number"))
                    valueOK = false
                }
            }
            guard let date, !habit.isEmpty, valueOK else { continue }
            if habits.insert(habit).inserted {
                part.export.tags.append(Tag(name: habit, habit: HabitDetails(source: source)))
            }
            if let unitAt, unitAt < row.count, case let unit = table.text(row, unitAt), !unit.isEmpty {
                let field = row[unitAt]
                if let first = units[habit] {
                    if first.unit != unit {
                        part.diagnostics.append(.warning(file.path, .lineColumn(line: field.line, column: field.column),
                            "“\(Diagnostic.shorten(habit))” was given the unit “\(Diagnostic.shorten(first.unit))” on line \(first.line); this row's “\(Diagnostic.shorten(unit))” is ignored"))
                    }
                } else {
                    units[habit] = (unit, field.line)
                }
            }
            if value == 0 {
                part.drop("rows with the value 0 (not done)")
                continue
            }
            if let value {
                valued.insert(habit)
                if value != 1 { amounts.insert(habit) }
            }
            let note = table.text(row, noteAt)
            part.export.points.append(PointRecord(point: 0, type: "tag", name: habit, describe: note.isEmpty ? nil : note,
                                                  date: date.moment(in: context.zone), value: value))
        }
        // Values with a unit, or values other than 1, make a habit numerical; a unit alone does not.
        var numerical: Set<String> = []
        for index in part.export.tags.indices {
            guard let habit = part.export.tags[index].name else { continue }
            let unit = units[habit]?.unit
            if valued.contains(habit) && (unit != nil || amounts.contains(habit)) {
                numerical.insert(habit)
                part.export.tags[index].habit?.unit = unit ?? ""
            } else if unit != nil {
                part.remarks.append("“\(Diagnostic.shorten(habit))” has a unit but no values; it is read as a yes/no habit")
            } else if valued.contains(habit) {
                part.remarks.append("“\(Diagnostic.shorten(habit))” has only the value 1; it is read as a yes/no habit")
            }
        }
        // A yes/no habit's 1s are check marks, not amounts.
        for index in part.export.points.indices where part.export.points[index].value != nil {
            if let habit = part.export.points[index].name, !numerical.contains(habit) { part.export.points[index].value = nil }
        }
        return part
    }
}
