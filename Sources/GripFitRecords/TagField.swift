/// One of the tags that file a session under a subject and an assessment (subject, assessment,
/// attempt, flag), described once: its key in the history's CSV and JSON, the dashboard's rows
/// and the export's CSV, `show`'s label, and its text. Every output walks ``all``, as the figures
/// walk ``SummaryField/all``, so none of them leaves a tag out.
public struct TagField: Sendable {
    /// The key in JSON and the column in CSV.
    public let key: String
    /// `show`'s name for it.
    public let label: String
    /// A whole number in JSON (the attempt); the others are text.
    public let isNumber: Bool
    /// The tag as text (the assessment as its name, `A3`, as `show A3` takes it); nil when untagged.
    public let text: @Sendable (SessionTags) -> String?
    /// Sets the tag from its text in an export's CSV; false when the text is not one.
    package let assign: @Sendable (inout SessionTags, String) -> Bool

    public static let all: [TagField] = [
        TagField(
            key: "subject",
            label: "subject",
            isNumber: false,
            text: { $0.subject },
            assign: { tags, text in
                tags.subject = text
                return true
            }
        ),
        TagField(
            key: "assessment",
            label: "assessment",
            isNumber: false,
            text: { $0.assessment.map(StoredAssessment.name) },
            assign: { tags, text in
                tags.assessment = StoredAssessment.id(named: text)
                return tags.assessment != nil
            }
        ),
        TagField(
            key: "attempt",
            label: "attempt",
            isNumber: true,
            text: { $0.attempt.map(String.init) },
            assign: { tags, text in
                tags.attempt = Int(text).flatMap { (1...1_000).contains($0) ? $0 : nil }
                return tags.attempt != nil
            }
        ),
        TagField(
            key: "flag",
            label: "flagged",
            isNumber: false,
            text: { $0.flag },
            assign: { tags, text in
                tags.flag = text
                return true
            }
        ),
    ]
}
