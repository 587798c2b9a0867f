/// A value without references (a record whose texts are all nil), kept as bytes so that each
/// record read can start as a copy of them: a copy of its bytes is a copy of it, since there is
/// nothing to retain. Copied as a value, a `PointRecord` goes through its value witness (about 90
/// instructions), and made by its initializer it is made twice, one copied and one destroyed.
final class BlankRecord<T> {
    private let bytes: UnsafeMutablePointer<T>

    /// `value` must hold no reference: nil texts, numbers, dates.
    init(_ value: T) {
        bytes = .allocate(capacity: 1)
        bytes.initialize(to: value)
    }

    deinit {
        bytes.deinitialize(count: 1)
        bytes.deallocate()
    }

    /// Initializes `slot` (uninitialized memory) to the value.
    @inline(__always) func copy(to slot: UnsafeMutablePointer<T>) {
        UnsafeMutableRawPointer(slot).copyMemory(from: bytes, byteCount: MemoryLayout<T>.size)
    }
}
