/// Converts the text of a JSON number or numeric string into a value.
///
/// The grammar is JSON's (`-?digits(.digits)?(e±digits)?`), with surrounding spaces allowed in
/// strings. `Double("nan")`, `Double("0x1p3")` or `"Infinity"` are therefore refused, and values
/// that overflow (`1e400`) are reported instead of becoming infinity.
enum NumberText {
    enum Failure: Error, Equatable {
        case notANumber
        case outOfRange
        case notWhole
    }

    static func double(_ raw: String) -> Result<Double, Failure> {
        let text = raw.trimmingWhitespace()
        guard isJSONNumber(text) else { return .failure(.notANumber) }
        guard let value = Double(text), value.isFinite else { return .failure(.outOfRange) }
        return .success(value == 0 ? 0 : value)  // -0 reads as 0
    }

    /// A whole number within ±`limit`; `"3.0"` and `3e2` are accepted, `"2.5"` is not.
    static func integer(_ raw: String, limit: Int = 1_000_000_000) -> Result<Int, Failure> {
        let text = raw.trimmingWhitespace()
        if let fast = Int(text), isJSONNumber(text) {
            // `magnitude`, not `abs`: abs(Int.min) does not fit in an Int and traps.
            return fast.magnitude <= limit.magnitude ? .success(fast) : .failure(.outOfRange)
        }
        switch double(text) {
        case .failure(let f): return .failure(f)
        case .success(let d):
            guard d.magnitude <= Double(limit.magnitude) else { return .failure(.outOfRange) }
            guard d.rounded() == d else { return .failure(.notWhole) }
            // Double(limit) may round up past the limit (near Int.max past Int itself), so the
            // conversion is checked and the bound tested again on the whole number.
            guard let whole = Int(exactly: d), whole.magnitude <= limit.magnitude else { return .failure(.outOfRange) }
            return .success(whole)
        }
    }

    static func isJSONNumber(_ s: String) -> Bool {
        var it = s.utf8.makeIterator()
        var c = it.next()
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 48 && $0 <= 57 } ?? false }
        if c == UInt8(ascii: "-") { c = it.next() }
        guard isDigit(c) else { return false }
        if c == UInt8(ascii: "0") {
            c = it.next()
            if isDigit(c) { return false }
        } else {
            while isDigit(c) { c = it.next() }
        }
        if c == UInt8(ascii: ".") {
            c = it.next()
            guard isDigit(c) else { return false }
            while isDigit(c) { c = it.next() }
        }
        if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            c = it.next()
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { c = it.next() }
            guard isDigit(c) else { return false }
            while isDigit(c) { c = it.next() }
        }
        return c == nil
    }
}
