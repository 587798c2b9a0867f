import Foundation
import Testing
@testable import WaymarkKit

/// The schema in docs/ and the reader agree: the same keys at each level, the same names.
struct ConfigSchemaTests {
    private func schema() throws -> JSONValue {
        let data = try #require(FileManager.default.contents(atPath: TestPaths.repo.path + "/docs/waymark.schema.json"))
        return try JSONParser.parse(Array(data))
    }

    private func keys(_ object: JSONValue?) -> [String] {
        guard case .object(let o)? = object else { return [] }
        return o.members.map(\.key)
    }

    private func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let a)? = value else { return [] }
        return a.compactMap(\.stringValue)
    }

    @Test func theEmbeddedSchemaIsTheOneInDocs() throws {
        let data = try #require(FileManager.default.contents(atPath: TestPaths.repo.path + "/docs/waymark.schema.json"))
        #expect(ConfigSchema.bytes == Array(data))
    }

    @Test func propertiesAndNamesMatchTheReader() throws {
        let s = try schema()
        #expect(s["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(s["additionalProperties"] == .bool(false))
        #expect(keys(s["properties"]) == SiteConfig.keys)
        let privacy = s["properties"]?["privacy"]
        #expect(privacy?["additionalProperties"] == .bool(false))
        #expect(keys(privacy?["properties"]) == SiteConfig.privacyKeys)
        #expect(strings(privacy?["properties"]?["weight"]?["enum"]) == Privacy.WeightDetail.allCases.map(\.rawValue))
        #expect(strings(s["$defs"]?["section"]?["enum"]) == SiteSection.allCases.map(\.rawValue) + ["to-dos"])
        #expect(strings(s["properties"]?["language"]?["enum"]) == SiteConfig.languageNames)
        #expect(strings(s["properties"]?["weightUnit"]?["enum"]) == SiteConfig.weightUnitNames)
        #expect(s["properties"]?["goalWeightKg"]?["minimum"] == .number("20") && s["properties"]?["goalWeightKg"]?["maximum"] == .number("500"))
        #expect(s["properties"]?["heightCm"]?["minimum"] == .number("50") && s["properties"]?["heightCm"]?["maximum"] == .number("260"))
        #expect(SiteConfig.goalWeightRange == 20...500 && SiteConfig.heightRange == 50...260)
        // Every name the schema offers reads back.
        for name in strings(s["$defs"]?["section"]?["enum"]) { #expect(SiteSection(configName: name) != nil) }
        for name in SiteConfig.languageNames { #expect(SettingNames.language(named: name) != nil) }
        for name in SiteConfig.weightUnitNames { #expect(SettingNames.weightUnit(named: name) != nil) }
    }

    @Test func everyPropertyIsDescribed() throws {
        let s = try schema()
        var missing: [String] = []
        func walk(_ properties: JSONValue?, _ path: String) {
            guard case .object(let o)? = properties else { return }
            for (key, value) in o.members {
                if value["description"]?.stringValue?.isEmpty != false { missing.append(path + key) }
                walk(value["properties"], path + key + ".")
            }
        }
        walk(s["properties"], "")
        #expect(keys(s["properties"]).count == 14)
        #expect(missing == [])
    }
}
