// libFuzzer target: the activity importers and the weighing formats added beside them (Google
// Fit's summary and per-day files, Fitbit's minute and sleep files, Garmin, Strava, Samsung
// Health, Renpho, openScale, Withings, MyFitnessPal and the generic weights, Daylio, Loop's
// top-level Checkmarks.csv) on arbitrary bytes, each given the names its format is told by,
// alone and in the groups read together. Every part is counted and its messages printed.
import Foundation

let activityFuzzZone = Zone(identifier: "America/New_York") ?? .utc

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzActivity(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let context = ImportContext(zone: activityFuzzZone, weightUnit: size % 3 == 0 ? .lb : nil, distanceUnit: size % 5 == 0 ? .mi : nil)
    func take(_ part: SourcePart) {
        for d in part.diagnostics { _ = d.description }
        _ = RecordCounts(part.export)
        _ = ActivityCounts(part.export, zone: activityFuzzZone)
    }
    let names = ["Daily Summaries.csv", "2018-07-26.csv", "steps-2023-01-01.json", "distance-2023-01-01.json",
                 "calories-2023-01-01.json", "sleep-2023-01-01.json", "Steps.csv", "Activities.csv", "activities.csv",
                 "com.samsung.shealth.step_daily_trend.20250920090000.csv", "RENPHO Health.csv", "weight.csv",
                 "Measurement-Summary-2024-01-01-to-2024-01-05.csv", "daylio_export.csv"]
    let files = names.map { SourceFile.memory("Takeout/Fit/" + $0, bytes) }
    for importer in SourceImporters.all {
        for file in files {
            _ = importer.claim([file])
            take(importer.read([file], context))
        }
    }
    // Groups: a summary with a per-day file, Fitbit's month files, Loop's top-level files.
    take(GoogleFitImporter.read([files[0], files[1]], context))
    take(FitbitActivityImporter.read(Array(files[2...5]), context))
    let habits = SourceFile.memory("Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Walk,,,1,1,#00897B\n002,\"Read, write\",,,1,1,#00897B\n")
    take(LoopCSVImporter.read([habits, SourceFile.memory("Checkmarks.csv", bytes)]))
    return 0
}
