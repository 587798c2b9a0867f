/// The `lang` a piece of user text needs on a page of another language, so that screen readers
/// switch voice and browsers pick the right font: a Chinese habit name on the English site is
/// `zh-Hans`, an English one on the Chinese site `en`. Text that mixes both scripts ("晨跑 Morning
/// run") or has no letters at all ("5 km", "2026") keeps the page's language.
enum TextLanguage {
    static func lang(of text: String, on page: Language) -> String? {
        var han = false, latin = false
        for scalar in text.unicodeScalars {
            if isHan(scalar) { han = true } else if isLatinLetter(scalar) { latin = true }
            if han && latin { return nil }
        }
        switch page {
        case .en: return han ? Language.zhHans.rawValue : nil
        case .zhHans: return latin ? Language.en.rawValue : nil
        }
    }

    /// CJK ideographs and the CJK punctuation and full-width forms that only Chinese text uses.
    private static func isHan(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF5E, 0x20000...0x3134F: return true
        default: return false
        }
    }

    private static func isLatinLetter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: return s.value != 0xD7 && s.value != 0xF7
        default: return false
        }
    }
}
