import Dispatch
import Synchronization

/// Runs independent work on every core and keeps the order of the input.
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
}
