/// Images referenced from notes: resolved against `notes/`, checked, and copied into the site.
///
/// Only files a note references are published, and only raster formats whose bytes match their
/// extension: an SVG (or HTML named `.png`) could carry script.
struct NoteImages {
    static let allowed = ["png", "jpg", "jpeg", "gif", "webp", "avif"]

    /// Reads a file of the export by its path relative to the export (e.g. `notes/images/a.png`).
    let load: @Sendable (String) -> [UInt8]?
    private(set) var files: [String: [UInt8]] = [:]
    private(set) var warnings: [Diagnostic] = []

    init(load: @escaping @Sendable (String) -> [UInt8]?) {
        self.load = load
    }

    /// The URL to use for `url` written in `noteFile`, relative to the note's page in `notes/`;
    /// nil to keep the URL as it is (remote images, data URLs).
    mutating func rewrite(_ url: String, in noteFile: String) -> String? {
        guard !url.isEmpty, !url.contains(":"), !url.hasPrefix("/"), !url.hasPrefix("#") else { return nil }
        let plain = String(url.prefix { $0 != "?" && $0 != "#" })
        let decoded = plain.percentDecoded ?? plain
        var parts: [Substring] = []
        for component in decoded.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return refuse(url, in: noteFile, "leads outside notes/") }
                parts.removeLast()
            default: parts.append(component)
            }
        }
        let relative = parts.joined(separator: "/")
        let ext = relative.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard NoteImages.allowed.contains(ext) else {
            return refuse(url, in: noteFile, "is not a PNG, JPEG, GIF, WebP or AVIF image; only those are published")
        }
        let sitePath = NoteImages.sitePath(for: relative, ext: ext)
        if files[sitePath] != nil { return NoteImages.link(sitePath) }
        guard let bytes = load("notes/" + relative) else { return refuse(url, in: noteFile, "was not found in notes/") }
        guard NoteImages.matches(bytes, ext) else {
            return refuse(url, in: noteFile, "does not contain \(ext.uppercased()) image data")
        }
        files[sitePath] = bytes
        return NoteImages.link(sitePath)
    }

    private mutating func refuse(_ url: String, in noteFile: String, _ why: String) -> String {
        warnings.append(.warning(noteFile, .file, "image \"\(Diagnostic.shorten(url))\" \(why); it is left out"))
        return ""
    }

    /// `images/route.png` stays as it is when safe; anything else gets a name from its hash.
    static func sitePath(for relative: String, ext: String) -> String {
        let path = "notes/" + relative
        return SitePath.isSafe(path) ? path : "notes/media/" + Slugger.hash(relative) + "." + ext
    }

    /// The link from a page in `notes/` to a file at `sitePath`.
    static func link(_ sitePath: String) -> String { String(sitePath.dropFirst("notes/".count)) }

    static func matches(_ b: [UInt8], _ ext: String) -> Bool {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        switch ext {
        case "png": return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case "jpg", "jpeg": return starts([0xFF, 0xD8, 0xFF])
        case "gif": return starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
        case "webp": return starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)
        case "avif": return starts(Array("ftypavif".utf8), at: 4) || starts(Array("ftypavis".utf8), at: 4)
        default: return false
        }
    }
}
