// Test-only builders of runs, sides and rows for the compare unit tests.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "compare/compare.h"
#include "compare/families.h"
#include "compare/model.h"
#include "compare/ratio.h"
#include "import/import.h"

namespace cryptobench::compare::testing {

/// A cell with figures: `value` in bytes/s (symmetric) or ops/s, a CI of +-`half_width`
/// (relative) from `num_samples` samples, or a single figure when num_samples is 1.
inline results::Cell FigureCell(const std::string& operation, uint64_t input_len, double value,
                                double half_width = 0.01, size_t num_samples = 20) {
  results::Cell cell;
  cell.operation = operation;
  cell.input_len = input_len;
  results::CellFigures figures;
  figures.num_samples = num_samples;
  const bool single = num_samples <= 1;
  figures.ci_confidence = single ? 0 : 0.95;
  const double low = single ? value : value * (1 - half_width);
  const double high = single ? value : value * (1 + half_width);
  const bool symmetric = operation != "sign" && operation != "verify" && operation != "derive";
  const double ops = symmetric ? value / static_cast<double>(input_len) : value;
  figures.ops_per_s = {ops, symmetric ? low / static_cast<double>(input_len) : low,
                       symmetric ? high / static_cast<double>(input_len) : high};
  if (symmetric) {
    figures.bytes_per_s = results::Estimate{value, low, high};
  }
  cell.figures = figures;
  return cell;
}

/// An algorithm result from cells.
inline results::AlgorithmResult Algorithm(const std::string& name, const std::string& kind,
                                          std::vector<results::Cell> cells) {
  results::AlgorithmResult alg;
  alg.algorithm = name;
  alg.kind = kind;
  alg.cells = std::move(cells);
  return alg;
}

/// A side with a letter and a run of `algorithms`.
inline Side MakeSide(const std::string& letter, std::vector<results::AlgorithmResult> algorithms) {
  Side side;
  side.letter = letter;
  side.label = "side-" + letter;
  side.run.algorithms = std::move(algorithms);
  return side;
}

/// A compared row with the given ratio and verdict inputs: a CI of +-1% unless `single`.
inline Row MakeRow(const std::string& algorithm, const std::string& operation, uint64_t input_len,
                   double ratio, double threshold = 0.05, bool single = false,
                   bool ci_includes_one = false) {
  Row row;
  row.algorithm = algorithm;
  const FamilyInfo family = FamilyOf(algorithm);
  row.family = family.family;
  row.group = family.group;
  row.operation = operation;
  row.symmetric = operation != "sign" && operation != "verify" && operation != "derive";
  row.input_len = row.symmetric ? input_len : 0;
  Figure a;
  a.value = 1000;
  a.ci_low = 990;
  a.ci_high = 1010;
  a.has_ci = !single;
  a.num_samples = single ? 1 : 20;
  Figure b = a;
  b.value = 1000 * ratio;
  b.ci_low = b.value * 0.99;
  b.ci_high = b.value * 1.01;
  row.a = a;
  row.b = b;
  row.ratio.ratio = ratio;
  row.ratio.has_ci = !single;
  if (!single) {
    row.ratio.ci_low = ci_includes_one ? std::min(ratio, 1.0) * 0.9 : ratio * 0.98;
    row.ratio.ci_high = ci_includes_one ? std::max(ratio, 1.0) * 1.1 : ratio * 1.02;
    row.ratio.ci_confidence = 0.95;
  }
  row.direction = JudgeDirection(ratio, threshold);
  row.verdict = JudgeVerdict(row.ratio, threshold);
  return row;
}

/// A side read from pasted text by import::ImportText (its first run), lettered `letter` and
/// labelled "<letter>.txt". Throws import::ImportError as ImportText does.
inline Side PasteSide(const std::string& letter, const std::string& text) {
  Side side;
  side.letter = letter;
  side.label = letter + ".txt";
  side.run = import::ImportText(text, letter + ".txt").at(0);
  return side;
}

/// The first finding of the report's first pair with id `id`, or nullptr. The pointer lives as
/// long as `report`.
inline const Finding* FindingOf(const CompareReport& report, std::string_view id) {
  const std::vector<Finding>& findings = report.pairs.at(0).findings;
  const auto it =
      std::find_if(findings.begin(), findings.end(), [id](const Finding& f) { return f.id == id; });
  return it == findings.end() ? nullptr : &*it;
}

/// Every finding of the report's first pair, one "id [cause]: text" line each (for messages and
/// substring checks across findings).
inline std::string AllText(const CompareReport& report) {
  std::string out;
  for (const Finding& f : report.pairs.at(0).findings) {
    out += f.id + " [" + f.cause + "]: " + f.text + "\n";
  }
  return out;
}

/// True when a finding of the report's first pair names `cause`.
inline bool AnyCause(const CompareReport& report, std::string_view cause) {
  const std::vector<Finding>& findings = report.pairs.at(0).findings;
  return std::any_of(findings.begin(), findings.end(),
                     [cause](const Finding& f) { return f.cause == cause; });
}

/// `openssl version -a` of one Debian OpenSSL 1.1.1f build (debian-amd64, its -D*_ASM defines
/// on the compiler line), from the "$ openssl version -a" line to OPENSSLDIR, for pastes whose
/// speed output follows.
inline constexpr std::string_view kDebian111fVersionA =
    "$ openssl version -a\n"
    "OpenSSL 1.1.1f  31 Mar 2020\n"
    "built on: Wed Feb  5 12:57:12 2025 UTC\n"
    "platform: debian-amd64\n"
    "options:  bn(64,64) rc4(16x,int) des(int) blowfish(ptr)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall -Wa,--noexecstack -g -O2 "
    "-fdebug-prefix-map=/build/openssl-bZ7vy6/openssl-1.1.1f=. -fstack-protector-strong -Wformat "
    "-Werror=format-security -DOPENSSL_TLS_SECURITY_LEVEL=2 -DOPENSSL_USE_NODELETE -DL_ENDIAN "
    "-DOPENSSL_PIC -DOPENSSL_CPUID_OBJ -DOPENSSL_IA32_SSE2 -DOPENSSL_BN_ASM_MONT "
    "-DOPENSSL_BN_ASM_MONT5 -DOPENSSL_BN_ASM_GF2m -DSHA1_ASM -DSHA256_ASM -DSHA512_ASM "
    "-DKECCAK1600_ASM -DRC4_ASM -DMD5_ASM -DAESNI_ASM -DVPAES_ASM -DGHASH_ASM -DECP_NISTZ256_ASM "
    "-DX25519_ASM -DPOLY1305_ASM -DNDEBUG -Wdate-time -D_FORTIFY_SOURCE=2\n"
    "OPENSSLDIR: \"/usr/lib/ssl\"\n";

}  // namespace cryptobench::compare::testing
