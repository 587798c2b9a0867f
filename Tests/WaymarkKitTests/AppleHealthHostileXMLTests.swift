import Foundation
import Testing
@testable import WaymarkKit

/// Apple Health exports that are broken or built to hurt: entity bombs, external entities, a
/// DOCTYPE that is not well-formed (iOS 16), truncated files, absurd nesting. Each must end in
/// a diagnostic, keeping what could be read. What proves a bomb is not expanded is what the
/// parser saw (elements, the error's line), not a stopwatch: other tests share the process, so
/// its CPU time says nothing. The time limit only turns a hang into a failure. It counts from
/// when the test is scheduled, not from when it gets a thread: under AddressSanitizer on a busy
/// two-core machine a whole run has taken more than ten minutes, and a two-minute limit failed
/// every test here though none of them hung. So it is the order of a whole run.
@Suite(.timeLimit(.minutes(30)))
struct AppleHealthHostileXMLTests {
    static func read(_ bytes: [UInt8]) -> SourcePart {
        AppleHealthImporter.importer.read([SourceFile.memory("export.xml", bytes)], ImportContext())
    }

    static func read(_ text: String) -> SourcePart { read(Array(text.utf8)) }

    static func weighing(_ day: Int, _ kg: String) -> String {
        " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Health\" unit=\"kg\" startDate=\"2023-12-0\(day) 08:15:00 +0100\" value=\"\(kg)\"/>\n"
    }

