import Foundation

/// Every piece of interface text. Each language is an exhaustive `switch` over these keys
/// (`UIString+English.swift`, `UIString+Chinese.swift`), so a missing translation does not build.
/// Templates reach them as `{{t.key}}`.
public enum UIString: String, CaseIterable, Sendable {
    // Navigation and layout
    case navOverview, navHabits, navPoints, navTargets, navWeight, navTodos, navNotes
    case skipToContent, generatedBy, generatedOn, dataUpTo, dataUpToDetail, overallLeftOut, overallLeftOutOne, overallStrengthNone, goalAbove, goalBelow, goalDirectionUnknown, figuresTo, noWeighingsInRange, siteTitleDefault, siteTitleNamed, mainNavigation, allHabits, countHabits, noSections, noSectionsChosen, streakColumn, notFoundAddress, notFoundHome, wordSpace, unitOpen, unitClose, strengthDrop, strengthDropOne
    // Overview
    case overviewTitle, welcomeNamed, welcomeAnonymous, records
    case countPoints, countTags, countTargets, countWeights, countActivityDays, countTodos, countNotes
    case nothingHere
    // Dashboard
    case periodDay, periodWeek, periodMonth, periodYear, periodAll, periodChooser, cardTotal, cardProgress, cardStreak, cardAverage, cardCompleted, cardRate, encourageDay, encourageWeek, encourageMonth, encourageYear, encourageAll, encourageSteady, encourageEmpty, spentAmount, sinceStart, daysOne, daysMany, perDay, noTargetsDue, doneOfDue, heatmapTitle, heatmapDescription, heatmapEmpty, less, more, pointsOne, pointsMany, chartHours, chartDays, chartWeeks, chartDescription, chartEmpty, hourOf, weekOf, habitsTitle, habit, completions, timeSpent, lastDone, never, hoursMinutes, minutesOnly, hoursOnly, recentActivity, today, yesterday, noteLabel, builtFrom
    // Points
    case pointsTitle, pointsIntro, date, time, points, type, name, description, month, earned, spent, pointRecords
    case typeTag, typeTarget, typeGame, typeShop, typeOther
    case olderRecordsOnMonthPages, archive, allMonths
    // Targets
    case targetsTitle, deadline, statusDone, completed, noDeadline
    case stateOverdue, stateDueToday, stateUpcoming, inDays, tomorrow, todayLower, timelineTitle, timelineDescription, completedOn, backToTargets, relatedNotes, nextTargets, overdueCount, noUpcoming, pointsEarnedHere, todoSummary, todoGroupSummary, priorityLabel, habitLink, targetLink, perSession, pointsPerSession, legendOverdue, legendToday, legendUpcoming, legendDone
    // Weight
    case weightTitle, weight, entries
    case weightLatest, weightTrend, change7d, change30d, change365d, weeklyRate, perWeek, toGoal, projectedOn, goalReached, noProjection, bmi, bmiOfTrend, lowest, highest, range30, range90, range365, rangeAll, rangeChooser, legendDaily, legendTrend, legendGoal, goalLabel, weightChartTitle, weightChartDescription, weeklyMeans, everyEntry, weekStarting, mean, readings, downloadCSV, showNumbers, sparklineTitle, weightBlockTitle, latestOn
    case bodyFatTitle, bodyFatLatest, bodyFatChange, bodyFatChartTitle, bodyFatChartDescription, bodyFatPercent, bodyFatReadings
    // Todos
    case todosTitle, priority, priorityHigh, priorityNormal, priorityLow, todoDone, todoOpen
    // Notes
    case notesTitle, notesIntro, backToNotes, previousNote, nextNote, moodLabel
    // Years and the balance
    case yearsTitle, yearsIntro, yearTitle, yearTitleSoFar, soFarIn, sameDaysLastYear, yearColumn, activeDays, longestStreak, targetsCompletedLabel, onTimeLate, notesWritten, weightChangeLabel, bestMonth, bestWeek, habitChecks, comparedWith, figure, difference, byCompletionsTitle, byStrengthTitle, byStrengthTitleSoFar, strengthOn, highlightsTitle, balanceTitle, balanceNote, spentOnTitle, item, timesBought, lastTime, recentSpending, partialYear
    // Habits
    // Counted phrases (one and other, chosen by `Plural`)
    case recordsOne, recordsMany, strengthChangeOne, timelineCaptionOne, onTimeDetailOne, olderNotesOne, olderNotesMany
    case historyPerWeek, historyPerMonth, historyPerQuarter, historyPerYear, historyPerWeekOne, historyPerMonthOne, historyPerQuarterOne, historyPerYearOne
    /// The history charts of an earlier year's habit page, which count that year, not "the last".
    case historyPerWeekInYear, historyPerMonthInYear, historyPerWeekInYearOne, historyPerMonthInYearOne
    case amountTotal, amountPerDayEntered, amountPerWeekEntered, amountBestDay, amountsNoUnit, amountsIn, onDaysOne, onDaysMany, inWeeksOne, inWeeksMany, amountSummary
    case overallStrengthDescriptionOne, bestStreaksDescriptionOne, timesThisWeek, timesThisMonth, timesThisYear, timesAllTime, showNumbersOf, weekdayColumn, hourColumn, balanceLine, calendarBefore, calendarSkipped, overallStrengthNow, habitsIndexTitle, habitsIndexIntro, overallStrength, overallStrengthDescription, doneToday, notYet, todayColumn, thisWeek, thisMonth, thisYear, habitStrength, strengthChange, strengthSteady, currentStreak, bestStreak, since, totalTime, archived, habitSource, freqDaily, freqOnceWeek, freqTimesWeek, freqOnceMonth, freqTimesMonth, freqEveryDays, freqTimesDays, perDayWord, perWeekWord, perMonthWord, perDaysWord, targetAtLeast, targetAtMost, strengthChartTitle, strengthDescription, historyTitle, byWeek, byMonth, byQuarter, byYear, quarterOf, calendarTitle, calendarDescription, calendarDone, calendarNotDone, bestStreaksTitle, bestStreaksDescription, byWeekdayTitle, byWeekdayDescription, byHourTitle, byHourDescription, start, end, length, amount, period, noHabits, question
    // Targets
    case overdueDaysOne, overdueDaysMany, lateDaysOne, lateDaysMany, onTimeRate, onTimeDetail, oldOverdueSummary, timelineCaption, clusterTitle, clusterMore, undated
    // Archives
    case notesYear, notesYearContinued, notesUndated, notesPageTitle, notesPageLabel, notesRange, notesEmpty, notesYears, notesPages, newerNotes, olderNotes, monthsNav, monthCalendarTitle, monthCalendarCaption, monthHabitsTitle, recordsDayHeading, archiveCaption
    // Dashboard and weight
    case progressNoEarlier, progressVsYesterday, progressVsPrevious, progressNoneYesterday, progressNoneBefore, progressSameYesterday, progressSameBefore, streakBestEver, streakBestWithin, chartMonths, chartYears, heatmapNumbers, noPointsYet, goalToLose, goalToGain, goalBelowReached, goalAboveReached
    // The preview server
    case previewBuildFailed, previewFirstBuildFailed, notFoundTitle, notFoundText, backToOverview
    // Privacy
    case frontPageTitle, weightChangesNote, weightChartDescriptionChanges, sparklineTitleChanges
    // Activity
    case navActivity, activityTitle, activitySteps, activityDistance, activityFlights, activityActiveEnergy, activityExercise, activityStand, activityMindful, activityTotalEnergy, activityMoveMinutes, activityHeartPoints, activityHeartMinutes, activityUnitSteps, activityUnitFloors, activityUnitKm, activityUnitKcal, activityUnitMin, activityUnitHours, activityDailyMean, activityGoalMet, activityGoalMetOne, activityDailyMeanOne, activityNoFigure, activityDailyTitle, activityDailyDescription, activityWeeklyTitle, activityWeeklyDescription, activityCalendarTitle, activityCalendarDescription, activityDaysWithSteps, activityDaysGoalMet, activityGoal, activityGoalReached, activityYes, activityNo, activityTotal, activityDaysWithFigure, activityBestDays, activityDownloadCSV
    case weeksOne, weeksMany, monthsOne, monthsMany, goalThisWeek, goalThisMonth, goalMetNote, goalLeftNote, goalOverNote, goalColumn, goalOf, calendarFilledIn, calendarUnderTarget, calendarOverLimit, calendarMet, calendarWithin, calendarTimesTarget, calendarGoalDescription, calendarYearDescription, calendarGoalYearDescription, periodStreaksNote, periodStreaksNoteMonth, historyGoalLine, habitYearHeading, habitYearDone, habitYears
    case frequencyTitle, frequencyDescription, frequencyAmountDescription, strengthRing
    case activityWorkouts, activityWorkoutsIntro, activityWorkoutsByKind, activityWorkoutsRecent, activityKind, activityWorkoutCount, activityDuration, activityWorkoutName, activityEnergy, activityDistanceKm, kindRunning, kindWalking, kindHiking, kindCycling, kindSwimming, kindRowing, kindElliptical, kindStrength, kindHiit, kindYoga, kindDance, kindOther
    case activityHabitDescription, activityHabitDefaultGoal, activityHabitSource
    case navWorkouts, workoutsSeePage, workoutsCardCount, workoutsCardCountNote, workoutsCardTime, workoutsCardTimeOne, workoutsCardDistance, workoutsCardDistanceOne, workoutsWeeksTitle, workoutsWeeksDescription, workoutsMonthsTitle, workoutsMonthsDescription, workoutsYearsTitle, workoutsYearsDescription, workoutsWeekColumn, workoutsBar, workoutsBarOne, workoutsBarKm, workoutsNone
    case sleepOneNight, navSleep, sleepSeePage, sleepBackToActivity, sleepTimesTitle, sleepTimesDescription, sleepTimesBar, sleepMonthsTitle, sleepMonthsDescription, sleepNightsWithSleep, sleepMeanAsleep
    case sleepTitle, sleepAsleep, sleepMean, sleepMeanOne, sleepBedtime, sleepWake, sleepSpread, sleepChartTitle, sleepChartDescription, sleepNight, sleepInBed
    // Year pages: calendar, months, activity
    case navYears, navMore, completionsOne, completionsMany, yearCalendarTitle, yearCalendarWeekdays, yearCalendarPoints, yearCalendarChecks, yearMonthPointsDescription, yearMonthChecksDescription, yearMonthsTitle, yearChecksPerMonth, yearMonthsDescription, yearDaysWithChecks, yearLongestRunChecks, yearMonthAhead, yearActivityMean, yearWorkoutsOne, yearWorkouts
    // Links and feed
    case shareDescription, feedNotesAndTargets, feedNotes, feedTargets, feedTargetDone, feedCompletedOn
}

