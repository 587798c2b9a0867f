#!/usr/bin/env python3
"""Writes a synthetic Apple Health export, deterministically, for the benchmark (Scripts/bench).

    Scripts/make-health-export.py OUT.xml --mb 300
    Scripts/make-health-export.py OUT.zip --mb 100      # export.zip as the Health app shares it

The record mix follows real exports of an iPhone with an Apple Watch: mostly heart rate, active
and basal energy, step counts and distances, each with `sourceName`, `sourceVersion` and a
`device` attribute written the way HealthKit writes it (escaped `<<HKDevice: …>>`), heart rate
with a MetadataEntry child; steps and distance from both the phone and the watch (they overlap,
as real ones do), stand hours, mindful sessions, a night of iOS 16 sleep stages, workouts with
statistics and a route reference (some written twice, unless `--no-repeats`), daily activity
summaries; plus a weighing and a body fat reading every morning and a height now and then. The
file starts with a DOCTYPE like the one in real exports (a long internal subset, so
`<HealthData` lies beyond the first 4 KiB). Dates carry the offset of the day
(+0100 in winter, +0200 in summer). `--mb` is the size of the XML; a .zip holds it as
`apple_health_export/export.xml` beside `export_cda.xml`, a few workout-route GPX files and
an electrocardiogram CSV, like the real archive.
"""
import argparse, datetime as dt, os, random, zipfile

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--mb", type=float, default=300, help="size of export.xml in MB (10^6 bytes)")
parser.add_argument("--seed", type=int, default=20231203)
parser.add_argument("--no-repeats", action="store_true",
                    help="write each workout once (healthkit-to-sqlite stops at a workout written twice: UNIQUE constraint failed)")
args = parser.parse_args()
rnd = random.Random(args.seed)
target = int(args.mb * 1_000_000)

