import Foundation
import Testing
@testable import WaymarkKit

struct CLITests {
    @Test func versionAndHelp() {
        let v = CLIRun(["--version"])
        #expect(v.code == 0 && v.stdout == "waymark 0.1.0\n")
        let h = CLIRun(["build", "--help"])
        #expect(h.code == 0)
        #expect(h.stdout.contains("USAGE: waymark build [SOURCE…] [options]"))
        #expect(h.stdout.contains("--skip-invalid"))
        #expect(CLIRun(["help", "check"]).stdout.contains("USAGE: waymark check [SOURCE…] [options]"))
        let none = CLIRun([])
        #expect(none.code == 64 && none.stderr.contains("COMMANDS:"))
    }

    @Test func usageErrorsSuggestAndExit64() {
        let typo = CLIRun(["build", "--ouput", "x"])
        #expect(typo.code == 64)
        #expect(typo.stderr.hasPrefix("error: unknown option '--ouput'. Did you mean '--output'?\nUsage: waymark build [SOURCE…] [options]\n"))
        for asked in [["help", "--help"], ["help", "help"], ["help", "-h"]] {
            let general = CLIRun(asked)
            #expect(general.code == 0 && general.stdout.contains("COMMANDS:"), "\(asked)")
        }
        let help = CLIRun(["help", "bulid"])
        #expect(help.code == 64 && help.stdout.isEmpty)
        #expect(help.stderr.hasPrefix("error: no command 'bulid' to show help for. Did you mean 'build'?\nThe commands: build, serve, check, init, init-theme, sample.\n"))
        // Empty values (an unset shell variable) are refused, never taken as the current folder.
        let title = CLIRun(["build", "--title", "", "-o", "/nonexistent/x"])
        #expect(title.code == 64 && title.stderr.hasPrefix("error: option '--title' is empty; give it a value (TEXT) or leave it out\n"))
        // Only spaces, as the config's title refuses them: "Overview ·  " is no title.
        let spaces = CLIRun(["build", "--title", "   ", "-o", "/nonexistent/x"])
        #expect(spaces.code == 64 && spaces.stderr.hasPrefix("error: --title is only spaces; give a title or leave the option out\n"))
        let output = CLIRun(["build", "--output=", "--force"])
        #expect(output.code == 64 && output.stderr.hasPrefix("error: option '--output' is empty; give it a value (DIR) or leave it out\n"))
        let source = CLIRun(["build", "", "-o", "/nonexistent/x"])
        #expect(source.code == 64 && source.stderr.hasPrefix("error: an empty SOURCE (''); name a file or folder\n"))
        #expect(CLIRun(["sample", ""]).stderr.hasPrefix("error: unexpected argument ''"))
        let command = CLIRun(["biuld"])
        #expect(command.code == 64 && command.stderr.hasPrefix("error: unknown command 'biuld'. Did you mean 'build'?"))
        let zone = CLIRun(["build", "--time-zone", "Asia/Shangai", "-o", "/nonexistent/x"])
        #expect(zone.code == 64 && zone.stderr.hasPrefix("error: unknown time zone 'Asia/Shangai'. Did you mean 'Asia/Shanghai'?"))
        let cst = CLIRun(["build", "--time-zone", "CST", "-o", "/nonexistent/x"])
        #expect(cst.code == 64 && cst.stderr.hasPrefix("error: unknown time zone: 'CST' is an abbreviation, and one abbreviation stands for several"))
        let lang = CLIRun(["build", "--lang", "fr"])
        #expect(lang.code == 64 && lang.stderr.hasPrefix("error: unknown language 'fr'; use en or zh-Hans"))
        let now = CLIRun(["build", "--now", "tomorrow"])
        #expect(now.code == 64 && now.stderr.hasPrefix("error: --now: not a date-time (got 'tomorrow')"))
        #expect(CLIRun(["build", "--now"]).stderr.hasPrefix("error: option '--now' needs a value (DATE-TIME)"))
        #expect(CLIRun(["check"]).stderr.hasPrefix("error: missing SOURCE"))
        // Every source is looked at; each missing one is named.
        let two = CLIRun(["check", "/nonexistent/a", "/nonexistent/b"])
        #expect(two.code == 66 && two.stderr.hasPrefix("error: /nonexistent/a: does not exist\nerror: /nonexistent/b: does not exist\n"))
        #expect(CLIRun(["build", "--force=yes"]).stderr.hasPrefix("error: option '--force' takes no value"))
    }

