/// The members of a template object, in the order they were added, each name with its hash
/// (`TemplateKey`). Most objects hold a handful of members and are looked up far more often than
/// made: a lookup compares the hashes one after the other, and an object of more than
/// `indexedFrom` members keeps a table of them.
public struct TemplateObject: Sendable, Equatable {
    struct Entry: Sendable {
        var key: TemplateKey
        var value: TemplateValue
    }

    private(set) var entries: [Entry] = []
    /// For a large object: slots of entry numbers plus one (0 is empty), found from a name's hash.
    private var table: [Int] = []

    /// Objects this large keep a table; below it comparing every hash costs less than a table.
    static let indexedFrom = 24

    public init() {}

    public init(minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    /// The two members `first: a` and `second: b`, their names made once by the caller (a table's
    /// rows, thousands to a page): neither name is hashed nor looked for when the two differ.
    init(_ first: TemplateKey, _ a: TemplateValue, _ second: TemplateKey, _ b: TemplateValue) {
        guard first != second else {
            self[first] = a
            self[second] = b
            return
        }
        entries = [Entry(key: first, value: a), Entry(key: second, value: b)]
    }

    /// The members of `dictionary`, in the order of their names.
    public init(_ dictionary: [String: TemplateValue]) {
        self.init(minimumCapacity: dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) { self[key] = value }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// The values, in the order they were added.
    public var values: [TemplateValue] { entries.map(\.value) }
    /// The names, in the order they were added.
    public var keys: [String] { entries.map(\.key.text) }

    /// The member named `key`; setting nil removes it, setting a name it has replaces its value.
    public subscript(key: String) -> TemplateValue? {
        get { self[TemplateKey(key)] }
        set { self[TemplateKey(key)] = newValue }
    }

    subscript(key: TemplateKey) -> TemplateValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    entries[i].value = newValue
                } else {
                    entries.remove(at: i)
                    reindex()
                }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
                if entries.count >= TemplateObject.indexedFrom {
                    if entries.count * 2 > table.count { reindex() } else { insert(entries.count - 1) }
                }
            }
        }
    }

    /// The entry number of `key`, or nil.
    @inline(__always)
    func position(of key: TemplateKey) -> Int? {
        entries.withUnsafeBufferPointer { e -> Int? in
            if table.isEmpty {
                for i in 0..<e.count where e[i].key.hash == key.hash && e[i].key.text == key.text { return i }
                return nil
            }
            return table.withUnsafeBufferPointer { t -> Int? in
                let mask = t.count - 1
                var slot = Int(truncatingIfNeeded: key.hash) & mask
                while true {
                    let n = t[slot]
                    if n == 0 { return nil }
                    if e[n - 1].key.hash == key.hash && e[n - 1].key.text == key.text { return n - 1 }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Makes the table again for the entries as they are (or none for a small object).
    private mutating func reindex() {
        guard entries.count >= TemplateObject.indexedFrom else {
            table = []
            return
        }
        var size = 64
        while size < entries.count * 4 { size *= 2 }
        table = [Int](repeating: 0, count: size)
        for i in entries.indices { insert(i) }
    }

    /// Puts entry `i` in the table, which has a free slot (it is kept at most half full).
    private mutating func insert(_ i: Int) {
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: entries[i].key.hash) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = i + 1
    }

    /// Same members with equal values, in any order.
    public static func == (a: TemplateObject, b: TemplateObject) -> Bool {
        guard a.count == b.count else { return false }
        for entry in a.entries {
            guard let other = b[entry.key], other == entry.value else { return false }
        }
        return true
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// A later value of a name given twice replaces the earlier.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }
}

extension TemplateObject: Sequence {
    /// The members in the order they were added.
    public func makeIterator() -> AnyIterator<(key: String, value: TemplateValue)> {
        var i = 0
        let entries = self.entries
        return AnyIterator {
            guard i < entries.count else { return nil }
            defer { i += 1 }
            return (entries[i].key.text, entries[i].value)
        }
    }
}
