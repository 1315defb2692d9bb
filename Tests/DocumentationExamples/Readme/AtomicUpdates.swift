// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import UserDefaultsKit

// README, "Atomic updates", and the article of the same name.

@DefaultsBacked
struct Scores {
  var wins = 0
  var streak = 0
}

func update(
  launches: DefaultsKey<Int>, settings: Scores, store: any DefaultsStore, wins: DefaultsKey<Int>,
  streak: DefaultsKey<Int>
) throws {
  try launches.update { $0 += 1 }                               // a key, or $property of @Default
  try settings.updateDefaults { $0.wins += 1; $0.streak += 1 }  // several properties of a settings type
  try store.update { wins.value += 1; streak.value = 0 }        // any keys of one store
}

// The article "Errors and threads".

func writeOrSayWhy(
  volume: DefaultsKey<Double>, settings: Scores, store: any DefaultsStore, wins: DefaultsKey<Int>,
  streak: DefaultsKey<Int>
) {
  do {
    try volume.set(0.8)                                   // a key, or $property of @Default
    try volume.reset()
    try settings.updateDefaults { $0.wins += 1 }          // a settings type; also resetToDefaults()
    try store.update { wins.value += 1; streak.value = 0 }
  } catch let error as DefaultsError where error.posixCode == .ENOSPC {
    print("the disk is full: \(error.key ?? "")")         // Linux: the file operation's errno
  } catch let error as DefaultsError where error.kind == .valueNotStorable {
    print("\(error.key ?? "") has no stored form: \(error.detail ?? "")")
  } catch let error as DefaultsError where error.underlying is MyStoreError {
    print("my store refused: \(error)")                   // a store of your own's error, as it threw it
  } catch {
    print("not saved: \(error.localizedDescription)")     // what failed; recoverySuggestion: what to do
  }
}

struct MyStoreError: Error {}
