// libFuzzer target: the habit CSV importers (Daylio, HabitBull, the generic habits CSV). The
// input is read by each as it is and again after that importer's own header line, so mutations
// reach the row mapping quickly; a Daylio note's Markdown is rendered, and a small result is
// built into a site in memory (note names with a folder, moods, values on checks).
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
    for (importer, header) in habitHeaders {
        for input in [bytes, Array(header.utf8) + bytes] {
            let file = SourceFile.memory("habits.csv", input)
            _ = importer.claim([file])
            let part = importer.read([file], ImportContext(zone: zone))
            for d in part.diagnostics { _ = d.description }
            for note in part.export.notes { _ = MarkdownRenderer.render(note.body) }
            if part.export.points.count < 500, !part.export.tags.isEmpty {
                let options = SiteOptions(now: 1_795_953_600, zone: zone, language: .en)
                _ = try? SiteRenderer(theme: .embedded).render(SiteContent(export: part.export, options: options))
            }
        }
    }
    _ = DaylioNoteText.markdown(String(decoding: bytes, as: UTF8.self))
    return 0
}
