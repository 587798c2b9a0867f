/// A part of the data that some pages read (`PageInputs.slices`): a preview's rebuild renders a
/// page again when the fingerprint of a part it reads differs (`DataFingerprints`). Each part
/// holds everything any figure of the pages that declare it is computed from, so a page may read
/// a part only whole.
enum DataSlice: Hashable, Sendable {
    /// Everything under one name: the point records of any type with that name, the tags with
    /// that name (description, colour, how the habit is kept) and the days that habit was
    /// skipped. A habit's page (its checks, strength, streaks, amounts) and a target's page (the
    /// records it earned) read it.
    case named(String)
    /// Every habit: every tag, every point record of type `tag` and every skip (the habits index
    /// ranks them all).
    case habits
    /// Every point record and every tag (the points index: the newest records, the balance).
    case points
    /// The point records of one month in the site's zone, as its points page lists them.
    case month(year: Int, month: Int)
    /// The tags' names and colours, in order (the habits a points month names).
    case tagColors
    /// Every target.
    case targets
    /// Every note's front matter (their Markdown is not part of the data): which target and
    /// habit each names, their dates.
    case notes
    /// The weighings, body fat readings and the profile (goal, height, unit).
    case weight
    /// The activity samples, nights, workouts, daily goals, and the profile.
    case activity
    /// The to-dos.
    case todos
}

/// The fingerprint of each part of the data (`DataSlice`), worked out once per build of a
/// preview from the export its figures are computed from: a keyed hash (Swift's `Hasher`, the
/// same within one run of `serve`) of every value of the part, in order, with its count. Two
/// different values of a part share a fingerprint with a chance of one in 2⁶⁴.
struct DataFingerprints: Equatable, Sendable {
    private var values: [DataSlice: Int] = [:]

    /// The fingerprint of `slice`; nil for a part that holds nothing.
    subscript(slice: DataSlice) -> Int? { values[slice] }

    /// The parts of `export` (the figures' export, without the notes' Markdown), with `months`
    /// the point records by month as the points pages show them.
    init(_ export: Export, months: [PointsMonth]) {
        // Each record is hashed once; its hash goes into every part it belongs to.
        var named: [String: Hasher] = [:]
        var points = Hasher(), habits = Hasher()
        var habitChecks = 0
        for record in export.points {
            let h = record.hashValue
            points.combine(h)
            if let name = record.name { named[name, default: Hasher()].combine(h) }
            if record.type == "tag" {
                habits.combine(h)
                habitChecks += 1
            }
        }
        var colors = Hasher()
        for tag in export.tags {
            let h = tag.hashValue
            if let name = tag.name { named[name, default: Hasher()].combine(h) }
            colors.combine(tag.name)
            colors.combine(tag.color)
        }
        for skip in export.skips { named[skip.habit, default: Hasher()].combine(skip.hashValue) }
        // The counts keep a record moved from one kind to another from leaving both the same.
        points.combine(export.points.count)
        points.combine(export.tags)
        habits.combine(habitChecks)
        habits.combine(export.tags)
        habits.combine(export.skips)
        values[.points] = points.finalize()
        values[.habits] = habits.finalize()
        values[.tagColors] = colors.finalize()
        for (name, hasher) in named { values[.named(name)] = hasher.finalize() }
        for m in months {
            var hasher = Hasher()
            // Two months of one name (never in one build) would fold into one.
            if let old = values[.month(year: m.year, month: m.month)] { hasher.combine(old) }
            hasher.combine(m.records.count)
            for record in m.records { hasher.combine(record) }
            values[.month(year: m.year, month: m.month)] = hasher.finalize()
        }
        values[.targets] = Self.hash { $0.combine(export.targets) }
        values[.notes] = Self.hash { $0.combine(export.notes) }
        values[.weight] = Self.hash { h in
            h.combine(export.weights)
            h.combine(export.bodyFat)
            h.combine(export.profile)
        }
        values[.activity] = Self.hash { h in
            h.combine(export.activity)
            h.combine(export.sleep)
            h.combine(export.workouts)
            h.combine(export.goals)
            h.combine(export.profile)
        }
        values[.todos] = Self.hash { $0.combine(export.todos) }
    }

    private static func hash(_ body: (inout Hasher) -> Void) -> Int {
        var hasher = Hasher()
        body(&hasher)
        return hasher.finalize()
    }
}
