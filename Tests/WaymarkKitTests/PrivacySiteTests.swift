import Foundation
import Testing
@testable import WaymarkKit

/// What a site tells search engines, and the pages and links of the sections it builds.
struct PrivacySiteTests {
    typealias F = PrivacyFixture

    static func file(_ files: [SiteFile], _ path: String) throws -> String {
        try #require(files.first { $0.path == path }, "\(path)").text
    }

    static let robotsMeta = "<meta name=\"robots\" content=\"noindex, nofollow\">"

    /// Private by default: every page asks not to be indexed, robots.txt disallows everything,
    /// and there is no sitemap even with a base URL.
    @Test func privateByDefault() throws {
        let files = try F.build(F.export(), F.options(baseURL: try BaseURL("https://example.org/me"))).files
        let pages = files.filter { $0.path.hasSuffix(".html") }
        #expect(pages.count > 20)
        for page in pages {
            // Right after the generator, on its own line.
            #expect(page.text.contains("<meta name=\"generator\" content=\"Waymark\">\n" + Self.robotsMeta + "\n"), "\(page.path)")
        }
        #expect(try Self.file(files, "robots.txt") == "User-agent: *\nDisallow: /\n")
        #expect(!files.contains { $0.path == "sitemap.xml" })
    }

    /// Public with a base URL: no robots meta, robots.txt allows all and names the sitemap, which
    /// lists every page by its absolute address, sorted, folders for index pages.
    @Test func publicWithABaseURL() throws {
        let options = F.options(privacy: Privacy(isPublic: true), baseURL: try BaseURL("https://example.org/me"))
        let files = try F.build(F.export(), options).files
        // Every page but 404.html, which is served at addresses the site does not have.
        let pages = files.filter { $0.path.hasSuffix(".html") && $0.path != "404.html" }.map(\.path).sorted()
        #expect(files.contains { $0.path == "404.html" })
        #expect(files.allSatisfy { !$0.text.contains("name=\"robots\"") })
        #expect(try Self.file(files, "robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/me/sitemap.xml\n")
        let sitemap = try Self.file(files, "sitemap.xml")
        #expect(sitemap.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"))
        let locs = sitemap.split(separator: "\n").filter { $0.hasPrefix("<url>") }.map(String.init)
        // In the order of the pages' paths (habits/a.html before habits/index.html, which is habits/).
        #expect(locs == pages.map { "<url><loc>https://example.org/me/" + ($0 == "index.html" ? "" : $0.hasSuffix("/index.html") ? String($0.dropLast(10)) : $0) + "</loc></url>" })
        #expect(locs.contains("<url><loc>https://example.org/me/</loc></url>"))
        #expect(locs.contains("<url><loc>https://example.org/me/notes/</loc></url>"))
        #expect(locs.contains("<url><loc>https://example.org/me/period/all.html</loc></url>"))
        #expect(!sitemap.contains("lastmod") && !sitemap.contains("weight.csv") && !sitemap.contains("stats.json"))
        // Only the pages built: no hidden section's address.
        let fewer = try F.build(F.export(), F.options(privacy: Privacy(isPublic: true, hidden: [.notes]),
                                                      baseURL: try BaseURL("https://example.org/me"))).files
        #expect(!(try Self.file(fewer, "sitemap.xml")).contains("/notes/"))
    }

