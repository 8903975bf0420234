/// One request read from a client: `{"command": ["seek", "+15"], "id": 7}` (the command may
/// also be one string, `"seek +15"`; `request_id` is taken for `id`, as mpv's clients send).
public struct ControlRequest: Sendable, Hashable {
    /// The connection it came on, for the reply.
    public let client: Int
    /// Sent back in the reply, whatever JSON it was; nil if the request had none.
    public let id: JSONValue?
    public let words: [String]

    public init(client: Int, id: JSONValue?, words: [String]) {
        self.client = client; self.id = id; self.words = words
    }

    /// The request a line holds, or why it is not one (for an error reply).
    static func parse(_ line: Substring, client: Int) -> Result<ControlRequest, ControlReplyError> {
        guard let value = try? JSONValue(parsing: line) else {
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
                default: return .failure(.init(id: id, message: "a command's words are strings or numbers"))
                }
            }
            return .success(ControlRequest(client: client, id: id, words: words))
        case .string(let text)?:
            return .success(ControlRequest(client: client, id: id, words: text.split(separator: " ").map(String.init)))
        default:
            return .failure(.init(id: id, message: "no \"command\"; expected {\"command\": [\"pause\"]}"))
        }
    }
}

struct ControlReplyError: Error {
    var id: JSONValue?
    var message: String
}

extension JSONValue {
    /// A reply: the request's id with the result, or with the error.
    static func reply(id: JSONValue?, result: JSONValue?, error: String?) -> JSONValue {
        var fields: [String: JSONValue] = ["id": id ?? .null]
        if let error { fields["error"] = .string(error) } else { fields["result"] = result ?? .null }
        return .object(fields)
    }
}
