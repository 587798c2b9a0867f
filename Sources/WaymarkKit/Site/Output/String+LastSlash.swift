extension String {
    /// The text before and after the last "/", cut by bytes: a name may begin with a combining
    /// mark, which makes one character of the slash and the mark. Nil without a slash.
    func splitAtLastSlash() -> (head: String, tail: String)? {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return (String(decoding: utf8[..<slash], as: UTF8.self), String(decoding: utf8[utf8.index(after: slash)...], as: UTF8.self))
    }
}
