#!/usr/bin/env bash
# Installs the Debian 12 packages that building, testing and running cryptobench need.
#
# Usage: bash scripts/install-deps.sh [--with-format] [--with-guest] [--with-postgres]
#                                     [--with-browser] [--with-aarch64]
#   --with-format  also install clang-format-16 (scripts/test.sh checks formatting with it;
#                  Debian 12's default clang-format 14 cannot read our .clang-format).
#   --with-guest   also install what scripts/afalg-guest.sh needs to boot a Linux guest and run
#                  the AF_ALG backend against its kernel: qemu-system-x86, busybox-static,
#                  kmod (depmod), cpio and python3.
#   --with-postgres  also install the PostgreSQL server, for the store tests' throw-away server
#                  (scripts/postgres-throwaway.sh).
#   --with-browser also install chromium, and nodejs unless a `node` is already on PATH (a
#                  NodeSource one, say): scripts/html-check.sh loads the HTML reports in chromium
#                  through puppeteer-core, with node 18 or later. Not Debian's npm: it is 364
#                  packages that took 176 s to install in a bookworm chroot here; html-check.sh
#                  fetches one pinned npm release instead (3 MB, checked against its hash).
#   --with-aarch64 also install the arm64 cross toolchain (g++-aarch64-linux-gnu), qemu-user
#                  (qemu-aarch64) and mmdebstrap, for scripts/aarch64-test.sh; the arm64
#                  libraries come from mmdebstrap into build/aarch64-sysroot
#                  (scripts/aarch64-sysroot.sh), not from apt, so the host's dpkg architectures
#                  and apt sources stay as they are. `file` checks the binary's architecture.
#
# Only packages that are missing are installed, so a second run changes nothing (and does not
# upgrade an installed libssl3 under a benchmark). apt-get is skipped, with a note naming what
# is missing, when CRYPTOBENCH_SKIP_APT=1 or when not running as root.
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# Build: cmake, ninja-build, g++ and the header/config packages of CMakeLists.txt's find_package
# calls (CLI11, nlohmann_json, fmt, GTest/GMock). pkg-config for find modules that use it.
# Run: cryptobench dlopens libcrypto.so.3 and libssl.so.3 (libssl3); `openssl` is used by bench/
# and, with curl, by the TLS interop tests (tests/integration/tls_interop_test.cc).
# The asan build and the fuzzers built in it (scripts/fuzz.sh): clang and its libFuzzer and
# sanitizer runtimes (libclang-rt-14-dev).
packages=(cmake ninja-build g++ pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev
          libgtest-dev libgmock-dev libssl3 openssl curl clang libclang-rt-14-dev)
# The result store (src/store): SQLite on one machine, libpq for a PostgreSQL server.
packages+=(libsqlite3-dev libpq-dev)
# Optional backends (src/backends/<name>, each built when its library is found) and the peer
# tools bench/vs-peers compares with: bssl (android-boringssl), botan, gnutls-cli (gnutls-bin).
packages+=(libsodium-dev libgnutls28-dev nettle-dev libgcrypt20-dev libbotan-2-dev
           libcrypto++-dev libmbedtls-dev libwolfssl-dev android-libboringssl-dev
           android-boringssl botan gnutls-bin)
for option in "$@"; do
  case "$option" in
    --with-format) packages+=(clang-format-16) ;;
    --with-guest) packages+=(qemu-system-x86 busybox-static kmod cpio python3) ;;
    --with-postgres) packages+=(postgresql) ;;
    --with-aarch64) packages+=(g++-aarch64-linux-gnu qemu-user mmdebstrap file) ;;
    --with-browser)
      packages+=(chromium)
      command -v node >/dev/null 2>&1 || packages+=(nodejs)
      ;;
    *) die "unknown option '$option' (usage: install-deps.sh [--with-format] [--with-guest]" \
         "[--with-postgres] [--with-browser] [--with-aarch64])" ;;
  esac
done

if ! command -v dpkg-query >/dev/null 2>&1; then
  note "dpkg-query not found: not a Debian system; install by hand: ${packages[*]}"
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed'; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  step "dependencies: all ${#packages[@]} packages already installed"
  exit 0
fi
if [[ "${CRYPTOBENCH_SKIP_APT:-0}" == 1 ]]; then
  note "CRYPTOBENCH_SKIP_APT=1: not running apt-get; missing packages: ${missing[*]}"
  exit 0
fi
if [[ "$(id -u)" != 0 ]]; then
  note "not root: not running apt-get; missing packages: ${missing[*]}"
  note "install them with: sudo apt-get install --no-install-recommends ${missing[*]}"
  exit 0
fi

step "installing ${missing[*]} (apt-get)"
export DEBIAN_FRONTEND=noninteractive
log_dir=${TMPDIR:-/tmp}
run_logged "$log_dir/cryptobench-apt-update.log" apt-get update -q
run_logged "$log_dir/cryptobench-apt-install.log" \
  apt-get install -y -q --no-install-recommends "${missing[@]}"
step "dependencies installed"
