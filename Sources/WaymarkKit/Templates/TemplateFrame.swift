/// One context of a render's stack: a value names are looked up in, and whether members are
/// worked out in it when asked (`TemplateDerivations`), which what is found in it inherits.
struct TemplateFrame {
    var value: TemplateValue
    var derives: Bool

    init(_ value: TemplateValue, derives: Bool = false) {
        self.value = value
        self.derives = derives
    }
}
