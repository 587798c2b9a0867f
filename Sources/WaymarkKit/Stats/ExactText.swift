#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A string as a dictionary key compared and hashed by its UTF-8 bytes. `String`'s own hashing
/// normalises non-ASCII text first, which is costly for the tens of thousands of names looked up
/// while computing statistics; byte equality is stricter, so callers fall back to a `String` key
/// when this one misses.
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactText, b: ExactText) -> Bool {
        var x = a.text, y = b.text
        return x.withUTF8 { p in
            y.withUTF8 { q in
                guard p.count == q.count else { return false }
                guard let pb = p.baseAddress, let qb = q.baseAddress else { return p.count == 0 }
                // Names read from one file share their storage (see `StringInterner`).
                return pb == qb || memcmp(pb, qb, p.count) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