ELEMENTS = [
    ("HealthData", "(ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)",
     [("locale", "CDATA #REQUIRED")]),
    ("ExportDate", "EMPTY", [("value", "CDATA #REQUIRED")]),
    ("Me", "EMPTY", [("HKCharacteristicTypeIdentifierDateOfBirth", "CDATA #REQUIRED"),
                     ("HKCharacteristicTypeIdentifierBiologicalSex", "CDATA #REQUIRED"),
                     ("HKCharacteristicTypeIdentifierBloodType", "CDATA #REQUIRED"),
                     ("HKCharacteristicTypeIdentifierFitzpatrickSkinType", "CDATA #REQUIRED"),
                     ("HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse", "CDATA #REQUIRED")]),
    ("Record", "((MetadataEntry|HeartRateVariabilityMetadataList)*)",
     [(a, "CDATA #REQUIRED" if a in ("type", "sourceName", "startDate", "endDate") else "CDATA #IMPLIED")
      for a in ["type", "unit", "value", "sourceName", "sourceVersion", "device", "creationDate", "startDate", "endDate"]]),
    ("Correlation", "((MetadataEntry|Record)*)",
     [(a, "CDATA #IMPLIED") for a in ["type", "sourceName", "sourceVersion", "device", "creationDate", "startDate", "endDate"]]),
    ("Workout", "((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)",
     [(a, "CDATA #IMPLIED") for a in ["workoutActivityType", "duration", "durationUnit", "totalDistance", "totalDistanceUnit",
                                      "totalEnergyBurned", "totalEnergyBurnedUnit", "sourceName", "sourceVersion", "device",
                                      "creationDate", "startDate", "endDate"]]),
    ("WorkoutActivity", "((WorkoutEvent|WorkoutStatistics|MetadataEntry)*)",
     [(a, "CDATA #IMPLIED") for a in ["uuid", "startDate", "endDate", "duration", "durationUnit"]]),
    ("WorkoutEvent", "EMPTY", [(a, "CDATA #IMPLIED") for a in ["type", "date", "duration", "durationUnit"]]),
    ("WorkoutStatistics", "EMPTY", [(a, "CDATA #IMPLIED") for a in ["type", "startDate", "endDate", "average", "minimum", "maximum", "sum", "unit"]]),
    ("WorkoutRoute", "((MetadataEntry|FileReference)*)",
     [(a, "CDATA #IMPLIED") for a in ["sourceName", "sourceVersion", "device", "creationDate", "startDate", "endDate"]]),
    ("FileReference", "EMPTY", [("path", "CDATA #REQUIRED")]),
    ("ActivitySummary", "EMPTY",
     [(a, "CDATA #IMPLIED") for a in ["dateComponents", "activeEnergyBurned", "activeEnergyBurnedGoal", "activeEnergyBurnedUnit",
                                      "appleMoveTime", "appleMoveTimeGoal", "appleExerciseTime", "appleExerciseTimeGoal",
                                      "appleStandHours", "appleStandHoursGoal"]]),
    ("MetadataEntry", "EMPTY", [("key", "CDATA #IMPLIED"), ("value", "CDATA #IMPLIED")]),
    ("HeartRateVariabilityMetadataList", "(InstantaneousBeatsPerMinute*)", []),
    ("InstantaneousBeatsPerMinute", "EMPTY", [("bpm", "CDATA #REQUIRED"), ("time", "CDATA #REQUIRED")]),
    ("ClinicalRecord", "EMPTY", [(a, "CDATA #REQUIRED") for a in ["type", "identifier", "sourceName", "sourceURL", "fhirVersion", "receivedDate", "resourceFilePath"]]),
    ("Audiogram", "((SensitivityPoint|MetadataEntry)*)",
     [(a, "CDATA #IMPLIED") for a in ["type", "sourceName", "sourceVersion", "device", "creationDate", "startDate", "endDate"]]),
    ("SensitivityPoint", "EMPTY",
     [(a, "CDATA #IMPLIED") for a in ["frequencyValue", "frequencyUnit", "leftEarValue", "leftEarUnit", "leftEarMasked",
                                      "leftEarClampingRangeLowerBoundValue", "leftEarClampingRangeUpperBoundValue",
                                      "rightEarValue", "rightEarUnit", "rightEarMasked",
                                      "rightEarClampingRangeLowerBoundValue", "rightEarClampingRangeUpperBoundValue"]]),
    ("VisionPrescription", "((RightEye|LeftEye|Attachment|MetadataEntry)*)",
     [(a, "CDATA #IMPLIED") for a in ["type", "dateIssued", "expirationDate", "brand"]]),
    ("RightEye", "EMPTY", [(a, "CDATA #IMPLIED") for a in ["sphere", "sphereUnit", "cylinder", "cylinderUnit", "axis", "axisUnit",
                                                          "add", "addUnit", "vertex", "vertexUnit", "prismAmount", "prismAmountUnit",
                                                          "prismAngle", "prismAngleUnit", "farPD", "farPDUnit", "nearPD", "nearPDUnit",
                                                          "baseCurve", "baseCurveUnit", "diameter", "diameterUnit"]]),
    ("LeftEye", "EMPTY", [(a, "CDATA #IMPLIED") for a in ["sphere", "sphereUnit", "cylinder", "cylinderUnit", "axis", "axisUnit",
                                                         "add", "addUnit", "vertex", "vertexUnit", "prismAmount", "prismAmountUnit",
                                                         "prismAngle", "prismAngleUnit", "farPD", "farPDUnit", "nearPD", "nearPDUnit",
                                                         "baseCurve", "baseCurveUnit", "diameter", "diameterUnit"]]),
    ("Attachment", "EMPTY", [("identifier", "CDATA #IMPLIED")]),
]


def doctype():
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: 13 -->\n']
    for name, content, attributes in ELEMENTS:
        out.append(f"<!ELEMENT {name} {content}>\n")
        if attributes:
            width = max(len(a) for a, _ in attributes)
            out.append(f"<!ATTLIST {name}\n" + "".join(f"  {a.ljust(width)} {kind}\n" for a, kind in attributes) + ">\n")
    out.append("]>\n")
    return "".join(out)


def offset_of(day):
    # Central European time: summer time from the last Sunday of March to the last Sunday of October.
    def last_sunday(month):
        d = dt.date(day.year, month, 31)
        return d - dt.timedelta(days=(d.weekday() + 1) % 7)
    return "+0200" if last_sunday(3) <= day < last_sunday(10) else "+0100"


