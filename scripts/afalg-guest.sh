#!/usr/bin/env bash
# Runs cryptobench's AF_ALG backend against a real Linux kernel: boots Debian's kernel in
# qemu-system-x86_64 with an initramfs of our own (busybox, the kernel's crypto and crypto
# user-API modules), mounts this machine's root file system read-only over 9p so that the guest
# runs the cryptobench binary and libraries as they are here, runs scripts/afalg-guest-run.sh
# inside (without the aesni_intel module, then with it), and brings the results back through a
# second, writable 9p share. Then scripts/afalg-guest-check.py checks them.
#
# Usage: scripts/afalg-guest.sh [--binary PATH] [--out DIR] [--accel auto|kvm|tcg] [--no-check]
#   --binary  the cryptobench binary to run in the guest
#             (default build/release/apps/cryptobench/cryptobench)
#   --out     where results go (default build/afalg-guest/results); one folder per boot:
#             aesni/ (every crypto module loaded) and generic/ (all but aesni_intel)
#   --accel   kvm: hardware virtualisation with -cpu host (boots in seconds, timings mean
#             something); tcg: software emulation with -cpu max (minutes; the kernel still runs
#             for real, so KATs, driver names and the user-vs-wall artefact are checked, but
#             throughput is the emulator's); auto (default): kvm when /dev/kvm is usable by a
#             stock kernel, else tcg, saying why
# Environment: CRYPTOBENCH_AFALG_GUEST=skip skips the stage (exit 0, with a note).
# The kernel comes from Debian's linux-image-amd64 (apt-get download + dpkg-deb -x into
# build/afalg-guest/; nothing is installed on this machine). Needs root for 9p with
# security_model=none, qemu-system-x86, busybox-static, kmod (depmod) and cpio
# (scripts/install-deps.sh --with-guest installs them).
# Exit status: 0 the guest ran and every check passed; 1 a check failed or the guest did not
# boot; 2 bad usage or a missing tool.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/common.sh
source "$repo_root/scripts/common.sh"

binary=$repo_root/build/release/apps/cryptobench/cryptobench
out=$repo_root/build/afalg-guest/results
accel=auto
check=1
while (($#)); do
  case "$1" in
    --binary) binary=$(realpath "${2:?--binary needs a path}"); shift 2 ;;
    --out) out=$(realpath -m "${2:?--out needs a folder}"); shift 2 ;;
    --accel) accel=${2:?--accel needs auto, kvm or tcg}; shift 2 ;;
    --no-check) check=0; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) printf 'error: unknown argument %s (see --help)\n' "$1" >&2; exit 2 ;;
  esac
done
case "$accel" in auto | kvm | tcg) ;; *) die "--accel '$accel': expected auto, kvm or tcg" ;; esac

if [[ "${CRYPTOBENCH_AFALG_GUEST:-}" == skip ]]; then
  note "CRYPTOBENCH_AFALG_GUEST=skip: AF_ALG guest stage skipped"
  exit 0
fi
[[ "$(uname -m)" == x86_64 ]] || { note "the AF_ALG guest is x86-64 only: skipped"; exit 0; }
[[ "$(id -u)" == 0 ]] || die "the AF_ALG guest needs root (9p shares with security_model=none)"
for tool in qemu-system-x86_64 depmod cpio python3 apt-get dpkg-deb; do
  command -v "$tool" >/dev/null 2>&1 ||
    die "$tool not found (bash scripts/install-deps.sh --with-guest installs what the guest needs)"
done
# busybox-static's binary: the initramfs has no libraries for a dynamic one.
busybox=/bin/busybox
if [[ ! -x "$busybox" ]] || ldd "$busybox" >/dev/null 2>&1; then
  die "no static busybox at /bin/busybox (apt-get install busybox-static)"
fi
[[ -x "$binary" ]] || die "cryptobench binary not found at $binary (build the release preset)"

