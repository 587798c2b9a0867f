import Testing
@testable import WaymarkKit

struct UIStringTests {
    @Test func placeholdersAreFilledInOnePass() {
        #expect(UIString.doneOfDue.text(.en, ["done": "3", "due": "5"]) == "3 of 5 due were done")
        #expect(UIString.doneOfDue.text(.zhHans, ["done": "3", "due": "5"]) == "到期 5 个，完成 3 个")
        #expect(UIString.hoursMinutes.text(.en, ["h": "2", "m": "5"]) == "2 h 5 min")
        // A value that looks like a placeholder stays as it is, whatever the key order.
        for _ in 0..<20 {
            #expect(UIString.doneOfDue.text(.en, ["done": "{due}", "due": "{done}"]) == "{due} of {done} due were done")
        }
        #expect(UIString.siteTitleNamed.text(.en, ["name": "{name} {x"]) == "{name} {x’s progress")
        // A missing value leaves the placeholder visible rather than dropping text.
        #expect(UIString.doneOfDue.text(.en, ["done": "1"]) == "1 of {due} due were done")
    }

    /// The plain reference: the sentence read as a `String`, each `{name}` made a `String` and
    /// looked up in the dictionary.
    static func reference(_ key: UIString, _ language: Language, _ values: [String: String]) -> String {
        let template = key.text(language).utf8
        var out = ""
        var index = template.startIndex
        var literalStart = index
        while let open = template[index...].firstIndex(of: UInt8(ascii: "{")) {
            guard let close = template[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let name = String(Substring(template[template.index(after: open)..<close]))
            if let value = values[name] {
                out += Substring(template[literalStart..<open])
                out += BidiIsolation.isolated(value)
                literalStart = template.index(after: close)
            }
            index = template.index(after: open)
        }
        out += Substring(template[literalStart...])
        return out
    }

    /// Every sentence in both languages, with every name it uses (and others) given values that
    /// look like placeholders, hold direction controls or are empty, and with none.
    @Test func fillingInMatchesTheReference() {
        let names = Set(Language.allCases.flatMap { language in
            UIString.allCases.flatMap { key -> [String] in
                let text = key.text(language)
                return text.split(separator: "{").dropFirst().compactMap { $0.split(separator: "}", omittingEmptySubsequences: false).first.map(String.init) }
            }
        }).sorted()
        #expect(names.contains("date") && names.contains("n") && names.count > 20)
        let shapes = ["7", "", "{n}", "}{", "名字", "a\u{202E}b", "\u{2067}x", "Café", "{date} – {n}"]
        var compared = 0
        for language in Language.allCases {
            for key in UIString.allCases {
                for (k, shape) in shapes.enumerated() {
                    var values = Dictionary(uniqueKeysWithValues: names.enumerated().map { i, name in (name, shapes[(i + k) % shapes.count] + shape) })
                    values["notUsed"] = "x"
                    #expect(key.text(language, values) == Self.reference(key, language, values), "\(key) \(language)")
                    compared += 1
                }
                #expect(key.text(language, [:]) == Self.reference(key, language, [:]))
            }
        }
        #expect(compared > 2 * 500 * 9)
        // Names canonically equal to the sentence's own are the same name, as for a dictionary.
        // KELVIN SIGN is canonically "K", OHM SIGN "Ω": a dictionary finds them by either.
        for (asked, given) in [("K", "\u{212A}"), ("\u{03A9}", "\u{2126}"), ("e\u{0301}", "\u{00E9}"), ("K", "k")] {
            let found = Array(asked.utf8).withUnsafeBufferPointer { UIString.value(named: $0, in: [given: "v"]) }
            #expect(found == [given: "v"][asked], "\(asked) \(given)")
        }
        #expect(Array("K".utf8).withUnsafeBufferPointer { UIString.value(named: $0, in: ["\u{212A}": "v"]) } == "v")
    }

    /// A sentence around its one placeholder, filled in by hand, is the sentence filled in, for
    /// every sentence with exactly one placeholder in both languages and values that need no
    /// isolation; a sentence with another placeholder, or none, has no such split.
    @Test func aSentenceAroundItsPlaceholderIsTheSentenceFilledIn() {
        let values = ["Jan 6, 2020", "2020年1月6日", "", "5 km", "{date}", "a & b"]
        var split = 0
        for key in UIString.allCases {
            for language in [Language.en, .zhHans] {
                for name in ["date", "n", "name", "year", "q"] {
                    guard let around = key.around(name, language) else {
                        // Nil only where the sentence does not hold this one placeholder alone.
                        let text = key.text(language)
                        let count = text.components(separatedBy: "{" + name + "}").count - 1
                        #expect(count != 1 || text.replacingOccurrences(of: "{" + name + "}", with: "").contains("{"), "\(key) \(name)")
                        continue
                    }
                    split += 1
                    for value in values {
                        #expect(around.before + value + around.after == key.text(language, [name: value]), "\(key) \(language) \(value)")
                    }
                }
            }
        }
        #expect(split > 20)
        #expect(UIString.weekOf.around("date", .en).map { $0.before + "Jan 6, 2020" + $0.after } == "week of Jan 6, 2020")
        #expect(UIString.weekOf.around("date", .zhHans).map { $0.before + "2020年1月6日" + $0.after } == "2020年1月6日当周")
        #expect(UIString.quarterOf.around("q", .en) == nil)
    }
}
