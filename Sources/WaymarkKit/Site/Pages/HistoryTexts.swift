/// The words of a habit history's buckets, each written once for both drawings and the table: its
/// name ("Week of Nov 29, 2026"), its amount ("12/70 km") and its bar's title ("name · amount")
/// escaped. The three are written as UTF-8 into one scratch buffer, the name and amount made
/// strings from it and the whole escaped into `titles`, where each was a `String` joined from
/// pieces and every title was escaped again by each drawing (a decade's habit pages hold about
/// 22,000 buckets).
struct HistoryTexts {
    /// Each bucket's name and amount, for the table.
    private(set) var names: [String] = []
    private(set) var amounts: [String] = []
    /// Each bucket's bar title, escaped, for both drawings.
    let titles: BarTitles

    /// The week sentence around its date, as UTF-8, in each language whose sentence has the date
    /// alone: a date holds no direction control, so a week's name is its date put between. Split
    /// once (splitting cost more than naming a view's 52 weeks).
    static let weekOf: [Language: (before: [UInt8], after: [UInt8])] = Dictionary(uniqueKeysWithValues: Language.allCases.compactMap { l in
        UIString.weekOf.around("date", l).map { (l, (before: Array($0.before.utf8), after: Array($0.after.utf8))) }
    })

    /// The texts of `buckets` of `unit`; `goals` holds each bucket's goal, nil where its period
    /// asks nothing; `numerical`: the habit counts amounts (in `unitLabel`, if it has one).
    init(_ buckets: [HabitHistory.Bucket], unit: HabitHistory.Unit, goals: [Double?], numerical: Bool, unitLabel: String?,
         _ r: PageRenderer) {
        let f = r.format
        let unitSuffix = unitLabel.map { Array((" " + $0).utf8) } ?? []
        let weekOf = unit == .week ? HistoryTexts.weekOf[r.phrases.language] : nil
        func number(_ v: Double, to raw: inout ByteBuffer) {
            raw.append(utf8: numerical ? f.amount(v) : f.integer(Int(v)))
        }
        var raw = ByteBuffer(capacity: 128)
        var titles = BarTitles.Builder(count: buckets.count)
        names.reserveCapacity(buckets.count)
        amounts.reserveCapacity(buckets.count)
        for (b, goal) in zip(buckets, goals) {
            raw.removeAll()
            let start = b.start
            let name: String
            switch unit {
            case .week:
                if let weekOf {
                    raw.append(weekOf.before)
                    f.appendLongDate(start, to: &raw)
                    raw.append(weekOf.after)
                    name = raw.withBytes { String(decoding: $0, as: UTF8.self) }
                } else {
                    name = r.text(.weekOf, ["date": f.longDate(start)])
                }
            case .month: name = f.monthYear(year: start.year, month: start.month)
            case .quarter: name = r.text(.quarterOf, ["q": String((start.month - 1) / 3 + 1), "year": String(start.year)])
            case .year: name = String(start.year)
            }
            names.append(name)
            // Only a week's name written around its date is in the buffer already.
            if raw.count == 0 { raw.append(utf8: name) }
            raw.append(" · ")
            // "2/3", "12/70 km": done over asked where the period asks something.
            let amountStart = raw.count
            number(b.value, to: &raw)
            if let goal {
                raw.append(UInt8(ascii: "/"))
                number(goal, to: &raw)
            }
            if numerical { raw.append(unitSuffix) }
            amounts.append(raw.withBytes(from: amountStart) { String(decoding: $0, as: UTF8.self) })
            raw.withBytes { titles.append(escaping: $0) }
        }
        self.titles = titles.finish()
    }
}
