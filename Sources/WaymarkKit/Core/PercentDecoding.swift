extension String {
    /// `%E6%99%A8` → "晨"; nil when an escape is malformed or the bytes are not UTF-8.
    var percentDecoded: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let b = iterator.next() {
            guard b == UInt8(ascii: "%") else {
                bytes.append(b)
                continue
            }
            guard let h = iterator.next(), let l = iterator.next(),
                  let hv = Character(Unicode.Scalar(h)).hexDigitValue, let lv = Character(Unicode.Scalar(l)).hexDigitValue else { return nil }
            bytes.append(UInt8(hv * 16 + lv))
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
