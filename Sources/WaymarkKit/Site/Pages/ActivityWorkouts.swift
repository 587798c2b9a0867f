/// The Workouts page's tables: how many of each sport, with their minutes and distance, by
/// year, and the latest workouts, each once (`WorkoutLog`); and the durations and sports'
/// names the activity pages write.
enum ActivityWorkouts {
    /// Workouts the latest-workouts table lists at most.
    static let latest = 50

    /// The template's `intro`, `byKind` and `rows`; nil without a workout.
    static func make(_ activity: ActivityFigures, _ content: SiteContent, _ r: PageRenderer) -> TemplateObject? {
        guard !activity.workouts.isEmpty else { return nil }
        let f = r.format
        let zone = content.zone
        struct Key: Hashable, Comparable {
            var year: Int
            var kind: WorkoutKind
            static func < (a: Key, b: Key) -> Bool { a.year != b.year ? a.year > b.year : a.kind < b.kind }
        }
        var sums: [Key: (count: Int, minutes: Double, km: Double, withDistance: Int)] = [:]
        for w in activity.workouts {
            let key = Key(year: Moment.instant(w.start).localDate(in: zone).year, kind: w.kind)
            var s = sums[key] ?? (0, 0, 0, 0)
            s.count += 1
            if w.minutes.isFinite { s.minutes += w.minutes }
            if let km = w.distanceKm, km.isFinite {
                s.km += km
                s.withDistance += 1
            }
            sums[key] = s
        }
        let byKind: [TemplateValue] = sums.keys.sorted().compactMap { key in
            guard let s = sums[key] else { return nil }
            return ["year": .string(String(key.year)), "kind": .string(name(key.kind, r)), "count": .string(f.integer(s.count)),
                    "duration": .string(duration(s.minutes, r)), "distance": .string(s.withDistance > 0 ? f.decimal(s.km) : "—")]
        }
        let rows: [TemplateValue] = activity.workouts.reversed().prefix(latest).map { w in
            ["when": .string(f.moment(.instant(w.start), in: zone)), "name": .string(shownName(w, r)), "kind": .string(name(w.kind, r)),
             "duration": .string(duration(w.minutes, r)), "distance": .string(w.distanceKm.map { f.decimal($0) } ?? "—"),
             "energy": .string(w.energyKcal.map { f.integer(Int(exactly: $0.rounded()) ?? 0) } ?? "—")]
        }
        return ["intro": .string(r.text(.activityWorkoutsIntro, ["n": f.integer(activity.workouts.count)])),
                "byKind": .array(byKind), "rows": .array(rows)]
    }

    /// Minutes as "1 h 05 min"-style text, rounded to the minute.
    static func duration(_ minutes: Double, _ r: PageRenderer) -> String {
        let total = minutes.isFinite && minutes < 1e9 ? Int(minutes.rounded()) : 0
        let (h, m) = (total / 60, total % 60)
        if h == 0 { return r.text(.minutesOnly, ["m": r.format.integer(m)]) }
        if m == 0 { return r.text(.hoursOnly, ["h": r.format.integer(h)]) }
        return r.text(.hoursMinutes, ["h": r.format.integer(h), "m": r.format.integer(m)])
    }

    /// The workout's name as its app gives it; when that is only the English word of its kind
    /// (Apple Health's types become "Running", "Other"), the kind's word in the site's language.
    static func shownName(_ w: Workout, _ r: PageRenderer) -> String {
        guard r.options.language != .en else { return w.activity }
        let english = kindText(w.kind).text(.en)
        return w.activity.lowercased() == english.lowercased() ? name(w.kind, r) : w.activity
    }

    static func name(_ kind: WorkoutKind, _ r: PageRenderer) -> String { r.text(kindText(kind)) }

    /// The interface text that names `kind`.
    static func kindText(_ kind: WorkoutKind) -> UIString {
        switch kind {
        case .running: return .kindRunning
        case .walking: return .kindWalking
        case .hiking: return .kindHiking
        case .cycling: return .kindCycling
        case .swimming: return .kindSwimming
        case .rowing: return .kindRowing
        case .elliptical: return .kindElliptical
        case .strength: return .kindStrength
        case .hiit: return .kindHiit
        case .yoga: return .kindYoga
        case .dance: return .kindDance
        case .other: return .kindOther
        }
    }
}
