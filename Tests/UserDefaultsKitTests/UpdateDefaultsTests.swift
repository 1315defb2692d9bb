import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKit

@DefaultsBacked
private struct Scores {
  var wins = 0
  var streak = 0
}

@DefaultsBacked
private struct Labels {
  var title = "untitled"
  var tags: [String?] = []
}

@ObservableDefaults
private final class LiveScores {
  var wins = 0
  var streak = 0
}

@Suite("updateDefaults and @Default's update")
struct UpdateDefaultsTests {
  @Test("updateDefaults changes several properties in one write, read back inside it")
  func settingsType() async throws {
    let store = InMemoryDefaultsStore()
    let scores = Scores(store: store)
    let seen = LockedArray<Int>()
    let observation = scores.defaultsKey(for: \.wins).map { key in
      (key as! DefaultsKey<Int>).observe { seen.append($0) }
    }
    defer { observation?.cancel() }

    let total = try scores.updateDefaults { scores in
      scores.wins += 1
      scores.streak = scores.wins + 4
      #expect(seen.all.isEmpty)
      return scores.wins + scores.streak
    }

    #expect(total == 6)
    #expect(seen.all == [1])
    #expect(store.storedValues == ["wins": .integer(1), "streak": .integer(5)])
  }

  @Test("An observed object hears one mutation per changed property when the update ends")
  func observableSettingsType() throws {
    let store = InMemoryDefaultsStore()
    let scores = LiveScores(store: store)
    let other = LiveScores(store: store)
    let changes = LockedCounter()
    withObservationTracking {
      _ = other.wins
      _ = other.streak
    } onChange: {
      changes.increment()
    }
    try scores.updateDefaults { scores in
      scores.wins = 3
      scores.streak = 3
    }
    #expect(changes.count == 1, "withObservationTracking fires once, at the first mutation")
    #expect(other.wins == 3 && other.streak == 3)
  }

  @Test("resetToDefaults removes every value in one update")
  func reset() throws {
    let store = InMemoryDefaultsStore()
    let scores = Scores(store: store)
    try scores.updateDefaults { $0.wins = 2 }
    try scores.resetToDefaults()
    #expect(store.storedValues.isEmpty)
    #expect(scores.wins == 0)
  }

  @Test("The projected value of @Default updates atomically")
  func projectedValue() {
    let store = InMemoryDefaultsStore()
    @Default(DefaultsKey<Int>("launches", default: 0, store: store)) var launches
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<50 { #expect(throws: Never.self) { try $launches.update { $0 += 1 } } }
    }
    #expect(launches == 200)
  }

  @Test("updateDefaults throws a property's failed write, and writes none of the others")
  func updateDefaultsThrows() throws {
    let store = InMemoryDefaultsStore()
    let labels = Labels(store: store)
    #expect {
      try labels.updateDefaults {
        $0.title = "changed"
        $0.tags = [nil]
      }
    } throws: { error in
      guard let error = error as? DefaultsError, error.kind == .valueNotStorable, let key = error.key else {
        return false
      }
      return key == "tags"
    }
    #expect(labels.title == "untitled")
    #expect(store.storedValues.isEmpty)
  }

  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test(
      "resetToDefaults throws why the suite cannot be written, and every value stays",
      .enabled(if: MountedFolder.canMount, "needs root, to mount a 256 KB tmpfs"))
    func resetToDefaultsThrows() throws {
      let mount = try MountedFolder(size: "256k")
      defer { mount.remove() }
      let labels = Labels(store: UserDefaultsStore.suite("full", in: mount.url))
      labels.title = "kept"
      mount.fill()
      #expect {
        try labels.resetToDefaults()
      } throws: { error in
        guard let error = error as? DefaultsError else { return false }
        return error.kind == .writeFailed && error.posixCode == .ENOSPC
      }
      #expect(labels.title == "kept")
    }
  #endif
}
