#!/usr/bin/env python3
"""Copies the kernel modules the AF_ALG guest loads into a folder, with their load order.

Usage: afalg-guest-modules.py MODULES_DIR DEST
  MODULES_DIR  lib/modules/<version> of an extracted kernel package, after depmod -b
  DEST         folder to copy the .ko files to (flat); it also gets two lists, one file name a
               line, each module after those it depends on (modules.dep):
               modules.early: the virtio PCI transport, 9p, the kernel TLS module (tls, for
                 the kTLS run of `cryptobench tls`), and every crypto module but
                 aesni_intel and aes_ti, so that the kernel first serves AES with its generic C
                 code (aes_ti, the fixed-time C AES at priority 101, is loaded on request only
                 on a normal system and would outrank aes-generic at 100);
               modules.late: aesni_intel and what it needs beyond the early list. Loaded later,
                 its drivers (priority 400 and up) serve every socket bound after that.
Left out everywhere: tcrypt, the kernel's crypto self-test module, which fails on load by design.
"""
import os
import shutil
import sys

TRANSPORT = ["kernel/drivers/virtio/virtio_pci.ko", "kernel/net/9p/9pnet_virtio.ko",
             "kernel/fs/9p/9p.ko", "kernel/net/tls/tls.ko"]
CRYPTO_DIRS = ["kernel/crypto", "kernel/arch/x86/crypto", "kernel/lib/crypto"]
LATE = "kernel/arch/x86/crypto/aesni-intel.ko"
NEVER = {"tcrypt.ko", "aes_ti.ko"}


def main():
    modules_dir, dest = sys.argv[1:3]
    deps = {}
    with open(os.path.join(modules_dir, "modules.dep")) as f:
        for line in f:
            name, _, rest = line.partition(":")
            deps[name] = rest.split()
    wanted = list(TRANSPORT)
    for folder in CRYPTO_DIRS:
        path = os.path.join(modules_dir, folder)
        wanted += sorted(f"{folder}/{n}" for n in os.listdir(path) if n.endswith(".ko"))

    def ordered(modules, seen, skip):
        order = []

        def visit(module):
            if module in seen or os.path.basename(module) in skip:
                return
            seen.add(module)
            for dep in deps.get(module, []):
                visit(dep)
            order.append(module)

        for module in modules:
            visit(module)
        return order

    seen = set()
    early = ordered(wanted, seen, NEVER | {os.path.basename(LATE)})
    late = ordered([LATE], seen, NEVER)
    os.makedirs(dest, exist_ok=True)
    for name, modules in (("modules.early", early), ("modules.late", late)):
        with open(os.path.join(dest, name), "w") as f:
            for module in modules:
                shutil.copy(os.path.join(modules_dir, module), dest)
                f.write(os.path.basename(module) + "\n")


if __name__ == "__main__":
    main()
