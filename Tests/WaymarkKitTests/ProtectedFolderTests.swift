import Foundation
import Testing
@testable import WaymarkKit

/// System folders and home folders are never an output, even with --force, also when a link or
/// `..` leads there. Nothing here writes to a real system folder: the refusal is by name, checked
/// before anything is made (the file system given to the build records any change), and the one
/// test that runs the binary does it in a private mount namespace with a tmpfs over /etc.
struct ProtectedFolderTests {
    let demo = TestPaths.repo.path + "/Examples/demo"

    /// The local file system, reading only: every change is written to `changes` and fails.
    func recording(_ changes: TextSink) -> FileSystem {
        var fs = FileSystem.local
        @Sendable func refuse(_ what: String, _ path: String) -> FileSystemError {
            changes.append("\(what) \(path)\n")
            return FileSystemError(path: path, operation: what, reason: .permissionDenied, detail: "recorded")
        }
        fs.createDirectory = { (p) throws(FileSystemError) in throw refuse("mkdir", p) }
        fs.writeFile = { (p, _) throws(FileSystemError) in throw refuse("write", p) }
        fs.rename = { (p, _) throws(FileSystemError) in throw refuse("rename", p) }
        fs.renameNoReplace = { (p, _) throws(FileSystemError) in throw refuse("rename", p) }
        fs.removeFile = { (p) throws(FileSystemError) in throw refuse("remove", p) }
        fs.removeEmptyDirectory = { (p) throws(FileSystemError) in throw refuse("rmdir", p) }
        fs.setMode = { (p, _, _) throws(FileSystemError) in throw refuse("chmod", p) }
        fs.lock = { (p) throws(FileSystemError) -> FileLock? in throw refuse("lock", p) }
        fs.lockFolder = { (p, _) throws(FileSystemError) -> FileLock? in throw refuse("lock", p) }
        return fs
    }

    @Test func systemFoldersAreRefusedEvenWithForce() throws {
        let dir = TemporaryDirectory()
        let depth = dir.path.split(separator: "/").count
        for (n, folder) in ["/", "/etc", "/usr", "/var", "/bin", "/sbin", "/lib", "/boot", "/dev", "/proc", "/sys", "/opt", "/root", "/home",
                            "/tmp", "/srv", "/usr/lib", "/var/lib"].enumerated() {
            guard let canonical = FileSystem.local.canonicalPath(folder) else { continue }
            #expect(symlink(folder, dir.file("link-\(n)")) == 0)
            let dots = dir.path + String(repeating: "/..", count: depth) + (folder == "/" ? "" : folder)
            for output in [dir.file("link-\(n)"), dir.file("link-\(n)/"), dots] {
                let changes = TextSink()
                let run = CLIRun(["build", "-q", demo, "-o", output, "--force"], fileSystem: recording(changes))
                #expect(run.code == 73, "\(output)")
                #expect(run.stderr.contains("refusing to write a site into \(canonical) (where \(output) leads): it "), "\(run.stderr)")
                #expect(run.stderr.contains(". Not even --force writes there."), "\(run.stderr)")
                #expect(changes.value.isEmpty, "\(output): \(changes.value)")
            }
        }
    }

    /// Inside the system's folders, also a folder still to be made there.
    @Test func foldersInsideTheSystemAreRefusedBeforeAnythingIsMade() throws {
        let dir = TemporaryDirectory()
        #expect(symlink("/etc", dir.file("etc")) == 0 && symlink("/usr", dir.file("usr")) == 0)
        for (output, inside) in [("etc/site", "/etc"), ("etc/new/deeper/site", "/etc"), ("usr/lib/site", "/usr/lib"), ("etc/../etc/x", "/etc")] {
            let changes = TextSink()
            let run = CLIRun(["build", "-q", demo, "-o", dir.file(output), "--force"], fileSystem: recording(changes))
            #expect(run.code == 73, "\(output)")
            #expect(run.stderr.contains("it is inside \(inside), a folder of the operating system. Not even --force writes there."), "\(run.stderr)")
            #expect(changes.value.isEmpty, "\(output): \(changes.value)")
        }
    }