extension UIString {
    /// The text in `language`.
    public func text(_ language: Language) -> String {
        switch language {
        case .en: return english
        case .zhHans: return chinese
        }
    }

    /// The text with `{placeholder}`s filled in (values are plain text; templates escape them).
    ///
    /// One pass over the text: a value that itself contains `{name}` (a habit called "{n}") is
    /// inserted as it is, never filled in again, so the result does not depend on key order.
    /// A value holding a direction control is isolated (`BidiIsolation`): a name's lone override
    /// must not reverse the rest of the sentence.
    public func text(_ language: Language, _ values: [String: String]) -> String {
        var template = text(language)
        // Read as bytes: pages ask for about 150,000 of these sentences (every week of every
        // habit history names its date), and a `String` made of each `{name}` cost more than
        // the rest together.
        let bytes = template.withUTF8 { t -> [UInt8] in
            var out: [UInt8] = []
            out.reserveCapacity(t.count + 48)
            var index = 0, literalStart = 0
            while let open = t[index...].firstIndex(of: UInt8(ascii: "{")) {
                guard let close = t[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
                if let value = Self.value(named: UnsafeBufferPointer(rebasing: t[(open + 1)..<close]), in: values) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: t[literalStart..<open]))
                    var value = value
                    value.withUTF8 { v in
                        if let isolated = BidiIsolation.isolated(v) { out.append(contentsOf: isolated) } else { out.append(contentsOf: v) }
                    }
                    literalStart = close + 1
                }
                index = open + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: t[literalStart...]))
            return out
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The sentence around its one placeholder `{name}`, as the text before and after it, for a
    /// sentence filled in hundreds of times with values that need no isolation (a week's date):
    /// `before + value + after` is `text(language, [name: value])` for such a value. Nil when
    /// the sentence has another placeholder or this one not exactly once.
    public func around(_ name: String, _ language: Language) -> (before: String, after: String)? {
        let template = text(language)
        let parts = template.components(separatedBy: "{" + name + "}")
        guard parts.count == 2, !parts.joined().contains("{") else { return nil }
        return (parts[0], parts[1])
    }

    /// The value whose name is `key`: compared byte by byte when both are ASCII (where equal
    /// bytes and equal strings are the same thing), else as strings.
    static func value(named key: UnsafeBufferPointer<UInt8>, in values: [String: String]) -> String? {
        guard key.allSatisfy({ $0 < 0x80 }) else { return values[String(decoding: key, as: UTF8.self)] }
        for (name, value) in values where name.utf8.elementsEqual(key) { return value }
        // A name written with other characters can still be canonically the same text.
        for (name, value) in values where !name.utf8.allSatisfy({ $0 < 0x80 }) && name == String(decoding: key, as: UTF8.self) {
            return value
        }
        return nil
    }

    /// All strings of a language as template data, keyed by case name.
    public static func table(_ language: Language) -> TemplateValue {
        var table: TemplateObject = [:]
        for key in allCases { table[key.rawValue] = .string(key.text(language)) }
        return .object(table)
    }
}
