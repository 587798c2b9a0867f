/// `feed.xml`: an Atom feed (RFC 4287) of the newest notes and completed targets, for a site with
/// a base URL (Atom needs absolute addresses). Deterministic: every date comes from the data, the
/// feed's `updated` from its newest entry (or `now` when it has none), never from the clock; an
/// entry's id is its page's absolute address, so it stays the same from build to build.
enum AtomFeed {
    static let path = "feed.xml"
    /// Entries in the feed: enough for any reader that polls now and then, and a small file.
    static let limit = 50

    /// One entry before it is written.
    struct Entry: Sendable {
        var instant: Int64
        var moment: Moment
        var title: String
        /// The entry's page, from the site's root.
        var path: String
        /// The content as HTML with links relative to the page.
        var html: String
    }

    /// The feed's title in the site's language for the sections the site builds; nil when it
    /// builds neither notes nor targets (then there is no feed).
    static func title(_ options: SiteOptions) -> String? {
        guard options.baseURL != nil else { return nil }
        switch (options.builds(.notes), options.builds(.targets)) {
        case (true, true): return UIString.feedNotesAndTargets.text(options.language)
        case (true, false): return UIString.feedNotes.text(options.language)
        case (false, true): return UIString.feedTargets.text(options.language)
        case (false, false): return nil
        }
    }

    /// The feed, or nil when the site has none (no base URL, or neither notes nor targets).
    static func render(_ content: SiteContent, siteTitle: String) -> SiteFile? {
        let options = content.options
        guard let base = options.baseURL, let subtitle = title(options) else { return nil }
        let entries = newest(entries(content))
        let updated = entries.first?.moment ?? .instant(options.now)
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(options.language.rawValue)\">\n"
        xml += element("title", text: siteTitle, attributes: " type=\"text\"")
        xml += element("subtitle", text: subtitle, attributes: " type=\"text\"")
        xml += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(XMLEscape.escape(base.absolute(path)))\"/>\n"
        xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(XMLEscape.escape(base.text))\"/>\n"
        xml += element("id", base.text)
        xml += element("updated", date(updated, content.zone))
        xml += "<author>\n" + element("name", text: siteTitle) + "</author>\n"
        xml += element("generator", "Waymark")
        for entry in entries {
            let url = base.absolute(entry.path)
            xml += "<entry>\n"
            xml += element("title", text: entry.title, attributes: " type=\"text\"")
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(XMLEscape.escape(url))\"/>\n"
            xml += element("id", url)
            xml += element("published", date(entry.moment, content.zone))
            xml += element("updated", date(entry.moment, content.zone))
            xml += element("content", AbsoluteLinks.rewrite(entry.html, page: url), attributes: " type=\"html\"")
            xml += "</entry>\n"
        }
        xml += "</feed>\n"
        return SiteFile(path: path, bytes: Array(xml.utf8))
    }

    /// The dated notes and the targets completed by now of the sections the site builds. Undated
    /// notes are left out: an Atom entry needs a date, and an invented one would mislead.
    static func entries(_ content: SiteContent) -> [Entry] {
        let options = content.options
        let zone = content.zone
        var entries: [Entry] = []
        if options.builds(.notes) {
            for n in content.notes {
                guard let moment = n.note.date, let instant = instant(moment, zone) else { continue }
                entries.append(Entry(instant: instant, moment: moment, title: n.title, path: "notes/\(n.slug).html",
                                     html: String(decoding: n.html, as: UTF8.self)))
            }
        }
        if options.builds(.targets) {
            let format = LocaleFormat(options.language)
            // Done as of now (`TargetSchedule`): a completion after it is not news yet.
            for item in content.arranged.schedule where item.state == .done {
                let entry = content.targets[item.index]
                guard let moment = entry.target.completionMoment, let instant = instant(moment, zone) else { continue }
                let done = UIString.feedCompletedOn.text(options.language, ["date": format.longDate(moment.localDate(in: zone))])
                entries.append(Entry(instant: instant, moment: moment,
                                     title: UIString.feedTargetDone.text(options.language, ["name": entry.target.name]),
                                     path: "targets/\(entry.slug).html",
                                     html: "<p>" + HTMLEscape.escape(done) + "</p>\n" + (entry.pageHTML ?? "")))
            }
        }
        return entries
    }

    /// The newest `limit` entries, newest first; entries of the same moment by page path, so
    /// the order never depends on how the entries were gathered.
    static func newest(_ entries: [Entry]) -> [Entry] {
        Array(entries.sorted { ($0.instant, $1.path) > ($1.instant, $0.path) }.prefix(limit))
    }

    /// The instant `moment` stands for: a day is its start in `zone`. nil for years RFC 3339
    /// cannot write (before 1 or after 9999).
    static func instant(_ moment: Moment, _ zone: Zone) -> Int64? {
        guard (1...9999).contains(moment.localDate(in: zone).year) else { return nil }
        switch moment {
        case .instant(let s): return s
        case .day(let d): return zone.startOfDay(d)
        }
    }

    /// RFC 3339 with the zone's offset, as `xsd:dateTime` and Atom's date construct need it.
    static func date(_ moment: Moment, _ zone: Zone) -> String {
        switch moment {
        case .instant: return LocaleFormat.machine(moment, in: zone)
        case .day(let d): return LocaleFormat.machine(.instant(zone.startOfDay(d)), in: zone)
        }
    }

    /// `<name attributes>escaped text</name>` and a line break.
    static func element(_ name: String, _ text: String, attributes: String = "") -> String {
        "<\(name)\(attributes)>" + XMLEscape.escape(text) + "</\(name)>\n"
    }

    /// `element` for text a feed reader lays out (titles, names), isolated as on the pages when
    /// it holds a direction control (`BidiIsolation`). An entry's HTML has its controls closed
    /// element by element already, and is left as it is.
    static func element(_ name: String, text: String, attributes: String = "") -> String {
        element(name, BidiIsolation.isolated(text), attributes: attributes)
    }
}
