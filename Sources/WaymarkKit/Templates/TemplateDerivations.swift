/// Members an object answers without holding them, worked out from another of its members when
/// a template asks: `nameLang` from `name`, say. Asked only where the object lacks the member
/// itself (a value its builder set wins) and only in the contexts a render marks as deriving
/// (`TemplateSet.renderBytes(_:_:deriving:derivations:finished:)`), and in what is looked up
/// inside them. Working a member out when it is read, rather than adding it to every object of a
/// page's data beforehand, costs nothing for the objects no template asks.
struct TemplateDerivations: Sendable {
    /// A derived member: its name, the member it is worked out from, and how. `derive` gets the
    /// source member's text when it is a `.string`; the object has no such member otherwise.
    struct Member: Sendable {
        let name: String
        let source: TemplateKey
        let derive: @Sendable (String) -> TemplateValue

        init(name: String, source: String, derive: @escaping @Sendable (String) -> TemplateValue) {
            self.name = name
            self.source = TemplateKey(source)
            self.derive = derive
        }
    }

    let members: [Member]
    /// The names' lengths in UTF-8: most names a lookup misses are told apart by length alone.
    private let lengths: [Int]

    init(_ members: [Member]) {
        self.members = members
        lengths = members.map { $0.name.utf8.count }
    }

    /// The member `key` of `object` worked out from its source, or nil when `key` is none of
    /// these members or the object has no text to work it out from.
    func value(_ key: TemplateKey, in object: TemplateObject) -> TemplateValue? {
        guard lengths.contains(key.text.utf8.count) else { return nil }
        for member in members where member.name == key.text {
            guard case .string(let text)? = object[member.source] else { return nil }
            return member.derive(text)
        }
        return nil
    }
}
