import Foundation
import InsetCore
import Testing
@testable import InsetApp

/// The director tells the navigation machine what is seen, and carries out the decode rate
/// it answers with each render size (issue 44 item 2): a window stashed against an edge
/// shows a sliver of border, so its video is decoded at the low rate; pulled back, at its own.
@Suite("Director: decode rates", .serialized)
struct DirectorDecodeRateTests {
    static let clip = sample("clock_16x9_aac.mp4")

    /// The rate the machine gives each placed video on the screen it was last sized on.
    static func rates(_ app: DirectorHarness) -> [DecodeLightening] {
        var navigation = app.director.navigation
        return navigation.handle(.sized(app.director.screen)).compactMap {
            if case .render(_, _, let lightening) = $0 { lightening } else { nil }
        }
    }

    @Test("issue 44 item 2: the window stashed, its video at the low rate; pulled back, every frame")
    func stashedWindowDecodesLess() throws {
        let app = try DirectorHarness(paths: [Self.clip]) { $0.muted = true }
        #expect(app.waitForPlayer())
        #expect(Self.rates(app) == [.none])
        app.key("p")
        #expect(app.waitForWindow())
        #expect(Self.rates(app) == [.none])
        try app.command("window-stash")
        #expect(app.director.screen.windowStashed)
        #expect(Self.rates(app) == [Navigation.Screen.unseenLightening])
        try app.command("window-stash")
        #expect(!app.director.screen.windowStashed)
        #expect(Self.rates(app) == [.none])
    }
}
