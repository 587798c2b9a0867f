/// Images referenced from notes: resolved against `notes/`, checked, and copied into the site.
///
/// Only files a note references are published, and only raster formats whose bytes are one whole
/// image of the format their extension names (see `ImageValidator`): an SVG, HTML named `.png`, or
/// an image with a page hidden after its end could carry script.
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
        if let why = ImageValidator.problem(bytes, ext: ext) {
            return refuse(url, in: noteFile, "does not contain \(ext.uppercased()) image data (\(why))")
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
}
