import CSDL2

/// The SDL2 library loaded at run time (`SDL_GetVersion`), for `inset doctor`.
public enum SDLVersion {
    public static var text: String {
        var version = SDL_version()
        SDL_GetVersion(&version)
        return "\(version.major).\(version.minor).\(version.patch)"
    }
}
