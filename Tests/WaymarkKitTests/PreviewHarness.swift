import Foundation
@testable import WaymarkKit

/// A `waymark serve` started in the test process on a free port, with what it printed.
final class PreviewHarness {
    let service: PreviewService
    let log = TextSink()
    let http: RawHTTP

    /// Starts `waymark serve ARGUMENTS --port 0`.
    init(_ arguments: [String], watch: SiteWatcher.Method = .native, clock: Int64 = 1_795_953_600) throws {
        let log = self.log
        let env = CommandEnvironment(standardOutput: { log.append($0) }, standardError: { log.append($0) },
                                     fileSystem: .local, clock: { clock }, processID: 4242,
                                     monotonic: { Date().timeIntervalSinceReferenceDate })
        service = try ServeCommand.start(try ServeCommand.spec.parse(arguments + ["--port", "0"]), env, watch: watch)
        http = RawHTTP(port: service.port)
    }

    deinit { service.stop() }

    /// The build id in a served page's live-reload script.
    static func reloadID(_ page: String) -> String? {
        guard let start = page.range(of: "events?since=")?.upperBound, let end = page[start...].firstIndex(where: { $0 == "\"" || $0 == "&" }) else { return nil }
        return String(page[start..<end])
    }

    /// A copy of the demo export in `dir`, at `dir/export`.
    static func copyDemo(into dir: TemporaryDirectory) throws -> String {
        let target = dir.file("export")
        try FileManager.default.copyItem(atPath: TestPaths.repo.appendingPathComponent("Examples/demo").path, toPath: target)
        return target
    }
}
