/// Writes a realistic synthetic export (see `waymark sample --help`): points from timed habits
/// over several years, one weighing a day, 50 targets and 100 notes a year, 200 to-dos. The same
/// seed always gives the same bytes. Records are written straight into byte buffers, because a
/// million point records make a file of over 100 MB.
public struct SampleExport: Sendable {
    public var years: Int
    public var tags: Int
    /// Point records from habits; nil for a realistic number (about 60% of habits done a day).
    public var points: Int?
    public var seed: UInt64
    /// The export's last day; statistics are as of 20:00 that day.
    public var end: LocalDate

    public init(years: Int = 1, tags: Int = 6, points: Int? = nil, seed: UInt64 = 1,
                end: LocalDate = LocalDate(year: 2026, month: 11, day: 29) ?? LocalDate(dayNumber: 20_786)) {
        self.years = years
        self.tags = tags
        self.points = points
        self.seed = seed
        self.end = end
    }

    var days: Int { years * 365 }
    var start: LocalDate { end.adding(days: 1 - days) }
    /// `exportedAt`: 20:00 on the last day, in seconds of that day. Nothing is dated later.
    static let exportSecond = 72_000

    /// Every file of the export, by path relative to its folder.
    public func files() -> [(path: String, bytes: [UInt8])] {
        var random = SampleRandom(seed: seed)
        let habits = makeHabits(&random)
        let targets = makeTargets(&random)
        var out: [(String, [UInt8])] = []
        out.append(("profile.json", Array(profile().utf8)))
        out.append(("tags.json", tagsJSON(habits)))
        out.append(("points.json", pointsJSON(habits, targets, &random)))
        out.append(("targets.json", targetsJSON(targets)))
        out.append(("weights.json", weightsJSON(&random)))
        out.append(("todos.json", todosJSON(&random)))
        for (name, text) in notes(habits, targets, &random) { out.append(("notes/" + name, Array(text.utf8))) }
        return out
    }

    // MARK: Pieces

    struct Habit {
        var name: String
        var points: Int
        var minutes: Int
        var strength: Double
        var hour: Int
        var color: String
    }

    struct SampleTarget {
        var name: String
        var deadline: LocalDate
        var hour: Int
        var points: Int
        var done: Bool
        var completed: LocalDate?

        /// The completion's second of its day: half an hour before the deadline's hour, and
        /// before 20:00, so a target done on the export's last day is done before `exportedAt`.
        var completedSecond: Int { (min(hour, 20) * 60 - 30) * 60 }

        /// "2026-11-29T18:30:00": `completeTime`, and the date of the target's point record.
        var completedTime: String? {
            completed.map { LocalDateTime(secondsAsUTC: Int64($0.dayNumber) * 86_400 + Int64(completedSecond)).description }
        }
    }

    static let habitNames = ["晨跑 Morning run", "阅读 Reading", "冥想 Meditation", "背单词 Vocabulary", "练琴 Piano", "Deep work 深度工作",
                             "瑜伽 Yoga", "写作 Writing", "早睡 Early night", "喝水 Drink water", "拉伸 Stretching", "编程 Coding",
                             "画画 Sketching", "散步 Walk", "日记 Journal", "俯卧撑 Push-ups", "学日语 Japanese", "整理 Tidy up"]
    static let palette = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#999999"]
    static let words = ["focus", "steady", "morning", "practice", "notes", "progress", "habit", "small", "steps", "week", "review",
                        "energy", "plan", "goal", "rest", "balance", "consistency", "training", "reading", "quiet", "目标", "坚持",
                        "进步", "计划", "休息", "习惯", "每天", "一点点"]

    func makeHabits(_ random: inout SampleRandom) -> [Habit] {
        (0..<tags).map { i in
            let base = SampleExport.habitNames[i % SampleExport.habitNames.count]
            let name = i < SampleExport.habitNames.count ? base : "\(base) \(i / SampleExport.habitNames.count + 1)"
            return Habit(name: name, points: 1 + random.int(5), minutes: [10, 15, 20, 30, 45, 60, 90][random.int(7)],
                         strength: 0.35 + random.unit() * 0.5, hour: 6 + random.int(16), color: SampleExport.palette[i % SampleExport.palette.count])
        }
    }

    func makeTargets(_ random: inout SampleRandom) -> [SampleTarget] {
        let count = 50 * years
        return (0..<count).map { i in
            // Deadlines spread over the years, a few weeks past the end as well.
            let deadline = start.adding(days: Int(Double(i) / Double(count) * Double(days + 30)) + random.int(10))
            let past = deadline < end
            let done = past ? random.unit() < 0.8 : random.unit() < 0.1
            let completed = done ? deadline.adding(days: -random.int(5)) : nil
            return SampleTarget(name: "目标 Target \(i + 1): " + random.pick(SampleExport.words) + " " + random.pick(SampleExport.words),
                                deadline: deadline, hour: 9 + random.int(14), points: 5 * (1 + random.int(10)), done: done,
                                completed: completed.map { min($0, end) })
        }
    }

