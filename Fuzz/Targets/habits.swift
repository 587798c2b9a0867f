// libFuzzer target: the habit CSV importers (Daylio, HabitBull, the generic habits CSV). The
// input is read by each as it is and again after that importer's own header line, so mutations
// reach the row mapping quickly; notes' Markdown is rendered, one small result per input is
// built into a site in memory (note names with a folder, moods, values on checks, habits without
// checks) and the others' habit statistics are computed.
import Foundation

let habitHeaders: [(SourceImporter, String)] = [
    (DaylioImporter.importer, "full_date,date,weekday,time,mood,activities,note_title,note\n"),
    (HabitBullImporter.importer, "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"),
    (GenericHabitsImporter.importer, "date,habit,value,unit,note\n"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHabits(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    var rendered = false
    for (importer, header) in habitHeaders {
        for input in [bytes, Array(header.utf8) + bytes] {
            let file = SourceFile.memory("habits.csv", input)
            _ = importer.claim([file])
            let part = importer.read([file], ImportContext(zone: zone))
            for d in part.diagnostics { _ = d.description }
            for note in part.export.notes { _ = MarkdownRenderer.render(note.body) }
            guard !part.export.tags.isEmpty, part.export.points.count < 500 else { continue }
            // A whole site is slow to build: one per input; the statistics for every part.
            if !rendered {
                rendered = true
                let options = SiteOptions(now: 1_795_953_600, zone: zone, language: .en)
                _ = try? SiteRenderer(theme: .embedded).render(SiteContent(export: part.export, options: options))
            } else {
                let stats = PointStatistics(export: part.export, now: 1_795_953_600, zone: zone)
                for period in Period.allCases { _ = stats.tags(in: period) }
            }
        }
    }
    _ = DaylioNoteText.markdown(String(decoding: bytes, as: UTF8.self))
    return 0
}
