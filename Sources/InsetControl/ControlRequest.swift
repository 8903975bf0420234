import InsetCore

/// One request read from a client: `{"command": ["seek", "+15"], "id": 7}` (the command may
/// also be one string, `"seek +15"`), or one of mpv's (`{"command": ["get_property",
/// "time-pos"], "request_id": 1}`), which `MpvIPC` reads and answers in mpv's shape.
public struct ControlRequest: Sendable, Hashable {
    /// Whose protocol a request speaks, and so the shape of its reply: Inset's `{"id",
    /// "result"}` or mpv's `{"request_id", "error", "data"}`.
    public enum Dialect: Sendable, Hashable { case inset, mpv }

    /// The connection it came on, for the reply.
    public let client: Int
    /// Sent back in the reply, whatever JSON it was; nil if the request had none.
    public let id: JSONValue?
    public let words: [String]
    public let dialect: Dialect
    /// The command array as sent (mpv's `set_property` takes a boolean or a number as it is).
    public let arguments: [JSONValue]
    /// An mpv text command (`loadfile 'a.mp4' append`, as `echo … | socat - SOCK` sends):
    /// carried out, answered with nothing, as mpv does.
    public var silent = false
    /// The shape of the reply, which is the dialect's but for one of mpv's own commands sent
    /// with Inset's `id` and no `request_id` (`inset ctl get_property pause`): carried out
    /// as mpv's, answered as Inset's, since the asker waits for its `id`.
    public var replyShape: Dialect

    public init(client: Int, id: JSONValue?, words: [String], dialect: Dialect = .inset, arguments: [JSONValue] = []) {
        self.client = client; self.id = id; self.words = words; self.dialect = dialect
        self.arguments = arguments.isEmpty ? words.map(JSONValue.string) : arguments
        replyShape = dialect
    }

    /// The request a line holds, or why it is not one (for an error reply).
    static func parse(_ line: Substring, client: Int) -> Result<ControlRequest, ControlReplyError> {
        guard let value = try? JSONValue(parsing: line) else {
            if let words = MpvIPC.textCommand(line) {
                var request = ControlRequest(client: client, id: nil, words: words, dialect: .mpv)
                request.silent = true
                return .success(request)
            }
            return .failure(.init(id: nil, message: "not JSON; expected {\"command\": [\"pause\"]}"))
        }
        guard case .object(let fields) = value else {
            return .failure(.init(id: nil, message: "expected an object, {\"command\": [\"pause\"]}"))
        }
        let id = fields["id"] ?? fields["request_id"]
        switch fields["command"] {
        case .array(let items)?:
            var words: [String] = []
            for item in items {
                switch item {
                case .string(let text): words.append(text)
                case .int(let number): words.append(String(number))
                case .double(let number): words.append(String(number))
                case .bool(let flag): words.append(flag ? "on" : "off")
                default:
                    guard MpvIPC.speaksMpv(fields: fields, words: words) else {
                        return .failure(.init(id: id, message: "a command's words are strings or numbers"))
                    }
                    words.append(item.line)
                }
            }
            let dialect: Dialect = MpvIPC.speaksMpv(fields: fields, words: words) ? .mpv : .inset
            var request = ControlRequest(client: client, id: dialect == .mpv ? fields["request_id"] ?? id : id,
                                         words: words, dialect: dialect, arguments: items)
            if fields["request_id"] == nil, fields["id"] != nil { request.replyShape = .inset }
            return .success(request)
        case .string(let text)?:
            return .success(ControlRequest(client: client, id: id, words: text.split(separator: " ").map(String.init)))
        default:
            if fields["request_id"] != nil { return .failure(.init(id: id, message: "invalid parameter", dialect: .mpv)) }
            return .failure(.init(id: id, message: "no \"command\"; expected {\"command\": [\"pause\"]}"))
        }
    }
}

struct ControlReplyError: Error {
    var id: JSONValue?
    var message: String
    var dialect: ControlRequest.Dialect = .inset
}

extension JSONValue {
    /// A reply: the request's id with the result, or with the error.
    static func reply(id: JSONValue?, result: JSONValue?, error: String?) -> JSONValue {
        var fields: [String: JSONValue] = ["id": id ?? .null]
        if let error { fields["error"] = .string(error) } else { fields["result"] = result ?? .null }
        return .object(fields)
    }
}
