/// What Waymark needs of one Beeminder goal, from any of the forms it comes in:
///
/// - a Beebrain goal file (`.bb`): `{"params": {yoog, aggday, kyoom, odom, yaxis, gunits, goal|vfin,
///   rfin|rate, runits, yaw, timezone, …}, "data": [["20170720", 70.45, "comment"], …]}`;
/// - the API's goal (`GET /users/u/goals/g.json?datapoints=true`): `{slug, title, goal_type,
///   gunits, yaxis, kyoom, odom, aggday, goalval, rate, runits, yaw, datapoints: […]}`;
/// - the API's datapoints (`GET …/datapoints.json`): `[{timestamp, daystamp, value, comment, id, …}]`,
///   with no settings at all (the goal is named after the file).
struct BeeminderGoal {
    struct Datapoint {
        var day: LocalDate
        var value: Double
        var comment: String?
        var path: JSONPath
        /// Beeminder's own placeholders (a derailment's "#DERAIL", pessimistic presumptions).
        var isDummy = false
        /// The datapoint the goal was created with.
        var isInitial = false
    }

    enum Form: String {
        case goalFile = "Beebrain goal file"
        case apiGoal = "API goal"
        case apiDatapoints = "API datapoints"
    }

    var form: Form
    var slug: String
    var title: String?
    var goalType: String?
    /// `gunits`: "kg", "hours", "pushups".
    var units: String?
    /// The graph's y-axis label: "kg", "Cumulative total hours".
    var yaxis: String?
    var cumulative = false
    var odometer = false
    var aggday: String?
    /// The target value and the field it came from (`goalval`, `goal` or `vfin`).
    var target: (value: Double, field: String)?
    /// The bright red line's final rate per `rateUnits` (`y`, `m`, `w`, `d`, `h`).
    var rate: Double?
    var rateUnits: String?
    /// +1 when above the line is good (do more), -1 when below is (do less, lose weight).
    var yaw: Int?
    /// +1 when the bright red line slopes up, -1 when down; usually the same as `yaw`.
    var dir: Int?
    var datapoints: [Datapoint] = []

    /// Reads a parsed file; nil (with an error) when it is none of the three forms.
    static func parse(_ value: JSONValue, file: SourceFile, zone: Zone, diagnostics: inout [Diagnostic]) -> BeeminderGoal? {
        let stem = file.name.split(separator: ".").first.map(String.init) ?? file.name
        switch value {
        case .object(let root):
            if case .object(let params)? = root["params"] {
                var goal = BeeminderGoal(form: .goalFile, slug: stem)
                goal.readSettings(params)
                // yoog is "user/slug".
                if let yoog = string(params["yoog"]), let slug = yoog.split(separator: "/").last, !slug.isEmpty {
                    goal.slug = String(slug)
                } else if let graph = string(params["graph"]), !graph.isEmpty {
                    goal.slug = graph
                }
                let zone = string(params["timezone"]).flatMap(Zone.init(identifier:)) ?? zone
                guard case .array(let rows)? = root["data"] else {
                    diagnostics.append(.error(file.path, .jsonPath(JSONPath(["data"])), "expected the goal's datapoints, an array of [daystamp, value, comment] (got \(root["data"]?.kindDescription ?? "nothing"))"))
                    return goal
                }
                for (i, row) in rows.enumerated() {
                    let path = JSONPath(["data", String(i)])
                    guard case .array(let cells) = row, cells.count >= 2 else {
                        diagnostics.append(rowError(file, path, "expected [daystamp, value, comment] (got \(row.quoted))"))
                        continue
                    }
                    guard let day = day(cells[0], zone: zone) else {
                        diagnostics.append(rowError(file, path.appending(0), "expected a daystamp like \"20170720\" (got \(cells[0].quoted))"))
                        continue
                    }
                    guard let number = number(cells[1]) else {
                        diagnostics.append(rowError(file, path.appending(1), "expected a number (got \(cells[1].quoted))"))
                        continue
                    }
                    goal.datapoints.append(Datapoint(day: day, value: number, comment: cells.count > 2 ? string(cells[2]) : nil, path: path))
                }
                return goal
            }
            var goal = BeeminderGoal(form: .apiGoal, slug: string(root["slug"]).flatMap { $0.isEmpty ? nil : $0 } ?? stem)
            goal.readSettings(root)
            guard case .array(let points)? = root["datapoints"] else {
                diagnostics.append(.error(file.path, .jsonPath(JSONPath(["datapoints"])),
                                          "the goal has no datapoints; ask the API for them (…/goals/\(Diagnostic.shorten(goal.slug)).json?datapoints=true)"))
                return goal
            }
            goal.readDatapoints(points, under: JSONPath(["datapoints"]), file: file, zone: zone, diagnostics: &diagnostics)
            return goal
        case .array(let points):
            var goal = BeeminderGoal(form: .apiDatapoints, slug: stem)
            goal.readDatapoints(points, under: JSONPath(), file: file, zone: zone, diagnostics: &diagnostics)
            return goal
        default:
            diagnostics.append(.error(file.path, .jsonPath(JSONPath()), "expected a Beeminder goal or its datapoints (got \(value.kindDescription))"))
            return nil
        }
    }

