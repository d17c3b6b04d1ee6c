import Glibc
import GripFitDashboard
import GripFitRecords
import GripFitStore

/// Who the audit trail says acts at this station, and the trail commands record into.
extension Station {
    /// The operating system's user (the effective uid's name, else `uid N`) at this station's name.
    /// `GRIPFIT_ACTOR` names someone else, for a shared login or a test's second user: the entry
    /// then keeps the name with the OS user who declared it (role `declared by os-user NAME`), so a
    /// declared name is never taken for the system's word.
    var auditActor: AuditActor {
        let uid = geteuid()
        let system = getpwuid(uid).flatMap { entry in entry.pointee.pw_name.map { String(cString: $0) } } ?? "uid \(uid)"
        let station = name ?? "unnamed station"
        if let declared = environment["GRIPFIT_ACTOR"], !declared.isEmpty {
            return AuditActor(name: declared, role: "declared by os-user \(system)", station: station)
        }
        return AuditActor(name: system, role: "os-user", station: station)
    }

    /// Records `event` in the history this station uses by default (GRIPFIT_HISTORY, config.toml, else
    /// its own file), for a command that has no history of its own to hand (`calibrate`); a
    /// history that does not open is said, as a trail that cannot be written is.
    func auditInDefaultHistory(_ event: AuditEvent) {
        do {
            audit(try history(at: location(HistoryOption.parse([])))).record(event)
        } catch {
            StandardOutput.error("gripfit-serial: not recorded in the audit trail (\(event.action.rawValue)): \(error)")
        }
    }

    /// The dashboard's trail. Each request's entry names its token's holder (``TokenHolder``); this
    /// actor is for what no token is bound to: without tokens, on loopback, whoever uses this
    /// machine, said so; the one `--token`/`--generate-token` is `admin`; with named tokens only,
    /// the dashboard itself (a save that neither a request nor a recording's starter is bound to).
    func dashboardAudit(_ opened: OpenedHistory, token: String?, named: Bool = false) -> AuditTrail {
        let station = name ?? "unnamed station"
        let actor =
            if token != nil {
                AuditActor(name: "admin", role: "admin", station: station)
            } else if named {
                AuditActor(name: "dashboard", role: "the dashboard (no token bound)", station: station)
            } else {
                AuditActor(name: "loopback", role: "no token (this machine's users)", station: station)
            }
        return AuditTrail(opening: { try opened.get() }, actor: actor, warn: StandardOutput.error)
    }

    /// The audit trail of `history` as this station's user writes to it.
    func audit(_ history: any SessionHistory) -> AuditTrail {
        AuditTrail(history: history, actor: auditActor, warn: StandardOutput.error)
    }
}
