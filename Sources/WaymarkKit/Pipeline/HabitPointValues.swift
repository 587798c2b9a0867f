/// The points a person gives the checks of habits whose tracker awards none (`waymark.json`'s
/// `habitPoints`): Loop, HabitBull, Daylio and the rest record that a habit was done, never
/// what it is worth, so their habits earn nothing until the person says so.
struct HabitPointValues: Sendable {
    /// Points per check, by the habit's name as the source writes it.
    var values: [String: Int]
    /// The config file's name as messages show it.
    var file: String

    /// `export` with each check of a named habit worth its points: a check, or an entered
    /// amount other than 0, earns the habit's points once (the amount does not multiply them;
    /// an entry of 0, "none of it", earns nothing). The points app's own habits keep the points
    /// the app gave. Returns a warning for each name that is not a habit of another tracker.
    func apply(to export: inout Export) -> [Diagnostic] {
        guard !values.isEmpty else { return [] }
        let tracked = Set(export.tags.compactMap { $0.habit == nil ? nil : $0.name })
        let pointsApp = Set(export.tags.compactMap { $0.habit == nil ? $0.name : nil })
        var warnings: [Diagnostic] = []
        for name in values.keys.sorted() where !tracked.contains(name) {
            let shown = "\"" + Diagnostic.shorten(name) + "\""
            if pointsApp.contains(name) {
                warnings.append(.warning(file, .file, "habitPoints: \(shown) is a habit of the points app, which gives its own points; left as the app gave them"))
            } else {
                var message = "habitPoints: no source has a habit named \(shown)"
                if let guess = EditDistance.suggestion(for: name, among: tracked.sorted()) { message += "; did you mean \"\(Diagnostic.shorten(guess))\"?" }
                warnings.append(.warning(file, .file, message))
            }
        }
        let worth = values.filter { tracked.contains($0.key) }
        guard !worth.isEmpty else { return warnings }
        for i in export.points.indices {
            let record = export.points[i]
            guard record.point == 0, record.type?.lowercased() == "tag", let name = record.name, let n = worth[name],
                  record.value != 0 else { continue }
            export.points[i].point = n
        }
        return warnings
    }
}
