import Testing
@testable import WaymarkKit

/// Relative references resolved as RFC 3986 section 5.4 resolves them, and the links of a note's
/// HTML made absolute for the feed.
struct AbsoluteLinksTests {
    /// RFC 3986, 5.4.1 and 5.4.2, with the base `http://a/b/c/d;p` (the RFC's `http://a/b/c/d;p?q`
    /// without its query: a Waymark page has none, so the examples that resolve against the
    /// query are left out and "#s" keeps no "?q").
    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p#s"), ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
        ("../../", "http://a/"), ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ])
    func rfc3986Examples(reference: String, expected: String) {
        #expect(AbsoluteLinks.resolve(reference, against: "http://a/b/c/d;p") == expected)
    }

    /// Links and images become absolute; absolute ones, mailto, text that merely looks like an
    /// attribute (cmark writes `"` in text as `&quot;`) and an empty `src` stay as they are.
    @Test func rewritesHTML() {
        let html = """
        <p><a href="../targets/run.html">run</a> <img src="images/route.png" alt="r" /> <a href="https://e.org/x">e</a> \
        <a href="mailto:me@example.org">m</a> <a href="#top">t</a> href=&quot;x&quot; <img src="" alt="" /></p>
        """
        let page = "https://example.org/progress/notes/race.html"
        #expect(AbsoluteLinks.rewrite(html, page: page) == """
        <p><a href="https://example.org/progress/targets/run.html">run</a> \
        <img src="https://example.org/progress/notes/images/route.png" alt="r" /> <a href="https://e.org/x">e</a> \
        <a href="mailto:me@example.org">m</a> <a href="https://example.org/progress/notes/race.html#top">t</a> \
        href=&quot;x&quot; <img src="" alt="" /></p>
        """)
    }

    /// XML 1.0 forbids C0 controls but tab and line breaks, U+FFFE and U+FFFF; C1 controls are
    /// discouraged. All go; `& < > "` are escaped; everything else stays.
    @Test func xmlEscape() {
        #expect(XMLEscape.escape("a\u{0}b\u{8}\tc\nd\r\u{1F}e\u{7F}\u{80}\u{9F}f\u{FFFE}\u{FFFF}g & < > \" ' ]]> 中文 🙂")
                == "ab\tc\nd\refg &amp; &lt; &gt; &quot; ' ]]&gt; 中文 🙂")
        #expect(XMLEscape.clean("x\u{1B}[31my") == "x[31my" && XMLEscape.clean("plain") == "plain")
    }
}
