// Figures of tls cells, derived from their samples.
#include "tls/model.h"

#include <algorithm>

#include "stats/stats.h"

namespace cryptobench::tls {
namespace {

results::Estimate ToEstimate(const stats::Summary& summary) {
  return {summary.median, summary.median_ci.low, summary.median_ci.high};
}

bool Preempted(const TlsSample& sample) {
  return sample.client.preemptions > 0 || sample.server.preemptions > 0;
}

}  // namespace

uint64_t SampleUnits(const TlsCell& cell, const TlsSample& sample) {
  return cell.kind == "handshake" ? sample.connections : sample.bytes;
}

void DeriveTlsFigures(TlsCell& cell, double confidence, double precision) {
  cell.figures.reset();
  std::vector<const TlsSample*> usable;
  size_t preempted = 0;
  for (const TlsSample& sample : cell.samples) {
    if (sample.wall_ns > 0 && SampleUnits(cell, sample) > 0) {
      usable.push_back(&sample);
      preempted += Preempted(sample) ? 1 : 0;
    }
  }
  if (usable.empty()) {
    return;
  }
  TlsFigures figures;
  figures.confidence = confidence;
  figures.num_preempted_samples = preempted;
  // As in speed: a preempted sample times the scheduler; with enough others it is left out.
  if (usable.size() - preempted >= results::kMinUnpreemptedSamples && preempted > 0) {
    std::erase_if(usable, [](const TlsSample* sample) { return Preempted(*sample); });
    figures.preempted_left_out = true;
  }
  figures.num_samples = usable.size();
  std::vector<double> rates;
  std::vector<double> client_cpu;
  std::vector<double> server_cpu;
  double wall = 0;
  double client_user = 0;
  double client_sys = 0;
  double client_total = 0;
  double server_user = 0;
  double server_sys = 0;
  double server_total = 0;
  bool server_measured = true;
  for (const TlsSample* sample : usable) {
    const double n = static_cast<double>(SampleUnits(cell, *sample));
    rates.push_back(n * 1e9 / static_cast<double>(sample->wall_ns));
    client_cpu.push_back(static_cast<double>(sample->client.cpu_ns) / n);
    server_cpu.push_back(static_cast<double>(sample->server.cpu_ns) / n);
    server_measured = server_measured && sample->server_measured;
    wall += static_cast<double>(sample->wall_ns);
    client_user += static_cast<double>(sample->client.user_ns);
    client_sys += static_cast<double>(sample->client.sys_ns);
    client_total += static_cast<double>(sample->client.cpu_ns);
    server_user += static_cast<double>(sample->server.user_ns);
    server_sys += static_cast<double>(sample->server.sys_ns);
    server_total += static_cast<double>(sample->server.cpu_ns);
  }
  const stats::Summary rate = stats::Summarize(rates, confidence);
  figures.rate = ToEstimate(rate);
  figures.ci_confidence = rate.median_ci.confidence;
  figures.precision_reached = precision > 0 && rate.median > 0 &&
                              rate.median_ci.confidence >= confidence &&
                              rate.RelativeHalfWidth() <= precision;
  // getrusage's user/system split (tick-sampled, microsecond grain) is applied to the median
  // total, so user + system = total.
  const auto split = [](double median, double user, double sys, double* user_out, double* sys_out) {
    const double share = user + sys > 0 ? user / (user + sys) : 0;
    *user_out = median * share;
    *sys_out = median - *user_out;
  };
  figures.client_cpu_ns_per_unit = ToEstimate(stats::Summarize(client_cpu, confidence));
  split(figures.client_cpu_ns_per_unit.value, client_user, client_sys,
        &figures.client_user_ns_per_unit, &figures.client_sys_ns_per_unit);
  figures.client_cpu_utilization = client_total / wall;
  if (server_measured) {
    figures.server_cpu_ns_per_unit = ToEstimate(stats::Summarize(server_cpu, confidence));
    split(figures.server_cpu_ns_per_unit.value, server_user, server_sys,
          &figures.server_user_ns_per_unit, &figures.server_sys_ns_per_unit);
    figures.server_cpu_utilization = server_total / wall;
  }
  cell.figures = figures;
}

void DeriveAllTlsFigures(TlsRun& run) {
  for (TlsCell& cell : run.transfers) {
    DeriveTlsFigures(cell, run.method.confidence, run.method.precision);
  }
  for (TlsCell& cell : run.handshakes) {
    DeriveTlsFigures(cell, run.method.confidence, run.method.precision);
  }
}

bool HasTlsFailures(const TlsRun& run) {
  const auto failed = [](const TlsCell& cell) {
    return cell.status != results::CellStatus::kOk &&
           cell.status != results::CellStatus::kUnsupported;
  };
  return std::any_of(run.transfers.begin(), run.transfers.end(), failed) ||
         std::any_of(run.handshakes.begin(), run.handshakes.end(), failed);
}

}  // namespace cryptobench::tls
