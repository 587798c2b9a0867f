import Foundation
import Synchronization
import Testing
@testable import WaymarkKit

/// The preview's rebuilds reuse what did not change (`RebuildCache`): a mini-site of every kind of
/// source (a Waymark export with notes, a Loop database, a theme, `waymark.json`) is served,
/// each kind is edited in turn, and after every rebuild the served site is, file by file, the
/// site a fresh `build` of the same inputs makes, while the caches really were used. A note's
/// edit changes, and tells the open pages of, exactly the pages that show it.
@Suite(.serialized) struct IncrementalRebuildTests {
    /// The mini-site: the demo export, a Loop backup, a theme with the note template and a config
    /// naming them; a session that rebuilds only when asked (no watcher, so every step is
    /// deterministic) with a cache that keeps files as soon as they are read (`settle` 0: every
    /// edit below changes the file's size, so no two versions share an identity).
    final class MiniSite: @unchecked Sendable {
        let dir = TemporaryDirectory()
        let export: String
        let options: ServeCommand.Options
        let env: CommandEnvironment
        let cache = RebuildCache(settle: 0)
        let hook = Mutex<(@Sendable (PreviewSession) -> Void)?>(nil)
        private let box = Mutex<PreviewSession?>(nil)

        /// `activity`: an Apple Health export with a few days of steps is a source too.
        init(baseURL: Bool = false, activity: Bool = false) throws {
            export = try PreviewHarness.copyDemo(into: dir)
            dir.write("Loop Habits Backup.db", IncrementalRebuildTests.loop(checks: ["2026-11-20", "2026-11-21"]))
            let template = try String(contentsOf: TestPaths.repo.appendingPathComponent("Templates/note.mustache"), encoding: .utf8)
            dir.write("theme/note.mustache", template)
            if activity { dir.write("export.xml", IncrementalRebuildTests.health(steps: [("20", "4200"), ("21", "9100")])) }
            dir.write("waymark.json", IncrementalRebuildTests.config(title: "Mini site", baseURL: baseURL, activity: activity))
            options = try ServeCommand.spec.parse(["--config", dir.file("waymark.json"), "--templates", dir.file("theme"),
                                                   "--now", "2026-11-28T20:00:00+08:00", "--port", "0"])
            env = CommandEnvironment(standardOutput: { _ in }, standardError: { _ in }, fileSystem: .local, clock: { 1_795_953_600 },
                                     processID: 4242)
            let (options, env, cache) = (self.options, self.env, self.cache)
            // The session's closures hold the site weakly: the site holds the session.
            let session = PreviewSession(build: { () throws(BuildFailure) -> PreparedSite in
                                         let settings: BuildSettings
                                         do throws(BuildSettings.Failure) { settings = try ServeCommand.settings(options, env) } catch {
                                             throw error.rebuildFailure
                                         }
                                         return try env.pipeline.prepare(settings.request, reusing: cache)
                                     },
                                     clock: { 1_795_953_600 }, monotonic: { 0 }, quiet: true, log: { _ in },
                                     whileRendering: { [weak self] in
                                         guard let self, let hook = hook.withLock({ $0 }), let session = box.withLock({ $0 }) else { return }
                                         hook(session)
                                     })
            box.withLock { $0 = session }
        }

        var session: PreviewSession { box.withLock { $0 }! }

        /// The files a fresh `waymark build` of the inputs as they are now makes, by path.
        func freshBuild() throws -> [String: [UInt8]] {
            let settings = try ServeCommand.settings(options, env)
            var files: [String: [UInt8]] = [:]
            for file in try env.pipeline.build(settings.request).files { files[file.path] = file.bytes }
            return files
        }

        /// The pages of the site the inputs make now, in the catalogue's order.
        func pages() throws -> [Page] {
            try env.pipeline.prepare(ServeCommand.settings(options, env).request).catalogue.pages
        }

        /// Rebuilds and compares the served site with a fresh build, file by file.
        func rebuildAndCompare(_ what: Comment) throws {
            cache.resetCounts()
            #expect(session.rebuild(), what)
            #expect(session.failure == nil, what)
            let served = session.snapshot.entries.mapValues(\.bytes)
            let fresh = try freshBuild()
            #expect(served.keys.sorted() == fresh.keys.sorted(), what)
            for (path, bytes) in fresh.sorted(by: { $0.key < $1.key }) {
                let same = served[path] == bytes  // (a Bool, so a failure names the path, not every byte)
                #expect(same, "\(what): \(path) differs from a fresh build")
            }
        }

