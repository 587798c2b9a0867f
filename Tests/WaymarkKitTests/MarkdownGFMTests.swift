import Testing
@testable import WaymarkKit

/// Waymark's own cases for the GitHub extensions, with smart punctuation on as notes render:
/// what the spec examples do not cover (smart punctuation, safe mode, containers, Chinese text,
/// the deliberate differences from GitHub, the plain text for excerpts).
struct MarkdownGFMTests {
    static func html(_ markdown: String) -> String { MarkdownRenderer.render(markdown).html }

    @Test func theTrainingLogTableIsATableWithItsDelimiterRowUntouched() {
        let markdown = "| Week | Long run |\n|------|----------|\n| 1    | 10       |\n| 6    | 16       |\n"
        #expect(Self.html(markdown) == """
            <table>
            <thead>
            <tr>
            <th>Week</th>
            <th>Long run</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>1</td>
            <td>10</td>
            </tr>
            <tr>
            <td>6</td>
            <td>16</td>
            </tr>
            </tbody>
            </table>

            """)
    }

    @Test func smartPunctuationLeavesCodeAndLinkedURLsAlone() {
        // The text gets “ ” – …; the URL keeps "--" and "'" (its trailing "..." is not part of it,
        // and stays an ellipsis); code keeps "--".
        #expect(Self.html("Pace -- see http://a.com/x--y's... and `a--b` \"ok\"")
            == "<p>Pace – see <a href=\"http://a.com/x--y&#x27;s\">http://a.com/x--y's</a>… and <code>a--b</code> “ok”</p>\n")
        // A table that is not one (three header cells, two delimiters) shows its lines as written.
        #expect(Self.html("| a | b | c |\n| --- | --- |\n") == "<p>| a | b | c |\n| --- | --- |</p>\n")
        // Quotes inside cells are curled as in any text.
        #expect(Self.html("| \"a\" -- b |\n|--|\n").contains("<th>“a” – b</th>"))
    }

    @Test func cellsAreEscapedAndSafeModeHolds() {
        let html = Self.html("| 1 < 2 | a & b |\n|--|--|\n| [x](javascript:alert(1)) | javascript://a.com <b>x</b> |\n")
        #expect(html.contains("<th>1 &lt; 2</th>\n<th>a &amp; b</th>"))
        #expect(html.contains("<td><a href=\"\">x</a></td>"))
        // Only http, https and ftp URLs are linked; raw HTML in a cell is omitted.
        #expect(html.contains("<td>javascript://a.com <!-- raw HTML omitted -->x<!-- raw HTML omitted --></td>"))
        #expect(MarkdownTests.isInert(html))
    }

    @Test func tablesInContainersAndAfterText() {
        #expect(Self.html("> | a | b |\n> |:-|--:|\n> | x | y |\n") == """
            <blockquote>
            <table>
            <thead>
            <tr>
            <th style="text-align: left">a</th>
            <th style="text-align: right">b</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td style="text-align: left">x</td>
            <td style="text-align: right">y</td>
            </tr>
            </tbody>
            </table>
            </blockquote>

            """)
        #expect(Self.html("- item\n\n  | a |\n  |---|\n  | b |\n").contains("<li>\n<p>item</p>\n<table>\n<thead>\n<tr>\n<th>a</th>"))
        // The paragraph's first lines stay a paragraph; a reference defined above the table works in it.
        #expect(Self.html("Weekly:\n| a |\n| :-: |\n") == "<p>Weekly:</p>\n<table>\n<thead>\n<tr>\n<th style=\"text-align: center\">a</th>\n</tr>\n</thead>\n</table>\n")
        #expect(Self.html("[r]: http://x.com\n| a |\n| - |\n| [r] |\n").contains("<td><a href=\"http://x.com\">r</a></td>"))
        // An emphasis running from the text into the header keeps the paragraph, delimiter row as written.
        #expect(Self.html("*a\n| b* |\n|---|\n") == "<p><em>a\n| b</em> |\n|---|</p>\n")
        // Block syntax inside a cell is text.
        #expect(Self.html("| a |\n| - |\n| # not a heading |\n| ``` |\n").contains("<td># not a heading</td>\n</tr>\n<tr>\n<td>```</td>"))
    }

    @Test func strikethroughFollowsGitHubWithRangesKept() {
        #expect(Self.html("~~gone~~ and ~this~ but not ~~~that~~~") == "<p><del>gone</del> and <del>this</del> but not ~~~that~~~</p>\n")
        // A single ~ between digits is a range, not a delimiter (GitHub would strike "10 km, 20").
        #expect(Self.html("5~10 km, 20~30 km") == "<p>5~10 km, 20~30 km</p>\n")
        #expect(Self.html("~~5~~ km") == "<p><del>5</del> km</p>\n")
        // An escaped tilde is text; in code it stays as written.
        #expect(Self.html("\\~a~ and ~b~ `c\\~`") == "<p>~a~ and <del>b</del> <code>c\\~</code></p>\n")
        #expect(Self.html("[l](u\\~v) \\\\~x~") == "<p><a href=\"u~v\">l</a> \\<del>x</del></p>\n")
        // Headings keep their text for ids.
        #expect(MarkdownRenderer.render("# ~~Old~~ New").html == "<h1 id=\"old-new\"><del>Old</del> New</h1>\n")
    }

    @Test func autolinksEndAtChinesePunctuation() {
        #expect(Self.html("见：https://example.com/跑步，然后 www.x.cn。联系 a.b@c.cn")
            == "<p>见：<a href=\"https://example.com/%E8%B7%91%E6%AD%A5\">https://example.com/跑步</a>，然后 "
            + "<a href=\"http://www.x.cn\">www.x.cn</a>。联系 <a href=\"mailto:a.b@c.cn\">a.b@c.cn</a></p>\n")
        // Not inside an existing link; not after code.
        #expect(Self.html("[see www.a.com](http://b.com) `x`www.c.com") == "<p><a href=\"http://b.com\">see www.a.com</a> <code>x</code>www.c.com</p>\n")
        #expect(Self.html("mail me: lin@example.com.") == "<p>mail me: <a href=\"mailto:lin@example.com\">lin@example.com</a>.</p>\n")
    }

    @Test func taskLists() {
        #expect(Self.html("- [ ] a\n- [x] b\n- [X] c\n- [x]no space\n- \\[x] escaped\n") == """
            <ul>
            <li><input type="checkbox" disabled="" /> a</li>
            <li><input type="checkbox" checked="" disabled="" /> b</li>
            <li><input type="checkbox" checked="" disabled="" /> c</li>
            <li>[x]no space</li>
            <li>[x] escaped</li>
            </ul>

            """)
    }
}
