extension PublishedExport {
    /// What a request builds: its sections (every one when nil) less the hidden ones.
    init(_ request: BuildRequest) {
        self.init(sections: (request.sections ?? Set(SiteSection.allCases)).subtracting(request.privacy.hidden),
                  weight: request.privacy.weight)
    }
}
