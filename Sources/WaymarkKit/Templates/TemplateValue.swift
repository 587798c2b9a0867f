/// The data a template is rendered with.
///
/// `.html` marks markup that Waymark produced itself (SVG, cmark output). In strict mode only
/// `.html` values are written unescaped, even by `{{{x}}}` or `{{&x}}`, so a template mistake cannot
/// put a value from the data into a page as markup.
public enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case html(String)
    /// Markup Waymark produced as UTF-8 bytes (large tables), written as it is.
    case htmlBytes([UInt8])
    /// Markup Waymark produced as UTF-8 bytes that is final for the page: written as it is
    /// where unescaped, and its place in the output reported (`TemplateSet.renderBytes(_:_:finished:)`)
    /// so that a pass over the whole page can leave it alone. It begins and ends with a tag.
    case finishedHTML([UInt8])
    case array([TemplateValue])
    case object(TemplateObject)

    /// False, null, an empty list and empty text skip a section (`{{#x}}`) and show an inverted one.
    var isFalsey: Bool {
        switch self {
        case .null, .bool(false): return true
        case .array(let a): return a.isEmpty
        case .string(let s), .html(let s): return s.isEmpty
        case .htmlBytes(let b), .finishedHTML(let b): return b.isEmpty
        default: return false
        }
    }

    /// The member `key` of an object; nil when this is no object or lacks the key.
    /// Lists also answer numeric keys (`items.0`), so a template can test for a first element.
    func member(_ key: String) -> TemplateValue? {
        member(TemplateKey(key))
    }

    /// `member(_:)` for a name whose hash is worked out already.
    @inline(__always)
    func member(_ key: TemplateKey) -> TemplateValue? {
        switch self {
        case .object(let o): return o[key]
        case .array(let a):
            guard let i = Int(key.text), a.indices.contains(i) else { return nil }
            return a[i]
        default: return nil
        }
    }

    /// How many values lie below `values` (members of objects and elements of lists, at any
    /// depth; the given values themselves not counted): the size of a page's data, which a
    /// render's budget of work grows with.
    static func descendantCount(_ values: [TemplateValue]) -> Int {
        var count = 0
        // A work list, not recursion: the data's depth is not bounded here.
        var pending = values
        while let value = pending.popLast() {
            switch value {
            case .array(let items):
                count += items.count
                pending += items
            case .object(let members):
                count += members.count
                pending += members.values
            default:
                break
            }
        }
        return count
    }

    /// A value that is `.null` when `optional` is nil.
    public static func from(_ optional: String?) -> TemplateValue {
        optional.map { .string($0) } ?? .null
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        var o = TemplateObject(minimumCapacity: elements.count)
        for (k, v) in elements { o[k] = v }
        self = .object(o)
    }
}
