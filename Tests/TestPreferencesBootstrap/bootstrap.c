// Gives every test process a preferences folder of its own, removed when it exits, so that a test
// run never touches the user's real preferences.
//
// CoreFoundation on Linux reads XDG_CONFIG_HOME once, in its own start-up code, which runs before
// this one: setting the variable here is too late for this process image. So the test bundle
// sets it and starts itself again (same process, same arguments); Foundation, the library and the
// helper processes the tests start then all use the new folder.
#define _GNU_SOURCE
#include "TestPreferencesBootstrap.h"

#include <stdlib.h>

extern void userDefaultsKitTestsCollectReportedErrors(void);

#if defined(__linux__)
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *const folderVariable = "USERDEFAULTSKIT_TEST_FOLDER";
static const char *const ownerVariable = "USERDEFAULTSKIT_TEST_FOLDER_OWNER";
static char folder[4096];

static int removeEntry(const char *path, const struct stat *info, int flag, struct FTW *position) {
  (void)info;
  (void)flag;
  (void)position;
  return remove(path);
}

static void removeFolder(void) { nftw(folder, removeEntry, 16, FTW_DEPTH | FTW_PHYS); }

/// True in the restarted test process: the one that made the folder (its process ID is kept across
/// the restart), not a helper process that inherited the variables.
static int ownsFolder(void) {
  const char *owner = getenv(ownerVariable);
  return owner != NULL && atol(owner) == (long)getpid();
}

__attribute__((constructor)) static void useTestPreferencesFolder(int argc, char **argv) {
  (void)argc;
  const char *existing = getenv(folderVariable);
  if (existing != NULL) {
    if (ownsFolder()) {
      snprintf(folder, sizeof folder, "%s", existing);
      atexit(removeFolder);
    }
    userDefaultsKitTestsCollectReportedErrors();
    return;
  }
  const char *temporary = getenv("TMPDIR");
  if (temporary == NULL || temporary[0] != '/') temporary = "/tmp";
  snprintf(folder, sizeof folder, "%s/UserDefaultsKitTests-XXXXXX", temporary);
  if (mkdtemp(folder) == NULL) {
    perror("UserDefaultsKit tests: cannot make a preferences folder");
    exit(70);
  }
  char owner[32];
  snprintf(owner, sizeof owner, "%ld", (long)getpid());
  setenv("XDG_CONFIG_HOME", folder, 1);
  setenv(folderVariable, folder, 1);
  setenv(ownerVariable, owner, 1);
  execv("/proc/self/exe", argv);
  perror("UserDefaultsKit tests: cannot restart with a private preferences folder");
  removeFolder();
  exit(70);
}
#else
__attribute__((constructor)) static void collectReportedErrors(void) {
  userDefaultsKitTestsCollectReportedErrors();
}
#endif
