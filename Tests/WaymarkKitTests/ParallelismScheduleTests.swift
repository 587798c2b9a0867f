import Synchronization
import Testing
@testable import WaymarkKit

/// `Parallelism.schedule`: every job runs once, never before a job it waits for, on both cores
/// and serially.
struct ParallelismScheduleTests {
    /// Jobs waiting for seeded sets of earlier ones, each noting when it started and ended.
    @Test(arguments: [Parallelism(cores: 2), .serial])
    func everyJobRunsOnceAfterThoseItWaitsFor(parallelism: Parallelism) {
        var random = SeededNumbers(state: 42)
        for round in 0..<20 {
            let count = 1 + random.next(120)
            let after = (0..<count).map { i in i == 0 ? [] : (0..<random.next(4)).map { _ in random.next(i) } }
            let clock = Mutex(0)
            let runs = Mutex([[Int]](repeating: [], count: count))  // per job: start, end
            let jobs = (0..<count).map { i in
                ScheduledJob(after: after[i]) {
                    let start = clock.withLock { $0 += 1; return $0 }
                    // A little work, so jobs overlap on two cores.
                    var x = 0
                    for k in 0..<(i % 7) * 1_000 { x &+= k }
                    let end = clock.withLock { $0 += 1; return $0 }
                    runs.withLock { $0[i] += [start, end, x & 0] }
                }
            }
            parallelism.schedule(jobs)
            let seen = runs.withLock { $0 }
            for i in 0..<count {
                #expect(seen[i].count == 3, "round \(round): job \(i) ran \(seen[i].count / 3) times")
                for before in after[i] where seen[i].count == 3 && seen[before].count == 3 {
                    #expect(seen[before][1] < seen[i][0], "round \(round): job \(i) started before job \(before) ended")
                }
            }
            if parallelism.isSerial {
                // Serially, in the order listed.
                #expect(seen.map { $0.first ?? 0 } == (0..<count).map { 2 * $0 + 1 })
            }
        }
    }

    @Test func resultsAreReadAfterTheirJobs() {
        let a = JobResult<Int>(), b = JobResult<Int>(), c = JobResult<String>()
        Parallelism(cores: 2).schedule([
            ScheduledJob { a.set(20) },
            ScheduledJob { b.set(22) },
            ScheduledJob(after: [0, 1]) { c.set(String(a.value + b.value)) },
        ])
        #expect(c.value == "42")
        // Nothing to run returns at once.
        Parallelism(cores: 2).schedule([])
    }
}
