/// Garmin Connect's daily reports: a day a row, `MM/DD/YYYY` (the account's order), the day's
/// steps and its goal (goals change: each day has its own), or the active, resting and total
/// kilocalories. The export day's row is that day so far.
enum GarminReport {
    static func read(_ csv: WeighingCSV, _ steps: Bool, file: SourceFile, into part: inout SourcePart) {
        let order = NumericDate.order(csv.rows.compactMap { $0.first?.text })
        if !order.told, !csv.rows.isEmpty {
            part.remarks.append("dates read month first (07/27/2025), as US accounts write them: no date in the file tells")
        }
        // A row is a day's total: a second row for a day (a file joined twice, a copied line)
        // would be added to the first.
        var seen = Set<LocalDate>()
        for row in csv.rows {
            guard let dateField = WeighingCSV.cell(row, 0) else {
                if row.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
                    part.diagnostics.append(WeighingCSV.rowError(file, line: row.first?.line ?? 0, "the row has no date"))
                }
                continue
            }
            guard let day = NumericDate.day(dateField.text, order.order) else {
                part.diagnostics.append(WeighingCSV.rowError(file, dateField, "not a date like 07/27/2025 (got \"\(Diagnostic.shorten(dateField.text))\")"))
                continue
            }
            guard !seen.contains(day) else {
                part.diagnostics.append(.warning(file.path, .lineColumn(line: dateField.line, column: dateField.column),
                                                 "a second row for \(day); the first is kept"))
                continue
            }
            func number(_ column: Int) -> Double? {
                guard let field = WeighingCSV.cell(row, column) else { return nil }
                // Whole numbers, written with a thousands separator in some accounts ("10,000").
                let text = field.text.replacing(",", with: "")
                guard case .success(let value) = NumberText.double(text), value >= 0 else {
                    part.diagnostics.append(WeighingCSV.rowError(file, field, "expected a number of 0 or more (got \"\(Diagnostic.shorten(field.text))\")"))
                    return nil
                }
                return value
            }
            // A day counts as read once a row gave it a figure (a row of bad numbers does not).
            let before = part.export.activity.count + part.export.goals.count
            defer { if part.export.activity.count + part.export.goals.count > before { seen.insert(day) } }
            if steps {
                let actual = number(1), goal = number(2)
                if let actual { part.export.activity.append(ActivitySample(metric: .steps, date: .day(day), value: actual, source: GarminImporter.source)) }
                if let goal, goal > 0 {
                    part.export.goals.append(ActivityGoal(day: day, metric: .steps, goal: goal, achieved: actual, source: GarminImporter.source))
                }
            } else {
                // Active is what moving burned; resting is the body's own; total is both.
                if let active = number(1) { part.export.activity.append(ActivitySample(metric: .activeEnergy, date: .day(day), value: active, source: GarminImporter.source)) }
                _ = number(2)
                if let total = number(3) { part.export.activity.append(ActivitySample(metric: .totalEnergy, date: .day(day), value: total, source: GarminImporter.source)) }
            }
        }
        if !steps { part.remarks.append("resting calories not read on their own: they are in the total") }
    }
}
