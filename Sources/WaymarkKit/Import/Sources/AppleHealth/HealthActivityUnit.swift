/// The units Apple Health writes for distances, energy and times, as factors to kilometres,
/// kilocalories and minutes. HealthKit writes the unit the user chose, per record: a phone set to
/// miles writes `mi`, the 2015 exports wrote metres.
enum HealthActivityUnit {
    /// Kilometres per unit of length.
    static func kilometres(per unit: String) -> Double? {
        switch unit {
        case "km": return 1
        case "m": return 0.001
        case "cm": return 0.000_01
        case "mi": return 1.609_344
        case "yd": return 0.000_914_4
        case "ft": return 0.000_304_8
        default: return nil
        }
    }

    /// Kilocalories per unit of energy: `Cal` (capital C, the food calorie) is a kilocalorie.
    static func kilocalories(per unit: String) -> Double? {
        switch unit {
        case "kcal", "Cal": return 1
        case "cal": return 0.001
        case "kJ": return 1 / 4.184
        case "J": return 1 / 4184
        default: return nil
        }
    }

    /// Minutes per unit of time.
    static func minutes(per unit: String) -> Double? {
        switch unit {
        case "min": return 1
        case "s": return 1.0 / 60
        case "ms": return 1.0 / 60_000
        case "hr", "h": return 60
        default: return nil
        }
    }

    /// A workout type as people read it: `HKWorkoutActivityTypeTraditionalStrengthTraining` →
    /// "Traditional Strength Training".
    static func activityName(_ type: String) -> String {
        let prefix = "HKWorkoutActivityType"
        let bare = type.hasPrefix(prefix) ? String(type.dropFirst(prefix.count)) : type
        var out = ""
        var previous: Character?
        for c in bare {
            if c.isUppercase, let p = previous, p.isLowercase { out.append(" ") }
            out.append(c)
            previous = c
        }
        return out.isEmpty ? type : out
    }
}
