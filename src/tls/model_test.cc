#include "tls/model.h"

#include <gtest/gtest.h>

namespace cryptobench::tls {
namespace {

TlsSample Transfer(uint64_t bytes, int64_t wall_ns, int64_t client_ns, int64_t server_ns,
                   uint64_t preemptions = 0) {
  TlsSample sample;
  sample.connections = 1;
  sample.bytes = bytes;
  sample.wall_ns = wall_ns;
  sample.client = {client_ns, client_ns * 3 / 4, client_ns / 4, preemptions};
  sample.server = {server_ns, server_ns / 2, server_ns / 2, 0};
  return sample;
}

TEST(TlsFiguresTest, TransferRatesAndCpuPerGigabyte) {
  TlsCell cell;
  cell.kind = "transfer";
  // 1 GB in 0.5 s: 2 GB/s; the client spends 0.4 s, the server 0.3 s: 0.4 and 0.3 s/GB.
  for (int i = 0; i < 7; ++i) {
    cell.samples.push_back(Transfer(1000000000, 500000000, 400000000, 300000000));
  }
  DeriveTlsFigures(cell, 0.95, 0.01);
  ASSERT_TRUE(cell.figures.has_value());
  EXPECT_DOUBLE_EQ(cell.figures->rate.value, 2e9);
  EXPECT_DOUBLE_EQ(cell.figures->client_cpu_ns_per_unit.value, 0.4);
  EXPECT_DOUBLE_EQ(cell.figures->server_cpu_ns_per_unit.value, 0.3);
  // user + system = the total, split as getrusage split the sums.
  EXPECT_DOUBLE_EQ(cell.figures->client_user_ns_per_unit, 0.3);
  EXPECT_DOUBLE_EQ(cell.figures->client_sys_ns_per_unit, 0.1);
  EXPECT_DOUBLE_EQ(cell.figures->server_sys_ns_per_unit, 0.15);
  EXPECT_DOUBLE_EQ(cell.figures->client_cpu_utilization, 0.8);
  EXPECT_EQ(cell.figures->num_samples, 7u);
}

TEST(TlsFiguresTest, PreemptedSamplesAreLeftOutWhenFiveOthersRemain) {
  TlsCell cell;
  for (int i = 0; i < 5; ++i) {
    cell.samples.push_back(Transfer(1000, 1000, 500, 500));
  }
  cell.samples.push_back(Transfer(1000, 4000, 500, 500, 3));  // a quarter of the speed
  DeriveTlsFigures(cell, 0.95, 0.01);
  EXPECT_EQ(cell.figures->num_samples, 5u);
  EXPECT_EQ(cell.figures->num_preempted_samples, 1u);
  EXPECT_TRUE(cell.figures->preempted_left_out);
  EXPECT_DOUBLE_EQ(cell.figures->rate.ci_low, 1e9);

  cell.samples.erase(cell.samples.begin());  // four others: the preempted one stays
  DeriveTlsFigures(cell, 0.95, 0.01);
  EXPECT_EQ(cell.figures->num_samples, 5u);
  EXPECT_FALSE(cell.figures->preempted_left_out);
  EXPECT_DOUBLE_EQ(cell.figures->rate.ci_low, 0.25e9);
}

TEST(TlsFiguresTest, HandshakesCountConnections) {
  TlsCell cell;
  cell.kind = "handshake";
  TlsSample batch;
  batch.connections = 50;
  batch.wall_ns = 100000000;  // 50 in 0.1 s
  batch.client = {20000000, 15000000, 5000000, 0};
  batch.server = {40000000, 30000000, 10000000, 0};
  cell.samples.assign(6, batch);
  DeriveTlsFigures(cell, 0.95, 0.01);
  EXPECT_DOUBLE_EQ(cell.figures->rate.value, 500);
  EXPECT_DOUBLE_EQ(cell.figures->server_cpu_ns_per_unit.value, 800000);  // 800 µs each
  EXPECT_DOUBLE_EQ(cell.figures->client_cpu_ns_per_unit.value, 400000);
}

TEST(TlsFiguresTest, NoSamplesNoFiguresAndFailuresAreCounted) {
  TlsRun run;
  TlsCell failed;
  failed.status = results::CellStatus::kCrashed;
  TlsCell unsupported;
  unsupported.status = results::CellStatus::kUnsupported;
  run.handshakes = {unsupported};
  EXPECT_FALSE(HasTlsFailures(run));
  run.transfers = {failed};
  EXPECT_TRUE(HasTlsFailures(run));
  DeriveAllTlsFigures(run);
  EXPECT_FALSE(run.transfers[0].figures.has_value());
}

}  // namespace
}  // namespace cryptobench::tls
