import Foundation
import Testing
@testable import WaymarkKit

/// The activity, sleep and workout formats and the weighing and habit files read beside them,
/// inside archives: a zip or a `.tar.gz` gives the export the same files give in a folder, and
/// a `.tar.gz` is inflated once, which needs every importer to say which files it may read
/// (`SourceImporter.mayRead`) so that the listing keeps them. Every file here is longer than the
/// head a listing reads anyway, so a file an importer did not declare would be read again.
struct ArchivedActivityTests {
    static let zone = Zone(identifier: "America/New_York") ?? .utc

    /// `count` days from `first`.
    static func days(_ count: Int, from first: String) -> [LocalDate] {
        guard case .day(let start)? = DateTimeText.parse(first) else { return [] }
        return (0..<count).map { start.adding(days: $0) }
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                "October", "November", "December"]
    static let polishMonths = ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września",
                               "października", "listopada", "grudnia"]

    /// One file of each format, with the names and folders the apps give them, each some KB.
    static let entries: [TestZip.Entry] = {
        var entries: [TestZip.Entry] = []
        func add(_ path: String, _ header: String, _ rows: [String]) {
            entries.append(.text(path, header + "\n" + rows.joined(separator: "\n") + "\n"))
        }
        // Google Fit: the summary (120 days) and a per-day file of a day it lacks (96 buckets).
        add("Takeout/Fit/Daily activity metrics/Daily activity metrics.csv",
            "Date,Calories (kcal),Distance (m),Step count,Average weight (kg),Move Minutes count,Heart Points",
            days(120, from: "2022-01-01").map { "\($0),1390.37,5200.5,\(6_000 + $0.day),70.1,45,12.0" })
        add("Takeout/Fit/Daily activity metrics/2022-06-01.csv",
            "Start time,End time,Calories (kcal),Distance (m),Step count",
            (0..<96).map { q in
                let start = "\(two(q / 4)):\(two(q % 4 * 15)):00.000-04:00", end = "\(two((q + 1) / 4 % 24)):\(two((q + 1) % 4 * 15)):00.000-04:00"
                return "\(start),\(end),16.35,210.5,\(q)"
            })
        // Fitbit: ten days of minute steps, and a sleep log.
        var minutes: [String] = []
        for day in 1...10 {
            for m in stride(from: 0, to: 1_440, by: 10) {
                minutes.append("{\"dateTime\" : \"01/\(two(day))/23 \(two(m / 60)):\(two(m % 60)):00\", \"value\" : \"\(m % 97)\"}")
            }
        }
        entries.append(.text("Takeout/Fitbit/Global Export Data/steps-2023-01-01.json", "[" + minutes.joined(separator: ",\n") + "]\n"))
        let nights = (1...12).map { n in
            "{\"logId\": \(1_000 + n), \"dateOfSleep\": \"2023-01-\(two(n + 1))\", \"startTime\": \"2023-01-\(two(n))T23:00:00.000\", "
                + "\"endTime\": \"2023-01-\(two(n + 1))T07:00:00.000\", \"duration\": 28800000, \"minutesAsleep\": 450, \"minutesAwake\": 30, "
                + "\"timeInBed\": 480, \"type\": \"classic\", \"levels\": {\"summary\": {\"asleep\": {\"count\": 0, \"minutes\": 450}, "
                + "\"restless\": {\"count\": 5, \"minutes\": 10}, \"awake\": {\"count\": 2, \"minutes\": 20}}, \"data\": []}, \"mainSleep\": true}"
        }
        entries.append(.text("Takeout/Fitbit/Global Export Data/sleep-2023-01-01.json", "[" + nights.joined(separator: ",\n") + "]\n"))
        // Garmin Connect: a year of steps with their goal, and 60 workouts.
        add("Garmin/Steps.csv", "\u{FEFF},Actual,Goal",
            days(365, from: "2024-01-01").map { "\(two($0.month))/\(two($0.day))/\($0.year),\(3_000 + $0.day * 100),10000" })
        add("Garmin/Activities.csv",
            "Activity Type,Date,Favorite,Title,Distance,Calories,Time,Avg HR,Max HR,Moving Time,Elapsed Time",
            days(60, from: "2025-01-01").map { "Running,\($0) 17:06:03,false,\"Evening Run\",\"5.48\",\"447\",\"00:31:24\",\"153\",\"176\",\"00:31:08\",\"00:32:57\"" })
        // Strava: 60 activities.
        add("strava/activities.csv",
            "Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance",
            days(60, from: "2022-05-01").map { d in
                "\(12_070_555_000 + d.day),\"\(englishMonths[d.month - 1].prefix(3)) \(d.day), \(d.year), 3:53:35 PM\",Morning Run,Run,\"\",1428,3.32,,,false,\"\",,,,,1428.0,1411.0,3322.9"
            })
        // Samsung Health: 300 days of steps, all sources combined.
        add("Samsung Health/com.samsung.shealth.step_daily_trend.20250920090000.csv",
            "com.samsung.shealth.step_daily_trend,7006011,6\nsource_type,count,distance,calorie,deviceuuid,day_time,",
            days(300, from: "2018-01-01").map { "-2,\(8_000 + $0.day),5900,290,d1,\($0) 00:00:00.000," })
        // Renpho (pounds, its own date text) and MyFitnessPal (no unit).
        add("RENPHO Health.csv", "\u{FEFF}Time of Measurement,Weight(lb),BMI,Body Fat(%),Remarks",
            days(200, from: "2022-01-01").map { "\"\(englishMonths[$0.month - 1]) \($0.day), \($0.year) 9:34:26 AM\",164.2,24.3,12.7,--" })
        add("mfp/weights.csv", "Date,Weight", days(300, from: "2021-01-01").map { "\($0),\(150 + $0.day % 10).5" })
        // openScale's own export, Withings with German headers.
        add("openScale/openScale.csv", "\"biceps\",\"bone\",\"comment\",\"dateTime\",\"fat\",\"weight\"",
            days(150, from: "2020-01-01").map { "0.0,3.0,\"\",\"\($0) 20:45\",20.8,74.5" })
        add("withings/weight.csv", "\"Date\",\"Gewicht (kg)\",\"Fettmasse (kg)\",\"Fettfreier Anteil (kg)\",\"Kommentare\"",
            days(150, from: "2014-01-01").map { "\"\($0) 6:04 Uhr\",\"94.34\",\"26.81\",\"68.43\",\"\"" })
        // Daylio's oldest layout with Polish month names.
        add("daylio/daylio_export.csv", "\u{FEFF}year,date,weekday,time,mood,activities,note",
            days(200, from: "2017-01-01").map { "\($0.year),\($0.day) \(polishMonths[$0.month - 1]),czwartek,12:10,dobrze,\"\",\"\"" })
        // Loop's top-level files only: the entries come from Checkmarks.csv.
        add("Loop Habits CSV 2025-04-18/Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color",
            ["001,Walk,,,1,1,#00897B", "002,Read,,,1,1,#00897B"])
        add("Loop Habits CSV 2025-04-18/Checkmarks.csv", "Date,Walk,Read,",
            days(400, from: "2024-03-15").reversed().map { "\($0),\($0.day % 2 == 0 ? 2 : 0),-1," })
        return entries
    }()

    /// The formats the entries are, as `check` names them.
    static let kinds: Set<String> = [GoogleFitImporter.name, FitbitActivityImporter.name, GarminImporter.name, StravaImporter.name,
                                     SamsungHealthImporter.name, RenphoImporter.name, GenericWeightsImporter.name, OpenScaleImporter.name,
                                     WithingsImporter.name, DaylioImporter.name, LoopCSVImporter.name]

    /// Each part's files inside the source, with what they held, in the order of the files.
    static func summary(_ outcome: SourceReader.Outcome, _ source: String) -> [String] {
        outcome.reports[0].parts.map { part in
            part.files.map { $0.hasPrefix(source + "/") ? String($0.dropFirst(source.count + 1)) : $0 }.sorted().joined(separator: ", ")
                + ": " + part.counts.description + "; " + part.counts.activity.lines.joined(separator: "; ")
        }.sorted()
    }

    static func reader() -> SourceReader { SourceReader(context: ImportContext(zone: zone)) }

    static func sizes() -> [Int] {
        entries.compactMap { if case .file(_, let bytes) = $0 { return bytes.count } else { return nil } }
    }

    /// Shorter files are kept by any listing, whoever may read them: these test `mayRead`.
    @Test func everyFileButHabitsCSVIsLongerThanTheHeadAListingReads() {
        let long = Self.entries.compactMap { entry -> String? in
            guard case .file(let path, let bytes) = entry, bytes.count > SourceFile.headSize else { return nil }
            return path
        }
        #expect(Self.entries.count == 15)
        let sizes = Self.entries.map { entry -> String in
            guard case .file(let path, let bytes) = entry else { return "" }
            return "\(path) \(bytes.count)"
        }
        #expect(long.count == 14 && !long.contains("Loop Habits CSV 2025-04-18/Habits.csv"), "\(sizes)")
    }

    @Test func aFolderAZipAndATarGzGiveTheSameExport() throws {
        let dir = TemporaryDirectory()
        for case .file(let path, let bytes) in Self.entries { dir.write("folder/" + path, bytes) }
        TestZip.write(dir.file("export.zip"), Self.entries)
        TestZip.write(dir.file("export.tgz"), Self.entries, tarGz: true)
        let folder = Self.reader().read([dir.file("folder")])
        #expect(folder.imported.errors.isEmpty)
        #expect(Set(folder.reports[0].parts.map(\.kind)) == Self.kinds)
        // Garmin's two reports are read one by one.
        #expect(folder.reports[0].parts.count == Self.kinds.count + 1)
        #expect(folder.reports[0].ignored.isEmpty)
        // Counted from the rows written above: 120 summary days of 5 metrics and a per-day
        // file of 3; 10 Fitbit days; 365 Garmin days; 300 Samsung days of 3 metrics.
        let activity = folder.imported.export.activity
        #expect(activity.filter { $0.source == GoogleFitImporter.source }.count == 120 * 5 + 3)
        #expect(activity.filter { $0.source == FitbitActivityImporter.source }.count == 10)
        #expect(folder.imported.export.workouts.count == 60 + 60)
        #expect(folder.imported.export.sleep.isEmpty == false)
        // 120 Google Fit days, 200 Renpho, 300 MyFitnessPal, 150 openScale, 150 Withings.
        #expect(folder.imported.export.weights.count == 120 + 200 + 300 + 150 + 150)
        #expect(folder.imported.export.moods.count == 200)
        #expect(folder.imported.export.tags.count == 2)

        for name in ["export.zip", "export.tgz"] {
            let archive = Self.reader().read([dir.file(name)])
            #expect(archive.imported.export == folder.imported.export, "\(name)")
            #expect(Self.summary(archive, dir.file(name)) == Self.summary(folder, dir.file("folder")), "\(name)")
            #expect(archive.imported.diagnostics.count == folder.imported.diagnostics.count, "\(name)")
            let work = try #require(archive.reports[0].archiveWork)
            // Listed once, every entry kept as it passed: no second reader.
            #expect(work.readersOpened == 1, "\(name)")
        }
        let tgz = try #require(Self.reader().read([dir.file("export.tgz")]).reports[0].archiveWork)
        #expect(tgz.inflated == HostileArchiveTests.tarBytes(Self.sizes()))
    }

    /// `waymark.json`'s settings of one source (`{"path": …, "distanceUnit": "mi"}`) reach its
    /// files inside an archive, and only that source's.
    @Test func aSourcesOwnUnitsReachTheFilesOfItsArchive() throws {
        let dir = TemporaryDirectory()
        let wanted = ["Garmin/Activities.csv", "mfp/weights.csv"]
        let files = Self.entries.filter { if case .file(let path, _) = $0 { return wanted.contains(path) } else { return false } }
        #expect(files.count == 2)
        TestZip.write(dir.file("miles.tgz"), files, tarGz: true)
        TestZip.write(dir.file("kilometres.tgz"), files, tarGz: true)
        var reader = Self.reader()
        reader.settings = [dir.file("miles.tgz"): SourceSettings(weightUnit: .lb, distanceUnit: .mi)]
        let miles = reader.read([dir.file("miles.tgz")]).imported
        let kilometres = reader.read([dir.file("kilometres.tgz")]).imported
        // 60 runs of 5.48: miles (8.819 km) in one, kilometres in the other.
        #expect(miles.export.workouts.count == 60 && kilometres.export.workouts.count == 60)
        #expect(miles.export.workouts.allSatisfy { abs(($0.distanceKm ?? 0) - 5.48 * 1.609344) < 1e-9 })
        #expect(kilometres.export.workouts.allSatisfy { $0.distanceKm == 5.48 })
        // 300 weights of 150.5 to 159.5: pounds in one, kilograms in the other.
        #expect(miles.export.weights.count == 300 && kilometres.export.weights.count == 300)
        for (lb, kg) in zip(miles.export.weights, kilometres.export.weights) {
            #expect(abs(lb.kg - kg.kg * 0.45359237) < 1e-9)
        }
        // Nothing to say where the source chose its units; the other is told how to choose.
        func unitMessages(_ result: ImportResult) -> [String] {
            result.diagnostics.map(\.message).filter { $0.contains("--weight-unit") || $0.contains("--distance-unit") }
        }
        #expect(unitMessages(miles).isEmpty)
        let told = unitMessages(kilometres)
        #expect(told.count == 3)
        #expect(told.contains { $0.hasPrefix("the file does not say which unit its 300 weights are in: read as kilograms") })
        #expect(told.contains { $0.hasPrefix("the median weighing, ") && $0.contains("look like pounds") })
        #expect(told.contains { $0.contains("60 distances read as kilometres") })
    }
}
