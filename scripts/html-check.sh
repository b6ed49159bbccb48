#!/usr/bin/env bash
# Loads cryptobench's HTML reports in Debian's chromium and checks them (issue 16, section 3):
# no console error or uncaught exception, no request outside the file (self-contained), no
# horizontal scroll at a 1280x800 viewport in the light and the dark colour scheme, and every
# chart (<svg>) titled and of non-zero size. A PNG screenshot per report and scheme goes to
# build/html-check/. scripts/test.sh runs it as a stage (.ci/run).
#
# Usage: bash scripts/html-check.sh [REPORT.html...]
#   Without arguments: renders committed result JSON (`sources` below: a run of three backends,
#   one of OpenSSL alone, two imported runs, a doctor and a compare report, a tls run, a
#   scaling sweep) to HTML with build/release's cryptobench
#   (`cryptobench report FILE --format html`) into build/html-check/reports/, and a history
#   trend page (`cryptobench history trend --format html`) of a throw-away SQLite store holding
#   eight copies of sample-run.json a day apart, the last three 10% slower (about a second),
#   and checks those.
#   With arguments: checks the HTML files given.
# Either way it first checks the checker (scripts/html-check/check.mjs --self-test): each
# hand-written page of tests/fixtures/html-check named fail-CHECK*.html must fail that check
# and only it, and good.html must pass, so that a check that could not fail is caught.
#
# Needs chromium, node >= 18 and curl (scripts/install-deps.sh --with-browser installs Debian's).
# puppeteer-core, pinned in scripts/html-check/package-lock.json, is installed by `npm ci
# --ignore-scripts` into build/html-check/npm/ (again only when the lock file changed); it drives
# /usr/bin/chromium (CHROMIUM overrides) and downloads no browser (PUPPETEER_SKIP_DOWNLOAD=1).
# The npm that runs is one pinned release fetched from the registry (about 3 MB, its sha512
# checked against the integrity below), whatever npm the machine has: Debian 12's npm package
# pulls in 364 packages (176 s to install in a bookworm chroot on our 2 shared cores), more than
# this whole stage may take.
# Chromium runs headless, with --no-sandbox only when running as root.
# Exit status: 0 when every check passes, 1 otherwise.
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo_root"
# shellcheck source=scripts/common.sh
source scripts/common.sh

out=build/html-check
npm_dir=$out/npm
chromium=${CHROMIUM:-/usr/bin/chromium}
binary=build/release/apps/cryptobench/cryptobench
# The result JSON rendered when no report is given, one report each: a measured run of three
# backends side by side, a run of OpenSSL alone, two runs imported from openssl speed, a doctor
# report (masked against unmasked runs, cpb against the class ranges), a comparison of three
# sides (ratios around 1.0), a tls run and a scaling sweep (speed --threads 1,2: efficiency
# against workers).
sources=(tests/fixtures/results/three-backends.json tests/fixtures/results/sample-run.json
         tests/golden/import/two-runs.json tests/golden/doctor.json
         tests/golden/compare/three-sides.json tests/golden/tls.json
         tests/fixtures/results/sweep-1-2.json)

# npm 10.9.9 (engines: node ^18.17.0 || >=20.5.0; bundles its dependencies), from
# `npm view npm@10.9.9 dist.tarball dist.integrity`.
npm_tarball=https://registry.npmjs.org/npm/-/npm-10.9.9.tgz
npm_integrity=sha512-1g+6jLQvaIuB4zwvHL7yrXuXcWZwDsCtBX8bbWDqbvJSSr9nPiDDWTHNgwXR27iIcTTW7v3A57hDW9RYv2W4Yg==
npm_cli=$out/npm-cli/$(basename "$npm_tarball" .tgz)

