import Foundation
import Testing
@testable import WaymarkKit

/// `waymark serve` on a copy of the demo export: edits are served, browsers are told, failed
/// rebuilds keep the last good site, and links out of the site are never followed.
@Suite(.serialized) struct ServeRebuildTests {
    /// Appends `text` to a file.
    func append(_ path: String, _ text: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    /// The seconds of the last "Rebuilt in S s" line.
    func lastRebuildSeconds(_ log: String) -> Double? {
        log.components(separatedBy: "\n").last { $0.hasPrefix("Rebuilt in ") }
            .flatMap { Double($0.dropFirst("Rebuilt in ".count).prefix { $0 != " " }) }
    }

    @Test(arguments: [SiteWatcher.Method.native, .polling(interval: 0.25)])
    func anEditIsServedAndTheOpenStreamHearsOfIt(watch: SiteWatcher.Method) throws {
        let dir = TemporaryDirectory()
        let export = try PreviewHarness.copyDemo(into: dir)
        let preview = try PreviewHarness([export, "--lang", "en"], watch: watch)
        let page = try #require(preview.http.request("GET", "/notes/half-marathon.html"))
        #expect(page.status == 200)
        let id = try #require(PreviewHarness.reloadID(page.text))
        // The browser's stream is open before the edit, and hears of the new build.
        let word = "Zanzibar\(UInt32.random(in: 0...UInt32.max))"
        let stream = preview.http.readStream("/_waymark/events?since=\(id)", until: "\n\n", timeout: 10) {
            try? append(export + "/notes/half-marathon.md", "\n\n\(word)\n")
        }
        #expect(stream.contains("retry: 1000"))
        let (served, _) = preview.http.poll("/notes/half-marathon.html", timeout: 10) { $0.text.contains(word) }
        #expect(served?.status == 200)
        #expect(served?.text.contains(word) == true)
        let events = preview.http.readStream("/_waymark/events?since=\(id)", until: "data:", timeout: 5)
        #expect(events.contains("data: "))
        #expect(!events.contains("data: \(id)\n"))
        // How soon is Scripts/bench-serve's to measure. The page may be served before the rebuild
        // ends and logs (`RebuildInProgress`), so the log is waited for.
        let logged = Date()
        while lastRebuildSeconds(preview.log.value) == nil, Date().timeIntervalSince(logged) < 10 { usleep(10_000) }
        #expect(lastRebuildSeconds(preview.log.value) != nil)
        #expect(preview.log.value.contains("Rebuilt in "))
    }

    /// When the first build fails there is no site yet: the "not found" page says so, not that
    /// it is the site as last built.
    @Test func aFailedFirstBuildSaysThereIsNoSiteYet() throws {
        let dir = TemporaryDirectory()
        let export = try PreviewHarness.copyDemo(into: dir)
        try "{ \"data\": [ oops".write(toFile: export + "/points.json", atomically: true, encoding: .utf8)
        let preview = try PreviewHarness([export, "--lang", "en"])
        let (page, _) = preview.http.poll("/", timeout: 10) { $0.text.contains("waymark-build-error") }
        let text = try #require(page?.text)
        #expect(page?.status == 404)
        #expect(text.contains("The build failed, so there is no site to show yet. Fix the problem and save: the page reloads by itself."))
        #expect(!text.contains("as it was last built") && text.contains("points.json"))
    }

    @Test func aFailedRebuildKeepsTheLastGoodSiteAndShowsTheError() throws {
        let dir = TemporaryDirectory()
        let export = try PreviewHarness.copyDemo(into: dir)
        let preview = try PreviewHarness([export, "--lang", "en"])
        let good = try #require(preview.http.request("GET", "/notes/half-marathon.html"))
        let points = try String(contentsOfFile: export + "/points.json", encoding: .utf8)
        try "{ \"data\": [ oops".write(toFile: export + "/points.json", atomically: true, encoding: .utf8)
        let (broken, _) = preview.http.poll("/notes/half-marathon.html", timeout: 10) { $0.text.contains("waymark-build-error") }
        let text = try #require(broken?.text)
        #expect(text.contains("The last build failed, so this is the site as it was last built."))
        #expect(text.contains("points.json"))
        // The page underneath is the last good one, with its overlay and a new build id.
        #expect(text.contains("<h1"))
        #expect(PreviewHarness.reloadID(text) != PreviewHarness.reloadID(good.text))
        #expect(preview.http.request("GET", "/style.css")?.status == 200)
        #expect(preview.log.value.contains("Still serving the last good build; fix the problem and save."))
        #expect(preview.service.session.failure?.contains("points.json") == true)
        // Fixed: the overlay goes.
        try points.write(toFile: export + "/points.json", atomically: true, encoding: .utf8)
        let (fixed, _) = preview.http.poll("/notes/half-marathon.html", timeout: 10) { !$0.text.contains("waymark-build-error") }
        #expect(fixed?.status == 200)
        #expect(fixed?.text.contains("waymark-build-error") == false)
        #expect(preview.service.session.failure == nil)
    }

    @Test func aBrokenConfigIsPrintedAsBuildPrintsIt() throws {
        let dir = TemporaryDirectory()
        let export = try PreviewHarness.copyDemo(into: dir)
        let config = dir.file("waymark.json")
        try "{\"sources\": [\"export\"]}".write(toFile: config, atomically: true, encoding: .utf8)
        let preview = try PreviewHarness(["--config", config, "--lang", "en"])
        #expect(preview.http.request("GET", "/")?.status == 200)
        _ = export
        try "{\"sources\": [\"export\"], \"language\": 3, \"titel\": \"x\"}".write(toFile: config, atomically: true, encoding: .utf8)
        let (broken, _) = preview.http.poll("/", timeout: 10) { $0.text.contains("waymark-build-error") }
        #expect(broken?.status == 200)
        let log = preview.log.value
        // One problem a line with its severity, a summary, and the preview's own last line.
        #expect(log.contains("error: \(config):1:"))
        #expect(log.contains("$.language: expected a string, got a number (3)\n"))
        #expect(log.contains("\n2 problems in \(config).\nStill serving the last good build; fix the problem and save.\n"))
        #expect(!log.contains("nothing was built"))
        #expect(!log.contains("error: error"))
        #expect(!log.contains("Usage:"))
    }

    /// A preview of a copy of the demo with an empty `theme` folder as `--templates`, its front page served.
    func previewWithTheme() throws -> (TemporaryDirectory, String, PreviewHarness) {
        let dir = TemporaryDirectory()
        let export = try PreviewHarness.copyDemo(into: dir)
        try FileManager.default.createDirectory(atPath: dir.file("theme"), withIntermediateDirectories: true)
        let preview = try PreviewHarness([export, "--templates", dir.file("theme"), "--lang", "en"])
        #expect(preview.http.request("GET", "/")?.status == 200)
        return (dir, export, preview)
    }

    @Test func aBrokenTemplateShowsTheOverlayUntilItIsFixed() throws {
        let (dir, _, preview) = try previewWithTheme()
        dir.write("theme/layout.mustache", "<html><body>{{#unclosed}}</body></html>")
        let (broken, _) = preview.http.poll("/", timeout: 10) { $0.text.contains("waymark-build-error") }
        #expect(broken?.text.contains("template") == true)
        #expect(preview.log.value.contains("error: template"))
        dir.write("theme/layout.mustache", "<html><body><p>Custom layout</p>{{$content}}{{/content}}</body></html>")
        let (fixed, _) = preview.http.poll("/", timeout: 10) { $0.text.contains("Custom layout") }
        #expect(fixed?.text.contains("waymark-build-error") == false)
    }

    /// A template saved while the preview runs gets the warning `build` would give, once.
    @Test func aTemplateThatReplacesNothingIsWarnedOfOnTheRebuild() throws {
        let (dir, export, preview) = try previewWithTheme()
        #expect(!preview.log.value.contains("replaces no built-in template"))
        dir.write("theme/weigth.mustache", "<p>{{title}}</p>")
        let warning = "warning: \(dir.file("theme/weigth.mustache")): replaces no built-in template, and no template uses it as a partial; "
            + "did you mean weight.mustache?\n"
        let began = Date()
        while !preview.log.value.contains(warning), Date().timeIntervalSince(began) < 10 { usleep(20_000) }
        #expect(preview.log.value.contains("Using 1 file(s) from \(dir.file("theme"))\n" + warning))
        // The warning's rebuild ends (its "Rebuilt in" after the warning); then a save that
        // changes nothing of the theme rebuilds without printing it again.
        func rebuildsAfterWarning() -> Int { (preview.log.value.components(separatedBy: warning).last ?? "").components(separatedBy: "Rebuilt in ").count - 1 }
        while rebuildsAfterWarning() == 0, Date().timeIntervalSince(began) < 10 { usleep(20_000) }
        let rebuilds = rebuildsAfterWarning()
        #expect(rebuilds >= 1)
        try append(export + "/notes/half-marathon.md", "\n\nMore.\n")
        let waited = Date()
        while rebuildsAfterWarning() == rebuilds, Date().timeIntervalSince(waited) < 10 { usleep(20_000) }
        #expect(rebuildsAfterWarning() > rebuilds)
        #expect(preview.log.value.components(separatedBy: warning).count == 2)
    }

    /// A link in the theme or the export to a file outside: the theme refuses links and so
    /// does the export's reader, so the rebuild fails and the last good site stays; no byte of
    /// the linked file is ever served.
    @Test func linksOutOfTheSiteAreNeverServed() throws {
        let dir = TemporaryDirectory()
        let export = try PreviewHarness.copyDemo(into: dir)
        let secret = "TOP-SECRET-\(UInt32.random(in: 0...UInt32.max))"
        dir.write("outside/secret.txt", secret)
        dir.write("outside/secret.md", "---\ntitle: \(secret)\n---\n\(secret)\n")
        try FileManager.default.createDirectory(atPath: dir.file("theme"), withIntermediateDirectories: true)
        let preview = try PreviewHarness([export, "--templates", dir.file("theme")])
        let link = { (at: String, to: String) in try FileManager.default.createSymbolicLink(atPath: at, withDestinationPath: dir.file(to)) }
        try link(dir.file("theme/secret.txt"), "outside/secret.txt")
        let (theme, _) = preview.http.poll("/", timeout: 10) { $0.text.contains("waymark-build-error") }
        #expect(theme?.text.contains("is a symbolic link; themes may not contain links") == true)
        try FileManager.default.removeItem(atPath: dir.file("theme/secret.txt"))
        let (recovered, _) = preview.http.poll("/", timeout: 10) { !$0.text.contains("waymark-build-error") }
        #expect(recovered?.text.contains("waymark-build-error") == false)
        try link(export + "/notes/leak.md", "outside/secret.md")
        try link(export + "/notes/images/leak.png", "outside/secret.txt")
        try append(export + "/notes/training-log.md", "\n\n![leak](images/leak.png)\n")
        let (exported, _) = preview.http.poll("/", timeout: 10) { $0.text.contains("waymark-build-error") }
        #expect(exported?.text.contains("notes/leak.md: is a symbolic link to a place outside the export") == true)
        for path in ["/leak.html", "/notes/leak.html", "/notes/images/leak.png", "/secret.txt"] {
            let response = preview.http.request("GET", path)
            #expect(response?.status == 404, "\(path)")
            #expect(response?.text.contains(secret) == false, "\(path)")
        }
        for (path, entry) in preview.service.session.snapshot.entries {
            #expect(!String(decoding: entry.bytes, as: UTF8.self).contains(secret), "\(path)")
        }
    }
}
