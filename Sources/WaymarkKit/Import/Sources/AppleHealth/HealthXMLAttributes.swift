import CXML2

/// What both readers of `export.xml` (`HealthXMLScanner`, and libxml2 through `HealthXMLParser`)
/// call for each element start, with its depth (the root is 0) and the line of its `>`.
protocol HealthXMLHandler: AnyObject {
    func startElement(_ name: UnsafeRawBufferPointer, depth: Int, attributes: HealthXMLAttributes, line: Int)
}

/// The attributes of one start tag, without copying: as libxml2 passes them (five pointers an
/// attribute: name, prefix, namespace, value start, value end) or as `HealthXMLScanner` found
/// them (a name and a value each). Valid during the call only.
struct HealthXMLAttributes {
    /// One attribute as the scanner found it; the value with its references resolved.
    struct Entry {
        var name: UnsafeRawBufferPointer
        var value: UnsafeRawBufferPointer
    }

    private enum Storage {
        case libxml2(UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, Int)
        case scanned(UnsafePointer<Entry>, Int)
    }

    private let storage: Storage

    init(libxml2 base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        storage = .libxml2(base, count)
    }

    init(scanned entries: UnsafePointer<Entry>, count: Int) {
        storage = .scanned(entries, count)
    }

    /// The value's bytes of the attribute named `name` (ASCII), without copying.
    func bytes(_ name: StaticString) -> UnsafeRawBufferPointer? {
        let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        switch storage {
        case .libxml2(let base, let count):
            guard let base else { return nil }
            for i in 0..<count {
                guard let attributeName = base[i * 5], let start = base[i * 5 + 3], let end = base[i * 5 + 4] else { continue }
                if Self.equals(attributeName, wanted) {
                    return UnsafeRawBufferPointer(start: start, count: end - start)
                }
            }
        case .scanned(let entries, let count):
            for i in 0..<count where Self.equals(entries[i].name, wanted) { return entries[i].value }
        }
        return nil
    }

    /// The value of the attribute named `name`, as text.
    func string(_ name: StaticString) -> String? {
        bytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the NUL-terminated `name` is exactly `wanted`.
    static func equals(_ name: UnsafePointer<xmlChar>, _ wanted: UnsafeRawBufferPointer) -> Bool {
        for i in 0..<wanted.count where name[i] != wanted[i] { return false }
        return name[wanted.count] == 0
    }

    /// Whether `name` is exactly `wanted`.
    static func equals(_ name: UnsafeRawBufferPointer, _ wanted: StaticString) -> Bool {
        equals(name, UnsafeRawBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
    }

    /// Whether `a` and `b` hold the same bytes (a loop the optimiser keeps tight, unlike the
    /// generic `elementsEqual`, which showed in profiles).
    @inline(__always)
    static func equals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        for k in 0..<a.count where x.load(fromByteOffset: k, as: UInt8.self) != y.load(fromByteOffset: k, as: UInt8.self) { return false }
        return true
    }
}
