// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Waymark",
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
        .executableTarget(name: "waymark", dependencies: ["WaymarkKit", "CMalloc"]),
        .testTarget(
            name: "WaymarkKitTests",
            dependencies: ["WaymarkKit"],
            exclude: ["Fixtures", "Golden"]
        ),
    ]
)
