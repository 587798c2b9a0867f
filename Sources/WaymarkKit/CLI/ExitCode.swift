/// Exit codes, from BSD sysexits(3).
public enum ExitCode: Int32, Sendable, CaseIterable {
    case ok = 0
    /// EX_USAGE: the command line is wrong.
    case usage = 64
    /// EX_DATAERR: the export (or a theme) holds invalid data.
    case dataError = 65
    /// EX_NOINPUT: the export or a file in it is missing or unreadable.
    case noInput = 66
    /// EX_SOFTWARE: an internal error (a bug in Waymark or in its built-in templates).
    case software = 70
    /// EX_CANTCREAT: the output cannot be created or is not Waymark's to replace.
    case cannotCreate = 73
    /// EX_IOERR: reading or writing failed.
    case ioError = 74
    /// EX_TEMPFAIL: another build is writing the same output; try again later.
    case tempFail = 75
    /// EX_CONFIG: the config file (`waymark.json`) is wrong.
    case config = 78

    /// The one place where a kind of failure becomes an exit code.
    public init(for kind: ErrorKind) {
        switch kind {
        case .usage: self = .usage
        case .badData: self = .dataError
        case .missingInput: self = .noInput
        case .internalError: self = .software
        case .refused, .cannotCreate: self = .cannotCreate
        case .io: self = .ioError
        case .busy: self = .tempFail
        case .config: self = .config
        }
    }

    /// The line `--help` prints.
    static var summary: String {
        "Exit codes: 0 ok, 64 usage, 65 bad data, 66 input missing, 70 internal error, 73 cannot create output, 74 I/O error, 75 output busy, 78 config file wrong."
    }
}

extension SiteWriteError {
    /// The exit code of a build stopped by this failure.
    public var exitCode: Int32 { ExitCode(for: kind).rawValue }
}
