import Foundation
import Testing
@testable import WaymarkKit

/// Runs every case of `HostileCase.all` through `waymark build` and checks: no crash, the
/// documented exit code and messages, nothing written outside the output, the previous site
/// untouched when the build stops, no script, event handler or `javascript:` URL from the
/// data in any file of the site, and no direction control from the data left open past the
/// element it is in (`DirectionCheck`).
struct HostileInputTests {
    @Test func theCorpusHasAtLeast40Cases() throws {
        #expect(HostileCase.all.count >= 40)
        #expect(Set(HostileCase.all.map(\.name)).count == HostileCase.all.count)
        // docs/reliability.md states the size of the corpus.
        let docs = try DocumentedLimitsTests.text("reliability.md")
        #expect(docs.contains("holds \(HostileCase.all.count) broken or malicious exports"))
    }

    /// Finds active content: script elements, event-handler attributes, script URLs in attributes or CSS.
    static func activeContent(in text: String) -> String? {
        // Case-insensitive throughout: HTML tag and attribute names and URL schemes are.
        let patterns = [#"(?i)<script"#, #"(?i)<[a-z][^>]*\son[a-z]+\s*="#,
                        #"(?i)(href|src|action|formaction|xlink:href|data)\s*=\s*["']?\s*(javascript:|vbscript:|data:text/html)"#,
                        #"(?i)url\(\s*["']?\s*javascript:"#]
        for pattern in patterns {
            if let range = text.range(of: pattern, options: .regularExpression) { return String(text[range]) }
        }
        return nil
    }

    @Test func theActiveContentCheckCanFail() {
        #expect(Self.activeContent(in: "<p>fine &lt;script&gt; javascript:x onload=1</p>") == nil)
        #expect(Self.activeContent(in: "<a href=\"javascript3alert\">a relative link</a>") == nil)
        #expect(Self.activeContent(in: "<img src=x onerror=alert(1)>") != nil)
        #expect(Self.activeContent(in: "<a href=\"javascript:alert(1)\">") != nil)
        #expect(Self.activeContent(in: "<div style=\"background:url(javascript:x)\">") != nil)
        #expect(Self.activeContent(in: "<SCRIPT>alert(1)</SCRIPT>") == "<SCRIPT")
        #expect(Self.activeContent(in: "<ScRiPt src=x>") == "<ScRiPt")
        #expect(Self.activeContent(in: "<img src=x OnErRoR=alert(1)>") == "<img src=x OnErRoR=")
        #expect(Self.activeContent(in: "<IMG SRC=x ONERROR =alert(1)>") == "<IMG SRC=x ONERROR =")
        #expect(Self.activeContent(in: "<a HREF=\"JaVaScRiPt:alert(1)\">") == "HREF=\"JaVaScRiPt:")
        #expect(Self.activeContent(in: "<div style=\"background:URL(JAVASCRIPT:x)\">") == "URL(JAVASCRIPT:")
        #expect(Self.activeContent(in: "<p>OnError= and JavaScript: and SCRIPT as words</p>") == nil)
    }

    static func snapshot(_ root: String) -> [String: Data] {
        var out: [String: Data] = [:]
        let fm = FileManager.default
        for case let rel as String in fm.enumerator(atPath: root)?.allObjects ?? [] {
            var isDir: ObjCBool = false
            let path = root + "/" + rel
            if fm.fileExists(atPath: path, isDirectory: &isDir) {
                out[rel] = isDir.boolValue ? Data("<dir>".utf8) : (fm.contents(atPath: path) ?? Data("<unreadable>".utf8))
            } else {
                out[rel] = Data("<link>".utf8)
            }
        }
        return out
    }

    @Test(arguments: HostileCase.all)
    func hostileExport(_ c: HostileCase) throws {
        let root = TemporaryDirectory()
        let export = root.file("export")
        try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: true)
        try c.setup(export)
        // A previous site that must survive a failed build untouched.
        let site = root.file("site")
        #expect(CLIRun(["build", "-o", site, "-q"]).code == 0)
        let before = Self.snapshot(root.path)
        let outside = Self.snapshot(root.path).filter { !$0.key.hasPrefix("site") }

        var fs = FileSystem.local
        if let unreadable = c.unreadable {
            let real = fs.readFile
            let blocked = export + "/" + unreadable
            fs.readFile = { (path) throws(FileSystemError) -> [UInt8] in
                if path == blocked { throw FileSystemError(path: path, operation: "read", reason: .permissionDenied, detail: "Permission denied") }
                return try real(path)
            }
        }
        let run = CLIRun(["build", export, "-o", site, "--now", "2026-11-29T12:00:00Z", "--lang", "en"] + c.arguments, fileSystem: fs)
        #expect(run.code == c.exit, "\(c.name): exit \(run.code)\n\(run.stderr.prefix(2000))")
        for message in c.messages {
            #expect(run.stderr.contains(message), "\(c.name): missing \"\(message)\" in\n\(run.stderr.prefix(2000))")
        }
        // Every error names a file.
        for line in run.stderr.split(separator: "\n") where line.hasPrefix("error: ") {
            #expect(line.dropFirst(7).contains(":"), "\(c.name): \(line)")
        }

        let after = Self.snapshot(root.path)
        #expect(after.filter { !$0.key.hasPrefix("site") } == outside, "\(c.name): something was written outside the output")
        #expect(!after.keys.contains { $0.hasPrefix(".site.waymark") }, "\(c.name): staging left behind")
        if run.code != 0 {
            #expect(after == before, "\(c.name): the previous site changed although the build stopped")
        }
        for (path, data) in after where path.hasPrefix("site/") {
            let text = String(decoding: data, as: UTF8.self)
            if let hit = Self.activeContent(in: text) {
                Issue.record("\(c.name): active content in \(path): \(hit.prefix(80))")
            }
            if path.hasSuffix(".html") || path.hasSuffix(".xml"), let leak = DirectionCheck.leak(inMarkup: text) {
                Issue.record("\(c.name): a direction control reaches past its element in \(path): \(leak)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: root.path + "/etc"), "\(c.name): a path escaped the output")
    }
}
