import Testing
@testable import WaymarkKit

struct UIStringTests {
    @Test func placeholdersAreFilledInOnePass() {
        #expect(UIString.doneOfDue.text(.en, ["done": "3", "due": "5"]) == "3 of 5 due were done")
        #expect(UIString.doneOfDue.text(.zhHans, ["done": "3", "due": "5"]) == "到期 5 个，完成 3 个")
        #expect(UIString.hoursMinutes.text(.en, ["h": "2", "m": "5"]) == "2 h 5 min")
        // A value that looks like a placeholder stays as it is, whatever the key order.
        for _ in 0..<20 {
            #expect(UIString.doneOfDue.text(.en, ["done": "{due}", "due": "{done}"]) == "{due} of {done} due were done")
        }
        #expect(UIString.siteTitleNamed.text(.en, ["name": "{name} {x"]) == "{name} {x’s progress")
        // A missing value leaves the placeholder visible rather than dropping text.
        #expect(UIString.doneOfDue.text(.en, ["done": "1"]) == "1 of {due} due were done")
    }
}
