// ReadPastedMaskExperiment (doctor_from.h): a paste that holds its own mask experiment (the
// same EVP AES run with and without OPENSSL_ia32cap clearing AES-NI) settles which path ran.
#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "report/format_util.h"

#include "diagnose/doctor_from.h"
#include "diagnose/ia32cap.h"
#include "diagnose/library_advice.h"
#include "diagnose/verdict.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::FormatBytesPerSecond;

// The OPENSSL_ia32cap value a run was started with ("" when none).
std::string Ia32cap(const results::RunResult& run) {
  const auto it = run.library.worker_env.find("OPENSSL_ia32cap");
  return it == run.library.worker_env.end() ? "" : it->second;
}

// True when `value` clears AES-NI (LV0 bit 57) from a CPU that has every bit: "~X" with bit 57
// in X, or a replacing LV0 without it (crypto/cpuid.c; ia32cap.h).
bool ClearsAesNi(const std::string& value) {
  CapabilityVector all;
  all.fill(std::numeric_limits<uint64_t>::max());
  try {
    const std::vector<std::string> masked = MaskedFeatures(all, value);
    return std::find(masked.begin(), masked.end(), "AES-NI") != masked.end();
  } catch (const std::invalid_argument&) {
    return false;
  }
}

using CellKey = std::tuple<std::string, std::string, uint64_t>;

std::map<CellKey, double> AesFigures(const results::RunResult& run) {
  std::map<CellKey, double> out;
  for (const results::AlgorithmResult& alg : run.algorithms) {
    if (!alg.algorithm.starts_with("AES-")) {
      continue;
    }
    for (const results::Cell& cell : alg.cells) {
      if (cell.status == results::CellStatus::kOk && cell.figures && cell.figures->bytes_per_s &&
          cell.figures->bytes_per_s->value > 0 && !results::HasDoubt(cell)) {
        out[{alg.algorithm, cell.operation, cell.input_len}] = cell.figures->bytes_per_s->value;
      }
    }
  }
  return out;
}

}  // namespace

bool MaskExplains(const results::RunResult& a, const results::RunResult& b) {
  return a.source.evp != b.source.evp || Ia32cap(a) != Ia32cap(b);
}

void ReadPastedMaskExperiment(DoctorReport& report, const results::RunResult& run,
                              const std::vector<results::RunResult>& runs) {
  if (!report.facts.report || !Ia32cap(run).empty() || run.source.evp != "evp" ||
      !run.source.engine_or_provider.empty() || report.facts.no_asm_build) {
    return;
  }
  const std::map<CellKey, double> own = AesFigures(run);
  for (const results::RunResult& masked : runs) {
    const std::string value = Ia32cap(masked);
    if (value.empty() || masked.source.evp != "evp" || masked.source.tool != run.source.tool ||
        !masked.source.engine_or_provider.empty() || !ClearsAesNi(value)) {
      continue;
    }
    // Every AES cell both runs hold, at its largest size: each must be clearly slower masked.
    std::map<std::pair<std::string, std::string>, std::pair<uint64_t, std::pair<double, double>>>
        largest;
    for (const auto& [key, masked_rate] : AesFigures(masked)) {
      const auto it = own.find(key);
      if (it == own.end()) {
        continue;
      }
      auto& slot = largest[{std::get<0>(key), std::get<1>(key)}];
      if (std::get<2>(key) >= slot.first) {
        slot = {std::get<2>(key), {it->second, masked_rate}};
      }
    }
    if (largest.empty()) {
      continue;
    }
    const bool all_slower = std::all_of(largest.begin(), largest.end(), [](const auto& entry) {
      return entry.second.second.first >= entry.second.second.second * kSignificantSlowdown;
    });
    if (!all_slower) {
      continue;
    }
    // The slowest unmasked figure is the ceiling.
    const auto slowest = std::min_element(
        largest.begin(), largest.end(),
        [](const auto& x, const auto& y) { return x.second.second.first < y.second.second.first; });
    const auto& [names, figure] = *slowest;
    const double rate = figure.second.first;
    std::erase_if(report.findings, [](const Finding& f) {
      return f.id == "report.cannot-tell" || f.id == "report.crypto-fine";
    });
    report.findings.push_back(Finding{
        "report.crypto-fine", Severity::kInfo,
        fmt::format("The crypto is fine: {} {} at {} per call runs at {} in this report ({:.1f} "
                    "Gbit/s), on the AES-NI path: the cipher is not what limits a disk, file "
                    "system, VPN or proxy that moves less than that",
                    names.first, names.second, report::FormatThroughputSize(figure.first),
                    FormatBytesPerSecond(rate), rate * 8 / 1e9),
        fmt::format("the paste holds its own mask experiment: the same run with "
                    "OPENSSL_ia32cap={} (which clears AES-NI, LV0 bit 57: "
                    "https://docs.openssl.org/3.0/man3/OPENSSL_ia32cap/) gives {} there, {:.2f}x "
                    "slower (more than the {:.2f}x that shows a path was taken away), so this run "
                    "took the AES-NI path",
                    value, FormatBytesPerSecond(figure.second.second), rate / figure.second.second,
                    kSignificantSlowdown),
        fmt::format("Look elsewhere: time the workload itself (fio or dd on the raw device and "
                    "through the file system, iperf3 with and without the VPN or proxy), and "
                    "watch whether one core is saturated ({}): a single-threaded program is "
                    "limited by its own code, not by the cipher.",
                    SaturationWatcher(report.facts.report->os))});
    return;
  }
}

}  // namespace cryptobench::diagnose
