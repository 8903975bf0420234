#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension stat {
    /// When the file last changed, in nanoseconds since 1970: glibc names the field
    /// `st_mtim`, Darwin `st_mtimespec`.
    public var modifiedNanoseconds: Int64 {
        #if canImport(Darwin)
        let time = st_mtimespec
        #else
        let time = st_mtim
        #endif
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
