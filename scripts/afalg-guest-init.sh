#!/bin/busybox sh
# /init of the AF_ALG guest's initramfs (scripts/afalg-guest.sh fills in the @...@ values).
# Loads the crypto modules but aesni_intel, mounts this machine's root read-only over 9p at
# /host and the results share at /host/tmp/out, brings up loopback, runs scripts/afalg-guest-run.sh for the generic
# C drivers, loads aesni_intel, runs it again for the AES-NI drivers, and powers off.
/bin/busybox --install -s /bin
export PATH=/bin
mkdir -p /proc /sys /dev /host
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
load() {  # load LIST: a module whose CPU feature is missing refuses to load (ENODEV): expected
  for module in $(cat "/modules/$1"); do
    insmod "/modules/$module" 2>/dev/null || echo "$module" >>"/not-loaded.$1"
  done
}
load modules.early
ip link set lo up  # the loopback interface that `cryptobench tls` transfers over
# Read-only, so the guest may cache what it reads (cache=loose): each cryptobench worker loads
# the same binary and libraries again, which is slow over uncached 9p under emulation.
if ! mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 hostroot /host; then
  echo "AFALG-GUEST: cannot mount the host's root over 9p"
  poweroff -f
fi
mount -t proc proc /host/proc
mount -t sysfs sys /host/sys
mount -t devtmpfs dev /host/dev
mount -t tmpfs tmp /host/tmp
mkdir -p /host/tmp/out
mount -t 9p -o trans=virtio,version=9p2000.L out /host/tmp/out
run() {  # run VARIANT
  mkdir -p "/host/tmp/out/$1"
  chroot /host /bin/sh "@REPO@/scripts/afalg-guest-run.sh" "@BINARY@" "/tmp/out/$1" "@ACCEL@" \
    "$1" >"/host/tmp/out/$1/run.log" 2>&1
  echo "$?" >"/host/tmp/out/$1/done"
}
run generic
load modules.late
run aesni
cp /modules/modules.early /modules/modules.late /not-loaded.* /host/tmp/out/ 2>/dev/null
sync
poweroff -f
