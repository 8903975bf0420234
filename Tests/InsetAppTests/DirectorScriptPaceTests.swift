import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// Issue 47's defect: a script observing `time-pos` and asking the player in its handler
/// (ani-skip's skip.lua) had the loop turn without rest, 0.8 of a core: each answer woke a
/// turn, each turn read a new `time-pos` at its own time and told the script again. The
/// loop is driven here as the script's answers drive it, many turns a frame, and the script
/// must hear `time-pos` once a frame (mpv's tick), not once a turn.
@Suite("Director: a script observing time-pos is told once a frame, not once a turn (issue 47)", .serialized)
struct DirectorScriptPaceTests {
    @Test("600 turns in 300 ms of playing tell the script of time-pos at most once a frame and 10 times a second; pause still at once")
    func timePosOnceAFrame() throws {
        let folder = try makeTemporaryDirectory("script-pace")
        let notes = folder.appendingPathComponent("notes").path
        let script = folder.appendingPathComponent("watch.lua").path
        try """
            local function note(text)
                local file = io.open('\(notes)', 'a'); file:write(text, '\\n'); file:close()
            end
            mp.observe_property('time-pos', 'number', function(_, value)
                -- As skip.lua does: the handler asks the player again.
                note('time-pos ' .. tostring(mp.get_property_number('time-pos')))
            end)
            mp.observe_property('pause', 'bool', function(_, paused) note('pause ' .. tostring(paused)) end)
            mp.register_script_message('mark', function(name) note(name) end)
            """.write(toFile: script, atomically: true, encoding: .utf8)
        var options = AppOptions(paths: [sample("clock_16x9_aac.mp4")])
        options.scripts = [script]
        options.loadsConfigFolderScripts = false
        let app = try DirectorHarness(options)
        let desk = try #require(ScriptDesk.start(options: options, director: app.director))
        defer { desk.finish(app.director) }
        func lines() -> [String] {
            ((try? String(contentsOfFile: notes, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        #expect(app.waitForPlayer())
        #expect(app.waitUntil {
            _ = desk.serve(app.director, at: app.now)
            return lines().contains { $0.hasPrefix("time-pos") } && lines().contains("pause false")
        }, "the first values, at once")
        try #require(app.director.focusedVideo?.snapshot.isPlaying == true)
        // Everything told so far taken (the queue is in order), at one time of the clock.
        func drained(_ mark: String, at time: HostTime) {
            _ = desk.deliver(to: nil, ["mark", mark])
            let deadline = Date(timeIntervalSinceNow: 10)
            while !lines().contains(mark) && Date() < deadline {
                _ = desk.serve(app.director, at: time)
                usleep(1_000)
            }
        }
        let start = app.now
        drained("before", at: start)
        let before = lines().filter { $0.hasPrefix("time-pos") }.count
        // The turns the script's answers wake: 600 in 300 ms of the player's clock, the
        // script's requests answered as they come. 300 ms, not 100: a moving value is told at
        // most 10 times a second (MpvObservation's rate, the socket's too), so 100 ms could
        // hold no tell at all, by where the last one before fell.
        // Whether the player's clock ran in those 100 ms is the machine's to say: a decoder
        // starved by a loaded machine holds the clock still, and then nothing is new to tell.
        let video = try #require(app.director.focusedVideo)
        var clockReadings = Set<Double>()
        for turn in 1...600 {
            let time = start.advanced(by: .microseconds(500 * turn))
            clockReadings.insert(video.masterTime(at: time).seconds)
            _ = desk.serve(app.director, at: time)
            usleep(200)
        }
        let end = start.advanced(by: .milliseconds(300))
        drained("after", at: end)
        let told = lines().filter { $0.hasPrefix("time-pos") }.count - before
        // A frame's time from one tick to the next, and 100 ms between tells: 300 ms hold
        // this many at most.
        let ticks = min(Int((0.3 * app.director.frontFrameRate).rounded(.up)), 3)
        #expect(told <= ticks, "time-pos told \(told) times in 300 ms, at most \(ticks)")
        if clockReadings.count > 1 {
            #expect(told >= 1, "the clock ran (\(clockReadings.count) readings) but time-pos was never told")
        }
        // A property not following the clock is told on the turn it changed.
        try app.command("pause")
        #expect(app.settle { _ = desk.serve(app.director, at: end); return lines().contains("pause true") }, "pause at once")
    }
}
