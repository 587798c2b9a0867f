import Testing
@testable import WaymarkKit

struct DuplicateIDSearchTests {
    /// Seeded ids from a small range, so that many repeat, split into chunks as the decoder splits
    /// them; every third id is a span of `source` (as the fast path gives), the others text.
    struct Corpus {
        var source: [UInt8] = []
        var lists: [[DuplicateIDSearch.Entry]] = []
        var texts: [String] = []  // in file order

        init(count: Int, distinct: UInt64, chunks: Int, seed: UInt64) {
            var state = seed
            func next() -> UInt64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return state >> 33
            }
            for c in 0..<chunks {
                var list: [DuplicateIDSearch.Entry] = []
                for index in (count * c / chunks)..<(count * (c + 1) / chunks) {
                    let text = "id-\(next() % distinct)"
                    texts.append(text)
                    let id: RecordID
                    if index % 3 == 0 {
                        let start = source.count
                        source += Array(text.utf8)
                        id = .span(start..<source.count)
                    } else {
                        id = .text(text)
                    }
                    list.append((index, id, FNV1a.hash(text.utf8)))
                }
                lists.append(list)
            }
        }

        /// The plain reference: a dictionary of each id's first record.
        var expected: [[String]] {
            var first: [String: Int] = [:]
            var hits: [[String]] = []
            for (index, text) in texts.enumerated() {
                if let earlier = first[text] { hits.append(["\(index)", "\(earlier)", text]) } else { first[text] = index }
            }
            return hits
        }
    }

    static func found(_ corpus: Corpus, partitions: Int, parallelism: Parallelism) -> [[String]] {
        DuplicateIDSearch.hits(corpus.lists, partitions: partitions, in: corpus.source, parallelism: parallelism)
            .sorted { $0.index < $1.index }
            .map { ["\($0.index)", "\($0.first)", $0.id] }
    }

    @Test(arguments: [1, 2, 3])
    func agreesWithADictionaryAcrossBuckets(partitions: Int) {
        // 60,000 ids over at least two buckets per partition (8,192 ids a bucket), 40,000 distinct.
        let corpus = Corpus(count: 60_000, distinct: 40_000, chunks: 7, seed: 5)
        let expected = corpus.expected
        #expect(expected.count > 10_000)
        #expect(Self.found(corpus, partitions: partitions, parallelism: Parallelism(cores: 2)) == expected)
        #expect(Self.found(corpus, partitions: partitions, parallelism: .serial) == expected)
    }

    /// Each core takes a share of the ids: seeded hashes spread over two and three partitions.
    @Test func partitionsShareTheIds() {
        for partitions in [2, 3] {
            var counts = [Int](repeating: 0, count: partitions)
            for k in 0..<30_000 { counts[DuplicateIDSearch.partition(of: FNV1a.hash(Array("id-\(k)".utf8)), among: partitions)] += 1 }
            #expect(counts.allSatisfy { $0 > 30_000 / partitions * 9 / 10 }, "\(counts)")
            // Numbers as ids, as the apps write them.
            counts = [Int](repeating: 0, count: partitions)
            for k in 0..<30_000 { counts[DuplicateIDSearch.partition(of: FNV1a.hash(Array(String(1_000_000_000 + k).utf8)), among: partitions)] += 1 }
            #expect(counts.allSatisfy { $0 > 30_000 / partitions * 9 / 10 }, "\(counts)")
        }
        #expect(DuplicateIDSearch.partition(of: 0, among: 3) == 0)
        #expect((0..<1_000).allSatisfy { DuplicateIDSearch.partition(of: UInt64($0) &* 0x1234_5678_9ABC_DEF1, among: 3) < 3 })
    }

    @Test func smallFilesAndRepeatsOfOneId() {
        var corpus = Corpus(count: 5, distinct: 1, chunks: 2, seed: 1)
        #expect(corpus.texts == Array(repeating: "id-0", count: 5))
        // Every later record points at the first, not at the one before it.
        #expect(Self.found(corpus, partitions: 1, parallelism: .serial)
                == [["1", "0", "id-0"], ["2", "0", "id-0"], ["3", "0", "id-0"], ["4", "0", "id-0"]])
        corpus.lists = [[], []]
        #expect(Self.found(corpus, partitions: 2, parallelism: .serial).isEmpty)
        #expect(DuplicateIDSearch.hits(Corpus(count: 9, distinct: 2, chunks: 1, seed: 3).lists, partitions: 0,
                                       in: [], parallelism: .serial).isEmpty)
    }
}
