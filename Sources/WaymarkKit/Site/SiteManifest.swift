/// The `.waymark` file in a site's root: it marks the directory as Waymark's and lists the files
/// Waymark wrote, so that anything else found there is known to be someone else's.
public struct SiteManifest: Equatable, Sendable {
    public static let fileName = ".waymark"
    static let signature = "waymark-site 1"

    public var files: [String]

    public init(files: [String]) {
        self.files = files.sorted()
    }

    public var text: String {
        ([SiteManifest.signature, "# Written by Waymark. Files listed here are replaced on every build; others are kept."]
            + files).joined(separator: "\n") + "\n"
    }

    /// Reads a manifest; nil when the text is not one.
    public init?(text: String) {
        var lines = text.lines().map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }.filter { !$0.isEmpty }
        guard lines.first == SiteManifest.signature else { return nil }
        lines.removeFirst()
        let paths = lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
        guard paths.allSatisfy(SitePath.isSafe) else { return nil }
        files = paths.sorted()
    }
}
