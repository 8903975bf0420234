extension CommandTable {
    /// The words after a command's name, as a row's parser takes them. Every refusal ends
    /// with what the row expects (`expected seek +TIME | -TIME`, `quit takes no argument`),
    /// so each parser says only what was wrong.
    struct Arguments: Sendable {
        let name: String
        /// The row's `arguments`: what a refusal says would be valid.
        let usage: String
        let words: [String]

        /// A refusal: `why` (if said), then the usage.
        func refuse(_ why: String? = nil) -> Command.ParseError {
            let usage = usage.isEmpty ? "\(name) takes no argument" : "expected \(name) \(usage)"
            return Command.ParseError(reason: why.map { "\($0); \(usage)" } ?? usage)
        }

        func none() throws(Command.ParseError) {
            guard words.isEmpty else { throw refuse() }
        }

        func one() throws(Command.ParseError) -> String {
            guard words.count == 1 else { throw refuse() }
            return words[0]
        }

        func optionalOne() throws(Command.ParseError) -> String? {
            guard words.count <= 1 else { throw refuse() }
            return words.first
        }

        /// `text` as one of a closed set of words (`top-left`, `next`).
        func choice<T: RawRepresentable>(_ text: String, _: T.Type) throws(Command.ParseError) -> T
        where T.RawValue == String {
            guard let value = T(rawValue: text) else { throw refuse("'\(text)' is not one of them") }
            return value
        }

        /// The one argument, as one of a closed set of words.
        func oneChoice<T: RawRepresentable>(_ type: T.Type) throws(Command.ParseError) -> T where T.RawValue == String {
            try choice(try one(), type)
        }

        /// The one argument as a delay in seconds: `+S` or `-S` a step, `S` a value. Held to
        /// ±`limit` before the conversion to Int64, which trapped past it (`audio-delay +1e300`
        /// from the socket: scripts/fuzz --target numbers, issue 42 item 7).
        func oneDelay(limit: MediaTime) throws(Command.ParseError) -> (delay: MediaTime, isStep: Bool) {
            let text = try one()
            let signed = Self.signed(text)
            guard let seconds = Double(signed?.body ?? text), seconds.isFinite else {
                throw refuse("'\(text)' is not a number of seconds")
            }
            guard abs(seconds) <= limit.seconds else { throw refuse("'\(text)' is past \(Int(limit.seconds)) s") }
            return (MediaTime(microseconds: Int64((seconds * 1_000_000).rounded()) * Int64(signed?.sign ?? 1)), signed != nil)
        }

        /// `+15` as (1, "15"), `-1:30` as (-1, "1:30"); nil without a sign.
        static func signed(_ text: String) -> (sign: Int, body: String)? {
            guard let first = text.first, first == "+" || first == "-" else { return nil }
            return (first == "-" ? -1 : 1, String(text.dropFirst()))
        }
    }
}
