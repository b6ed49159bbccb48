#!/usr/bin/env python3
"""Checks the results of the AF_ALG guest (scripts/afalg-guest.sh) and prints what they show.

Usage: afalg-guest-check.py RESULTS_DIR
RESULTS_DIR holds accel (kvm or tcg) and one folder per boot: aesni/ (every crypto module) and
generic/ (all but aesni_intel), each written by scripts/afalg-guest-run.sh.

Checks, each printed PASS or FAIL (exit status 1 if any fails):
  1. every algorithm the afalg backend offers on the guest's kernel passed its known-answer
     tests and was measured (no cell failed);
  2. every measured cell names the kernel driver that served it, and that driver, its priority
     and its module are the ones /proc/crypto of the same guest lists;
  3. with aesni_intel loaded the AES modes are served by the AES-NI drivers; without it, by the
     generic C code (aes-generic);
  4. the artefact: `openssl speed -engine afalg` divides by user CPU time, which leaves out the
     kernel's work, so its figure is well above the -elapsed (wall-clock) one; cryptobench's
     afalg cells carry wall-clock throughput with user time under a quarter of system time (the
     kernel does the work), and import flags the user-CPU figure's timing basis;
  5. doctor --backend afalg calls AES-128-CBC accelerated with aesni_intel and gives aes-generic a
     software verdict naming the module without it, and compares the kernel with user-space
     OpenSSL per input size (each kernel request costs more than a user-space call);
  6. kTLS (aesni boot, the tls module loaded): `cryptobench tls` finds the kernel's tls ULP, and
     at least one TLS transfer ran with the server's records encrypted by the kernel, verified
     byte for byte, beside the same suite without kTLS.
Figures are printed beside the checks; under TCG (emulation) they are the emulator's.
"""
import json
import os
import re
import sys

failures = []


def check(ok, what):
    print(f"  {'PASS' if ok else 'FAIL'}  {what}")
    if not ok:
        failures.append(what)


def load(path):
    with open(path) as f:
        return json.load(f)


