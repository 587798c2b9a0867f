/// The formats Waymark reads besides its own export folder, in the order detection asks them:
/// the most specific first, the generic CSV last.
public enum SourceImporters {
    public static let all: [SourceImporter] = [
        // Told apart by their own column names (Daylio's full_date/weekday/mood/activities,
        // HabitBull's six Habit… columns); where they go among the others is the lead's call.
        DaylioImporter.importer,
        HabitBullImporter.importer,
        // Generic formats last: exact header names only (date,habit[,value][,unit][,note]).
        GenericHabitsImporter.importer,
    ]
}
