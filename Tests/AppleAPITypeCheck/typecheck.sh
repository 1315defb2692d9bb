#!/usr/bin/env bash
# Type-checks the Apple-only code as Apple platforms compile it, on Linux: UserDefaultsKitCore with
# its Darwin halves (APPLE_API_TYPECHECK selects them instead of the Linux ones) against the Apple
# API declarations in this folder, then each folder of another target that holds an Apple-only file
# (`*+CoreGraphics.swift`), whole, against that module (the folder's code sees UserDefaultsKitCore
# as its target's re-export makes it see it). Swift 6 mode, complete concurrency checking, warnings
# as errors: a typo, a wrong signature or a concurrency error in Apple-only code fails it. Nothing
# here is run: what the code does on Apple platforms is tested by the macOS job of
# .github/workflows/ci.yml.
set -euo pipefail
cd "$(dirname "$0")/../.."

modules="$(mktemp -d)"
trap 'rm -rf "$modules"' EXIT
flags=(-parse-as-library -swift-version 6 -warnings-as-errors -package-name userdefaultskit -D APPLE_API_TYPECHECK)

mapfile -t core < <(find Sources/UserDefaultsKitCore Tests/AppleAPITypeCheck -name '*.swift' | sort)
swiftc -emit-module -emit-module-path "$modules/UserDefaultsKitCore.swiftmodule" \
  -module-name UserDefaultsKitCore "${flags[@]}" "${core[@]}"

printf '@_exported import UserDefaultsKitCore\n' >"$modules/Exports.swift"
mapfile -t folders < <(find Sources -name '*+CoreGraphics.swift' -not -path 'Sources/UserDefaultsKitCore/*' \
  -exec dirname {} \; | sort -u)
for folder in "${folders[@]}"; do
  swiftc -typecheck -I "$modules" -module-name AppleOnlyClient "${flags[@]}" "$modules/Exports.swift" "$folder"/*.swift
done
echo "Apple-only code type-checks against Tests/AppleAPITypeCheck (UserDefaultsKitCore and ${#folders[@]} more folders)."
