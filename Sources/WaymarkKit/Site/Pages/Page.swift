/// A file of the site by name: what it shows, whatever renders it and whichever core. A site's
/// pages, their paths and how each renders are in its `SiteCatalogue`.
enum Page: Hashable, Sendable {
    /// `index.html` (the week) and `period/{day,month,year,all}.html`.
    case dashboard(Period)
    /// `index.html` when the dashboards are not built (no overview, or no points).
    case frontPage
    /// `stats.json`.
    case statistics
    case habitsIndex
    /// `habits/<slug>.html`.
    case habit(slug: String)
    case yearsIndex
    /// `years/<year>.html`.
    case year(Int)
    case pointsIndex
    /// `points/<yyyy-mm>.html`.
    case pointsMonth(year: Int, month: Int)
    /// `notes/index.html` (page 1) and `notes/page/<n>.html`.
    case notesIndex(page: Int)
    /// `notes/<slug>.html`.
    case note(slug: String)
    case targetsIndex
    /// `targets/<slug>.html`.
    case target(slug: String)
    /// `weight/index.html`, with `weight.csv` when the site shows absolute weights.
    case weight
    /// The activity: `activity/index.html` and `activity.csv`.
    case activity
    /// `sleep/index.html`, when a night has minutes asleep.
    case sleep
    /// `workouts/index.html`, when there is a workout.
    case workouts
    case todos
    /// `feed.xml`.
    case feed
    /// `robots.txt`.
    case robots
    /// `sitemap.xml`.
    case sitemap
    /// `404.html`, with a base URL: the page static hosts serve at an address the site lacks.
    case notFound
    /// An image a note shows, at its path.
    case image(path: String)
    /// A file of the theme's assets, at its path.
    case asset(path: String)
}
