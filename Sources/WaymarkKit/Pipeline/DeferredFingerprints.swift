import Synchronization

/// The fingerprints of an export's parts (`DataFingerprints`), worked out once, when the render
/// step first asks (`PageCache.start`): after the pages open in a browser are rendered and told
/// to reload, so hashing the records never delays that message. Kept with the figures, so a
/// rebuild that reuses them (a note's text) hashes nothing.
final class DeferredFingerprints: Sendable {
    private let made = Mutex<DataFingerprints?>(nil)
    private let make: @Sendable () -> DataFingerprints

    init(_ make: @escaping @Sendable () -> DataFingerprints) { self.make = make }

    var value: DataFingerprints {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
