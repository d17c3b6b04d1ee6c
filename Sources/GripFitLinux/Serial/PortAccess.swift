import CUdev
import Glibc

/// Whether this user may open a port, and if not, which of group, uaccess ACL or mode is why.
public struct PortAccess: Equatable, Sendable {
    public var path: String
    public var canOpen: Bool
    /// The port's group, by name when /etc/group has it.
    public var group: String
    public var mode: mode_t
    public var inGroup: Bool
    /// The port carries a POSIX ACL (what TAG+="uaccess" adds for the seat's user).
    public var hasACL: Bool
    public var isRoot: Bool

    public init(path: String, canOpen: Bool, group: String, mode: mode_t, inGroup: Bool, hasACL: Bool, isRoot: Bool) {
        self.path = path
        self.canOpen = canOpen
        self.group = group
        self.mode = mode
        self.inGroup = inGroup
        self.hasACL = hasACL
        self.isRoot = isRoot
    }

    /// Reads the port's owner, mode and ACL, and this process's groups.
    /// The corresponding C functions are `access`, `stat`, `getgroups` and `getxattr`.
    public static func inspect(path: String) throws(PortError) -> PortAccess {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { throw .notFound(path: path) }
            throw .system(path: path, call: "stat", errno: code)
        }
        let canOpen = access(path, R_OK | W_OK) == 0
        let group = getgrgid(info.st_gid).map { String(cString: $0.pointee.gr_name) } ?? "gid \(info.st_gid)"
        let count = getgroups(0, nil)
        var groups = [gid_t](repeating: 0, count: Int(max(count, 0)))
        let filled = getgroups(count, &groups)
        let inGroup = getegid() == info.st_gid || groups.prefix(Int(max(filled, 0))).contains(info.st_gid)
        let hasACL = getxattr(path, "system.posix_acl_access", nil, 0) > 0
        return PortAccess(
            path: path,
            canOpen: canOpen,
            group: group,
            mode: info.st_mode & 0o7777,
            inGroup: inGroup,
            hasACL: hasACL,
            isRoot: geteuid() == 0
        )
    }

    public var modeOctal: String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The doctor's line for this port.
    public var check: DoctorCheck {
        let title = "permission"
        if canOpen {
            let how = isRoot ? "as root" : hasACL ? "through the uaccess ACL or group \(group)" : "through group \(group)"
            return .pass(title, "you can open \(path) (\(how), mode \(modeOctal))")
        }
        var reasons: [String] = []
        var fixes: [String] = []
        if !inGroup {
            reasons.append("you are not in group \(group)")
            fixes.append("`sudo usermod -aG \(group) $USER`, then log out and in again")
        } else if mode & 0o060 != 0o060 {
            reasons.append("mode \(modeOctal) gives group \(group) no read/write")
            fixes.append("install the udev rules (`sudo make install-udev`, MODE=0660) and replug")
        }
        if !hasACL {
            reasons.append("no uaccess ACL for you")
            fixes.append("install the udev rules (TAG+=\"uaccess\", for a local login session) and replug")
        }
        if reasons.isEmpty { reasons.append("access(2) refuses read/write with mode \(modeOctal), group \(group)") }
        if fixes.isEmpty { fixes.append("install the udev rules (`sudo make install-udev`) and replug the dongle") }
        return .fail(title, "you cannot open \(path): " + reasons.joined(separator: "; "), fix: fixes.joined(separator: "; or "))
    }
}
