import Foundation
@testable import WaymarkKit

/// The estimated boxes of an SVG's `<text>` elements (widths as `TimeTicks.estimatedWidth`,
/// an em box from 0.8 em above the baseline to 0.2 em below), to check that no labels overlap.
struct SVGTextBox: CustomStringConvertible {
    var text: String
    var x0: Double, x1: Double, y0: Double, y1: Double

    func overlaps(_ o: SVGTextBox) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }

    var description: String { "\"\(text)\" [\(x0)…\(x1)] × [\(y0)…\(y1)]" }

    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let r = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[r.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func boxes(_ svg: String, fontSize: (String) -> Double = { _ in 11 }) -> [SVGTextBox] {
        var result: [SVGTextBox] = []
        var rest = Substring(svg)
        while let open = rest.range(of: "<text") {
            guard let close = rest[open.upperBound...].range(of: ">"), let end = rest[close.upperBound...].range(of: "</text>") else { break }
            let tag = rest[open.lowerBound..<close.upperBound]
            let raw = String(rest[close.upperBound..<end.lowerBound])
            let text = raw.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            let size = fontSize(text)
            let x = Double(attribute("x", in: tag) ?? "0") ?? 0, y = Double(attribute("y", in: tag) ?? "0") ?? 0
            let dy = (attribute("dy", in: tag)?.replacingOccurrences(of: "em", with: "")).flatMap(Double.init) ?? 0
            let w = TimeTicks.estimatedWidth(text, fontSize: size)
            let anchor = attribute("text-anchor", in: tag) ?? "start"
            let x0 = anchor == "end" ? x - w : anchor == "middle" ? x - w / 2 : x
            let baseline = y + dy * size
            result.append(SVGTextBox(text: text, x0: x0, x1: x0 + w, y0: baseline - 0.8 * size, y1: baseline + 0.2 * size))
            rest = rest[end.upperBound...]
        }
        return result
    }

    /// Pairs of boxes that overlap (empty when none do).
    static func overlapping(_ boxes: [SVGTextBox]) -> [String] {
        var found: [String] = []
        for i in boxes.indices {
            for j in boxes.indices where j > i && boxes[i].overlaps(boxes[j]) {
                found.append("\(boxes[i]) overlaps \(boxes[j])")
            }
        }
        return found
    }
}
