import Foundation
import Testing
@testable import WaymarkKit

/// The recipes in docs/examples/ parse (YAML and TOML, with Python's parsers: the toolchain has
/// neither) and build with the commands the README gives, not with a private copy of them.
struct PublishingRecipesTests {
    static let examples = TestPaths.repo.appendingPathComponent("docs/examples")

    /// The file at `path` as JSON, through Python: `yaml.safe_load` or `tomllib.load`. Tries
    /// `python3` on the PATH, then Debian's (where Scripts/ensure-deps installs python3-yaml).
    static func parsed(_ path: String, as format: String) throws -> [String: Any] {
        let load = format == "yaml" ? "import yaml; d = yaml.safe_load(open(p))" : "import tomllib; d = tomllib.load(open(p, 'rb'))"
        // PyYAML reads YAML 1.1, where a bare `on` is true: keys are written as text.
        let script = "import json, sys; p = sys.argv[1]; \(load); print(json.dumps(d, default=str))"
        var failures: [String] = []
        for python in ["/usr/bin/env", "/usr/bin/python3"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = (python == "/usr/bin/env" ? ["python3"] : []) + ["-c", script, path]
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            guard (try? process.run()) != nil else { continue }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] { return json }
            failures.append("\(python): \(message)")
        }
        Issue.record("cannot parse \(path) as \(format) (run Scripts/ensure-deps for python3-yaml): \(failures)")
        return [:]
    }

    /// The commands of the README's ```sh blocks, comments dropped.
    static func readmeCommands() throws -> [String] {
        let readme = try String(contentsOf: TestPaths.repo.appendingPathComponent("README.md"), encoding: .utf8)
        var commands: [String] = []
        for block in readme.components(separatedBy: "```sh\n").dropFirst() {
            let body = block.components(separatedBy: "```").first ?? ""
            for line in body.split(separator: "\n") {
                let command = line.components(separatedBy: "#").first?.trimmingCharacters(in: .whitespaces) ?? ""
                if !command.isEmpty { commands.append(command) }
            }
        }
        return commands
    }

    /// The options a command line passes (`-o`, `--base-url`), each as written.
    static func options(_ line: String) -> [String] {
        line.split(separator: " ").map(String.init).filter { $0.hasPrefix("-") }
    }

    @Test func githubPagesWorkflow() throws {
        let workflow = try Self.parsed(Self.examples.appendingPathComponent("github-pages.yml").path, as: "yaml")
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        let build = try #require(jobs["build"] as? [String: Any])
        let deploy = try #require(jobs["deploy"] as? [String: Any])
        // The Swift 6.3 toolchain on Debian 12, as Waymark is developed; triggered on pushes.
        #expect(build["container"] as? String == "swift:6.3-bookworm")
        #expect((workflow["on"] ?? workflow["True"] ?? workflow["true"]) != nil)
        let steps = try #require(build["steps"] as? [[String: Any]])
        let runs = steps.compactMap { $0["run"] as? String }
        let uses = (steps + ((deploy["steps"] as? [[String: Any]]) ?? [])).compactMap { $0["uses"] as? String }
        #expect(uses.contains { $0.hasPrefix("actions/upload-pages-artifact@") } && uses.contains { $0.hasPrefix("actions/deploy-pages@") })
        #expect(deploy["needs"] as? String == "build")
        let permissions = try #require(workflow["permissions"] as? [String: String])
        #expect(permissions["pages"] == "write" && permissions["id-token"] == "write")

        // The same install and build commands as the README: its scripts, not a copy of what
        // they do (no apt-get, no swift build of its own), in the README's order.
        let readme = try Self.readmeCommands()
        #expect(readme.contains("Scripts/release") && readme.contains("Scripts/ensure-deps"))
        #expect(runs.first == "Scripts/ensure-deps" && runs.dropFirst().first == "Scripts/release")
        for run in runs {
            #expect(!run.contains("apt-get") && !run.contains("swift build") && !run.contains("sudo"), "\(run)")
            let script = run.split(separator: " ").first.map(String.init) ?? ""
            if script.hasPrefix("Scripts/") {
                #expect(readme.contains { $0.hasPrefix(script) }, "\(script) is not a command the README gives")
                #expect(FileManager.default.isExecutableFile(atPath: TestPaths.repo.appendingPathComponent(script).path), "\(script)")
            }
        }
        // The binary is the one Scripts/release prints, and its options are `waymark build`'s.
        let site = try #require(runs.first { $0.contains("waymark build") })
        #expect(site.hasPrefix(".build/release/waymark build "))
        #expect(readme.contains { $0.hasPrefix("waymark build") && $0.contains("-o site") })
        let known = Set(BuildCommand.spec.options.flatMap(\.names))
        #expect(Self.options(site).allSatisfy(known.contains), "\(Self.options(site))")
        #expect(site.contains("-o site") && site.contains("--base-url"))
        // What the artifact uploads is the folder the site was built into.
        let upload = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-pages-artifact@") == true })
        #expect((upload["with"] as? [String: Any])?["path"] as? String == "site")
    }

    @Test func netlifyConfig() throws {
        let config = try Self.parsed(Self.examples.appendingPathComponent("netlify.toml").path, as: "toml")
        let build = try #require(config["build"] as? [String: Any])
        // The folder the README and the workflow build into; no build command, as Netlify's
        // image cannot build Waymark (docs/publishing.md).
        #expect(build["publish"] as? String == "site" && build["command"] == nil)
        let headers = try #require(config["headers"] as? [[String: Any]])
        let feed = try #require(headers.first { $0["for"] as? String == "/feed.xml" })
        #expect((feed["values"] as? [String: String])?["Content-Type"] == "application/atom+xml; charset=utf-8")
    }
}
