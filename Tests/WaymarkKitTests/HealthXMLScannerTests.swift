import Foundation
import Testing
@testable import WaymarkKit

/// `HealthXMLScanner`, the fast reader of `export.xml`, against its plain reference, libxml2
/// (`HealthXMLParser`): on every real export and fixture both give the same part, record for
/// record and message for message; the scanner gives up on what it leaves to libxml2.
struct HealthXMLScannerTests {
    /// Every element start the scanner or libxml2 reports, as text.
    final class Recorder: HealthXMLHandler {
        var events: [String] = []
        static let names: [StaticString] = ["type", "value", "unit", "sourceName", "startDate", "device", "key", "locale"]

        func startElement(_ name: UnsafeRawBufferPointer, depth: Int, attributes: HealthXMLAttributes, line: Int) {
            let values = Self.names.compactMap { n in attributes.string(n).map { "\(n)=\($0)" } }
            events.append("\(line) \(depth) \(String(decoding: name, as: UTF8.self)) " + values.joined(separator: " "))
        }
    }

    /// The events of `bytes` through the scanner, fed `chunk` bytes at a time, and why it gave up.
    static func scanned(_ bytes: [UInt8], chunk: Int = 1 << 20) -> (events: [String], unsupported: String?) {
        let recorder = Recorder()
        let scanner = HealthXMLScanner(handler: recorder)
        var filter = HealthXMLPrologFilter()
        var copy = bytes
        copy.withUnsafeMutableBytes { all in
            var start = 0
            repeat {
                let end = min(all.count, start + chunk)
                try? filter.feed(UnsafeMutableRawBufferPointer(rebasing: all[start..<end]), last: end == all.count) { scanner.push($0) }
                start = end
            } while start < all.count
        }
        scanner.finish()
        return (recorder.events, scanner.unsupported)
    }

    /// The events of `bytes` through libxml2. Without entity substitution, libxml2's SAX2 passes
    /// `&amp;` in a value on as `&#38;` (the scanner gives `&`, as XML means): read back here.
    static func parsed(_ bytes: [UInt8]) -> [String] {
        let recorder = Recorder()
        let parser = HealthXMLParser(handler: recorder, name: "export.xml")
        var filter = HealthXMLPrologFilter()
        var copy = bytes
        copy.withUnsafeMutableBytes { all in
            try? filter.feed(all, last: true) { parser.push($0) }
        }
        parser.finish()
        return recorder.events.map { $0.replacing("&#38;", with: "&") }
    }

    static func realExports() -> [String] {
        let real = TestPaths.shared.appendingPathComponent("real-exports")
        return ["apple-health-activity/ericwolter-2015-en_DE-export.xml", "apple-health-activity/rgosdin-2019-v8-export.xml",
                "apple-health-dogsheep-healthkit-to-sqlite/export.xml",
                "apple-health-dogsheep-healthkit-to-sqlite/zip_contents/apple_health_export/export.xml",
                "apple-health-tdda-applehealthdata/export6s3sample.xml"].map { real.appendingPathComponent($0).path }
    }

    static func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func everyRealExportReadsAsLibxml2ReadsIt() throws {
        for path in Self.realExports() {
            let bytes = Self.bytes(path)
            #expect(!bytes.isEmpty, "\(path)")
            let scanned = Self.scanned(bytes)
            #expect(scanned.unsupported == nil, "\(path)")
            #expect(scanned.events == Self.parsed(bytes), "\(path)")
            // Fed in small odd pieces, tags cut anywhere: the same.
            #expect(Self.scanned(bytes, chunk: 997).events == scanned.events, "\(path)")
            // And the importer's whole part, through each reader.
            let file = SourceFile.memory("export.xml", bytes)
            let context = ImportContext(zone: Zone(identifier: "Europe/Berlin") ?? .utc)
            var gaveUp: String?
            let fast = try #require(AppleHealthImporter.read(file, context, scanner: true, gaveUp: &gaveUp))
            let plain = try #require(AppleHealthImporter.read(file, context, scanner: false, gaveUp: &gaveUp))
            #expect(gaveUp == nil)
            #expect(fast.export == plain.export, "\(path)")
            #expect(fast.diagnostics.map(\.description) == plain.diagnostics.map(\.description), "\(path)")
            #expect(fast.dropped == plain.dropped && fast.remarks == plain.remarks, "\(path)")
        }
    }

