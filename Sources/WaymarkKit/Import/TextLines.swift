extension StringProtocol {
    /// The text split at every line feed. Swift treats "\r\n" as one `Character`, so splitting
    /// characters at "\n" would miss CRLF line ends; this splits the Unicode scalars instead and
    /// leaves a "\r" at the end of its line, keeping the bytes intact.
    func lines() -> [Substring] {
        let whole = Substring(self)
        return whole.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }
}
