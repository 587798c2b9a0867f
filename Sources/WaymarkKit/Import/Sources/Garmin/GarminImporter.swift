/// Garmin Connect's CSV files: the daily reports (Reports → Steps or Calories → Export:
/// `Steps.csv` `,Actual,Goal`, `Calories.csv` `,Active Calories,Resting Calories,Total`, a BOM
/// and an empty first header cell above the dates) and the activity list (Activities → Export
/// CSV: `Activity Type,Date,Favorite,Title,Distance,Calories,Time,…`), told apart by header.
enum GarminImporter {
    static let name = "Garmin Connect (CSV export)"
    static let source = "Garmin Connect"

    static let importer = SourceImporter.perFile(
        id: "garmin", name: name,
        howToExport: "connect.garmin.com → Reports → Steps or Calories → Export (Steps.csv, Calories.csv); Activities → All Activities → Export CSV (Activities.csv)",
        recognises: { kind(of: $0) != nil }, read: read)

    enum Kind { case steps, calories, activities }

    static func kind(of file: SourceFile) -> Kind? {
        guard let names = WeighingCSV.headerNames(of: file), names.count >= 3 else { return nil }
        if names == ["", "actual", "goal"] { return .steps }
        if names.count == 4, names[0] == "", names[1] == "active calories", names[2] == "resting calories", names[3] == "total" { return .calories }
        if names[0] == "activity type", names[1] == "date", names.contains("distance"), names.contains("calories"),
           names.contains("time") || names.contains("activity time") || names.contains("elapsed time") { return .activities }
        return nil
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let kind = kind(of: file), let csv = WeighingCSV.read(file, into: &part) else { return part }
        switch kind {
        case .steps, .calories: GarminReport.read(csv, kind == .steps, file: file, into: &part)
        case .activities: GarminActivities.read(csv, file: file, context: context, into: &part)
        }
        return part
    }
}
