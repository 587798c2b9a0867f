import Foundation
import Testing
@testable import WaymarkKit

/// `SiteCatalogue`: every page by name, with the paths its render gives, found again by path.
struct SiteCatalogueTests {
    static let now = DateTimeText.parse("2026-11-28T20:00:00+08:00")

    static func prepare(_ change: (inout BuildRequest) -> Void = { _ in }) throws -> PreparedSite {
        var request = BuildRequest(source: .demo, now: now)
        change(&request)
        return try BuildPipeline(fileSystem: .local, clock: { 0 }).prepare(request)
    }

    /// Each page renders exactly the files at its listed paths, the catalogue finds the page
    /// again from each, and no path belongs to two pages, on sites with and without the
    /// optional files (feed, sitemap, weight.csv, the period pages).
    @Test(arguments: ["plain", "public", "changes", "no points", "notes only"])
    func everyPageRendersTheFilesAtItsPaths(variant: String) throws {
        let base = try BaseURL("https://example.org/me/")
        let site = try Self.prepare { r in
            switch variant {
            case "public": (r.privacy, r.baseURL) = (Privacy(isPublic: true), base)
            case "changes": r.privacy = Privacy(weight: .changes)
            case "no points": r.sections = Set(SiteSection.allCases).subtracting([.points])
            case "notes only": (r.sections, r.baseURL) = ([.notes], base)
            default: break
            }
        }
        let catalogue = site.catalogue
        var seen = Set<String>()
        for page in catalogue.pages {
            let paths = try catalogue.render(page).map(\.path)
            #expect(paths == catalogue.paths(of: page), "\(page)")
            #expect(!paths.isEmpty, "\(page)")
            for path in paths {
                #expect(catalogue.page(at: path) == page, "\(path)")
                #expect(seen.insert(path).inserted, "\(path) twice")
            }
        }
        let pages = Set(catalogue.pages)
        switch variant {
        case "public":
            #expect(pages.isSuperset(of: [.feed, .sitemap, .robots, .dashboard(.week), .weight]))
            #expect(catalogue.paths(of: .weight) == ["weight/index.html", "weight.csv"])
        case "changes":
            #expect(catalogue.paths(of: .weight) == ["weight/index.html"])
            #expect(!pages.contains(.feed) && !pages.contains(.sitemap))
        case "no points":
            #expect(pages.contains(.frontPage) && !pages.contains(.dashboard(.week)) && !pages.contains(.pointsIndex))
        case "notes only":
            #expect(pages.contains(.feed) && pages.contains(.notesIndex(page: 1)) && !pages.contains(.weight) && !pages.contains(.todos))
        default:
            #expect(pages.isSuperset(of: Set(Period.allCases.map(Page.dashboard))))
        }
    }

    /// The demo's pages by name: a note, a habit, a month of points, a year, a target and an
    /// image, at the paths a build writes them.
    @Test func pagesAreFoundByTheirPaths() throws {
        let catalogue = try Self.prepare().catalogue
        #expect(catalogue.page(at: "index.html") == .dashboard(.week))
        #expect(catalogue.page(at: "period/month.html") == .dashboard(.month))
        #expect(catalogue.page(at: "stats.json") == .statistics)
        #expect(catalogue.page(at: "notes/half-marathon.html") == .note(slug: "half-marathon"))
        #expect(catalogue.page(at: "notes/index.html") == .notesIndex(page: 1))
        #expect(catalogue.page(at: "points/2026-08.html") == .pointsMonth(year: 2026, month: 8))
        #expect(catalogue.page(at: "years/2026.html") == .year(2026))
        #expect(catalogue.page(at: "style.css") == .asset(path: "style.css"))
        #expect(catalogue.page(at: "notes/images/route.png") == .image(path: "notes/images/route.png"))
        #expect(catalogue.page(at: "notes/nothing-here.html") == nil)
        #expect(try catalogue.render(.note(slug: "nothing-here")).isEmpty)
    }

    /// The whole render is the catalogue's pages rendered one by one, whatever the grouping.
    @Test func theBuildIsEveryPageOfTheCatalogue() throws {
        let site = try Self.prepare()
        let one = try site.catalogue.pages.flatMap { try site.catalogue.render($0) }.sorted { $0.path < $1.path }
        let built = try BuildPipeline.built(site).files
        #expect(built.map(\.path) == one.map(\.path))
        #expect(built.map(\.bytes) == one.map(\.bytes))
        #expect(BuildPipeline.groups(site.catalogue.pages).flatMap { $0 } == site.catalogue.pages)
    }
}
