/// Garmin Connect's activity list (`Activities.csv`): a workout a row, columns by name (they
/// differ with the sports an account has). `Date` is the local start time (`2025-02-06
/// 17:06:03`); `Time` the timer's duration, pauses left out (`00:31:24`, `00:17:48.5`; `Activity
/// Time` in older files), `Elapsed Time` with them; `Calories` in kcal; `Distance` in the
/// account's unit, which the file does not state; `--` for none. Numbers are quoted strings with
/// a thousands separator (`"2,154"`), or a decimal comma in some languages (`"5,81"`).
enum GarminActivities {
    static func read(_ csv: WeighingCSV, file: SourceFile, context: ImportContext, into part: inout SourcePart) {
        func column(_ names: String...) -> Int? { names.lazy.compactMap { csv.column($0) }.first }
        guard let typeColumn = column("activity type"), let dateColumn = column("date") else { return }
        let distanceColumn = column("distance"), caloriesColumn = column("calories")
        let timeColumn = column("time", "activity time", "moving time"), elapsedColumn = column("elapsed time")
        // A comma before one or two final digits ("5,81", "2,5") is a decimal comma: a
        // thousands separator has three digits after it.
        let decimalComma = csv.rows.contains { row in
            [distanceColumn, column("aerobic te"), column("avg stride length")].contains { c in
                guard let text = WeighingCSV.cell(row, c)?.text, let comma = text.lastIndex(of: ",") else { return false }
                let after = text[text.index(after: comma)...]
                return (1...2).contains(after.count) && after.allSatisfy(\.isNumber)
            }
        }
        let (distanceUnit, assumed) = context.distanceUnit.map { ($0, false) } ?? (.km, true)
        var distances = 0, swims = 0
        for row in csv.rows {
            let line = row.first?.line ?? 0
            guard let typeField = WeighingCSV.cell(row, typeColumn), let dateField = WeighingCSV.cell(row, dateColumn) else {
                if row.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
                    part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the row has no \(WeighingCSV.cell(row, typeColumn) == nil ? "Activity Type" : "Date")"))
                }
                continue
            }
            guard let start = startTime(dateField.text, zone: context.zone) else {
                part.diagnostics.append(WeighingCSV.rowError(file, dateField, "not a date-time like 2025-02-06 17:06:03 (got \"\(Diagnostic.shorten(dateField.text))\")"))
                continue
            }
            func number(_ c: Int?) -> Double?? {
                guard let field = WeighingCSV.cell(row, c), field.text != "--" else { return .some(nil) }
                var text = field.text
                text = decimalComma ? text.replacing(".", with: "").replacing(",", with: ".") : text.replacing(",", with: "")
                guard case .success(let value) = NumberText.double(text), value >= 0 else {
                    part.diagnostics.append(WeighingCSV.rowError(file, field, "expected a number of 0 or more (got \"\(Diagnostic.shorten(field.text))\")"))
                    return nil
                }
                return .some(value)
            }
            func seconds(_ c: Int?) -> Double?? {
                guard let field = WeighingCSV.cell(row, c), field.text != "--" else { return .some(nil) }
                guard let s = duration(field.text) else {
                    part.diagnostics.append(WeighingCSV.rowError(file, field, "expected a duration like 00:31:24 (got \"\(Diagnostic.shorten(field.text))\")"))
                    return nil
                }
                return .some(s)
            }
            guard let distance = number(distanceColumn), let calories = number(caloriesColumn),
                  let time = seconds(timeColumn), let elapsed = seconds(elapsedColumn) else { continue }
            guard let length = elapsed ?? time else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the activity has no Time or Elapsed Time"))
                continue
            }
            let activity = typeField.text
            let kind = WorkoutKind(named: activity)
            var km: Double?
            if let distance, distance > 0 {
                // Swims are written in metres or yards (the pool's unit), not the account's.
                if kind == .swimming { swims += 1 } else {
                    km = distance * distanceUnit.kilometres
                    distances += 1
                }
            }
            // Whole seconds: Garmin writes tenths at most.
            let end = start + Int64(length.rounded())
            part.export.workouts.append(Workout(activity: activity, kind: kind, start: start, end: end, minutes: (time ?? length) / 60,
                                                distanceKm: km, energyKcal: calories.flatMap { $0 > 0 ? $0 : nil }, source: GarminImporter.source))
        }
        if distances > 0 {
            if assumed {
                part.diagnostics.append(.warning(file.path, .file,
                    "Garmin does not write the unit of Distance (it follows the account's setting): \(distances) distance\(distances == 1 ? "" : "s") read as kilometres; if the account shows miles, choose --distance-unit mi, or \"distanceUnit\": \"mi\" for this source in waymark.json"))
            } else {
                part.remarks.append("distances read as \(distanceUnit == .km ? "kilometres" : "miles"), as chosen")
            }
        }
        if swims > 0 { part.remarks.append("the distances of \(swims) swim\(swims == 1 ? "" : "s") not read: Garmin writes them in the pool's unit, which the file does not state") }
        if decimalComma { part.remarks.append("numbers read with a decimal comma (\"5,81\"), as the file writes them") }
    }

    /// `2025-02-06 17:06:03`, or `7/4/2020 15:36` as a spreadsheet re-saves it; a wall time in `zone`.
    static func startTime(_ text: String, zone: Zone) -> Int64? {
        if let parsed = DateTimeText.parse(text), case .instant(let s) = parsed.moment(in: zone) { return s }
        let halves = text.trimmingWhitespace().split(separator: " ")
        guard halves.count == 2, let day = NumericDate.day(String(halves[0]), .monthFirst),
              let wall = ClockText.wallTime(day, halves[1]) else { return nil }
        return zone.instant(of: wall)
    }

    /// `00:31:24`, `1:02:03`, `31:24` or `00:17:48.5`, in seconds.
    static func duration(_ text: String) -> Double? {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (i, part) in parts.enumerated() {
            let isLast = i == parts.count - 1
            if isLast {
                // Seconds, with tenths at most written after a dot ("48.5").
                let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
                guard pieces.count <= 2, let whole = ClockText.digits(pieces[0], 1...2), whole < 60 else { return nil }
                var fraction = 0.0
                if pieces.count == 2 {
                    guard let tenths = ClockText.digits(pieces[1], 1...3) else { return nil }
                    fraction = Double(tenths) / Double([1, 10, 100, 1000][pieces[1].count])
                }
                total = total * 60 + Double(whole) + fraction
            } else {
                guard let n = ClockText.digits(part, 1...3), i == 0 || n < 60 else { return nil }
                total = total * 60 + Double(n)
            }
        }
        return total
    }
}
