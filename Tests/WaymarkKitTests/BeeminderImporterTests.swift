import Testing
@testable import WaymarkKit

/// Beeminder goals: the founders' public weight goals and two test roads from Beebrain's
/// repository (`../shared/real-exports/beeminder-bb`), and API JSON fixtures.
///
/// Figures for the real files were counted with Python's json module, independently of Waymark:
/// datapoints grouped by daystamp, each day's value by the file's aggday (`min` for both weight goals).
struct BeeminderImporterTests {
    static func read(_ file: SourceFile, _ context: ImportContext = ImportContext()) -> SourcePart {
        BeeminderImporter.read(file, context)
    }

    static func bb(_ name: String) throws -> SourceFile {
        try WeightFixtures.shared("beeminder-bb/" + name)
    }

    /// bug-bweight.bb: 3760 datapoints on 2457 days (715 with several), 2005-08-01 (64.2) to
    /// 2017-07-20 (70.45); 2017-07-19 has 69.85, 69.65, 69.7 and 69.15, so its minimum is 69.15;
    /// the daily minimums add up to 156915.745; vfin 68.8.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func theWeightGoalBecomesOneWeighingADayByItsAggday() throws {
        let file = try Self.bb("bug-bweight.bb")
        #expect(BeeminderImporter.recognises(file))
        let part = Self.read(file)
        let weights = part.export.weights
        #expect(weights.count == 2457)
        #expect(weights.first == WeightEntry(date: WeightFixtures.day(2005, 8, 1), kg: 64.2))
        // The check: the series ends on 2017-07-20.
        #expect(weights.last == WeightEntry(date: WeightFixtures.day(2017, 7, 20), kg: 70.45))
        #expect(weights.first { $0.date == WeightFixtures.day(2017, 7, 19) }?.kg == 69.15)
        #expect(abs(weights.map(\.kg).reduce(0, +) - 156_915.745) < 1e-6)
        #expect(part.export.profile.goalWeightKg == 68.8)
        // params yaw −1 and dir −1 (Python's json on the file): a goal to lose.
        #expect(part.export.profile.goalDirection == .lose)
        #expect(part.remarks == [
            "“weight” read as a weight goal: its y-axis says “kg”",
            "715 days have several datapoints: one weighing each, by the goal's aggday “min”",
            "goal weight 68.8 kg (the goal's vfin), to lose (yaw -1, dir -1)",
        ])
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.isEmpty && part.export.points.isEmpty)
    }

    /// bug-d-mass.bb: 2808 datapoints on 1529 days, 2003-08-01 (65.7) to 2017-07-18 (69.85);
    /// daily minimums add up to 107965.682; vfin 73.56.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func theOtherWeightGoal() throws {
        let part = Self.read(try Self.bb("bug-d-mass.bb"))
        #expect(part.export.weights.count == 1529)
        #expect(part.export.weights.first == WeightEntry(date: WeightFixtures.day(2003, 8, 1), kg: 65.7))
        #expect(part.export.weights.last == WeightEntry(date: WeightFixtures.day(2017, 7, 18), kg: 69.85))
        #expect(abs(part.export.weights.map(\.kg).reduce(0, +) - 107_965.682) < 1e-6)
        #expect(part.export.profile.goalWeightKg == 73.56)
        #expect(part.remarks.first == "“mass” read as a weight goal: its y-axis says “kg”")
    }

    /// testroad1.bb: a cumulative do-more goal (yoog test/test1, rfin 7 a week, yaw 1): 25
    /// datapoints adding up to 33, 2017-05-30 (1) to 2017-06-24 (1), none with a comment.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func aCumulativeGoalBecomesAHabitWithOneCheckPerDatapoint() throws {
        let part = Self.read(try Self.bb("testroad1.bb"))
        #expect(part.export.weights.isEmpty)
        #expect(part.export.tags == [Tag(name: "test1", habit: HabitDetails(frequency: Frequency(numerator: 1, denominator: 7), target: 7,
                                                                             targetKind: .atLeast, source: "Beeminder"))])
        let checks = part.export.points
        #expect(checks.count == 25)
        #expect(checks.allSatisfy { $0.point == 0 && $0.type == "tag" && $0.name == "test1" && $0.describe == nil })
        #expect(checks.compactMap(\.value).reduce(0, +) == 33)
        #expect(checks.first?.date == WeightFixtures.day(2017, 5, 30))
        #expect(checks.last?.date == WeightFixtures.day(2017, 6, 24))
        #expect(part.remarks == ["“test1” read as a habit, one check per datapoint: it is cumulative (kyoom): its datapoints are amounts added up"])
    }

    /// testroad5.bb: cumulative (yoog test/test, rate 0.9 a week): 107 datapoints adding up to
    /// 100.6, the first (2012-11-25) -0.0 "initial", the last 2014-11-15; 7 have a comment.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func anotherCumulativeGoal() throws {
        let part = Self.read(try Self.bb("testroad5.bb"))
        #expect(part.export.tags.map(\.name) == ["test"])
        #expect(part.export.tags.first?.habit?.target == 0.9)
        let checks = part.export.points
        #expect(checks.count == 107)
        #expect(abs(checks.compactMap(\.value).reduce(0, +) - 100.6) < 1e-9)
        #expect(checks.first == PointRecord(point: 0, type: "tag", name: "test", describe: "initial", date: WeightFixtures.day(2012, 11, 25), value: 0))
        #expect(checks.last?.date == WeightFixtures.day(2014, 11, 15))
        #expect(checks.filter { $0.describe != nil }.count == 7)
    }

    @Test func anAPIGoalThatIsNotAWeightBecomesAHabit() throws {
        let part = Self.read(try WeightFixtures.file("beeminder/pushups.json"))
        #expect(part.export.tags == [Tag(name: "pushups", describe: "Do 10 pushups a day",
                                         habit: HabitDetails(frequency: Frequency(numerator: 1, denominator: 7), unit: "pushups", target: 70,
                                                             targetKind: .atLeast, source: "Beeminder"))])
        #expect(part.export.points == [
            PointRecord(point: 0, type: "tag", name: "pushups", date: WeightFixtures.day(2024, 1, 2), value: 10),
            PointRecord(point: 0, type: "tag", name: "pushups", describe: "before work", date: WeightFixtures.day(2024, 1, 3), value: 12),
            PointRecord(point: 0, type: "tag", name: "pushups", describe: "evening", date: WeightFixtures.day(2024, 1, 3), value: 5),
        ])
        #expect(part.dropped == [SourcePart.Dropped(BeeminderGoalReader.initial, 1), SourcePart.Dropped(BeeminderGoalReader.dummy, 1)])
        #expect(part.remarks == ["“pushups” read as a habit, one check per datapoint: its goal type is “hustler”"])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func bareDatapointsNamedWeightAreWeighingsInTheFlagsUnit() throws {
        let file = try WeightFixtures.file("beeminder/weight.json")
        let part = Self.read(file, ImportContext(weightUnit: .lb))
        // No aggday: Beebrain's default `last`. 179.6 lb and 179.0 lb × 0.45359237.
        #expect(part.export.weights.map(\.date) == [WeightFixtures.day(2024, 3, 1), WeightFixtures.day(2024, 3, 2)])
        let kg = part.export.weights.map(\.kg)
        #expect(kg.count == 2 && abs(kg[0] - 81.465189652) < 1e-9 && abs(kg[1] - 81.19303423) < 1e-9)
        #expect(part.remarks == [
            "“weight” read as a weight goal: its name “weight” says so",
            "weights read as pounds (--weight-unit lb): the goal does not say its unit",
            "1 day has several datapoints: one weighing each, by the goal's aggday “last”",
        ])
        let unflagged = Self.read(file)
        #expect(unflagged.export.weights.map(\.kg) == [179.6, 179.0])
        #expect(WeightFixtures.warnings(unflagged) == ["beeminder/weight.json: the goal does not say its unit; weights read as kilograms (pass --weight-unit lb if they are pounds)"])
    }

    @Test func aWeightLossGoalInPoundsGivesTheGoalWeight() {
        let file = SourceFile.memory("lose.json", """
            {"slug":"lose","title":"Get to 165","goal_type":"fatloser","gunits":"lbs","aggday":"max","goalval":165,
             "datapoints":[{"timestamp":1709290800,"value":180,"comment":""},{"timestamp":1709301600,"value":181.5,"comment":""}]}
            """)
        let part = Self.read(file)
        // Both timestamps fall on 2024-03-01 in UTC; max is 181.5 lb = 82.32701516 kg; 165 lb = 74.84274105 kg.
        #expect(part.export.weights.count == 1 && part.export.weights.first?.date == WeightFixtures.day(2024, 3, 1))
        #expect(abs((part.export.weights.first?.kg ?? 0) - 82.327015155) < 1e-9)
        #expect(abs((part.export.profile.goalWeightKg ?? 0) - 74.84274105) < 1e-9)
        #expect(part.remarks.first == "“lose” read as a weight goal: its goal type is “fatloser” (lose weight)")
    }

    @Test func anAggdayThatAddsUpFallsBackToTheLastValue() {
        let file = SourceFile.memory("g.json", """
            {"slug":"bodyweight","gunits":"kg","aggday":"sum","kyoom":false,"datapoints":[
             {"daystamp":"20240301","value":80.0},{"daystamp":"20240301","value":80.4}]}
            """)
        let part = Self.read(file)
        #expect(part.export.weights == [WeightEntry(date: WeightFixtures.day(2024, 3, 1), kg: 80.4)])
        #expect(WeightFixtures.warnings(part) == ["g.json: aggday “sum” does not give a weight; the day's last datapoint is kept"])
    }

    @Test func badDatapointsAreReportedByTheirPath() {
        let file = SourceFile.memory("g.bb", """
            {"params":{"yoog":"me/weight","yaxis":"kg","aggday":"last"},
             "data":[["20240301",80.1,""],["2024031",80,""],["20240303","heavy",""],["20240304",8000,""],"x"]}
            """)
        let part = Self.read(file)
        #expect(part.export.weights == [WeightEntry(date: WeightFixtures.day(2024, 3, 1), kg: 80.1)])
        #expect(WeightFixtures.errors(part) == [
            "g.bb: /data/1/0: expected a daystamp like \"20170720\" (got \"2024031\")",
            "g.bb: /data/2/1: expected a number (got \"heavy\")",
            "g.bb: /data/4: expected [daystamp, value, comment] (got \"x\")",
            "g.bb: /data/3: expected a weight between 0.1 and 1000 kg (got \"8000\")",
        ])
        #expect(part.diagnostics.allSatisfy { $0.dropsRecord })
    }

    @Test func theAggdaysFollowBeebrain() {
        // Beebrain's own quals (quals/claude_quals.js) and cases where the means differ.
        #expect(BeeminderAggday.function(named: "mutrim")?([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) == 5.5)
        #expect(BeeminderAggday.function(named: "median")?([3, 1, 2]) == 2)
        #expect(BeeminderAggday.function(named: "mode")?([1, 2, 2, 3]) == 2)
        #expect(BeeminderAggday.function(named: "mode")?([5, 7, 7, 5]) == 7)  // 7 reaches two first
        #expect(BeeminderAggday.function(named: "mean")?([1, 1, 4]) == 2.5)  // distinct values: (1+4)/2
        #expect(BeeminderAggday.function(named: "truemean")?([1, 1, 4]) == 2)
        #expect(BeeminderAggday.function(named: "first")?([3, 1, 2]) == 3)
        #expect(BeeminderAggday.function(named: "sum") == nil)
        #expect(BeeminderAggday.function(named: "clocky") == nil)
    }

    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func isRecognisedByContentWhateverItsName() throws {
        #expect(BeeminderImporter.recognises(try WeightFixtures.renamed(try Self.bb("testroad1.bb"), "goal.json")))
        #expect(BeeminderImporter.recognises(.memory("g.json", "{\n \"data\": [[\"20240301\", 80.1, \"\"]], \"params\": {}}")))
        #expect(BeeminderImporter.recognises(try WeightFixtures.file("beeminder/pushups.json")))
        #expect(BeeminderImporter.recognises(try WeightFixtures.renamed(try WeightFixtures.file("beeminder/weight.json"), "d.json")))
        #expect(!BeeminderImporter.recognises(try WeightFixtures.file("fitbit/kg/weight-2023-01-01.json")))
        #expect(!BeeminderImporter.recognises(.memory("profile.json", "{\"slug\":\"me\",\"name\":\"A\"}")))
        #expect(!BeeminderImporter.recognises(try WeightFixtures.file("generic/weights.csv")))
    }
}

extension BeeminderImporterTests {
    /// The example in docs/import.md.
    @Test func theDocumentedExample() {
        let file = SourceFile.memory("weight.json", """
            {"slug": "weight", "title": "Weight loss", "goal_type": "fatloser", "gunits": "kg", "aggday": "min", "goalval": 68.8,
             "datapoints": [{"daystamp": "20170719", "value": 69.85, "comment": "Auto-entered via Withings at 09:17"},
                            {"daystamp": "20170719", "value": 69.15, "comment": ""},
                            {"daystamp": "20170720", "value": 70.45, "comment": ""}]}
            """)
        #expect(BeeminderImporter.recognises(file))
        let part = Self.read(file)
        #expect(part.export.weights == [WeightEntry(date: WeightFixtures.day(2017, 7, 19), kg: 69.15),
                                        WeightEntry(date: WeightFixtures.day(2017, 7, 20), kg: 70.45)])
        #expect(part.export.profile.goalWeightKg == 68.8)
        #expect(part.diagnostics.isEmpty)
    }
}
