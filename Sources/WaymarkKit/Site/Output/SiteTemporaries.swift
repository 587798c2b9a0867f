/// The temporary files a build writes beside the files they become (`notes/.a.html.waymark-tmp-PID`),
/// and how a later build recognises those a killed build left.
enum SiteTemporaries {
    static let marker = ".waymark-tmp-"

    /// The ending of this process's temporary files.
    static func suffix(processID: Int32) -> String { marker + String(processID) }

    /// Whether `text` is such an ending: the marker and up to ten digits.
    static func isSuffix(_ text: String) -> Bool {
        guard text.hasPrefix(marker) else { return false }
        let digits = text.utf8.dropFirst(marker.utf8.count)
        return !digits.isEmpty && digits.count <= 10 && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// "notes/a.html" → "notes/.a.html.waymark-tmp-42": hidden, in the same folder, so that the
    /// rename that puts it in place stays inside one folder of one file system.
    static func path(of path: String, suffix: String) -> String {
        guard let (folder, name) = path.splitAtLastSlash() else { return "." + path + suffix }
        return folder + "/." + name + suffix
    }

    /// The file a temporary stands for and the temporary's ending: "notes/.a.html.waymark-tmp-42" →
    /// ("notes/a.html", ".waymark-tmp-42"); nil when the name is not a temporary's.
    static func original(of path: String) -> (path: String, suffix: String)? {
        let (folder, name) = path.splitAtLastSlash().map { ($0.head + "/", $0.tail) } ?? ("", path)
        // The name ends in the marker and digits.
        let digits = name.utf8.reversed().prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        let stem = String(decoding: name.utf8.dropLast(digits), as: UTF8.self)
        guard name.hasPrefix("."), digits > 0, stem.hasSuffix(marker) else { return nil }
        let suffix = marker + String(decoding: name.utf8.suffix(digits), as: UTF8.self)
        let original = folder + stem.dropFirst().dropLast(marker.count)
        guard isSuffix(suffix), SitePath.isSafe(original) else { return nil }
        return (original, suffix)
    }
}