    @Test func theFixturesReadAsLibxml2ReadsThem() throws {
        for name in ["export.xml", "ios16-broken-doctype.xml"] {
            let bytes = AppleHealthImporterTests.fixture(name)
            let scanned = Self.scanned(bytes, chunk: 61)
            #expect(scanned.unsupported == nil, "\(name)")
            #expect(scanned.events == Self.parsed(bytes), "\(name)")
        }
    }

    @Test func valuesAreNormalisedAndResolvedAsXMLSays() {
        let xml = "<HealthData locale=\"en\">\n <Record type=\"a&lt;b&#x41;&#66;&amp;\" value='x\ty\nz' sourceName=\"Anna’s iPhone\" unit=\"&quot;&apos;\"/>\n</HealthData>\n"
        let scanned = Self.scanned(Array(xml.utf8), chunk: 5)
        #expect(scanned.unsupported == nil)
        #expect(scanned.events == ["1 0 HealthData locale=en", "3 1 Record type=a<bAB& value=x y z unit=\"' sourceName=Anna’s iPhone"])
        #expect(scanned.events == Self.parsed(Array(xml.utf8)))
    }

    @Test func whatItLeavesToLibxml2() {
        let cases: [(String, String)] = [
            ("<HealthData><![CDATA[x]]></HealthData>", "a declaration or CDATA section"),
            ("<HealthData>text</HealthData>", "text outside the tags"),
            ("<HealthData a=\"&lol;\"/>", "an entity other than XML's five"),
            ("<HealthData a=\"1\" a=\"2\"/>", "an attribute given twice"),
            ("<HealthData><Record></Workout></HealthData>", "a closing tag that is not its element's"),
            ("<HealthData>\r\n</HealthData>", "a carriage return"),
            ("<HealthData a=\"\u{FFFF}\"/>", "bytes that are not UTF-8 or not XML characters"),
            ("<HealthData a=\"&#0;\"/>", "a character reference to no XML character"),
            ("<h:HealthData/>", "a name that is not plain ASCII or has a namespace prefix"),
            ("<HealthData/><Other/>", "an element after the root element"),
            ("<HealthData><Record a=\"1\"", "a file that ends inside a tag"),
            ("<HealthData><Record/>", "a file that ends before its root element does"),
            ("<HealthData a=\"x<y\"/>", "a '<' in an attribute value"),
            ("<HealthData><!-- a -- b --></HealthData>", "'--' inside a comment"),
            ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><HealthData/>", "an encoding other than UTF-8"),
            // The fuzz target's first find: NULs in the declaration, made spaces by the prolog
            // filter, leave `version="1.        ing="UTF-8"`, which libxml2 refuses.
            ("<?xml version=\"1.\u{0}\u{0}\u{0} ing=\"UTF-8\"?><HealthData/>", "an XML declaration that is not well-formed"),
            ("<?xml encoding=\"UTF-8\"?><HealthData/>", "an XML declaration that is not well-formed"),
            ("<?XML version=\"1.0\"?><HealthData/>", "an XML declaration after the start"),
            // The second find: white space before the declaration.
            ("\t\t<?xml version=\"1.0\"?><HealthData/>", "an XML declaration after the start"),
            ("<HealthData><?pi!?></HealthData>", "a processing instruction without white space after its target"),
        ]
        for (xml, why) in cases {
            #expect(Self.scanned(Array(xml.utf8)).unsupported == why, "\(xml)")
        }
        var bad: [UInt8] = Array("<HealthData a=\"".utf8) + [0xC3, 0x28] + Array("\"/>".utf8)
        #expect(Self.scanned(bad).unsupported == "bytes that are not UTF-8 or not XML characters")
        bad = Array("<HealthData a=\"".utf8) + [0xE0, 0x80, 0x80] + Array("\"/>".utf8)  // an overlong form
        #expect(Self.scanned(bad).unsupported == "bytes that are not UTF-8 or not XML characters")
    }

    @Test func aFileTheScannerLeavesIsReadByLibxml2WithARemark() {
        let xml = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en\">\n <ExportDate value=\"2023-12-03 08:15:00 +0100\"/>\n <![CDATA[ ]]>\n"
            + " <Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" value=\"70\" sourceName=\"Scale\" startDate=\"2023-12-02 07:00:00 +0100\" endDate=\"2023-12-02 07:00:00 +0100\"/>\n</HealthData>\n"
        let part = AppleHealthImporter.importer.read([SourceFile.memory("export.xml", xml)], ImportContext())
        #expect(part.export.weights.map(\.kg) == [70])
        #expect(part.remarks.contains("read by libxml2, not the faster reader, which does not read a declaration or CDATA section"))
    }
}
