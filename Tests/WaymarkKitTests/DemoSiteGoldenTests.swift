import Testing
@testable import WaymarkKit

/// The demo site, page by page, against reviewed golden files.
struct DemoSiteGoldenTests {
    @Test(arguments: ["en", "zh-Hans"])
    func demoSite(language: String) throws {
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", "-o", dir.file("site"), "--lang", language, "-q"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let differences = Golden.compare(dir.file("site"), with: "demo-\(language)")
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test func privateDataNeverReachesTheSite() throws {
        let dir = TemporaryDirectory()
        #expect(CLIRun(["build", "-o", dir.file("site"), "-q"]).code == 0)
        for (path, data) in Golden.files(in: dir.file("site")) {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("lin.demo@example.com"), "\(path)")
            #expect(!text.contains("u-8842"), "\(path)")
            #expect(!text.contains("\"1001\""), "\(path)")
        }
    }

    @Test func sameInputGivesIdenticalBytes() throws {
        let a = TemporaryDirectory(), b = TemporaryDirectory()
        #expect(CLIRun(["build", "-o", a.file("s"), "-q"], clock: 1).code == 0)
        #expect(CLIRun(["build", "-o", b.file("s"), "-q"], clock: 2_000_000_000).code == 0)
        #expect(Golden.files(in: a.file("s")) == Golden.files(in: b.file("s")))
    }
}
