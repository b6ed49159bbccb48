#include "tls/compare.h"

#include <sstream>

#include <gtest/gtest.h>

namespace cryptobench::tls {
namespace {

// A run with one AES-128-GCM transfer: `rate` bytes/s, `server_cpu` s/GB, and an AEAD ceiling
// of `aead` bytes/s at 16 KiB (six identical samples each, so the CIs are tight).
TlsRun MakeRun(double rate, double server_cpu, double aead) {
  TlsRun run;
  run.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  TlsCell cell;
  cell.protocol = "TLSv1.3";
  cell.suite = "TLS_AES_128_GCM_SHA256";
  cell.aead = "AES-128-GCM";
  cell.record_size = 16384;
  for (int i = 0; i < 8; ++i) {
    TlsSample sample;
    sample.connections = 1;
    sample.bytes = 1000000000;
    sample.wall_ns = static_cast<int64_t>(1e18 / rate) + i;
    sample.server.cpu_ns = static_cast<int64_t>(server_cpu * 1e9) + i;
    sample.client.cpu_ns = static_cast<int64_t>(server_cpu * 1e9) + i;
    cell.samples.push_back(sample);
  }
  run.transfers.push_back(cell);
  results::RunResult ceiling;
  results::AlgorithmResult alg;
  alg.algorithm = "AES-128-GCM";
  alg.kind = "aead";
  results::Cell speed;
  speed.operation = "encrypt";
  speed.input_len = 16384;
  results::WorkerSamples worker;
  for (int i = 0; i < 8; ++i) {
    measure::Sample s;
    s.iterations = 1000;
    s.wall_ns = static_cast<int64_t>(1000 * 16384 * 1e9 / aead) + i;
    s.cpu_ns = s.wall_ns;
    worker.samples.push_back(s);
  }
  speed.workers.push_back(worker);
  alg.cells.push_back(speed);
  ceiling.algorithms.push_back(alg);
  results::DeriveAllFigures(ceiling);
  run.aead_ceiling = ceiling;
  DeriveAllTlsFigures(run);
  return run;
}

std::vector<TlsSide> Sides(TlsRun a, TlsRun b) {
  std::vector<TlsSide> sides(2);
  sides[0].letter = "A";
  sides[0].label = "system.json";
  sides[0].run = std::move(a);
  sides[1].letter = "B";
  sides[1].label = "noasm.json";
  sides[1].run = std::move(b);
  return sides;
}

TEST(TlsCompareTest, ASlowerAeadThatPredictsTheCpuExplainsTheChange) {
  // A: 0.4 s/GB of server CPU with an AEAD at 4 GB/s (0.25 s/GB of it); B's AEAD runs at
  // 0.5 GB/s, which predicts 0.4 - 0.25 + 2 = 2.15 s/GB. B measures 2.2.
  const TlsComparison comparison =
      CompareTls(Sides(MakeRun(2e9, 0.4, 4e9), MakeRun(0.45e9, 2.2, 0.5e9)), 0.05);
  ASSERT_EQ(comparison.pairs.size(), 1u);
  const TlsRow& row = comparison.pairs[0].rows.at(0);
  ASSERT_TRUE(row.rate.has_value());
  EXPECT_NEAR(row.rate->estimate.ratio, 0.225, 0.001);
  EXPECT_EQ(row.rate->verdict, compare::Verdict::kSignificant);
  ASSERT_TRUE(row.predicted_server_cpu_b.has_value());
  EXPECT_NEAR(*row.predicted_server_cpu_b, 2.15, 0.001);
  EXPECT_EQ(row.explanation.rfind("follows from the AEAD", 0), 0u) << row.explanation;
}

TEST(TlsCompareTest, AnUnchangedAeadPointsAtTheRestOfTheStack) {
  const TlsComparison comparison =
      CompareTls(Sides(MakeRun(2e9, 0.4, 4e9), MakeRun(1e9, 0.8, 4e9)), 0.05);
  const TlsRow& row = comparison.pairs[0].rows.at(0);
  EXPECT_EQ(row.explanation.rfind("not from the AEAD", 0), 0u) << row.explanation;
  std::ostringstream table;
  RenderTlsComparison(comparison, compare::CompareFormat::kTable, table);
  EXPECT_NE(table.str().find("not from the AEAD"), std::string::npos);
  std::ostringstream json;
  RenderTlsComparison(comparison, compare::CompareFormat::kJson, json);
  const nlohmann::json doc = nlohmann::json::parse(json.str());
  EXPECT_EQ(doc.at("kind"), "compare_tls");
  EXPECT_NEAR(doc.at("pairs")[0].at("rows")[0].at("rate").at("ratio").get<double>(), 0.5, 0.001);
}

// Two runs of one library measured apart: the transfer changed, and B's AEAD ceiling is 15%
// slower in its median but so spread that its CI includes 1. The change is not blamed on the AEAD
// (a new user saw "the AEAD explains part of it" for such a pair).
TEST(TlsCompareTest, AnAeadChangeThatIsNotSignificantIsNotBlamed) {
  TlsRun b = MakeRun(1.4e9, 0.6, 3.4e9);
  auto& samples = b.aead_ceiling->algorithms.at(0).cells.at(0).workers.at(0).samples;
  const double spread[] = {0.55, 0.8, 1.0, 1.0, 1.0, 1.0, 1.3, 1.8};
  ASSERT_EQ(samples.size(), std::size(spread));
  for (size_t i = 0; i < samples.size(); ++i) {
    samples[i].wall_ns = static_cast<int64_t>(static_cast<double>(samples[i].wall_ns) * spread[i]);
    samples[i].cpu_ns = samples[i].wall_ns;
  }
  results::DeriveAllFigures(*b.aead_ceiling);
  DeriveAllTlsFigures(b);
  const TlsComparison comparison = CompareTls(Sides(MakeRun(2e9, 0.4, 4e9), b), 0.05);
  const TlsRow& row = comparison.pairs[0].rows.at(0);
  ASSERT_TRUE(row.aead.has_value());
  EXPECT_EQ(row.aead->verdict, compare::Verdict::kNotSignificant);
  EXPECT_EQ(row.explanation.rfind("cannot tell whether the AEAD contributes", 0), 0u)
      << row.explanation;
}

TEST(TlsCompareTest, EqualRunsChangeNothing) {
  const TlsComparison comparison =
      CompareTls(Sides(MakeRun(2e9, 0.4, 4e9), MakeRun(2e9, 0.4, 4e9)), 0.05);
  EXPECT_TRUE(comparison.pairs[0].rows.at(0).explanation.empty());
  ASSERT_EQ(comparison.summary.size(), 1u);
  EXPECT_EQ(comparison.summary[0].rfind("no cell changed", 0), 0u);
}

}  // namespace
}  // namespace cryptobench::tls
