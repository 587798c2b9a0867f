/// The `.waymark` file in a site's root: it marks the folder as Waymark's and lists what Waymark
/// wrote there, so that anything else is known to be someone else's and is never touched.
///
/// One file a line. The folders of those files are Waymark's, except those listed as
/// `user-folder PATH` (they were there before Waymark wrote into them); `waymark-folder PATH` is a
/// folder Waymark made that holds none of its files (something else is inside, so it was kept).
/// While a build runs, `temporaries SUFFIX` names the ending of the temporary files it writes
/// beside their places, so that the next build can remove them if this one was killed.
public struct SiteManifest: Equatable, Sendable {
    public static let fileName = SitePath.manifestName
    static let signature = "waymark-site 1"

    /// Waymark's files, sorted.
    public var files: [String]
    /// The folders Waymark made (the site's root aside).
    public var folders: Set<String>
    /// While a build runs: the suffix of its temporary files.
    public var temporaries: String?

    /// `folders`: by default those of the files.
    public init(files: [String], folders: Set<String>? = nil, temporaries: String? = nil) {
        self.files = files.sorted()
        self.folders = folders ?? SiteManifest.folders(of: files)
        self.temporaries = temporaries
    }

    public var text: String {
        let implied = SiteManifest.folders(of: files)
        var lines = [SiteManifest.signature, "# Written by Waymark. Files listed here are replaced on every build; others are kept."]
        if let temporaries { lines.append("temporaries " + temporaries) }
        lines += files
        lines += implied.subtracting(folders).sorted().map { "user-folder " + $0 }
        lines += folders.subtracting(implied).sorted().map { "waymark-folder " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a manifest; nil when the text is not one. An empty file is a manifest of nothing: a
    /// build that was stopped while it made its first one.
    public init?(text: String) {
        var files: [String] = [], userFolders = Set<String>(), made = Set<String>()
        var temporaries: String?
        var lines = text.lines().map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }.filter { !$0.isEmpty }
        if !lines.isEmpty {
            guard lines.removeFirst() == SiteManifest.signature else { return nil }
        }
        for line in lines where !line.hasPrefix("#") {
            if let rest = SiteManifest.value(line, "temporaries "), SiteTemporaries.isSuffix(rest) {
                temporaries = rest
            } else if let rest = SiteManifest.value(line, "user-folder "), SitePath.isSafe(rest) {
                userFolders.insert(rest)
            } else if let rest = SiteManifest.value(line, "waymark-folder "), SitePath.isSafe(rest) {
                made.insert(rest)
            } else if SitePath.isSafe(line) {
                files.append(line)
            } else {
                return nil
            }
        }
        self.init(files: files, folders: SiteManifest.folders(of: files).subtracting(userFolders).union(made), temporaries: temporaries)
    }

    /// Every folder that holds one of `files`, at any level.
    static func folders(of files: [String]) -> Set<String> {
        var folders = Set<String>(), parents = Set<Substring>()
        for file in files {
            // The files of one folder have the same folders: worked out for the first of them.
            guard let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")), parents.insert(file[..<slash]).inserted else { continue }
            folders.formUnion(SiteWriter.directories(of: file))
        }
        return folders
    }

    private static func value(_ line: String, _ key: String) -> String? {
        line.hasPrefix(key) ? String(line.dropFirst(key.count)) : nil
    }
}
