/// Samsung Health's data download (Settings → Download personal data): a folder of CSV files,
/// one a data type, `com.samsung.<type>.<timestamp>.csv`, told by their first line. Read:
///
/// - `com.samsung.shealth.step_daily_trend`: a day a row and source, the day as the epoch
///   milliseconds of its UTC midnight (`day_time`); steps (`count`), `distance` in metres and
///   walking `calorie` (active energy). Only the rows of all sources combined (`source_type`
///   -2, the numbers the app shows) are read when there are any: the others repeat them per device.
/// - `com.samsung.shealth.sleep`: a stretch of sleep a row, `start_time`/`end_time` in UTC, the
///   minutes asleep in `sleep_duration` when written, else the stretch's length.
/// - `com.samsung.health.weight`: `weight` in kilograms (Samsung keeps kilograms whatever it
///   shows) and `body_fat` in percent, at `start_time` (UTC).
///
/// Times are UTC with the phone's offset beside them (`time_offset`): the instant is what counts.
enum SamsungHealthImporter {
    static let name = "Samsung Health (personal data download)"
    static let source = "Samsung Health"
    static let perDevice = "step rows of single devices (the row of all sources combined, source_type -2, is read)"
    static let placeholder = "rows dated 1970-01-01 (Samsung's placeholders)"
    static let types = ["com.samsung.shealth.step_daily_trend", "com.samsung.shealth.sleep", "com.samsung.health.weight"]

    static let importer = SourceImporter.perFile(
        id: "samsung-health", name: name,
        howToExport: "in Samsung Health, Settings → Download personal data; Waymark reads the folder of CSV files (step_daily_trend, sleep, weight)",
        recognises: recognises, read: read)

    /// A file whose first line names one of the types read, whatever the file is called.
    static func recognises(_ file: SourceFile) -> Bool {
        SamsungCSV.type(of: file).map(types.contains) ?? false
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let csv = SamsungCSV.read(file, diagnostics: &part.diagnostics) else { return part }
        switch csv.type {
        case "com.samsung.shealth.step_daily_trend": SamsungReaders.steps(csv, file: file, into: &part)
        case "com.samsung.shealth.sleep": SamsungReaders.sleep(csv, file: file, into: &part)
        case "com.samsung.health.weight": SamsungReaders.weight(csv, file: file, into: &part)
        default: break
        }
        return part
    }
}
