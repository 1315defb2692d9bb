#!/usr/bin/env bash
# Type-checks UserDefaultsKitCore as Apple platforms compile it, on Linux: the Darwin halves
# (APPLE_API_TYPECHECK selects them instead of the Linux ones) against the Apple API declarations in
# this folder, in Swift 6 mode with complete concurrency checking and warnings as errors. A typo, a
# wrong signature or a concurrency error in Apple-only code fails it. Nothing here is run: what the
# code does on Apple platforms is tested by the macOS job of .github/workflows/ci.yml.
set -euo pipefail
cd "$(dirname "$0")/../.."

mapfile -t sources < <(find Sources/UserDefaultsKitCore Tests/AppleAPITypeCheck -name '*.swift' | sort)
swiftc -typecheck -parse-as-library -swift-version 6 -warnings-as-errors \
  -module-name UserDefaultsKitCore -D APPLE_API_TYPECHECK "${sources[@]}"
echo "Apple-only code type-checks against Tests/AppleAPITypeCheck."
