/// The names a language and a weight unit go by in `waymark.json` and on the command line.
enum SettingNames {
    /// A weight unit by any name `--weight-unit` and `weightUnit` take.
    static func weightUnit(named text: String) -> WeightUnit? {
        switch text.lowercased() {
        case "kg", "kgs", "kilograms": return .kg
        case "lb", "lbs", "pounds": return .lb
        case "jin", "斤": return .jin
        default: return nil
        }
    }

    /// A language by any name `--lang` and `language` take.
    static func language(named text: String) -> Language? {
        switch text.lowercased() {
        case "en", "en-us", "en-gb", "english": return .en
        case "zh-hans", "zh", "zh-cn", "zh_cn", "zh-hans-cn", "chinese": return .zhHans
        default: return nil
        }
    }
}
