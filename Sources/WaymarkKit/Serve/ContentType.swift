/// The `Content-Type` a served file gets, from its extension. Text types name UTF-8, the only
/// encoding Waymark writes; anything unknown is served as bytes to download, never guessed.
enum ContentType {
    static let html = "text/html; charset=utf-8"
    static let plainText = "text/plain; charset=utf-8"
    static let eventStream = "text/event-stream; charset=utf-8"
    static let bytes = "application/octet-stream"

    static let byExtension: [String: String] = [
        "html": html, "htm": html,
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "txt": plainText, "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        // JSON has no charset parameter (RFC 8259: it is UTF-8); XML's names its encoding.
        "json": "application/json", "webmanifest": "application/manifest+json",
        "xml": "application/xml; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "woff2": "font/woff2", "woff": "font/woff", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf",
    ]

    /// The type of the file at `path` (a site path such as `notes/index.html`).
    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return bytes }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? bytes
    }

    /// Whether responses of this type are HTML pages (which get the live-reload script).
    static func isHTML(_ type: String) -> Bool { type == html }
}
