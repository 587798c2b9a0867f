/// The page for a path that is not in the site: in the site's language and stylesheet, naming
/// the path and linking home. The server links the stylesheet from the root, since the page is
/// served at any depth.
enum NotFoundPage {
    static func html(path: String, snapshot: SiteSnapshot) -> String {
        let language = snapshot.language
        let title = HTMLEscape.escape(UIString.notFoundTitle.text(language))
        let stylesheet = snapshot["style.css"] == nil ? "" : "<link rel=\"stylesheet\" href=\"/style.css\">\n"
        // The path goes in as a marker, so the sentence and the path are escaped apart.
        let text = UIString.notFoundText.text(language, ["path": "\u{1}"])
            .split(separator: "\u{1}", omittingEmptySubsequences: false)
            .map { HTMLEscape.escape(String($0)) }
            .joined(separator: "<code>" + HTMLEscape.escape(path) + "</code>")
        return """
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>\(title)</title>
        <meta name="color-scheme" content="light dark">
        \(stylesheet)</head>
        <body>
        <main id="main" class="wrap">
        <h1>\(title)</h1>
        <p>\(text)</p>
        <p><a href="/">\(HTMLEscape.escape(UIString.backToOverview.text(language)))</a></p>
        </main>
        </body>
        </html>

        """
    }
}
