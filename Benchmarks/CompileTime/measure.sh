#!/usr/bin/env bash
# Compile time of settings types against the number of their properties.
#
# Builds a scratch package beside this repository's checkout (in a temporary folder) whose single
# target holds one type with N `Int` properties, declared four ways: `@DefaultsBacked`,
# `@ObservableDefaults`, Apple's `@Observable` (the yardstick), and hand-written computed
# properties over `DefaultsKey`. Each figure is the median of five incremental builds of that
# target after the file changed (debug, as while editing), the four styles taking turns.
# Usage: measure.sh [N ...]
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
counts=("${@:-100 200 400}")
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/Probe"
cat > "$scratch/Package.swift" <<PACKAGE
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
  name: "Probe",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: "$repository")],
  targets: [.target(name: "Probe", dependencies: [.product(name: "UserDefaultsKit", package: "$(basename "$repository")")])]
)
PACKAGE

declaration() {  # style count
  local style=$1 count=$2
  echo "import Observation"
  echo "import UserDefaultsKit"
  case $style in
    DefaultsBacked) echo "@DefaultsBacked struct Probe {" ;;
    ObservableDefaults) echo "@ObservableDefaults final class Probe {" ;;
    Observable) echo "@Observable final class Probe {" ;;
    handWritten) echo "struct Probe {" ;;
  esac
  for ((index = 0; index < count; index++)); do
    if [ "$style" = handWritten ]; then
      echo "  static let key$index = DefaultsKey<Int>(\"p$index\", default: $index)"
      echo "  var p$index: Int { get { Self.key$index.value } nonmutating set { Self.key$index.value = newValue } }"
    else
      echo "  var p$index = $index"
    fi
  done
  echo "}"
}

seconds() {  # a build's wall-clock time
  local start end
  start=$(date +%s.%N)
  swift build --package-path "$scratch" --target Probe >/dev/null
  end=$(date +%s.%N)
  awk "BEGIN { print $end - $start }"
}

declaration handWritten 1 > "$scratch/Sources/Probe/Probe.swift"
swift build --package-path "$scratch" --target Probe >/dev/null  # dependencies, once

styles=(DefaultsBacked ObservableDefaults Observable handWritten)
printf "| properties | %s |\n|---|---|---|---|---|\n" "@DefaultsBacked | @ObservableDefaults | @Observable | hand-written"
for count in ${counts[@]}; do
  # NB: the styles take turns, run after run, so that the machine's load, which drifts over
  # minutes on a shared one, weighs on each alike, and the ratios hold where the times move.
  declare -A times=()
  for run in 1 2 3 4 5; do
    for style in "${styles[@]}"; do
      declaration "$style" "$count" > "$scratch/Sources/Probe/Probe.swift"
      echo "// run $run" >> "$scratch/Sources/Probe/Probe.swift"
      times[$style]+="$(seconds) "
    done
  done
  row="| $count"
  for style in "${styles[@]}"; do
    median=$(printf "%s\n" ${times[$style]} | sort -n | sed -n 3p)
    row+=" | $(printf "%.1f s" "$median")"
  done
  echo "$row |"
  unset times
done
