import ArgumentParser
import Foundation
import InsetApp
import InsetConfig
import InsetCore

/// How the sound is heard, under mpv's names where mpv has them: the delay of the sound
/// behind its picture, the device, how loud the video not heard plays beside another, and
/// whether one sound file follows another without a gap.
struct SoundArguments: ParsableArguments {
    @Option(name: .customLong("audio-delay"), parsing: .unconditional,
            help: ArgumentHelp("Play the sound this many seconds later than the picture (negative: earlier), -10 to 10, "
                               + "for late Bluetooth headphones: -0.2 (Ctrl++ / Ctrl+-, or ) and (, change it by 0.1). "
                               + "Each file keeps its own with its position.", valueName: "seconds"))
    var audioDelay: String?

    @Option(name: .customLong("audio-device"),
            help: ArgumentHelp("Play the sound on this device (a name --audio-device help lists), or auto for the "
                               + "system's default. SDL_AUDIODRIVER picks the driver.", valueName: "name"))
    var audioDevice: String?

    @Option(name: .customLong("window-volume"), parsing: .unconditional,
            help: ArgumentHelp("With two videos, how loud the one not heard plays, 0 to 100 on the volume's scale "
                               + "(A hears the other). Default: \(AppOptions.defaultWindowVolume).", valueName: "n"))
    var windowVolume: WholeNumberArgument?

    @Option(name: .customLong("gapless-audio"),
            help: ArgumentHelp("Between two sound files of a list: the next one's first sample right after the last one's, "
                               + "on one device: yes, weak (when both have the same rate and channels; the default) or no.",
                               valueName: "yes|weak|no"))
    var gaplessAudio: String?

    /// Its options that no row of the settings table names (the rest: `SettingsTable.insetOptionsWithValue`).
    static let optionsWithValue: Set<String> = ["--window-volume"]
    static let unconditionalOptions: Set<String> = ["--window-volume"]

    /// The delay as a time, nil when not given or not a number of seconds within the limit.
    var delay: MediaTime? {
        guard let audioDelay, let seconds = Double(audioDelay), seconds.isFinite,
              abs(seconds) <= AudioDelay.limit.seconds else { return nil }
        return .seconds(seconds)
    }

    func validate() throws {
        if let audioDelay, delay == nil {
            throw invalidValue("--audio-delay", audioDelay, "not a number of seconds from -10 to 10 (0.2, -0.15)")
        }
        try windowVolume?.validate(as: "--window-volume", in: ArgumentBounds.volume)
        if let gaplessAudio, GaplessAudio(rawValue: gaplessAudio) == nil {
            throw invalidValue("--gapless-audio", gaplessAudio, "expected yes, weak or no")
        }
        if audioDevice?.isEmpty == true { throw invalidValue("--audio-device", "''", "expected a device's name, auto or help") }
    }

    /// `--audio-device help`: lists the devices and says the player should not go on.
    func listDevicesIfAsked() throws -> Bool {
        guard audioDevice == "help" else { return false }
        do {
            let (driver, names) = try SoundDevices.list()
            var lines = "Sound devices (\(driver)); --audio-device takes a name, or auto for the default:\n  auto\n"
            lines += names.map { "  \($0)\n" }.joined()
            if names.isEmpty { lines += "  (the \(driver) driver names no device: it plays on its default)\n" }
            Output.lines(lines, to: .standardOutput)
        } catch {
            throw CommandFailure("\(error)")
        }
        return true
    }

    /// Sets the options on the player's, over the config file's.
    func apply(to options: inout AppOptions, config: Config) {
        options.audioDelay = delay ?? config.audioDelay ?? .zero
        let device = audioDevice ?? config.audioDevice
        options.audioDevice = device?.lowercased() == "auto" ? nil : device
        options.windowVolume = windowVolume?.value ?? config.windowVolume ?? AppOptions.defaultWindowVolume
        options.gaplessAudio = gaplessAudio.flatMap(GaplessAudio.init(rawValue:)) ?? config.gaplessAudio ?? .weak
    }
}