# The acceleration: KVM needs hardware virtualisation. A host whose /dev/kvm is PVM (kvm_pvm,
# a paravirtual nested hypervisor, as on some cloud sandboxes) runs only PVM-enabled guest
# kernels, and Debian's kernel hangs there before printing a line.
why_tcg=""
if [[ "$accel" != tcg ]]; then
  if [[ ! -w /dev/kvm ]]; then
    why_tcg="no writable /dev/kvm"
  elif [[ -d /sys/module/kvm_pvm ]]; then
    why_tcg="/dev/kvm is PVM (the kvm_pvm module), which runs only PVM-enabled guest kernels"
  elif ! grep -q -w -E 'vmx|svm' /proc/cpuinfo; then
    why_tcg="the CPU shows no vmx or svm flag"
  fi
  if [[ -n "$why_tcg" && "$accel" == kvm ]]; then
    die "--accel kvm: $why_tcg"
  fi
fi
if [[ "$accel" == tcg || -n "$why_tcg" ]]; then
  accel_args=(-accel tcg,thread=multi -cpu max)
  accel_name="tcg"
  note "AF_ALG guest under TCG emulation${why_tcg:+ ($why_tcg)}: the kernel runs for real, its timings do not"
else
  accel_args=(-enable-kvm -cpu host)
  accel_name="kvm"
fi

work=$repo_root/build/afalg-guest
mkdir -p "$work"

# Debian's current kernel for this release, extracted (not installed) into build/.
kernel_pkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
  sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | head -n 1)
[[ -n "$kernel_pkg" ]] || die "apt-cache knows no linux-image-amd64 (run apt-get update)"
kernel_version=${kernel_pkg#linux-image-}
kernel_root=$work/$kernel_pkg
if [[ ! -f "$kernel_root/boot/vmlinuz-$kernel_version" ]]; then
  step "fetching $kernel_pkg (apt-get download, dpkg-deb -x into $kernel_root)"
  rm -rf "$kernel_root" "$work"/*.deb
  (cd "$work" && apt-get download "$kernel_pkg" >/dev/null 2>&1) ||
    die "apt-get download $kernel_pkg failed"
  dpkg-deb -x "$work"/"$kernel_pkg"_*.deb "$kernel_root"
  rm -f "$work"/"$kernel_pkg"_*.deb
  depmod -b "$kernel_root" "$kernel_version"
fi

# The initramfs: busybox, the modules in dependency order (scripts/afalg-guest-modules.py),
# /init (scripts/afalg-guest-init.sh with this run's paths).
initramfs=$work/initramfs
rm -rf "$initramfs"
mkdir -p "$initramfs/bin" "$initramfs/modules"
cp "$busybox" "$initramfs/bin/busybox"
python3 "$repo_root/scripts/afalg-guest-modules.py" "$kernel_root/lib/modules/$kernel_version" \
  "$initramfs/modules"
sed -e "s|@REPO@|$repo_root|g" -e "s|@BINARY@|$binary|g" -e "s|@ACCEL@|$accel_name|g" \
  "$repo_root/scripts/afalg-guest-init.sh" >"$initramfs/init"
chmod +x "$initramfs/init"
(cd "$initramfs" && find . | cpio -o -H newc 2>/dev/null | gzip -1 >"$initramfs.cpio.gz")

rm -rf "$out"
mkdir -p "$out"
step "booting $kernel_version ($accel_name): generic C drivers first, then with aesni_intel"
started=$SECONDS
# The guest powers itself off; the timeout only ends a guest that hangs.
timeout 1200 qemu-system-x86_64 "${accel_args[@]}" -m 2048 -smp 2 -nographic -no-reboot \
  -kernel "$kernel_root/boot/vmlinuz-$kernel_version" -initrd "$initramfs.cpio.gz" \
  -append "console=ttyS0 quiet panic=-1" \
  -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
  -virtfs "local,path=$out,mount_tag=out,security_model=none" \
  >"$out/console.log" 2>&1 || true
status=0
for variant in generic aesni; do
  if [[ ! -f "$out/$variant/done" ]]; then
    printf 'error: the guest did not finish its %s run (%d s); the last console lines:\n' \
      "$variant" $((SECONDS - started)) >&2
    tail -n 20 "$out/console.log" >&2
    status=1
  fi
done
note "the guest ran for $((SECONDS - started)) s"
printf '%s\n' "$accel_name" >"$out/accel"
((status == 0)) || exit 1
if ((check)); then
  python3 "$repo_root/scripts/afalg-guest-check.py" "$out"
fi
