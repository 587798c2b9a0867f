import WaymarkKit
#if canImport(Glibc)
import Glibc
import CMalloc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
// A build allocates and frees many buffers of a few hundred kilobytes (pages, tables). By default
// glibc maps each of those afresh and hands freed memory back to the kernel at once, so the next
// buffer faults its pages in again; a short-lived process is better off keeping what it freed.
_ = mallopt(M_MMAP_THRESHOLD, 64 << 20)
_ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
_ = mallopt(M_TOP_PAD, 64 << 20)
#endif

exit(WaymarkCLI.run(Array(CommandLine.arguments.dropFirst())))
