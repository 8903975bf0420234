import Foundation
import InsetAudio
import InsetMedia
import InsetMPRIS
import InsetScripts
import InsetShell

/// What `inset doctor` asks of the parts below the app, which the command line does not
/// link itself: the sound driver and devices (SDL2, started and stopped again), whether a
/// name can be had on the session bus (taken and given back at once), and the libraries'
/// versions as they report themselves. The findings' wording is `DoctorFindings`'.
public enum DoctorMachine {
    public static func sound() -> DoctorLine {
        do {
            let (driver, names) = try SoundDevices.list()
            return DoctorFindings.sound(driver: driver, devices: names, failure: nil)
        } catch {
            return DoctorFindings.sound(driver: nil, devices: [], failure: "\(error)")
        }
    }

    public static func mpris() -> DoctorLine {
        do {
            let bus = try SessionBus(name: MPRISProperties.busName(pid: getpid()), path: MPRISProperties.objectPath)
            bus.close()
            return DoctorFindings.mpris(failure: nil)
        } catch {
            switch error {
            case .noBus(let why), .nameTaken(let why), .refused(let why): return DoctorFindings.mpris(failure: why)
            }
        }
    }

    public static func libraries() -> [DoctorLine] {
        let ffmpeg = MediaLibraryVersions.ffmpeg.map { "\($0.name.dropFirst(3)) \($0.version)" }.joined(separator: ", ")
        return DoctorFindings.libraries([("FFmpeg", ffmpeg), ("SDL2", SDLVersion.text), ("libass", MediaLibraryVersions.libass),
                                         ("libvterm", VTermVersion.text + " (headers)"), ("LuaJIT", LuaJITVersion.text)])
    }
}