    func profile() -> String {
        """
        {"code":"00000","message":"一切 ok","data":{"userName":"Sample 样本","userEmail":"sample@example.com","timeZone":"Asia/Shanghai",\
        "language":"en","exportedAt":"\(LocalDateTime(secondsAsUTC: Int64(end.dayNumber) * 86_400 + Int64(SampleExport.exportSecond)))","heightCm":"172","goalWeightKg":"68.0","goalStartKg":"78.0","weightUnit":"kg"},"ok":true}

        """
    }

    /// Appends `{"code":"00000",…,"data":[` … `]}` around records written by `body`.
    private func envelope(_ body: (inout [UInt8]) -> Void, capacity: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity + 100)
        out += Array(#"{"code":"00000","message":"一切 ok","data":["#.utf8)
        body(&out)
        out += Array("\n],\"ok\":true}\n".utf8)
        return out
    }

    func tagsJSON(_ habits: [Habit]) -> [UInt8] {
        envelope({ out in
            for (i, h) in habits.enumerated() {
                out += Array(((i == 0 ? "\n" : ",\n") + """
                {"tagId":"t\(i + 1)","tagName":"\(h.name)","tagDescribe":"**\(h.minutes) min** a session. Keep it *small* and steady.",\
                "tagColor":"\(h.color)","tagPoint":"\(h.points)","tagHour":"\(h.minutes / 60)","tagMinute":"\(h.minutes % 60)",\
                "ifRepeat":"1","creatTime":"\(start)T08:00:00"}
                """).utf8)
            }
        }, capacity: habits.count * 300)
    }