    private mutating func readSettings(_ o: JSONObject) {
        title = Self.string(o["title"])
        goalType = Self.string(o["goal_type"])
        units = Self.string(o["gunits"])
        yaxis = Self.string(o["yaxis"])
        cumulative = o["kyoom"] == .bool(true)
        odometer = o["odom"] == .bool(true)
        aggday = Self.string(o["aggday"])
        for field in ["goalval", "goal", "vfin"] {
            if let v = Self.number(o[field]) {
                target = (v, field)
                break
            }
        }
        rate = Self.number(o["rate"]) ?? Self.number(o["rfin"])
        rateUnits = Self.string(o["runits"])
        yaw = Self.number(o["yaw"]).flatMap { $0 > 0 ? 1 : $0 < 0 ? -1 : nil }
        dir = Self.number(o["dir"]).flatMap { $0 > 0 ? 1 : $0 < 0 ? -1 : nil }
    }

    private mutating func readDatapoints(_ points: [JSONValue], under base: JSONPath, file: SourceFile, zone: Zone,
                                         diagnostics: inout [Diagnostic]) {
        for (i, point) in points.enumerated() {
            let path = base.appending(i)
            guard case .object(let o) = point else {
                diagnostics.append(Self.rowError(file, path, "expected a datapoint object (got \(point.kindDescription))"))
                continue
            }
            // The daystamp is the day the datapoint counts for (after the goal's deadline);
            // the timestamp only when there is none, as a day in the zone given.
            guard let day = Self.day(o["daystamp"] ?? .null, zone: zone) ?? Self.day(o["timestamp"] ?? .null, zone: zone) else {
                let at = o["daystamp"] != nil ? "daystamp" : "timestamp"
                diagnostics.append(Self.rowError(file, path.appending(at), "expected a daystamp like \"20170720\" or a Unix time (got \(o[at]?.quoted ?? "nothing"))"))
                continue
            }
            guard let value = Self.number(o["value"]) else {
                diagnostics.append(Self.rowError(file, path.appending("value"), "expected a number (got \(o["value"]?.quoted ?? "nothing"))"))
                continue
            }
            datapoints.append(Datapoint(day: day, value: value, comment: Self.string(o["comment"]), path: path,
                                        isDummy: o["is_dummy"] == .bool(true), isInitial: o["is_initial"] == .bool(true)))
        }
    }

    static func rowError(_ file: SourceFile, _ path: JSONPath, _ message: String) -> Diagnostic {
        var d = Diagnostic.error(file.path, .jsonPath(path), message)
        d.dropsRecord = true
        return d
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let s)? = value { return s }
        return nil
    }

    /// A finite number, written as a number or a numeric string.
    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let text)?, .string(let text)?:
            if case .success(let n) = NumberText.double(text) { return n }
            return nil
        default: return nil
        }
    }

    /// A daystamp `"20170720"` (or `"2017-07-20"`), or a Unix time in seconds as the day it falls on in `zone`.
    static func day(_ value: JSONValue, zone: Zone) -> LocalDate? {
        switch value {
        case .string(let text):
            let t = Substring(text.trimmingWhitespace())
            if t.utf8.count == 8, let y = ClockText.digits(t.prefix(4), 4...4), let m = ClockText.digits(t.dropFirst(4).prefix(2), 2...2),
               let d = ClockText.digits(t.suffix(2), 2...2) {
                return LocalDate(year: y, month: m, day: d)
            }
            if case .day(let date)? = DateTimeText.parse(String(t)) { return date }
            return nil
        case .number(let text):
            // 1900 to 2200, the span `Zone` knows without asking Foundation.
            guard case .success(let seconds) = NumberText.integer(text, limit: 7_258_118_400), seconds >= -2_208_988_800 else { return nil }
            return zone.localDateTime(of: Int64(seconds)).date
        default:
            return nil
        }
    }
}
