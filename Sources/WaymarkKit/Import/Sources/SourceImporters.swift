/// The formats Waymark reads besides its own export folder, in the order detection asks them:
/// the most specific first, the generic CSV last.
public enum SourceImporters {
    public static let all: [SourceImporter] = [
        AppleHealthImporter.importer,
        // (Loop Habit Tracker importers come first.)
        GoogleFitImporter.importer,
        FitbitImporter.importer,
        WithingsImporter.importer,
        OpenScaleImporter.importer,
        BeeminderImporter.importer,
        // (Slot: the generic habits CSV importer goes here, right before the generic weights CSV.)
        GenericWeightsImporter.importer,
    ]
}
