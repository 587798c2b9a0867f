/// The box a served page shows while the last rebuild failed: what failed, escaped, over the
/// last good page, or over the "not found" page when no build has succeeded yet (`hasSite`). Styled inline so it looks the same whatever the theme's stylesheet says, and
/// readable in light and dark mode alike.
enum ErrorOverlay {
    static func html(_ message: String, language: Language, hasSite: Bool = true) -> String {
        let box = "position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483647;max-height:50vh;overflow:auto;"
            + "margin:0;padding:1rem 1.25rem;border:2px solid #b42318;border-radius:8px;background:#fff4f2;color:#3d0b06;"
            + "font:15px/1.5 system-ui,sans-serif;box-shadow:0 6px 24px rgba(0,0,0,.3)"
        let pre = "margin:.5rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace"
        return "<div role=\"alert\" id=\"waymark-build-error\" style=\"\(box)\"><strong>"
            + HTMLEscape.escape((hasSite ? UIString.previewBuildFailed : .previewFirstBuildFailed).text(language))
            + "</strong><pre style=\"\(pre)\">" + HTMLEscape.escape(message) + "</pre></div>"
    }
}
