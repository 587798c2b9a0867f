/// HabitBull's CSV export: `HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`,
/// one row per habit and day marked.
///
/// Each habit becomes a tag; a row with a Value above 0 a check on its day (0 is a day marked not
/// done). A habit is numerical when some row has a value other than 0 and 1 (a 1 then counts as
/// one of it, as in Loop Habit Tracker's own HabitBull importer); its checks keep the value, and
/// its unit is empty: HabitBull writes none, and Waymark does not guess one. Values outside 0…1,000,000 are reported and not imported: HabitBull writes
/// -2150000000 on some days (Loop Habit Tracker's test file habitbull2.csv has two).
enum HabitBullImporter {
    static let name = "HabitBull (CSV export)"
    static let source = "HabitBull"
    static let columns = ["habitname", "habitdescription", "habitcategory", "calendardate", "value", "commenttext"]
    /// The largest value read as a day's amount.
    static let maxValue = 1_000_000.0

    static let importer = SourceImporter.perFile(
        id: "habitbull", name: name,
        howToExport: "HabitBull's export of all habits to CSV (a paid feature)",
        recognises: { recognises($0) }, read: { read($0, $1) })

    /// A header naming HabitBull's six columns, whatever the file is called.
    static func recognises(_ file: SourceFile) -> Bool {
        Set(CSVTable.headerNames(file, containing: "habitname")) == Set(columns)
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let table = CSVTable.read(file, diagnostics: &part.diagnostics) else { return part }
        guard let nameAt = table.column("habitname"), let describeAt = table.column("habitdescription"),
              let categoryAt = table.column("habitcategory"), let dateAt = table.column("calendardate"),
              let valueAt = table.column("value"), let commentAt = table.column("commenttext") else {
            part.diagnostics.append(.error(file.path, .lineColumn(line: 1, column: 1),
                "expected HabitBull's header HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText (got \"\(Diagnostic.shorten(table.header.map(\.text).joined(separator: ",")))\")"))
            return part
        }

        let order = HabitBullDate.order(of: table.rows.map { table.text($0, dateAt) })
        if order == .dayFirst {
            part.remarks.append("dates such as 13/4/2019 read as day/month/year")
        }

        // First pass: habits in the order they appear, and the rows that read well.
        struct Row {
            var habit: String
            var day: LocalDate
            var value: Double
            var comment: String
            var line: Int
        }
        var rows: [Row] = []
        var habitIndex: [String: Int] = [:]
        for fields in table.rows {
            guard table.checkShape(fields, needed: table.names.count, diagnostics: &part.diagnostics) else { continue }
            let habit = table.text(fields, nameAt)
            guard !habit.isEmpty else {
                part.diagnostics.append(table.bad(fields[nameAt], "a row without a HabitName"))
                continue
            }
            if habitIndex[habit] == nil {
                habitIndex[habit] = part.export.tags.count
                let describe = table.text(fields, describeAt), category = table.text(fields, categoryAt)
                part.export.tags.append(Tag(name: habit, describe: describe.isEmpty ? nil : describe,
                                            habit: HabitDetails(source: source, category: category.isEmpty ? nil : category)))
            }
            let dateField = fields[dateAt], valueField = fields[valueAt]
            let day = HabitBullDate.parse(dateField.text, order: order)
            if day == nil {
                part.diagnostics.append(table.badDate(dateField, "not a date such as 2016-03-18 or 3/18/2016"))
            }
            var value: Double?
            switch NumberText.double(valueField.text) {
            case .success(let v) where v >= 0 && v <= maxValue: value = v
            case .success, .failure(.outOfRange):
                // A warning, not an error: real exports hold HabitBull's own -2150000000, which is
                // reported and left out while the rest is built.
                var warning = table.bad(valueField, "a Value outside 0…1,000,000; the row is not imported")
                warning.severity = .warning
                warning.dropsRecord = false
                part.diagnostics.append(warning)
            case .failure:
                part.diagnostics.append(table.bad(valueField, "the Value is not a number"))
            }
            if let day, let value {
                rows.append(Row(habit: habit, day: day, value: value, comment: table.text(fields, commentAt), line: dateField.line))
            }
        }

        // Second pass: checks, with values for numerical habits.
        let numerical = Set(rows.filter { $0.value != 0 && $0.value != 1 }.map(\.habit))
        var seen: [DayKey: (value: Double, line: Int)] = [:]
        for row in rows {
            guard row.value > 0 else {
                part.drop("days marked not done (Value 0)")
                if !row.comment.isEmpty { part.drop("comments on days marked not done") }
                continue
            }
            let key = DayKey(habit: row.habit, day: row.day)
            if let earlier = seen[key] {
                if earlier.value == row.value {
                    part.drop("rows repeated (same habit, day and value)")
                } else {
                    part.diagnostics.append(.warning(file.path, .line(row.line),
                        "“\(Diagnostic.shorten(row.habit))” on \(row.day) already has the value \(plain(earlier.value)) (line \(earlier.line)); this row's \(plain(row.value)) is left out"))
                }
                continue
            }
            seen[key] = (row.value, row.line)
            part.export.points.append(PointRecord(point: 0, type: "tag", name: row.habit, describe: row.comment.isEmpty ? nil : row.comment,
                                                  date: .day(row.day), value: numerical.contains(row.habit) ? row.value : nil))
        }
        for index in part.export.tags.indices where part.export.tags[index].name.map(numerical.contains) == true {
            part.export.tags[index].habit?.unit = ""
        }
        part.diagnostics = CSVTable.sortedByLine(part.diagnostics)
        if !numerical.isEmpty {
            part.remarks.append("numerical habits (values other than 0 and 1): " + numerical.sorted().map { "“\(Diagnostic.shorten($0))”" }.joined(separator: ", "))
        }
        return part
    }

    /// A value as written in messages: `80`, `2.5`.
    static func plain(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return String(value)
    }

    private struct DayKey: Hashable {
        var habit: String
        var day: LocalDate
    }
}
