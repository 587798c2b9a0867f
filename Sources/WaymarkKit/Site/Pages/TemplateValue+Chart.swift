extension TemplateValue {
    /// A chart's markup: whole `<svg>` elements, maybe inside tags of their own (`<div
    /// class="chart-wide">`), and no text outside them. The page's date pass would leave it exactly
    /// as it is (it skips an `<svg>` to its end, and the charts write no `<svg>` inside another and
    /// escape every text they hold, so the first `</svg` is the element's own), so it is finished
    /// markup, which the pass jumps over instead of reading every tag of it.
    static func chart(_ markup: String) -> TemplateValue { .finishedHTML(Array(markup.utf8)) }

    /// `chart(_:)` for markup written as UTF-8 bytes.
    static func chart(_ markup: [UInt8]) -> TemplateValue { .finishedHTML(markup) }
}
