import Foundation
import Testing
@testable import WaymarkKit

/// `--templates DIR`: which files of a theme folder are used, and that links are refused
/// (a defect once: `DIR/passwd.txt -> /etc/passwd` published /etc/passwd).
struct ThemeTests {
    private func loadError(_ directory: String, _ fileSystem: FileSystem) -> Theme.LoadError? {
        do {
            _ = try Theme.embedded.overridden(by: directory, fileSystem: fileSystem)
            return nil
        } catch {
            return error
        }
    }

    @Test func plainFilesReplaceTheDefaults() throws {
        let dir = TemporaryDirectory()
        dir.write("theme/layout.mustache", "<main>{{{content}}}</main>")
        dir.write("theme/css/extra.css", "p{}")
        let (theme, replaced) = try Theme.embedded.overridden(by: dir.file("theme"), fileSystem: .local)
        #expect(theme.templates["layout"] == "<main>{{{content}}}</main>")
        #expect(theme.assets["css/extra.css"] == Array("p{}".utf8))
        #expect(replaced == ["css/extra.css", "layout.mustache"])
    }

    /// A template that replaces no built-in one and that no template uses as a partial changes
    /// nothing: most likely a misspelt name, which the build warns about.
    @Test func aMisspeltTemplateIsNamedAndANewPartialIsNot() throws {
        let dir = TemporaryDirectory()
        dir.write("theme/weigth.mustache", "<p>mine</p>")
        dir.write("theme/footnote.mustache", "<small>by me</small>")
        dir.write("theme/layout.mustache", (Theme.embedded.templates["layout"] ?? "") + "{{>  footnote }}")
        let (theme, _) = try Theme.embedded.overridden(by: dir.file("theme"), fileSystem: .local)
        let unused = theme.unusedTemplates(over: .embedded)
        #expect(unused.map(\.name) == ["weigth"] && unused.first?.guess == "weight")
        #expect(Theme.partialNames(in: "a {{>x}} {{> y }} {{<\tz}} {{# w}}") == ["x", "y", "z"])
        let run = CLIRun(["build", "--templates", dir.file("theme"), "-o", dir.file("site")])
        #expect(run.code == 0 && run.stderr.contains("warning: \(dir.file("theme/weigth.mustache")): replaces no built-in template, "
                                                     + "and no template uses it as a partial; did you mean weight.mustache?\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("footnote.mustache"))
    }

    @Test func aLinkToAFileOutsideIsRefused() throws {
        let dir = TemporaryDirectory()
        dir.write("secret.txt", "root:x:0:0")
        dir.write("theme/layout.mustache", "x")
        try FileManager.default.createSymbolicLink(atPath: dir.file("theme/passwd.txt"), withDestinationPath: dir.file("secret.txt"))
        let error = try #require(loadError(dir.file("theme"), .local))
        #expect(error.path == dir.file("theme/passwd.txt"))
        #expect(error.description == dir.file("theme/passwd.txt")
                + ": is a symbolic link; themes may not contain links, copy the file into the theme instead")
    }

    @Test func aLinkDeepInsideOrToAFolderOrToItselfIsRefused() throws {
        let dir = TemporaryDirectory()
        dir.write("theme/a/b/ok.css", "p{}")
        dir.write("theme/real.css", "p{}")
        // A link to a file inside the theme is refused too: one rule, no resolving to get wrong.
        try FileManager.default.createSymbolicLink(atPath: dir.file("theme/a/b/inside.css"), withDestinationPath: dir.file("theme/real.css"))
        #expect(loadError(dir.file("theme"), .local)?.path == dir.file("theme/a/b/inside.css"))

        let other = TemporaryDirectory()
        other.write("theme/x.css", "p{}")
        other.write("etc/passwd", "root")
        try FileManager.default.createSymbolicLink(atPath: other.file("theme/etc"), withDestinationPath: other.file("etc"))
        #expect(loadError(other.file("theme"), .local)?.path == other.file("theme/etc"))

        let dangling = TemporaryDirectory()
        dangling.write("theme/x.css", "p{}")
        try FileManager.default.createSymbolicLink(atPath: dangling.file("theme/gone.css"), withDestinationPath: dangling.file("nowhere"))
        #expect(loadError(dangling.file("theme"), .local)?.path == dangling.file("theme/gone.css"))
    }

    @Test func theFolderItselfMayBeReachedThroughALink() throws {
        let dir = TemporaryDirectory()
        dir.write("real/style.css", "p{}")
        try FileManager.default.createSymbolicLink(atPath: dir.file("theme"), withDestinationPath: dir.file("real"))
        let (theme, replaced) = try Theme.embedded.overridden(by: dir.file("theme"), fileSystem: .local)
        #expect(theme.assets["style.css"] == Array("p{}".utf8))
        #expect(replaced == ["style.css"])
    }

    @Test func aLinkReportedByAnyFileSystemIsRefusedBeforeItIsRead() throws {
        // The in-memory tree has no links, so one of its files is made to report itself as one;
        // reading it would fail the test, proving the check comes before the read.
        let base = FileSystem.inMemory(root: "/t", files: ["style.css": Array("p{}".utf8), "img/passwd.txt": Array("root".utf8)])
        var fs = base
        fs.kind = { path in path == "/t/img/passwd.txt" ? .symbolicLink : base.kind(path) }
        fs.readFile = { (path) throws(FileSystemError) -> [UInt8] in
            if path == "/t/img/passwd.txt" { Issue.record("read a link") }
            return try base.readFile(path)
        }
        let error = try #require(loadError("/t", fs))
        #expect(error.path == "/t/img/passwd.txt")
        #expect(error.message.contains("copy the file into the theme instead"))
    }

    @Test func theCommandStopsAndNamesTheLink() throws {
        let dir = TemporaryDirectory()
        dir.write("theme/layout.mustache", "x")
        try FileManager.default.createSymbolicLink(atPath: dir.file("theme/passwd.txt"), withDestinationPath: "/etc/passwd")
        let run = CLIRun(["build", "-o", dir.file("site"), "-q", "--templates", dir.file("theme")])
        #expect(run.code == 65)  // the theme's content is wrong, as a link in an export is
        #expect(run.stderr == "error: \(dir.file("theme/passwd.txt")): is a symbolic link; themes may not contain links, copy the file into the theme instead\n")
        #expect(!FileManager.default.fileExists(atPath: dir.file("site/passwd.txt")))
    }
}
