/// A name in template data, with a hash worked out once: a template's names when it is parsed,
/// an object's when it is made. Looking a name up then compares two numbers before any text, where
/// a `[String: TemplateValue]` hashed the name with SipHash at every object it was asked of.
struct TemplateKey: Sendable, Hashable {
    let text: String
    /// `WordHash` of the name's bytes when it is ASCII; 0 for any other name, which is then told
    /// apart by comparing text as `String` does (canonically equal spellings are one name).
    let hash: UInt64

    init(_ text: String) {
        self.text = text
        var copy = text
        hash = copy.withUTF8 { TemplateKey.hash($0) }
    }

    /// The hash of a name's UTF-8: never 0 for an ASCII name, always 0 for another.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var high: UInt8 = 0
        for b in bytes { high |= b }
        guard high < 0x80 else { return 0 }
        let h = WordHash.hash(bytes, seed: WordHash.processSeed)
        return h == 0 ? 1 : h
    }

    static func == (a: TemplateKey, b: TemplateKey) -> Bool {
        a.hash == b.hash && a.text == b.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