    @Test func billionLaughsFailsAtTheFirstReference() {
        // Ten levels of ten references: 10⁹ "lol"s (3 GB) if expanded. The DOCTYPE is cut out
        // before parsing, so &lol9; is a reference to an undeclared entity.
        let bytes = AppleHealthImporterTests.fixture("billion-laughs.xml")
        #expect(bytes.count > 1000)
        let part = Self.read(bytes)
        // 2023-12-03 08:15:00 +0100, the record before the bomb.
        #expect(part.export.weights == [WeightEntry(date: .instant(1_701_587_700), kg: 70.5)])
        let errors = part.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.location == .line(16))
        #expect(errors.first?.message.contains("Entity 'lol9' not defined") == true)
        #expect(errors.first?.dropsRecord == true)
    }

    @Test func theParserAloneExpandsNoEntity() {
        // Defence in depth: even given the DOCTYPE, libxml2 as configured declares no entity
        // (no entity handler) and expands none (no XML_PARSE_NOENT).
        final class Counter: HealthXMLHandler {
            var elements = 0
            func startElement(_ name: UnsafeRawBufferPointer, depth: Int, attributes: HealthXMLAttributes, line: Int) {
                elements += 1
                #expect(attributes.string("sourceName")?.contains("lollol") != true)
            }
        }
        let counter = Counter()
        let parser = HealthXMLParser(handler: counter, name: "billion-laughs.xml")
        let bytes = AppleHealthImporterTests.fixture("billion-laughs.xml")
        bytes.withUnsafeBytes { _ = parser.push($0) }
        parser.finish()
        #expect(parser.failure != nil)
        #expect(counter.elements <= 3)
    }

    @Test func externalEntitiesAreNeverFetched() {
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE HealthData [
        <!ENTITY xxe SYSTEM "file:///etc/passwd">
        <!ENTITY remote SYSTEM "http://127.0.0.1:9/x">
        ]>
        <HealthData>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="&xxe;" unit="kg" startDate="2023-12-03 08:15:00 +0100" value="70"/>
        </HealthData>
        """
        let part = Self.read(text)
        #expect(part.export.weights.isEmpty)
        #expect(part.diagnostics.count == 1)
        #expect(part.diagnostics.first?.location == .line(7))
        #expect(part.diagnostics.first?.message.contains("Entity 'xxe' not defined") == true)
    }

    @Test func aCommentHidingTheEndOfTheDoctypeFailsCleanly() {
        // The DOCTYPE is cut at the first "]>", here inside a comment: what is left of it is
        // text before the root element, which the parser refuses.
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n<!-- ]> -->\n<!ENTITY a \"aaaa\">\n]>\n<HealthData>\n"
            + Self.weighing(3, "70") + "</HealthData>\n"
        let part = Self.read(text)
        #expect(part.export.weights.isEmpty)
        #expect(part.diagnostics.count == 1)
        #expect(part.diagnostics.first?.location == .line(3))
        #expect(part.diagnostics.first?.dropsRecord == false)
    }

    @Test func aSecondDoctypeIsCutOutToo() {
        // Found by the fuzzer: with the first DOCTYPE cut out, libxml2 took the second for the
        // only one and kept its entities (in a document the parser then had to free).
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE He<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n<!ENTITY a \"x\">\n]>\n<HealthData>\n"
            + " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"&a;\" unit=\"kg\" startDate=\"2023-12-03 08:15:00 +0100\" value=\"70\"/>\n</HealthData>\n"
        let part = Self.read(text)
        #expect(part.export.weights.isEmpty)
        #expect(part.diagnostics.count == 1)
        #expect(part.diagnostics.first?.location == .line(7))
        #expect(part.diagnostics.first?.message.contains("Entity 'a' not defined") == true)
    }

    @Test func readsTheBrokenDoctypeAndControlCharacterOfIOS16() {
        let part = Self.read(AppleHealthImporterTests.fixture("ios16-broken-doctype.xml"))
        #expect(part.diagnostics.isEmpty)
        // 181.5 lb on 2022-11-18 07:00:00 -0800.
        #expect(part.export.weights.count == 1)
        #expect(part.export.weights.first?.date == .instant(1_668_783_600))
        #expect(abs((part.export.weights.first?.kg ?? 0) - 82.327015155) < 1e-9)
        // And 220 steps from the iPhone at 2022-11-18 08:00:00 -0800, read as the weighing is.
        #expect(part.export.activity == [ActivitySample(metric: .steps, date: .instant(1_668_787_200), value: 220, source: "iPhone")])
        #expect(part.dropped.isEmpty)
        #expect(part.remarks.contains("1 control character that XML does not allow (such as U+000B, which iOS 16 writes) read as spaces"))
    }

    @Test func aTruncatedExportKeepsWhatCameBefore() {
        let text = "<?xml version=\"1.0\"?>\n<HealthData>\n" + Self.weighing(1, "70") + Self.weighing(2, "70.2")
            + " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Hea"
        let part = Self.read(text)
        #expect(part.export.weights.map(\.kg) == [70, 70.2])
        #expect(part.diagnostics.count == 1)
        #expect(part.diagnostics.first?.location == .line(5))
        #expect(part.diagnostics.first?.dropsRecord == true)
        #expect(part.diagnostics.first?.message.hasSuffix("what follows was not read") == true)
    }

    @Test func invalidUTF8StopsAtItsLine() {
        var bytes = Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData>\n" + Self.weighing(1, "70")).utf8)
        bytes += Array(" <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"".utf8) + [0xC3, 0x28]
        bytes += Array("\" unit=\"count\" startDate=\"2023-12-01 08:15:00 +0100\" value=\"3\"/>\n</HealthData>\n".utf8)
        let part = Self.read(bytes)
        #expect(part.export.weights.count == 1)
        #expect(part.diagnostics.filter { $0.severity == .error }.map(\.location) == [.line(4)])
    }

    @Test func anotherRootIsNotAnExport() {
        let part = Self.read("<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData>\n<ClinicalDocument>\n" + Self.weighing(1, "70") + "</ClinicalDocument>\n")
        #expect(part.export.weights.isEmpty)
        #expect(part.diagnostics.map(\.description) == ["export.xml: is not an Apple Health export: its root element is <ClinicalDocument>, not <HealthData>"])
    }

    @Test func emptyAndNonXMLFilesAreErrors() {
        for text in ["", "   \n", "date,kg\n2023-12-03,70\n", "<HealthData"] {
            let part = Self.read(text)
            #expect(part.export.weights.isEmpty)
            #expect(part.diagnostics.count == 1, "\(text)")
            #expect(part.diagnostics.first?.severity == .error)
        }
    }

    @Test func deepNestingIsHarmless() {
        // libxml2's SAX parser has no depth limit in push mode (its 256 levels guard the tree
        // it builds otherwise); the importer only looks at depth 1, so depth costs nothing.
        let depth = 100_000
        let text = "<HealthData>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</HealthData>"
        let part = Self.read(text)
        #expect(part.diagnostics.isEmpty)
        #expect(part.dropped == [.init(AppleHealthImporter.otherRecordsReason, 1)])
    }

    @Test func aHugeAttributeStopsAtLibxmlsLimit() {
        // libxml2 refuses attribute values over 10,000,000 bytes unless XML_PARSE_HUGE is set.
        let text = "<HealthData>\n <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\""
            + String(repeating: "x", count: 12_000_000) + "\" unit=\"kg\" startDate=\"2023-12-03 08:15:00 +0100\" value=\"70\"/>\n</HealthData>\n"
        let part = Self.read(text)
        #expect(part.export.weights.isEmpty)
        #expect(part.diagnostics.count == 1)
        #expect(part.diagnostics.first?.location == .line(2))
    }

    @Test func aDoctypeThatNeverEndsIsRefused() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n" + String(repeating: "<!-- x -->\n", count: 1_700_000)
        let part = Self.read(text)
        #expect(part.diagnostics.map(\.description) == [
            "export.xml: the document type declaration at the top is longer than 16 MiB; this is not an Apple Health export",
        ])
    }

    @Test func everyForbiddenControlByteBecomesASpaceAtAnyAlignment() {
        // Every byte value at every offset within an 8-byte word, against a byte-by-byte rule.
        let pattern = (0..<256).map(UInt8.init) + Array("tail".utf8)
        for shift in 0..<8 {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: shift) + pattern
            let expected = bytes.map { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D ? 0x20 : $0 }
            let count = bytes.withUnsafeMutableBytes { HealthXMLPrologFilter.replaceControlCharacters($0) }
            #expect(bytes == expected)
            #expect(count == 29)
        }
    }

    @Test func theDoctypeFilterKeepsLineBreaksAndFindsTheEndAcrossChunks() {
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\r\n<!-- c -->\n<!DOCTYPE HealthData [\r\n<!ELEMENT a EMPTY>\n]  >\n<HealthData/>"
        var filter = HealthXMLPrologFilter()
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        // One byte at a time: the end of the DOCTYPE is found whatever the chunks.
        for (i, byte) in bytes.enumerated() {
            var one = [byte]
            one.withUnsafeMutableBytes { chunk in
                try? filter.feed(chunk, last: i == bytes.count - 1) { out += $0 }
            }
        }
        #expect(String(decoding: out, as: UTF8.self) == "\u{FEFF}<?xml version=\"1.0\"?>\r\n<!-- c -->\n\r\n\n\n<HealthData/>")
        #expect(filter.skippedDoctype)
    }
}
