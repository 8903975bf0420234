import Foundation
import InsetCore
import Testing
import InsetTestSupport
@testable import InsetMedia

/// libass drawing styled events into an RGB picture (`SubtitleRenderer`), as the pixel
/// modes do before a frame is encoded.
@Suite("Subtitle renderer (libass)")
struct SubtitleRendererTests {
    static let header = AssScript.text(styles: [
        "Default,DejaVu Sans,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,20,20,20,1",
        "Sign,DejaVu Sans,40,&H0000FFFF,&H000000FF,&H00000000,&H00000000,1,0,0,0,100,100,0,0,1,0,0,8,20,20,20,1",
    ])

    /// A grey picture with a yellow sign at the top and a line at the bottom whose first word is red.
    static let cue = SubtitleCue(start: .seconds(1), end: .seconds(5), text: "Sign\nRed word",
                                 assEvents: ["0,Sign,,0,0,0,,Sign", "0,Default,,0,0,0,,{\\c&H0000FF&}Red{\\c} word"])

    static func grey() -> RGBImage {
        let image = RGBImage(size: PixelSize(width: 320, height: 180))
        for y in 0..<180 { for x in 0..<320 { image.setPixel(x: x, y: y, RGB(60, 60, 60)) } }
        return image
    }

    /// Pixels in rows `rows` whose colour `matches`.
    static func count(_ image: RGBImage, rows: Range<Int>, _ matches: (RGB) -> Bool) -> Int {
        rows.reduce(0) { sum, y in sum + (0..<image.width).filter { matches(image.pixel(x: $0, y: y)) }.count }
    }

    @Test("the sign yellow in the top third, the red word in the bottom third, nothing drawn in the middle")
    func placesAndColours() throws {
        let renderer = try #require(SubtitleRenderer())
        let image = Self.grey()
        #expect(renderer.draw([Self.cue], header: Self.header, at: .seconds(2), into: image))
        let yellow: (RGB) -> Bool = { $0.r > 200 && $0.g > 200 && $0.b < 80 }
        let red: (RGB) -> Bool = { $0.r > 200 && $0.g < 80 && $0.b < 80 }
        #expect(Self.count(image, rows: 0..<60, yellow) > 50)
        #expect(Self.count(image, rows: 120..<180, red) > 50)
        #expect(Self.count(image, rows: 120..<180, yellow) == 0)
        #expect(Self.count(image, rows: 70..<110) { $0 != RGB(60, 60, 60) } == 0)
    }

    @Test("a still subtitle is laid out once: libass says the next frame's image is unchanged")
    func stillRendersOnce() throws {
        let renderer = try #require(SubtitleRenderer())
        renderer.draw([Self.cue], header: Self.header, at: .seconds(2), into: Self.grey())
        renderer.draw([Self.cue], header: Self.header, at: .seconds(2.04), into: Self.grey())
        renderer.draw([Self.cue], header: Self.header, at: .seconds(2.08), into: Self.grey())
        #expect(renderer.changes == 1)
        #expect(renderer.lastTouched > 0)
    }

    @Test("after the cue's end, and with no cue, nothing is drawn")
    func nothingOutsideTheCue() throws {
        let renderer = try #require(SubtitleRenderer())
        let image = Self.grey()
        #expect(!renderer.draw([Self.cue], header: Self.header, at: .seconds(6), into: image))
        #expect(!renderer.draw([], header: Self.header, at: .seconds(2), into: image))
        #expect(Self.count(image, rows: 0..<180) { $0 != RGB(60, 60, 60) } == 0)
    }

    @Test("an SRT file's cues come with ASS events and a header libass draws from")
    func srtThroughLibass() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-assrender-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("movie.srt").path
        try Data("1\n00:00:01,000 --> 00:00:03,000\n<font color=\"#ff0000\">Red</font> words\n\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let (track, cues) = try SubtitleFile.load(path, id: -1)
        let header = try #require(track.styleHeader)
        #expect(cues.first?.assEvents.first?.hasSuffix("Red{\\c} words") == true, "\(cues)")
        let renderer = try #require(SubtitleRenderer())
        let image = Self.grey()
        #expect(renderer.draw(cues, header: header, at: .seconds(2), into: image))
        // FFmpeg's default style is small (16 of 288 rows): a few pixels of the red word.
        #expect(Self.count(image, rows: 90..<180) { $0.r > 200 && $0.g < 80 && $0.b < 80 } > 5)
    }

    @Test("a Matroska file's attached font is read for libass, its name and bytes whole; other attachments are not")
    func fontAttachments() throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        try #require(FileManager.default.fileExists(atPath: font), "no DejaVu Sans Bold (fonts-dejavu-core)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-assfont-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let notes = dir.appendingPathComponent("notes.txt").path, clip = dir.appendingPathComponent("fonts.mkv").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: notes))
        _ = try run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=size=64x36:duration=1", "-c:v", "ffv1",
                     "-attach", font, "-metadata:s:t:0", "mimetype=application/x-truetype-font",
                     "-attach", notes, "-metadata:s:t:1", "mimetype=text/plain", clip])
        let fonts = try MediaSource(path: clip).fontAttachments
        #expect(fonts.map(\.name) == ["DejaVuSans-Bold.ttf"])
        #expect(fonts.first?.data == Array(try Data(contentsOf: URL(fileURLWithPath: font))))
        #expect(SubtitleRenderer(fonts: fonts) != nil)
    }
}
