/// Strava's bulk export (`activities.csv` in the archive from Settings → My Account → Download or
/// Delete Your Account): a workout a row. Since 2019 the header repeats names (`Elapsed Time`,
/// `Distance`, `Max Heart Rate`, `Relative Effort`, `Commute`): the first copy is display text
/// (`3.32`, in the account's unit), the second the raw value (`3322.949951171875`, metres), so
/// columns are taken by position, and the distance is the second `Distance`. Dates are
/// `"May 29, 2022, 3:53:35 PM"` in UTC. The older export (`id,date,name,type,…,elapsed_time,
/// distance,…`) has ISO dates and metres. German accounts get German names (`Aktivitätsdatum`).
enum StravaImporter {
    static let name = "Strava (activities.csv)"
    static let source = "Strava"

    static let importer = SourceImporter.perFile(
        id: "strava", name: name,
        howToExport: "strava.com → Settings → My Account → Download or Delete Your Account → Request your archive; Waymark reads activities.csv (the zip itself works too)",
        recognises: { columns(WeighingCSV.headerNames(of: $0) ?? []) != nil }, read: read)

    /// Where the fields are, by position.
    struct Columns {
        var date: Int
        var type: Int
        var elapsed: Int
        var moving: Int?
        /// The metres column: the second `Distance`, or the only one of the older export.
        var distance: Int?
        var calories: Int?
        /// Whether the dates are ISO (the older export) rather than `May 29, 2022, 3:53:35 PM`.
        var iso: Bool
    }

    /// English and German names of the columns read.
    static let names: [String: [String]] = [
        "id": ["activity id", "aktivitäts-id"], "date": ["activity date", "aktivitätsdatum"],
        "type": ["activity type", "aktivitätsart"], "elapsed": ["elapsed time", "verstrichene zeit"],
        "moving": ["moving time", "bewegungszeit"], "distance": ["distance", "distanz"], "calories": ["calories", "kalorien"],
    ]

    static func columns(_ header: [String]) -> Columns? {
        func all(_ key: String) -> [Int] { header.indices.filter { names[key]?.contains(header[$0]) == true } }
        if header.count >= 4, all("id").first == 0, all("date").first == 1, let type = all("type").first, let elapsed = all("elapsed").last {
            let distances = all("distance")
            return Columns(date: 1, type: type, elapsed: elapsed, moving: all("moving").last,
                           distance: distances.count >= 2 ? distances[1] : nil, calories: all("calories").last, iso: false)
        }
        if header.count >= 7, Array(header.prefix(4)) == ["id", "date", "name", "type"], let elapsed = header.firstIndex(of: "elapsed_time"),
           let distance = header.firstIndex(of: "distance") {
            return Columns(date: 1, type: 3, elapsed: elapsed, moving: header.firstIndex(of: "moving_time"), distance: distance,
                           calories: nil, iso: true)
        }
        return nil
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let csv = WeighingCSV.read(file, into: &part), let columns = columns(csv.names) else { return part }
        if columns.distance == nil, !columns.iso {
            part.remarks.append("distances not read: the file has one Distance column, in the account's unit, which it does not state (Strava's own export has a second, in metres)")
        }
        for row in csv.rows {
            let line = row.first?.line ?? 0
            guard let dateField = WeighingCSV.cell(row, columns.date), let typeField = WeighingCSV.cell(row, columns.type) else {
                if row.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
                    part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the row has no \(WeighingCSV.cell(row, columns.date) == nil ? "Activity Date" : "Activity Type")"))
                }
                continue
            }
            guard let start = startTime(dateField.text) else {
                part.diagnostics.append(WeighingCSV.rowError(file, dateField, "not a date like \"May 29, 2022, 3:53:35 PM\" (got \"\(Diagnostic.shorten(dateField.text))\")"))
                continue
            }
            func number(_ column: Int?) -> Double?? {
                guard let field = WeighingCSV.cell(row, column) else { return .some(nil) }
                guard case .success(let value) = NumberText.double(field.text), value >= 0 else {
                    part.diagnostics.append(WeighingCSV.rowError(file, field, "expected a number of 0 or more (got \"\(Diagnostic.shorten(field.text))\")"))
                    return nil
                }
                return .some(value)
            }
            guard let elapsedValue = number(columns.elapsed), let moving = number(columns.moving),
                  let metres = number(columns.distance), let calories = number(columns.calories) else { continue }
            guard let elapsed = elapsedValue else {
                part.diagnostics.append(WeighingCSV.rowError(file, line: line, "the activity has no Elapsed Time"))
                continue
            }
            // Seconds, whole in the raw column ("1428.0").
            let end = start + Int64(elapsed.rounded())
            part.export.workouts.append(Workout(activity: typeField.text, start: start, end: end, minutes: (moving ?? elapsed) / 60,
                                                distanceKm: metres.flatMap { $0 > 0 ? $0 / 1000 : nil },
                                                energyKcal: calories.flatMap { $0 > 0 ? $0 : nil }, source: source))
        }
        return part
    }

    /// `May 29, 2022, 3:53:35 PM` (English month abbreviations), `2018-09-12 15:02:23` or with
    /// an offset; Strava writes UTC.
    static func startTime(_ text: String) -> Int64? {
        if let parsed = DateTimeText.parse(text), case .instant(let s) = parsed.moment(in: .utc) { return s }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        // Month day year time [AM|PM], or day. month year time (German: 29.05.2022, 15:53:35).
        if words.count >= 4, let month = MonthNames.month(Substring(words[0])), let d = ClockText.digits(Substring(words[1]), 1...2),
           let y = ClockText.digits(Substring(words[2]), 4...4), let day = LocalDate(year: y, month: month, day: d),
           let wall = ClockText.clock(day, words.dropFirst(3).joined(separator: " ")) {
            return wall.secondsAsUTC
        }
        if words.count == 2, let day = NumericDate.day(words[0], .dayFirst), let wall = ClockText.wallTime(day, Substring(words[1])) {
            return wall.secondsAsUTC
        }
        return nil
    }
}
