import Foundation
import Testing
@testable import WaymarkKit

/// Each privacy setting, built in memory from `PrivacyFixture`, and every output file
/// (HTML with its SVG, JSON, CSV, XML, text) searched for what the setting hides. Each search
/// is also run on the same build without the setting, where it must find the value: a search
/// that finds nothing anywhere proves nothing.
struct PrivacyLeakTests {
    typealias F = PrivacyFixture

    /// A number between 110.0 and 129.9 with either decimal mark, not inside a longer number:
    /// every weighing (123.47–125.24 kg), trend value, weekly mean, extreme and the goal (110.37)
    /// in kilograms, at any precision ("123.5", "123.470", "123,47").
    static let kilograms = #"(^|[^0-9])1[12][0-9][.,][0-9]"#
    /// The same in pounds: 110.37 kg is 243.3 lb, 125.24 kg is 276.1 lb.
    static let pounds = #"(^|[^0-9])2[4-7][0-9][.,][0-9]"#
    /// The BMI's label or key (123.47 kg at 181.7 cm is 37.4).
    static let bmi = #"\bBMI\b|"bmi""#

    /// The site shows the profile's unit; `weight.csv` and stats.json are in kilograms.
    @Test(arguments: [WeightUnit.kg, .lb])
    func weightChangesShowNoWeight(unit: WeightUnit) throws {
        let export = F.export(unit: unit)
        let full = try F.build(export, F.options()).files
        let changes = try F.build(export, F.options(privacy: Privacy(weight: .changes))).files
        let band = unit == .kg ? Self.kilograms : Self.pounds
        // Without the setting, weights are on the weight page, the dashboards and the year's page
        // in the site's unit, and in kilograms in the CSV and stats.json.
        let fullHits = Set(try F.matching(band, in: full))
        #expect(fullHits.isSuperset(of: ["weight/index.html", "index.html", "period/all.html", "years/2026.html"]), "\(fullHits.sorted())")
        #expect(Set(try F.matching(Self.kilograms, in: full)).isSuperset(of: ["weight.csv", "stats.json"]))
        #expect(try F.matching(Self.kilograms, in: changes) == [])
        #expect(try F.matching(Self.bmi, in: full).contains("weight/index.html"))
        #expect(try F.holding("Body fat", in: full).contains("weight/index.html"))
        #expect(try F.matching(band, in: changes) == [])
        #expect(try F.matching(Self.bmi, in: changes) == [])
        #expect(try F.holding("41.9", in: changes) == [])  // body fat is a body measure too
        #expect(try F.holding("Body fat", in: changes) == [])
        #expect(!changes.contains { $0.path == "weight.csv" })
        #expect(try F.holding("weight.csv", in: changes) == [])
        // The changes are still there: 60 days falling 0.03 kg a day (in pounds, 0.0661 a day).
        let page = try #require(changes.first { $0.path == "weight/index.html" }).text
        #expect(page.contains("7-day change") && page.contains("30-day change") && page.contains(">Rate<"))
        #expect(page.contains("<svg") && page.contains("This site does not show weights"))
        let stats = try #require(changes.first { $0.path == "stats.json" }).text
        #expect(stats.contains("\"change30d\": ") && !stats.contains("\"latest\"") && !stats.contains("\"goal\""))
    }

    /// A section that is not built: the names only it holds appear in no file, and no file
    /// lives in its folder.
    @Test(arguments: [
        (SiteSection.habits, [F.habitName, "Glockenspielx"]),
        (.targets, [F.targetName, "Quetzalx"]),
        (.todos, [F.todoName]),
        (.notes, [F.publicNoteWord, F.moodWord]),
        (.points, [F.shopName, "7,777", "4,321"]),
    ])
    func hiddenSectionsLeaveNoTrace(section: SiteSection, markers: [String]) throws {
        let export = F.export()
        let full = try F.build(export, F.options()).files
        let hidden = try F.build(export, F.options(privacy: Privacy(hidden: [section]))).files
        for marker in markers {
            #expect(try F.holding(marker, in: full) != [], "\(marker) is not in the full site")
            #expect(try F.holding(marker, in: hidden) == [], "\(marker) with \(section) hidden")
        }
        let folder = section.rawValue + "/"
        #expect(full.contains { $0.path.hasPrefix(folder) })
        #expect(!hidden.contains { $0.path.hasPrefix(folder) })
        #expect(try F.matching(#"href="[^"]*\#(folder)"#, in: hidden) == [])
    }

