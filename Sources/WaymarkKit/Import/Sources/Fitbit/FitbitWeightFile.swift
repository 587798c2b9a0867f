/// One of Fitbit's `weight-*.json` files: an array of readings, each checked on its own.
enum FitbitWeightFile {
    /// The file's readings; problems go to `diagnostics` (a bad reading is dropped, a bad file yields none).
    static func read(_ file: SourceFile, zone: Zone, diagnostics: inout [Diagnostic]) -> [FitbitImporter.Reading] {
        guard let elements = FitbitJSON.array(file, diagnostics: &diagnostics) else { return [] }
        var readings: [FitbitImporter.Reading] = []
        for (index, element) in elements.enumerated() {
            let path = JSONPath([String(index)])
            func problem(_ at: JSONPath, _ message: String) {
                var d = Diagnostic.error(file.path, .jsonPath(at), message)
                d.dropsRecord = true
                diagnostics.append(d)
            }
            guard case .object(let object) = element else {
                problem(path, "expected an object (got \(element.kindDescription))")
                continue
            }
            guard let weightValue = object["weight"], let weight = number(weightValue), weight.value > 0 else {
                problem(path.appending("weight"), "expected a positive weight (got \(object["weight"]?.quoted ?? "nothing"))")
                continue
            }
            guard case .string(let dateText)? = object["date"], let day = day(dateText) else {
                problem(path.appending("date"), "expected a date like \"01/05/20\" (got \(object["date"]?.quoted ?? "nothing"))")
                continue
            }
            var date = Moment.day(day)
            if let timeValue = object["time"] {
                guard case .string(let timeText) = timeValue, let wall = ClockText.wallTime(day, Substring(timeText)) else {
                    problem(path.appending("time"), "expected a time like \"07:32:11\" (got \(timeValue.quoted))")
                    continue
                }
                // Fitbit writes the wall time where the reading was taken, without an offset.
                date = .instant(zone.instant(of: wall))
            }
            var reading = FitbitImporter.Reading(file: file.path, path: path, logId: nil, weight: weight.value, weightText: weight.text,
                                                 bmi: nil, fat: nil, date: date)
            switch object["logId"] {
            case .number(let id)?, .string(let id)?: reading.logId = id
            default: break
            }
            for key in ["bmi", "fat"] {
                guard let v = object[key], v != .null else { continue }
                guard let n = number(v)?.value, n >= 0 else {
                    diagnostics.append(.warning(file.path, .jsonPath(path.appending(key)), "expected a number (got \(v.quoted)); left out"))
                    continue
                }
                if key == "bmi" { reading.bmi = n } else { reading.fat = n }
            }
            readings.append(reading)
        }
        return readings
    }

    /// A JSON number or numeric string, with its text for messages.
    static func number(_ value: JSONValue) -> (value: Double, text: String)? {
        switch value {
        case .number(let text), .string(let text):
            guard case .success(let n) = NumberText.double(text) else { return nil }
            return (n, text)
        default: return nil
        }
    }

    /// `MM/dd/yy` (Fitbit's) or `MM/dd/yyyy`; two-digit years are 20yy (Fitbit began in 2007).
    static func day(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let month = ClockText.digits(parts[0], 1...2), let day = ClockText.digits(parts[1], 1...2) else { return nil }
        if let year = ClockText.digits(parts[2], 2...2) { return LocalDate(year: 2000 + year, month: month, day: day) }
        guard let year = ClockText.digits(parts[2], 4...4) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }
}
