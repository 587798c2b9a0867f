/// The page slugs of targets (`targets/<slug>.html`), which are also their feed entries' ids, so
/// they should not move when other targets come and go. A title only one target has is its slug
/// ("run-10-km"); targets that share a title (a monthly "Run 10 km") are told apart by a hash of
/// each one's own identity, its app id (else its title and deadline), never by their order:
/// deleting June's target leaves July's and August's addresses as they were. An address moves
/// only when a title goes from one target to several, or back to one.
enum TargetSlugs {
    static func make(_ targets: [Target]) -> [String] {
        let bases = targets.map(base)
        var count: [String: Int] = [:]
        for b in bases { count[b, default: 0] += 1 }
        var slugger = Slugger()
        return zip(targets, bases).map { target, b in
            guard count[b, default: 0] > 1 else { return slugger.slug(for: b, fallback: b) }
            // The title is cut first, so the hash survives `Slugger`'s 60 characters; a hash that
            // happens to match another slug still gets a slug of its own (`-2`).
            var title = String(b.prefix(60 - 9))
            while title.hasSuffix("-") { title.removeLast() }
            return slugger.slug(for: title + "-" + Slugger.hash(identity(target)), fallback: b)
        }
    }

    /// The slug a target's title gives before any two are told apart.
    static func base(_ target: Target) -> String {
        let ascii = Slugger.ascii(target.name)
        return ascii.isEmpty ? Slugger.ascii("target-" + Slugger.hash(target.id ?? target.name)) : ascii
    }

    /// What tells a target from others of its title, from build to build: not its completion,
    /// which would move its address (and feed id) the day it is done.
    static func identity(_ target: Target) -> String {
        if let id = target.id { return "id:" + id }
        return ["name:" + target.name, text(target.deadline)].joined(separator: "\u{0}")
    }

    private static func text(_ moment: Moment?) -> String {
        switch moment {
        case .instant(let seconds)?: return "at:" + String(seconds)
        case .day(let date)?: return "on:" + String(date.dayNumber)
        case nil: return "-"
        }
    }
}
