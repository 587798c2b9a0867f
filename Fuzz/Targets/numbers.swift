// libFuzzer target: numbers and dates in every numeric field. The input is one text: it is read
// by NumberText and DateTimeText directly, then written into every integer, number and date field
// of every export file, once as a raw JSON token (the fast record path reads those) and once as a
// JSON string, and the export is read and its statistics computed. Written after Int.min in a
// point crashed `build` (issue 10); the seeds hold values next to Int.min and Int.max.
import Foundation

/// The text as the contents of a JSON string.
private func jsonString(_ text: String) -> String {
    var out = "\""
    for u in text.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\u{00}"..."\u{1F}": out += String(format: "\\u%04X", u.value)
        default: out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumbers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for limit in [0, 2, 1_000_000_000, Int.max] { _ = NumberText.integer(text, limit: limit) }
    _ = NumberText.double(text)
    if let parsed = DateTimeText.parse(text) {
        let moment = parsed.moment(in: Zone(identifier: "Asia/Shanghai") ?? .utc)
        _ = moment.dayNumber(in: .utc)
        _ = moment.sortKey(in: .utc)
    }
    for v in [text, jsonString(text)] {
        let date = jsonString(text)
        let files: [String: String] = [
            "points.json": #"[{"id":\#(v),"point":\#(v),"pointType":"tag","pointName":"a","pointDate":"2026-11-01T08:00:00"},"#
                + #"{"point":1,"pointType":"tag","pointName":"a","pointDate":\#(date)},{"point":\#(v),"pointDate":"2026-11-02"}]"#,
            "tags.json": #"[{"tagId":\#(v),"tagName":"a","tagPoint":\#(v),"tagHour":\#(v),"tagMinute":\#(v),"creatTime":\#(date)}]"#,
            "targets.json": #"[{"targetName":"t","targetPoint":\#(v),"status":\#(v),"deadline":\#(date),"completeTime":\#(date)}]"#,
            "todos.json": #"[{"name":"n","priority":\#(v),"isCompleted":\#(v)}]"#,
            "weights.json": #"[{"date":\#(date),"kgValue":\#(v)},{"date":"2026-11-01","kgValue":\#(v)}]"#,
            "weights.csv": "date,kg\n2026-10-01,\(text)\n\(text),70\n",
            "profile.json": #"{"heightCm":\#(v),"goalWeightKg":\#(v),"exportedAt":\#(date)}"#,
        ]
        let fs = FileSystem.inMemory(root: "/e", files: files.mapValues { Array($0.utf8) })
        let result = ExportReader(fileSystem: fs, fallbackZone: .utc).read(directory: "/e")
        for d in result.diagnostics { _ = d.description }
        // Whatever was accepted goes through the statistics: sums, durations, day numbers, BMI.
        let now: Int64 = 1_795_953_600
        let stats = PointStatistics(export: result.export, now: now, zone: .utc)
        for p in Period.allCases { _ = stats.tags(in: p) }
        _ = TargetSchedule.ordered(result.export.targets, today: stats.today, zone: .utc)
        _ = WeightStatistics(entries: result.export.weights, now: now, zone: .utc,
                             goalKg: result.export.profile.goalWeightKg, heightCm: result.export.profile.heightCm)
    }
    return 0
}
