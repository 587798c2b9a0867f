import Testing
@testable import WaymarkKit

/// openScale's CSV export.
struct OpenScaleImporterTests {
    /// The real file (a converter's output in openScale's import format): 2020-11-19 08:00, 64.3 kg;
    /// read in UTC that is 1605772800.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func readsTheRealFile() throws {
        let file = try WeightFixtures.shared("google-fit-takeout-and-openscale/openscale-expected.csv")
        #expect(OpenScaleImporter.recognises(file))
        let part = OpenScaleImporter.read(file, ImportContext())
        #expect(part.export.weights == [WeightEntry(date: .instant(1_605_772_800), kg: 64.3)])
        #expect(part.export.bodyFat.isEmpty && part.diagnostics.isEmpty)
    }

    @Test func readsTheAppsExportWithBothDateFormsAndFat() throws {
        let file = try WeightFixtures.file("openscale/openscale-export.csv")
        #expect(OpenScaleImporter.recognises(file))
        let part = OpenScaleImporter.read(file, ImportContext(zone: WeightFixtures.paris))
        // 19.11.2020 08:00, 20.11.2020 07:45 and 2020-11-21 08:10 in Paris (UTC+1).
        #expect(part.export.weights == [WeightEntry(date: .instant(1_605_769_200), kg: 64.3),
                                        WeightEntry(date: .instant(1_605_854_700), kg: 64.1),
                                        WeightEntry(date: .instant(1_605_942_600), kg: 63.9)])
        // The second row's fat is 0.0, openScale's "not measured".
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_605_769_200), percent: 21.4),
                                        BodyFatEntry(date: .instant(1_605_942_600), percent: 21.0)])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func badRowsAreReportedAtTheirLine() {
        let file = SourceFile.memory("o.csv", "dateTime,weight,fat\n2020-11-19 08:00,64.3,150\n31.11.2020 08:00,64.2,0\n2020-11-21 08:00,,0\n")
        let part = OpenScaleImporter.read(file, ImportContext())
        #expect(part.export.weights.map(\.kg) == [64.3])
        #expect(WeightFixtures.errors(part) == ["o.csv:3:1: not a date-time like 2020-11-19 08:00 (got \"31.11.2020 08:00\")", "o.csv:4: the row has no weight"])
        #expect(WeightFixtures.warnings(part) == ["o.csv:2:23: expected a body fat percentage between 0 and 100 (got \"150\"); the weighing is kept without it"])
    }

    @Test func isRecognisedByItsCamelCaseHeader() throws {
        let file = try WeightFixtures.file("openscale/openscale-export.csv")
        #expect(OpenScaleImporter.recognises(try WeightFixtures.renamed(file, "backup.csv")))
        #expect(!OpenScaleImporter.recognises(.memory("w.csv", "datetime,weight\n2020-11-19 08:00,64.3\n")))
        #expect(!OpenScaleImporter.recognises(try WeightFixtures.file("withings/weight.csv")))
        #expect(!OpenScaleImporter.recognises(try WeightFixtures.file("generic/weights.csv")))
    }
}

extension OpenScaleImporterTests {
    /// The example in docs/import.md.
    @Test func theDocumentedExample() {
        let file = SourceFile.memory("openscale.csv", """
            "dateTime","weight","fat","water","muscle","comment"
            "2020-11-19 08:00","64.3","21.4","55.0","40.1","morning"
            "2020-11-20 07:45","64.1","0.0","0.0","0.0",""

            """)
        #expect(OpenScaleImporter.recognises(file))
        let part = OpenScaleImporter.read(file, ImportContext())
        #expect(part.export.weights.map(\.kg) == [64.3, 64.1])
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_605_772_800), percent: 21.4)])
    }
}

extension OpenScaleImporterTests {
    /// openScale's own export: 19 quoted names in alphabetical order, `dateTime` the ninth. Six
    /// rows, newest first; fat 0.0 nowhere, and two rows at 2022-04-12 20:21 (74.0 and 63.5 kg).
    /// Counted with Python:
    /// `[(r['dateTime'], r['weight'], r['fat']) for r in csv.DictReader(open(f, newline=''))]`.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func readsTheAppsOwnAlphabeticalExport() throws {
        let file = try WeightFixtures.shared("openscale-app-export/andresCorralM-openscale-export-6rows.csv")
        #expect(OpenScaleImporter.recognises(file))
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "openscale")
        let part = OpenScaleImporter.read(file, ImportContext())
        // Instants in UTC: datetime.strptime(t, '%Y-%m-%d %H:%M').replace(tzinfo=timezone.utc).timestamp().
        #expect(part.export.weights == [
            WeightEntry(date: .instant(1_650_141_900), kg: 74.5), WeightEntry(date: .instant(1_650_054_060), kg: 73.6),
            WeightEntry(date: .instant(1_649_959_200), kg: 72.9), WeightEntry(date: .instant(1_649_880_900), kg: 73.3),
            WeightEntry(date: .instant(1_649_794_860), kg: 74.0), WeightEntry(date: .instant(1_649_794_860), kg: 63.5),
        ])
        #expect(part.export.bodyFat.map(\.percent) == [20.80735, 20.34114, 20.236856, 20.236856, 20.236856, 20.236856])
        #expect(WeightFixtures.errors(part).isEmpty)
        #expect(WeightFixtures.warnings(part) == [
            "andresCorralM-openscale-export-6rows.csv:7:116: a second weighing at the same minute as line 6, 63.5 kg against 74 kg; both are kept (delete one in openScale if it is a mistake)",
        ])
    }

    @Test func anAlphabeticalHeaderIsOpenScalesOnlyWithOpenScalesNames() {
        #expect(OpenScaleImporter.recognises(.memory("a.csv", "\"bone\",\"dateTime\",\"fat\",\"weight\"\n0.0,\"2022-04-16 20:45\",0.0,74.5\n")))
        // A name openScale has no field for: someone else's file.
        #expect(!OpenScaleImporter.recognises(.memory("a.csv", "\"bmi\",\"dateTime\",\"weight\"\n")))
        #expect(!OpenScaleImporter.recognises(.memory("a.csv", "\"bone\",\"datetime\",\"weight\"\n")))
    }
}
