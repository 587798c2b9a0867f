/// Small helpers for writing SVG by hand: coordinates without floating-point noise and
/// escaped text.
public enum SVG {
    /// At most two decimals, trailing zeros dropped: 12.5, 3, -0.25 (never "-0").
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int64((value * 100).rounded(.toNearestOrAwayFromZero))
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let a = abs(hundredths)
        let whole = a / 100, frac = a % 100
        if frac == 0 { return sign + String(whole) }
        if frac % 10 == 0 { return sign + String(whole) + "." + String(frac / 10) }
        return sign + String(whole) + "." + (frac < 10 ? "0" : "") + String(frac)
    }

    /// Text escaped for SVG content and attributes.
    public static func text(_ s: String) -> String { HTMLEscape.escape(s) }

    /// The opening of an accessible chart: `role="img"` labelled by its `<title>` and `<desc>`.
    static func open(id: String, width: Double, height: Double, className: String, title: String, desc: String) -> String {
        "<svg class=\"\(className)\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" "
            + "xmlns=\"http://www.w3.org/2000/svg\"><title id=\"\(id)-title\">\(text(title))</title><desc id=\"\(id)-desc\">\(text(desc))</desc>"
    }
}
