import InsetCore
import Testing
@testable import InsetSites

@Suite("Which of a page's formats to fetch")
struct FormatChoiceTests {
    static func picture(_ height: Int, audio: Bool = false) -> SiteFormat {
        SiteFormat(id: "v\(height)", url: "https://cdn.example/v\(height).mp4", transport: "https",
                   size: PixelSize(width: height * 16 / 9, height: height), hasVideo: true, hasAudio: audio, bitrate: Double(height))
    }
    static let tone = SiteFormat(id: "a1", url: "https://cdn.example/a1.m4a", hasVideo: false, hasAudio: true, audioBitrate: 64)
    static let betterTone = SiteFormat(id: "a2", url: "https://cdn.example/a2.m4a", hasVideo: false, hasAudio: true, audioBitrate: 160)
    static let page = SiteVideo(title: "t", formats: [tone, betterTone] + [180, 360, 720, 1080].map { picture($0) },
                                chosen: [picture(1080), betterTone])

    @Test("half blocks at 160x45 fetch 180p, octants 360p, kitty at 1200x660 720p, each with the best sound", arguments: [
        (Viewport(cells: CellSize(columns: 160, rows: 45)), "v180"),
        (Viewport(cells: CellSize(columns: 160, rows: 45), raster: CellRaster(blitter: .octant)), "v360"),
        (Viewport(cells: CellSize(columns: 120, rows: 33), raster: CellRaster(cellPixels: PixelSize(width: 10, height: 20))), "v720"),
        (Viewport(cells: CellSize(columns: 38, rows: 11)), "v180"),
        (Viewport(cells: CellSize(columns: 400, rows: 120), raster: CellRaster(blitter: .octant)), "v1080"),
    ])
    func bySize(viewport: Viewport, expected: String) {
        let pick = FormatChoice.pick(for: viewport, in: Self.page)
        #expect(pick?.video.id == expected)
        #expect(pick?.audio?.id == "a2")
    }

    @Test("a picture with its sound needs no second stream; of equal sizes it is preferred")
    func combined() {
        var page = Self.page
        page.formats.append(Self.picture(360, audio: true))
        let pick = FormatChoice.pick(for: Viewport(cells: CellSize(columns: 160, rows: 45), raster: CellRaster(blitter: .octant)), in: page)
        #expect(pick == FormatChoice.Pick(video: Self.picture(360, audio: true), audio: nil))
    }

    @Test("--ytdl-format keeps yt-dlp's choice; sizes unknown (a <video> tag) keep it too")
    func chosen() {
        let full = Viewport(cells: CellSize(columns: 160, rows: 45))
        #expect(FormatChoice.pick(for: full, in: Self.page, keepChosen: true)?.video.id == "v1080")
        let tag = SiteFormat(id: "0", url: "https://h/x.mp4", transport: "http")
        #expect(FormatChoice.pick(for: full, in: SiteVideo(title: "t", formats: [tag], chosen: [tag])) == .init(video: tag, audio: nil))
    }

    @Test("formats the player must not or cannot open are never picked")
    func unsafe() {
        var file = Self.picture(180); file.url = "file:///etc/passwd"
        var pieces = Self.picture(360); pieces.isFragmented = true
        var rtmp = Self.picture(720); rtmp.transport = "rtmp"; rtmp.url = "rtmp://h/x"
        let page = SiteVideo(title: "t", formats: [file, pieces, rtmp, Self.picture(1080), Self.tone], chosen: [file])
        #expect(FormatChoice.pick(for: Viewport(cells: CellSize(columns: 160, rows: 45)), in: page)?.video.id == "v1080")
        #expect(FormatChoice.pick(for: nil, in: SiteVideo(title: "t", formats: [file], chosen: [file])) == nil)
    }
}