def stamp(moment, offset):
    return moment.strftime("%Y-%m-%d %H:%M:%S ") + offset


WATCH = ("Anna’s Apple Watch", "9.1",
         "&lt;&lt;HKDevice: 0x2834a1e00&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
         "hardware:Watch6,2, software:9.1, creation date:2022-11-10 09:12:44 +0000&gt;&gt;")
PHONE = ("Anna’s iPhone", "16.1.1",
         "&lt;&lt;HKDevice: 0x2834a2f30&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
         "hardware:iPhone14,5, software:16.1.1, creation date:2022-11-10 09:12:44 +0000&gt;&gt;")
SCALE = ("Withings", "6020001", None)

# Quantity types per hour of the day: (type, unit, source, value maker, probability per slot)
HOURLY = [
    ("HKQuantityTypeIdentifierHeartRate", "count/min", WATCH, lambda: str(rnd.randint(52, 128)), 6),
    ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", WATCH, lambda: f"{rnd.uniform(0.05, 4.5):.3f}", 5),
    ("HKQuantityTypeIdentifierBasalEnergyBurned", "kcal", WATCH, lambda: f"{rnd.uniform(0.8, 1.9):.3f}", 3),
    ("HKQuantityTypeIdentifierStepCount", "count", PHONE, lambda: str(rnd.randint(8, 900)), 2),
    ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km", PHONE, lambda: f"{rnd.uniform(0.005, 0.6):.5f}", 2),
    ("HKQuantityTypeIdentifierStepCount", "count", WATCH, lambda: str(rnd.randint(8, 900)), 2),
    ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km", WATCH, lambda: f"{rnd.uniform(0.005, 0.6):.5f}", 2),
    ("HKQuantityTypeIdentifierAppleStandTime", "min", WATCH, lambda: str(rnd.randint(1, 5)), 1),
    ("HKQuantityTypeIdentifierAppleExerciseTime", "min", WATCH, lambda: str(rnd.randint(1, 3)), 1),
    ("HKQuantityTypeIdentifierFlightsClimbed", "count", PHONE, lambda: str(rnd.randint(1, 4)), 0.3),
    ("HKQuantityTypeIdentifierHeadphoneAudioExposure", "dBASPL", PHONE, lambda: f"{rnd.uniform(55, 80):.4f}", 0.3),
]


def record(out, type_, unit, source, value, start, end, offset, created=None, metadata=()):
    name, version, device = source
    device_attr = f' device="{device}"' if device else ""
    head = (f' <Record type="{type_}" sourceName="{name}" sourceVersion="{version}"{device_attr} unit="{unit}" '
            f'creationDate="{stamp(created or end, offset)}" startDate="{stamp(start, offset)}" '
            f'endDate="{stamp(end, offset)}" value="{value}"')
    if metadata:
        out.write(head + ">\n" + "".join(f'  <MetadataEntry key="{k}" value="{v}"/>\n' for k, v in metadata) + " </Record>\n")
    else:
        out.write(head + "/>\n")


