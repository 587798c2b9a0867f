/// A Markdown note from `notes/`, with its front matter already read.
public struct Note: Hashable, Sendable {
    /// File name inside `notes/`, e.g. `晨跑 morning run.md`.
    public var fileName: String
    public var title: String?
    public var date: Moment?
    /// A targetId or targetName.
    public var target: String?
    /// A tagName.
    public var tag: String?
    /// The mood logged with the note (Daylio).
    public var mood: String?
    /// `private: true` in the front matter: the note is never published (`PublishedExport`).
    public var isPrivate: Bool
    /// The Markdown after the front matter.
    public var body: String
    /// 1-based line in the file where `body` starts, for messages.
    public var bodyLine: Int

    public init(fileName: String, title: String? = nil, date: Moment? = nil, target: String? = nil,
                tag: String? = nil, mood: String? = nil, isPrivate: Bool = false, body: String, bodyLine: Int = 1) {
        self.fileName = fileName
        self.title = title
        self.date = date
        self.target = target
        self.tag = tag
        self.mood = mood
        self.isPrivate = isPrivate
        self.body = body
        self.bodyLine = bodyLine
    }
}
