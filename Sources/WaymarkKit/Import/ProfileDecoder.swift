/// Reads `profile.json`: a bare object or the app's envelope around one.
enum ProfileDecoder {
    static func decode(_ bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> Profile {
        let text: SourceText
        do {
            text = try SourceText(checking: bytes)
        } catch {
            diagnostics.append(.error(file, .lineColumn(line: error.line, column: error.column), error.message))
            return Profile()
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(text.bytes)
        } catch {
            let (line, column) = SourceText.lineColumn(of: error.offset, in: text.bytes)
            let message = text.bytes.isEmpty ? "the file is empty; expected a JSON object" : error.message
            diagnostics.append(.error(file, .lineColumn(line: line, column: column), message))
            return Profile()
        }
        guard case .object(var object) = value else {
            diagnostics.append(.error(file, .jsonPath(JSONPath()), "expected an object (got \(value.kindDescription))"))
            return Profile()
        }
        var base = JSONPath()
        if case .object(let inner)? = object["data"], object["ok"] != nil || object["code"] != nil {
            if case .bool(false)? = object["ok"] {
                diagnostics.append(.error(file, .jsonPath(JSONPath(["ok"])), "the app reported a failure instead of data"))
                return Profile()
            }
            object = inner
            base = JSONPath(["data"])
        }

        // Wall times in the profile itself are read in its own zone when it names a valid one.
        var zoneProbe = RecordReader(object, file: file, location: .path(base), zone: .utc)
        let zoneName = zoneProbe.string("timeZone")?.trimmingWhitespace()
        var zone = Zone.utc
        var validZoneName: String?
        if let zoneName, !zoneName.isEmpty {
            if let z = Zone(identifier: zoneName) {
                zone = z
                validZoneName = zoneName
            } else {
                diagnostics.append(.error(file, .jsonPath(base.appending("timeZone")),
                                          "not a known IANA time zone such as \"Asia/Shanghai\" (got \"\(Diagnostic.shorten(zoneName))\")"))
            }
        }
        var r = RecordReader(object, file: file, location: .path(base), zone: zone)
        var profile = Profile()
        profile.userName = r.name("userName")
        profile.timeZone = validZoneName
        if let lang = r.string("language")?.trimmingWhitespace(), !lang.isEmpty {
            let lower = lang.lowercased()
            if lower.hasPrefix("zh") {
                profile.language = .zhHans
            } else if lower.hasPrefix("en") {
                profile.language = .en
            } else {
                diagnostics.append(.warning(file, .jsonPath(base.appending("language")),
                                            "unsupported language \"\(Diagnostic.shorten(lang))\"; the site will be in English (use \"en\" or \"zh-Hans\")"))
            }
        }
        profile.exportedAt = r.moment("exportedAt")
        profile.heightCm = r.double("heightCm", range: 30...300, meaning: "a height in centimetres between 30 and 300")
        profile.goalWeightKg = r.double("goalWeightKg", range: 0.1...1000, meaning: "a weight in kilograms between 0.1 and 1000")
        // The weight the goal was set from says which way it goes; without it, nothing does.
        if let start = r.double("goalStartKg", range: 0.1...1000, meaning: "a weight in kilograms between 0.1 and 1000"),
           let goal = profile.goalWeightKg, start != goal {
            profile.goalDirection = start > goal ? .lose : .gain
        }
        if let unit = r.string("weightUnit")?.trimmingWhitespace(), !unit.isEmpty {
            switch unit.lowercased() {
            case "kg", "kgs", "公斤", "千克": profile.weightUnit = .kg
            case "lb", "lbs", "pound", "pounds", "磅": profile.weightUnit = .lb
            case "jin", "斤": profile.weightUnit = .jin
            default:
                diagnostics.append(.error(file, .jsonPath(base.appending("weightUnit")),
                                          "expected \"kg\", \"lb\" or \"jin\" (got \"\(Diagnostic.shorten(unit))\")"))
            }
        }
        diagnostics += r.problems
        return profile
    }
}
