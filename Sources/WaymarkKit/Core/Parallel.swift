import Dispatch
import Synchronization

/// Runs independent work on every core and keeps the order of the input. The concurrency
/// primitives of the whole build live here, beside `BuildPipeline`, which decides what overlaps;
/// a stage may use `map` for data-parallel work inside itself (decoding chunks, reading notes).
enum Parallel {
    /// `items.map(transform)`, computed concurrently; the first error (by input order) is thrown.
    static func map<T: Sendable, U: Sendable, E: Error>(_ items: [T], _ transform: @Sendable (T) throws(E) -> U) throws(E) -> [U] {
        if items.count <= 1 { return try items.map(transform) }
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

    /// Runs four independent computations side by side and returns their results.
    static func all<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: @Sendable () -> A, _ b: @Sendable () -> B, _ c: @Sendable () -> C, _ d: @Sendable () -> D) -> (A, B, C, D) {
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
            guard let ra = r.0, let rb = r.1, let rc = r.2, let rd = r.3 else { preconditionFailure("Parallel.all: a computation did not run") }
            return (ra, rb, rc, rd)
        }
    }
}
