import Testing
@testable import WaymarkKit

/// `ByteBuffer` held to `[UInt8]`, the plain reference: every way of appending, at every length
/// its copies treat apart (under 4, 4 to 7, 8 to 16, longer), while the buffer grows.
struct ByteBufferTests {
    @Test func appendsAsAnArrayDoes() {
        var random = SeededNumbers(state: 2026)
        let source = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for round in 0..<50 {
            var buffer = ByteBuffer(capacity: round % 3 == 0 ? 0 : 100)
            var reference: [UInt8] = []
            for _ in 0..<200 {
                let start = random.next(50), length = random.next(round % 2 == 0 ? 20 : 120)
                let piece = Array(source[start..<(start + length)])
                switch random.next(7) {
                case 0:
                    piece.withUnsafeBufferPointer { buffer.append($0) }
                    reference += piece
                case 1:
                    buffer.append(piece)
                    reference += piece
                case 2:
                    buffer.append(source[start..<(start + length)])
                    reference += piece
                case 3:
                    let ascii = piece.map { $0 & 0x7F }
                    buffer.append(utf8: String(decoding: ascii, as: UTF8.self))
                    reference += ascii
                case 4:
                    buffer.append(UInt8(truncatingIfNeeded: length))
                    reference.append(UInt8(truncatingIfNeeded: length))
                case 5:
                    // Written in place: at most `length` bytes, of which `body` says how many.
                    let used = random.next(length + 1)
                    buffer.appendInPlace(maximum: length) { room in
                        for i in 0..<used { room[i] = piece[i] }
                        return used
                    }
                    reference += piece[0..<used]
                default:
                    let n = random.next(2_000_001) - 1_000_000
                    buffer.appendInteger(n)
                    reference += Array(String(n).utf8)
                }
                #expect(buffer.count == reference.count)
            }
            #expect(buffer.bytes == reference, "round \(round)")
            buffer.withBytes(from: reference.count / 2) { tail in #expect(Array(tail) == Array(reference[(reference.count / 2)...])) }
            buffer.removeAll(keepingFirst: 10)
            #expect(buffer.bytes == Array(reference.prefix(10)))
            #expect(buffer.finish() == Array(reference.prefix(10)))
        }
    }

    @Test func literalsNumbersAndOtherBuffers() {
        var buffer = ByteBuffer()
        buffer.append("<a>")
        buffer.append("")
        buffer.append("0123456789abcdef")  // 16 bytes: the longest two-word copy
        buffer.append("0123456789abcdefg")  // 17: memcpy
        for n in [0, 7, -7, 10, 99, 100, Int.max, Int.min] {
            buffer.appendInteger(n)
            buffer.append(",")
        }
        buffer.appendDigits(UInt.max)
        var other = ByteBuffer(capacity: 1)
        other.append("|end")
        buffer.append(other)
        #expect(String(decoding: buffer.bytes, as: UTF8.self)
            == "<a>0123456789abcdef0123456789abcdefg0,7,-7,10,99,100,9223372036854775807,-9223372036854775808,18446744073709551615|end")
        // Growing far past the first room keeps every byte.
        var big = ByteBuffer(capacity: 1)
        for i in 0..<10_000 { big.append(UInt8(truncatingIfNeeded: i)) }
        #expect(big.bytes == (0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
    }
}
