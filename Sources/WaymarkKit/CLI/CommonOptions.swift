import Foundation

/// The help of options several commands share, and how their values are read and checked.
enum CommonOptions {
    static let timeZoneHelp = "IANA time zone for days and times, e.g. Asia/Shanghai (default: the profile's, else UTC)."
    static let quietHelp = "Print only errors."
    static let skipInvalidHelp = "Leave out records with problems (a warning each) instead of stopping."
    static let weightUnitHelp = "kg or lb: the unit of weights in files that do not say (Fitbit), and the unit the site shows."
    static let distanceUnitHelp = "km or mi: the unit of distances in files that do not say (Garmin Connect's activities; default km, with a warning)."
    static let sourcesHelp = "Folders, files or .zip archives to read and merge: a Waymark export, or an export of Apple Health, Loop Habit Tracker, Google Fit, Fitbit, Garmin Connect, Strava, Samsung Health, Withings, Renpho, MyFitnessPal, openScale, Daylio, HabitBull or Beeminder, or a CSV (docs/import.md)."

    /// `--weight-unit`.
    static func weightUnit(_ text: String?) throws(UsageError) -> WeightUnit? {
        guard let text else { return nil }
        if let unit = SettingNames.weightUnit(named: text) { return unit }
        var message = "unknown weight unit '\(Diagnostic.shorten(text))'; use kg or lb"
        if let guess = EditDistance.suggestion(for: text, among: ["kg", "lb"]) { message += ". Did you mean '\(guess)'?" }
        throw UsageError(message: message, usage: "")
    }

    /// `--distance-unit`.
    static func distanceUnit(_ text: String?) throws(UsageError) -> DistanceUnit? {
        guard let text else { return nil }
        if let unit = SettingNames.distanceUnit(named: text) { return unit }
        var message = "unknown distance unit '\(Diagnostic.shorten(text))'; use km or mi"
        if let guess = EditDistance.suggestion(for: text, among: ["km", "mi"]) { message += ". Did you mean '\(guess)'?" }
        throw UsageError(message: message, usage: "")
    }

    /// `--time-zone`.
    static func zone(_ name: String?) throws(UsageError) -> Zone? {
        guard let name else { return nil }
        switch ZoneName.resolve(name) {
        case .zone(let zone): return zone
        case .abbreviation: throw UsageError(message: "unknown time zone: " + ZoneName.abbreviationAdvice(name), usage: "")
        case .unknown: break
        }
        var message = "unknown time zone '\(Diagnostic.shorten(name))'"
        if let guess = EditDistance.suggestion(for: name, among: ZoneName.suggestions) {
            message += ". Did you mean '\(guess)'?"
        } else {
            message += "; use an IANA name such as Asia/Shanghai or Europe/Berlin"
        }
        throw UsageError(message: message, usage: "")
    }

    /// `--lang`.
    static func language(_ text: String?) throws(UsageError) -> Language? {
        guard let text else { return nil }
        if let language = SettingNames.language(named: text) { return language }
        var message = "unknown language '\(Diagnostic.shorten(text))'; use en or zh-Hans"
        if let guess = EditDistance.suggestion(for: text, among: ["en", "zh-Hans"]) { message += ". Did you mean '\(guess)'?" }
        throw UsageError(message: message, usage: "")
    }

    /// `--title`: refused when it is only spaces, as the config's `title` is ("Overview ·  ").
    static func title(_ text: String?) throws(UsageError) -> String? {
        guard let text else { return nil }
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw UsageError(message: "--title is only spaces; give a title or leave the option out", usage: "")
        }
        return text
    }

    /// `--now`: a date-time in any export form; wall times are read in the site's zone later.
    static func now(_ text: String?) throws(UsageError) -> DateTimeText.Parsed? {
        guard let text else { return nil }
        guard let value = DateTimeText.parse(text) else {
            throw UsageError(message: "--now: not a date-time (got '\(Diagnostic.shorten(text))'); use e.g. 2026-11-29T20:00:00 or 2026-11-29T12:00:00Z", usage: "")
        }
        return value
    }

    /// `--base-url URL`: where the site is published (canonical links, link previews, the feed).
    static func baseURL(_ text: String?) throws(UsageError) -> BaseURL? {
        guard let text else { return nil }
        do { return try BaseURL(text) } catch { throw UsageError(message: "--base-url: " + error.message, usage: "") }
    }
}
