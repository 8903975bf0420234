/// A D-Bus value of the few types MPRIS speaks, as plain Swift: what a call's arguments are
/// read into and what replies and signals are written from (`BusMessage`). Pure, so the
/// MPRIS mapping and its tests never touch libdbus.
public indirect enum BusValue: Equatable, Sendable {
    case string(String)
    /// `o`: a path such as a track id (`/org/inset/track/3`).
    case objectPath(String)
    /// `x`: positions and offsets, in microseconds.
    case int64(Int64)
    case double(Double)
    case bool(Bool)
    /// `as`.
    case strings([String])
    /// `a{sv}`: each value goes out wrapped in a variant (properties, metadata).
    case dictionary([BusEntry])
    /// `v`: a property's value in `Get`'s reply and `Set`'s argument.
    case variant(BusValue)

    /// The D-Bus signature of the value.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .int64: "x"
        case .double: "d"
        case .bool: "b"
        case .strings: "as"
        case .dictionary: "a{sv}"
        case .variant: "v"
        }
    }

    /// The value inside a variant (a variant's variant too); any other value as it is.
    public var unwrapped: BusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// A number, whichever numeric type the client sent it as.
    public var number: Double? {
        switch unwrapped {
        case .double(let value): value
        case .int64(let value): Double(value)
        default: nil
        }
    }

    /// The value for `key` in a dictionary; nil for a missing key or another type.
    public subscript(key: String) -> BusValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// One `{sv}` of a dictionary: entries keep their order, as the reply lists them.
public struct BusEntry: Equatable, Sendable {
    public var key: String
    public var value: BusValue

    public init(_ key: String, _ value: BusValue) {
        self.key = key
        self.value = value
    }
}
