import CXML2

/// Turns the elements of an Apple Health export into the model as the parser meets them:
/// body mass → weighings, body fat percentage → body fat readings, height → the profile's height
/// (the latest reading), `ExportDate` → when the export was made. Every other record (steps,
/// heart rate, workouts, activity summaries, …) is only counted.
///
/// Only the children of `<HealthData>` are looked at: the records inside a `<Correlation>` are
/// copies of top-level ones (the export's DTD says so). Most records are told apart by the
/// length and bytes of their `type` attribute, without making a string.
final class HealthRecordCollector: HealthXMLParser.Handler {
    /// Problems reported one by one; beyond, they are counted in one last diagnostic.
    static let maxDiagnostics = 500

    private enum Kind {
        case bodyMass, bodyFat, height

        var label: String {
            switch self {
            case .bodyMass: return "body mass record"
            case .bodyFat: return "body fat record"
            case .height: return "height record"
            }
        }
    }

    let file: String
    let zone: Zone
    private(set) var weights: [WeightEntry] = []
    private(set) var bodyFat: [BodyFatEntry] = []
    /// The latest height reading and how many there were.
    private(set) var height: (instant: Int64, cm: Double)?
    private(set) var heightReadings = 0
    private(set) var exportedAt: Moment?
    private(set) var otherRecords = 0
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var unreported = 0
    /// Weighings per unit other than kg, for the remark on conversion.
    private(set) var convertedUnits: [String: Int] = [:]
    /// Body fat readings written as percentages (above 1) instead of fractions.
    private(set) var bodyFatAsPercent = 0
    private(set) var duplicateWeighings = 0
    private(set) var duplicateBodyFat = 0
    /// The root element, when it is not `HealthData`.
    private(set) var wrongRoot: String?
    private var seenWeights: [Int64: [Double]] = [:]
    private var seenBodyFat: [Int64: [Double]] = [:]

    init(file: String, zone: Zone) {
        self.file = file
        self.zone = zone
    }

    func startElement(_ name: UnsafePointer<UInt8>, depth: Int, attributes: HealthXMLParser.Attributes, parser: HealthXMLParser) {
        guard depth == 1 else {
            if depth == 0, !Self.named(name, "HealthData") { wrongRoot = String(cString: name) }
            return
        }
        guard wrongRoot == nil else { return }
        if Self.named(name, "Record") {
            guard let kind = Self.kind(attributes.bytes("type")) else {
                otherRecords += 1
                return
            }
            read(kind, attributes, line: parser.line)
        } else if Self.named(name, "ExportDate") {
            // The export's date is the site's "now" when no --now is given: a bad one is said, not
            // dropped quietly.
            let text = attributes.string("value")
            if let text, let instant = HealthDateText.instant(text, zone: zone) {
                exportedAt = .instant(instant)
            } else {
                let got = text.map { "is not a date like \"2023-12-03 08:15:00 +0100\" (got \"\(Diagnostic.shorten($0))\")" + HealthDateText.spanNote($0) } ?? "has no value"
                report(.warning(file, .line(parser.line), "ExportDate \(got); when the export was made is left unknown"))
            }
        } else if !Self.named(name, "Me") {
            otherRecords += 1
        }
    }

