// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: InsetLog (the C library only) and InsetCore (pure) <- InsetMedia (FFmpeg),
// InsetRender (cells, pixels; zlib only), InsetTerminal (ncurses), InsetShell (libvterm, cells), InsetControl
// (the control socket), InsetMPRIS (the session bus, libdbus) <- InsetApp (wires them, owns threads) <- inset
// (command line, with InsetConfig: the config file). ARCHITECTURE.md draws it. Each target lists every module
// it imports, so none builds by luck of another target's dependencies (PackageDependencyTests checks it).
// The test targets are compiled without optimisation, in the release build as well: the code they
// test is optimised as users run it, and optimising the tests themselves (swift-testing's
// expansions of every #expect) cost a third more compile time (InsetCoreTests: 64 s of CPU at
// -O, 42 at -Onone) for checks that spend their time in the code under test, in FFmpeg, or
// waiting for a terminal.
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone"])]

let package = Package(
    name: "Inset",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "inset", targets: ["inset"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The config file is TOML (InsetConfig); toml++ underneath, through its Swift API.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // FFmpeg's libraries as pkg-config finds them, for the CFFmpeg C target only.
        .systemLibrary(
            name: "CFFmpegLibraries",
            pkgConfig: "libavformat libavcodec libavfilter libswscale libswresample libavutil",
            providers: [
                .apt(["libavformat-dev", "libavcodec-dev", "libavfilter-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev"]),
                .brew(["ffmpeg"]),
            ]
        ),
        // The C side of the FFmpeg boundary: the readers under libavformat (counted, spool,
        // descriptor, memory), the open guard, the filter graphs and the macro wrappers, in .c
        // files compiled once, their headers declarations only (STYLE.md, CNIOLinux). -Wall
        // -Wextra builds it without a warning; unsafe flags are allowed in the root package.
        .target(
            name: "CFFmpeg",
            dependencies: ["CFFmpegLibraries"],
            publicHeadersPath: ".",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]
        ),
        // libass, for styled text subtitles drawn into the picture (InsetMedia's SubtitleRenderer);
        // the CAss C target over it holds the blend loop.
        .systemLibrary(
            name: "CAssLibraries",
            pkgConfig: "libass",
            providers: [.apt(["libass-dev"]), .brew(["libass"])]
        ),
        .target(
            name: "CAss",
            dependencies: ["CAssLibraries"],
            publicHeadersPath: ".",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]
        ),
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
        ),
        .systemLibrary(
            name: "CVTermLibraries",
            pkgConfig: "vterm",
            providers: [.apt(["libvterm-dev"]), .brew(["libvterm"])]
        ),
        // The shell pane's C side (libvterm's screen and its callbacks, the pty spawn), a C
        // target as CFFmpeg is.
        .target(
            name: "CVTerm",
            dependencies: ["CVTermLibraries"],
            publicHeadersPath: ".",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]
        ),
        // The session bus, for MPRIS (InsetMPRIS); libdbus's low-level API.
        .systemLibrary(
            name: "CDBusLibraries",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"]), .brew(["dbus"])]
        ),
        .target(
            name: "CDBus",
            dependencies: ["CDBusLibraries"],
            publicHeadersPath: ".",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]
        ),
        // LuaJIT, for mpv's Lua scripts (InsetScripts): the state, its primitives and
        // mp.utils' file and process helpers in C, as CVTerm is over libvterm.
        .systemLibrary(
            name: "CLuaJITLibraries",
            pkgConfig: "luajit",
            providers: [.apt(["libluajit-5.1-dev"]), .brew(["luajit"])]
        ),
        .target(
            name: "CLuaJIT",
            dependencies: ["CLuaJITLibraries"],
            publicHeadersPath: ".",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The file logger (INSET_LOG=path), apart so that any module can log without ncurses;
        // it writes names escaped as stderr does (PrintableText).
        .target(name: "InsetLog", dependencies: ["InsetCore"]),
        .target(name: "InsetCore"),
        .target(name: "InsetMedia", dependencies: ["CAss", "CFFmpeg", "InsetCore", "InsetLog"]),
        .target(name: "InsetRender", dependencies: ["CZlib", "InsetCore"]),
        .target(name: "InsetAudio", dependencies: ["CSDL2", "InsetCore"]),
        .target(name: "InsetTerminal", dependencies: ["CNcurses", "InsetCore", "InsetLog"]),
        .target(name: "InsetShell", dependencies: ["CVTerm", "InsetCore", "InsetRender"]),
        .target(name: "InsetConfig", dependencies: ["InsetCore", .product(name: "TOMLKit", package: "TOMLKit")]),
        .target(name: "InsetControl", dependencies: ["InsetCore"]),
        .target(name: "InsetSites", dependencies: ["InsetCore"]),
        // mpv's Lua scripts: each on its own thread and Lua state, calling the player through
        // a narrow interface the app implements (ScriptPlayer); nothing of the app here.
        .target(name: "InsetScripts", dependencies: ["CLuaJIT", "InsetCore", "InsetControl", "InsetLog"]),
        // MPRIS on the session bus: the bus's plumbing (Bus/) apart from what its calls and
        // properties mean for the player (MPRIS/, pure).
        .target(name: "InsetMPRIS", dependencies: ["CDBus", "InsetCore", "InsetLog"]),
        // One video's playback (the machine's engine side, the clock, the sound, the opener, resume,
        // screenshots, subtitles' timing, a page's formats): below the app, above media, sound and sites;
        // it knows nothing of the panes, the terminal or the director.
        .target(name: "InsetPlayback", dependencies: ["InsetCore", "InsetLog", "InsetMedia", "InsetAudio", "InsetSites"]),
        .target(
            name: "InsetApp",
            dependencies: [
                "InsetCore", "InsetLog", "InsetMedia", "InsetRender", "InsetTerminal", "InsetAudio", "InsetShell",
                "InsetControl", "InsetSites", "InsetMPRIS", "InsetPlayback", "InsetScripts",
            ]
        ),
        .executableTarget(
            name: "inset",
            dependencies: [
                "InsetApp", "InsetCore", "InsetLog", "InsetMedia", "InsetTerminal", "InsetConfig", "InsetControl", "InsetSites",
                "InsetPlayback", "InsetScripts", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["VersionStamp"]
        ),
        // `buildVersion` and `buildCommit` for `inset --version`, from git at build time
        // (scripts/version), into the build directory, not the tree.
        .plugin(name: "VersionStamp", capability: .buildTool()),
        // The fuzz harness (not a product): generators and checks in a library that the
        // tests run too, the command line in its own executable.
        .target(name: "InsetFuzzing", dependencies: ["CVTerm", "InsetCore", "InsetRender", "InsetShell"]),
        .executableTarget(name: "inset-fuzz", dependencies: ["InsetFuzzing", "InsetCore", "InsetSites"]),
        // The encoders alone, for measuring them (scripts/bench-sixel, scripts/bench-kitty).
        .target(name: "EncoderHarness", dependencies: ["InsetRender", "InsetCore"]),
        .executableTarget(name: "inset-sixel", dependencies: ["EncoderHarness", "InsetRender", "InsetCore"]),
        .executableTarget(name: "inset-kitty", dependencies: ["EncoderHarness", "InsetRender", "InsetCore"]),
        // SplitMix64 and the like, for the test targets only.
        .target(name: "InsetTestSupport", path: "Tests/Support"),
        .testTarget(name: "InsetLogTests", dependencies: ["InsetLog", "InsetCore"], swiftSettings: testSettings),
        .testTarget(name: "InsetCoreTests", dependencies: ["InsetCore", "InsetTestSupport"], swiftSettings: testSettings),
        .testTarget(name: "InsetConfigTests", dependencies: ["InsetConfig", "InsetCore", .product(name: "TOMLKit", package: "TOMLKit")], swiftSettings: testSettings),
        .testTarget(name: "InsetScriptsTests", dependencies: ["InsetScripts", "InsetControl", "InsetCore"], swiftSettings: testSettings),
        .testTarget(name: "InsetControlTests", dependencies: ["InsetControl", "InsetCore"], swiftSettings: testSettings),
        .testTarget(name: "InsetMPRISTests", dependencies: ["InsetMPRIS", "InsetCore"], swiftSettings: testSettings),
        .testTarget(name: "InsetSitesTests", dependencies: ["InsetTestSupport", "InsetSites", "InsetCore"], swiftSettings: testSettings),
        .testTarget(name: "InsetRenderTests", dependencies: ["InsetTestSupport", "InsetRender", "InsetCore", "CZlib"], swiftSettings: testSettings),
        .testTarget(name: "InsetMediaTests", dependencies: ["InsetTestSupport", "InsetMedia", "InsetCore", "CFFmpeg"], swiftSettings: testSettings),
        .testTarget(name: "InsetTerminalTests", dependencies: ["InsetTerminal", "InsetCore", "CNcurses"], swiftSettings: testSettings),
        .testTarget(name: "InsetAudioTests", dependencies: ["InsetAudio", "InsetMedia", "InsetCore", "CSDL2", "InsetTestSupport"], swiftSettings: testSettings),
        .testTarget(
            name: "InsetShellTests",
            dependencies: ["InsetTestSupport", "InsetShell", "InsetCore", "InsetRender", "InsetFuzzing"],
            swiftSettings: testSettings
        ),
        // The fuzz harness's own checks (the replay's idea of what a person sees).
        .testTarget(name: "InsetFuzzingTests", dependencies: ["InsetFuzzing", "InsetRender", "InsetCore"], swiftSettings: testSettings),
        .testTarget(name: "EndToEndTests", dependencies: ["InsetCore", "InsetTestSupport"], swiftSettings: testSettings),
        .testTarget(
            name: "InsetAppTests",
            dependencies: [
                "InsetApp", "InsetPlayback", "InsetCore", "InsetRender", "InsetMedia", "InsetTerminal", "InsetControl", "InsetMPRIS",
                "InsetTestSupport",
            ],
            swiftSettings: testSettings
        ),
    ]
)