def write_xml(out, size):
    """Writes records day after day until `size` bytes; returns the GPX route names referenced."""
    routes = []
    start = dt.date(2018, 1, 1)
    out.write(doctype())
    out.write('<HealthData locale="en_GB">\n <ExportDate value="2023-12-03 08:15:00 +0100"/>\n'
              ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1988-05-14" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"'
              ' HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"'
              ' HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>\n')
    day = start
    kg = 72.0
    while out.tell() < size - 4096:
        offset = offset_of(day)
        midnight = dt.datetime(day.year, day.month, day.day)
        # Morning weighing and body fat from the scale; height once a quarter.
        weigh = midnight + dt.timedelta(hours=7, minutes=rnd.randint(0, 40), seconds=rnd.randint(0, 59))
        kg = min(max(kg + rnd.uniform(-0.35, 0.33), 55), 95)
        record(out, "HKQuantityTypeIdentifierBodyMass", "kg", SCALE, f"{kg:.2f}", weigh, weigh, offset,
               metadata=[("HKWasUserEntered", "0"), ("Modified Date", stamp(weigh, "+0000"))])
        record(out, "HKQuantityTypeIdentifierBodyFatPercentage", "%", SCALE, f"{rnd.uniform(0.22, 0.27):.3f}", weigh, weigh, offset)
        if day.day == 1 and day.month % 3 == 1:
            record(out, "HKQuantityTypeIdentifierHeight", "cm", PHONE, "168", weigh, weigh, offset)
        for hour in range(24):
            for type_, unit, source, value, per_hour in HOURLY:
                n = int(per_hour) + (1 if rnd.random() < per_hour % 1 else 0)
                if hour < 7 and type_ not in ("HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierBasalEnergyBurned"):
                    n = 0
                for _ in range(n):
                    s = midnight + dt.timedelta(hours=hour, seconds=rnd.randint(0, 3500))
                    e = s + dt.timedelta(seconds=rnd.randint(0, 90) if type_ != "HKQuantityTypeIdentifierHeartRate" else 0)
                    meta = [("HKMetadataKeyHeartRateMotionContext", str(rnd.randint(0, 2)))] if type_.endswith("HeartRate") else ()
                    record(out, type_, unit, source, value(), s, e, offset, metadata=meta)
        for hour in range(7, 23):
            stood = "Stood" if rnd.random() < 0.75 else "Idle"
            s = midnight + dt.timedelta(hours=hour)
            out.write(f' <Record type="HKCategoryTypeIdentifierAppleStandHour" sourceName="{WATCH[0]}" sourceVersion="9.1" device="{WATCH[2]}" '
                      f'creationDate="{stamp(s + dt.timedelta(hours=1), offset)}" startDate="{stamp(s, offset)}" '
                      f'endDate="{stamp(s + dt.timedelta(hours=1), offset)}" value="HKCategoryValueAppleStandHour{stood}"/>\n')
        if rnd.random() < 0.2:
            s = midnight + dt.timedelta(hours=21, minutes=rnd.randint(0, 50))
            out.write(f' <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="{WATCH[0]}" sourceVersion="9.1" device="{WATCH[2]}" '
                      f'creationDate="{stamp(s, offset)}" startDate="{stamp(s, offset)}" endDate="{stamp(s + dt.timedelta(minutes=rnd.randint(1, 20)), offset)}" '
                      f'value="HKCategoryValueNotApplicable"/>\n')
        # The night before: stages from the watch, time in bed from the phone's Bedtime.
        sleep = midnight - dt.timedelta(minutes=rnd.randint(20, 90))
        wake = midnight + dt.timedelta(hours=6, minutes=rnd.randint(0, 59))
        out.write(f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="{PHONE[0]}" sourceVersion="16.1.1" '
                  f'creationDate="{stamp(wake, offset)}" startDate="{stamp(sleep - dt.timedelta(minutes=10), offset)}" '
                  f'endDate="{stamp(wake + dt.timedelta(minutes=5), offset)}" value="HKCategoryValueSleepAnalysisInBed"/>\n')
        t = sleep
        while t < wake:
            stage = rnd.choice(["AsleepCore", "AsleepCore", "AsleepDeep", "AsleepREM", "Awake"])
            e = min(wake, t + dt.timedelta(minutes=rnd.randint(10, 70)))
            out.write(f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="{WATCH[0]}" sourceVersion="9.1" device="{WATCH[2]}" '
                      f'creationDate="{stamp(wake + dt.timedelta(hours=1), offset)}" startDate="{stamp(t, offset)}" '
                      f'endDate="{stamp(e, offset)}" value="HKCategoryValueSleepAnalysis{stage}"/>\n')
            t = e
        if rnd.random() < 0.4:
            s = midnight + dt.timedelta(hours=18, minutes=rnd.randint(0, 50))
            minutes = rnd.uniform(20, 60)
            e = s + dt.timedelta(minutes=minutes)
            route = f"route_{day.isoformat()}_6.{rnd.randint(10, 59)}pm.gpx"
            routes.append((route, s, e))
            # Some apps sync a workout back in: one in ten is written twice.
            twice = rnd.random() < 0.1
            for _ in range(2 if twice and not args.no_repeats else 1):
                out.write(f' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="{minutes:.4f}" durationUnit="min" '
                        f'sourceName="{WATCH[0]}" sourceVersion="9.1" device="{WATCH[2]}" creationDate="{stamp(e, offset)}" '
                        f'startDate="{stamp(s, offset)}" endDate="{stamp(e, offset)}">\n'
                        f'  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
                        f'  <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>\n'
                        f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="{stamp(s, offset)}" '
                        f'endDate="{stamp(e, offset)}" sum="{minutes * 9.5:.3f}" unit="kcal"/>\n'
                        f'  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="{stamp(s, offset)}" '
                        f'endDate="{stamp(e, offset)}" sum="{minutes / 5.6:.3f}" unit="km"/>\n'
                        f'  <WorkoutRoute sourceName="{WATCH[0]}" sourceVersion="9.1" creationDate="{stamp(e, offset)}" '
                        f'startDate="{stamp(s, offset)}" endDate="{stamp(e, offset)}">\n'
                        f'   <FileReference path="/workout-routes/{route}"/>\n  </WorkoutRoute>\n </Workout>\n')
        out.write(f' <ActivitySummary dateComponents="{day.isoformat()}" activeEnergyBurned="{rnd.uniform(200, 800):.3f}" '
                  f'activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" '
                  f'appleExerciseTime="{rnd.randint(5, 90)}" appleExerciseTimeGoal="30" appleStandHours="{rnd.randint(6, 16)}" '
                  f'appleStandHoursGoal="12"/>\n')
        day += dt.timedelta(days=1)
    out.write("</HealthData>\n")
    return routes


