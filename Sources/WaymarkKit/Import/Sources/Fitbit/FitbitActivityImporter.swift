/// Fitbit's activity and sleep from Google Takeout (`Takeout/Fitbit/Global Export Data/`) or the
/// older account archive (`Physical Activity/`, `Sleep/`): `steps-2023-01-01.json`,
/// `distance-…`, `calories-…` (a value a minute, `{"dateTime": "01/01/23 00:01:00", "value": "12"}`,
/// numbers as strings) and `sleep-…` (a sleep log an object). Each file covers a month or so.
///
/// A minute's values are added up by the day of their wall time (Fitbit writes the device's
/// local time, without an offset). Distances are centimetres a minute; calories are the day's
/// whole expenditure, resting energy included (total, not active, energy). All of one folder's
/// files are read as one unit: a sleep log in two files (same `logId`) counts once.
enum FitbitActivityImporter {
    static let name = "Fitbit activity and sleep (Google Takeout)"
    static let source = "Fitbit"
    static let sameLog = "the same sleep log (logId) in two files"

    static let importer = SourceImporter(
        id: "fitbit-activity", name: name,
        howToExport: "takeout.google.com → select Fitbit → export; Waymark reads Takeout/Fitbit/Global Export Data/steps-*.json, distance-*.json, calories-*.json and sleep-*.json",
        claim: claim, read: read,
        // A folder's files are a unit, each told by itself.
        mayRead: { kind(of: $0) != nil })

    enum Kind: Equatable { case minutes(ActivityMetric, factor: Double), sleep }

    /// What a file holds: told by its content (an array of Fitbit's minute values, or of sleep
    /// logs) and, for minute values, which metric by its name, the only place Fitbit says it.
    static func kind(of file: SourceFile) -> Kind? {
        let name = file.lowercasedName
        guard name.hasSuffix(".json") else { return nil }
        let compact = CompactHead(file)
        if compact.hasPrefix("[{"), compact.has(key: "logId"), compact.has(key: "dateOfSleep") { return .sleep }
        guard compact.hasPrefix("[{\"dateTime\":\"") || compact.hasPrefix("[{\"value\":"), compact.contains("\"value\":\"") else { return nil }
        if name.hasPrefix("steps-") { return .minutes(.steps, factor: 1) }
        if name.hasPrefix("distance-") { return .minutes(.distance, factor: 1e-5) }
        if name.hasPrefix("calories-") { return .minutes(.totalEnergy, factor: 1) }
        return nil
    }

    static func claim(_ files: [SourceFile]) -> [[SourceFile]] {
        var groups: [(folder: [String], files: [SourceFile])] = []
        for file in files where kind(of: file) != nil {
            if let i = groups.firstIndex(where: { $0.folder == file.folders }) { groups[i].files.append(file) } else {
                groups.append((file.folders, [file]))
            }
        }
        return groups.map(\.files)
    }

    static func read(_ files: [SourceFile], _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: files.map(\.path))
        var days: [ActivityMetric: [LocalDate: Double]] = [:]
        var seenLogs = Set<String>()
        for file in files {
            guard let kind = kind(of: file), let elements = FitbitJSON.array(file, diagnostics: &part.diagnostics) else { continue }
            switch kind {
            case .minutes(let metric, let factor):
                for (index, element) in elements.enumerated() {
                    guard let (day, value) = minute(element, file: file, index: index, diagnostics: &part.diagnostics) else { continue }
                    days[metric, default: [:]][day, default: 0] += value * factor
                }
            case .sleep:
                for (index, element) in elements.enumerated() {
                    guard let (logId, session) = FitbitSleepLog.read(element, file: file, index: index, zone: context.zone,
                                                                     diagnostics: &part.diagnostics) else { continue }
                    if let logId, !seenLogs.insert(logId).inserted {
                        part.drop(sameLog)
                        continue
                    }
                    part.export.sleep.append(session)
                }
            }
        }
        for metric in ActivityMetric.allCases {
            for (day, value) in (days[metric] ?? [:]).sorted(by: { $0.key < $1.key }) {
                part.export.activity.append(ActivitySample(metric: metric, date: .day(day), value: value, source: source))
            }
        }
        if days[.distance] != nil { part.remarks.append("distances read as centimetres a minute, as Fitbit's export writes them") }
        if days[.totalEnergy] != nil { part.remarks.append("calories read as total energy (resting included), as Fitbit counts them") }
        return part
    }

    /// One minute's value: its day (the wall time's date) and the amount.
    static func minute(_ element: JSONValue, file: SourceFile, index: Int, diagnostics: inout [Diagnostic]) -> (LocalDate, Double)? {
        let path = JSONPath([String(index)])
        func problem(_ at: JSONPath, _ message: String) {
            var d = Diagnostic.error(file.path, .jsonPath(at), message)
            d.dropsRecord = true
            diagnostics.append(d)
        }
        guard case .object(let object) = element else {
            problem(path, "expected an object (got \(element.kindDescription))")
            return nil
        }
        guard case .string(let stamp)? = object["dateTime"], let dayText = stamp.split(separator: " ").first,
              let day = FitbitWeightFile.day(String(dayText)) else {
            problem(path.appending("dateTime"), "expected a date and time like \"01/05/23 07:32:00\" (got \(object["dateTime"]?.quoted ?? "nothing"))")
            return nil
        }
        guard let value = object["value"].flatMap(FitbitWeightFile.number), value.value >= 0 else {
            problem(path.appending("value"), "expected a number of 0 or more (got \(object["value"]?.quoted ?? "nothing"))")
            return nil
        }
        return (day, value.value)
    }
}
