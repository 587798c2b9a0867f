extension Zone {
    /// Turns the wall times of many records into instants, remembering around the last one the
    /// span of wall times that no offset change comes within a day of: there `instant(of:)` is the
    /// wall time less one offset, and the four offset lookups it makes are skipped. Records come
    /// in time order, so a span (decades in a zone without daylight saving time, months in one
    /// with it) serves record after record.
    struct WallClock {
        /// The zone whose span is remembered, held so that it cannot be freed and another zone's
        /// table take its place at the same address.
        private var table: Transitions?
        private var low: Int64 = 0
        private var high: Int64 = 0
        private var offset: Int64 = 0

        init() {}

        /// `zone.instant(ofNaive: naive)`.
        mutating func instant(ofNaive naive: Int64, in zone: Zone) -> Int64 {
            if naive >= low && naive < high && table === zone.transitions { return naive - offset }
            let instant = zone.instant(ofNaive: naive)
            if let steady = zone.transitions.steadyWallTimes(around: naive) {
                table = zone.transitions
                low = steady.range.lowerBound
                high = steady.range.upperBound
                offset = Int64(steady.offset)
            }
            return instant
        }
    }
}

extension Zone.Transitions {
    /// The wall times (as `secondsAsUTC`) around `naive` whose instant is the wall time less
    /// `offset`, and that offset; nil near an offset change or outside the table.
    ///
    /// `instant(ofNaive: n)` asks for offsets only at instants within a day of `n`. When no
    /// transition lies in `[n - 1 day, n + 1 day]`, all of them are the one offset `o` (less than
    /// a day), so it returns `n - o`. Between transitions `a` and `b` that holds for every `n`
    /// from `a + 1 day` up to `b - 1 day`; the table's ends count as transitions, since beyond
    /// them `Zone.offset(at:)` asks Foundation instead.
    func steadyWallTimes(around naive: Int64) -> (range: Range<Int64>, offset: Int)? {
        let day: Int64 = 86_400
        guard naive >= Self.start + day && naive < Self.end - day else { return nil }
        let from = naive - day
        // How many transitions are at or before `from`.
        var lo = 0, hi = instants.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if instants[mid] <= from { lo = mid + 1 } else { hi = mid }
        }
        let a = lo == 0 ? Self.start : instants[lo - 1]
        let b = lo == instants.count ? Self.end : instants[lo]
        let offset = lo == 0 ? initial : offsets[lo - 1]
        guard naive + day < b, offset > -86_400 && offset < 86_400 else { return nil }
        return ((a + day)..<(b - day), offset)
    }
}