def gpx(name, s, e):
    points = "".join(f'<trkpt lon="13.{4000 + i * 3}" lat="52.{5200 + i * 2}"><ele>{34 + i % 5}.0</ele>'
                     f'<time>{(s + dt.timedelta(seconds=i * 5)).strftime("%Y-%m-%dT%H:%M:%SZ")}</time></trkpt>\n'
                     for i in range(0, 60))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export">\n'
            f'<trk><name>Route {s:%Y-%m-%d %I:%M%p}</name><trkseg>\n{points}</trkseg></trk>\n</gpx>\n')


class Sink:
    """Encodes text in blocks of about 1 MB into a binary stream and counts the bytes written."""
    def __init__(self, binary):
        self.binary, self.parts, self.pending, self.n = binary, [], 0, 0
    def write(self, s):
        b = s.encode("utf-8")
        self.parts.append(b)
        self.pending += len(b)
        self.n += len(b)
        if self.pending > 1 << 20:
            self.flush()
    def flush(self):
        self.binary.write(b"".join(self.parts))
        self.parts, self.pending = [], 0
    def tell(self):
        return self.n


if args.out.endswith(".zip"):
    with zipfile.ZipFile(args.out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        with z.open("apple_health_export/export.xml", "w", force_zip64=True) as member:
            sink = Sink(member)
            routes = write_xml(sink, target)
            sink.flush()
        z.writestr("apple_health_export/export_cda.xml",
                   '<?xml version="1.0" encoding="UTF-8"?>\n<ClinicalDocument xmlns="urn:hl7-org:v3">\n'
                   ' <title>Health Data Export</title>\n</ClinicalDocument>\n')
        for name, s, e in routes[:40]:
            z.writestr(f"apple_health_export/workout-routes/{name}", gpx(name, s, e))
        z.writestr("apple_health_export/electrocardiograms/ecg_2023-01-15.csv",
                   "Name,Anna\nDate of Birth,1988-05-14\nRecorded Date,2023-01-15 09:02:11 +0100\n"
                   "Classification,Sinus Rhythm\nSample Rate,512 hertz\n\n" + "\n".join(str(rnd.randint(-300, 900)) for _ in range(2000)) + "\n")
else:
    with open(args.out, "wb") as f:
        sink = Sink(f)
        write_xml(sink, target)
        sink.flush()
print(f"{args.out}: {os.path.getsize(args.out) / 1e6:.1f} MB")
