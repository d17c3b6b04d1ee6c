import GripFitClinical
import GripFitCore
import GripFitExchange
import GripFitOutput
import GripFitRecords
import GripFitStore

/// The clinical reading and the history's refusals as the page says them: what to do in the page,
/// or, where the page has no way (changing a subject, calibrating), the command named as one. The
/// shared wording says `subject edit --sex` for the terminal; a browser user has no such option.
enum PageWording {
    /// `show A<n>`'s clinical lines for the page: the comparisons with the norm's and EWGSOP2's
    /// missing facts worded for a browser (a run for no subject says so), then the rest as they are.
    static func lines(_ view: ClinicalView) -> [String] {
        view.comparisonLines.map { reworded($0, view) } + consistency(view)
    }

    /// Where the best grip falls, for the assessments' list: the centile band with its percentile
    /// where the table supports one, or why there is none.
    static func centile(_ view: ClinicalView) -> String {
        switch view.norm {
        case .placed(let result):
            result.band + (result.withinTable ? " (percentile \(result.percentile.formatted(decimals: 0)))" : "")
        case .unavailable(let reasons): "no norm: " + briefly(reasons, subject: view.assessment.facts.subject)
        case nil: "no counted trial"
        }
    }

    /// The view's lines after its comparisons: each hand's trial consistency.
    static func consistency(_ view: ClinicalView) -> [String] {
        let comparisons = view.comparisonLines
        return view.clinicalLines.starts(with: comparisons) ? Array(view.clinicalLines.dropFirst(comparisons.count)) : []
    }

    /// A shared line whose unavailable norm or EWGSOP2 text ends it, with that text said for the page.
    private static func reworded(_ line: String, _ view: ClinicalView) -> String {
        let subject = view.assessment.facts.subject
        if let norm = view.norm, case .unavailable(let reasons) = norm, line.hasSuffix(norm.text) {
            return String(line.dropLast(norm.text.count)) + "No norm: " + words(reasons, subject: subject)
        }
        if let ewgsop2 = view.ewgsop2, case .unavailable(let reasons) = ewgsop2, line.hasSuffix(ewgsop2.text) {
            return String(line.dropLast(ewgsop2.text.count)) + "No EWGSOP2 comparison: " + words(reasons, subject: subject)
        }
        return line
    }

    /// The reasons, each once: a run for no subject has neither sex nor age, and says so once.
    static func words(_ reasons: [NormMissing], subject: String?) -> String {
        var said: [String] = []
        for reason in reasons {
            let text = words(reason, subject: subject)
            if !said.contains(text) { said.append(text) }
        }
        return said.joined(separator: "; ")
    }

    static func words(_ reason: NormMissing, subject: String?) -> String {
        switch reason {
        case .uncalibrated:
            return "the GripFit was not calibrated (the page cannot calibrate; in a terminal, “gripfit-serial calibrate --mass "
                + "10kg” does; then measure again)"
        case .sexUnknown, .ageUnknown:
            guard let subject else {
                return "the run was for no subject (pick the subject, or add one with New…, before Start protocol)"
            }
            let code = UntrustedText.escaped(subject)
            return reason == .sexUnknown
                ? "\(code)'s sex is not recorded (the page cannot change a subject; in a terminal, "
                    + "“gripfit-serial subject edit \(code) --sex female” or “--sex male” adds it)"
                : "\(code)'s age is not known (the page cannot change a subject; in a terminal, "
                    + "“gripfit-serial subject edit \(code) --birth-date YYYY-MM-DD” adds it)"
        default:
            return reason.description
        }
    }

    /// The reasons in a few words each, for a table's cell (the result card and report say the whole).
    static func briefly(_ reasons: [NormMissing], subject: String?) -> String {
        var said: [String] = []
        for reason in reasons {
            let text: String
            switch reason {
            case .uncalibrated: text = "not calibrated"
            case .sexUnknown: text = subject == nil ? "no subject" : "sex not recorded"
            case .ageUnknown: text = subject == nil ? "no subject" : "age not known"
            default: text = reason.description
            }
            if !said.contains(text) { said.append(text) }
        }
        return said.joined(separator: "; ")
    }

    /// The store's refusals the page can meet, said for the page; nil for the others, whose own
    /// words (a damaged file, a server away) name what an administrator does.
    static func failure(_ error: StoreError, storedCode: String? = nil) -> String? {
        switch error {
        case .notFound(let id):
            "No session \(id) in the history: open the History tab again for the sessions there are."
        case .unknownSubject(let code):
            "No subject '\(UntrustedText.escaped(code))' in the history: reload the page and pick one, or add one with New…."
        case .duplicateSubject(let code):
            "Subject \(UntrustedText.escaped(storedCode ?? code)) exists already: pick it in the Subject list, or give another code."
        case .unknownAssessment(let id):
            "No assessment \(StoredAssessment.name(id)) in the history: the History tab lists the assessments there are."
        default:
            nil
        }
    }
}
