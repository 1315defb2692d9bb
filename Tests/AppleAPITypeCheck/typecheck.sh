#!/usr/bin/env bash
# Type-checks the Apple-only code as Apple platforms compile it, on Linux: UserDefaultsKitCore with
# its Darwin halves (APPLE_API_TYPECHECK selects them instead of the Linux ones) against the Apple
# API declarations in this folder, then the Apple-only files of the other targets
# (`*+CoreGraphics.swift`, which import only Foundation and UserDefaultsKitCore) against that module.
# Swift 6 mode, complete concurrency checking, warnings as errors: a typo, a wrong signature or a
# concurrency error in Apple-only code fails it. Nothing here is run: what the code does on Apple
# platforms is tested by the macOS job of .github/workflows/ci.yml.
set -euo pipefail
cd "$(dirname "$0")/../.."

modules="$(mktemp -d)"
trap 'rm -rf "$modules"' EXIT
flags=(-parse-as-library -swift-version 6 -warnings-as-errors -package-name userdefaultskit -D APPLE_API_TYPECHECK)

mapfile -t core < <(find Sources/UserDefaultsKitCore Tests/AppleAPITypeCheck -name '*.swift' | sort)
swiftc -emit-module -emit-module-path "$modules/UserDefaultsKitCore.swiftmodule" \
  -module-name UserDefaultsKitCore "${flags[@]}" "${core[@]}"

mapfile -t clients < <(find Sources -name '*+CoreGraphics.swift' -not -path 'Sources/UserDefaultsKitCore/*' | sort)
for file in "${clients[@]}"; do
  swiftc -typecheck -I "$modules" -module-name AppleOnlyClient "${flags[@]}" "$file"
done
echo "Apple-only code type-checks against Tests/AppleAPITypeCheck (UserDefaultsKitCore and ${#clients[@]} more files)."
