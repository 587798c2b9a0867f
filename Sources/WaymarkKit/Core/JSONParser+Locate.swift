import Foundation
import Synchronization

extension JSONParser {
    /// Finds where each element of a records array starts, in `pieces` walked on the cores of
    /// `parallelism`.
    ///
    /// The array is cut at guessed element boundaries (a `}` then `,` then `{`, spaces allowed
    /// between), and each piece is walked from its guess to the next one. The first piece starts
    /// at a true element; a piece whose walk lands exactly on the next guess proves that guess a
    /// true element too, and so on down the file. When any walk fails or lands elsewhere (a guess
    /// inside a string, malformed JSON), nil is returned and the parser walks the array itself,
    /// so the result and every message are exactly those of a front-to-back read.
    static func locateElements(in data: [UInt8], from first: Int, pieces: Int,
                               parallelism: Parallelism) -> (starts: [Int], end: Int)? {
        guard pieces > 1, data.count - first > pieces * 4096 else { return nil }
        var cuts = [first]
        for k in 1..<pieces {
            guard let guess = nextBoundary(in: data, from: first + (data.count - first) * k / pieces), guess > cuts[cuts.count - 1] else { return nil }
            cuts.append(guess)
        }
        let results = Mutex<[Piece?]>(Array(repeating: nil, count: pieces))
        let bounds = cuts
        parallelism.perform(pieces) { k in
            let piece = data.withUnsafeBufferPointer { buffer in
                walk(buffer, from: bounds[k], until: k + 1 < bounds.count ? bounds[k + 1] : nil)
            }
            results.withLock { $0[k] = piece }
        }
        let walked = results.withLock { $0 }
        var starts: [Int] = []
        starts.reserveCapacity(walked.reduce(0) { $0 + ($1?.starts.count ?? 0) })
        for k in 0..<pieces {
            guard let piece = walked[k] else { return nil }
            if k + 1 < pieces {
                guard !piece.closed, piece.stop == cuts[k + 1] else { return nil }
            } else {
                guard piece.closed else { return nil }
            }
            starts += piece.starts
        }
        guard let last = walked[pieces - 1] else { return nil }
        return (starts, last.stop)
    }

    private struct Piece: Sendable {
        var starts: [Int] = []
        /// Where the walk stopped: the next piece's first element, or just after `]`.
        var stop = 0
        /// Whether the walk reached the array's `]`.
        var closed = false
    }

    /// Walks elements from `start` until an element starts at or after `limit`, or the array ends.
    private static func walk(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, until limit: Int?) -> Piece? {
        var parser = JSONParser(buffer)
        parser.index = start
        var piece = Piece()
        piece.starts.reserveCapacity(((limit ?? buffer.count) - start) / 96)
        while true {
            if let limit, parser.index >= limit {
                piece.stop = parser.index
                return piece
            }
            piece.starts.append(parser.index)
            do { try parser.skipValue() } catch { return nil }
            parser.skipWhitespace()
            switch parser.peek() {
            case UInt8(ascii: ","):
                parser.index += 1
                parser.skipWhitespace()
            case UInt8(ascii: "]"):
                piece.stop = parser.index + 1
                piece.closed = true
                return piece
            default:
                return nil
            }
        }
    }

    /// The offset of the first `{` at or after `offset` that follows `}` and `,` (with optional
    /// white space between): probably, but not certainly, the start of an element.
    private static func nextBoundary(in data: [UInt8], from offset: Int) -> Int? {
        var i = max(offset, 1)
        while i < data.count {
            if data[i] == UInt8(ascii: "{") {
                var j = i - 1
                while j > 0, isSpace(data[j]) { j -= 1 }
                if data[j] == UInt8(ascii: ",") {
                    j -= 1
                    while j > 0, isSpace(data[j]) { j -= 1 }
                    if data[j] == UInt8(ascii: "}") { return i }
                }
            }
            i += 1
        }
        return nil
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}
