import Testing
@testable import WaymarkKit

/// The targets index: open groups first, then the timeline, then the done targets by year with
/// the on-time rate; old overdue targets folded; the page light for ten years of targets.
struct TargetsPageTests {
    static let zone = Zone(identifier: "Asia/Shanghai")!
    static func at(_ text: String) -> Moment { DateTimeText.parse(text)?.moment(in: zone) ?? .instant(0) }
    static var now: Int64 { if case .instant(let s) = at("2026-11-29T20:00:00") { return s } else { return 0 } }

    func page(_ files: [SiteFile], _ path: String) -> String {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    static let targets = [
        Target(name: "Bike", deadline: at("2026-11-27T12:00:00")),  // 2 days overdue
        Target(name: "Ninety", deadline: at("2026-08-31T12:00:00")),  // 30 + 31 + 29 = 90 days: still a card
        Target(name: "Tax", deadline: at("2025-06-01T12:00:00")),  // 365 + 181 = 546 days: folded
        Target(name: "Call", deadline: at("2026-11-29T21:30:00")),
        Target(name: "Photos", deadline: at("2026-11-21T23:59:00"), done: true, completed: at("2026-11-21T10:00:00")),
        Target(name: "Late", deadline: at("2025-03-01T12:00:00"), done: true, completed: at("2025-03-04T09:00:00")),
        Target(name: "Old", deadline: at("2024-05-05T12:00:00"), done: true),
    ]

    @Test func groupsThenTimelineThenDoneByYear() throws {
        let files = try renderSite(Export(targets: Self.targets), SiteOptions(now: Self.now, zone: Self.zone, language: .en))
        let html = page(files, "targets/index.html")
        func position(_ s: String) -> Int { html.range(of: s).map { html.distance(from: html.startIndex, to: $0.lowerBound) } ?? -1 }
        let order = ["<h2>Overdue", "<h2>Due today", "id=\"timeline-heading\"", "<h2>Done", "<summary>2026", "<summary>2025", "<summary>2024"].map(position)
        #expect(!order.contains(-1) && order == order.sorted(), "\(order)")
        #expect(html.components(separatedBy: "<svg").count == 2)  // one timeline
        // Overdue: the date as "Nov 27" and how long ago.
        #expect(html.contains("<strong class=\"when\"><span class=\"date\">Nov 27</span></strong> · <span class=\"late\">2 days overdue</span>"))
        #expect(html.contains("<span class=\"late\">90 days overdue</span>"))
        #expect(html.contains("<details class=\"target-rows old-overdue\">\n<summary>Overdue for more than 90 days: 1</summary>"))
        #expect(html.contains("<a href=\"tax.html\">Tax</a> <time datetime=\"2025-06-01\">Jun 1, 2025</time> <span class=\"late\">546 days overdue</span>"))
        #expect(!html.contains("<li class=\"card target overdue\">\n<h3><span class=\"dot\" aria-hidden=\"true\"></span><a href=\"tax.html\">"))
        // Done: the newest year open; Photos and Old on time, Late 3 days late; Bike, Ninety and
        // Tax overdue and not done count as not on time: 2 of 6, 33.3%. Call is due later today.
        #expect(html.contains("<details class=\"target-rows\" open>\n<summary>2026 <span class=\"count\">1 · 1 on time · 0 late</span>"))
        #expect(html.contains("<details class=\"target-rows\">\n<summary>2025 <span class=\"count\">1 · 0 on time · 1 late</span>"))
        #expect(html.contains("<a href=\"late.html\">Late</a> <time datetime=\"2025-03-04\">Mar 4</time> <span class=\"late\">3 days late</span>"))
        #expect(html.contains("<strong>On time: 33.3%</strong> <span class=\"describe\">2 of 6 targets due so far were done by their deadline’s day (1 done late, 3 overdue and not done).</span>"))
        // The window: Oct 30, 2026 to Jan 28, 2027; Bike, Call and Photos fall in it.
        #expect(html.contains("<span class=\"date\">Oct 30, 2026</span> to <span class=\"date\">Jan 28, 2027</span>: the 30 days before today and the 60 after. 3 of 7 targets are due in this window"))
    }

    @Test func chineseWritesTheDeadlineInTheCardsDateStyle() throws {
        let files = try renderSite(Export(targets: Self.targets), SiteOptions(now: Self.now, zone: Self.zone, language: .zhHans))
        let html = page(files, "targets/index.html")
        #expect(html.contains("<strong class=\"when\"><span class=\"date\">11月27日</span></strong> · <span class=\"late\">逾期 2 天</span>"))
        #expect(html.contains("<summary>逾期超过 90 天：1 个</summary>"))
        #expect(html.contains("<time datetime=\"2025-06-01\">2025年6月1日</time> <span class=\"late\">逾期 546 天</span>"))
        #expect(html.contains("<strong>按时完成：33.3%</strong> <span class=\"describe\">已到期的 6 个目标中，2 个在截止当天或之前完成（延期完成 1 个，逾期未完成 3 个）。</span>"))
        // Done after the deadline: 延期完成 (逾期 is only for open targets).
        #expect(html.contains("<span class=\"late\">延期 3 天完成</span>"))
        #expect(html.contains("按时完成 0 个 · 延期完成 1 个"))
        #expect(page(files, "targets/bike.html").contains("<span class=\"late\">逾期 2 天</span>"))
    }

    @Test func tenYearsOfTargetsMakeALightPage() throws {
        // `waymark sample --years 10 --tags 30`: 500 targets (the page was 611 KB with two timelines).
        let sample = SampleExport(years: 10, tags: 30)
        var byPath: [String: [UInt8]] = [:]
        for f in sample.files() { byPath[f.path] = f.bytes }
        let export = ExportReader(fileSystem: .inMemory(root: "/s", files: byPath)).read(directory: "/s").export
        #expect(export.targets.count == 500)
        guard case .instant(let now)? = export.profile.exportedAt else { Issue.record("no exportedAt"); return }
        let files = try renderSite(export, SiteOptions(now: now, zone: Self.zone, language: .en))
        let index = try #require(files.first { $0.path == "targets/index.html" })
        #expect(index.bytes.count < 150_000, "targets/index.html is \(index.bytes.count) bytes")
        let html = String(decoding: index.bytes, as: UTF8.self)
        #expect(html.components(separatedBy: "<svg").count == 2)
        #expect(!html.contains("<script"))
    }
}
