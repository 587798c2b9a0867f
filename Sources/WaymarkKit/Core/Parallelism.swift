import Dispatch
import Foundation
import Synchronization

/// How much of the machine a piece of work may use. `BuildPipeline` alone decides it; every
/// stage that can split its work (decoding chunks, reading notes, rendering pages) takes the
/// value it is given and runs on one core unless it is given more. Results keep the order of
/// the input, whatever ran where.
public struct Parallelism: Sendable, Equatable {
    /// How many cores the work may be spread over (at least 1).
    public let cores: Int

    public init(cores: Int) { self.cores = max(1, cores) }

    /// One core: everything in turn, on the calling thread.
    public static let serial = Parallelism(cores: 1)
    /// Every core the process may use.
    public static var machine: Parallelism { Parallelism(cores: ProcessInfo.processInfo.activeProcessorCount) }

    public var isSerial: Bool { cores == 1 }

    /// `body(0)` … `body(iterations - 1)`, side by side unless serial.
    func perform(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
        if isSerial || iterations <= 1 {
            for i in 0..<iterations { body(i) }
        } else {
            DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
        }
    }

    /// `items.map(transform)`, side by side unless serial; the first error (by input order) is
    /// thrown.
    func map<T: Sendable, U: Sendable, E: Error>(_ items: [T], _ transform: @Sendable (T) throws(E) -> U) throws(E) -> [U] {
        if isSerial || items.count <= 1 { return try items.map(transform) }
        let results = Mutex<[Result<U, E>?]>(Array(repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            let result: Result<U, E>
            do throws(E) { result = .success(try transform(items[i])) } catch { result = .failure(error) }
            results.withLock { $0[i] = result }
        }
        var out: [U] = []
        out.reserveCapacity(items.count)
        for result in results.withLock({ $0 }) {
            switch result {
            case .success(let value)?: out.append(value)
            case .failure(let error)?: throw error
            case nil: break
            }
        }
        return out
    }

    /// Four independent computations, side by side unless serial.
    func all<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: @Sendable () -> A, _ b: @Sendable () -> B, _ c: @Sendable () -> C, _ d: @Sendable () -> D) -> (A, B, C, D) {
        if isSerial { return (a(), b(), c(), d()) }
        let results = Mutex<(A?, B?, C?, D?)>((nil, nil, nil, nil))
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            switch i {
            case 0: let value = a(); results.withLock { $0.0 = value }
            case 1: let value = b(); results.withLock { $0.1 = value }
            case 2: let value = c(); results.withLock { $0.2 = value }
            default: let value = d(); results.withLock { $0.3 = value }
            }
        }
        return results.withLock { r in
            // concurrentPerform returns after every iteration ran, so each slot is filled.
            guard let ra = r.0, let rb = r.1, let rc = r.2, let rd = r.3 else { preconditionFailure("Parallelism.all: a computation did not run") }
            return (ra, rb, rc, rd)
        }
    }

    /// Runs every job once, each as soon as the jobs it waits for have run and a core is free,
    /// in the order listed where several are ready (the longest first keeps the cores busy to
    /// the end); returns when all have run. Serial: in the order listed.
    func schedule(_ jobs: [ScheduledJob]) {
        if isSerial {
            for job in jobs { job.run() }
            return
        }
        var dependents = [[Int]](repeating: [], count: jobs.count)
        var waiting = [Int](repeating: 0, count: jobs.count)
        for (i, job) in jobs.enumerated() {
            for before in job.after where before < i {
                dependents[before].append(i)
                waiting[i] += 1
            }
        }
        let state = Mutex(waiting)
        let group = DispatchGroup()
        let readyDependents = dependents
        @Sendable func start(_ i: Int) {
            DispatchQueue.global().async(group: group) {
                jobs[i].run()
                let ready = state.withLock { waiting in
                    readyDependents[i].filter { d in
                        waiting[d] -= 1
                        return waiting[d] == 0
                    }
                }
                for d in ready { start(d) }
            }
        }
        for i in jobs.indices where waiting[i] == 0 { start(i) }
        group.wait()
    }

    /// `main` on the calling thread while `beside` runs on the shared thread pool (unless
    /// serial: then `beside` first). Unlike `all`, the calling thread's own parallel work keeps
    /// every core: the pool fills the moments it leaves one idle.
    func beside<A, B: Sendable>(_ main: () -> A, _ beside: @escaping @Sendable () -> B) -> (A, B) {
        if isSerial {
            let b = beside()
            return (main(), b)
        }
        let result = Mutex<B?>(nil)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let value = beside()
            result.withLock { $0 = value }
        }
        let a = main()
        group.wait()
        // The group's wait returns once `beside` has stored its value.
        guard let b = result.withLock({ $0 }) else { preconditionFailure("Parallelism.beside: the computation did not run") }
        return (a, b)
    }
}
