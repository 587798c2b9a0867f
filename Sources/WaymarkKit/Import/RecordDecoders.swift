/// How each kind of record is read from its JSON object (see `docs/export-format.md`).
enum RecordDecoders {
    static func point(_ r: inout RecordReader) -> PointRecord? {
        let point = r.integer("point", required: true)
        let type = r.string("pointType")
        let name = r.string("pointName")
        let describe = r.string("pointDescribe")
        let date = r.moment("pointDate", required: true)
        guard let point, let date else { return nil }
        return PointRecord(point: point, type: type, name: name, describe: describe, date: date)
    }

    /// The fast path for a point record (see `FastRecordDecoder`): the record made in `slot`
    /// and where its `id` lies, or nil to let `point(_:)` decode it. `level` is the record's
    /// nesting level.
    static func fastPoint(_ d: inout FastRecordDecoder, zone: Zone, level: Int, into slot: UnsafeMutablePointer<PointRecord>) -> Range<Int>?? {
        d.pointRecord(zone: zone, level: level, into: slot)
    }

    static func tag(_ r: inout RecordReader) -> Tag? {
        Tag(id: r.string("tagId"), name: r.name("tagName"), describe: r.string("tagDescribe"), color: r.color("tagColor"),
            point: r.integer("tagPoint"), hours: r.integer("tagHour", range: 0...10_000) ?? 0,
            minutes: r.integer("tagMinute", range: 0...100_000) ?? 0, repeats: r.bool("ifRepeat"), created: r.moment("creatTime"))
    }

    static func target(_ r: inout RecordReader) -> Target? {
        let id = r.string("targetId")
        let name = r.name("targetName", required: true)
        let describe = r.string("targetDescribe")
        let color = r.color("targetColor")
        let point = r.integer("targetPoint")
        let deadline = r.moment("deadline")
        let status = r.integer("status", range: 0...1)
        let completed = r.moment("completeTime")
        guard let name else { return nil }
        return Target(id: id, name: name, describe: describe, color: color, point: point, deadline: deadline,
                      done: status == 1, completed: completed)
    }

    static func weight(_ r: inout RecordReader) -> WeightEntry? {
        let date = r.moment("date", required: true)
        let kg = r.double("kgValue", required: true, range: 0.1...1000, meaning: "a weight in kilograms between 0.1 and 1000")
        guard let date, let kg else { return nil }
        return WeightEntry(date: date, kg: kg)
    }

    static func todo(_ r: inout RecordReader) -> Todo? {
        let name = r.name("name", required: true)
        let priority = r.integer("priority", range: 0...2).flatMap(Todo.Priority.init(rawValue:)) ?? .normal
        let completed = r.bool("isCompleted") ?? false
        guard let name else { return nil }
        return Todo(name: name, priority: priority, completed: completed)
    }
}
