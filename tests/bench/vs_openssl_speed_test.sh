#!/usr/bin/env bash
# Tests bench/vs-openssl-speed's analysis without measuring anything: BENCH_ANALYSE=FILE reads a
# raw TSV. Crafted TSVs check the two gates (load/steal, common mode) and the verdicts they
# allow; the TSV saved from a real run on 2026-12-03 (tests/fixtures/bench) checks that its
# common-mode swing at AES-128-CBC 16 B is caught. Needs bash and python3 only; well under 2 s.
#
# Usage: tests/bench/vs_openssl_speed_test.sh [PATH-TO-bench/vs-openssl-speed]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bench=${1:-$here/../../bench/vs-openssl-speed}
fixture=$here/../fixtures/bench/vs-openssl-speed-raw-cbc16.tsv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# craft DIR: DIR/SCENARIO.tsv for each scenario, 7 cells x 10 repetitions (63 coverage pairs), both tools per repetition.
#   quiet      openssl speed within 3%, cryptobench within 0.6% and 1% faster, CI +-2%; in
#              SHA-256 16 B openssl speed alone is up to 10% slower (its own noise, not the
#              machine's: uncorrelated with cryptobench's figures)
#   common     as quiet, but in AES-128-CBC 16 B both tools are 35% faster in repetitions 7-8
#   cb-alone   as quiet, but in AES-128-CBC 16 B only cryptobench is 35% faster in 7-8
#   loaded     as quiet, with a 1-minute load average of 3.0 on 2 CPUs
craft() {
  python3 - "$1" <<'PY'
import sys
cells = [("AES-128-CBC", 16, 800e6), ("AES-128-CBC", 16384, 1400e6), ("SHA-256", 16, 140e6),
         ("SHA-256", 16384, 1900e6), ("ChaCha20", 16, 590e6), ("ChaCha20", 16384, 6900e6),
         ("SHA-1", 16, 85e6)]
u = [0.1, -0.3, 0.5, -0.5, 0.2, -0.1, 0.4, -0.2, 0.0, 0.3]   # openssl speed's own noise
v = [-0.2, 0.4, 0.0, 0.3, -0.5, 0.1, -0.3, 0.5, 0.2, -0.1]   # cryptobench's (r(u, v) < 0)
rows = [["tool", "algorithm", "input_len", "rep", "bytes_per_s", "ci_low", "ci_high",
         "attempts", "disturbed", "load1", "cpus", "steal_ticks", "cpu_ticks"]]
for scenario in ("quiet", "common", "cb-alone", "loaded"):
    tail = ["3.00" if scenario == "loaded" else "0.20", "2", "0", "200"]
    rows = rows[:1]
    for rep in range(1, 11):
        for alg, size, base in cells:
            noisy_peer = (alg, size) == ("SHA-256", 16)
            target = (alg, size) == ("AES-128-CBC", 16) and rep in (7, 8)
            machine = 1.35 if scenario == "common" and target else 1.0
            own = 0.10 * (u[rep - 1] - 0.5) if noisy_peer else 0.03 * u[rep - 1]
            ossl = base * machine * (1 + own)
            cb = base * 1.01 * machine * (1 + 0.006 * v[rep - 1])
            if scenario == "cb-alone" and target:
                cb *= 1.35
            rows.append(["openssl", alg, str(size), str(rep), f"{ossl:.2f}", "", "", "", ""] + tail)
            rows.append(["cryptobench", alg, str(size), str(rep), f"{cb:.2f}", f"{cb * 0.98:.2f}",
                         f"{cb * 1.02:.2f}", "1", "0"] + tail)
    with open(f"{sys.argv[1]}/{scenario}.tsv", "w") as f:
        f.writelines("\t".join(row) + "\n" for row in rows)
PY
}

# check NAME EXPECTED-STATUS FILE [PATTERN]...: run the analysis on FILE; each PATTERN is an
# extended regular expression that must match a line of the output, or, after a leading "!",
# must match none.
check() {
  local name=$1 expected=$2 file=$3 status=0 pattern
  shift 3
  BENCH_ANALYSE=$file "$bench" >"$work/out" 2>&1 || status=$?
  if ((status != expected)); then
    printf 'FAIL %s: exit status %d, expected %d\n' "$name" "$status" "$expected"
    sed 's/^/    /' "$work/out"
    failures=$((failures + 1))
    return
  fi
  for pattern in "$@"; do
    if [[ "$pattern" == '!'* ]]; then
      if grep -Eq -- "${pattern#!}" "$work/out"; then
        printf 'FAIL %s: output matches /%s/\n' "$name" "${pattern#!}"
        sed 's/^/    /' "$work/out"
        failures=$((failures + 1))
        return
      fi
    elif ! grep -Eq -- "$pattern" "$work/out"; then
      printf 'FAIL %s: no line matches /%s/\n' "$name" "$pattern"
      sed 's/^/    /' "$work/out"
      failures=$((failures + 1))
      return
    fi
  done
  printf 'ok   %s\n' "$name"
}