started=$SECONDS
missing=()
[[ -x "$chromium" ]] || missing+=("chromium ($chromium)")
command -v node >/dev/null 2>&1 || missing+=(node)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if ((${#missing[@]} > 0)); then
  die "missing ${missing[*]}: run scripts/install-deps.sh --with-browser as root" \
    "(or set CRYPTOBENCH_HTML_CHECK=skip for scripts/test.sh)"
fi
node_major=$(node -p 'process.versions.node.split(".")[0]')
[[ "$node_major" -ge 18 ]] || die "node $(node --version) is too old: puppeteer-core needs 18 or later"

# The pinned npm, unpacked into build/html-check/npm-cli/ once.
if [[ ! -f "$npm_cli/package/bin/npm-cli.js" ]]; then
  step "html-check: fetching $npm_tarball"
  rm -rf "$npm_cli"
  mkdir -p "$npm_cli"
  curl -fsSL --retry 3 -o "$npm_cli.tgz" "$npm_tarball" || die "could not download $npm_tarball"
  got=$(node -e 'const c = require("crypto"), fs = require("fs");
    process.stdout.write("sha512-" + c.createHash("sha512").update(
      fs.readFileSync(process.argv[1])).digest("base64"))' "$npm_cli.tgz")
  [[ "$got" == "$npm_integrity" ]] ||
    die "$npm_tarball: integrity $got, expected $npm_integrity"
  tar -xzf "$npm_cli.tgz" -C "$npm_cli"
  rm -f "$npm_cli.tgz"
fi
# shellcheck disable=SC2317  # run by run_logged below
npm_ci() { node "$repo_root/$npm_cli/package/bin/npm-cli.js" "$@"; }

# puppeteer-core and its dependencies, exactly as locked; reinstalled only when the lock changed.
mkdir -p "$npm_dir"
if ! cmp -s scripts/html-check/package-lock.json "$npm_dir/installed-lock.json" ||
  [[ ! -d "$npm_dir/node_modules/puppeteer-core" ]]; then
  step "html-check: npm ci (puppeteer-core, as scripts/html-check/package-lock.json pins it)"
  rm -f "$npm_dir/installed-lock.json"
  cp scripts/html-check/package.json scripts/html-check/package-lock.json "$npm_dir/"
  (cd "$npm_dir" && PUPPETEER_SKIP_DOWNLOAD=1 run_logged ../../logs/html-check-npm.log \
    npm_ci ci --ignore-scripts --no-audit --no-fund --no-update-notifier)
  cp scripts/html-check/package-lock.json "$npm_dir/installed-lock.json"
fi
# The checker runs from beside its node_modules (ES modules resolve packages from their own
# directory, not from NODE_PATH).
cp scripts/html-check/check.mjs "$npm_dir/check.mjs"

status=0
step "html-check: the checker's own test (tests/fixtures/html-check, each must fail as named)"
node "$npm_dir/check.mjs" --self-test --out "$out/self-test" tests/fixtures/html-check/*.html ||
  status=1

reports=("$@")
if ((${#reports[@]} == 0)); then
  [[ -x "$binary" ]] || die "$binary not built (cmake --build --preset release --target cryptobench)"
  step "html-check: rendering ${#sources[@]} result files (cryptobench report FILE --format html)"
  mkdir -p "$out/reports"
  for source in "${sources[@]}"; do
    report=$out/reports/$(basename "$source" .json).html
    rm -f "$report" "$report.err"
    if "$binary" report "$source" --format html --output "$report" >/dev/null 2>"$report.err"; then
      rm -f "$report.err"
      reports+=("$report")
    else
      printf 'FAIL  %s  render: cryptobench report %s --format html failed: %s\n' "$report" \
        "$source" "$(head -c 200 "$report.err" | tr -cd '[:print:]')"
      status=1
    fi
  done
  # history trend: eight runs a day apart (sample-run.json with its time changed and, from the
  # sixth on, every sample 10% longer), stored, then drawn with the step marked.
  step "html-check: rendering a history trend (cryptobench history trend --format html)"
  trend_dir=$out/trend-store
  rm -rf "$trend_dir"
  mkdir -p "$trend_dir"
  report=$out/reports/history-trend.html
  rm -f "$report"
  node -e 'const fs = require("fs");
    const run = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    for (let day = 1; day <= 8; ++day) {
      const copy = JSON.parse(JSON.stringify(run));
      copy.created_utc = `2026-11-0${day}T07:00:00Z`;
      for (const alg of copy.algorithms) for (const cell of alg.cells || [])
        for (const worker of cell.workers || []) for (const sample of worker.samples || [])
          for (const key of ["wall_ns", "cpu_ns"])
            if (day >= 6 && typeof sample[key] === "number") sample[key] = Math.round(sample[key] * 1.1);
      fs.writeFileSync(`${process.argv[2]}/day-${day}.json`, JSON.stringify(copy));
    }' tests/fixtures/results/sample-run.json "$trend_dir"
  if "$binary" store import "$trend_dir"/day-*.json --hostname html-check \
      --store "$trend_dir/results.db" >/dev/null 2>"$report.err" &&
    "$binary" history trend AES-128-GCM --operation encrypt --bytes 16384 \
      --store "$trend_dir/results.db" --output "$report" >/dev/null 2>"$report.err"; then
    rm -f "$report.err"
    reports+=("$report")
  else
    printf 'FAIL  %s  render: cryptobench history trend --format html failed: %s\n' "$report" \
      "$(head -c 200 "$report.err" | tr -cd '[:print:]')"
    status=1
  fi
  rm -rf "$trend_dir"
fi
if ((${#reports[@]} > 0)); then
  step "html-check: checking ${#reports[@]} reports in chromium (screenshots in $out/)"
  node "$npm_dir/check.mjs" --out "$out" "${reports[@]}" || status=1
fi
step "html-check: done in $((SECONDS - started)) s"
exit "$status"
