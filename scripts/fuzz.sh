#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset `asan`: Clang, ASan + UBSan) and runs each for a
# fixed time on a seed corpus made from the test fixtures. scripts/test.sh runs it as its last
# stage (.ci/run); run it alone for a longer session.
#
# Usage: bash scripts/fuzz.sh [SECONDS]
#   SECONDS  time per fuzzer (default: $CRYPTOBENCH_FUZZ_SECONDS, else 60)
# Needs Debian's clang and libclang-rt-14-dev (the libFuzzer and sanitizer runtimes).
# Only the fuzz targets are built (not the app or the tests; in CI the sanitized build of the
# previous stage has compiled the modules they link already); the targets then run side by
# side, CRYPTOBENCH_JOBS at a time. For each target the script prints the inputs run and the
# rate; any crash, leak, timeout or sanitizer report fails the run.
# New inputs that libFuzzer finds go to build/fuzz/corpus/<target>/ (the fixtures are only
# read); a crash leaves its input in build/fuzz/artifacts/ and makes the script exit 1.
# Environment: CRYPTOBENCH_JOBS sets build parallelism (default 2). A compiler launcher set in
# CMAKE_CXX_COMPILER_LAUNCHER (ccache) is used only if that program exists.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
# shellcheck source=scripts/common.sh
source scripts/common.sh

seconds=${1:-${CRYPTOBENCH_FUZZ_SECONDS:-60}}
[[ "$seconds" =~ ^[0-9]+$ && "$seconds" -gt 0 ]] || die "SECONDS must be a positive integer, got '$seconds'"
command -v clang++ >/dev/null 2>&1 || die "clang++ not found (apt-get install clang libclang-rt-14-dev)"
for launcher_var in CMAKE_CXX_COMPILER_LAUNCHER CMAKE_C_COMPILER_LAUNCHER; do
  if [[ -n "${!launcher_var:-}" ]] && ! command -v "${!launcher_var}" >/dev/null 2>&1; then
    note "$launcher_var=${!launcher_var} not found; building without it"
    unset "$launcher_var"
  fi
done

# One per parser, plus the whole import pipeline, the result-JSON reader and the memory bound
# (fuzz/CMakeLists.txt).
targets=(import speed_text speed_mr version bssl_speed botan_speed cryptsetup kernel_and_bench
         result_json memory_bound)

started=$SECONDS
step "configuring asan (cmake --preset asan), which builds the fuzzers"
run_logged build/logs/configure-fuzz.log cmake --preset asan
step "building ${#targets[@]} fuzzers (-j $(build_jobs))"
run_logged build/logs/build-fuzz.log \
  cmake --build --preset asan -j "$(build_jobs)" --target "${targets[@]/#/cryptobench_fuzz_}"
step "fuzzers built in $((SECONDS - started)) s"

# Seeds: the import fixtures and the corpus of real reports (read only; new inputs go to the
# target's own corpus directory).
seeds=(tests/fixtures/import tests/fixtures/reports)
# The result-JSON reader starts from result documents.
json_seeds=(tests/golden/import tests/fixtures/results tests/fixtures/compare)
artifacts=build/fuzz/artifacts
mkdir -p "$artifacts"

# Runs one target; its exit status goes to build/logs/fuzz-TARGET.status.
fuzz_one() {
  local target=$1 corpus=build/fuzz/corpus/$1 log=build/logs/fuzz-$1.log status=0
  local target_seeds=("${seeds[@]}") timeout=10
  if [[ "$target" == result_json ]]; then
    target_seeds=("${json_seeds[@]}")
  fi
  # memory_bound repeats each input to 256 KiB, imports it and writes its JSON: about 1 s of CPU
  # per input in this instrumented build (a 4 KiB openssl speed seed becomes 62 runs), several
  # seconds on a loaded machine; 10 s was within reach of the load alone. libFuzzer runs every
  # seed before its time limit counts, so it starts from the import fixtures only (26 files,
  # each format), not the report corpus as well.
  if [[ "$target" == memory_bound ]]; then
    timeout=60
    target_seeds=(tests/fixtures/import)
  fi
  mkdir -p "$corpus"
  "build/asan/fuzz/cryptobench_fuzz_$target" "$corpus" "${target_seeds[@]}" \
    -max_total_time="$seconds" -max_len=65536 -timeout="$timeout" -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/$target-" -print_final_stats=1 >"$log" 2>&1 || status=$?
  printf '%s\n' "$status" >"build/logs/fuzz-$target.status"
}

# The targets run side by side, as many at once as build jobs (each uses one core).
step "fuzzing ${#targets[@]} targets for ${seconds}s each, $(build_jobs) at a time (seeds ${seeds[*]})"
fuzz_started=$SECONDS
running=0
for target in "${targets[@]}"; do
  if ((running >= $(build_jobs))); then
    wait -n || true
    running=$((running - 1))
  fi
  rm -f "build/logs/fuzz-$target.status"
  fuzz_one "$target" &
  running=$((running + 1))
done
wait || true

failed=()
for target in "${targets[@]}"; do
  log=build/logs/fuzz-$target.log
  status=$(cat "build/logs/fuzz-$target.status" 2>/dev/null || printf '1')
  # libFuzzer stops at the first sanitizer report; look for one anyway, in case a runtime was
  # told to continue.
  if grep -qE 'runtime error:|ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY: [A-Za-z]+Sanitizer' "$log"; then
    status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  printf '  %-12s %s runs, %s execs/s, corpus %s files%s\n' "$target" "${runs:-?}" "${rate:-?}" \
    "$(find "build/fuzz/corpus/$target" -type f | wc -l)" "$( ((status == 0)) || printf ', FAILED')" >&2
  if ((status != 0)); then
    failed+=("$target")
    printf 'error: %s failed (exit %s); last lines of %s:\n' "$target" "$status" "$log" >&2
    tail -n 30 "$log" >&2
  fi
done
if ((${#failed[@]} > 0)); then
  die "fuzzing failed for: ${failed[*]}; inputs are in $artifacts, logs in build/logs/fuzz-*.log"
fi
step "fuzzing passed: ${#targets[@]} targets, ${seconds}s each ($((SECONDS - fuzz_started)) s); $((SECONDS - started)) s with the build"
