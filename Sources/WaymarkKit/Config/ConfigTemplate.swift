/// The commented `waymark.json` that `waymark init` writes: the sources it found, `output`, the
/// privacy defaults spelled out, and every other key commented out with what it does. It reads
/// back through `SiteConfigReader` without a problem (a test checks it, and the schema too).
enum ConfigTemplate {
    static func text(sources: [SourceFinder.Found]) -> String {
        var out = """
        // Settings for `waymark build` and `waymark serve` (docs/configuration.md). Options given on
        // the command line override them. Paths are relative to this file's folder.
        // JSON with comments: // and /* */ are allowed; editors check the keys against the schema.
        {
          "$schema": "./\(ConfigSchema.fileName)",


        """
        if sources.isEmpty {
            out += """
              // The exports to read and merge: folders, files and .zip archives (docs/import.md).
              // None was found here; until you list some, `waymark build` builds the demo export.
              // "sources": ["path/to/export"],

            """
        } else {
            out += """
              // The exports to read and merge: folders, files and .zip archives (docs/import.md).
              "sources": [

            """
            for (i, source) in sources.enumerated() {
                let comma = i + 1 < sources.count ? "," : ""
                out += "    \(jsonString(source.path))\(comma)  // \(source.kinds.joined(separator: ", "))\n"
            }
            out += "  ],\n"
        }
        out += """

          // The folder the site is written to.
          "output": "site",

          // The site's title (default: made from the name in the profile).
          // "title": "My progress",

          // "en" or "zh-Hans" (default: the profile's language, else English).
          // "language": "en",

          // The IANA time zone days are counted in (default: the profile's, else UTC).
          // "timeZone": "Asia/Shanghai",

          // "kg" or "lb": the unit the site shows, and of weights in files that do not say
          // (default: the profile's, else kg).
          // "weightUnit": "kg",

          // The goal weight in kilograms and the height in centimetres, over the profile's.
          // "goalWeightKg": 65,
          // Which way the goal was set, "lose" or "gain", over Beeminder's and the profile's:
          // "reached" means reached that way.
          // "goalDirection": "lose",
          // "heightCm": 170,

          // Points a check of a habit earns, by the habit's name, for trackers that award none
          // (Loop, HabitBull, Daylio, …); without it such habits earn no points.
          // "habitPoints": { "Meditate": 5 },

          // The address the site is published at: canonical links, social cards and a feed.
          // Without it every link stays relative and the site opens from disk.
          // "baseURL": "https://example.org/progress/",

          // The parts of the site to build (default: all of them).
          // "sections": ["overview", "points", "habits", "targets", "weight", "activity", "todos", "notes", "years"],

          // What the site shows the world. These are the defaults: private.
          "privacy": {
            // false: every page asks search engines not to index it, robots.txt disallows
            // everything and there is no sitemap. true: the site may be indexed.
            "public": false,
            // Sections left out entirely (no pages, no links, no data), e.g. ["weight", "notes"].
            "hide": [],
            // "full": weights, BMI and goal. "changes": only the trend and the changes, no weight.
            "weight": "full"
          }
        }

        """
        return out
    }

    /// `text` as a JSON string literal, as people write it (`&` stays `&`).
    static func jsonString(_ text: String) -> String {
        var out = ""
        JSONOutput.quote(text, into: &out, htmlSafe: false)
        return out
    }
}
