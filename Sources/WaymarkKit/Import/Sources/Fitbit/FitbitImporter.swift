/// Fitbit's weight log from Google Takeout (`Takeout/Fitbit/Global Export Data/weight-*.json`, one
/// file per month; the older Fitbit data export has the same files): arrays of
/// `{logId, weight, bmi, fat, date "MM/dd/yy", time "HH:mm:ss", source}`.
///
/// All the weight files of one folder are read as one unit: they are one account's, written in
/// one unit, so the unit is decided once from all their BMIs (a month without a BMI follows the
/// rest, and `waymark check` shows one decision rather than one per month), and a reading two
/// files both hold (same `logId`) is kept once.
enum FitbitImporter {
    static let name = "Fitbit weight log (Google Takeout)"
    static let sameLog = "the same reading (logId) in two files"

    static let importer = SourceImporter(
        id: "fitbit", name: name,
        howToExport: "takeout.google.com → select Fitbit → export; Waymark reads Takeout/Fitbit/Global Export Data/weight-*.json",
        claim: claim, read: read)

    /// The weight files, grouped by folder.
    static func claim(_ files: [SourceFile]) -> [[SourceFile]] {
        var groups: [(folder: String, files: [SourceFile])] = []
        for file in files where recognises(file) {
            let folder = file.folders.joined(separator: "/")
            if let i = groups.firstIndex(where: { $0.folder == folder }) {
                groups[i].files.append(file)
            } else {
                groups.append((folder, [file]))
            }
        }
        return groups.map(\.files)
    }

    /// An array of objects with Fitbit's `logId`, `weight` and `date` keys, whatever the file is
    /// called; or an empty array in a file named like Fitbit's (`weight-2020-01-01.json`).
    static func recognises(_ file: SourceFile) -> Bool {
        let compact = CompactHead(file)
        if compact.hasPrefix("[{"), compact.has(key: "logId"), compact.has(key: "weight"), compact.has(key: "date") {
            return true
        }
        let name = file.lowercasedName
        return compact.equals("[]") && name.hasPrefix("weight-") && name.hasSuffix(".json")
    }

    /// One reading before its unit is known.
    struct Reading {
        var file: String
        var path: JSONPath
        var logId: String?
        var weight: Double
        var weightText: String
        var bmi: Double?
        var fat: Double?
        var date: Moment
    }

    static func read(_ files: [SourceFile], _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: files.map(\.path))
        var readings: [Reading] = []
        for file in files {
            readings += FitbitWeightFile.read(file, zone: context.zone, diagnostics: &part.diagnostics)
        }
        guard !readings.isEmpty else { return part }
        let ratios = readings.compactMap { r in r.bmi.flatMap { $0 > 0 ? r.weight / $0 : nil } }
        let unit = FitbitUnitGuess.decide(ratios: ratios, given: context.weightUnit)
        part.remarks.append(unit.remark)
        if let warning = unit.warning, let first = files.first {
            // Said once, of the folder the files share (of the file when there is one).
            let folder = first.path.hasSuffix("/" + first.name) ? String(first.path.dropLast(first.name.count + 1)) : first.path
            part.diagnostics.append(.warning(files.count == 1 ? first.path : folder, .file, warning))
        }
        var seen = Set<String>()
        for r in readings {
            if let id = r.logId, !seen.insert(id).inserted {
                part.drop(sameLog)
                continue
            }
            let kg = r.weight * unit.kilogramsPerUnit
            guard WeighingUnits.plausibleKilograms.contains(kg) else {
                var d = Diagnostic.error(r.file, .jsonPath(r.path.appending("weight")),
                                         "expected a weight between 0.1 and 1000 kg (got \"\(Diagnostic.shorten(r.weightText))\", \(WeighingUnits.format(kg, decimals: 2)) kg)")
                d.dropsRecord = true
                part.diagnostics.append(d)
                continue
            }
            part.export.weights.append(WeightEntry(date: r.date, kg: kg))
            if let fat = r.fat {
                if WeighingUnits.isPlausibleBodyFat(fat) {
                    part.export.bodyFat.append(BodyFatEntry(date: r.date, percent: fat))
                } else if fat != 0 {
                    part.diagnostics.append(.warning(r.file, .jsonPath(r.path.appending("fat")),
                                                     "body fat percentage out of range (got \(WeighingUnits.format(fat, decimals: 2))); the weighing is kept without it"))
                }
            }
        }
        return part
    }
}
