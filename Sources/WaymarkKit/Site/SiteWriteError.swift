/// Why a site could not be written; the exit code follows sysexits.
public struct SiteWriteError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The output is not Waymark's, or writing would replace someone else's file (exit 73).
        case refused
        /// The output cannot be created (exit 73).
        case cannotCreate
        /// A read or write failed midway; the previous site is untouched (exit 74).
        case io
    }

    public var kind: Kind
    public var message: String

    public var description: String { message }

    public var exitCode: Int32 {
        switch kind {
        case .refused, .cannotCreate: return 73
        case .io: return 74
        }
    }
}
