import Foundation

/// Loop Habit Tracker's frequency grid as inline SVG: one column per calendar month, one row per
/// weekday (Monday on top), a circle per cell whose area is the cell's share (full: every such
/// weekday of the month done, or the largest amount of the grid), shaded l1…l4 by that share too,
/// so size and colour say the same. A cell with nothing is a small dot; a weekday the month does
/// not hold (before the habit's first day, after today) is left empty.
public enum FrequencyChart {
    /// One column.
    public struct Column: Sendable, Equatable {
        /// Under the column: the month's short name.
        public var label: String
        /// Under the month's name, for the first column and each January: the year.
        public var year: String?
        /// Each weekday's share in 0…1, Monday first; nil where the month holds no such day.
        public var shares: [Double?]

        public init(label: String, year: String?, shares: [Double?]) {
            self.label = label
            self.year = year
            self.shares = shares
        }
    }

    static let left = 34.0, top = 4.0, pitchX = 26.0, pitchY = 22.0, maxRadius = 9.5
    /// The drawing's width: room for twelve months.
    static let width = left + 12 * pitchX + 4
    static let height = top + 7 * pitchY + 32

    /// The level of a share: 0 for none, then by quarters.
    static func level(_ share: Double) -> Int {
        share <= 0 ? 0 : share <= 0.25 ? 1 : share <= 0.5 ? 2 : share <= 0.75 ? 3 : 4
    }

    /// `weekday` names ISO weekdays 1…7; `columns` are drawn left to right (twelve fit; more are
    /// cut to the newest twelve).
    public static func svg(_ columns: [Column], weekday: (Int) -> String, id: String, title: String, description: String) -> String {
        String(decoding: svgBytes(columns, weekday: weekday, id: id, title: title, description: description), as: UTF8.self)
    }

    /// `svg(…)` as UTF-8 bytes, written in place.
    static func svgBytes(_ columns: [Column], weekday: (Int) -> String, id: String, title: String, description: String) -> [UInt8] {
        let shown = columns.suffix(12)
        var out = SVGWriter(capacity: shown.count * 7 * 56 + 1200)
        out.markup(SVG.open(id: id, width: width, height: height, className: "chart frequency", title: title, desc: description))
        out += "<g class=\"axis\">"
        for w in 0..<7 {
            out.text(weekday(w + 1), x: left - 8, y: top + (Double(w) + 0.5) * pitchY, attributes: " dy=\"0.32em\" text-anchor=\"end\"")
        }
        let labelY = top + 7 * pitchY + 13
        for (k, column) in shown.enumerated() {
            let x = left + (Double(k) + 0.5) * pitchX
            out += "<text class=\"month\" x=\""
            out.number(x)
            out += "\" y=\""
            out.number(labelY)
            out += "\" text-anchor=\"middle\">"
            out.text(column.label)
            out += "</text>"
            if let year = column.year {
                out.text(year, x: x, y: labelY + 14, attributes: " text-anchor=\"middle\"")
            }
        }
        out += "</g><g class=\"cells\">"
        for (k, column) in shown.enumerated() {
            let x = left + (Double(k) + 0.5) * pitchX
            for (w, share) in column.shares.prefix(7).enumerated() {
                guard let share, share.isFinite else { continue }
                let s = min(1, max(0, share))
                // Area for the share, so a cell twice as full has twice the ink; a done cell is
                // never smaller than a dot that reads.
                let r = s > 0 ? max(2.5, maxRadius * s.squareRoot()) : 1.5
                out += "<circle cx=\""
                out.number(x)
                out += "\" cy=\""
                out.number(top + (Double(w) + 0.5) * pitchY)
                out += "\" r=\""
                out.number(r)
                out += "\" class=\"l"
                out.integer(level(s))
                out += "\"/>"
            }
        }
        out += "</g></svg>"
        return out.finish()
    }
}
