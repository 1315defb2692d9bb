import Testing

@Suite("The tool's help")
struct HelpTests {
  @Test(
    "Every command's --help says what it does and shows an example",
    arguments: ["read", "write", "delete", "rename", "list", "find", "watch", "export", "import"])
  func helpHasAnExample(command: String) async throws {
    try await Tool.withFolder { tool in
      let result = try tool.run(command, "--help")
      #expect(result.status == 0)
      #expect(result.standardOutput.contains("OVERVIEW:"))
      #expect(result.standardOutput.contains("Example"))
      #expect(result.standardOutput.contains("  userdefaults \(command)"), "\(result.standardOutput)")
    }
  }

  @Test("The tool's own help names every command and where suites live")
  func toolHelp() async throws {
    try await Tool.withFolder { tool in
      let result = try tool.run("--help")
      #expect(result.status == 0)
      for command in ["read", "write", "delete", "rename", "list", "find", "watch", "export", "import"] {
        #expect(result.standardOutput.contains("  \(command) "), "\(command)")
      }
      #expect(result.standardOutput.contains("$XDG_CONFIG_HOME/<suite>.plist"))
      #expect(
        result.standardOutput.contains("--folder <path>") && result.standardOutput.contains("--user <name>"))
    }
  }

  @Test(
    "Every command over suites takes --folder and --user, and says they are Linux only",
    arguments: [
      "read", "write", "delete", "rename", "list", "find", "watch", "export", "import", "migrations",
    ])
  func folderOptionsInHelp(command: String) async throws {
    try await Tool.withFolder { tool in
      let help = try tool.run(command, "--help").standardOutput
      #expect(help.contains("--folder <path>") && help.contains("--user <name>"), "\(help)")
      #expect(help.components(separatedBy: "(Linux only)").count == 3, "\(help)")
    }
  }
}
