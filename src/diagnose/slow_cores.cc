// The slow-core table (slow_cores.h).
#include "diagnose/slow_cores.h"

#include <fnmatch.h>

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "diagnose/classifier.h"
#include "diagnose/csv_table.h"

namespace cryptobench::diagnose {
namespace {

constexpr std::string_view kSlowCoresTable = "slow cores";
constexpr std::string_view kSlowCoresHeader =
    "algorithm,operation,arch,feature,core,models,cpb,source";

}  // namespace

bool SlowCoreFigure::OnArch(std::string_view cpu_arch) const {
  return arch == "x86_64" ? cpu_arch == "x86_64" || cpu_arch == "x86" : cpu_arch == arch;
}

std::string SlowCoreFigure::Evidence() const {
  return fmt::format("{} {} on {}: {:.3g} cycles per byte with {} (source: {})", algorithm,
                     operation, core, cpb, feature, source);
}

std::vector<SlowCoreFigure> ParseSlowCores(std::string_view csv) {
  std::vector<SlowCoreFigure> out;
  for (CsvRecord& record : ParseCsvTable(csv, kSlowCoresHeader, kSlowCoresTable)) {
    std::vector<std::string>& f = record.fields;
    for (const std::string& field : f) {
      if (field.empty()) {
        FailCsvRecord(kSlowCoresTable, record.line, "an empty field");
      }
    }
    if (f[1] != "encrypt" && f[1] != "decrypt" && f[1] != "hash" && f[1] != "mac") {
      FailCsvRecord(kSlowCoresTable, record.line,
                    fmt::format("unknown operation \"{}\" (encrypt, decrypt, hash or mac)", f[1]));
    }
    if (f[2] != "x86_64" && f[2] != "aarch64") {
      FailCsvRecord(kSlowCoresTable, record.line,
                    fmt::format("unknown arch \"{}\" (x86_64 or aarch64)", f[2]));
    }
    const double cpb = ParseCsvNumber(f[6]).value_or(0);
    if (!(cpb > 0 && cpb < 100)) {
      FailCsvRecord(kSlowCoresTable, record.line,
                    fmt::format("cpb \"{}\" is not a number in (0, 100)", f[6]));
    }
    if (f[7].find("https://") == std::string::npos) {
      FailCsvRecord(kSlowCoresTable, record.line, "the source names no https:// URL");
    }
    std::vector<std::string> models;
    for (size_t start = 0; start <= f[5].size();) {
      const size_t bar = std::min(f[5].find('|', start), f[5].size());
      models.push_back(f[5].substr(start, bar - start));
      if (models.back().empty()) {
        FailCsvRecord(kSlowCoresTable, record.line, "an empty glob in models");
      }
      start = bar + 1;
    }
    out.push_back({std::move(f[0]), std::move(f[1]), std::move(f[2]), std::move(f[3]),
                   std::move(f[4]), std::move(models), cpb, std::move(f[7]), record.line});
  }
  return out;
}

const std::vector<SlowCoreFigure>& SlowCores() {
  static const std::vector<SlowCoreFigure> rows = ParseSlowCores(EmbeddedSlowCoresCsv());
  return rows;
}

const SlowCoreFigure* SlowCoreMatching(std::string_view algorithm, std::string_view operation,
                                       std::string_view arch, double cpb_low, double cpb_high,
                                       const std::vector<std::string>& models) {
  for (const SlowCoreFigure& row : SlowCores()) {
    const bool model_fits =
        models.empty() || std::any_of(models.begin(), models.end(), [&](const std::string& name) {
          return std::any_of(row.models.begin(), row.models.end(), [&](const std::string& glob) {
            return fnmatch(glob.c_str(), name.c_str(), FNM_CASEFOLD) == 0;
          });
        });
    if (row.algorithm == algorithm && row.operation == operation && row.OnArch(arch) &&
        model_fits && row.cpb / kCpbTolerance <= cpb_high && row.cpb * kCpbTolerance >= cpb_low) {
      return &row;
    }
  }
  return nullptr;
}

}  // namespace cryptobench::diagnose
