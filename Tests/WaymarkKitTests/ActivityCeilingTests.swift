import Foundation
import Testing
@testable import WaymarkKit

/// Two step counts near the largest `Double` added up to infinity, and the day, with the real
/// 5,000 steps beside them, vanished without a word. Past a billion, a sample is left out and said.
struct ActivityCeilingTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2024-11-05 10:00:00 +0100"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-11-04 07:00:00 +0100" endDate="2024-11-04 07:30:00 +0100" value="5000"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-11-04 08:00:00 +0100" endDate="2024-11-04 08:30:00 +0100" value="1.7e308"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-11-04 09:00:00 +0100" endDate="2024-11-04 09:30:00 +0100" value="1.7e308"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-11-03 09:00:00 +0100" endDate="2024-11-03 09:30:00 +0100" value="4000"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-11-03 10:00:00 +0100" endDate="2024-11-03 10:30:00 +0100" value="1000000000"/>
        </HealthData>

        """

    @Test func samplesPastABillionAreLeftOutAndSaid() throws {
        let dir = TemporaryDirectory()
        dir.write("export.xml", Self.xml)
        let paris = try #require(Zone(identifier: "Europe/Paris"))
        let outcome = SourceReader(context: ImportContext(zone: paris)).read([dir.file("export.xml")])
        // A billion itself is kept (the ceiling is inclusive): 4,000 + 1,000,000,000 on Nov 3.
        let days = ActivityDays.daily(outcome.imported.export.activity, in: paris)
        #expect(days.map(\.day) == [LocalDate(year: 2024, month: 11, day: 3), LocalDate(year: 2024, month: 11, day: 4)])
        #expect(days.map(\.value) == [1_000_004_000, 5000])
        let warnings = outcome.imported.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings == ["\(dir.file("export.xml")): 2 activity samples of more than a billion left out, no day holds that much: "
                             + "the first, steps at 2024-11-04T08:00:00+01:00 from “Phone”, is 1.7e+308"])
        let part = try #require(outcome.reports.first?.parts.first)
        #expect(part.dropped == [SourcePart.Dropped("activity amounts of more than a billion, which no day holds", 2)])
        #expect(part.counts.activity.total > 0)
    }

    /// What no importer should hand over, from any of them: infinity and NaN go too.
    @Test func notANumberAndInfinityGoToo() {
        var part = SourcePart(kind: "test", files: ["a.csv"])
        let day = Moment.day(LocalDate(year: 2024, month: 1, day: 1) ?? LocalDate(dayNumber: 0))
        part.export.activity = [.infinity, .nan, 12, ActivityCeiling.largest, ActivityCeiling.largest.nextUp].map {
            ActivitySample(metric: .distance, date: day, value: $0, source: "x")
        }
        ActivityCeiling.apply(&part, zone: .utc)
        #expect(part.export.activity.map(\.value) == [12, ActivityCeiling.largest])
        #expect(part.dropped.map(\.count) == [3])
        #expect(part.diagnostics.map(\.description) == ["a.csv: 3 activity samples of more than a billion left out, no day holds that much: the first, distance at 2024-01-01 from “x”, is inf"])
    }
}
