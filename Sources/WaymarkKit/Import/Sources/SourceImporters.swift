/// The formats Waymark reads besides its own export folder, in the order detection asks them:
/// the most specific first, the generic CSV last.
public enum SourceImporters {
    public static let all: [SourceImporter] = [
        AppleHealthImporter.importer,
    ]
}
