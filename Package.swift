// swift-tools-version:6.0
import PackageDescription

// No unsafe flags: WaymarkKit can be used as a dependency. The self-contained, statically
// linked release binary is made by Scripts/release (`--static-swift-stdlib`).
let package = Package(
    name: "Waymark",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "waymark", targets: ["waymark"]),
        .library(name: "WaymarkKit", targets: ["WaymarkKit"]),
    ],
    targets: [
        // C libraries from Debian, each behind its own module: libcmark (Markdown), libarchive
        // (zip exports, read as streams), libxml2 (Apple Health's XML, streamed) and SQLite
        // (Loop Habit Tracker backups, opened read-only). macOS has the last three in its SDK.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]),
        // On Linux libarchive's module links nothing: it is opened when the first archive is read,
        // so a site built from folders of files never loads it nor the five libraries only it
        // needs (docs/performance.md).
        .systemLibrary(name: "CArchiveLinux"),
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // libmicrohttpd, the HTTP server behind `waymark serve` (a well-kept parser, not our own).
        // On Linux its module links nothing: `serve` opens the library when it starts, so the
        // other commands never load it, nor GnuTLS and the seven libraries behind that which
        // nothing else needs (docs/performance.md).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        .systemLibrary(name: "CMicroHTTPDLinux"),
        // glibc's mallopt, for the executable's allocator settings (see Sources/waymark/main.swift).
        .systemLibrary(name: "CMalloc"),
        // Host tool that turns Templates/, Public/ and Examples/demo/ into Swift string literals,
        // so a copied release binary carries its theme and demo export with it.
        .executableTarget(name: "waymark-embed"),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["waymark-embed"]
        ),
        .target(
            name: "WaymarkKit",
            dependencies: ["CCmark", "CXML2", "CSQLite",
                           .target(name: "CArchive", condition: .when(platforms: [.macOS])),
                           .target(name: "CArchiveLinux", condition: .when(platforms: [.linux])),
                           .target(name: "CMicroHTTPD", condition: .when(platforms: [.macOS])),
                           .target(name: "CMicroHTTPDLinux", condition: .when(platforms: [.linux]))],
            plugins: ["EmbedResources"]
        ),
        // Scripts/release links the Swift runtime and Foundation statically: the binary runs
        // anywhere on its own, loads none of the runtime's shared libraries at its start, and calls
        // the runtime directly instead of through the dynamic linker's tables (docs/performance.md).
        .executableTarget(
            name: "waymark",
            dependencies: ["WaymarkKit", .target(name: "CMalloc", condition: .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "WaymarkKitTests",
            // libarchive writes the zip archives the import tests read (linked here on Linux, where
            // WaymarkKit opens it only when it reads one); CXML2 validates the Atom feed against
            // RFC 4287's RELAX NG schema.
            dependencies: ["WaymarkKit", "CXML2",
                           .target(name: "CArchive", condition: .when(platforms: [.macOS])),
                           .target(name: "CArchiveLinux", condition: .when(platforms: [.linux]))],
            exclude: ["Fixtures", "Golden"],
            linkerSettings: [.linkedLibrary("archive", .when(platforms: [.linux]))]
        ),
    ]
)
