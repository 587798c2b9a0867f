/// A command line that cannot be run, with the help line to show.
struct UsageError: Error, Sendable {
    var message: String
    var usage: String
}
