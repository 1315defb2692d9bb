#!/usr/bin/env bash
# Type-checks the Apple-only code as Apple platforms compile it, on Linux: every target (libraries,
# tool, demo, tests, documentation examples) is built with APPLE_API_TYPECHECK, which selects the
# branches written for Apple platforms (`#if canImport(Darwin) || APPLE_API_TYPECHECK`) instead of
# the Linux ones, and the core module is built with the stand-ins in StandIns/, which declare the
# Apple APIs that swift-corelibs-foundation lacks with Apple's signatures (see Package.swift). Swift 6
# mode, complete concurrency checking, warnings as errors: a typo, a wrong signature or a
# concurrency error in Apple-only code fails it. Then Availability/main.swift checks the APIs the
# build uses against the package's minimum platform versions, which a compiler building for Linux
# ignores: every API whose module's symbol graph carries Apple availability (the standard library,
# concurrency, Synchronization, Observation, swift-foundation, Testing, the stand-ins); the classic
# Foundation classes of swift-corelibs-foundation carry none.
# Nothing built here is run: what the code does on Apple platforms is tested by the macOS job of
# .github/workflows/ci.yml.
set -euo pipefail
cd "$(dirname "$0")/../.."

build=.build/apple-api-typecheck
# NB: with the PostgreSQL trait, so that the tool's code for databases (off by default) is checked too.
APPLE_API_TYPECHECK=1 swift build --build-tests --build-path "$build" --enable-index-store --traits PostgreSQL
# NB: the manifest is evaluated again for this build only if SwiftPM saw the variable; a build
# without the stand-ins would check nothing.
if ! find "$build" -path '*UserDefaultsKitCore.build*' -name 'KeyValueObserving*.o' | grep -q .; then
  echo "error: the build did not include the Apple API stand-ins" >&2
  exit 1
fi
echo "Every target builds with its Apple branches against Tests/AppleAPITypeCheck/StandIns."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
toolchain="$(dirname "$(dirname "$(realpath "$(command -v swift)")")")"
mkdir "$work/graphs"
# NB: the modules the code imports, and the core as built here, whose stand-ins carry the
# availability Apple declares for them.
for module in Swift _Concurrency _StringProcessing Synchronization Observation Dispatch Foundation \
  FoundationEssentials FoundationInternationalization Testing; do
  swift symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
    -output-dir "$work/graphs"
done
swift symbolgraph-extract -module-name UserDefaultsKitCore -target "$(uname -m)-unknown-linux-gnu" \
  -I "$build/debug/Modules" -output-dir "$work/graphs"
printf 'module IndexStore {\n  header "%s"\n  link "IndexStore"\n  export *\n}\n' \
  "$toolchain/local/include/indexstore/indexstore.h" >"$work/module.modulemap"
swiftc -O -I "$work" -L "$toolchain/lib" -Xlinker -rpath -Xlinker "$toolchain/lib" \
  Tests/AppleAPITypeCheck/Availability/main.swift -o "$work/availability"
swift package dump-package >"$work/package.json"
"$work/availability" "$work/package.json" "$build/debug/index/store" "$work/graphs" "$PWD"
