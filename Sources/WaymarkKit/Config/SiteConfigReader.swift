import Foundation

/// Reads `waymark.json`: JSON with comments, checked key by key. Every problem is reported, not
/// only the first, each with the file, line:column, the value's path (`$.privacy.hide[1]`) and,
/// for a misspelt key or name, the closest right one.
public struct SiteConfigReader: Sendable {
    /// The file's name as messages show it.
    public var file: String

    public init(file: String) {
        self.file = file
    }

    /// What a file said, and what is wrong with it. The config is usable only when `problems`
    /// holds no error.
    public struct Outcome: Sendable {
        public var config: SiteConfig
        public var problems: [Diagnostic]
    }

    /// Names other tools use for Waymark's keys, for the "did you mean" edit distance misses.
    static let otherNames = ["lang": "language", "locale": "language", "tz": "timeZone", "zone": "timeZone",
                             "url": "baseURL", "publishDir": "output", "outputDir": "output", "dest": "output",
                             "destination": "output", "hidden": "hide", "isPublic": "public"]

    public func read(_ raw: [UInt8]) -> Outcome {
        var outcome = Outcome(config: SiteConfig(), problems: [])
        let text: SourceText
        do { text = try SourceText(checking: raw) } catch {
            outcome.problems.append(.error(file, .lineColumn(line: error.line, column: error.column), error.message))
            return outcome
        }
        let place = { (offset: Int) -> Diagnostic.Location in
            // Columns are counted in the file as written (a comment may hold any character).
            let (line, column) = SourceText.lineColumn(of: offset, in: text.bytes)
            return .lineColumn(line: line, column: column)
        }
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(try JSONCText.blankingComments(text.bytes))
        } catch let error as JSONCText.UnterminatedComment {
            outcome.problems.append(.error(file, place(error.offset), "a /* comment is never closed with */"))
            return outcome
        } catch let error as JSONSyntaxError {
            outcome.problems.append(.error(file, place(error.offset), error.message))
            return outcome
        } catch {
            outcome.problems.append(.error(file, .file, "cannot be read: \(error)"))
            return outcome
        }
        var checker = Checker(file: file, place: place)
        outcome.config = checker.config(root)
        // In the order of the file, as an editor would list them.
        outcome.problems = checker.problems.enumerated().sorted { a, b in
            guard case .lineColumn(let la, let ca) = a.element.location, case .lineColumn(let lb, let cb) = b.element.location else { return a.offset < b.offset }
            return (la, ca, a.offset) < (lb, cb, b.offset)
        }.map(\.element)
        return outcome
    }
}

/// Turns the parsed document into a `SiteConfig`, collecting problems as it goes.
private struct Checker {
    let file: String
    let place: (Int) -> Diagnostic.Location
    var problems: [Diagnostic] = []

    mutating func problem(_ at: Int, _ path: ConfigPath, _ message: String) {
        problems.append(.error(file, place(at), "\(path): \(message)"))
    }

    mutating func config(_ root: LocatedJSON) -> SiteConfig {
        var config = SiteConfig()
        let path = ConfigPath()
        guard case .object(let members) = root.node else {
            problem(root.offset, path, "expected an object ({ … }) holding the settings, got \(root.value.kindDescription)")
            return config
        }
        for member in unique(members, at: path, known: SiteConfig.keys) {
            let at = path.appending(member.key)
            let value = member.value
            switch member.key {
            case "$schema": _ = string(value, at)
            case "sources":
                guard let list = sources(value, at, settings: &config.sourceSettings) else { break }
                if list.isEmpty { problem(value.offset, at, "is empty; list the export folders and files to read, or leave the key out to build the demo") }
                else { config.sources = list }
            case "output": config.output = string(value, at, nonEmpty: true)
            case "title": config.title = string(value, at, nonEmpty: true)
            case "language":
                guard let text = string(value, at) else { break }
                if let language = SettingNames.language(named: text) { config.language = language } else {
                    badName(value, at, text, what: "language", among: SiteConfig.languageNames)
                }
            case "timeZone":
                guard let text = string(value, at) else { break }
                let resolved = ZoneName.resolve(text)
                if case .zone(let zone) = resolved { config.timeZone = zone } else if resolved == .abbreviation {
                    problem(value.offset, at, "unknown time zone: " + ZoneName.abbreviationAdvice(text, quote: "\""))
                } else {
                    var message = "unknown time zone \(value.value.quoted)"
                    if let guess = EditDistance.suggestion(for: text, among: ZoneName.suggestions) {
                        message += "; did you mean \"\(guess)\"?"
                    } else {
                        message += "; use an IANA name such as \"Asia/Shanghai\" or \"Europe/Berlin\""
                    }
                    problem(value.offset, at, message)
                }
            case "weightUnit":
                guard let text = string(value, at) else { break }
                if let unit = SettingNames.weightUnit(named: text) { config.weightUnit = unit } else {
                    badName(value, at, text, what: "weight unit", among: SiteConfig.weightUnitNames)
                }
            case "goalWeightKg": config.goalWeightKg = number(value, at, in: SiteConfig.goalWeightRange, unit: "kg")
            case "goalDirection":
                guard let text = string(value, at) else { break }
                if let direction = GoalDirection(rawValue: text.lowercased()) { config.goalDirection = direction } else {
                    badName(value, at, text, what: "goal direction", among: GoalDirection.allCases.map(\.rawValue))
                }
            case "heightCm": config.heightCm = number(value, at, in: SiteConfig.heightRange, unit: "cm")
            case "habitPoints": config.habitPoints = habitPoints(value, at)
            case "baseURL":
                guard let text = string(value, at) else { break }
                do { config.baseURL = try BaseURL(text) } catch { problem(value.offset, at, "not a base URL: it \(error.message)") }
            case "sections":
                guard let sections = sections(value, at) else { break }
                if sections.isEmpty { problem(value.offset, at, "is empty; name at least one section, or leave the key out to build them all") }
                else { config.sections = sections }
            case "privacy": config.privacy = privacy(value, at)
            default: break
            }
        }
        return config
    }