        func append(_ relative: String, _ text: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: dir.file(relative)))
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
        }

        /// Replaces `old` (which must be there) with `new` in a file, in place.
        func replace(_ relative: String, _ old: String, _ new: String) throws {
            let text = try #require(dir.read(relative))
            #expect(text.contains(old), "\(relative) holds \(old)")
            let handle = try #require(FileHandle(forWritingAtPath: dir.file(relative)))
            try handle.truncate(atOffset: 0)
            handle.write(Data(text.replacingOccurrences(of: old, with: new).utf8))
            try handle.close()
        }
    }

    static func config(title: String, baseURL: Bool, activity: Bool = false) -> String {
        "{\"sources\": [\"export\", \"Loop Habits Backup.db\"\(activity ? ", \"export.xml\"" : "")], \"title\": \"\(title)\", \"language\": \"en\""
            + (baseURL ? ", \"baseURL\": \"https://example.com/progress/\"" : "") + "}"
    }

    /// `png` with a `tEXt` chunk before its `IEND` (the last 12 bytes): another valid PNG of the same picture.
    static func withText(_ png: [UInt8]) -> [UInt8] {
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body = Array("tEXtComment\u{0}edited".utf8)
        let chunk = be32(UInt32(body.count - 4)) + body + be32(crc32(body))
        return Array(png.dropLast(12)) + chunk + Array(png.suffix(12))
    }

    /// An Apple Health export with one walk a day: (day of November 2026, steps).
    static func health(steps: [(day: String, count: String)]) -> [UInt8] {
        Array((["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<HealthData locale=\"en_GB\">",
                " <ExportDate value=\"2026-11-22 09:00:00 +0800\"/>"]
               + steps.map { s in
                   " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"iPhone\" unit=\"count\" startDate=\"2026-11-\(s.day) 08:00:00 +0800\""
                       + " endDate=\"2026-11-\(s.day) 09:00:00 +0800\" value=\"\(s.count)\"/>"
               } + ["</HealthData>", ""]).joined(separator: "\n").utf8)
    }

    /// A Loop backup (schema version 12) with one habit checked on `checks`.
    static func loop(checks: [String]) -> [UInt8] {
        LoopFixtures.database(version: 12, LoopFixtures.schema12 + """
            INSERT INTO Habits VALUES (1, 0, -2937041, 'Floss every night', 1, 1, 0, 'Floss', 0, 127, NULL, NULL);
            INSERT INTO Repetitions (habit, timestamp) VALUES \(checks.map { "(1, \(LoopFixtures.ms($0)))" }.joined(separator: ", "));
            """)
    }

    @Test func everyKindOfEditServesWhatAFreshBuildMakes() throws {
        let site = try MiniSite()
        try site.rebuildAndCompare("the first build")
        #expect(site.session.snapshot["habits/floss.html"] != nil)
        #expect(site.session.snapshot["notes/half-marathon.html"] != nil)
        // Nothing changed: every file and note is reused, and so are the figures.
        try site.rebuildAndCompare("a rebuild without a change")
        #expect(site.cache.sources.reuse.read == 0)
        #expect(site.cache.sources.reuse.reused == 5 + 5 + 1)  // the notes, five data files, the Loop backup
        // Four notes: the weekly review, of Nov 28 21:00, is after now and not published.
        #expect(site.cache.notes.reuse == (reused: 4, rendered: 0))
        #expect(site.cache.content.reuse == (reused: 1, computed: 0))

        // A note: only it is read and rendered again; the figures stay.
        try site.append("export/notes/half-marathon.md", "\n\nZanzibar, the last line.\n")
        try site.rebuildAndCompare("a note edited")
        #expect(site.session.snapshot["notes/half-marathon.html"].map { String(decoding: $0.bytes, as: UTF8.self).contains("Zanzibar") } == true)
        #expect(site.cache.sources.reuse == (reused: 10, read: 1))
        #expect(site.cache.notes.reuse == (reused: 3, rendered: 1))
        #expect(site.cache.content.reuse == (reused: 1, computed: 0))

        // points.json: read again, the figures computed again.
        try site.replace("export/points.json", "\"point\": \"3\"", "\"point\": \"13\"")
        try site.rebuildAndCompare("points.json edited")
        #expect(site.cache.sources.reuse == (reused: 10, read: 1))
        #expect(site.cache.content.reuse == (reused: 0, computed: 1))

        // The Loop backup, replaced by one with a third check.
        site.dir.write("Loop Habits Backup.db", IncrementalRebuildTests.loop(checks: ["2026-11-20", "2026-11-21", "2026-11-22"]))
        try site.rebuildAndCompare("the Loop backup replaced")
        #expect(site.cache.sources.reuse == (reused: 10, read: 1))
        #expect(site.cache.content.reuse == (reused: 0, computed: 1))

        // A template of the theme: nothing is read again, every page is rendered with it.
        try site.replace("theme/note.mustache", "{{{bodyHTML}}}", "<div class=\"mini\">{{{bodyHTML}}}</div>")
        try site.rebuildAndCompare("a template edited")
        #expect(site.cache.sources.reuse == (reused: 11, read: 0))
        #expect(site.session.snapshot["notes/half-marathon.html"].map { String(decoding: $0.bytes, as: UTF8.self).contains("class=\"mini\"") } == true)

        // waymark.json: a new title, and then a zone that moves every date, which no kept
        // reading may survive.
        site.dir.write("waymark.json", IncrementalRebuildTests.config(title: "Mini site, renamed", baseURL: true))
        try site.rebuildAndCompare("the title and base URL changed in waymark.json")
        #expect(site.session.snapshot["feed.xml"] != nil)
        site.dir.write("waymark.json", "{\"sources\": [\"export\", \"Loop Habits Backup.db\"], \"language\": \"en\", \"timeZone\": \"America/New_York\"}")
        try site.rebuildAndCompare("the time zone changed in waymark.json")

        // A note deleted and one added.
        try FileManager.default.removeItem(atPath: site.dir.file("export/notes/reading-list.md"))
        site.dir.write("export/notes/new-note.md", "---\ntitle: A new note\ndate: 2026-11-27T08:00:00\n---\nJust written.\n")
        try site.rebuildAndCompare("a note deleted and one added")
        #expect(site.session.snapshot["notes/reading-list.html"] == nil)
        #expect(site.session.snapshot["notes/new-note.html"] != nil)
    }

    /// Each kind of input edited in turn, the served site compared with a fresh build file by
    /// file after each: only the pages that read what changed are rendered again, the others'
    /// files are the build before's (`PageCache`).
    @Test func aRebuildRendersOnlyThePagesWhoseInputsChanged() throws {
        let site = try MiniSite(baseURL: true, activity: true)
        /// Rebuilds, compares with a fresh build, and gives the pages rendered.
        func rendered(_ what: Comment) throws -> Set<Page> {
            try site.rebuildAndCompare(what)
            return site.cache.pages.rendered
        }
        let all = Set(try site.pages())
        #expect(try rendered("the first build") == all)
        #expect(all.contains(.activity) && all.contains(.feed) && all.contains(.note(slug: "half-marathon")))
        #expect(try rendered("a rebuild without a change") == [])

        // The note's text: its page, the index page with its summary, the feed with its content.
        // Its neighbours, its habit's and target's pages and the dashboards name it by title.
        try site.replace("export/notes/half-marathon.md", "six minutes faster", "nearly six minutes faster")
        #expect(try rendered("a note's text") == [.note(slug: "half-marathon"), .notesIndex(page: 1), .feed])
        #expect(site.cache.pages.reuse == (all.count - 3, 3))
        // An image it shows: only the image (the note's HTML names its path).
        let png = try IncrementalRebuildTests.withText(Array(Data(contentsOf: URL(fileURLWithPath: site.dir.file("export/notes/images/route.png")))))
        #expect(ImageValidator.png(png) == nil)
        site.dir.write("export/notes/images/route.png", png)
        #expect(try rendered("a note's image") == [.image(path: "notes/images/route.png")])

        // The pages of each kind, counted from the catalogue: the mini-site's data is of 2026
        // alone (one year page), its point records of August to November (four months).
        let pages = try site.pages()
        #expect(Set(pages) == all)
        func kind(_ test: (Page) -> Bool) -> Set<Page> { Set(pages.filter(test)) }
        let dashboards = kind { if case .dashboard = $0 { true } else { false } }
        let years = kind { if case .year = $0 { true } else { false } }
        let months = kind { if case .pointsMonth = $0 { true } else { false } }
        let targets = kind { if case .target = $0 { true } else { false } }
        let notesIndex = kind { if case .notesIndex = $0 { true } else { false } }
        #expect(dashboards.count == Period.allCases.count && years == [.year(2026)] && targets.count == 10 && notesIndex.count == 1)
        #expect(months == Set([8, 9, 10, 11].map { Page.pointsMonth(year: 2026, month: $0) }))
        // What reads every kind of record: the dashboards, stats.json, the years and the feed.
        let everything = dashboards.union(years).union([.statistics, .yearsIndex, .feed])
        let run = try #require(pages.first { if case .habit(let slug) = $0 { slug.hasSuffix("morning-run") } else { false } })
        #expect(all.contains(run) && all.contains(.habit(slug: "floss")))

        // Front matter is data (the years count notes by date, lists sort by title): every page
        // that reads the whole data, the lists of notes by title (the notes index, the targets,
        // its habit's page), the note's own page and its neighbours', which show its title.
        let order = pages.compactMap { if case .note(let slug) = $0 { slug } else { nil } }
        let at = try #require(order.firstIndex(of: "half-marathon"))
        let neighbours = Set([at - 1, at + 1].filter(order.indices.contains).map { Page.note(slug: order[$0]) })
        #expect(neighbours.count == 2)
        try site.replace("export/notes/half-marathon.md", "title: 半程马拉松 Half-marathon race report", "title: Half-marathon, the report")
        #expect(try rendered("a note's title")
                    == everything.union(neighbours).union(notesIndex).union(targets).union([.note(slug: "half-marathon"), .targetsIndex, run]))

        // Records of every kind: the pages that read that kind, and those that read everything;
        // no note's page, no other habit's.
        try site.replace("export/weights.json", "\"kgValue\": \"69.2\"", "\"kgValue\": \"69.9\"")
        #expect(try rendered("a weighing") == everything.union([.weight]))
        // Every morning run of August to November, and a daily challenge of August, 3 points more.
        try site.replace("export/points.json", "\"point\": \"3\"", "\"point\": \"13\"")
        #expect(try rendered("a point record") == everything.union(months).union([run, .habitsIndex, .pointsIndex]))
        site.dir.write("Loop Habits Backup.db", IncrementalRebuildTests.loop(checks: ["2026-11-20", "2026-11-21", "2026-11-22"]))
        #expect(try rendered("a Loop check")
                    == everything.union([.habit(slug: "floss"), .habitsIndex, .pointsIndex, .pointsMonth(year: 2026, month: 11)]))
        try site.replace("export/targets.json", "Ray Dalio's *Principles*, all three parts.", "Ray Dalio's *Principles*, every part.")
        #expect(try rendered("a target") == everything.union(targets).union([.targetsIndex]))
        try site.replace("export/todos.json", "Backup the laptop", "Back up the laptop")
        #expect(try rendered("a to-do") == everything.union([.todos]))
        site.dir.write("export.xml", IncrementalRebuildTests.health(steps: [("20", "4200"), ("21", "9100"), ("22", "12000")]))
        // The steps are a habit too (their daily goal: `ActivityHabits`), and a day of them a
        // check of it in November.
        #expect(try rendered("a day of steps")
                    == everything.union([.activity, .habit(slug: "steps"), .habitsIndex, .pointsIndex, .pointsMonth(year: 2026, month: 11)]))
        try site.replace("export/tags.json", "Easy pace, nose breathing.", "Easy pace.")
        #expect(try rendered("a habit's description") == everything.union([run, .habitsIndex, .pointsIndex]))

        // What every page shares: the theme, the settings, the list of pages.
        try site.replace("theme/note.mustache", "{{{bodyHTML}}}", "<div class=\"mini\">{{{bodyHTML}}}</div>")
        #expect(try rendered("a template") == all)
        site.dir.write("theme/style.css", "body { color: navy }\n")
        #expect(try rendered("a stylesheet") == all)
        site.dir.write("waymark.json", IncrementalRebuildTests.config(title: "Mini site, renamed", baseURL: true, activity: true))
        #expect(try rendered("the title in waymark.json") == Set(try site.pages()))
        try FileManager.default.removeItem(atPath: site.dir.file("export/notes/reading-list.md"))
        #expect(try rendered("a note deleted") == Set(try site.pages()))
        site.dir.write("export/notes/new-note.md", "---\ntitle: A new note\ndate: 2026-11-27T08:00:00\n---\nJust written.\n")
        #expect(try rendered("a note added") == Set(try site.pages()))
    }

    /// A note whose first paragraph changes: its page (body and description), and the notes
    /// index page that lists it (its summary), and the feed (its content) change. The
    /// habit, target and dashboard pages name the note only by title and date, and its
    /// neighbours' pages by title, so nothing else does. Only the open pages that changed are
    /// told to reload, and the note's page is told before the rest of the site is rendered.
    @Test func aNoteEditChangesAndReloadsExactlyItsPages() throws {
        let site = try MiniSite(baseURL: true)
        #expect(site.session.rebuild())
        let before = site.session.snapshot
        let id = site.session.reload.currentID
        let note = "notes/half-marathon.html", neighbour = "notes/training-log.html"
        // Two open pages: their live-reload streams.
        let streams = [note, neighbour, "habits/index.html"].map { page in
            site.session.handle(HTTPRequest(method: "GET", path: LiveReload.eventsPath, query: ["since": id, "page": page]))
        }
        #expect(Set(site.session.reload.openPages) == [note, neighbour, "habits/index.html"])
        let early = Mutex<[LiveReload.Event]>([])
        site.hook.withLock {
            $0 = { session in
                early.withLock { $0 = [session.reload.wait(since: id, page: note, timeout: 0), session.reload.wait(since: id, page: neighbour, timeout: 0)] }
            }
        }
        try site.replace("export/notes/half-marathon.md", "six minutes faster", "nearly six minutes faster")
        #expect(site.session.rebuild())
        let after = site.session.snapshot
        #expect(Set(after.changed) == [note, "notes/index.html", "feed.xml"])
        #expect(Set(after.entries.keys) == Set(before.entries.keys))
        // Announced before the other pages were rendered: the note, not its neighbour.
        let current = site.session.reload.currentID
        let heard = early.withLock { $0 }
        #expect(heard.count == 2)
        if case .reload(let announced)? = heard.first { #expect(announced != id) } else { Issue.record("the note's page was not told early: \(heard)") }
        #expect(heard.last == .idle)
        #expect(site.session.reload.wait(since: id, page: note, timeout: 0) == .reload(id: current))
        #expect(site.session.reload.wait(since: id, page: neighbour, timeout: 0) == .idle)
        #expect(site.session.reload.wait(since: id, page: "habits/index.html", timeout: 0) == .idle)
        // A page with no page named, and one of another run, reload on any build.
        #expect(site.session.reload.wait(since: id, timeout: 0) == .reload(id: current))
        #expect(site.session.reload.wait(since: "other-1", page: neighbour, timeout: 0) == .reload(id: current))
        // The note's served page is the rebuilt one, and names the build that announced it.
        let served = PreviewEarlyPageTests.text(site.session.handle(HTTPRequest(method: "GET", path: "/" + note)))
        #expect(served.contains("nearly six minutes faster"))
        #expect(PreviewHarness.reloadID(served) == current)
        _ = streams
    }

    /// A stylesheet of the theme changes no page's bytes, but every page shows it: every open
    /// page reloads.
    @Test func aChangedStylesheetReloadsEveryPage() throws {
        let site = try MiniSite()
        site.dir.write("theme/style.css", "body { color: black }\n")
        #expect(site.session.rebuild())
        let id = site.session.reload.currentID
        site.dir.write("theme/style.css", "body { color: navy }\n")
        #expect(site.session.rebuild())
        #expect(site.session.snapshot.changed == ["style.css"])
        #expect(site.session.reload.wait(since: id, page: "habits/index.html", timeout: 0) == .reload(id: site.session.reload.currentID))
    }

    /// A file changed within the settling time is read again at the next build, however its
    /// identity looks; one left alone longer is reused.
    @Test func aFileChangedJustNowIsNeverReused() throws {
        let dir = TemporaryDirectory()
        dir.write("a.md", "one")
        let clock = Mutex(FileIdentity.wallClock())
        let cache = SourceCache(settle: 2, now: { clock.withLock { $0 } })
        let memo = ReadMemo(store: cache)
        let reads = Mutex(0)
        func read() -> String {
            memo.value(.local, paths: [dir.file("a.md")], reading: "test") { () -> String in
                reads.withLock { $0 += 1 }
                return dir.read("a.md") ?? ""
            }
        }
        #expect(read() == "one")
        #expect(read() == "one")
        #expect(reads.withLock { $0 } == 2)  // written just now: not kept
        clock.withLock { $0 += 3_000_000_000 }
        #expect(read() == "one")
        #expect(read() == "one")
        #expect(reads.withLock { $0 } == 3)  // settled: kept after one more read
        // Same size, and the modification time set back: the status-change time still moved.
        let path = dir.file("a.md")
        let before = try #require(FileIdentity.local(path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data("two".utf8))
        try handle.close()
        #expect(try #require(FileIdentity.local(path)).inode == before.inode)
        var times = [timespec(tv_sec: Int(before.modified / 1_000_000_000), tv_nsec: Int(before.modified % 1_000_000_000)),
                     timespec(tv_sec: Int(before.modified / 1_000_000_000), tv_nsec: Int(before.modified % 1_000_000_000))]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try #require(FileIdentity.local(path)).modified == before.modified)
        #expect(read() == "two")
        // A symbolic link or a missing file has no identity: never reused.
        #expect(FileIdentity.local(dir.file("missing")) == nil)
    }
}
