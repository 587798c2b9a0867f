/// One of Fitbit's sleep logs (`sleep-*.json`): `logId`, `dateOfSleep` (the day it ends, the
/// night it belongs to), `startTime`/`endTime` as local wall times (`2019-04-27T23:09:00.000`),
/// `timeInBed` and `minutesAsleep` in minutes, and `levels.summary` with the minutes of each
/// stage: `deep`, `light`, `rem`, `wake` in "stages" logs, `asleep`, `restless`, `awake` in
/// "classic" ones. A nap is a log of its own (`mainSleep: false`), added to its day's night.
enum FitbitSleepLog {
    static func read(_ element: JSONValue, file: SourceFile, index: Int, zone: Zone,
                     diagnostics: inout [Diagnostic]) -> (logId: String?, session: SleepSession)? {
        let path = JSONPath([String(index)])
        func problem(_ at: JSONPath, _ message: String) {
            var d = Diagnostic.error(file.path, .jsonPath(at), message)
            d.dropsRecord = true
            diagnostics.append(d)
        }
        guard case .object(let log) = element else {
            problem(path, "expected a sleep log (got \(element.kindDescription))")
            return nil
        }
        guard case .string(let dayText)? = log["dateOfSleep"], case .day(let night)? = DateTimeText.parse(dayText) else {
            problem(path.appending("dateOfSleep"), "expected a day like \"2019-04-28\" (got \(log["dateOfSleep"]?.quoted ?? "nothing"))")
            return nil
        }
        func minutes(_ value: JSONValue?, _ at: JSONPath) -> Double?? {
            guard let value, value != .null else { return .some(nil) }
            guard let n = FitbitWeightFile.number(value)?.value, n >= 0 else {
                problem(at, "expected minutes, a number of 0 or more (got \(value.quoted))")
                return nil
            }
            return .some(n)
        }
        func moment(_ key: String) -> Int64? {
            guard case .string(let text)? = log[key], let parsed = DateTimeText.parse(text), case .instant(let s) = parsed.moment(in: zone) else { return nil }
            return s
        }
        var session = SleepSession(source: FitbitActivityImporter.source, start: moment("startTime"), end: moment("endTime"), night: night)
        guard let inBed = minutes(log["timeInBed"], path.appending("timeInBed")),
              let asleep = minutes(log["minutesAsleep"], path.appending("minutesAsleep")) else { return nil }
        session.inBed = inBed
        var summary: JSONObject?
        if case .object(let levels)? = log["levels"], case .object(let s)? = levels["summary"] { summary = s }
        func stage(_ name: String) -> Double?? {
            guard case .object(let o)? = summary?[name] else { return .some(nil) }
            return minutes(o["minutes"], path.appending("levels").appending("summary").appending(name).appending("minutes"))
        }
        let type = log["type"].flatMap { if case .string(let t) = $0 { t } else { nil } }
        if type == "stages" {
            guard let deep = stage("deep"), let light = stage("light"), let rem = stage("rem"), let wake = stage("wake") else { return nil }
            if deep != nil || light != nil || rem != nil {
                (session.deep, session.core, session.rem, session.awake) = (deep, light, rem, wake)
            } else {
                session.asleep = asleep
            }
        } else {
            // Classic logs: restless minutes are in minutesAsleep, awake ones are not.
            session.asleep = asleep
            guard let awake = stage("awake") else { return nil }
            session.awake = awake
        }
        var logId: String?
        switch log["logId"] {
        case .number(let id)?, .string(let id)?: logId = id
        default: break
        }
        return (logId, session)
    }
}
