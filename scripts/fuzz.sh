#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset `fuzz`: Clang, ASan + UBSan) and runs each for a
# fixed time on a seed corpus made from the test fixtures.
#
# Usage: bash scripts/fuzz.sh [SECONDS]
#   SECONDS  time per fuzzer (default: $CRYPTOBENCH_FUZZ_SECONDS, else 60)
# Needs Debian's clang and libclang-rt-14-dev (the libFuzzer and sanitizer runtimes).
# New inputs that libFuzzer finds go to build/fuzz/corpus/<target>/ (the fixtures are only
# read); a crash leaves its input in build/fuzz/artifacts/ and makes the script exit 1.
# Environment: CRYPTOBENCH_JOBS sets build parallelism (default 2).
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
# shellcheck source=scripts/common.sh
source scripts/common.sh

seconds=${1:-${CRYPTOBENCH_FUZZ_SECONDS:-60}}
[[ "$seconds" =~ ^[0-9]+$ && "$seconds" -gt 0 ]] || die "SECONDS must be a positive integer, got '$seconds'"
command -v clang++ >/dev/null 2>&1 || die "clang++ not found (apt-get install clang libclang-rt-14-dev)"

targets=(import speed_text speed_mr version)

step "configuring fuzz (cmake --preset fuzz)"
run_logged build/logs/configure-fuzz.log cmake --preset fuzz
step "building ${#targets[@]} fuzzers (-j $(build_jobs))"
run_logged build/logs/build-fuzz.log \
  cmake --build --preset fuzz -j "$(build_jobs)" --target "${targets[@]/#/cryptobench_fuzz_}"

seeds=tests/fixtures/import
artifacts=build/fuzz/artifacts
mkdir -p "$artifacts"
failed=0
for target in "${targets[@]}"; do
  corpus=build/fuzz/corpus/$target
  mkdir -p "$corpus"
  step "fuzzing $target for ${seconds}s (corpus $corpus, seeds $seeds)"
  if ! run_logged "build/logs/fuzz-$target.log" \
      "build/fuzz/fuzz/cryptobench_fuzz_$target" "$corpus" "$seeds" \
      -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$artifacts/$target-" -print_final_stats=1; then
    failed=1
  fi
done
if ((failed)); then
  die "a fuzzer found a problem; inputs are in $artifacts, logs in build/logs/fuzz-*.log"
fi
step "fuzzing passed (${seconds}s per target)"
