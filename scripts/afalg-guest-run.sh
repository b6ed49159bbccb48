#!/bin/sh
# Runs inside the AF_ALG guest (scripts/afalg-guest.sh), in this machine's root file system
# mounted read-only, with the guest's own kernel. Writes every result into OUT.
# Usage: afalg-guest-run.sh CRYPTOBENCH OUT ACCEL VARIANT
#   ACCEL: kvm or tcg. Under tcg (emulation, about 20x slower) the runs are cut to what the
#   checks need: every algorithm's KAT and driver at one size, the artefact, a short doctor.
#   VARIANT: aesni or generic (the AES modes only: what the driver change affects).
set -u
cb=$1
out=$2
accel=$3
variant=$4
cd "$out" || exit 1
if [ "$accel" = tcg ]; then
  budget=0.02
  sizes=16384
  tls_bytes=1M
else
  budget=0.1
  sizes=16,64,256,1024,4096,16384
  tls_bytes=64M
fi
exec 3>&1  # run.log: each step's line, whatever the step's own output is redirected to
step() {  # step NAME COMMAND...: runs it, logs its exit status and seconds
  name=$1
  shift
  started=$(date +%s)
  "$@"
  echo "$name: exit $?, $(($(date +%s) - started)) s" >&3
}

uname -r >kernel.txt
cat /proc/crypto >proc-crypto.txt
step list "$cb" list --backend afalg --format json >list-afalg.json 2>list-afalg.err
if [ "$variant" = aesni ]; then
  algorithms=--all
else
  algorithms="AES-128-CBC AES-128-CTR AES-128-GCM AES-256-XTS"
fi
# shellcheck disable=SC2086 # $algorithms is a list of words
step "speed afalg" "$cb" speed --backend afalg $algorithms --bytes "$sizes" \
  --max-seconds "$budget" --precision 0 --format json --output speed-afalg.json --no-progress \
  2>speed-afalg.err
# User-space OpenSSL on the same kernel and CPU, beside the kernel's figures.
if [ "$variant" = aesni ]; then
  # shellcheck disable=SC2086 # $algorithms is a list of words
  step "speed openssl" "$cb" speed --backend openssl $algorithms --bytes "$sizes" \
    --max-seconds "$budget" --precision 0 --format json --output speed-openssl.json \
    --no-progress 2>speed-openssl.err
fi
# Where the time goes (user, system, wall): one cell sampled for a whole second, since user and
# system time are counted in scheduler ticks (4 ms) and the short cells above hold only a few.
step "speed afalg AES-128-CBC 1 s" "$cb" speed --backend afalg AES-128-CBC --bytes 16384 \
  --max-seconds 1 --precision 0 --format json --output speed-afalg-time.json --no-progress \
  2>speed-afalg-time.err
# Template instances (cbc(aes-generic), ccm_base(...)) appear in /proc/crypto once used.
cat /proc/crypto >proc-crypto-after.txt
# The artefact this project exists to expose: OpenSSL's afalg engine timed by user CPU time
# (openssl speed's default) and by wall-clock time (-elapsed).
step "openssl speed afalg (user CPU)" openssl speed -engine afalg -evp aes-128-cbc \
  -bytes 16384 -seconds 1 >openssl-afalg-user.txt 2>&1
step "openssl speed afalg (elapsed)" openssl speed -elapsed -engine afalg -evp aes-128-cbc \
  -bytes 16384 -seconds 1 >openssl-afalg-elapsed.txt 2>&1
step import "$cb" import openssl-afalg-user.txt --format json >import-afalg-user.json \
  2>import-afalg-user.err
# kTLS (the tls module is loaded by the guest's /init): the same TLS transfers with the records
# protected by the library in user space and by the kernel, one TLS 1.3 and one TLS 1.2 suite
# (OpenSSL 3.0 hands TLS 1.3 only its sending side to the kernel).
if [ "$variant" = aesni ]; then
  step "tls ktls" "$cb" tls --suites TLS_AES_128_GCM_SHA256,ECDHE-ECDSA-AES128-GCM-SHA256 \
    --no-handshakes --no-aead-ceiling --transfer-bytes "$tls_bytes" --max-seconds "$budget" \
    --precision 0 --format json --output tls-ktls.json --no-progress 2>tls-ktls.err
fi
# The driver's class, the verdict, and the kernel against user-space OpenSSL per input size.
if [ "$accel" = tcg ]; then
  examined=AES-128-CBC
else
  examined="AES-128-CBC AES-128-GCM SHA-256"
fi
# shellcheck disable=SC2086 # $examined is a list of words
step "doctor afalg" "$cb" doctor --backend afalg $examined \
  --max-seconds "$budget" --format json --output doctor-afalg.json --no-progress \
  2>doctor-afalg.err