def proc_crypto(path):
    """name/driver/module/priority records of /proc/crypto."""
    records, current = [], {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip():
                if current:
                    records.append(current)
                current = {}
                continue
            key, _, value = line.partition(":")
            current[key.strip()] = value.strip()
    if current:
        records.append(current)
    return records


def cells(run):
    for algorithm in run.get("algorithms", []):
        for cell in algorithm.get("cells", []):
            yield algorithm, cell


def openssl_speed_16k(path):
    """bytes/s of the 16384-byte column of an `openssl speed -bytes 16384` table."""
    with open(path) as f:
        text = f.read()
    match = re.search(r"^aes-128-cbc\s+([0-9.]+|inf)k\s*$", text, re.MULTILINE | re.IGNORECASE)
    return float(match.group(1)) * 1000 if match else None


def largest_cell_rates(run):
    """algorithm -> (input_len, bytes/s, implementation) of its largest measured cell."""
    rates = {}
    for algorithm, cell in cells(run):
        value = cell.get("figures", {}).get("bytes_per_s", {}).get("value")
        if cell.get("status") == "ok" and value:
            name = algorithm["algorithm"]
            if name not in rates or cell["input_len"] > rates[name][0]:
                rates[name] = (cell["input_len"], value, algorithm.get("implementation", ""))
    return rates


def print_beside_openssl(run, openssl_path):
    """The kernel's figure per algorithm beside user-space OpenSSL's, same guest."""
    if not os.path.exists(openssl_path):
        return
    openssl = load(openssl_path)
    user = largest_cell_rates(openssl["runs"][0] if "runs" in openssl else openssl)
    print(f"  {'algorithm':<22} {'bytes':>6} {'afalg MB/s':>10} {'openssl MB/s':>12}  kernel driver")
    for name, (size, rate, implementation) in sorted(largest_cell_rates(run).items()):
        other = user.get(name)
        beside = f"{other[1] / 1e6:12.1f}" if other and other[0] == size else f"{'-':>12}"
        print(f"  {name:<22} {size:>6} {rate / 1e6:10.1f} {beside}  {implementation}")


def check_boot(results, variant):
    folder = os.path.join(results, variant)
    print(f"{variant}: kernel {open(os.path.join(folder, 'kernel.txt')).read().strip()}")
    registry = (proc_crypto(os.path.join(folder, "proc-crypto.txt"))
                + proc_crypto(os.path.join(folder, "proc-crypto-after.txt")))
    drivers = {r.get("driver"): r for r in registry}
    listing = load(os.path.join(folder, "list-afalg.json"))
    offered = [a["name"] for a in listing["algorithms"] if a.get("supported")]
    check(len(offered) >= 10, f"{variant}: the backend offers {len(offered)} algorithms on this kernel")
    if variant != "aesni":
        offered = [name for name in offered if name in ("AES-128-CBC", "AES-128-CTR",
                                                         "AES-128-GCM", "AES-256-XTS")]

    speed = load(os.path.join(folder, "speed-afalg.json"))
    run = speed["runs"][0] if "runs" in speed else speed
    measured, bad, named, unnamed, mismatched = set(), [], 0, [], []
    for algorithm, cell in cells(run):
        name = algorithm["algorithm"]
        status = cell.get("status")
        if status == "unsupported":
            continue
        if status != "ok":
            bad.append(f"{name} {cell.get('input_len')}: {status} {cell.get('message', '')}")
            continue
        measured.add(name)
        implementation = algorithm.get("implementation", "")
        match = re.match(r"^(\S+) \(priority (\d+), (?:module (\S+)|built into the kernel)\)$",
                         implementation)
        if not match:
            unnamed.append(f"{name}: '{implementation}'")
            continue
        named += 1
        driver, priority, module = match.group(1), match.group(2), match.group(3) or "kernel"
        record = drivers.get(driver)
        if (record is None or record.get("priority") != priority
                or record.get("module") != module):
            mismatched.append(f"{name}: {implementation} vs /proc/crypto {record}")
    check(not bad, f"{variant}: every offered algorithm passed its KAT and was measured"
          + (f" (failed: {'; '.join(bad[:5])})" if bad else f" ({len(measured)} algorithms)"))
    check(set(offered) <= measured,
          f"{variant}: no offered algorithm is missing from the run"
          + (f" (missing: {sorted(set(offered) - measured)})" if set(offered) - measured else ""))
    check(not unnamed and named > 0,
          f"{variant}: every cell names its kernel driver"
          + (f" (not: {'; '.join(unnamed[:5])})" if unnamed else ""))
    check(not mismatched,
          f"{variant}: driver, priority and module equal the guest's /proc/crypto"
          + (f" ({'; '.join(mismatched[:3])})" if mismatched else ""))

    if variant == "aesni":
        print_beside_openssl(run, os.path.join(folder, "speed-openssl.json"))

    aes = {a["algorithm"]: a.get("implementation", "") for a in run["algorithms"]
           if a["algorithm"].startswith("AES-128-") and a["algorithm"] in measured}
    if variant == "aesni":
        check(any("aesni" in impl for impl in aes.values()),
              f"aesni: AES modes are served by AES-NI drivers ({aes.get('AES-128-CBC', '?')})")
    else:
        check(all("aesni" not in impl for impl in aes.values())
              and "aes-generic" in aes.get("AES-128-CBC", ""),
              f"generic: AES modes are served by the generic C code ({aes.get('AES-128-CBC', '?')})")

    # Where the time goes: system time, not user time (a cell sampled for a whole second).
    timed = load(os.path.join(folder, "speed-afalg-time.json"))
    for algorithm, cell in cells(timed["runs"][0] if "runs" in timed else timed):
        if algorithm["algorithm"] == "AES-128-CBC" and cell.get("input_len") == 16384:
            figures = cell.get("figures", {})
            bps = figures.get("bytes_per_s", {}).get("value", 0)
            user = figures.get("user_ns_per_op")
            sys_ns = figures.get("sys_ns_per_op")
            wall = 16384 / bps * 1e9 if bps else None
            print(f"  afalg AES-128-CBC 16 KiB: {bps / 1e6:.1f} MB/s wall-clock; per operation "
                  f"{wall:.0f} ns wall, {user:.0f} ns user, {sys_ns:.0f} ns system"
                  if wall and user is not None and sys_ns is not None else
                  f"  afalg AES-128-CBC 16 KiB: figures {sorted(figures)}")
            if wall and user is not None and sys_ns is not None:
                # Against system time, not wall: an emulated guest's tick accounting can run
                # ahead of its wall clock under host load, but not favour one mode.
                check(user < 0.25 * sys_ns,
                      f"{variant}: the kernel does the work as system time (user {user:.0f} ns, "
                      f"system {sys_ns:.0f} ns, wall {wall:.0f} ns per 16 KiB operation)")

    user_figure = openssl_speed_16k(os.path.join(folder, "openssl-afalg-user.txt"))
    elapsed_figure = openssl_speed_16k(os.path.join(folder, "openssl-afalg-elapsed.txt"))
    if user_figure and elapsed_figure:
        ratio = user_figure / elapsed_figure
        print(f"  openssl speed -engine afalg aes-128-cbc 16 KiB: {user_figure / 1e6:.1f} MB/s by "
              f"user CPU time, {elapsed_figure / 1e6:.1f} MB/s by wall-clock (-elapsed): "
              f"{ratio:.1f}x" + (" (no user CPU time at all: openssl prints inf)"
                                 if ratio == float("inf") else ""))
        # Under KVM the ratio is tens or inf; under TCG the engine's own user-space code is
        # emulated too, and slow, so only a clear inflation is required.
        check(ratio > 1.5, f"{variant}: user-CPU timing inflates the afalg engine's figure "
                         f"({ratio:.1f}x the wall-clock one)")
    else:
        check(False, f"{variant}: openssl speed -engine afalg gave a 16 KiB figure with and "
                     "without -elapsed")
    imported = load(os.path.join(folder, "import-afalg-user.json"))
    runs = imported.get("runs", [imported])
    basis = {r.get("source", {}).get("timing_basis") for r in runs}
    check("user_cpu" in basis, f"{variant}: import reads that figure's timing basis as user CPU "
                               f"({sorted(b for b in basis if b)})")


def check_doctor(folder, variant):
    """doctor --backend afalg: the driver's class decides the verdict, and the kernel is compared
    with user-space OpenSSL per input size."""
    doctor = load(os.path.join(folder, "doctor-afalg.json"))
    verdicts = {v["algorithm"]: v for v in doctor.get("verdicts", [])}
    cbc = verdicts.get("AES-128-CBC", {})
    print(f"  doctor: {cbc.get('line', '(no AES-128-CBC verdict)')}")
    evidence = " | ".join(cbc.get("evidence", []))
    if variant == "aesni":
        check(cbc.get("status") == "accelerated"
              and "the CPU's AES-NI instructions" in evidence,
              f"aesni: doctor calls AES-128-CBC accelerated by the AES-NI driver "
              f"({cbc.get('status')})")
    else:
        check(cbc.get("status") == "not_accelerated" and "aes-generic: portable C" in evidence
              and "aesni_intel" in cbc.get("advice", ""),
              f"generic: doctor gives aes-generic a software verdict and names aesni_intel "
              f"({cbc.get('status')})")
    compared = {c["algorithm"]: c for c in doctor.get("kernel_versus_user", [])}
    note = doctor.get("kernel_versus_user_note", "")
    for name, c in sorted(compared.items()):
        print(f"  {c['line']}")
        for p in c["points"]:
            print(f"    {p['input_len']:>6} B: kernel {p['kernel_bytes_per_s'] / 1e6:8.1f} MB/s, "
                  f"{c['user_space']} {p['user_bytes_per_s'] / 1e6:8.1f} MB/s")
    aes = compared.get("AES-128-CBC")
    check(aes is not None and len(aes["points"]) >= 3 and aes["request_cost_us"] > 0,
          f"{variant}: doctor measures the kernel against user-space OpenSSL per size, and each "
          f"kernel request costs more than a user-space call"
          + (f" ({aes['request_cost_us']:.1f} us at {aes['points'][0]['input_len']} bytes)"
             if aes and aes["points"] else f" ({note or 'no comparison'})"))


def check_ktls(folder):
    """cryptobench tls with the kernel's tls module: kTLS found, used and verified."""
    run = load(os.path.join(folder, "tls-ktls.json"))
    ktls = run.get("ktls", {})
    print(f"  kTLS: {ktls.get('status')}: {ktls.get('reason')}")
    rates = {}
    for cell in run.get("transfers", []):
        samples = sorted(s["wall_ns"] for s in cell.get("samples", []))
        rate = cell["transfer_bytes"] / (samples[len(samples) // 2] / 1e9) if samples else None
        n = cell.get("negotiated", {})
        sides = (f"server send {'kernel' if n.get('server_ktls_send') else 'user'}, client "
                 f"receive {'kernel' if n.get('client_ktls_recv') else 'user'}")
        label = cell.get("suite") or cell.get("transport")
        print(f"    {label:<40} {cell.get('protocol', ''):<8} kTLS {str(cell.get('ktls')):<5} "
              f"{cell.get('status'):<11} "
              + (f"{rate / 1e6:7.1f} MB/s, {sides}" if rate else cell.get("message", "")))
        rates[(label, cell.get("ktls"))] = (cell, rate)
    check(ktls.get("kernel") == "available",
          f"aesni: cryptobench tls finds the kernel's tls ULP ({ktls.get('kernel')})")
    used = [cell for (label, with_ktls), (cell, rate) in rates.items()
            if with_ktls and cell.get("status") == "ok" and rate
            and cell.get("negotiated", {}).get("server_ktls_send")
            and cell.get("verified_bytes", 0) >= cell["transfer_bytes"]
            and rates.get((label, False), (None, None))[1]]
    check(ktls.get("status") == "used" and used,
          f"aesni: a TLS transfer ran with the kernel encrypting the server's records, verified, "
          f"beside the same suite without kTLS ({len(used)} suite(s))")


def main():
    results = sys.argv[1]
    accel = open(os.path.join(results, "accel")).read().strip()
    print(f"AF_ALG guest results ({accel}{': emulated, figures are the emulator' + chr(39) + 's' if accel == 'tcg' else ''})")
    for variant in ("aesni", "generic"):
        try:
            check_boot(results, variant)
            check_doctor(os.path.join(results, variant), variant)
            if variant == "aesni":
                check_ktls(os.path.join(results, variant))
        except (OSError, ValueError, KeyError) as e:
            check(False, f"{variant}: results readable ({e})")
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("all AF_ALG guest checks passed")


if __name__ == "__main__":
    main()