    func pointsJSON(_ habits: [Habit], _ targets: [SampleTarget], _ random: inout SampleRandom) -> [UInt8] {
        let total = points ?? Int(Double(days * tags) * 0.6)
        // Pick (day, habit) pairs: stronger habits and non-rest days more often.
        let strengths = habits.map(\.strength)
        let sum = strengths.reduce(0, +)
        var perDay = [Int](repeating: 0, count: days)
        var picks: [(day: Int, habit: Int, second: Int)] = []
        picks.reserveCapacity(total)
        for _ in 0..<total {
            var day = random.int(days)
            if random.unit() < 0.08 { day = random.int(days) }  // clusters of busy days
            var r = random.unit() * sum, habit = 0
            while habit < habits.count - 1 && r >= strengths[habit] {
                r -= strengths[habit]
                habit += 1
            }
            var second = min(86_399, max(0, habits[habit].hour * 3600 + random.int(3600) + perDay[day] % 7 * 60))
            // The last day ends at `exportedAt`: its times are squeezed into 00:00…19:58 (in order,
            // not piled up at the end), leaving a minute for a reward bought just after.
            if day == days - 1 { second = second * (SampleExport.exportSecond - 120) / 86_400 }
            perDay[day] += 1
            picks.append((day, habit, second))
        }
        picks.sort { ($0.day, $0.second) < ($1.day, $1.second) }
        return envelope({ out in
            var id = 100_000
            var first = true
            func record(_ point: Int, _ type: String, _ name: String, _ describe: String?, _ day: LocalDate, _ second: Int) {
                id += 1
                let time = LocalDateTime(secondsAsUTC: Int64(day.dayNumber) * 86_400 + Int64(second)).description
                out += Array((first ? "\n" : ",\n").utf8)
                first = false
                out += Array(#"{"id":""#.utf8) + Array(String(id).utf8) + Array(#"","point":""#.utf8) + Array(String(point).utf8)
                out += Array(#"","pointType":""#.utf8) + Array(type.utf8) + Array(#"","pointName":""#.utf8) + Array(name.utf8)
                out += Array(#"","pointDescribe":"#.utf8) + Array((describe.map { "\"\($0)\"" } ?? "null").utf8)
                out += Array(#","pointDate":""#.utf8) + Array(time.utf8) + Array(#""}"#.utf8)
            }
            var targetIndex = 0
            let doneTargets = targets.filter { $0.done && $0.completed != nil }.sorted { ($0.completed ?? end) < ($1.completed ?? end) }
            // A target's points are dated at its completion (`completeTime`).
            func targetsDone(before day: LocalDate) {
                while targetIndex < doneTargets.count, let c = doneTargets[targetIndex].completed, c < day {
                    let t = doneTargets[targetIndex]
                    record(t.points, "target", t.name, nil, c, t.completedSecond)
                    targetIndex += 1
                }
            }
            for pick in picks {
                let day = start.adding(days: pick.day)
                targetsDone(before: day)
                let h = habits[pick.habit]
                record(h.points, "tag", h.name, nil, day, pick.second)
                if pick.second % 97 == 0 {
                    record(-(5 * (1 + random.int(6))), "shop", "奖励 Reward", "用积分兑换", day, min(86_399, pick.second + 60))
                }
            }
            targetsDone(before: end.adding(days: 1))
        }, capacity: total * 170)
    }

    func targetsJSON(_ targets: [SampleTarget]) -> [UInt8] {
        envelope({ out in
            for (i, t) in targets.enumerated() {
                let completed = t.completedTime.map { "\"\($0)\"" } ?? "null"
                out += Array(((i == 0 ? "\n" : ",\n") + """
                {"targetId":"g\(i + 1)","targetName":"\(t.name)","targetDescribe":"Why it matters: *\(i % 7 + 1)* small steps.",\
                "targetColor":"\(SampleExport.palette[i % SampleExport.palette.count])","targetPoint":"\(t.points)",\
                "deadline":"\(t.deadline)T\(pad(t.hour, 2)):00:00","status":"\(t.done ? 1 : 0)","completeTime":\(completed)}
                """).utf8)
            }
        }, capacity: targets.count * 300)
    }

    func weightsJSON(_ random: inout SampleRandom) -> [UInt8] {
        var kg = 78.0, slope = -0.02
        return envelope({ out in
            for i in 0..<days {
                if i % 60 == 0 { slope = (random.unit() - 0.6) * 0.05 }
                kg = min(110, max(50, kg + slope + random.gaussian() * 0.05))
                let value = LocaleFormat.fixed(kg + random.gaussian() * 0.35, places: 1)
                out += Array(((i == 0 ? "\n" : ",\n") + #"{"id":"w\#(i + 1)","date":"\#(start.adding(days: i))T07:\#(pad(random.int(50), 2)):00","kgValue":"\#(value)"}"#).utf8)
            }
        }, capacity: days * 80)
    }

    func todosJSON(_ random: inout SampleRandom) -> [UInt8] {
        envelope({ out in
            for i in 0..<200 {
                out += Array(((i == 0 ? "\n" : ",\n") + """
                {"id":"d\(i + 1)","name":"待办 To-do \(i + 1): \(random.pick(SampleExport.words))","priority":"\(random.int(3))","isCompleted":"\(random.unit() < 0.6 ? 1 : 0)"}
                """).utf8)
            }
        }, capacity: 200 * 120)
    }

    /// About 1.5 KB of Markdown each: headings, a list, links to other notes and a code block.
    func notes(_ habits: [Habit], _ targets: [SampleTarget], _ random: inout SampleRandom) -> [(String, String)] {
        let count = 100 * years
        func sentence(_ random: inout SampleRandom) -> String {
            let n = 8 + random.int(10)
            var s = (0..<n).map { _ in random.pick(SampleExport.words) }.joined(separator: " ")
            s = s.prefix(1).uppercased() + s.dropFirst() + "."
            return s
        }
        return (0..<count).map { i in
            let name = "note-\(pad(i + 1, 4)).md"
            let day = start.adding(days: Int(Double(i) / Double(count) * Double(days)))
            var text = "---\ntitle: Note \(i + 1) — \(random.pick(SampleExport.words)) \(random.pick(SampleExport.words))\n"
            // Notes are written at 21:00, or at 19:00 on the export's last day (before `exportedAt`).
            text += "date: \(day)T\(day == end ? 19 : 21):\(pad(random.int(60), 2)):00\n"
            if !habits.isEmpty { text += "tag: \(habits[i % habits.count].name)\n" }
            if !targets.isEmpty && i % 3 == 0 { text += "target: g\(1 + random.int(targets.count))\n" }
            text += "---\n# What happened\n\n"
            for _ in 0..<3 { text += sentence(&random) + " " }
            text += "\n\n## What worked\n\n"
            for _ in 0..<4 { text += "- " + sentence(&random) + "\n" }
            text += "\nSee the [previous note](note-\(pad(max(1, i), 4)).md) and [the guide](https://example.org/guide).\n\n"
            text += "```\nstreak = days.filter { $0.points > 0 }.count\n```\n\n## Next\n\n"
            for _ in 0..<4 { text += sentence(&random) + " " }
            text += "\n\n> " + sentence(&random) + " " + sentence(&random) + "\n"
            return (name, text)
        }
    }
}
