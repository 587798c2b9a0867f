/// `weight/index.html`: the weighings, newest first, in the profile's unit.
enum WeightPage {
    static func render(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let unit = content.export.profile.weightUnit ?? .kg
        let sorted = content.export.weights.enumerated().sorted { a, b in
            let ka = a.element.date.sortKey(in: content.zone), kb = b.element.date.sortKey(in: content.zone)
            return ka != kb ? ka > kb : a.offset < b.offset
        }.map(\.element)
        let rows: [TemplateValue] = sorted.map { entry in
            [
                "date": .string(r.format.moment(entry.date, in: content.zone)),
                "machine": .string(LocaleFormat.machine(entry.date, in: content.zone)),
                "value": .string(r.format.decimal(unit.fromKilograms(entry.kg))),
            ]
        }
        return try r.page("weight/index.html", template: "weight", title: r.text(.weightTitle), section: "weight", [
            "rows": .array(rows),
            "unit": .string(WeightPage.unitLabel(unit, r.options.language)),
        ])
    }

    static func unitLabel(_ unit: WeightUnit, _ language: Language) -> String {
        switch (unit, language) {
        case (.kg, .en): return "kg"
        case (.kg, .zhHans): return "公斤"
        case (.lb, .en): return "lb"
        case (.lb, .zhHans): return "磅"
        case (.jin, .en): return "jin"
        case (.jin, .zhHans): return "斤"
        }
    }
}
