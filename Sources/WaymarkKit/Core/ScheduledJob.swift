import Synchronization

/// A piece of work for `Parallelism.schedule`: it runs once every job it waits for has run.
struct ScheduledJob: Sendable {
    /// The jobs (by their place in the list) that must have run first; each lies before this one.
    let after: [Int]
    let run: @Sendable () -> Void

    init(after: [Int] = [], _ run: @escaping @Sendable () -> Void) {
        self.after = after
        self.run = run
    }
}

/// A value a scheduled job makes and a later one (or the caller, once all have run) reads.
final class JobResult<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    init() {}

    func set(_ value: Value) { stored.withLock { $0 = value } }

    /// The value; asked only after the job that sets it has run.
    var value: Value {
        guard let value = stored.withLock({ $0 }) else { preconditionFailure("JobResult read before its job ran") }
        return value
    }
}
