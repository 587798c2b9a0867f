/// The units Apple Health writes for body mass and height, as factors to kilograms and centimetres.
enum HealthUnit {
    /// Kilograms per unit of mass; HealthKit writes the unit the user chose: kg, lb, g or st.
    static func kilograms(per unit: String) -> Double? {
        switch unit {
        case "kg": return 1
        case "lb", "lbs": return 0.45359237
        case "g": return 0.001
        case "st": return 6.35029318
        default: return nil
        }
    }

    /// Centimetres per unit of length: cm, m, ft, in (and mm).
    static func centimetres(per unit: String) -> Double? {
        switch unit {
        case "cm": return 1
        case "m": return 100
        case "mm": return 0.1
        case "ft": return 30.48
        case "in": return 2.54
        default: return nil
        }
    }

    /// How remarks name a unit.
    static func name(_ unit: String) -> String {
        switch unit {
        case "lb", "lbs": return "pounds"
        case "g": return "grams"
        case "st": return "stones"
        case "m": return "metres"
        case "mm": return "millimetres"
        case "ft": return "feet"
        case "in": return "inches"
        default: return unit
        }
    }
}
