/// The pieces a calendar's day cells are written from, as UTF-8, each written once: a cell is
/// its opening up to its x, the x of its week's column, the end of the x with the y of its
/// weekday's row and its look up to its title, the title, and its end joined with the next
/// cell's opening (so a chart writes its opening once and drops the last cell's). The columns'
/// x and the plain looks are the same in every chart; the opening, the joint and the skipped look
/// (which names the chart's hatching) are each chart's. A year's page draws about 1,100 cells:
/// each is four copies from these pieces, with no array retained per piece.
struct CalendarCells {
    /// Pieces end to end in one buffer, piece `i` ending at `ends[i]`.
    struct Pieces {
        let bytes: [UInt8]
        let ends: [Int]

        init(_ texts: [String]) {
            var bytes: [UInt8] = [], ends: [Int] = []
            for text in texts {
                bytes += Array(text.utf8)
                ends.append(bytes.count)
            }
            self.bytes = bytes
            self.ends = ends
        }
    }

    /// About the most a cell's markup takes besides its title (`<use href="#calendar-narrow-c"
    /// x="758" y="102" class="skip" fill="url(#calendar-narrow-skip)"><title>` and `</title></use>`).
    static let cellBytes = 110

    /// Every look but skipped, with its class, up to the title.
    static let plainLooks = ["none", "l0", "l1", "l2", "l3", "l4", "under"].map { "class=\"\($0)\"><title>" }
    static let columns = Heatmap.weeks + 1
    /// The x of each week's column, then the plain looks of each weekday's row (row-major).
    static let shared = Pieces((0..<columns).map { SVG.number(Heatmap.left + Double($0) * Heatmap.pitch) }
                               + (0..<7).flatMap { row in plainLooks.map { rowY(row) + $0 } })

    /// The opening, the joint, then the skipped look of each weekday's row.
    let own: Pieces

    init(cellID: String, pattern: String) {
        let opening = "<use href=\"#" + cellID + "\" x=\""
        let skip = HabitCalendar.attributes(.skipped, pattern: pattern) + "><title>"
        own = Pieces([opening, "</title></use>" + opening] + (0..<7).map { CalendarCells.rowY($0) + skip })
    }

    /// From the end of a cell's x to the start of its look, in weekday row `row`.
    static func rowY(_ row: Int) -> String { "\" y=\"" + SVG.number(Heatmap.top + Double(row) * Heatmap.pitch) + "\" " }

    /// The number of a plain look (in `plainLooks`), or nil for skipped.
    @inline(__always)
    static func plainLook(_ cell: HabitCalendar.Cell) -> Int? {
        switch cell {
        case .before: return 0
        case .missed: return 1
        case .done: return 5
        case .skipped: return nil
        case .level(let n): return 1 + min(4, max(0, n))
        case .filledIn: return 3
        case .under: return 6
        }
    }

    /// Calls `body` with a writer of these cells.
    func withWriter(_ body: (Writer) -> Void) {
        CalendarCells.shared.bytes.withUnsafeBufferPointer { sharedBytes in
            CalendarCells.shared.ends.withUnsafeBufferPointer { sharedEnds in
                own.bytes.withUnsafeBufferPointer { ownBytes in
                    own.ends.withUnsafeBufferPointer { ownEnds in
                        body(Writer(sharedBytes: sharedBytes, sharedEnds: sharedEnds, ownBytes: ownBytes, ownEnds: ownEnds))
                    }
                }
            }
        }
    }

    /// Writes cells from the pieces, valid inside `withWriter`.
    struct Writer {
        let sharedBytes: UnsafeBufferPointer<UInt8>, sharedEnds: UnsafeBufferPointer<Int>
        let ownBytes: UnsafeBufferPointer<UInt8>, ownEnds: UnsafeBufferPointer<Int>

        @inline(__always)
        private func append(_ i: Int, of bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>, to out: inout ByteBuffer) {
            let start = i == 0 ? 0 : ends[i - 1]
            out.append(UnsafeBufferPointer(rebasing: bytes[start..<ends[i]]))
        }

        /// The opening of the first cell.
        func appendOpening(to out: inout ByteBuffer) { append(0, of: ownBytes, ownEnds, to: &out) }

        /// How long an opening is (the last cell's, which the chart drops).
        var openingCount: Int { ownEnds[0] }

        /// One day's `<use>` at grid position `grid` (column grid / 7, row grid % 7), after the
        /// opening, ending with the next one's.
        @inline(__always)
        func appendCell(to out: inout ByteBuffer, grid: Int, cell: HabitCalendar.Cell, title: UnsafeBufferPointer<UInt8>) {
            let column = grid / 7, row = grid % 7
            if column < CalendarCells.columns {
                append(column, of: sharedBytes, sharedEnds, to: &out)
            } else {
                SVG.appendNumber(Heatmap.left + Double(column) * Heatmap.pitch, to: &out)
            }
            if let look = CalendarCells.plainLook(cell) {
                append(CalendarCells.columns + row * CalendarCells.plainLooks.count + look, of: sharedBytes, sharedEnds, to: &out)
            } else {
                append(2 + row, of: ownBytes, ownEnds, to: &out)
            }
            out.append(title)
            append(1, of: ownBytes, ownEnds, to: &out)
        }
    }
}
