import Foundation
import Testing
@testable import WaymarkKit

/// The Apple Health importer on its fixtures (Fixtures/Import/apple-health/) and on real exports.
/// Instants were worked out with Python's `datetime.strptime(…, "%Y-%m-%d %H:%M:%S %z")`.
struct AppleHealthImporterTests {
    static let folder = TestPaths.fixtures.appendingPathComponent("Import/apple-health")

    static func fixture(_ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) ?? Data())
    }

    static func read(_ text: String, name: String = "export.xml") -> SourcePart {
        read(Array(text.utf8), name: name)
    }

    static func read(_ bytes: [UInt8], name: String = "export.xml") -> SourcePart {
        AppleHealthImporter.importer.read([SourceFile.memory(name, bytes)], ImportContext())
    }

    /// A minimal export around `records`.
    static func export(_ records: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n" + records + "\n</HealthData>\n"
    }

    static func record(_ type: String, unit: String, value: String, start: String = "2023-12-03 08:15:00 +0100") -> String {
        " <Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"Health\" unit=\"\(unit)\" startDate=\"\(start)\" endDate=\"\(start)\" value=\"\(value)\"/>"
    }

    /// What the fixture export.xml holds, checked for it and for its CRLF, BOM and zip variants.
    static func checkFixture(_ part: SourcePart, file: String) {
        let weights = part.export.weights
        #expect(weights.count == 4)
        // 2023-11-30 07:10:00 +0100, 72.4 kg.
        #expect(weights.first == WeightEntry(date: .instant(1_701_324_600), kg: 72.4))
        // 2023-12-01 06:45:30 -0500, 160.2 lb.
        #expect(weights.count > 1 && weights[1].date == .instant(1_701_431_130))
        #expect(weights.count > 1 && abs(weights[1].kg - 72.665497674) < 1e-9)
        // 2023-12-03 07:05:00 +0100 from Withings; the same from Health Mate is dropped as a copy.
        #expect(weights.count > 2 && weights[2] == WeightEntry(date: .instant(1_701_583_500), kg: 71.8))
        // 2023-12-03 19:30:00 +0100, 72150 g.
        #expect(weights.count > 3 && weights[3].date == .instant(1_701_628_200))
        #expect(weights.count > 3 && abs(weights[3].kg - 72.15) < 1e-9)
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_701_324_600), percent: 21.5)])
        // The later of 170 cm (2020) and 5.75 ft = 175.26 cm (2023), to a tenth.
        #expect(part.export.profile.heightCm == 175.3)
        #expect(part.export.profile.exportedAt == .instant(1_701_587_700))
        // Steps, heart rate, the blood pressure correlation (its records are copies), the
        // workout and the activity summary.
        #expect(part.dropped.contains(.init(AppleHealthImporter.otherRecordsReason, 5)))
        #expect(part.dropped.contains(.init("weighings written twice (same time and weight, from two apps)", 1)))
        let errors = part.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.dropsRecord })
        #expect(errors.first?.description == "\(file):36: body mass record: value is not a number (got \"abc\")")
        #expect(errors.last?.description ==
                "\(file):37: body mass record: startDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"2023-12-02 25:00:00 +0100\")")
        #expect(part.remarks.contains("1 weighing written in pounds converted to kilograms (× 0.45359237)"))
        #expect(part.remarks.contains("1 weighing written in grams converted to kilograms (× 0.001)"))
        #expect(part.remarks.contains("height 175.3 cm: the latest of 2 readings (2023-06-10)"))
    }

    @Test func readsTheFixture() {
        let part = Self.read(Self.fixture("export.xml"))
        #expect(part.kind == AppleHealthImporter.name)
        #expect(part.files == ["export.xml"])
        Self.checkFixture(part, file: "export.xml")
    }

    @Test func crlfAndByteOrderMarkChangeNothing() {
        let text = String(decoding: Self.fixture("export.xml"), as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        let file = SourceFile.memory("export.xml", bytes)
        #expect(AppleHealthImporter.recognises(file))
        Self.checkFixture(AppleHealthImporter.importer.read([file], ImportContext()), file: "export.xml")
    }

    @Test func readsTheZipWithItsOtherFolders() {
        // export.zip: apple_health_export/export.xml (the fixture), export_cda.xml, two workout
        // routes, an electrocardiogram and __MACOSX/apple_health_export/._export.xml.
        let zip = Self.folder.appendingPathComponent("export.zip").path
        let outcome = SourceReader(context: ImportContext()).read([zip])
        let report = outcome.reports.first
        #expect(report?.ignored == [])
        #expect(report?.parts.count == 1)
        let part = report?.parts.first
        #expect(part?.kind == AppleHealthImporter.name)
        #expect(part?.files == [zip + "/apple_health_export/export.xml"])
        #expect(part?.counts.weighings == 4)
        #expect(part?.counts.bodyFat == 1)
        #expect(part?.dropped.contains(.init(AppleHealthImporter.otherFilesReason, 4)) == true)
        #expect(part?.errors == 2)
        let errors = outcome.imported.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.file) == [zip + "/apple_health_export/export.xml", zip + "/apple_health_export/export.xml"])
        #expect(errors.first.map { "\($0.location)" } == "\(Diagnostic.Location.line(36))")
        #expect(outcome.imported.export.weights.count == 4)
        #expect(outcome.imported.export.profile.heightCm == 175.3)
    }

    @Test func convertsHeightUnits() {
        for (unit, value, cm) in [("cm", "172", 172.0), ("m", "1.72", 172.0), ("ft", "5.5", 167.6), ("in", "70", 177.8)] {
            let part = Self.read(Self.export(Self.record("Height", unit: unit, value: value)))
            #expect(part.export.profile.heightCm == cm, "\(value) \(unit)")
            #expect(part.diagnostics.isEmpty)
        }
        let bad = Self.read(Self.export(Self.record("Height", unit: "cm", value: "1720")))
        #expect(bad.export.profile.heightCm == nil)
        #expect(bad.diagnostics.first?.description == "export.xml:3: height record: expected a height between 30 and 300 cm (got \"1720\" cm)")
    }

    @Test func convertsMassUnits() {
        let part = Self.read(Self.export([
            Self.record("BodyMass", unit: "kg", value: "70", start: "2023-01-01 08:00:00 +0000"),
            Self.record("BodyMass", unit: "lb", value: "154", start: "2023-01-02 08:00:00 +0000"),
            Self.record("BodyMass", unit: "g", value: "70500", start: "2023-01-03 08:00:00 +0000"),
            Self.record("BodyMass", unit: "st", value: "11", start: "2023-01-04 08:00:00 +0000"),
            Self.record("BodyMass", unit: "oz", value: "2400", start: "2023-01-05 08:00:00 +0000"),
        ].joined(separator: "\n")))
        let kg = part.export.weights.map(\.kg)
        #expect(kg.count == 4)
        // 154 × 0.45359237 = 69.85322498; 11 × 6.35029318 = 69.85322498 (a stone is 14 lb).
        let expected = [70, 69.85322498, 70.5, 69.85322498]
        #expect(zip(kg, expected).allSatisfy { abs($0 - $1) < 1e-8 })
        // 2023-01-01 08:00:00 UTC.
        #expect(part.export.weights.first?.date == .instant(1_672_560_000))
        #expect(part.diagnostics.map(\.description) == ["export.xml:7: body mass record: unit is not kg, lb, g or st (got \"oz\")"])
    }

    @Test func bodyFatIsAFractionOrAPercentage() {
        let part = Self.read(Self.export([
            Self.record("BodyFatPercentage", unit: "%", value: "0.1507", start: "2021-07-10 04:32:01 -0400"),
            Self.record("BodyFatPercentage", unit: "%", value: "18.4", start: "2021-07-11 04:32:01 -0400"),
            Self.record("BodyFatPercentage", unit: "%", value: "140", start: "2021-07-12 04:32:01 -0400"),
            Self.record("BodyFatPercentage", unit: "%", value: "0", start: "2021-07-13 04:32:01 -0400"),
        ].joined(separator: "\n")))
        // 2021-07-10 04:32:01 -0400 = 1625905921.
        #expect(part.export.bodyFat.first?.date == .instant(1_625_905_921))
        #expect(part.export.bodyFat.map(\.percent).count == 2)
        #expect(abs((part.export.bodyFat.first?.percent ?? 0) - 15.07) < 1e-9)
        #expect(part.export.bodyFat.last?.percent == 18.4)
        #expect(part.remarks.contains("1 body fat reading written as a percentage (above 1) instead of Apple's fraction; read as percent"))
        #expect(part.diagnostics.map(\.description) == [
            "export.xml:5: body fat record: expected a fraction between 0 and 1 (got \"140\")",
            "export.xml:6: body fat record: expected a fraction between 0 and 1 (got \"0\")",
        ])
    }

    @Test func eachRecordKeepsItsOwnOffset() {
        let part = Self.read(Self.export([
            Self.record("BodyMass", unit: "kg", value: "80", start: "2024-03-31 01:59:59 +0100"),
            Self.record("BodyMass", unit: "kg", value: "80.2", start: "2024-03-31 03:00:00 +0200"),
            Self.record("BodyMass", unit: "kg", value: "80.4", start: "2024-03-30 20:00:01 -0500"),
            Self.record("BodyMass", unit: "kg", value: "80.6", start: "2024-03-31 09:30:00 +0530"),
            // The first exports (iOS 8) wrote compact dates.
            Self.record("BodyMass", unit: "kg", value: "80.8", start: "20150616071820-0700"),
        ].joined(separator: "\n")))
        // 00:59:59Z, 01:00:00Z, 01:00:01Z, 04:00:00Z on 2024-03-31; 2015-06-16 14:18:20Z.
        #expect(part.export.weights.map(\.date) == [.instant(1_711_846_799), .instant(1_711_846_800), .instant(1_711_846_801),
                                                    .instant(1_711_857_600), .instant(1_434_464_300)])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func recordProblemsNameTheirLine() {
        let part = Self.read(Self.export([
            " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Health\" unit=\"kg\" startDate=\"2023-12-03 08:15:00 +0100\"/>",
            " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Health\" unit=\"kg\" value=\"72\"/>",
            Self.record("BodyMass", unit: "kg", value: "-3"),
            Self.record("BodyMass", unit: "kg", value: "1e400"),
            Self.record("BodyMass", unit: "kg", value: "72", start: "2023-12-03"),
        ].joined(separator: "\n")))
        #expect(part.export.weights.isEmpty)
        #expect(part.diagnostics.map(\.description) == [
            "export.xml:3: body mass record: has no value",
            "export.xml:4: body mass record: has no startDate",
            "export.xml:5: body mass record: expected a weight between 0.1 and 1000 kg (got \"-3\" kg)",
            "export.xml:6: body mass record: value is not a number (got \"1e400\")",
            "export.xml:7: body mass record: startDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"2023-12-03\")",
        ])
        #expect(part.diagnostics.allSatisfy { $0.dropsRecord && $0.severity == .error })
    }

    @Test func aStartTagOverSeveralLinesIsNamedByTheLineOfItsEnd() {
        let part = Self.read(Self.export(
            " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Health\"\n   unit=\"kg\"\n   startDate=\"2023-12-03 08:15:00 +0100\" value=\"x\"/>"))
        #expect(part.diagnostics.map(\.description) == ["export.xml:5: body mass record: value is not a number (got \"x\")"])
    }

    @Test func tooManyProblemsAreCountedAfterTheFirstFiveHundred() {
        let records = (0..<600).map { _ in Self.record("BodyMass", unit: "kg", value: "heavy") }.joined(separator: "\n")
        let part = Self.read(Self.export(records))
        #expect(part.diagnostics.count == 501)
        #expect(part.diagnostics.last?.description == "export.xml: 100 more records with problems like those above were dropped")
        #expect(part.diagnostics.last?.dropsRecord == true)
    }

    // MARK: - Detection

    @Test func recognisesByContentWhateverTheName() {
        let text = Self.export(Self.record("BodyMass", unit: "kg", value: "70"))
        #expect(AppleHealthImporter.recognises(.memory("health backup.txt", text)))
        #expect(AppleHealthImporter.recognises(.memory("Export.XML", text)))
        // The DOCTYPE names the root even when the head ends before it.
        let longDoctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n" + String(repeating: "<!-- padding -->\n", count: 400)
        #expect(AppleHealthImporter.recognises(.memory("renamed.xml", longDoctype)))
    }

    @Test func claimsNoOtherXML() {
        let cda = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\">\n</ClinicalDocument>\n"
        #expect(!AppleHealthImporter.recognises(.memory("export_cda.xml", cda)))
        #expect(!AppleHealthImporter.recognises(.memory("export.xml", cda)))
        let gpx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Apple Health Export\"><trk/></gpx>\n"
        #expect(!AppleHealthImporter.recognises(.memory("route_2023-12-02_6.08pm.gpx", gpx)))
        #expect(!AppleHealthImporter.recognises(.memory("export.xml", "date,kg\n2023-12-03,70\n")))
        #expect(!AppleHealthImporter.recognises(.memory("export.xml", "<?xml version=\"1.0\"?><HealthDataX/>")))
        // An export.xml with a head that is only an XML declaration and something else.
        #expect(!AppleHealthImporter.recognises(.memory("export.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html/>")))
    }

    @Test func claimsTheFilesAppleWritesBesideTheExport() {
        let xml = Self.export("")
        let files: [SourceFile] = [
            .memory("apple_health_export/export.xml", xml, in: "export.zip"),
            .memory("apple_health_export/export_cda.xml", "<ClinicalDocument/>", in: "export.zip"),
            .memory("apple_health_export/workout-routes/route_1.gpx", "<gpx/>", in: "export.zip"),
            .memory("apple_health_export/electrocardiograms/ecg_1.csv", "Name,Anna\n", in: "export.zip"),
            .memory("other/notes.csv", "a,b\n", in: "export.zip"),
        ]
        let units = AppleHealthImporter.importer.claim(files)
        #expect(units.map { $0.map(\.relative) } == [[
            "apple_health_export/export.xml", "apple_health_export/export_cda.xml",
            "apple_health_export/workout-routes/route_1.gpx", "apple_health_export/electrocardiograms/ecg_1.csv",
        ]])
        // The CDA document alone is left for others (or reported as unknown).
        #expect(AppleHealthImporter.importer.claim([files[1]]).isEmpty)
    }

    /// The first to claim files: only the Waymark export, a folder format, comes before it.
    @Test func isFirstInTheImporterList() {
        #expect(SourceImporters.all.map(\.id).prefix(2) == ["waymark", "apple-health"])
        #expect(SourceImporters.all.first?.folder != nil && SourceImporters.all.dropFirst().allSatisfy { $0.folder == nil })
    }

    @Test func reportsProgressEveryFewMegabytes() {
        // 10 MB of step counts: progress at 4 and 8 MB (read in 1 MB chunks).
        let line = Self.record("StepCount", unit: "count", value: "100") + "\n"
        let count = 10_000_000 / line.utf8.count + 1
        let text = Self.export(String(repeating: line, count: count))
        let seen = Mutex<[Int64]>([])
        let context = ImportContext(progress: { _, done, total in
            seen.withLock { $0.append(done) }
            #expect(total == Int64(text.utf8.count))
        })
        let part = AppleHealthImporter.importer.read([.memory("export.xml", text)], context)
        #expect(part.dropped == [.init(AppleHealthImporter.otherRecordsReason, count)])
        #expect(seen.withLock { $0 } == [4 << 20, 8 << 20])
    }

    // MARK: - Real exports

    static let dogsheep = TestPaths.shared.appendingPathComponent("real-exports/apple-health-dogsheep-healthkit-to-sqlite")

    @Test(.enabled(if: TestPaths.hasShared)) func readsTheHealthkitToSqliteFixture() {
        let path = Self.dogsheep.appendingPathComponent("export.xml").path
        let outcome = SourceReader(context: ImportContext()).read([path])
        let part = outcome.reports.first?.parts.first
        #expect(part?.kind == AppleHealthImporter.name)
        // A body mass index, a heart rate, a workout (with its route inline) and two activity
        // summaries: counted by hand in the file, no body mass among them.
        #expect(part?.counts.weighings == 0)
        #expect(part?.counts.total == 0)
        #expect(part?.dropped == [.init(AppleHealthImporter.otherRecordsReason, 5)])
        #expect(outcome.imported.diagnostics.isEmpty)
        // ExportDate 2019-07-19 10:36:11 -0700.
        #expect(outcome.imported.export.profile.exportedAt == .instant(1_563_557_771))
    }

    @Test(.enabled(if: TestPaths.hasShared)) func findsTheExportInsideItsFolder() {
        // zip_contents/apple_health_export/export.xml, as a real export.zip unpacks.
        let folder = Self.dogsheep.appendingPathComponent("zip_contents").path
        let outcome = SourceReader(context: ImportContext()).read([folder])
        let part = outcome.reports.first?.parts.first
        #expect(part?.files == [folder + "/apple_health_export/export.xml"])
        #expect(part?.dropped == [.init(AppleHealthImporter.otherRecordsReason, 5)])
        #expect(outcome.reports.first?.ignored == [])
        #expect(outcome.imported.diagnostics.isEmpty)
    }

    @Test(.enabled(if: TestPaths.hasShared)) func readsTheTddaSampleWithItsDoctype() {
        let path = TestPaths.shared.appendingPathComponent("real-exports/apple-health-tdda-applehealthdata/export6s3sample.xml").path
        let outcome = SourceReader(context: ImportContext()).read([path])
        let part = outcome.reports.first?.parts.first
        #expect(part?.kind == AppleHealthImporter.name)
        // 10 step counts, 5 distances, 2 activity summaries and a workout; no body mass.
        #expect(part?.counts.weighings == 0)
        #expect(part?.dropped == [.init(AppleHealthImporter.otherRecordsReason, 18)])
        #expect(outcome.imported.diagnostics.isEmpty)
        // ExportDate 2016-04-15 07:27:26 +0100.
        #expect(outcome.imported.export.profile.exportedAt == .instant(1_460_701_646))
    }
}

