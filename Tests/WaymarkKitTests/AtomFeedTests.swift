import Foundation
import Testing
@testable import WaymarkKit

/// `feed.xml`: valid against RFC 4287's schema, newest first, capped, deterministic, and well
/// formed whatever a note holds.
struct AtomFeedTests {
    static let base = "https://example.org/progress/"

    static func options(now: Int64 = 1_795_953_600, sections: Set<SiteSection> = Set(SiteSection.allCases)) throws -> SiteOptions {
        SiteOptions(now: now, zone: .utc, language: .en, title: "Lin's progress", sections: sections, baseURL: try BaseURL(base))
    }

    static func feed(_ export: Export, _ options: SiteOptions) throws -> String? {
        try renderSite(export, options).first { $0.path == "feed.xml" }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    static func note(_ name: String, _ date: String?, title: String? = nil, body: String = "Text.") -> Note {
        Note(fileName: name + ".md", title: title ?? name, date: date.flatMap { DateTimeText.parse($0)?.moment(in: .utc) }, body: body)
    }

    /// The texts of every `<tag>` or `<tag type="text">` in `xml`, in order.
    static func all(_ tag: String, in xml: String) -> [String] {
        xml.replacingOccurrences(of: "<\(tag) type=\"text\">", with: "<\(tag)>")
            .components(separatedBy: "<\(tag)>").dropFirst().compactMap { $0.components(separatedBy: "</\(tag)>").first }
    }

    /// The demo built as the command line builds it: 4 dated notes (reading-list.md has no
    /// date) and 5 done targets ("Sort photos" without a completion time counts at its
    /// deadline), newest first by hand from Examples/demo, in the profile's zone (+08:00).
    @Test func demoFeedIsValidAtomNewestFirst() throws {
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", "-q", "-o", dir.file("site"), "--lang", "en", "--base-url", "https://example.org/progress"])
        try #require(run.code == 0, "\(run.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: dir.file("site/feed.xml")).map { Array($0) })
        #expect(AtomSchema.problems(bytes) == [])
        let xml = String(decoding: bytes, as: UTF8.self)
        #expect(Self.all("published", in: xml) == [
            "2026-11-28T21:00:00+08:00", "2026-11-21T23:59:00+08:00", "2026-11-08T22:30:00+08:00", "2026-11-08T22:10:00+08:00",
            "2026-10-26T14:00:00+08:00", "2026-10-26T10:05:00+08:00", "2026-10-12T07:20:00+08:00", "2026-09-20T00:00:00+08:00",
            "2026-09-05T21:30:00+08:00",
        ])
        // The feed's own `updated` is its newest entry's, not the clock's or `now`'s.
        #expect(xml.contains("<id>https://example.org/progress/</id>\n<updated>2026-11-28T21:00:00+08:00</updated>"))
        #expect(xml.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.org/progress/feed.xml\"/>"))
        #expect(xml.contains("<title type=\"text\">Target completed: 整理照片 Sort photos</title>"))
        #expect(xml.contains("<author>\n<name>小林 Lin’s progress</name>\n</author>"))
        // Ids are the entries' pages, absolute.
        let ids = Self.all("id", in: xml)
        #expect(ids.count == 10 && ids.dropFirst().allSatisfy { $0.hasPrefix("https://example.org/progress/notes/") || $0.hasPrefix("https://example.org/progress/targets/") })
        // The race report's image and its link to the training log are absolute in the entry.
        #expect(xml.contains("src=&quot;https://example.org/progress/notes/images/route.png&quot;"))
        #expect(!xml.contains("src=&quot;images/"))
        // Never the e-mail address or the app's ids.
        #expect(!xml.contains("lin.demo@example.com") && !xml.contains("u-8842"))
        // Every page links to it.
        let index = try #require(dir.read("site/notes/index.html"))
        #expect(index.contains("<link rel=\"alternate\" type=\"application/atom+xml\" href=\"https://example.org/progress/feed.xml\" title=\"Notes and completed targets\">"))
    }

    /// Without a base URL there is no feed and no link to one.
    @Test func noBaseURLNoFeed() throws {
        let export = Export(notes: [Self.note("a", "2026-01-02T10:00:00")])
        let files = try renderSite(export, SiteOptions(now: 1_795_953_600, zone: .utc, language: .en))
        #expect(!files.contains { $0.path == "feed.xml" })
        #expect(!files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("application/atom+xml") })
    }

    /// A note full of control characters, `]]>`, `<![CDATA[` and stray ampersands still gives a
    /// well-formed, valid feed; the characters XML 1.0 forbids are left out, the rest escaped.
    @Test func hostileNoteGivesWellFormedXML() throws {
        var controls = ""
        for v in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(v))) }
        let body = "x]]>y <![CDATA[ z ]]> &amp; & < \(controls) \u{7F}\u{85}\u{FFFE}\u{FFFF} 末尾 🙂\n\n```\n]]>\u{1}\n```\n"
        let export = Export(notes: [Self.note("evil", "2026-03-04T05:06:07", title: "T\u{0}i\u{1B}tle ]]> & <b>", body: body)])
        let xml = try #require(try Self.feed(export, Self.options()))
        #expect(AtomSchema.problems(Array(xml.utf8)) == [])
        let titles = Self.all("title", in: xml)
        #expect(titles.last == "Title ]]&gt; &amp; &lt;b&gt;")
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        #expect(!xml.contains("]]>") && xml.contains("🙂") && xml.contains("末尾"))
    }

    /// 60 dated notes, one a day from 1 January 2026 08:00 UTC (1_767_254_400 s): the newest 50
    /// are in the feed, newest first; an undated note is not (an entry needs a date).
    @Test func capAndOrder() throws {
        var notes = (0..<60).map { d in Note(fileName: "n\(d).md", title: "n\(d)", date: .instant(1_767_254_400 + Int64(d) * 86_400), body: "") }
        notes.append(Self.note("undated", nil))
        let xml = try #require(try Self.feed(Export(notes: notes), Self.options()))
        let published = Self.all("published", in: xml)
        #expect(published.count == AtomFeed.limit && AtomFeed.limit == 50)
        // n59 is 59 days on: 31 in January + 28 in February = 1 March; n10 is 11 January.
        #expect(published.first == "2026-03-01T08:00:00+00:00" && published.last == "2026-01-11T08:00:00+00:00")
        #expect(!xml.contains("undated.html") && !xml.contains("n9.html") && AtomSchema.problems(Array(xml.utf8)) == [])
    }

    /// The same content gives the same bytes, whatever `now` is as long as there are entries;
    /// with none, `updated` is `now` (and the feed is still valid).
    @Test func deterministic() throws {
        let export = Export(notes: [Self.note("a", "2026-01-02T10:00:00"), Self.note("b", "2026-01-02T10:00:00")])
        let first = try Self.feed(export, Self.options(now: 1_795_953_600))
        let later = try Self.feed(export, Self.options(now: 1_795_953_600 + 86_400 * 30))
        #expect(first != nil && first == later)
        // Same moment: ordered by path, a before b.
        let links = Self.all("id", in: first ?? "")
        #expect(links.dropFirst() == ["https://example.org/progress/notes/a.html", "https://example.org/progress/notes/b.html"])
        // 1_795_953_600 s after 1970 is 20,786.5 days: 2026-11-29T12:00:00Z (Python's datetime agrees).
        let empty = try #require(try Self.feed(Export(), Self.options()))
        #expect(empty.contains("<updated>2026-11-29T12:00:00+00:00</updated>") && !empty.contains("<entry>"))
        #expect(AtomSchema.problems(Array(empty.utf8)) == [])
    }

    /// Targets of one title (a monthly "Run 10 km") are told apart by their app ids, so when one
    /// goes the others keep their addresses and feed ids, and no id passes to another target.
    /// The hashes are FNV-1a of "id:t-june" and so on, worked out in Python.
    @Test func sameTitledTargetsKeepTheirIdsWhenOneGoes() throws {
        func done(_ id: String, _ month: Int) throws -> Target {
            Target(id: id, name: "Run 10 km", deadline: .day(try #require(LocalDate(year: 2026, month: month, day: 28))), done: true)
        }
        let june = try done("t-june", 6), july = try done("t-july", 7), august = try done("t-aug", 8)
        let lone = Target(id: "t-swim", name: "Swim", deadline: .day(try #require(LocalDate(year: 2026, month: 5, day: 1))), done: true)
        func ids(_ targets: [Target]) throws -> [String] {
            Self.all("id", in: try #require(try Self.feed(Export(targets: targets), Self.options()))).dropFirst().map { $0 }
        }
        let before = try ids([june, july, august, lone])
        #expect(before == ["https://example.org/progress/targets/run-10-km-babd6c60.html", "https://example.org/progress/targets/run-10-km-5af5a983.html",
                           "https://example.org/progress/targets/run-10-km-5afa26b1.html", "https://example.org/progress/targets/swim.html"])
        #expect(try ids([july, august, lone]) == Array(before.prefix(2)) + [before[3]])
        #expect(TargetSlugs.make([june, july, august, lone]) == ["run-10-km-5afa26b1", "run-10-km-5af5a983", "run-10-km-babd6c60", "swim"])
        // Without ids, the title and deadline tell them apart; a lone title keeps its plain slug.
        let bare = [june, july].map { var t = $0; t.id = nil; return t }
        let slugs = TargetSlugs.make(bare)
        #expect(slugs.count == 2 && slugs[0] != slugs[1] && slugs.allSatisfy { $0.hasPrefix("run-10-km-") && $0.count == "run-10-km-".count + 8 })
        #expect(TargetSlugs.make([june]) == ["run-10-km"] && TargetSlugs.make([Target(name: "index")]) == ["index-2"])
        // Completing a target without an id does not move it.
        var open = bare[0]
        open.done = false
        #expect(TargetSlugs.make([open, bare[1]]) == slugs)
        // A long title is cut before the hash, which stays whole: 70 characters of title, 51 kept.
        let long = String(repeating: "abcdefghij", count: 7)
        let longSlugs = try [done("t-june", 6), done("t-july", 7)].map { var t = $0; t.name = long; return t }
        #expect(TargetSlugs.make(longSlugs) == [String(long.prefix(51)) + "-5afa26b1", String(long.prefix(51)) + "-5af5a983"])
    }

    /// Only the sections the site builds reach the feed; without notes and targets there is none.
    @Test func respectsSections() throws {
        let day = try #require(LocalDate(year: 2026, month: 3, day: 1))
        let export = Export(targets: [Target(name: "Run", deadline: .day(day), done: true)],
                            notes: [Self.note("a", "2026-01-02T10:00:00")])
        let all = try #require(try Self.feed(export, Self.options()))
        #expect(all.contains("notes/a.html") && all.contains("Target completed: Run"))
        let noNotes = try #require(try Self.feed(export, Self.options(sections: Set(SiteSection.allCases).subtracting([.notes]))))
        #expect(!noNotes.contains("notes/a.html") && noNotes.contains("Target completed: Run") && noNotes.contains("<subtitle type=\"text\">Completed targets</subtitle>"))
        let noTargets = try #require(try Self.feed(export, Self.options(sections: Set(SiteSection.allCases).subtracting([.targets]))))
        #expect(noTargets.contains("notes/a.html") && !noTargets.contains("Target completed"))
        let neither = try Self.feed(export, Self.options(sections: Set(SiteSection.allCases).subtracting([.targets, .notes])))
        #expect(neither == nil)
    }

    /// The validator is not a rubber stamp: a feed without its required `id`, one with a date
    /// that is no `xsd:dateTime`, and one that is not XML are all rejected.
    @Test func validatorRejectsBrokenFeeds() throws {
        let xml = try #require(try Self.feed(Export(notes: [Self.note("a", "2026-01-02T10:00:00")]), Self.options()))
        #expect(AtomSchema.problems(Array(xml.utf8)) == [])
        let noID = xml.replacingOccurrences(of: "<id>https://example.org/progress/</id>\n", with: "")
        #expect(!AtomSchema.problems(Array(noID.utf8)).isEmpty)
        let badDate = xml.replacingOccurrences(of: "2026-01-02T10:00:00+00:00", with: "2026-01-02 10:00")
        #expect(!AtomSchema.problems(Array(badDate.utf8)).isEmpty)
        let broken = xml.replacingOccurrences(of: "</feed>", with: "")
        #expect(AtomSchema.problems(Array(broken.utf8)).first?.hasPrefix("not well-formed XML") == true)
    }

    /// RFC 4287's two Schematron rules, which RELAX NG validators skip: the feed has an author
    /// (so entries need none), and every entry an alternate link.
    @Test func schematronRules() throws {
        let xml = try #require(try Self.feed(Export(notes: [Self.note("a", "2026-01-02T10:00:00"), Self.note("b", "2026-01-03T10:00:00")]), Self.options()))
        let head = try #require(xml.components(separatedBy: "<entry>").first)
        #expect(head.contains("<author>\n<name>Lin's progress</name>\n</author>"))
        let entries = xml.components(separatedBy: "<entry>").dropFirst()
        #expect(entries.count == 2 && entries.allSatisfy { $0.contains("<link rel=\"alternate\" type=\"text/html\" href=\"https://example.org/progress/notes/") })
    }
}
