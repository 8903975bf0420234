import CFFmpeg
import InsetCore

/// A font a file carries for its subtitles (a Matroska attachment): its file name and bytes.
public struct FontAttachment: Sendable, Equatable {
    public var name: String
    public var data: [UInt8]

    public init(name: String, data: [UInt8]) { self.name = name; self.data = data }
}

extension MediaSource {
    /// The fonts attached to the file, which its ASS styles name (anime releases carry
    /// theirs): the attachment streams whose MIME type or name says font. libavformat
    /// puts an attachment's bytes in the stream's extradata.
    public var fontAttachments: [FontAttachment] {
        var fonts: [FontAttachment] = []
        for index in 0..<Int(format.pointee.nb_streams) {
            guard let stream = format.pointee.streams[index] else { continue }
            let parameters = stream.pointee.codecpar.pointee
            guard parameters.codec_type == AVMEDIA_TYPE_ATTACHMENT, let bytes = parameters.extradata,
                  parameters.extradata_size > 0 else { continue }
            let name = MediaSource.tag("filename", of: stream) ?? "font\(index)"
            let mime = (MediaSource.tag("mimetype", of: stream) ?? "").lowercased()
            guard FontAttachment.isFont(name: name, mime: mime) else { continue }
            fonts.append(FontAttachment(name: name, data: Array(UnsafeBufferPointer(start: bytes, count: Int(parameters.extradata_size)))))
        }
        return fonts
    }
}

extension FontAttachment {
    /// mpv's test (sub/sd_ass.c): a font MIME type, or a font file's extension.
    static func isFont(name: String, mime: String) -> Bool {
        if mime.contains("font") || mime == "application/vnd.ms-opentype" { return true }
        let lower = name.lowercased()
        return [".ttf", ".ttc", ".otf", ".otc"].contains { lower.hasSuffix($0) }
    }
}