craft "$work"

# Quiet: every verdict PASS, both gates pass. openssl speed's 10% in SHA-256 16 B is its own
# (not correlated with cryptobench's figures), so the gate stays open and the spread is judged.
check "quiet machine -> PASS" 0 "$work/quiet.tsv" \
  '^SHA-256 16 B .* PASS +10\.[0-9]+% +[0-9.]+%  PASS$' \
  '^  SHA-256 16 B +10\.[0-9]% +-[0-9.]+ +10  no .* ok$' \
  'in 63 of 63 cell pairs .*: PASS$' \
  'Machine: quiet enough for a verdict \(both gates passed\)' \
  '!INCONCLUSIVE|FAIL'

# Both tools 35% faster in two repetitions: a common-mode swing. The spread cannot be judged;
# the ratio, paired per repetition, is unmoved and keeps its PASS; coverage loses the cell's 9
# pairs and with 54 left cannot reach its 60.
check "common-mode swing -> spread INCONCLUSIVE" 1 "$work/common.tsv" \
  '^AES-128-CBC 16 B .*  PASS +[0-9.]+% +[0-9.]+%  INCONCLUSIVE\(FAIL\)$' \
  '^  AES-128-CBC 16 B +[0-9.]+% +(0\.9[0-9]|1\.00) +10  yes .* machine moved$' \
  'AES-128-CBC 16 B: the machine.s speed moved 3[0-9]% between repetitions for both tools' \
  'the ratio verdict stands' \
  'in 54 of 54 cell pairs .*: INCONCLUSIVE\(PASS\)$' \
  'not counted: 9 pairs' \
  'the common-mode gate failed in 1 cell' \
  '!Machine: quiet enough' \
  '!^[A-Z].* FAIL'

# Only cryptobench swings: the machine was steady (openssl speed says so), so the spread FAILs.
check "cryptobench alone swinging -> FAIL" 1 "$work/cb-alone.tsv" \
  '^AES-128-CBC 16 B .*  PASS +[0-9.]+% +3[0-9]\.[0-9]+%  FAIL$' \
  '^  AES-128-CBC 16 B +[0-9.]+% .* ok$' \
  'Machine: quiet enough for a verdict \(both gates passed\)' \
  '!INCONCLUSIVE'

check "load over the limit -> INCONCLUSIVE" 1 "$work/loaded.tsv" \
  '^AES-128-CBC 16 B .*INCONCLUSIVE\(PASS\) .* INCONCLUSIVE\(PASS\)$' \
  'peak 1-minute load average 3\.00 \(limit 0\.75 x 2 CPUs = 1\.50\)' \
  'the load/steal gate failed' \
  '!Machine: quiet enough'

# The real run of 2026-12-03: at 16 B both tools swung between ~760 and ~1080 MB/s (r = 0.76)
# and the ratios also spread 41% (the host changed within repetitions too), so nothing in that
# cell is judged; at 16 KiB openssl speed's 6.7% is not shared (r = -0.02): its verdicts stand.
# The TSV predates the load/steal columns, so that gate cannot be checked.
check "saved run of 2026-12-03" 1 "$fixture" \
  '^AES-128-CBC 16 B .*INCONCLUSIVE\(FAIL\) +37\.18% +46\.20%  INCONCLUSIVE\(FAIL\)$' \
  '^  AES-128-CBC 16 B +37\.2% +0\.76 +10  yes +40\.8%  machine moved$' \
  '^  AES-128-CBC 16384 B +6\.7% +-0\.02 +10  no .* ok$' \
  'ratio INCONCLUSIVE' \
  'the load/steal gate could not be checked; the common-mode gate failed in 1 cell' \
  '!Machine: quiet enough'

# A limit set high enough leaves the same run's 16 B cell to the load/steal gate alone.
BENCH_MAX_PEER_SPREAD=50 check "BENCH_MAX_PEER_SPREAD=50" 1 "$fixture" \
  '^  AES-128-CBC 16 B +37\.2% +0\.76 +10  yes +40\.8%  ok$' \
  '!common-mode gate failed'

printf 'tool\talgorithm\n' >"$work/bad.tsv"
check "not a raw TSV -> exit 2" 2 "$work/bad.tsv" "error: .*bad\.tsv: not a raw TSV"
sed '2s/\t[0-9.]*\t\t/\tfast\t\t/' "$work/quiet.tsv" >"$work/bad-row.tsv"
check "unreadable figure -> exit 2" 2 "$work/bad-row.tsv" "error: .*: line 2: not a row of figures"

if ((failures > 0)); then
  printf '%d check(s) failed\n' "$failures"
  exit 1
fi
