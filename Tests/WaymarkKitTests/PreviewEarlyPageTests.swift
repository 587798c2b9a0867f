import Foundation
import Synchronization
import Testing
@testable import WaymarkKit

/// A rebuild of the preview serves a file of the new site before the rest of the site is
/// rendered, rendering the page its catalogue names for the path (`RebuildInProgress`): the page
/// is the one a whole build makes, its validators are those of the finished snapshot, a path the
/// new site does not have waits for the swap, and a rebuild that fails after an early page still
/// ends with the last good site and the overlay.
@Suite(.serialized) struct PreviewEarlyPageTests {
    /// The first build's time and the rebuild's: Last-Modified tells them apart.
    static let firstBuild: Int64 = 1_795_953_600
    static let rebuildAt: Int64 = 1_795_953_700

    /// A session over a copy of the demo export with a theme the test can change, its clock at
    /// `firstBuild` until `rebuildAt` is set, and a hook run while a rebuild renders.
    /// (`@unchecked`: `dir` is used only by the test's own thread; the rest is immutable or locked.)
    final class Fixture: @unchecked Sendable {
        let dir = TemporaryDirectory()
        let export: String
        let theme = Mutex(Theme.embedded)
        let now = Mutex(PreviewEarlyPageTests.firstBuild)
        let hook = Mutex<(@Sendable (PreviewSession) -> Void)?>(nil)
        let pipeline = BuildPipeline(fileSystem: .local, clock: { 0 })
        private let box = Mutex<PreviewSession?>(nil)

        init() throws {
            export = try PreviewHarness.copyDemo(into: dir)
            // The session's closures hold the fixture weakly: the fixture holds the session, and a
            // cycle would keep both (and every page) alive past the test (LeakSanitizer's report).
            let session = PreviewSession(build: { [weak self] () throws(BuildFailure) -> PreparedSite in
                                             guard let self else { throw BuildFailure(step: .read, kind: .internalError, message: "the fixture is gone") }
                                             return try pipeline.prepare(request())
                                         },
                                         clock: { [weak self] in self?.now.withLock { $0 } ?? 0 }, monotonic: { 0 }, quiet: true, log: { _ in },
                                         whileRendering: { [weak self] in
                                             guard let self else { return }
                                             if let hook = hook.withLock({ $0 }), let session = box.withLock({ $0 }) { hook(session) }
                                         })
            box.withLock { $0 = session }
        }

        var session: PreviewSession { box.withLock { $0 }! }

        func request() -> BuildRequest {
            BuildRequest(source: .paths([export]), output: dir.file("unused"), now: DateTimeText.parse("2026-11-28T20:00:00+08:00"),
                         language: .en, theme: theme.withLock { $0 }, customTheme: true)
        }

        /// The file a whole build of the export as it is now makes at `path`.
        func built(_ path: String) throws -> [UInt8]? {
            try pipeline.build(request()).files.first { $0.path == path }?.bytes
        }

