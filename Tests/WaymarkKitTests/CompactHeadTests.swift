import Foundation
import Testing
@testable import WaymarkKit

/// Fitbit and Beeminder recognise a file from its head searched as bytes (`CompactHead`). The
/// reference is the way they did it before, on the decoded text: both must agree on every head
/// of the fixtures and real exports, and on heads built to differ (byte order mark, blanks
/// between tokens, invalid and cut UTF-8).
struct CompactHeadTests {
    /// The head as text, blanks removed, as the importers computed it before.
    static func referenceCompact(_ file: SourceFile) -> String {
        String(file.headText.unicodeScalars.filter { !" \t\r\n".unicodeScalars.contains($0) })
    }

    static func referenceFitbit(_ file: SourceFile) -> Bool {
        let compact = referenceCompact(file)
        if compact.hasPrefix("[{"), compact.contains("\"logId\":"), compact.contains("\"weight\":"), compact.contains("\"date\":") {
            return true
        }
        let name = file.lowercasedName
        return compact == "[]" && name.hasPrefix("weight-") && name.hasSuffix(".json")
    }

    static func referenceBeeminder(_ file: SourceFile) -> Bool {
        let compact = referenceCompact(file)
        func has(_ key: String) -> Bool { compact.contains("\"" + key + "\":") }
        if compact.hasPrefix("{") {
            if file.lowercasedName.hasSuffix(".bb") { return true }
            if compact.contains("\"params\":{"), BeeminderImporter.paramKeys.contains(where: has) { return true }
            let prefix = "{\"data\":[[\""
            if compact.hasPrefix(prefix) {
                let rest = compact.utf8.dropFirst(prefix.utf8.count)
                if rest.count >= 9, rest.prefix(8).allSatisfy({ $0 >= 48 && $0 <= 57 }), rest.dropFirst(8).first == UInt8(ascii: "\"") { return true }
            }
            return has("slug") && BeeminderImporter.goalKeys.filter(has).count >= 2
        }
        return compact.hasPrefix("[{") && has("daystamp") && has("value")
    }

    /// Heads built to tell a byte search from a text search, if they differed.
    static let crafted: [String] = [
        "", "[]", " [ ] ", "[{}]", "{}",
        "[{\"logId\": 1, \"weight\": 70.5, \"date\": \"01/02/20\"}]",
        "\u{FEFF}[{\"logId\": 1, \"weight\": 70.5, \"date\": \"01/02/20\"}]",
        "\r\n\t [ \r\n{ \"logId\"\t:\n1,\"weight\" : 70, \"date\"\r\n: \"x\"}]",
        "[{\"logId\" :1,\"weight\":1}]",
        "[{\"dateTime\": \"01/01/20 00:00:00\", \"value\": {\"bpm\": 60, \"confidence\": 2}}]",
        "{\"slug\": \"weight\", \"goal_type\": \"fatloser\", \"gunits\": \"kg\"}",
        "{\"slug\":\"x\",\"goal_type\":1}",
        "{ \"params\" : { \"yoog\" : \"u/g\" } }",
        "{\"data\":[[\"20170720\", 1]]}",
        "{\"data\":[[\"2017072\", 1]]}",
        "[{\"daystamp\": \"20170720\", \"value\": 3}]",
        "[{\"daystamp\": \"20170720\"}]",
        "[{\"logId\": 1, \"wéight\": 70, \"weight\": 70, \"date\": \"é\"}]",
    ]

    static func heads() -> [[UInt8]] {
        var heads = crafted.map { Array($0.utf8) }
        // Invalid bytes between and inside tokens, and a head cut inside a two-byte character.
        heads.append(Array("[{\"logId\":1,\u{FF}\"weight\":2,\"date\":3}]".utf8) + [0xFF])
        heads.append([0xFF, 0xFE] + Array("[{\"logId\":1,\"weight\":2,\"date\":3}]".utf8))
        heads.append(Array("[{\"logId\":1,\"weight\":2,\"date\":\"".utf8) + [0xC3])
        heads.append(Array("[{\"log".utf8) + [0xC3] + Array("Id\":1,\"weight\":2,\"date\":3}]".utf8))
        var folders = [TestPaths.fixtures]
        if TestPaths.hasShared { folders.append(TestPaths.shared.appendingPathComponent("real-exports")) }
        for folder in folders {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for url in files.sorted(by: { $0.path < $1.path }) {
                if let data = FileManager.default.contents(atPath: url.path) { heads.append(Array(data.prefix(SourceFile.headSize))) }
            }
        }
        return heads
    }

    @Test func theByteSearchRecognisesWhatTheTextSearchDid() {
        let heads = Self.heads()
        #expect(heads.count > 30)
        var fitbit = 0, beeminder = 0
        for head in heads {
            for name in ["weight-2020-01-01.json", "goal.bb", "goal.json", "data.csv"] {
                let file = SourceFile.memory(name, head)
                #expect(FitbitImporter.recognises(file) == Self.referenceFitbit(file), "\(name): \(String(decoding: head.prefix(80), as: UTF8.self))")
                #expect(BeeminderImporter.recognises(file) == Self.referenceBeeminder(file), "\(name): \(String(decoding: head.prefix(80), as: UTF8.self))")
                if FitbitImporter.recognises(file) { fitbit += 1 }
                if BeeminderImporter.recognises(file) { beeminder += 1 }
            }
        }
        // Both kinds were met, so agreeing was not agreeing on "no" only.
        #expect(fitbit >= 16)
        #expect(beeminder >= 16)
    }

    @Test func blanksAndAByteOrderMarkAreLeftOut() {
        let file = SourceFile.memory("a.json", Array("\u{FEFF} [\r\n\t{\"a\" : 1}]".utf8))
        #expect(CompactHead(file).bytes == Array("[{\"a\":1}]".utf8))
        #expect(CompactHead(file).has(key: "a"))
        #expect(!CompactHead(file).has(key: "b"))
        #expect(CompactHead(SourceFile.memory("b.json", [UInt8]())).bytes.isEmpty)
    }
}
