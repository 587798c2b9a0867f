import Testing
@testable import WaymarkKit

/// `TemplateObject` held to `[String: TemplateValue]`, the plain reference it replaced.
struct TemplateObjectTests {
    /// Names of every shape a template or a page uses: short, long (more than eight bytes, so the
    /// hash reads several words), dotted-free ASCII, digits, and non-ASCII, among them two
    /// canonically equal spellings of "Café" that a dictionary treats as one name.
    static let names: [String] = {
        var names = ["a", "b", "id", "name", "nameLang", "title", "titleLang", "value", "rows", "href", "current",
                     "aVeryLongMemberNameIndeed", "x1", "x2", "0", "10", "", " ", "Café", "Cafe\u{301}", "跑步", "名前", "ü", "u\u{308}"]
        for i in 0..<60 { names.append("key\(i)") }
        return names
    }()

    @Test func agreesWithADictionaryWhileItGrowsAndShrinks() {
        var random = SeededNumbers(state: 20_261_207)
        for round in 0..<200 {
            var object = TemplateObject()
            var reference: [String: TemplateValue] = [:]
            // Up to 90 operations: enough to cross the size from which an object keeps a table.
            for step in 0..<random.next(90) {
                let key = random.pick(Self.names)
                switch random.next(10) {
                case 0, 1:
                    object[key] = nil
                    reference[key] = nil
                default:
                    let value = TemplateValue.int(round * 1000 + step)
                    object[key] = value
                    reference[key] = value
                }
                let probe = random.pick(Self.names)
                #expect(object[probe] == reference[probe], "round \(round) step \(step): \(probe)")
            }
            #expect(object.count == reference.count)
            for name in Self.names { #expect(object[name] == reference[name], "round \(round): \(name)") }
            #expect(Set(object.keys) == Set(reference.keys))
            #expect(object == TemplateObject(reference))
        }
    }

    @Test func canonicallyEqualNamesAreOneName() {
        var object: TemplateObject = ["Café": 1]
        #expect(object["Cafe\u{301}"] == .int(1))
        object["Cafe\u{301}"] = 2
        #expect(object.count == 1)
        #expect(object["Café"] == .int(2))
        // The same in an object large enough to keep a table.
        var large = TemplateObject()
        for i in 0..<40 { large["k\(i)"] = .int(i) }
        large["u\u{308}ber"] = 7
        #expect(large["über"] == .int(7))
        #expect(large["k39"] == .int(39))
        #expect(large["k40"] == nil)
    }

    @Test func keepsTheOrderMembersWereAddedAndALaterValueWins() {
        let object: TemplateObject = ["b": 1, "a": 2, "c": 3, "a": 4]
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["a"] == .int(4))
        #expect(object.map(\.value) == [1, 4, 3])
        // Equal whatever the order.
        #expect(object == ["c": 3, "a": 4, "b": 1])
        #expect(object != ["c": 3, "a": 4, "b": 2])
        #expect(object != ["c": 3, "a": 4])
    }

    @Test func namesHashedOnceLookUpAsText() {
        // ASCII names never hash to 0, which marks every other name.
        for name in Self.names {
            let key = TemplateKey(name)
            #expect((key.hash == 0) == name.utf8.contains { $0 >= 0x80 }, "\(name)")
        }
        let value: TemplateValue = ["items": [10, 20], "inner": ["x": "y"]]
        #expect(value.member(TemplateKey("inner"))?.member("x") == .string("y"))
        #expect(value.member("items")?.member("1") == .int(20))
        #expect(value.member("items")?.member("2") == nil)
        #expect(value.member("missing") == nil)
    }

    /// An object of two members made from keys made once is the object the literal makes, in the
    /// same order, for every pair of names (the same name twice, and canonically equal spellings,
    /// among them: the later value replaces the earlier, as in the literal).
    @Test func twoMembersFromKeysAreTheLiteral() {
        for first in Self.names.prefix(24) {
            for second in Self.names.prefix(24) {
                let made = TemplateObject(TemplateKey(first), .string("a"), TemplateKey(second), .int(2))
                let literal: TemplateObject = [first: .string("a"), second: .int(2)]
                #expect(made == literal && made.keys == literal.keys && made.values == literal.values, "\(first) \(second)")
                #expect(made[second] == .int(2))
            }
        }
    }
}
