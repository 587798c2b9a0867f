/// A mood the user logged (Daylio), in the app's own words ("rad", "good", "meh", or their own).
public struct MoodEntry: Hashable, Sendable {
    public var date: Moment
    public var mood: String

    public init(date: Moment, mood: String) {
        self.date = date
        self.mood = mood
    }
}
