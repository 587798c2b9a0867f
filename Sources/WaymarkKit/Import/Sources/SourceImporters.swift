/// The formats Waymark reads, in the order detection asks them: its own export folder, then the
/// most specific first (a root element, a database schema, an app's own column names), the
/// generic CSVs last (exact header names only).
public enum SourceImporters {
    public static let all: [SourceImporter] = [
        WaymarkExportImporter.importer,
        AppleHealthImporter.importer,
        LoopDBImporter.importer,
        LoopCSVImporter.importer,
        GoogleFitImporter.importer,
        FitbitImporter.importer,
        WithingsImporter.importer,
        OpenScaleImporter.importer,
        DaylioImporter.importer,
        HabitBullImporter.importer,
        BeeminderImporter.importer,
        GenericHabitsImporter.importer,
        GenericWeightsImporter.importer,
    ]
}
