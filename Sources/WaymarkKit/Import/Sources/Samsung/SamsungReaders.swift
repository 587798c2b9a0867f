/// The rows of Samsung Health's step, sleep and weight files (`SamsungHealthImporter`).
enum SamsungReaders {
    /// A number of 0 or more in `column` of `row`: nil when empty, an error (and `.failure`) when not a number.
    private static func number(_ row: [CSVReader.Field], _ column: Int?, file: SourceFile, into part: inout SourcePart) -> Result<Double?, WeighingCSV.NotANumber> {
        guard let field = WeighingCSV.cell(row, column) else { return .success(nil) }
        switch WeighingCSV.number(field) {
        case .success(let v) where v >= 0: return .success(v)
        case .success:
            part.diagnostics.append(WeighingCSV.rowError(file, field, "expected a number of 0 or more (got \"\(Diagnostic.shorten(field.text))\")"))
            return .failure(.init(message: ""))
        case .failure(let f):
            part.diagnostics.append(WeighingCSV.rowError(file, field, f.message))
            return .failure(f)
        }
    }

    static func steps(_ csv: SamsungCSV, file: SourceFile, into part: inout SourcePart) {
        guard let dayColumn = csv.column("day_time"), let countColumn = csv.column("count") else {
            part.diagnostics.append(.error(file.path, .line(2), "expected the columns day_time and count"))
            return
        }
        let sourceColumn = csv.column("source_type"), deviceColumn = csv.column("deviceuuid")
        let distanceColumn = csv.column("distance"), calorieColumn = csv.column("calorie")
        let combined = csv.rows.contains { WeighingCSV.cell($0, sourceColumn)?.text == "-2" }
        var perDevice = 0, placeholders = 0
        for row in csv.rows where row.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
            if combined, WeighingCSV.cell(row, sourceColumn)?.text != "-2" {
                perDevice += 1
                continue
            }
            guard let dayField = WeighingCSV.cell(row, dayColumn) else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: row.first?.line ?? 0, "the row has no day_time"))
                continue
            }
            // day_time is the local day's midnight written as if it were UTC.
            guard let midnight = SamsungCSV.instant(dayField.text) else {
                part.diagnostics.append(WeighingCSV.rowError(file, dayField, "expected a day as epoch milliseconds or 2018-11-28 00:00:00.000 (got \"\(Diagnostic.shorten(dayField.text))\")"))
                continue
            }
            let day = Moment.instant(midnight).localDate(in: .utc)
            if day.dayNumber == 0 {
                placeholders += 1
                continue
            }
            guard case .success(let count) = number(row, countColumn, file: file, into: &part),
                  case .success(let metres) = number(row, distanceColumn, file: file, into: &part),
                  case .success(let kcal) = number(row, calorieColumn, file: file, into: &part) else { continue }
            // Without the combined rows, each device is a source: the day is the largest of theirs.
            let source = combined ? SamsungHealthImporter.source
                : "\(SamsungHealthImporter.source) (\(WeighingCSV.cell(row, deviceColumn)?.text ?? "device"))"
            if let count { part.export.activity.append(ActivitySample(metric: .steps, date: .day(day), value: count, source: source)) }
            if let metres { part.export.activity.append(ActivitySample(metric: .distance, date: .day(day), value: metres / 1000, source: source)) }
            if let kcal { part.export.activity.append(ActivitySample(metric: .activeEnergy, date: .day(day), value: kcal, source: source)) }
        }
        if perDevice > 0 { part.drop(SamsungHealthImporter.perDevice, count: perDevice) }
        if placeholders > 0 { part.drop(SamsungHealthImporter.placeholder, count: placeholders) }
    }

    static func sleep(_ csv: SamsungCSV, file: SourceFile, into part: inout SourcePart) {
        guard let startColumn = csv.column("start_time"), let endColumn = csv.column("end_time") else {
            part.diagnostics.append(.error(file.path, .line(2), "expected the columns start_time and end_time"))
            return
        }
        let durationColumn = csv.column("sleep_duration")
        for row in csv.rows where row.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
            guard let startField = WeighingCSV.cell(row, startColumn), let endField = WeighingCSV.cell(row, endColumn),
                  let start = SamsungCSV.instant(startField.text), let end = SamsungCSV.instant(endField.text), end >= start else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: row.first?.line ?? 0, "expected a start_time and a later end_time like 2022-07-31 13:00:00.000"))
                continue
            }
            guard case .success(let minutes) = number(row, durationColumn, file: file, into: &part) else { continue }
            part.export.sleep.append(SleepSession(source: SamsungHealthImporter.source, start: start, end: end,
                                                  asleep: minutes ?? Double(end - start) / 60))
        }
    }

    static func weight(_ csv: SamsungCSV, file: SourceFile, into part: inout SourcePart) {
        guard let timeColumn = csv.column("start_time"), let weightColumn = csv.column("weight") else {
            part.diagnostics.append(.error(file.path, .line(2), "expected the columns start_time and weight"))
            return
        }
        let fatColumn = csv.column("body_fat")
        var withoutWeight = 0
        for row in csv.rows where row.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
            guard let timeField = WeighingCSV.cell(row, timeColumn), let instant = SamsungCSV.instant(timeField.text) else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: row.first?.line ?? 0, "expected a start_time like 2022-07-31 13:00:00.000"))
                continue
            }
            guard case .success(let weight) = number(row, weightColumn, file: file, into: &part) else { continue }
            guard let kg = weight else {
                withoutWeight += 1
                continue
            }
            if let field = WeighingCSV.cell(row, weightColumn), let problem = WeighingUnits.problem(kilograms: kg, written: field.text, unit: .kg) {
                part.diagnostics.append(WeighingCSV.rowError(file, field, problem))
                continue
            }
            part.export.weights.append(WeightEntry(date: .instant(instant), kg: kg))
            if case .success(let fat?) = number(row, fatColumn, file: file, into: &part), fat > 0 {
                if WeighingUnits.isPlausibleBodyFat(fat) { part.export.bodyFat.append(BodyFatEntry(date: .instant(instant), percent: fat)) }
            }
        }
        if withoutWeight > 0 { part.drop("rows without a weight (another body measurement only)", count: withoutWeight) }
    }
}