    /// A sample export and a theme are refused the same folders as a site, before anything is
    /// made, through a link or `..`, with or without --force.
    @Test func samplesAndThemesAreRefusedTheSameFolders() throws {
        let dir = TemporaryDirectory()
        #expect(symlink("/etc", dir.file("etc")) == 0)
        let cases: [([String], String)] = [
            (["sample", "-q", "-o"], "a sample export"), (["sample", "--force", "-o"], "a sample export"),
            (["init-theme", "-q"], "a theme"), (["init-theme", "--force"], "a theme"),
        ]
        for (command, what) in cases {
            for (output, reason) in [("etc", "it is a folder of the operating system"), ("etc/new/theme", "it is inside /etc, a folder of the operating system")] {
                let changes = TextSink()
                let run = CLIRun(command + [dir.file(output)], fileSystem: recording(changes))
                #expect(run.code == 73, "\(command) \(output): \(run.stderr)")
                let canonical = output == "etc" ? "/etc" : "/etc/new/theme"
                #expect(run.stderr == "error: refusing to write \(what) into \(canonical) (where \(dir.file(output)) leads): \(reason). Not even --force writes there.\n")
                #expect(changes.value.isEmpty, "\(output): \(changes.value)")
            }
        }
        // init writes a config beside the exports: refused only in the system's own folders.
        for (output, reason) in [("etc", "it is a folder of the operating system")] {
            let changes = TextSink()
            let run = CLIRun(["init", "--force", dir.file(output)], fileSystem: recording(changes))
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr == "error: refusing to write a config into /etc (where \(dir.file(output)) leads): \(reason). Not even --force writes there.\n")
            #expect(changes.value.isEmpty, "\(changes.value)")
        }
        #expect(ProtectedFolders.systemRefusal("/usr/lib/x") == "it is inside /usr/lib, a folder of the operating system")
        #expect(ProtectedFolders.systemRefusal("/dev/shm/exports") == nil && ProtectedFolders.systemRefusal("/tmp") == nil)
        #expect(ProtectedFolders.systemRefusal("/home/ann") == nil && ProtectedFolders.systemRefusal("/etcetera") == nil)
        // A folder of its own elsewhere is written as before.
        let sample = CLIRun(["sample", "-q", "-o", dir.file("mine")])
        #expect(sample.code == 0 && FileManager.default.fileExists(atPath: dir.file("mine/points.json")))
    }

    /// What is refused and what is not, exactly.
    @Test func theRuleIsByCanonicalPath() {
        let folders = ProtectedFolders(homes: ["/home/ann"]) { $0 == "bob" ? "/srv/people/bob" : nil }
        #expect(folders.refusal("/etc") == "it is a folder of the operating system")
        #expect(folders.refusal("/etc/nginx/site") == "it is inside /etc, a folder of the operating system")
        #expect(folders.refusal("/private/etc") == "it is a folder of the operating system")
        #expect(folders.refusal("/srv") == "it is a folder of the system that holds other folders; use a folder of its own inside it, such as /srv/site")
        #expect(folders.refusal("/") == "it is a folder of the system that holds other folders; use a folder of its own inside it, such as /site")
        #expect(folders.refusal("/home/ann") == "it is a home folder; use a folder of its own inside it, such as /home/ann/site")
        #expect(folders.refusal("/srv/people/bob") == "it is a home folder; use a folder of its own inside it, such as /srv/people/bob/site")
        #expect(folders.refusal("/srv/people") == nil)
        #expect(folders.refusal("/home") != nil)
        #expect(folders.refusal("/dev/shm") != nil && folders.refusal("/run/user/1000") != nil && folders.refusal("/dev/null") != nil)
        for allowed in ["/dev/shm/site", "/run/user/1000/site", "/srv/site", "/var/www/html", "/tmp/site", "/home/ann/site", "/usr/local/share/site", "/opt/waymark/site", "/etcetera", "/srv/people/carl"] {
            #expect(folders.refusal(allowed) == nil, "\(allowed)")
        }
        // A home among the containers is called a home; the suggested folder is the command's own.
        #expect(ProtectedFolders(homes: ["/"]).refusal("/") == "it is a home folder; use a folder of its own inside it, such as /site")
        let root = ProtectedFolders(homes: ["/root"])
        #expect(root.refusal("/root") == "it is a home folder; use a folder of its own inside it, such as /root/site")
        #expect(root.refusal("/usr", suggesting: "sample-export")
            == "it is a folder of the system that holds other folders; use a folder of its own inside it, such as /usr/sample-export")
        #expect(root.refusal("/root", suggesting: "theme") == "it is a home folder; use a folder of its own inside it, such as /root/theme")
        #expect(CLIRun(["sample", "-o", "/srv"]).stderr.contains("such as /srv/sample-export. Not even --force writes there."))
        #expect(CLIRun(["init-theme", "/srv"]).stderr.contains("such as /srv/theme. Not even --force writes there."))
        let nested = ProtectedFolders(homes: ["/data/users/ann"])
        #expect(nested.refusal("/data/users") == "it holds home folders" && nested.refusal("/data") == "it holds home folders")
    }

    /// The home folder itself, reached through a link, with --force.
    @Test func theHomeFolderIsRefused() throws {
        let dir = TemporaryDirectory()
        #expect(mkdir(dir.file("ann"), 0o755) == 0 && symlink(dir.file("ann"), dir.file("link")) == 0)
        let home = try #require(FileSystem.local.canonicalPath(dir.file("ann")))
        let writer = SiteWriter(protectedFolders: ProtectedFolders(homes: [home]))
        do {
            _ = try writer.write([SiteFile(path: "index.html", text: "x")], to: dir.file("link"), force: true)
            Issue.record("wrote into a home folder")
        } catch {
            #expect(error.exitCode == 73)
            #expect(error.message == "refusing to write a site into \(home) (where \(dir.file("link")) leads): it is a home folder; use a folder of its own inside it, such as \(home)/site. Not even --force writes there.")
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: home)) == [])
        _ = try writer.write([SiteFile(path: "index.html", text: "x")], to: dir.file("link/site"), force: false)
        #expect(dir.read("ann/site/index.html") == "x")
    }

    static var canUnshare: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
            && FileManager.default.isExecutableFile(atPath: InterruptedBuildTests.binary)
    }

    /// Runs the shell `script` in a private mount namespace (what it mounts is gone when it
    /// ends), with `arguments` as $1, $2, …; its exit status.
    static func inPrivateMountNamespace(_ script: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "--propagation", "private", "sh", "-c", script, "sh"] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// `inPrivateMountNamespace` with the shared library `soname` (as `ldconfig` lists it) made
    /// unloadable first: the empty /dev/null mounted over its file.
    static func withoutLibrary(_ soname: String, _ script: String, _ arguments: [String]) throws -> Int32 {
        try inPrivateMountNamespace("""
            set -e
            library=$(readlink -f "$(ldconfig -p | grep -m1 '\(soname) ' | sed 's/.*=> //')")
            mount --bind /dev/null "$library"
            set +e
            \(script)
            """, arguments)
    }

    /// What `ldd` lists for `binary`: every shared library it loads at its start, and those they load.
    static func librariesLoaded(by binary: String) throws -> String {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [binary]
        let output = Pipe()
        ldd.standardOutput = output
        try ldd.run()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        return listed
    }

    /// The real binary, `-o` a link to /etc with --force, in a private mount namespace whose /etc is
    /// an empty tmpfs: exit 73, and /etc holds only what the test put there.
    @Test(.enabled(if: canUnshare, "needs root, unshare and the debug binary"))
    func theBinaryLeavesEtcAloneInAPrivateMountNamespace() throws {
        let dir = TemporaryDirectory()
        let script = """
            set -e
            mount -t tmpfs tmpfs /etc
            echo keep > /etc/marker
            ln -s /etc "$1/link"
            set +e
            "$2" build -q "$3" -o "$1/link" --force 2> "$1/stderr"
            echo $? > "$1/code"
            ls -A /etc > "$1/after"
            """
        #expect(try Self.inPrivateMountNamespace(script, [dir.path, InterruptedBuildTests.binary, demo]) == 0)
        #expect(dir.read("code") == "73\n")
        #expect(dir.read("after") == "marker\n")
        #expect(dir.read("stderr")?.contains("refusing to write a site into /etc (where \(dir.path)/link leads): it is a folder of the operating system") == true)
        #expect(FileManager.default.fileExists(atPath: "/etc/passwd"))
    }
}
