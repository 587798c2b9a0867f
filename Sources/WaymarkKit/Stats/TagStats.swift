/// What one timed habit added up to.
public struct TagStats: Sendable, Equatable {
    public var name: String
    public var color: Color?
    /// Point records with type "tag" and this tag's name.
    public var completions: Int
    public var points: Int
    /// completions × (hours × 60 + minutes).
    public var minutes: Int
    public var lastDone: LocalDate?
    /// Like the global streak, counting only days with a completion of this tag.
    public var streak: Int
}