    /// Public without a base URL: no sitemap, and the build says why.
    @Test func publicWithoutABaseURLWarns() throws {
        let options = F.options(privacy: Privacy(isPublic: true), baseURL: nil)
        let files = try F.build(F.export(), options).files
        #expect(try Self.file(files, "robots.txt") == "User-agent: *\nAllow: /\n")
        #expect(!files.contains { $0.path == "sitemap.xml" })
        let content = computeSite(F.export(), options)
        #expect(content.warnings.map(\.description) == [
            "sitemap.xml: not written: the site is public but has no baseURL, and a sitemap needs absolute addresses"])
        #expect(computeSite(F.export(), F.options()).warnings.isEmpty)
    }

    @Test func sitemapEscaping() throws {
        let base = try BaseURL("https://example.org/a&b/")
        #expect(SearchEngineFiles.sitemap(pages: ["x y/ü.html", "index.html", "n.css"], base: base) ==
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            + "<url><loc>https://example.org/a&amp;b/</loc></url>\n<url><loc>https://example.org/a&amp;b/x%20y/%C3%BC.html</loc></url>\n</urlset>\n")
    }

    /// The navigation lists the sections built, in their order.
    @Test func navigationListsTheSectionsBuilt() throws {
        func nav(_ hidden: Set<SiteSection>) throws -> [String] {
            let page = try Self.file(F.build(F.export(), F.options(privacy: Privacy(hidden: hidden))).files, "todos/index.html")
            let start = try #require(page.range(of: "<nav aria-label=\"Main\">"))
            let end = try #require(page.range(of: "</nav>", range: start.upperBound..<page.endIndex))
            return page[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("<li>") }.map {
                String($0.split(separator: "\"")[1])
            }
        }
        #expect(try nav([]) == ["../index.html", "../habits/index.html", "../points/index.html", "../targets/index.html",
                                "../weight/index.html", "../todos/index.html", "../notes/index.html", "../years/index.html"])
        #expect(try nav([.overview, .weight, .notes]) == ["../habits/index.html", "../points/index.html", "../targets/index.html", "../todos/index.html",
                                                         "../years/index.html"])
        #expect(try nav([.years]).last == "../notes/index.html")
    }

    /// Without the overview, index.html is a front page: the greeting, the years and a link to
    /// each section built, nothing else.
    @Test func aFrontPageWithoutTheOverview() throws {
        let files = try F.build(F.export(), F.options(privacy: Privacy(hidden: [.overview, .todos]))).files
        let index = try Self.file(files, "index.html")
        #expect(index.contains("<title>Home · Lin’s progress</title>"))
        #expect(!index.contains("class=\"stats\"") && !index.contains("heatmap") && !index.contains("next-targets"))
        let links = index.split(separator: "\n").filter { $0.hasPrefix("<li><a href=") && $0.contains("class=\"count\"") }
            .map { String($0.split(separator: "\"")[1]) }
        #expect(links == ["points/index.html", "habits/index.html", "targets/index.html", "weight/index.html", "notes/index.html"])
        #expect(!files.contains { $0.path.hasPrefix("period/") })
        #expect(index.contains("<a href=\"years/2026.html\">2026 so far</a>"))
    }

    /// Without points, the overview keeps what is not points (next targets, weight, years) and
    /// the year pages leave out the point figures rather than show zeros.
    @Test func anOverviewWithoutPoints() throws {
        let files = try F.build(F.export(), F.options(privacy: Privacy(hidden: [.points]))).files
        let index = try Self.file(files, "index.html")
        #expect(index.contains("<title>Overview · "))
        #expect(index.contains("next-targets") && index.contains("sparkline") && index.contains("years-links"))
        #expect(!index.contains("class=\"stats\"") && !index.contains("heatmap") && !index.contains("No points recorded yet"))
        let year = try Self.file(files, "years/2026.html")
        #expect(!year.contains(">Earned<") && year.contains(">Habit completions<"))
        // Its best month and week rank the habit completions instead, never points.
        #expect(year.contains(">Best month<") && year.contains(" completions</span>") && !year.contains(" points</span>"))
        let years = try Self.file(files, "years/index.html")
        #expect(!years.contains(">Earned<") && years.contains(">Habit completions<"))
        let stats = try Self.file(files, "stats.json")
        #expect(!stats.contains("\"periods\"") && !stats.contains("\"balance\"") && !stats.contains("\"points\"") && stats.contains("\"tags\""))
    }

    /// Hidden targets take the dashboard's target cards with them.
    @Test func theDashboardWithoutTargets() throws {
        let full = try Self.file(F.build(F.export(), F.options()).files, "index.html")
        let index = try Self.file(F.build(F.export(), F.options(privacy: Privacy(hidden: [.targets]))).files, "index.html")
        #expect(full.contains(">Targets completed<") && !index.contains(">Targets completed<"))
        let cards = (full.components(separatedBy: "class=\"stat\"").count, index.components(separatedBy: "class=\"stat\"").count)
        #expect(cards.0 - cards.1 == 2)
    }
}
