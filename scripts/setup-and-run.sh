#!/usr/bin/env bash
# From a fresh Debian 12 machine to a measurement in one command: installs the build
# dependencies (as root), builds the release preset and runs `cryptobench speed` with the
# arguments given, e.g.  bash scripts/setup-and-run.sh SHA-256 --bytes 1024 --format json
#
# Safe to run again: installed packages are left alone and the build is incremental.
# Environment: CRYPTOBENCH_SKIP_APT=1 skips apt-get; CRYPTOBENCH_JOBS sets build parallelism.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
# shellcheck source=scripts/common.sh
source scripts/common.sh

bash scripts/install-deps.sh

step "configuring the release build (cmake --preset release)"
run_logged build/logs/configure-release.log cmake --preset release ||
  die "configuring failed; is every package of scripts/install-deps.sh installed?"
# Only the tool: scripts/test.sh builds and runs the tests.
step "building (cmake --build --preset release --target cryptobench -j $(build_jobs))"
run_logged build/logs/build-release.log \
  cmake --build --preset release --target cryptobench -j "$(build_jobs)" ||
  die "the release build failed (full log: build/logs/build-release.log)"

binary=build/release/apps/cryptobench/cryptobench
[[ -x "$binary" ]] || die "the build finished but $binary is missing"
step "running: cryptobench speed $*"
exec "$binary" speed "$@"