import Synchronization

extension AppleHealthImporterTests {
    /// `ExportDate` dates the site when no --now is given: a bad or missing value is a warning at
    /// its line, quoting it, and the records are read all the same.
    @Test func aBadExportDateIsAWarningAtItsLine() {
        let good = Self.read(Self.export(" <ExportDate value=\"2019-07-19 10:36:11 -0700\"/>\n" + Self.record("BodyMass", unit: "kg", value: "72.4")))
        // 2019-07-19 17:36:11 UTC.
        #expect(good.export.profile.exportedAt == .instant(1_563_557_771))
        #expect(good.diagnostics.isEmpty)

        let bad = Self.read(Self.export(" <ExportDate value=\"19/07/2019 10:36\"/>\n" + Self.record("BodyMass", unit: "kg", value: "72.4")))
        #expect(bad.export.profile.exportedAt == nil)
        #expect(bad.export.weights.count == 1)
        #expect(bad.diagnostics.map(\.description) == [
            "export.xml:3: ExportDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"19/07/2019 10:36\"); when the export was made is left unknown",
        ])
        #expect(bad.diagnostics.map(\.severity) == [.warning])

        let missing = Self.read(Self.export(" <ExportDate/>"))
        #expect(missing.diagnostics.map(\.description) == ["export.xml:3: ExportDate has no value; when the export was made is left unknown"])
    }

    /// A date whose offset moves it out of years 1 to 9999 in UTC says what it is in UTC, in both
    /// of Apple's forms; one that stays inside is read. 0001-01-01 00:00:00 +1400 is 14 hours
    /// before 0001-01-01T00:00:00Z (−62,135,596,800 s), 9999-12-31 23:00:00 −1200 is 11 hours past
    /// the end of year 9999.
    @Test func offsetsThatLeaveYears1To9999InUTCAreExplained() {
        let part = Self.read(Self.export(" <ExportDate value=\"0001-01-01 05:00:00 +0530\"/>\n"
            + Self.record("BodyMass", unit: "kg", value: "72.4", start: "0001-01-01 00:00:00 +1400") + "\n"
            + Self.record("BodyMass", unit: "kg", value: "72.4", start: "9999-12-31 23:00:00 -1200") + "\n"
            + Self.record("BodyMass", unit: "kg", value: "72.4", start: "00010101000000+1400") + "\n"
            + Self.record("BodyMass", unit: "kg", value: "72.4", start: "2023-12-02 25:00:00 +0100") + "\n"
            + Self.record("BodyMass", unit: "kg", value: "71.9", start: "0001-01-01 14:00:00 +1400")))
        #expect(part.diagnostics.map(\.description) == [
            "export.xml:3: ExportDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"0001-01-01 05:00:00 +0530\"); that is 0000-12-31T23:30:00Z, before year 1 in UTC, and Waymark reads years 1 to 9999; when the export was made is left unknown",
            "export.xml:4: body mass record: startDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"0001-01-01 00:00:00 +1400\"); that is 0000-12-31T10:00:00Z, before year 1 in UTC, and Waymark reads years 1 to 9999",
            "export.xml:5: body mass record: startDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"9999-12-31 23:00:00 -1200\"); that is 10000-01-01T11:00:00Z, after year 9999 in UTC, and Waymark reads years 1 to 9999",
            "export.xml:6: body mass record: startDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"00010101000000+1400\"); that is 0000-12-31T10:00:00Z, before year 1 in UTC, and Waymark reads years 1 to 9999",
            "export.xml:7: body mass record: startDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"2023-12-02 25:00:00 +0100\")",
        ])
        #expect(part.export.weights == [WeightEntry(date: .instant(-62_135_596_800), kg: 71.9)])
    }
}
