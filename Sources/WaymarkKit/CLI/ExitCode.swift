/// Exit codes, from BSD sysexits(3).
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// EX_USAGE: the command line is wrong.
    case usage = 64
    /// EX_DATAERR: the export holds invalid data.
    case dataError = 65
    /// EX_NOINPUT: the export or a file in it is missing or unreadable.
    case noInput = 66
    /// EX_SOFTWARE: an internal error (a bug in Waymark or a broken template).
    case software = 70
    /// EX_CANTCREAT: the output cannot be created or is not Waymark's to replace.
    case cannotCreate = 73
    /// EX_IOERR: reading or writing failed.
    case ioError = 74
}
