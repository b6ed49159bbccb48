#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run):
#   1. installs the dependencies (scripts/install-deps.sh --with-format --with-guest
#      --with-postgres --with-browser) and starts a throw-away PostgreSQL server for the store
#      tests (scripts/postgres-throwaway.sh; as root it runs as the `postgres` user),
#   2. checks that every tracked C++ file is clang-format clean (.clang-format at the root),
#   3. builds the `release` preset (warnings are errors; a unity build, like step 4's) and runs
#      its tests with ctest,
#   4. builds the `asan` preset (Clang, AddressSanitizer + UBSan at -O0; cryptobench and its
#      tests, the test files themselves uninstrumented: tests/CMakeLists.txt says why) and
#      runs its tests with ctest. -O0, not the usual -O1: under the sanitizers -O1 took 2.2x the
#      compile CPU time of -O0 (six heavy files, 104 against 47 CPU-s, 2026-12-07), and the
#      asan build was half of CI's time; its suites take 1.6x the CPU time (168 against 103
#      CPU-s), a small part of what the build saves. It is a unity build as well: batches of
#      files share one parse of their common headers (cmake/CryptobenchUnityBuild.cmake),
#   5. renders HTML reports from committed result JSON with the release build and loads them in
#      Debian's chromium through puppeteer-core (scripts/html-check.sh: no console error, no
#      request outside the file, no horizontal scroll at 1280 px in light and dark, every chart
#      titled and rendered; screenshots in build/html-check/; it first shows its checker failing
#      on bad pages; about 15 s plus the npm ci of puppeteer-core),
#   6. boots Debian's kernel in a qemu guest and runs the afalg backend, doctor, openssl speed
#      -engine afalg and cryptobench tls with kTLS against it (scripts/afalg-guest.sh; KVM when
#      usable, else TCG emulation, 2-5 minutes on 2 cores; needs root, else skipped with a note),
#   7. cross-builds the arm64 binary and its tests against Debian's arm64 packages and runs the
#      unit suites, a live speed and a live doctor under qemu-aarch64 (scripts/aarch64-test.sh:
#      the tool must say it runs emulated, and doctor must give no cycles per byte; its header
#      gives the measured cost, about 8 minutes cold on 2 cores),
#   8. builds the libFuzzer targets (in the asan build of step 4, whose modules they reuse) and
#      runs each for CRYPTOBENCH_FUZZ_SECONDS (default 20) with no crash or sanitizer report
#      allowed (scripts/fuzz.sh; about 2 minutes on 2 cores, most of it the fuzzing).
# Every step runs even when an earlier one failed; a summary ends the run and the exit status
# is 1 if any step failed. Most of the time goes to the builds (-j 2 by default).
# Environment: CRYPTOBENCH_SKIP_APT=1 skips apt-get; CRYPTOBENCH_JOBS sets build parallelism
# (default 2); CRYPTOBENCH_CTEST_JOBS sets ctest parallelism for the tests not labelled timing
# (default 2, one per core); those labelled timing always run one at a time, alone, and a
# failed one gets a second run;
# CRYPTOBENCH_AFALG_GUEST=skip skips the guest stage;
# CRYPTOBENCH_HTML_CHECK=skip skips the HTML report check in chromium;
# CRYPTOBENCH_AARCH64=skip skips the AArch64 cross build and its run under qemu-aarch64 (stage 7)
# and the installation of its toolchain;
# CRYPTOBENCH_FUZZ_SECONDS sets the fuzzing time per target (default 20; 0 skips the stage);
# CRYPTOBENCH_EXPECT_BACKENDS (comma list) names the backends the release build must contain.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
# shellcheck source=scripts/common.sh
source scripts/common.sh

aarch64_deps=()
[[ "${CRYPTOBENCH_AARCH64:-run}" == skip ]] || aarch64_deps=(--with-aarch64)
bash scripts/install-deps.sh --with-format --with-guest --with-postgres --with-browser \
  "${aarch64_deps[@]}"

# A throw-away PostgreSQL server for the store tests (src/store, tests/integration/history_test.cc),
# which run every store test against it as well as against SQLite; stopped and deleted on exit.
postgres_dir=""
stop_postgres() { [[ -z "$postgres_dir" ]] || bash scripts/postgres-throwaway.sh stop "$postgres_dir"; }
trap stop_postgres EXIT
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  postgres_dir=$(mktemp -d /tmp/cryptobench-postgres.XXXXXX)
  step "starting a throw-away PostgreSQL server (scripts/postgres-throwaway.sh)"
  postgres_started=$SECONDS
  CRYPTOBENCH_TEST_POSTGRES=$(bash scripts/postgres-throwaway.sh start "$postgres_dir")
  export CRYPTOBENCH_TEST_POSTGRES
  note "PostgreSQL server up in $((SECONDS - postgres_started)) s (its tests run inside ctest)"
else
  note "no PostgreSQL server installed: the store tests run against SQLite only"
fi

results=()
failed=0
record() {  # record NAME STATUS
  if [[ "$2" == 0 ]]; then
    results+=("PASS  $1")
  else
    results+=("FAIL  $1")
    failed=1
  fi
}

