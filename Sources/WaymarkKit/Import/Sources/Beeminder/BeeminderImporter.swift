/// Beeminder goals: Beebrain goal files (`.bb`) and the API's JSON (a goal with its datapoints,
/// or the bare datapoints). A weight goal's datapoints become weighings, one per day by the
/// goal's `aggday`, and its target the goal weight; any other goal becomes a habit with one check
/// per datapoint (`BeeminderGoalKind` has the rule, `BeeminderGoalReader` the mapping).
enum BeeminderImporter {
    static let name = "Beeminder (goal file or API JSON)"
    static let maxSize = 64 << 20

    static let importer = SourceImporter.perFile(
        id: "beeminder", name: name,
        howToExport: "save https://www.beeminder.com/api/v1/users/USER/goals/GOAL.json?datapoints=true&auth_token=TOKEN (or …/GOAL/datapoints.json) as GOAL.json; Beebrain .bb goal files work too",
        recognises: recognises, read: read)

    /// Keys of the API's goal object; a `slug` and two of these tell it from other JSON.
    static let goalKeys = ["goal_type", "gunits", "aggday", "kyoom", "goalval", "runits", "safebuf", "losedate", "datapoints"]
    /// Keys of a Beebrain goal file's `params`.
    static let paramKeys = ["yoog", "kyoom", "aggday", "runits"]

    /// Told by content: a `.bb` name is only a hint, and the API's files are saved under any name.
    static func recognises(_ file: SourceFile) -> Bool {
        let compact = CompactHead(file)
        if compact.hasPrefix("{") {
            if file.lowercasedName.hasSuffix(".bb") { return true }
            if compact.contains("\"params\":{"), paramKeys.contains(where: compact.has) { return true }
            if startsWithData(compact) { return true }
            return compact.has(key: "slug") && goalKeys.filter(compact.has).count >= 2
        }
        // The API's datapoints; `daystamp` is Beeminder's own word.
        return compact.hasPrefix("[{") && compact.has(key: "daystamp") && compact.has(key: "value")
    }

    /// `{"data":[["20170720"`: a goal file whose datapoints come before its params (and fill the head).
    static func startsWithData(_ compact: CompactHead) -> Bool {
        let prefix = "{\"data\":[[\""
        guard compact.hasPrefix("{\"data\":[[\"") else { return false }
        let rest = compact.bytes.dropFirst(prefix.utf8.count)
        return rest.count >= 9 && rest.prefix(8).allSatisfy { $0 >= 48 && $0 <= 57 } && rest.dropFirst(8).first == UInt8(ascii: "\"")
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let value = file.json(limit: maxSize, diagnostics: &part.diagnostics) else { return part }
        guard let goal = BeeminderGoal.parse(value, file: file, zone: context.zone, diagnostics: &part.diagnostics) else { return part }
        BeeminderGoalReader.read(goal, file: file, context: context, into: &part)
        return part
    }
}
