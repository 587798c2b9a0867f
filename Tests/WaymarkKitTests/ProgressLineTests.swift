import Synchronization
import Testing
@testable import WaymarkKit

/// The progress line of long imports: its text, at most four updates a second, wiped at the end.
struct ProgressLineTests {
    @Test func textSaysHowFar() {
        #expect(ProgressLine.text("export.zip/apple_health_export/export.xml", 120_500_000, 300_000_000)
                == "Reading export.zip/apple_health_export/export.xml: 120 MB of 300 MB (40 %)")
        #expect(ProgressLine.text("stream", 5_000_000, nil) == "Reading stream: 5 MB")
        #expect(ProgressLine.text("a", 10, 0) == "Reading a: 0 MB")
    }

    @Test func updatesAreThrottledAndTheLineIsWiped() {
        let written = Mutex<[String]>([])
        let time = Mutex(0.0)
        let line = ProgressLine(write: { text in written.withLock { $0.append(text) } }, clock: { time.withLock { $0 } })
        line.update("f", 1_000_000, nil)          // t = 0: shown
        time.withLock { $0 = 0.1 }
        line.update("f", 2_000_000, nil)          // 0.1 s later: skipped
        time.withLock { $0 = 0.3 }
        line.update("f", 3_000_000, nil)          // 0.3 s after the first: shown
        line.finish()
        line.finish()                             // nothing shown since: nothing to wipe
        #expect(written.withLock { $0 } == ["\r\u{1B}[KReading f: 1 MB", "\r\u{1B}[KReading f: 3 MB", "\r\u{1B}[K"])
    }
}