# clang-format 15 or later: .clang-format uses InsertBraces, which version 14 rejects.
find_clang_format() {
  local candidate version
  for candidate in clang-format-16 clang-format-17 clang-format-18 clang-format-19 \
                   clang-format-15 clang-format; do
    command -v "$candidate" >/dev/null 2>&1 || continue
    version=$("$candidate" --version | sed -n 's/.*version \([0-9]*\).*/\1/p')
    if [[ -n "$version" && "$version" -ge 15 ]]; then
      printf '%s' "$candidate"
      return 0
    fi
  done
  return 1
}

check_format() {
  local clang_format files=()
  if ! clang_format=$(find_clang_format); then
    printf 'error: no clang-format >= 15 found (install clang-format-16)\n' >&2
    return 1
  fi
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files -- '*.cc' '*.h' '*.cpp' '*.hpp')
  else
    mapfile -t files < <(find src apps tests bench -name '*.cc' -o -name '*.h' 2>/dev/null)
  fi
  if ((${#files[@]} == 0)); then
    printf 'error: no C++ files found to check\n' >&2
    return 1
  fi
  step "clang-format check of ${#files[@]} files ($clang_format --dry-run -Werror)"
  local file unformatted=()
  for file in "${files[@]}"; do
    "$clang_format" --dry-run -Werror "$file" >/dev/null 2>&1 || unformatted+=("$file")
  done
  if ((${#unformatted[@]} > 0)); then
    printf 'error: %d files are not clang-format clean; the first differences:\n' \
      "${#unformatted[@]}" >&2
    "$clang_format" --dry-run "${unformatted[@]}" 2>&1 | head -n 30 >&2
    printf 'fix with: %s -i %s\n' "$clang_format" "${unformatted[*]}" >&2
    return 1
  fi
}

# The names of the tests that failed and the first assertion lines of each, printed after the
# summary so that the last lines of a CI log say what failed (the full output is in the ctest log).
failure_details=()
remember_failed_tests() {  # remember_failed_tests PRESET CTEST_LOG
  local preset=$1 log=$2 list="build/$1/Testing/Temporary/LastTestsFailed.log" name
  [[ -f "$list" ]] || return 0
  while IFS=: read -r _ name; do
    [[ -n "$name" ]] || continue
    failure_details+=("$preset: $name")
    while IFS= read -r line; do
      failure_details+=("    $line")
    done < <(awk -v test="$name" '
      /Test +#[0-9]+: / && index($0, ": " test " ") { inside = 1; sub(/^ */, ""); gsub(/ \.+/, " "); print; next }
      inside && (/^ *Start +[0-9]+: / || /Test +#[0-9]+: /) { exit }
      inside && /: Failure$/ { after = 3 }
      inside && after > 0 { print; after--; if (++n == 7) exit }
' "$log" | cut -c1-160)
  done < "$list"
}

# Timing tests that failed their first run and passed their second: not a failure, but named in
# the summary so that a test that keeps needing it is seen.
retried_tests=()
remember_retried_tests() {  # remember_retried_tests PRESET CTEST_LOG
  local name
  while IFS= read -r name; do
    [[ -n "$name" ]] && retried_tests+=("$1: $name")
  done < <(awk '/Test +#[0-9]+: .*\*\*\*/ { sub(/.*Test +#[0-9]+: /, ""); sub(/ .*/, ""); failed[$0] = 1 }
                /Test +#[0-9]+: .* Passed / { sub(/.*Test +#[0-9]+: /, ""); sub(/ .*/, ""); if (failed[$0]) print }' "$2")
}

status=0
check_format || status=$?
record "clang-format" "$status"

for preset in release asan; do
  status=0
  step "configuring $preset (cmake --preset $preset)"
  run_logged "build/logs/configure-$preset.log" cmake --preset "$preset" || status=$?
  # release builds every target (the bench programs too, so they keep compiling); asan only
  # what its ctest runs: cryptobench_tests depends on the executable, the fake libcrypto and the
  # Google Benchmark reference (tests/CMakeLists.txt). The two corpus programs of bench/ would
  # cost four instrumented compiles and two sanitizer links for nothing that runs here.
  targets=()
  [[ "$preset" == asan ]] && targets=(--target cryptobench cryptobench_tests)
  if [[ "$status" == 0 ]]; then
    step "building $preset (cmake --build --preset $preset -j $(build_jobs) ${targets[*]})"
    run_logged "build/logs/build-$preset.log" \
      cmake --build --preset "$preset" -j "$(build_jobs)" "${targets[@]}" || status=$?
  fi
  record "build $preset" "$status"
  if [[ "$status" != 0 ]]; then
    record "ctest $preset (not run: build failed)" 1
    continue
  fi
  step "testing $preset (ctest --preset $preset)"
  status=0
  expect=""
  if [[ "$preset" == release ]]; then
    # The optional backends this run must have built (install-deps.sh installs their -dev
    # packages): the cross-backend test fails for any of them that is not compiled in, so a
    # missing package cannot silently drop a backend. Override with CRYPTOBENCH_EXPECT_BACKENDS.
    expect="${CRYPTOBENCH_EXPECT_BACKENDS-afalg,boringssl,botan,cryptopp,gcrypt,gnutls,mbedtls,nettle,sodium,wolfssl}"
  fi
  mkdir -p build/logs
  # Every test once, but those labelled "timing" (tests/CMakeLists.txt): they assert on live
  # timings, and get a second run when the first fails on this shared machine.
  ctest_log="build/logs/ctest-$preset.log"
  # The TLS interop tests need curl and openssl (installed above): here a missing one fails.
  CRYPTOBENCH_EXPECT_BACKENDS="$expect" CRYPTOBENCH_REQUIRE_INTEROP=1 \
    ctest --preset "$preset" --no-tests=error --output-on-failure --label-exclude timing \
    -j "${CRYPTOBENCH_CTEST_JOBS:-2}" 2>&1 | tee "$ctest_log" || status=$?
  if [[ "$status" != 0 ]]; then
    remember_failed_tests "$preset" "$ctest_log"
  fi
  timing_status=0
  timing_log="build/logs/ctest-$preset-timing.log"
  step "testing $preset: the tests labelled timing (a failed one runs once more)"
  ctest --preset "$preset" --no-tests=error --output-on-failure --label-regex timing \
    --repeat until-pass:2 -j 1 2>&1 | tee "$timing_log" || timing_status=$?
  if [[ "$timing_status" != 0 ]]; then
    remember_failed_tests "$preset" "$timing_log"
    status=$timing_status
  fi
  remember_retried_tests "$preset" "$timing_log"
  record "ctest $preset" "$status"
done

if [[ "${CRYPTOBENCH_HTML_CHECK:-}" == skip ]]; then
  note "CRYPTOBENCH_HTML_CHECK=skip: HTML report check skipped"
  record "html check (skipped: CRYPTOBENCH_HTML_CHECK=skip)" 0
elif [[ ! -x build/release/apps/cryptobench/cryptobench ]]; then
  record "html check (not run: no release build)" 1
else
  status=0
  html_started=$SECONDS
  mkdir -p build/logs
  bash scripts/html-check.sh 2>&1 | tee build/logs/html-check.log || status=$?
  record "html check ($((SECONDS - html_started)) s)" "$status"
fi

if [[ "${CRYPTOBENCH_AFALG_GUEST:-}" == skip ]]; then
  note "CRYPTOBENCH_AFALG_GUEST=skip: AF_ALG guest stage skipped"
  record "afalg guest (skipped: CRYPTOBENCH_AFALG_GUEST=skip)" 0
elif [[ "$(id -u)" != 0 ]]; then
  note "not root: AF_ALG guest stage skipped (it mounts this machine's root over 9p)"
  record "afalg guest (skipped: not root)" 0
elif [[ ! -x build/release/apps/cryptobench/cryptobench ]]; then
  record "afalg guest (not run: no release build)" 1
else
  status=0
  guest_started=$SECONDS
  mkdir -p build/logs
  bash scripts/afalg-guest.sh 2>&1 | tee build/logs/afalg-guest.log || status=$?
  record "afalg guest ($((SECONDS - guest_started)) s)" "$status"
fi

if [[ "${CRYPTOBENCH_AARCH64:-run}" == skip ]]; then
  note "AArch64 stage skipped (CRYPTOBENCH_AARCH64=skip)"
  record "aarch64 under qemu (skipped: CRYPTOBENCH_AARCH64=skip)" 0
else
  status=0
  aarch64_started=$SECONDS
  mkdir -p build/logs
  bash scripts/aarch64-test.sh 2>&1 | tee build/logs/aarch64-test.log || status=$?
  record "aarch64 under qemu ($((SECONDS - aarch64_started)) s)" "$status"
fi

fuzz_seconds=${CRYPTOBENCH_FUZZ_SECONDS:-20}
if [[ "$fuzz_seconds" == 0 ]]; then
  note "CRYPTOBENCH_FUZZ_SECONDS=0: fuzz stage skipped"
  record "fuzz (skipped: CRYPTOBENCH_FUZZ_SECONDS=0)" 0
else
  status=0
  fuzz_started=$SECONDS
  bash scripts/fuzz.sh "$fuzz_seconds" || status=$?
  record "fuzz, ${fuzz_seconds}s per target ($((SECONDS - fuzz_started)) s)" "$status"
fi

step "summary"
printf '  %s\n' "${results[@]}" >&2
if ((${#retried_tests[@]} > 0)); then
  printf 'timing tests that passed only on their second run (noise; see build/logs):\n' >&2
  printf '  %s\n' "${retried_tests[@]}" >&2
fi
if ((${#failure_details[@]} > 0)); then
  printf 'failed tests (full output: build/logs/ctest-<preset>.log):\n' >&2
  printf '  %s\n' "${failure_details[@]:0:16}" >&2
fi
if ((failed)); then
  die "some checks failed"
fi
step "all checks passed"
