#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders a site is never written into, even with `--force`: the system's own, and the folders
/// that hold other people's folders. Judged on the canonical path, so a symbolic link or `..`
/// cannot lead there by another name.
public struct ProtectedFolders: Sendable {
    /// The system's own files: refused at any depth.
    static let systemTrees = [
        "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin", "/sys",
        "/usr/bin", "/usr/include", "/usr/lib", "/usr/lib32", "/usr/lib64", "/usr/libexec", "/usr/sbin",
        // macOS (/etc is a link to /private/etc there).
        "/System", "/private/etc", "/private/var/db", "/cores",
    ]
    /// Inside the system's trees, memory file systems meant for anyone's files: a folder of its
    /// own in them is fine (`/dev/shm/site`, `/run/user/1000/site`).
    static let openTrees = ["/dev/shm", "/run/shm", "/run/user"]
    /// Folders that hold other folders, refused themselves; a site in a folder of its own inside
    /// them (`/srv/site`, `/var/www/html`, `/tmp/site`) is fine.
    static let containers = [
        "/", "/home", "/media", "/mnt", "/opt", "/root", "/snap", "/srv", "/tmp", "/usr", "/usr/local", "/usr/share",
        "/var", "/var/cache", "/var/lib", "/var/local", "/var/log", "/var/mail", "/var/opt", "/var/spool", "/var/tmp",
        "/Applications", "/Library", "/Users", "/Volumes", "/private", "/private/tmp", "/private/var",
    ]

    /// Home folders of the user running Waymark (and of the one behind `sudo`); every folder
    /// above one is refused too.
    var homes: [String]
    /// The home folder of the user with a name, for an output named like a user (`/home/ann`).
    var homeOfUser: @Sendable (String) -> String?

    public init(homes: [String], homeOfUser: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.homes = homes
        self.homeOfUser = homeOfUser
    }

    /// This process's: `$HOME`, the homes of its real and effective users and of `$SUDO_UID`,
    /// and the user database for a name (looked up one name at a time: a directory service can
    /// hold many thousands of users).
    public static var ofThisProcess: ProtectedFolders {
        var homes: [String] = []
        if let home = getenv("HOME") { homes.append(String(cString: home)) }
        var ids = [getuid(), geteuid()]
        if let sudo = getenv("SUDO_UID"), let id = UInt32(String(cString: sudo)) { ids.append(uid_t(id)) }
        homes += ids.compactMap { id in userHome { entry, buffer, size, result in getpwuid_r(id, entry, buffer, size, result) } }
        return ProtectedFolders(homes: homes.compactMap(canonical)) { name in
            userHome { entry, buffer, size, result in getpwnam_r(name, entry, buffer, size, result) }.flatMap(canonical)
        }
    }

    private static func userHome(_ lookup: (UnsafeMutablePointer<passwd>, UnsafeMutablePointer<CChar>, Int,
                                            UnsafeMutablePointer<UnsafeMutablePointer<passwd>?>) -> Int32) -> String? {
        var entry = passwd()
        var buffer = [CChar](repeating: 0, count: 16_384)
        var result: UnsafeMutablePointer<passwd>?
        let status = buffer.withUnsafeMutableBufferPointer { raw -> Int32 in
            guard let base = raw.baseAddress else { return -1 }
            return lookup(&entry, base, raw.count, &result)
        }
        guard status == 0, result != nil, let dir = entry.pw_dir else { return nil }
        return String(cString: dir)
    }

    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Why no file of Waymark's may be written into `path` (canonical, absolute) at all: the
    /// operating system's own folders, but for the memory file systems in them. A config beside
    /// a user's exports may be in a home folder or `/tmp`, which hold a site's many files badly.
    public static func systemRefusal(_ path: String) -> String? {
        if openTrees.contains(where: { path.hasPrefix($0 + "/") }) { return nil }
        guard let tree = systemTrees.first(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return nil }
        return tree == path ? "it is a folder of the operating system" : "it is inside \(Diagnostic.path(tree)), a folder of the operating system"
    }

    /// Why a site may not be written into `path` (canonical, absolute); nil when it may. The
    /// folder it suggests inside a container or a home is named `suggesting`.
    public func refusal(_ path: String, suggesting folder: String = "site") -> String? {
        if let open = ProtectedFolders.openTrees.first(where: { path == $0 || path.hasPrefix($0 + "/") }) {
            let below = path.dropFirst(open.count).split(separator: "/")
            // /run/user holds one folder per user: a site goes inside the user's.
            if below.count > (open == "/run/user" ? 1 : 0) { return nil }
            return "it is a folder of the system that holds other folders; use a folder of its own inside it, such as \(Diagnostic.path(path))/\(folder)"
        }
        if let tree = ProtectedFolders.systemTrees.first(where: { path == $0 || path.hasPrefix($0 + "/") }) {
            return tree == path ? "it is a folder of the operating system" : "it is inside \(Diagnostic.path(tree)), a folder of the operating system"
        }
        // A home first: /root is root's home, though it is among the containers too.
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        if homes.contains(path) || (!name.isEmpty && homeOfUser(name) == path) {
            return "it is a home folder; use a folder of its own inside it, such as \(path == "/" ? "" : Diagnostic.path(path))/\(folder)"
        }
        if ProtectedFolders.containers.contains(path) {
            return "it is a folder of the system that holds other folders; use a folder of its own inside it, such as \(path == "/" ? "" : path)/\(folder)"
        }
        if homes.contains(where: { $0.hasPrefix(path + "/") }) {
            return "it holds home folders"
        }
        return nil
    }
}
