/// Rules for paths inside the output: every component is a plain name of letters, digits, `.`,
/// `-` and `_`, never `.` or `..`, never empty, never absolute.
public enum SitePath {
    /// The file that marks a folder as a site Waymark wrote (`SiteManifest`): its own output is
    /// never read back as a source.
    public static let manifestName = ".waymark"

    public static func isSafe(_ path: String) -> Bool {
        let bytes = path.utf8
        guard !bytes.isEmpty, bytes.count <= 240, bytes.first != UInt8(ascii: "/") else { return false }
        // One pass over the bytes (every page is checked): the length of the current component
        // and whether it is all dots ("." and ".." are refused, "..." is a name).
        var length = 0, allDots = true
        for b in bytes {
            if b == UInt8(ascii: "/") {
                guard length > 0, !(allDots && length <= 2) else { return false }
                length = 0
                allDots = true
                continue
            }
            let ok = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
            guard ok else { return false }
            length += 1
            guard length <= 120 else { return false }
            if b != UInt8(ascii: ".") { allDots = false }
        }
        return length > 0 && !(allDots && length <= 2)
    }

    /// The relative prefix from a page at `path` back to the site root: "" or "../" per folder.
    public static func root(from path: String) -> String {
        let folders = path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
        return folders == 0 ? "" : String(repeating: "../", count: folders)
    }
}
