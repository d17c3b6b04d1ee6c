import GripFitClinical
import GripFitOutput

/// A subject as the page's picker gets it: the facts `subject list` shows, never more (no note,
/// which is for the person at the terminal). Escaped once, by ``JSONObject``.
enum SubjectJSON {
    static func object(_ subject: Subject) -> JSONObject {
        var object = JSONObject()
        object.set("code", subject.code)
        if let sex = subject.sex { object.set("sex", sex.rawValue) } else { object.setNull("sex") }
        if let birth = subject.birth { object.set("birth", birth.description) } else { object.setNull("birth") }
        if let dominant = subject.dominant { object.set("dominant", dominant.rawValue) } else { object.setNull("dominant") }
        return object
    }
}
