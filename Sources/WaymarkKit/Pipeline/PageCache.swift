import Synchronization

/// The pages of the last good build of one preview, with what each was rendered from: a rebuild
/// renders again only the pages whose inputs differ (`SiteCatalogue.inputs(of:)`), and takes the
/// others' files as they were. A page is reused only when the frame every page shares, the whole
/// data (if the page reads it), the fingerprints of the parts of the data it reads and its own
/// inputs are all equal to those its files were made from,
/// and the state is replaced only by a build whose every page was rendered, so the files kept
/// always match the inputs kept beside them.
final class PageCache: Sendable {
    private struct State: Sendable {
        var frame: SiteCatalogue.Frame
        var data: ContentCache.Inputs
        var fingerprints: DataFingerprints
        var notes: [SiteContent.NoteEntry]
        var headings: [PageInputs.Heading]
        var pages: [Page: (inputs: PageInputs, files: [SiteFile])]
    }

    private let kept = Mutex<State?>(nil)
    private let counts = Mutex((reused: 0, rendered: Set<Page>()))

    /// One build's use of the cache: the files it may take, and the pages it rendered, kept
    /// for the next build when the render is whole (`finish`).
    final class Build: Sendable {
        private let cache: PageCache
        private let frame: SiteCatalogue.Frame
        private let data: ContentCache.Inputs
        private let fingerprints: DataFingerprints
        private let notes: [SiteContent.NoteEntry]
        private let headings: [PageInputs.Heading]
        private let inputs: [Page: PageInputs]
        /// The pages whose inputs are unchanged, with their last files.
        let reusable: [Page: [SiteFile]]
        private let taken = Mutex<[Page: [SiteFile]]>([:])

        fileprivate init(cache: PageCache, frame: SiteCatalogue.Frame, data: ContentCache.Inputs, fingerprints: DataFingerprints,
                         notes: [SiteContent.NoteEntry], headings: [PageInputs.Heading], inputs: [Page: PageInputs],
                         reusable: [Page: [SiteFile]]) {
            (self.cache, self.frame, self.data, self.fingerprints, self.notes, self.headings) = (cache, frame, data, fingerprints, notes, headings)
            (self.inputs, self.reusable) = (inputs, reusable)
        }

        /// The files of `page` kept from the build before, if its inputs are unchanged.
        func files(of page: Page) -> [SiteFile]? {
            let files = reusable[page]
            cache.counts.withLock { counts in
                if files == nil { counts.rendered.insert(page) } else { counts.reused += 1 }
            }
            return files
        }

        /// The files the render took for `page`.
        func took(_ files: [SiteFile], of page: Page) { taken.withLock { $0[page] = files } }

        /// The render is whole: its pages are what the next build compares with.
        func finish() {
            let files = taken.withLock { $0 }
            var pages: [Page: (inputs: PageInputs, files: [SiteFile])] = [:]
            pages.reserveCapacity(inputs.count)
            for (page, inputs) in inputs {
                guard let files = files[page] else { continue }
                pages[page] = (inputs, files)
            }
            cache.kept.withLock { $0 = State(frame: frame, data: data, fingerprints: fingerprints, notes: notes, headings: headings, pages: pages) }
        }
    }

    /// The build of `catalogue`, whose content was computed from `data`, whose parts have
    /// `fingerprints`.
    func start(_ catalogue: SiteCatalogue, data: ContentCache.Inputs, fingerprints: DataFingerprints) -> Build {
        let frame = catalogue.frame
        let notes = catalogue.content.notes, headings = catalogue.noteHeadings
        var inputs: [Page: PageInputs] = [:]
        inputs.reserveCapacity(catalogue.pages.count)
        for page in catalogue.pages { inputs[page] = catalogue.inputs(of: page) }
        var reusable: [Page: [SiteFile]] = [:]
        kept.withLock { state in
            guard let state, state.frame == frame else { return }
            // What many pages share is compared once.
            let (sameData, sameNotes, sameHeadings) = (state.data == data, state.notes == notes, state.headings == headings)
            for (page, now) in inputs {
                guard let old = state.pages[page], sameData || !now.data, sameNotes || !now.everyNote,
                      sameHeadings || !now.everyHeading, old.inputs == now,
                      now.slices.allSatisfy({ state.fingerprints[$0] == fingerprints[$0] }) else { continue }
                reusable[page] = old.files
            }
        }
        return Build(cache: self, frame: frame, data: data, fingerprints: fingerprints, notes: notes, headings: headings, inputs: inputs, reusable: reusable)
    }

    /// Pages taken from the build before and rendered, since the last `resetCounts` (tests).
    var reuse: (reused: Int, rendered: Int) { counts.withLock { ($0.reused, $0.rendered.count) } }

    /// The pages rendered since the last `resetCounts` (tests).
    var rendered: Set<Page> { counts.withLock { $0.rendered } }

    func resetCounts() { counts.withLock { $0 = (0, []) } }
}
