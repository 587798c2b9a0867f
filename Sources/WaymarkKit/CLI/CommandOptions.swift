/// The parsed fields of one command, as swift-argument-parser has them: a struct the parser
/// fills through the key paths its `CommandSpec` binds, so a command reads `options.quiet`, and
/// a mistyped name does not compile.
protocol CommandOptions: Sendable {
    init()
}
