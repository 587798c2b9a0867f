import Foundation
import Testing
@testable import WaymarkKit

/// With a base URL every page's head carries its canonical address, Open Graph and Twitter card
/// tags and the feed link; without one nothing changes (the demo goldens check that byte for byte).
struct SharingTagsTests {
    static func page(_ files: [SiteFile], _ path: String) -> String {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    static let export = Export(
        profile: Profile(userName: "Lin"),
        targets: [Target(id: "t-77", name: "Run 10 km", describe: "Three runs a *week*.", done: false)],
        weights: [WeightEntry(date: .instant(1_795_900_000), kg: 71.4)],
        notes: [Note(fileName: "run.md", title: "Long run", date: .instant(1_795_900_000), body: "# Long run\n\nEasy pace, 18 km.\u{7}")])

    static func options(_ language: Language = .en, base: String? = "https://example.org/me") throws -> SiteOptions {
        SiteOptions(now: 1_795_953_600, zone: .utc, language: language, baseURL: try base.map { try BaseURL($0) })
    }

    @Test func notePageHead() throws {
        let files = try renderSite(Self.export, Self.options())
        let html = Self.page(files, "notes/run.html")
        // The slug comes from the file name. The excerpt leaves out the heading that repeats the title; the BEL character goes.
        for line in [
            "<link rel=\"canonical\" href=\"https://example.org/me/notes/run.html\">",
            "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"https://example.org/me/feed.xml\" title=\"Notes and completed targets\">",
            "<meta name=\"description\" content=\"Easy pace, 18 km.\">",
            "<meta property=\"og:type\" content=\"article\">",
            "<meta property=\"og:site_name\" content=\"Lin’s progress\">",
            "<meta property=\"og:title\" content=\"Long run\">",
            "<meta property=\"og:description\" content=\"Easy pace, 18 km.\">",
            "<meta property=\"og:url\" content=\"https://example.org/me/notes/run.html\">",
            "<meta property=\"og:locale\" content=\"en_US\">",
            "<meta name=\"twitter:card\" content=\"summary\">",
            "<meta name=\"twitter:title\" content=\"Long run\">",
            "<meta name=\"twitter:description\" content=\"Easy pace, 18 km.\">",
        ] { #expect(html.contains(line + "\n"), "\(line)") }
        let head = html.components(separatedBy: "</head>")[0]
        #expect(!head.contains("og:image") && !head.contains("\u{7}"))
        // The tags come right after the icon, before </head>.
        #expect(html.contains("type=\"image/svg+xml\">\n<link rel=\"canonical\""))
    }

    /// index.html pages are addressed by their folder; other pages get the site's description
    /// in the site's language, never a weight or an id (the e-mail address never reaches the model).
    @Test func foldersAndSiteDescription() throws {
        let files = try renderSite(Self.export, Self.options(.zhHans, base: "https://example.org/me/"))
        let home = Self.page(files, "index.html")
        #expect(home.contains("<link rel=\"canonical\" href=\"https://example.org/me/\">"))
        // The home page's preview title is the site's ("Lin的进步"), not "概览".
        #expect(home.contains("<meta property=\"og:title\" content=\"Lin的进步\">"))
        let weight = Self.page(files, "weight/index.html")
        #expect(weight.contains("<link rel=\"canonical\" href=\"https://example.org/me/weight/\">"))
        #expect(weight.contains("<meta name=\"description\" content=\"用 Waymark 生成的个人进步网站。\">"))
        #expect(weight.contains("<meta property=\"og:locale\" content=\"zh_CN\">"))
        #expect(weight.contains("<meta property=\"og:type\" content=\"website\">"))
        #expect(Self.page(files, "targets/run-10-km.html").contains("<meta name=\"description\" content=\"Three runs a week.\">"))
        // 404.html is served at addresses the site does not have: it has no address of its own.
        for file in files where file.path.hasSuffix(".html") && file.path != "404.html" {
            let head = String(decoding: file.bytes, as: UTF8.self).components(separatedBy: "</head>")[0]
            #expect(!head.contains("71.4") && !head.contains("71,4") && !head.contains("t-77"), "\(file.path)")
            #expect(head.contains("<link rel=\"canonical\""), "\(file.path)")
        }
    }

    /// A theme's `social.png` becomes the preview image, absolute, with the large card.
    @Test func themeImage() throws {
        var theme = Theme.embedded
        theme.assets["social.png"] = [0x89, 0x50, 0x4E, 0x47]
        let files = try renderSite(Self.export, Self.options(), theme: theme)
        let html = Self.page(files, "habits/index.html")
        #expect(html.contains("<meta property=\"og:image\" content=\"https://example.org/me/social.png\">\n"))
        #expect(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">\n"))
        #expect(files.contains { $0.path == "social.png" })
    }

    /// With a base URL, `404.html` for the hosts to serve at any address the site lacks: every
    /// link by the base URL (it is served at any depth), no address of its own, not in the
    /// sitemap; a theme's own 404.html replaces it; without a base URL there is none.
    @Test func aNotFoundPageForTheHosts() throws {
        var options = try Self.options()
        options.privacy.isPublic = true
        let files = try renderSite(Self.export, options)
        let page = Self.page(files, "404.html")
        #expect(page.contains("<link rel=\"stylesheet\" href=\"https://example.org/me/style.css\">"))
        #expect(page.contains("<a class=\"brand\" href=\"https://example.org/me/index.html\">"))
        #expect(page.contains("<li><a href=\"https://example.org/me/notes/index.html\">Notes</a></li>"))
        #expect(page.contains("<h1>Page not found</h1>\n<p>There is no page at this address: it may have been renamed, or left out of the site.</p>"))
        #expect(page.contains("<p><a href=\"https://example.org/me/index.html\">Go to the front page</a></p>"))
        #expect(!page.contains("canonical") && !page.contains("og:") && !page.contains("href=\"../") && !page.contains("href=\"style.css"))
        let sitemap = Self.page(files, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/me/</loc>") && !sitemap.contains("404"))
        let zh = Self.page(try renderSite(Self.export, try Self.options(.zhHans)), "404.html")
        #expect(zh.contains("<h1>找不到页面</h1>\n<p>这个地址没有页面：它可能已改名，或不在本站中。</p>") && zh.contains(">返回首页</a>"))
        var theme = Theme.embedded
        theme.assets["404.html"] = Array("<p>mine</p>".utf8)
        #expect(Self.page(try renderSite(Self.export, try Self.options(), theme: theme), "404.html") == "<p>mine</p>")
        #expect(!(try renderSite(Self.export, Self.options(base: nil))).contains { $0.path == "404.html" })
    }

    /// Without a base URL: no absolute address anywhere, no feed, and the head is as before.
    @Test func nothingWithoutBaseURL() throws {
        let files = try renderSite(Self.export, Self.options(base: nil))
        #expect(!files.contains { $0.path == "feed.xml" })
        for file in files where file.path.hasSuffix(".html") {
            let text = String(decoding: file.bytes, as: UTF8.self)
            #expect(!text.contains("og:") && !text.contains("canonical") && !text.contains("example.org"), "\(file.path)")
            #expect(text.contains("type=\"image/svg+xml\">\n</head>"), "\(file.path)")
        }
    }

    /// `--base-url` reaches the site; a bad one is a usage error (64) that says why.
    @Test func commandLine() throws {
        let dir = TemporaryDirectory()
        let bad = CLIRun(["build", "-q", "-o", dir.file("site"), "--base-url", "example.org/me"])
        #expect(bad.code == 64 && bad.stderr.contains("--base-url: must start with https:// or http://"))
        let good = CLIRun(["build", "-q", "-o", dir.file("site"), "--base-url", "https://example.org/me"])
        #expect(good.code == 0)
        #expect(dir.read("site/todos/index.html")?.contains("<link rel=\"canonical\" href=\"https://example.org/me/todos/\">") == true)
        #expect(FileManager.default.fileExists(atPath: dir.file("site/feed.xml")))
    }

    /// A user name or password would be published in every link; a port must be one.
    @Test func credentialsAndImpossiblePortsAreRefused() {
        #expect(throws: BaseURL.Problem(message: "cannot hold a user name or password: they would be published in every page (got 'https://me:pw@example.org/')")) {
            try BaseURL("https://me:pw@example.org/")
        }
        for bad in ["https://example.org:99999/", "https://example.org:0/", "https://example.org:8o/"] {
            #expect(throws: BaseURL.Problem.self, "\(bad)") { try BaseURL(bad) }
        }
        // A query is refused as a query, even with an @ in it.
        #expect(throws: BaseURL.Problem(message: "cannot have a query or a fragment (got 'https://example.org?a@b')")) {
            try BaseURL("https://example.org?a@b")
        }
        for good in ["https://example.org:8080/p", "http://[::1]:8080/", "https://example.org:/", "http://[::1]:/", "https://example.org/@me/"] {
            #expect((try? BaseURL(good)) != nil, "\(good)")
        }
    }

    /// A path every address would carry wrongly is refused with what to write instead; an empty
    /// port is the scheme's own and is left out.
    @Test func pathsThatWouldMisaddressEveryPageAreRefused() throws {
        #expect(throws: BaseURL.Problem(message: "names a file, 'index.html': give the folder the site is published at, https://example.org/p/ "
                                        + "(got 'https://example.org/p/index.html')")) { try BaseURL("https://example.org/p/index.html") }
        #expect(throws: BaseURL.Problem(message: "cannot have '.' or '..' in its path: write the folder the site is published at "
                                        + "(got 'https://example.org/a/../b/')")) { try BaseURL("https://example.org/a/../b/") }
        #expect(throws: BaseURL.Problem(message: "has an empty folder name ('//') in its path (got 'https://example.org//double/')")) {
            try BaseURL("https://example.org//double/")
        }
        for bad in ["https://example.org/100%/", "https://example.org/%zz/", "https://example.org/a%2", "https://example.org/./", "https://example.org/p/feed.XML",
                    "https://example.org/a/%2e%2E/b/", "https://example.org/%2e/", "https://:/x", "https://:8080/"] {
            #expect(throws: BaseURL.Problem.self, "\(bad)") { try BaseURL(bad) }
        }
        #expect(try BaseURL("https://example.org:/").text == "https://example.org/")
        #expect(try BaseURL("https://example.org:/p").text == "https://example.org/p/")
        #expect(try BaseURL("http://[::1]:/x/").text == "http://[::1]/x/")
        for good in ["https://example.org/v1.2", "https://example.org/a%20b/", "https://example.org/%E8%BF%9B/", "https://example.org/p/"] {
            #expect((try? BaseURL(good))?.text == (good.hasSuffix("/") ? good : good + "/"), "\(good)")
        }
    }
}
