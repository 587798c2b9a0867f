import WaymarkKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(WaymarkCLI.run(Array(CommandLine.arguments.dropFirst())))
