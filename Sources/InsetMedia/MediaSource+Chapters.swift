import CFFmpeg
import InsetCore

extension MediaSource {
    /// The container's chapters (AVFormatContext's `chapters`), read with the rest of the
    /// facts when the file is opened: no second demux. Times are on the streams' timeline,
    /// as playback positions are; a chapter with no usable start is left out.
    static func chapters(of context: UnsafeMutablePointer<AVFormatContext>) -> [Chapter] {
        guard let list = context.pointee.chapters else { return [] }
        var chapters: [Chapter] = []
        for index in 0..<Int(context.pointee.nb_chapters) {
            // A damaged file can give any numbers (a zero time base rescales to Int64.min):
            // times past `MediaTime.longest` are left out, so the arithmetic on them cannot trap.
            guard let chapter = list[index], chapter.pointee.time_base.num > 0, chapter.pointee.time_base.den > 0,
                  let start = StreamTime.media(chapter.pointee.start, in: chapter.pointee.time_base),
                  MediaSource.isNameable(start) else { continue }
            var end = StreamTime.media(chapter.pointee.end, in: chapter.pointee.time_base) ?? start
            if !MediaSource.isNameable(end) { end = start }
            var title: String?
            if let entry = av_dict_get(chapter.pointee.metadata, "title", nil, 0), let value = entry.pointee.value {
                let text = String(cString: value)
                title = text.isEmpty ? nil : text
            }
            chapters.append(Chapter(start: start, end: max(start, end), title: title))
        }
        return ChapterList(chapters).chapters
    }

    /// Within `MediaTime.longest` either way (av_rescale_q gives Int64.min on overflow,
    /// whose `abs` would trap).
    private static func isNameable(_ time: MediaTime) -> Bool {
        (-MediaTime.longest.microseconds...MediaTime.longest.microseconds).contains(time.microseconds)
    }
}