    @Test func badDataExits65AndWritesNothing() {
        let dir = TemporaryDirectory()
        dir.write("export/points.json", #"[{"point": 1, "pointDate": "2026-13-01"}, {"point": 2, "pointDate": "2026-11-01"}]"#)
        let run = CLIRun(["build", dir.file("export"), "-o", dir.file("site")])
        #expect(run.code == 65)
        #expect(run.stderr == """
            error: points.json: /0/pointDate: not a date-time (got "2026-13-01")
            1 problem found; nothing was written. Fix it, or run again with --skip-invalid to leave that record out.

            """)
        #expect(!FileManager.default.fileExists(atPath: dir.file("site")))

        let skipped = CLIRun(["build", dir.file("export"), "-o", dir.file("site"), "--skip-invalid", "--now", "2026-11-29T12:00:00Z"])
        #expect(skipped.code == 0)
        #expect(skipped.stderr.hasPrefix(#"warning: points.json: /0/pointDate: not a date-time (got "2026-13-01") (record skipped)"#))
        #expect(dir.read("site/points/index.html")?.contains("+2") == true)

        dir.write("two/points.json", #"[{"point": 1, "pointDate": "2026-13-01"}, {"point": 2, "pointDate": "2026-11-31"}]"#)
        let two = CLIRun(["build", dir.file("two"), "-o", dir.file("site2")])
        #expect(two.code == 65 && two.stderr.hasSuffix("2 problems found; nothing was written. Fix them, or run again with --skip-invalid to leave those records out.\n"), "\(two.stderr)")
    }

    @Test func missingInputExits66AndForeignOutputExits73() {
        let missing = CLIRun(["build", "/nonexistent/export", "-o", "/tmp/never"])
        #expect(missing.code == 66)
        #expect(missing.stderr.hasPrefix("error: /nonexistent/export: does not exist\n"))
        let dir = TemporaryDirectory()
        dir.write("site/notes.txt", "mine")
        let refused = CLIRun(["build", "-o", dir.file("site"), "-q"])
        #expect(refused.code == 73)
        #expect(dir.read("site/notes.txt") == "mine")
    }

    @Test func rebuildingAnUnchangedExportRewritesNothing() throws {
        let dir = TemporaryDirectory()
        #expect(CLIRun(["build", "-o", dir.file("site"), "-q"]).code == 0)
        func stamps() -> [String: Date] {
            var out: [String: Date] = [:]
            for case let rel as String in FileManager.default.enumerator(atPath: dir.file("site"))?.allObjects ?? [] {
                out[rel] = (try? FileManager.default.attributesOfItem(atPath: dir.file("site/" + rel)))?[.modificationDate] as? Date
            }
            return out
        }
        let before = stamps()
        Thread.sleep(forTimeInterval: 0.02)
        let again = CLIRun(["build", "-o", dir.file("site")])
        #expect(again.code == 0)
        #expect(again.stderr.contains("(up to date, nothing rewritten)"))
        #expect(stamps() == before)
        #expect(before.count >= 40)  // the demo site: 29 pages, assets, folders
        // A changed title rewrites the pages that show it, and only files whose bytes changed.
        let changed = CLIRun(["build", "-o", dir.file("site"), "--title", "New title"])
        #expect(changed.stderr.contains(" unchanged)"))
        let after = stamps()
        #expect(after["style.css"] == before["style.css"] && after["stats.json"] == before["stats.json"])
        #expect(after["index.html"] != before["index.html"])
    }

    @Test func checkSummarisesEachFile() throws {
        let run = CLIRun(["check", TestPaths.repo.appendingPathComponent("Examples/demo").path])
        #expect(run.code == 0)
        #expect(run.stderr == """
            points.json: 407 records read
            tags.json: 6 records read
            targets.json: 10 records read
            weights.json: 90 records read
            todos.json: 12 records read
            notes/: 5 records read
            The site will show 2026-11-29T20:00:00+08:00: the export's date.
            The site will have: overview, points, habits, targets, weight, to-dos, notes, years; the front page leads with the points dashboards.
            OK: the export is valid.

            """)
    }

    /// `check --distance-unit mi` reads Garmin's distances as miles, and says nothing of the
    /// unit; without it they are kilometres, with the warning saying how to choose.
    @Test func checkTakesTheDistanceUnit() throws {
        let file = TestPaths.fixtures.appendingPathComponent("Import/garmin/Activities.csv").path
        let assumed = CLIRun(["check", file])
        #expect(assumed.code == 0)
        #expect(assumed.stderr.contains("read as kilometres; if the account shows miles, choose --distance-unit mi"))
        let chosen = CLIRun(["check", file, "--distance-unit", "mi"])
        #expect(chosen.code == 0)
        #expect(!chosen.stderr.contains("--distance-unit"))
        let wrong = CLIRun(["check", file, "--distance-unit", "mls"])
        #expect(wrong.code == 64)
        #expect(wrong.stderr.hasPrefix("error: unknown distance unit 'mls'; use km or mi"))
    }

    @Test func initThemeWritesTheDefaultsAndNeverOverwrites() throws {
        let dir = TemporaryDirectory()
        let run = CLIRun(["init-theme", dir.file("theme")])
        #expect(run.code == 0)
        #expect(dir.read("theme/layout.mustache") == Theme.embedded.templates["layout"])
        #expect(dir.read("theme/style.css") != nil)
        dir.write("theme/layout.mustache", "mine")
        #expect(CLIRun(["init-theme", dir.file("theme")]).code == 73)
        #expect(dir.read("theme/layout.mustache") == "mine")
        let force = CLIRun(["init-theme", dir.file("theme"), "--force"])
        #expect(force.code == 0)
        #expect(dir.read("theme/layout.mustache") == Theme.embedded.templates["layout"])
        // The changed file was moved aside, not lost; the unchanged ones were left as they were.
        let files = Theme.embedded.templates.count + Theme.embedded.assets.count
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir.file("theme")).filter { $0.hasPrefix(".replaced-") }
        #expect(aside.count == 1 && aside.first?.count == ".replaced-20261207-233008".count)
        let folder = "theme/" + (aside.first ?? "")
        #expect(dir.read(folder + "/layout.mustache") == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file(folder)) == ["layout.mustache"])
        #expect(force.stderr == "Moved 1 changed file(s) to \(dir.file(folder))/ before replacing them.\n"
            + "Wrote 1 files into \(dir.file("theme"))/ (\(files - 1) already as built in, left as they were). "
            + "Build with: waymark build --templates \(dir.file("theme"))\n")
        // The hidden folder is not part of the theme: a build with it uses the built-in layout.
        #expect(CLIRun(["build", "-o", dir.file("site"), "--templates", dir.file("theme"), "-q"]).code == 0)
        #expect(dir.read("site/index.html")?.contains("mine") == false)
        // Again with nothing changed: nothing moved or written.
        let again = CLIRun(["init-theme", dir.file("theme"), "--force"])
        #expect(again.stderr.hasPrefix("Wrote 0 files into ") && !again.stderr.contains("Moved"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("theme")).filter { $0.hasPrefix(".replaced-") }.count == 1)
        // A folder where a file goes is refused before anything is moved or written.
        dir.write("theme/layout.mustache", "mine again")
        try FileManager.default.removeItem(atPath: dir.file("theme/style.css"))
        try FileManager.default.createDirectory(atPath: dir.file("theme/style.css"), withIntermediateDirectories: false)
        let blocked = CLIRun(["init-theme", dir.file("theme"), "--force"])
        #expect(blocked.code == 73 && blocked.stderr == "error: \(dir.file("theme")) has folders where the theme's files go: style.css; move them away\n")
        #expect(dir.read("theme/layout.mustache") == "mine again")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("theme")).filter { $0.hasPrefix(".replaced-") || $0.hasSuffix(".waymark-tmp") }.count == 1)
    }

    @Test func templatesOverrideByFileName() throws {
        let dir = TemporaryDirectory()
        dir.write("theme/style.css", "body { color: red }")
        dir.write("theme/todos.mustache", "{{<layout}}{{$content}}<p id=\"custom\">{{t.todosTitle}}</p>{{/content}}{{/layout}}")
        let run = CLIRun(["build", "-o", dir.file("site"), "--templates", dir.file("theme"), "--lang", "en"])
        #expect(run.code == 0)
        #expect(dir.read("site/style.css") == "body { color: red }")
        #expect(dir.read("site/todos/index.html")?.contains("<p id=\"custom\">To-dos</p>") == true)
        dir.write("broken/todos.mustache", "{{#x}}")
        let broken = CLIRun(["build", "-o", dir.file("site2"), "--templates", dir.file("broken")])
        #expect(broken.code == 65)
        #expect(broken.stderr.contains("error: template todos.mustache:1:1: unclosed section {{#x}}: add {{/x}}"))
        // An error met while other pages are already on disk (a first build writes them as they
        // are rendered) leaves no folder behind.
        dir.write("late/todos.mustache", "{{<layout}}{{$content}}{{>nowhere}}{{/content}}{{/layout}}")
        let late = CLIRun(["build", "-o", dir.file("site3"), "--templates", dir.file("late")])
        #expect(late.code == 65)
        #expect(late.stderr.contains("missing partial \"nowhere\""))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(left.sorted() == ["broken", "late", "site", "theme"])
    }
}
