#if canImport(Glibc)
import Glibc
import Testing
@testable import WaymarkKit

/// The lock on an output folder belongs to the build that took it, not to the processes the test
/// runner (or a host program) happens to be starting at that moment.
struct FolderLockTests {
    /// A child forked while the lock is held keeps a copy of the locked descriptor until it execs
    /// or exits; releasing the lock must free the folder anyway, or the next build in the same
    /// process is refused as "another waymark build".
    @Test func aReleasedLockIsFreeWhileAForkedChildStillHoldsItsDescriptor() throws {
        let dir = TemporaryDirectory()
        let site = dir.file("site")
        #expect(mkdir(site, 0o755) == 0)
        let first = try #require(try FileSystem.local.lockFolder(site, site + "/.waymark-lock"))
        let child = fork()
        if child == 0 {
            // Only async-signal-safe calls in the child of a threaded process.
            usleep(3_000_000)
            _exit(0)
        }
        #expect(child > 0)
        first.release()
        let second = try FileSystem.local.lockFolder(site, site + "/.waymark-lock")
        #expect(second != nil, "the folder stayed locked by the forked child's copy of the descriptor")
        // And the lock taken now still keeps a third taker out.
        #expect(try FileSystem.local.lockFolder(site, site + "/.waymark-lock") == nil)
        second?.release()
        if child > 0 {
            kill(child, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
    }
}
#endif
