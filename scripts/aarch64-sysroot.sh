#!/usr/bin/env bash
# Prepares an arm64 (aarch64-linux-gnu) sysroot made of Debian 12's arm64 packages, for the cross
# build (preset `aarch64`, toolchain file cmake/aarch64-linux-gnu.cmake) and for running the arm64
# binaries under qemu-user (`qemu-aarch64 -L SYSROOT`, scripts/aarch64-test.sh).
#
# Usage: bash scripts/aarch64-sysroot.sh [DIR]     (DIR defaults to build/aarch64-sysroot)
#
# mmdebstrap --variant=extract unpacks the packages below and their dependencies into DIR
# without running any maintainer script, so no arm64 code runs and the host's dpkg
# architectures and apt sources stay as they are (mmdebstrap keeps its own apt state in DIR).
# Idempotent: a DIR whose stamp names the same package list is kept (a second run takes no
# time); a different list, or a half-made DIR, is made again. Needs mmdebstrap and network
# access to the Debian mirror (CRYPTOBENCH_DEBIAN_MIRROR, default http://deb.debian.org/debian).
# As root mmdebstrap unpacks directly; otherwise it needs unprivileged user namespaces.
#
# The packages: the C/C++ runtime and headers, the libraries CMakeLists.txt requires (CLI11,
# nlohmann_json, fmt, GoogleTest, SQLite and libpq for src/store, OpenSSL for the store's
# SHA-256) and libssl3, whose libcrypto.so.3 the tests and the live speed/doctor load. The
# optional backends are not built for arm64 (the preset sets CRYPTOBENCH_BACKENDS_DEFAULT=OFF):
# their packages would roughly double the sysroot and the cross build's time.
set -euo pipefail
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

dir=${1:-$repo_root/build/aarch64-sysroot}
mirror=${CRYPTOBENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages=(libc6-dev libstdc++-12-dev libssl-dev libssl3 libfmt-dev nlohmann-json3-dev
          libcli11-dev libgtest-dev libgmock-dev libsqlite3-dev libpq-dev)
stamp_text="bookworm arm64 ${packages[*]}"
stamp="$dir/.cryptobench-sysroot"

if [[ -f "$stamp" && "$(cat "$stamp")" == "$stamp_text" ]]; then
  step "arm64 sysroot $dir is up to date"
  exit 0
fi
command -v mmdebstrap >/dev/null 2>&1 ||
  die "mmdebstrap not found (install it: apt-get install mmdebstrap; install-deps.sh --with-aarch64)"

started=$SECONDS
step "making the arm64 sysroot $dir (mmdebstrap --variant=extract, ${#packages[@]} packages)"
rm -rf "$dir"
mkdir -p "$(dirname "$dir")"
include=$(IFS=,; printf '%s' "${packages[*]}")
run_logged "$repo_root/build/logs/aarch64-sysroot.log" \
  mmdebstrap --variant=extract --architectures=arm64 --include="$include" \
  --skip=cleanup/apt/lists bookworm "$dir" "$mirror"
# Debian 12 is merged-/usr, but extract runs no maintainer script that would make the links:
# the dynamic loader's path (/lib/ld-linux-aarch64.so.1) and /lib64 must resolve inside DIR.
for link in lib bin sbin; do
  if [[ ! -e "$dir/$link" && -d "$dir/usr/$link" ]]; then
    ln -s "usr/$link" "$dir/$link"
  fi
done
# Absolute symbolic links (usr/lib/aarch64-linux-gnu/libanl.so -> /lib/...) would point into the
# host's root: make them relative, so they resolve inside DIR for the linker and for qemu.
while IFS= read -r -d '' link; do
  target=$(readlink "$link")
  ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$dir$target")" "$link"
done < <(find "$dir/usr" "$dir/lib" "$dir/etc" -type l -lname '/*' -print0)
[[ -e "$dir/lib/ld-linux-aarch64.so.1" ]] ||
  die "the sysroot has no /lib/ld-linux-aarch64.so.1 (see build/logs/aarch64-sysroot.log)"
printf '%s\n' "$stamp_text" >"$stamp"
step "arm64 sysroot ready: $(du -sh "$dir" | cut -f1) in $((SECONDS - started)) s"
