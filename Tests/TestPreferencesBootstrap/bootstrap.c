// Moves every suite of the test run into a folder of its own before any test starts: Foundation
// on Linux reads XDG_CONFIG_HOME only when the process starts, so the tests cannot redirect it.
#include "TestPreferencesBootstrap.h"

extern void userDefaultsKitTestsUsePrivatePreferencesFolder(void);

__attribute__((constructor)) static void useTestPreferencesFolder(void) {
  userDefaultsKitTestsUsePrivatePreferencesFolder();
}
