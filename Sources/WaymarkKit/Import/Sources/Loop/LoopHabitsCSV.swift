/// Reads `Habits.csv` of a Loop CSV export: a header, then one habit per row, columns found by
/// their names since they changed over the years (uhabits' `HabitList.writeCSV`):
///
/// - until 2019: `Position,Name,Description,NumRepetitions,Interval,Color` (the description was
///   the question then);
/// - until mid-2025: `Position,Name,Question,Description,NumRepetitions,Interval,Color`;
/// - since: `Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,
///   Color,Unit,Target Type,Target Value,Archived?`.
enum LoopHabitsCSV {
    /// One row.
    struct Habit {
        /// The number of the habit's folder (`001 Meditate/`).
        var position: Int
        /// Nil when the row could not be read (no name); its folder's entries are then dropped.
        var tag: Tag?
        /// Nil when the file does not say (before mid-2025).
        var numerical: Bool?
    }

    /// Whether `firstLine` is the header of a Habits.csv, in any version.
    static func isHeader(_ firstLine: String) -> Bool {
        guard let fields = try? CSVReader.parse(Array(firstLine.utf8)).first else { return false }
        let names = fields.map { $0.text.trimmingWhitespace().lowercased() }
        guard names.count >= 4, names[0] == "position", names[1] == "name" else { return false }
        return (names.contains("numrepetitions") && names.contains("interval"))
            || (names.contains("frequencynumerator") && names.contains("frequencydenominator"))
    }

    static func decode(_ rows: [[CSVReader.Field]], file: String, diagnostics: inout [Diagnostic]) -> [Habit] {
        guard let header = rows.first else { return [] }
        let names = header.map { $0.text.trimmingWhitespace().lowercased() }
        func column(_ aliases: String...) -> Int? { names.firstIndex(where: aliases.contains) }
        let position = column("position"), name = column("name"), type = column("type")
        let question = column("question"), description = column("description")
        let numerator = column("frequencynumerator", "numrepetitions"), denominator = column("frequencydenominator", "interval")
        let color = column("color"), unit = column("unit"), targetType = column("target type")
        let targetValue = column("target value"), archived = column("archived?", "archived")

        var habits: [Habit] = []
        for (index, row) in rows.dropFirst().enumerated() {
            func field(_ column: Int?) -> CSVReader.Field? { column.flatMap { $0 < row.count ? row[$0] : nil } }
            // Multi-line values keep their line breaks as `\n`, whatever the file's line ends.
            func text(_ column: Int?) -> String? {
                field(column).map { $0.text.replacing("\r\n", with: "\n") }.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
            }
            func warn(_ f: CSVReader.Field, _ message: String) {
                diagnostics.append(.warning(file, .lineColumn(line: f.line, column: f.column), message))
            }
            let line = row.first?.line ?? 0
            // Loop writes the position as the row's number; the row's number serves if it is gone.
            var number = index + 1
            if let f = field(position), case .success(let n) = NumberText.integer(f.text, limit: 1_000_000) { number = n }
            guard let habitName = text(name)?.trimmingWhitespace() else {
                var d = Diagnostic.error(file, .lineColumn(line: line, column: 1), "the habit has no name; skipped with its entries")
                d.dropsRecord = true
                diagnostics.append(d)
                habits.append(Habit(position: number, tag: nil, numerical: nil))
                continue
            }
            var details = HabitDetails(source: LoopPartBuilder.source)
            var describe: String?
            if question != nil {
                details.question = text(question)
                describe = text(description)
            } else {
                details.question = text(description)
            }
            if let n = field(numerator), let d = field(denominator) {
                if case .success(let a) = NumberText.integer(n.text), case .success(let b) = NumberText.integer(d.text),
                   let frequency = Frequency(numerator: a, denominator: b) {
                    details.frequency = frequency
                } else {
                    warn(n, "the frequency \"\(Diagnostic.shorten(n.text))\" in \"\(Diagnostic.shorten(d.text))\" days is not valid; left out")
                }
            }
            var tagColor: Color?
            if let f = field(color), !f.text.trimmingWhitespace().isEmpty {
                tagColor = Color(hex: f.text)
                if tagColor == nil { warn(f, "colour \"\(Diagnostic.shorten(f.text))\" is not #RRGGBB; left out") }
            }
            var numerical: Bool?
            if let f = field(type), let value = text(type) {
                switch value.trimmingWhitespace() {
                case "YES_NO": numerical = false
                case "NUMERICAL": numerical = true
                default: warn(f, "habit type \"\(Diagnostic.shorten(f.text))\" is unknown (YES_NO or NUMERICAL); told from its values")
                }
            }
            if numerical == true {
                details.unit = text(unit) ?? ""
                if let f = field(targetType), let value = text(targetType) {
                    switch value.trimmingWhitespace() {
                    case "AT_LEAST": details.targetKind = .atLeast
                    case "AT_MOST": details.targetKind = .atMost
                    default: warn(f, "target type \"\(Diagnostic.shorten(f.text))\" is unknown (AT_LEAST or AT_MOST); left out")
                    }
                }
                if let f = field(targetValue), text(targetValue) != nil {
                    if case .success(let v) = NumberText.double(f.text) { details.target = v } else {
                        warn(f, "target \"\(Diagnostic.shorten(f.text))\" is not a number; left out")
                    }
                }
            }
            if let f = field(archived), let value = text(archived) {
                switch value.trimmingWhitespace().lowercased() {
                case "true": details.archived = true
                case "false": details.archived = false
                default: warn(f, "archived \"\(Diagnostic.shorten(f.text))\" is not true or false; read as false")
                }
            }
            let tag = Tag(name: habitName, describe: describe, color: tagColor, habit: details)
            habits.append(Habit(position: number, tag: tag, numerical: numerical))
        }
        return habits
    }
}
