import GripFitCore

/// A stored session or its listing row: both carry the device's versions, the tags and the station, and read
/// them field by field through here, so the fields are spelled out once.
public protocol FiledSession {
    var versions: DeviceVersions { get set }
    var tags: SessionTags { get set }
    /// The station that recorded it; nil for sessions from before stations.
    var station: String? { get }
    /// Its stable name (``StableName``), `s-…`; nil for a session not yet saved.
    var name: String? { get }
}

extension FiledSession {
    public var firmware: String? {
        get { versions.firmware }
        set { versions.firmware = newValue }
    }

    public var bridgeVersion: String? {
        get { versions.bridge }
        set { versions.bridge = newValue }
    }

    public var label: String? {
        get { tags.label }
        set { tags.label = newValue }
    }

    public var hand: Hand? {
        get { tags.hand }
        set { tags.hand = newValue }
    }

    public var protocolName: String? {
        get { tags.protocolName }
        set { tags.protocolName = newValue }
    }

    public var trial: Int? {
        get { tags.trial }
        set { tags.trial = newValue }
    }

    public var subject: String? {
        get { tags.subject }
        set { tags.subject = newValue }
    }
}
