import Foundation
import Testing
import InsetTestSupport

/// How the docs walk reads the README and docs/using.md (`DocsWalk`): what it types and
/// presses is only as good as this reading.
@Suite("Docs walk: reading the docs", .tags(.pure))
struct DocsWalkTests {
    @Test("a code block's inset lines, each apart from its comment; a URL's # is no comment")
    func commandLines() {
        let section = """
            Some prose with inset in it.

            ```sh
            inset movie.mp4            # full screen, with a control bar
            inset 'https://example.com/watch#t=1'   # a page
            ls -l
            inset
            ```
            """
        #expect(DocsWalk.commandLines(in: section) == [
            .init(command: "inset movie.mp4", claim: "full screen, with a control bar"),
            .init(command: "inset 'https://example.com/watch#t=1'", claim: "a page"),
            .init(command: "inset", claim: ""),
        ])
    }

    @Test("a key table gives two rows a line, its keys as written; a command table its inset forms")
    func tables() {
        let keys = """
            | key | what it does | key | what it does |
            | --- | --- | --- | --- |
            | `Space` | play / pause | `Esc` | back to the library |
            | `←` `→` | back / forward 15 s | `m` | sound off / on |
            """
        #expect(DocsWalk.keyRows(in: keys) == [
            .init(keys: ["Space"], claim: "play / pause"), .init(keys: ["Esc"], claim: "back to the library"),
            .init(keys: ["←", "→"], claim: "back / forward 15 s"), .init(keys: ["m"], claim: "sound off / on"),
        ])
        let commands = """
            | command | what it does |
            | --- | --- |
            | `inset DIR`, `inset` | the library |
            | `inset bench PATH [--stage decode\\|scale]` | throughput |
            """
        #expect(DocsWalk.commandRows(in: commands) == [
            .init(forms: ["inset DIR", "inset"], claim: "the library"),
            .init(forms: ["inset bench PATH [--stage decode|scale]"], claim: "throughput"),
        ])
    }

    @Test("a form made runnable: placeholders filled, optional options kept only with a value")
    func runnable() {
        let form = "inset cat PATH [--at TIME] [--frames N|all] [--colors …] [--realtime]"
        #expect(DocsWalk.runnable(form, placeholders: ["PATH": "/m.mp4"], options: ["--frames": "3"])
                == "inset cat /m.mp4 --frames 3")
        #expect(DocsWalk.number(before: " s", in: "back / forward 15 s") == 15)
        #expect(DocsWalk.number(before: "%", in: "volume down / up 10%") == 10)
        #expect(DocsWalk.section("## B", of: "# T\n## A\na\n## B\nb\n### C\nc\n## D\nd") == "b\n### C\nc")
    }
}
