@testable import WaymarkKit

/// Two versions of a site for rebuild tests: most pages change between them, some exist in one
/// only, and so do whole folders (`only-1/`, `only-2/`).
enum TestSite {
    static func version(_ v: Int, notes: Int = 60) -> [SiteFile] {
        var files = [
            SiteFile(path: "index.html", text: "<a href=\"notes/n0.html\">home</a> v\(v)"),
            SiteFile(path: "style.css", text: "body { margin: \(v)px }"),
            SiteFile(path: "feed.xml", text: "<feed>\(v)</feed>"),
            SiteFile(path: "months/20\(20 + v).html", text: "month of version \(v)"),
            SiteFile(path: "only-\(v)/page.html", text: "only in \(v)"),
            SiteFile(path: "only-\(v)/deep/er/page.html", text: "deep, only in \(v)"),
        ]
        // Every third note is the same in both versions.
        files += (0..<notes).map { i in SiteFile(path: "notes/n\(i).html", text: i % 3 == 0 ? "note \(i)" : "note \(i), version \(v)") }
        return files
    }

    /// Path → bytes of a version, with `.waymark` left out.
    static func map(_ files: [SiteFile]) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) })
    }
}
