import Foundation
import Synchronization
@testable import WaymarkKit

/// An export whose every private value is distinctive, so a test can search the built files
/// for it: names no other text contains, and weights in a band (120–130 kg, 264–287 lb) no
/// percentage, count or date of a small site reaches.
enum PrivacyFixture {
    /// 2026-03-31 12:00 UTC.
    static let now = Int64(LocalDate(year: 2026, month: 3, day: 31)!.dayNumber) * 86_400 + 43_200
    static let today = LocalDate(year: 2026, month: 3, day: 31)!

    static let habitName = "Glockenspielx practice"
    static let targetName = "Quetzalx summit"
    static let todoName = "Xylophonetodo groceries"
    static let publicNoteWord = "Marmaladenote"
    static let moodWord = "Frabjousmood"
    static let shopName = "Pomegranatex tea"
    static let gamePoints = 7777
    /// The private note's words, with a character HTML escapes.
    static let privateWord = "Zanzibarquux"
    static let privateSentence = "Zanzibarquux & the seventeen lanterns"
    static let privateImage = "notes/media/private-only.png"
    static let latestKg = 123.47
    static let goalKg = 110.37

    static func day(_ back: Int) -> LocalDate { today.adding(days: -back) }
    static func at(_ back: Int, hour: Int = 7) -> Moment {
        .instant(Int64(day(back).dayNumber) * 86_400 + Int64(hour) * 3_600)
    }

    /// The export: 60 days of weighings from 125.24 kg down to 123.47 kg (today), two habits,
    /// two targets, a to-do, a public note linking the hidden names, a private note with an image.
    static func export(unit: WeightUnit = .kg, privateNote: Bool = true) -> Export {
        var e = Export()
        e.profile = Profile(userName: "Lin", timeZone: "UTC", language: .en, heightCm: 181.7, goalWeightKg: goalKg, weightUnit: unit)
        e.tags = [Tag(id: "t1", name: "Morning run", point: 5, minutes: 30, created: at(90)),
                  Tag(id: "t2", name: habitName, describe: "Glockenspielx description", point: 3, minutes: 20, created: at(90))]
        for back in 0..<60 {
            e.points.append(PointRecord(point: 5, type: "tag", name: "Morning run", date: at(back)))
            if back % 2 == 0 { e.points.append(PointRecord(point: 3, type: "tag", name: habitName, describe: "Glockenspielx session", date: at(back, hour: 9))) }
            e.weights.append(WeightEntry(date: at(back, hour: 6), kg: latestKg + 0.03 * Double(back)))
        }
        e.points.append(PointRecord(point: 4321, type: "target", name: targetName, describe: "Quetzalx reached", date: at(10, hour: 12)))
        e.points.append(PointRecord(point: -37, type: "shop", name: shopName, date: at(3, hour: 12)))
        e.points.append(PointRecord(point: gamePoints, type: "game", name: "Dice", date: at(4, hour: 12)))
        e.targets = [Target(id: "g1", name: targetName, describe: "Climb the Quetzalx ridge", point: 4321,
                            deadline: .day(day(5)), done: true, completed: at(10, hour: 12)),
                     Target(id: "g2", name: "Open Quetzalx plan", deadline: .day(today.adding(days: 20)))]
        e.todos = [Todo(name: todoName, priority: .high)]
        e.bodyFat = [BodyFatEntry(date: at(20), percent: 41.93), BodyFatEntry(date: at(2), percent: 41.93)]
        e.moods = [MoodEntry(date: at(1, hour: 21), mood: moodWord)]
        e.notes = [
            Note(fileName: "public.md", title: publicNoteWord + " musings", date: at(1, hour: 21), target: targetName, tag: habitName,
                 body: "\(publicNoteWord) body text about the run.\n"),
            Note(fileName: "secret.md", title: "Secret " + privateWord, date: at(2, hour: 21), isPrivate: privateNote,
                 body: "\(privateSentence).\n\n![lantern](media/private-only.png)\n"),
        ]
        return e
    }

    /// A base URL by default, so every search also covers `feed.xml`, `sitemap.xml` and the
    /// head's link-preview tags (descriptions), which only a site with one has.
    static let published = try? BaseURL("https://example.org/p/")

    static func options(sections: Set<SiteSection> = Set(SiteSection.allCases), privacy: Privacy = Privacy(),
                        baseURL: BaseURL? = published, language: Language = .en) -> SiteOptions {
        SiteOptions(now: now, zone: .utc, language: language, sections: sections, privacy: privacy, baseURL: baseURL)
    }

    /// The site in memory, and the export files the build asked for.
    static func build(_ export: Export, _ options: SiteOptions) throws -> (files: [SiteFile], asked: [String]) {
        let asked = Mutex<[String]>([])
        let files = try renderSite(export, options, loadExportFile: { path in
            asked.withLock { $0.append(path) }
            return path.hasSuffix(".png") ? ImageValidatorTests.png : nil
        })
        return (files, asked.withLock { $0 })
    }

    /// Every file's text, with the SVG geometry (pixel coordinates, which are derived from the
    /// data but are not data) blanked, so a coordinate such as x="123.5" is not taken for a weight.
    static func searchable(_ files: [SiteFile]) throws -> [(path: String, text: String)] {
        let geometry = try Regex(#" (d|x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|dx|dy|width|height|viewBox|points|transform)="[^"]*""#)
        return files.map { file in
            let text = String(decoding: file.bytes, as: UTF8.self)
            return (file.path, text.replacing(geometry, with: ""))
        }
    }

    /// The paths of the files whose searchable text contains `needle`, ignoring case (slugs are
    /// lower-case).
    static func holding(_ needle: String, in files: [SiteFile]) throws -> [String] {
        try searchable(files).filter { $0.text.localizedCaseInsensitiveContains(needle) }.map(\.path)
    }

    /// The paths of the files whose searchable text matches `pattern`.
    static func matching(_ pattern: String, in files: [SiteFile]) throws -> [String] {
        let regex = try Regex(pattern)
        return try searchable(files).filter { $0.text.contains(regex) }.map(\.path)
    }
}