    @Test func hiddenWeightLeavesNoWeight() throws {
        let export = F.export()
        let hidden = try F.build(export, F.options(privacy: Privacy(hidden: [.weight]))).files
        #expect(try F.matching(Self.kilograms, in: hidden) == [])
        #expect(try F.matching(#"href="[^"]*weight"#, in: hidden) == [])
        #expect(!hidden.contains { $0.path.hasPrefix("weight") })
        let stats = try #require(hidden.first { $0.path == "stats.json" }).text
        #expect(!stats.contains("\"weight\"") && !stats.contains("\"bodyFat\"") && !stats.contains("weightChange"))
    }

    @Test func hiddenYearsAndOverviewHaveNoPagesOrLinks() throws {
        let export = F.export()
        let full = try F.build(export, F.options()).files
        #expect(try F.matching(#"href="[^"]*years/"#, in: full) != [])
        #expect(try F.matching(#"href="[^"]*period/"#, in: full) != [])
        let noYears = try F.build(export, F.options(privacy: Privacy(hidden: [.years]))).files
        #expect(!noYears.contains { $0.path.hasPrefix("years/") })
        #expect(try F.matching(#"href="[^"]*years/"#, in: noYears) == [])
        #expect(!(try #require(noYears.first { $0.path == "stats.json" }).text.contains("\"years\"")))
        let noOverview = try F.build(export, F.options(privacy: Privacy(hidden: [.overview]))).files
        #expect(!noOverview.contains { $0.path.hasPrefix("period/") })
        #expect(try F.matching(#"href="[^"]*period/"#, in: noOverview) == [])
        #expect(noOverview.contains { $0.path == "index.html" })
    }

    /// `private: true`: no page, link, excerpt, image or count; the image is never even read.
    @Test func privateNotesAreNeverPublished() throws {
        let published = try F.build(F.export(privateNote: false), F.options())
        let kept = try F.build(F.export(privateNote: true), F.options())
        for marker in [F.privateWord, "seventeen lanterns", "private-only", "Zanzibarquux &amp; the"] {
            #expect(try F.holding(marker, in: published.files) != [], "\(marker)")
            #expect(try F.holding(marker, in: kept.files) == [], "\(marker)")
        }
        // The feed and the link previews are searched too: without the setting the note is in them.
        #expect(try F.holding(F.privateWord, in: published.files).contains("feed.xml"))
        #expect(try F.holding(F.privateWord, in: published.files).contains("sitemap.xml") == false)
        #expect(published.asked.contains(F.privateImage))
        #expect(!kept.asked.contains(F.privateImage))
        // "Notes written" in the year: two notes published, one kept private.
        #expect(try #require(published.files.first { $0.path == "stats.json" }).text.contains("\"notesWritten\": 2"))
        #expect(try #require(kept.files.first { $0.path == "stats.json" }).text.contains("\"notesWritten\": 1"))
    }

    /// Built sites never contain script, whatever the settings (only `waymark serve`
    /// may add one, outside the built files).
    @Test func noBuiltFileHasScript() throws {
        let export = F.export()
        var settings: [SiteOptions] = [F.options(), F.options(privacy: Privacy(isPublic: true), baseURL: try BaseURL("https://example.org/p/")),
                                       F.options(privacy: Privacy(weight: .changes), language: .zhHans)]
        settings += SiteSection.allCases.map { F.options(privacy: Privacy(hidden: [$0])) }
        var checked = 0
        for options in settings {
            for file in try F.build(export, options).files {
                #expect(!String(decoding: file.bytes, as: UTF8.self).localizedCaseInsensitiveContains("<script"), "\(file.path)")
                checked += 1
            }
        }
        let dir = TemporaryDirectory()
        _ = try BuildPipeline(fileSystem: .local, clock: { 1_795_953_600 }).run(BuildRequest(source: .demo, output: dir.file("site")))
        for (path, data) in Golden.files(in: dir.file("site")) {
            #expect(!String(decoding: data, as: UTF8.self).localizedCaseInsensitiveContains("<script"), "\(path)")
            checked += 1
        }
        #expect(checked > 300)
    }
}

extension SiteFile {
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
