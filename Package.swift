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
        // libcmark from Debian's libcmark-dev; the only C dependency.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
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
            dependencies: ["CCmark"],
            plugins: ["EmbedResources"]
        ),
        // Scripts/release links the Swift runtime and Foundation statically: the binary runs
        // anywhere on its own, starts in 2 ms instead of 7, and calls the runtime directly instead
        // of through the dynamic linker's tables (docs/performance.md).
        .executableTarget(
            name: "waymark",
            dependencies: ["WaymarkKit", .target(name: "CMalloc", condition: .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "WaymarkKitTests",
            dependencies: ["WaymarkKit"],
            exclude: ["Fixtures", "Golden"]
        ),
    ]
)
