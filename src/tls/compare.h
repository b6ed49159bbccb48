// `compare --tls`: tls runs side by side. For every transfer and handshake cell both sides
// measured, the ratio B/A of the rate and of the server's and the client's CPU per unit, each
// with a 95% CI (compare/ratio.h), and for transfers whether the difference follows from the
// suite's AEAD: the AEAD ceilings' ratio, the CPU per GB the AEAD alone predicts for B, and
// doctor's verdict on the AEAD of each side (diagnose::DiagnoseReport on its ceiling run).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "compare/model.h"
#include "compare/render.h"
#include "tls/model.h"

namespace cryptobench::tls {

/// One side: a tls run and its label.
struct TlsSide {
  std::string letter;  ///< "A", "B", ...
  std::string label;   ///< a file name, or the NAME of --lib NAME=PATH
  bool live = false;
  TlsRun run;
};

/// A ratio B/A with its verdict against the threshold.
struct TlsRatio {
  compare::RatioEstimate estimate;
  compare::Verdict verdict = compare::Verdict::kNotTestable;
};

/// One cell both sides have.
struct TlsRow {
  std::string kind;   ///< "transfer" or "handshake"
  std::string label;  ///< "TLS_AES_128_GCM_SHA256", "plain TCP (no TLS)", "X25519 RSA-2048 full"
  const TlsCell* a = nullptr;
  const TlsCell* b = nullptr;
  std::string not_compared;            ///< why there is no ratio (a cell failed or is unsupported)
  std::optional<TlsRatio> rate;        ///< bytes/s or handshakes/s; > 1: B is faster
  std::optional<TlsRatio> server_cpu;  ///< CPU per unit; > 1: B spends more
  std::optional<TlsRatio> client_cpu;
  std::optional<TlsRatio> aead;  ///< transfers: the AEAD ceilings' ratio at the record size
  /// Transfers: the server CPU per GB B would spend if only the AEAD differed,
  /// A's - 1/ceiling_A + 1/ceiling_B (seconds per GB; one core seals at the ceiling's rate).
  std::optional<double> predicted_server_cpu_b;
  std::string explanation;  ///< transfers: whether the change follows from the AEAD, and why
};

/// Doctor's verdict on one AEAD of one side, from its ceiling run.
struct AeadVerdict {
  std::string side;       ///< the side's letter
  std::string algorithm;  ///< "AES-128-GCM"
  std::string line;       ///< the verdict line
  bool problem = false;   ///< NOT accelerated or masked
};

/// Side B against A.
struct TlsPair {
  const TlsSide* a = nullptr;
  const TlsSide* b = nullptr;
  std::vector<TlsRow> rows;
};

/// The whole comparison.
struct TlsComparison {
  std::string created_utc;   ///< when it was made, YYYY-MM-DDTHH:MM:SSZ ("" unknown: not written)
  std::string tool_version;  ///< cryptobench's version ("": not written)
  std::vector<TlsSide> sides;
  double threshold = 0.05;
  std::vector<TlsPair> pairs;  ///< each side after A against A
  std::vector<AeadVerdict> verdicts;
  std::vector<std::string> summary;  ///< one sentence per finding
};

/// Compares every side with the first. `sides` needs two or more entries.
TlsComparison CompareTls(std::vector<TlsSide> sides, double threshold);

/// Renders as a table, Markdown or JSON ({"kind": "compare_tls", ...}; docs/compare.md).
void RenderTlsComparison(const TlsComparison& comparison, compare::CompareFormat format,
                         std::ostream& out);

}  // namespace cryptobench::tls