    private static func named(_ name: UnsafePointer<UInt8>, _ wanted: StaticString) -> Bool {
        HealthXMLParser.equals(name, UnsafeRawBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
    }

    private static func kind(_ type: UnsafeRawBufferPointer?) -> Kind? {
        guard let type else { return nil }
        func equals(_ wanted: StaticString) -> Bool {
            type.count == wanted.utf8CodeUnitCount
                && type.elementsEqual(UnsafeRawBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
        }
        switch type.count {
        case 32: return equals("HKQuantityTypeIdentifierBodyMass") ? .bodyMass : nil
        case 41: return equals("HKQuantityTypeIdentifierBodyFatPercentage") ? .bodyFat : nil
        case 30: return equals("HKQuantityTypeIdentifierHeight") ? .height : nil
        default: return nil
        }
    }

    private func problem(_ line: Int, _ kind: Kind, _ message: String) {
        var d = Diagnostic.error(file, .line(line), "\(kind.label): \(message)")
        d.dropsRecord = true
        report(d)
    }

    /// Adds `diagnostic` unless `maxDiagnostics` are there; beyond, dropped records are counted
    /// (for one last message) and warnings are not repeated.
    private func report(_ diagnostic: Diagnostic) {
        guard diagnostics.count < Self.maxDiagnostics else {
            if diagnostic.severity == .error { unreported += 1 }
            return
        }
        diagnostics.append(diagnostic)
    }

    private func read(_ kind: Kind, _ attributes: HealthXMLParser.Attributes, line: Int) {
        let unit = attributes.string("unit")?.trimmingWhitespace() ?? ""
        let rawValue = attributes.string("value")
        let rawDate = attributes.string("startDate")
        var ok = true
        var instant: Int64?
        if let rawDate {
            instant = HealthDateText.instant(rawDate, zone: zone)
            if instant == nil {
                problem(line, kind, "startDate is not a date like \"2023-12-03 08:15:00 +0100\" (got \"\(Diagnostic.shorten(rawDate))\")"
                        + HealthDateText.spanNote(rawDate))
                ok = false
            }
        } else {
            problem(line, kind, "has no startDate")
            ok = false
        }
        var number: Double?
        if let rawValue {
            switch NumberText.double(rawValue) {
            case .success(let v): number = v
            case .failure:
                problem(line, kind, "value is not a number (got \"\(Diagnostic.shorten(rawValue))\")")
                ok = false
            }
        } else {
            problem(line, kind, "has no value")
            ok = false
        }
        let factor: Double?
        switch kind {
        case .bodyMass: factor = HealthUnit.kilograms(per: unit)
        case .height: factor = HealthUnit.centimetres(per: unit)
        case .bodyFat: factor = unit == "%" || unit.isEmpty ? 1 : nil
        }
        if factor == nil {
            let expected = kind == .bodyMass ? "kg, lb, g or st" : kind == .height ? "cm, m, ft or in" : "%"
            problem(line, kind, "unit is not \(expected) (got \"\(Diagnostic.shorten(unit))\")")
            ok = false
        }
        guard ok, let instant, let number, let factor else { return }

        switch kind {
        case .bodyMass:
            let kg = number * factor
            guard (0.1...1000).contains(kg) else {
                problem(line, kind, "expected a weight between 0.1 and 1000 kg (got \"\(Diagnostic.shorten(rawValue ?? ""))\" \(Diagnostic.shorten(unit)))")
                return
            }
            if seenWeights[instant]?.contains(where: { abs($0 - kg) <= 0.05 }) == true {
                duplicateWeighings += 1
                return
            }
            seenWeights[instant, default: []].append(kg)
            if unit != "kg" { convertedUnits[unit, default: 0] += 1 }
            weights.append(WeightEntry(date: .instant(instant), kg: kg))
        case .bodyFat:
            // HealthKit stores a fraction (0.215 for 21.5 %); some apps write the percentage.
            let percent: Double
            if number > 0, number < 1 {
                percent = number * 100
            } else if number >= 1, number < 100 {
                percent = number
                bodyFatAsPercent += 1
            } else {
                problem(line, kind, "expected a fraction between 0 and 1 (got \"\(Diagnostic.shorten(rawValue ?? ""))\")")
                return
            }
            if seenBodyFat[instant]?.contains(where: { abs($0 - percent) <= 0.05 }) == true {
                duplicateBodyFat += 1
                return
            }
            seenBodyFat[instant, default: []].append(percent)
            bodyFat.append(BodyFatEntry(date: .instant(instant), percent: percent))
        case .height:
            let cm = number * factor
            guard (30...300).contains(cm) else {
                problem(line, kind, "expected a height between 30 and 300 cm (got \"\(Diagnostic.shorten(rawValue ?? ""))\" \(Diagnostic.shorten(unit)))")
                return
            }
            heightReadings += 1
            if height.map({ instant >= $0.instant }) ?? true {
                height = (instant, (cm * 10).rounded() / 10)
            }
        }
    }
}
