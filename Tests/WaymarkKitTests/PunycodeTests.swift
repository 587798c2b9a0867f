import Testing
@testable import WaymarkKit

/// Punycode against RFC 3492's samples and Python's `punycode` codec, and the ASCII form of a
/// base URL that sitemaps and robots.txt need.
struct PunycodeTests {
    /// RFC 3492 section 7.1 (B), (A) and (L); the rest from Python's codec on the same text.
    @Test(arguments: [
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"), ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"), ("bücher", "bcher-kva"), ("例子", "fsqu00a"), ("测试", "0zwm56d"),
        ("münchen-ost", "mnchen-ost-9db"), ("进步", "4lwt19e"),
    ])
    func encodes(text: String, expected: String) {
        #expect(Punycode.encode(text) == expected)
    }

    @Test func aBaseURLInASCII() throws {
        func ascii(_ url: String) throws -> String { try BaseURL(url).ascii }
        #expect(try ascii("https://bücher.example/p") == "https://xn--bcher-kva.example/p/")
        #expect(try ascii("https://例子.测试/进步/") == "https://xn--fsqu00a.xn--0zwm56d/%E8%BF%9B%E6%AD%A5/")
        #expect(try ascii("https://example.org/a%20b/") == "https://example.org/a%20b/")
        #expect(try ascii("https://Bücher.example:8080/") == "https://xn--bcher-kva.example:8080/")
        #expect(try ascii("https://例子.测试:8080/进步") == "https://xn--fsqu00a.xn--0zwm56d:8080/%E8%BF%9B%E6%AD%A5/")
    }

    /// A public site at a Unicode address: its sitemap and robots.txt are in ASCII; its pages'
    /// links (which may be IRIs) keep the address as written.
    @Test func theSitemapAndRobotsAreASCII() throws {
        var options = SiteOptions(now: 1_795_953_600, zone: .utc, language: .en, baseURL: try BaseURL("https://bücher.example/进步/"))
        options.privacy.isPublic = true
        let files = try renderSite(Export(notes: [Note(fileName: "run.md", title: "Run", date: .instant(1_795_900_000), body: "Run.")]), options)
        func text(_ path: String) -> String { files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "" }
        #expect(text("robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://xn--bcher-kva.example/%E8%BF%9B%E6%AD%A5/sitemap.xml\n")
        let sitemap = text("sitemap.xml")
        #expect(sitemap.contains("<loc>https://xn--bcher-kva.example/%E8%BF%9B%E6%AD%A5/notes/run.html</loc>"))
        #expect(sitemap.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text("notes/run.html").contains("<link rel=\"canonical\" href=\"https://bücher.example/进步/notes/run.html\">"))
    }
}