        func append(_ relative: String, _ text: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: export + "/" + relative))
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            try handle.close()
        }
    }

    static func get(_ session: PreviewSession, _ path: String) -> HTTPResponse {
        session.handle(HTTPRequest(method: "GET", path: path, query: [:], headers: [:]))
    }

    static func text(_ response: HTTPResponse) -> String {
        guard case .bytes(let bytes) = response.body else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func header(_ response: HTTPResponse, _ name: String) -> String? {
        response.headers.first { $0.name == name }?.value
    }

    @Test func theEarlyPageIsTheWholeBuildsPageWithTheFinalValidators() throws {
        let f = try Fixture()
        #expect(f.session.rebuild())
        let word = "Zanzibar\(UInt32.random(in: 0...UInt32.max))"
        try f.append("notes/half-marathon.md", "\n\n\(word)\n")
        f.now.withLock { $0 = PreviewEarlyPageTests.rebuildAt }
        let seen = Mutex<[(early: HTTPResponse, served: Bool, todos: HTTPResponse)]>([])
        f.hook.withLock {
            $0 = { session in
                let early = PreviewEarlyPageTests.get(session, "/notes/half-marathon.html")
                // The snapshot is still the old one: the page came from the rebuild.
                let served = session.snapshot["notes/half-marathon.html"].map { String(decoding: $0.bytes, as: UTF8.self).contains(word) } ?? true
                seen.withLock { $0.append((early, served, PreviewEarlyPageTests.get(session, "/todos/"))) }
            }
        }
        #expect(f.session.rebuild())
        let (early, served, todos) = try #require(seen.withLock { $0.first })
        #expect(!served)
        #expect(early.status == 200)
        let text = PreviewEarlyPageTests.text(early)
        #expect(text.contains(word))
        // Byte for byte the whole build's page, with the preview's script for the old build.
        let id = try #require(PreviewHarness.reloadID(text))
        let whole = try #require(try f.built("notes/half-marathon.html"))
        #expect(text == String(decoding: PageInjection.inject(LiveReload.script(id: id, page: "notes/half-marathon.html"), into: whole), as: UTF8.self))
        // The validators are those the finished snapshot gives the same bytes: the ETag from the
        // bytes, Last-Modified the rebuild's time for a changed page and the first build's for an
        // unchanged one (the to-do page does not show notes).
        let entry = try #require(f.session.snapshot["notes/half-marathon.html"])
        #expect(entry.bytes == whole)
        #expect(entry.etag == SiteSnapshot.etag(whole))
        #expect(entry.lastModified == PreviewEarlyPageTests.rebuildAt)
        #expect(PreviewEarlyPageTests.header(early, "ETag") == String(entry.etag.dropLast()) + "-" + id + "\"")
        #expect(PreviewEarlyPageTests.header(early, "Last-Modified") == HTTPDate.format(PreviewEarlyPageTests.rebuildAt))
        #expect(todos.status == 200)
        #expect(PreviewEarlyPageTests.header(todos, "Last-Modified") == HTTPDate.format(PreviewEarlyPageTests.firstBuild))
        #expect(f.session.snapshot["todos/index.html"]?.lastModified == PreviewEarlyPageTests.firstBuild)
        // After the swap the same page is served, now with the new build's script.
        let after = PreviewEarlyPageTests.text(PreviewEarlyPageTests.get(f.session, "/notes/half-marathon.html"))
        #expect(after.contains(word))
        #expect(PreviewHarness.reloadID(after) != id)
    }

    /// Requests for the edited page all through a rebuild, from another thread: once the new
    /// page has been served, the old one never is again.
    @Test func onceTheNewPageIsServedTheOldOneNeverIs() throws {
        let f = try Fixture()
        #expect(f.session.rebuild())
        let word = "Zanzibar\(UInt32.random(in: 0...UInt32.max))"
        try f.append("notes/half-marathon.md", "\n\n\(word)\n")
        let running = Mutex(true)
        let seen = Mutex<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        let session = f.session
        f.hook.withLock {
            $0 = { _ in
                Thread {
                    while running.withLock({ $0 }) {
                        let text = PreviewEarlyPageTests.text(PreviewEarlyPageTests.get(session, "/notes/half-marathon.html"))
                        seen.withLock { $0.append(text.contains(word)) }
                    }
                    done.signal()
                }.start()
                // Let the requests start before the rest is rendered.
                usleep(20_000)
            }
        }
        #expect(f.session.rebuild())
        usleep(20_000)
        running.withLock { $0 = false }
        #expect(done.wait(timeout: .now() + 10) == .success)
        let answers = seen.withLock { $0 }
        let first = try #require(answers.firstIndex(of: true))
        #expect(!answers[first...].contains(false))
        // Requests began during the rebuild: the first was already the new page (served early,
        // or after waiting for the swap: never the old one).
        #expect(first == 0)
    }

    /// A theme asset the rebuild changed (the style sheet) is never served from the old
    /// snapshot while the rebuild renders: the catalogue names it, and the request gets the new file.
    @Test func aChangedAssetIsTheNewOne() throws {
        let f = try Fixture()
        #expect(f.session.rebuild())
        let css = "/* new style \(UInt32.random(in: 0...UInt32.max)) */"
        f.theme.withLock { $0.assets["style.css"] = Array(css.utf8) }
        let answered = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        f.hook.withLock {
            $0 = { session in
                Thread {
                    answered.withLock { $0 = PreviewEarlyPageTests.text(PreviewEarlyPageTests.get(session, "/style.css")) }
                    done.signal()
                }.start()
            }
        }
        #expect(f.session.rebuild())
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(answered.withLock { $0 } == css)
    }

    /// A template that fails on the to-do page only: the note page is served early, then the
    /// rebuild fails, and the last good site is served with the overlay.
    @Test func aRenderErrorOnAnotherPageEndsWithTheLastGoodSite() throws {
        let f = try Fixture()
        #expect(f.session.rebuild())
        let good = try #require(try f.built("notes/half-marathon.html"))
        let word = "Zanzibar\(UInt32.random(in: 0...UInt32.max))"
        try f.append("notes/half-marathon.md", "\n\n\(word)\n")
        // Parses, but includes itself until the renderer's depth limit stops it.
        f.theme.withLock { $0.templates["todos"] = "{{>todos}}" }
        let early = Mutex<String?>(nil)
        f.hook.withLock {
            $0 = { session in early.withLock { $0 = PreviewEarlyPageTests.text(PreviewEarlyPageTests.get(session, "/notes/half-marathon.html")) } }
        }
        #expect(!f.session.rebuild())
        #expect(early.withLock { $0 }?.contains(word) == true)
        #expect(f.session.failure?.contains("todos.mustache") == true)
        #expect(f.session.snapshot["notes/half-marathon.html"]?.bytes == good)
        let after = PreviewEarlyPageTests.text(PreviewEarlyPageTests.get(f.session, "/notes/half-marathon.html"))
        #expect(after.contains("waymark-build-error"))
        #expect(!after.contains(word))
        // The next rebuild, after a failed one, serves nothing early: the page would carry the
        // old overlay. Fixed, it renders whole and the new page is served.
        f.theme.withLock { $0 = .embedded }
        let during = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        f.hook.withLock {
            $0 = { session in
                Thread {
                    during.withLock { $0 = PreviewEarlyPageTests.text(PreviewEarlyPageTests.get(session, "/notes/half-marathon.html")) }
                    done.signal()
                }.start()
            }
        }
        #expect(f.session.rebuild())
        #expect(done.wait(timeout: .now() + 10) == .success)
        let fixed = try #require(during.withLock { $0 })
        #expect(fixed.contains(word))
        #expect(!fixed.contains("waymark-build-error"))
        #expect(f.session.failure == nil)
    }

    /// Notes added: their pages are in the new catalogue, so a request for one during the
    /// rebuild gets it, as a whole build makes it; a path the new site does not have waits for
    /// the swap and is not found.
    @Test func aNewNotesPageIsServedDuringTheRebuild() throws {
        let f = try Fixture()
        #expect(f.session.rebuild())
        for i in 0..<36 { f.dir.write("export/notes/extra-\(i).md", "---\ntitle: Extra \(i)\n---\nExtra note \(i).\n") }
        let missing = Mutex<Int?>(nil)
        let got = Mutex<(Int, String)?>(nil)
        let done = DispatchSemaphore(value: 0)
        f.hook.withLock {
            $0 = { session in
                Thread {
                    let r = PreviewEarlyPageTests.get(session, "/notes/extra-35.html")
                    got.withLock { $0 = (r.status, PreviewEarlyPageTests.text(r)) }
                    missing.withLock { $0 = PreviewEarlyPageTests.get(session, "/notes/extra-99.html").status }
                    done.signal()
                }.start()
            }
        }
        #expect(f.session.rebuild())
        #expect(done.wait(timeout: .now() + 10) == .success)
        let (status, text) = try #require(got.withLock { $0 })
        #expect(status == 200)
        #expect(text.contains("Extra note 35."))
        let id = try #require(PreviewHarness.reloadID(text))
        let whole = try #require(try f.built("notes/extra-35.html"))
        #expect(text == String(decoding: PageInjection.inject(LiveReload.script(id: id, page: "notes/extra-35.html"), into: whole), as: UTF8.self))
        #expect(missing.withLock { $0 } == 404)
    }
}
