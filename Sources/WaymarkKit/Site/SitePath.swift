/// Rules for paths inside the output: every component is a plain name of letters, digits, `.`,
/// `-` and `_`, never `.` or `..`, never empty, never absolute.
public enum SitePath {
    public static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), path.utf8.count <= 240 else { return false }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard !component.isEmpty, component != ".", component != "..", component.utf8.count <= 120 else { return false }
            for b in component.utf8 {
                let ok = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
                guard ok else { return false }
            }
        }
        return true
    }

    /// The relative prefix from a page at `path` back to the site root: "" or "../" per folder.
    public static func root(from path: String) -> String {
        String(repeating: "../", count: path.split(separator: "/").count - 1)
    }
}
