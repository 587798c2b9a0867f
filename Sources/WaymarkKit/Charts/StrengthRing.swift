import Foundation

/// A habit's strength as a small ring, as Loop Habit Tracker draws its score: a full circle for
/// 100 %, the arc starting at the top and running clockwise, the figure written inside. Inline
/// SVG with `role="img"` and the figure in its `<title>`.
public enum StrengthRing {
    static let size = 48.0, radius = 20.0

    /// `share` in 0…1 (clamped); `text` is written inside, `title` names it for assistive technology.
    public static func svg(share: Double, text: String, title: String, id: String) -> String {
        let s = share.isFinite ? min(1, max(0, share)) : 0
        let c = size / 2
        let n = SVG.number
        var out = "<svg class=\"ring\" viewBox=\"0 0 \(n(size)) \(n(size))\" role=\"img\" aria-labelledby=\"\(id)-title\" "
            + "xmlns=\"http://www.w3.org/2000/svg\"><title id=\"\(id)-title\">\(SVG.text(title))</title>"
        out += "<circle class=\"track\" cx=\"\(n(c))\" cy=\"\(n(c))\" r=\"\(n(radius))\"/>"
        // An arc from the top, clockwise, to the share's angle (not a dash of the circumference:
        // its lengths, 0 to 125.66, would read as weights in the page's numbers).
        if s >= 0.9995 {
            out += "<circle class=\"arc\" cx=\"\(n(c))\" cy=\"\(n(c))\" r=\"\(n(radius))\"/>"
        } else if s > 0 {
            let angle = 2 * Double.pi * s
            let x = c + radius * sin(angle), y = c - radius * cos(angle)
            out += "<path class=\"arc\" d=\"M\(n(c)) \(n(c - radius))A\(n(radius)) \(n(radius)) 0 \(s > 0.5 ? 1 : 0) 1 \(n(x)) \(n(y))\"/>"
        }
        out += "<text x=\"\(n(c))\" y=\"\(n(c))\" dy=\"0.35em\" text-anchor=\"middle\">\(SVG.text(text))</text>"
        return out + "</svg>"
    }
}
