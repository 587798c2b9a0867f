import Foundation

/// Reading and checking option values shared by several commands.
enum CommonOptions {
    static let timeZone = CommandSpec.Option(names: ["--time-zone"], value: "TZ",
        help: "IANA time zone for days and times, e.g. Asia/Shanghai (default: the profile's, else UTC).")
    static let quiet = CommandSpec.Option(names: ["-q", "--quiet"], value: nil, help: "Print only errors.")
    static let skipInvalid = CommandSpec.Option(names: ["--skip-invalid"], value: nil,
        help: "Leave out records with problems (a warning each) instead of stopping.")

    static let weightUnit = CommandSpec.Option(names: ["--weight-unit"], value: "UNIT",
        help: "kg or lb: the unit of weights in files that do not say (Fitbit), and the unit the site shows.")
    static let sources = CommandSpec.Argument(name: "SOURCE", help: "Folders, files or .zip archives to read and merge: a Waymark export, or an export of Apple Health, Loop Habit Tracker, Google Fit, Fitbit, Withings, openScale, Daylio, HabitBull or Beeminder, or a CSV (docs/import.md).", optional: true, repeats: true)

    static func weightUnit(_ parsed: ParsedArguments) throws(UsageError) -> WeightUnit? {
        guard let text = parsed.value("--weight-unit") else { return nil }
        if let unit = SettingNames.weightUnit(named: text) { return unit }
        var message = "unknown weight unit '\(Diagnostic.shorten(text))'; use kg or lb"
        if let guess = EditDistance.suggestion(for: text, among: ["kg", "lb"]) { message += ". Did you mean '\(guess)'?" }
        throw UsageError(message: message, usage: "")
    }

    /// The sources named on the command line; the demo export when none is.
    static func source(_ parsed: ParsedArguments) -> BuildRequest.Source {
        parsed.positionals.isEmpty ? .demo : .paths(parsed.positionals)
    }

    static func zone(_ parsed: ParsedArguments) throws(UsageError) -> Zone? {
        guard let name = parsed.value("--time-zone") else { return nil }
        if let zone = Zone(identifier: name) { return zone }
        var message = "unknown time zone '\(Diagnostic.shorten(name))'"
        if let guess = EditDistance.suggestion(for: name, among: TimeZone.knownTimeZoneIdentifiers) {
            message += ". Did you mean '\(guess)'?"
        } else {
            message += "; use an IANA name such as Asia/Shanghai or Europe/Berlin"
        }
        throw UsageError(message: message, usage: "")
    }

    static func language(_ parsed: ParsedArguments) throws(UsageError) -> Language? {
        guard let text = parsed.value("--lang") else { return nil }
        if let language = SettingNames.language(named: text) { return language }
        var message = "unknown language '\(Diagnostic.shorten(text))'; use en or zh-Hans"
        if let guess = EditDistance.suggestion(for: text, among: ["en", "zh-Hans"]) { message += ". Did you mean '\(guess)'?" }
        throw UsageError(message: message, usage: "")
    }

    /// `--now`: a date-time in any export form; wall times are read in the site's zone later.
    static func now(_ parsed: ParsedArguments) throws(UsageError) -> DateTimeText.Parsed? {
        guard let text = parsed.value("--now") else { return nil }
        guard let value = DateTimeText.parse(text) else {
            throw UsageError(message: "--now: not a date-time (got '\(Diagnostic.shorten(text))'); use e.g. 2026-11-29T20:00:00 or 2026-11-29T12:00:00Z", usage: "")
        }
        return value
    }

    /// `--base-url URL`: where the site is published (canonical links, link previews, the feed).
    static func baseURL(_ parsed: ParsedArguments) throws(UsageError) -> BaseURL? {
        guard let text = parsed.value("--base-url") else { return nil }
        do { return try BaseURL(text) } catch { throw UsageError(message: "--base-url: " + error.message, usage: "") }
    }
}