    mutating func privacy(_ value: LocatedJSON, _ path: ConfigPath) -> SiteConfig.PrivacyConfig {
        var privacy = SiteConfig.PrivacyConfig()
        guard case .object(let members) = value.node else {
            wrongType(value, path, expected: "an object such as { \"public\": false }")
            return privacy
        }
        for member in unique(members, at: path, known: SiteConfig.privacyKeys) {
            let at = path.appending(member.key)
            switch member.key {
            case "public":
                if case .scalar(.bool(let b)) = member.value.node { privacy.isPublic = b } else {
                    wrongType(member.value, at, expected: "true or false")
                }
            case "hide": privacy.hide = sections(member.value, at)
            case "weight":
                guard let text = string(member.value, at) else { break }
                if let detail = Privacy.WeightDetail(rawValue: text) { privacy.weight = detail } else {
                    badName(member.value, at, text, what: "weight setting", among: Privacy.WeightDetail.allCases.map(\.rawValue))
                }
            default: break
            }
        }
        return privacy
    }

    /// `habitPoints`: each habit's name with the whole number of points a check earns.
    mutating func habitPoints(_ value: LocatedJSON, _ path: ConfigPath) -> [String: Int] {
        guard case .object(let members) = value.node else {
            wrongType(value, path, expected: "an object such as { \"Meditate\": 5 }")
            return [:]
        }
        var out: [String: Int] = [:]
        var seen: Set<String> = []
        let range = SiteConfig.habitPointsRange
        for member in members {
            let at = path.appending(member.key)
            guard seen.insert(member.key).inserted else {
                problem(member.keyOffset, at, "appears twice; keep one")
                continue
            }
            if member.key.trimmingCharacters(in: .whitespaces).isEmpty {
                problem(member.keyOffset, at, "a habit's name is empty")
                continue
            }
            guard case .scalar(.number(let text)) = member.value.node else {
                wrongType(member.value, at, expected: "a whole number of points")
                continue
            }
            guard let n = Int(text), range.contains(n) else {
                problem(member.value.offset, at, "\(Diagnostic.shorten(text)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
                continue
            }
            out[member.key] = n
        }
        return out
    }

    /// The members with known keys, each once; unknown and repeated keys become problems.
    mutating func unique(_ members: [LocatedJSON.Member], at path: ConfigPath, known: [String]) -> [LocatedJSON.Member] {
        var seen: [String: Int] = [:]
        var kept: [LocatedJSON.Member] = []
        for member in members {
            let at = path.appending(member.key)
            guard known.contains(member.key) else {
                var message = "unknown key \"\(Diagnostic.shorten(member.key))\""
                if let guess = EditDistance.suggestion(for: member.key, among: known)
                    ?? SiteConfigReader.otherNames[member.key].flatMap({ known.contains($0) ? $0 : nil }) {
                    message += "; did you mean \"\(guess)\"?"
                } else {
                    message += "; the keys are " + known.filter { $0 != "$schema" }.joined(separator: ", ")
                }
                problem(member.keyOffset, at, message)
                continue
            }
            if let first = seen[member.key] {
                let line = if case .lineColumn(let l, _) = place(first) { l } else { 0 }
                problem(member.keyOffset, at, "appears twice (first on line \(line)); keep one")
                continue
            }
            seen[member.key] = member.keyOffset
            kept.append(member)
        }
        return kept
    }

    mutating func string(_ value: LocatedJSON, _ path: ConfigPath, nonEmpty: Bool = false) -> String? {
        guard case .scalar(.string(let s)) = value.node else {
            wrongType(value, path, expected: "a string")
            return nil
        }
        if nonEmpty && s.trimmingCharacters(in: .whitespaces).isEmpty {
            problem(value.offset, path, "is empty; give a value or leave the key out")
            return nil
        }
        return s
    }

    /// `sources`: each a path, or an object with the path and the unit of the weights its files
    /// do not state (`{"path": "mfp.csv", "weightUnit": "lb"}`).
    mutating func sources(_ value: LocatedJSON, _ path: ConfigPath, settings all: inout [String: SourceSettings]) -> [String]? {
        guard case .array(let elements) = value.node else {
            wrongType(value, path, expected: "an array of strings, such as [\"export\"]")
            return nil
        }
        var out: [String] = []
        var ok = true
        for (i, element) in elements.enumerated() {
            let at = path.appending(i)
            if case .object(let members) = element.node {
                var sourcePath: String?
                var settings = SourceSettings()
                var good = true
                for member in unique(members, at: at, known: SiteConfig.sourceKeys) {
                    let memberPath = at.appending(member.key)
                    switch member.key {
                    case "path": sourcePath = string(member.value, memberPath, nonEmpty: true)
                    case "weightUnit":
                        guard let text = string(member.value, memberPath) else { good = false; break }
                        if let named = SettingNames.weightUnit(named: text) { settings.weightUnit = named } else {
                            badName(member.value, memberPath, text, what: "weight unit", among: SiteConfig.weightUnitNames)
                            good = false
                        }
                    case "distanceUnit":
                        guard let text = string(member.value, memberPath) else { good = false; break }
                        if let named = SettingNames.distanceUnit(named: text) { settings.distanceUnit = named } else {
                            badName(member.value, memberPath, text, what: "distance unit", among: SiteConfig.distanceUnitNames)
                            good = false
                        }
                    default: break
                    }
                }
                guard let sourcePath, good else {
                    if !members.contains(where: { $0.key == "path" }) { problem(element.offset, at, "has no \"path\"; give the export's path, such as {\"path\": \"weights.csv\", \"weightUnit\": \"lb\"}") }
                    ok = false
                    continue
                }
                out.append(sourcePath)
                if settings != SourceSettings() { all[sourcePath] = settings }
            } else if let s = string(element, at, nonEmpty: true) {
                out.append(s)
            } else {
                ok = false
            }
        }
        return ok ? out : nil
    }

    mutating func number(_ value: LocatedJSON, _ path: ConfigPath, in range: ClosedRange<Double>, unit: String) -> Double? {
        guard case .scalar(.number(let text)) = value.node else {
            wrongType(value, path, expected: "a number (in \(unit))")
            return nil
        }
        guard case .success(let n) = NumberText.double(text), range.contains(n) else {
            problem(value.offset, path, "\(Diagnostic.shorten(text)) is out of range; expected \(Int(range.lowerBound)) to \(Int(range.upperBound)) \(unit)")
            return nil
        }
        return n
    }

    /// An array of section names (`sections`, `privacy.hide`); nil when any is wrong.
    mutating func sections(_ value: LocatedJSON, _ path: ConfigPath) -> Set<SiteSection>? {
        guard case .array(let elements) = value.node else {
            wrongType(value, path, expected: "an array of section names, such as [\"notes\"]")
            return nil
        }
        var out: Set<SiteSection> = []
        var ok = true
        for (i, element) in elements.enumerated() {
            let at = path.appending(i)
            guard let name = string(element, at) else { ok = false; continue }
            if let section = SiteSection(configName: name) {
                // The schema says `uniqueItems`; an editor underlines a repeat, so the build does too.
                if !out.insert(section).inserted {
                    problem(element.offset, at, "\(element.value.quoted) is listed twice")
                    ok = false
                }
            } else {
                badName(element, at, name, what: "section", among: SiteSection.allCases.map(\.rawValue))
                ok = false
            }
        }
        return ok ? out : nil
    }

    mutating func badName(_ value: LocatedJSON, _ path: ConfigPath, _ text: String, what: String, among names: [String]) {
        var message = "unknown \(what) \(value.value.quoted)"
        if let guess = EditDistance.suggestion(for: text, among: names) { message += "; did you mean \"\(guess)\"?" }
        else { message += "; use " + names.map { "\"\($0)\"" }.joined(separator: ", ") }
        problem(value.offset, path, message)
    }

    mutating func wrongType(_ value: LocatedJSON, _ path: ConfigPath, expected: String) {
        let got = value.value
        let shown: String
        switch got {
        case .string, .number, .bool: shown = "\(got.kindDescription) (\(got.quoted))"
        default: shown = got.kindDescription
        }
        problem(value.offset, path, "expected \(expected), got \(shown)")
    }
}
