// The feature-path table (feature_paths.h).
#include "diagnose/feature_paths.h"

#include <array>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "diagnose/csv_table.h"
#include "diagnose/library_changes.h"

namespace cryptobench::diagnose {
namespace {

constexpr std::string_view kFeaturePathsTable = "feature paths";
constexpr std::string_view kFeaturePathsHeader =
    "library,arch,algorithm,versions,cpu_flag,path,note,source,certainty,path_cpb";

constexpr std::array<std::pair<std::string_view, AlgorithmPrimitive>, 4> kFeaturePathPrimitives = {{
    {"DES-EDE3", AlgorithmPrimitive::kTripleDes},
    {"MD5", AlgorithmPrimitive::kMd5},
    {"SHA-3", AlgorithmPrimitive::kSha3},
    {"Ed25519", AlgorithmPrimitive::kEd25519},
}};

}  // namespace

bool FeaturePath::OnArch(std::string_view cpu_arch) const {
  return arch == "sparcv9" ? cpu_arch.starts_with("sparc") : arch == cpu_arch;
}

std::string FeaturePath::ArchName() const { return arch == "sparcv9" ? "SPARC" : arch; }

std::vector<FeaturePath> ParseFeaturePaths(std::string_view csv) {
  std::vector<FeaturePath> out;
  for (CsvRecord& record : ParseCsvTable(csv, kFeaturePathsHeader, kFeaturePathsTable)) {
    const std::vector<std::string>& f = record.fields;
    const size_t line = record.line;
    FeaturePath row;
    row.line = line;
    if (f[0] == "openssl") {
      row.library = AdviceLibrary::kOpenssl;
    } else if (f[0] == "aws-lc") {
      row.library = AdviceLibrary::kAwsLc;
    } else {
      FailCsvRecord(kFeaturePathsTable, line,
                    fmt::format("unknown library \"{}\" (openssl or aws-lc)", f[0]));
    }
    row.arch = f[1];
    if (row.arch != "x86_64" && row.arch != "aarch64" && row.arch != "riscv64" &&
        row.arch != "sparcv9") {
      FailCsvRecord(
          kFeaturePathsTable, line,
          fmt::format("unknown arch \"{}\" (x86_64, aarch64, riscv64 or sparcv9)", row.arch));
    }
    bool known = false;
    for (const auto& [name, primitive] : kFeaturePathPrimitives) {
      if (f[2] == name) {
        row.primitive = primitive;
        known = true;
      }
    }
    if (!known) {
      FailCsvRecord(
          kFeaturePathsTable, line,
          fmt::format("unknown algorithm \"{}\" (DES-EDE3, MD5, SHA-3 or Ed25519)", f[2]));
    }
    if (f[3] == "any") {
      row.versions.text = "any";
    } else {
      try {
        row.versions = ParseVersionRange(f[3]);
      } catch (const std::invalid_argument& e) {
        FailCsvRecord(kFeaturePathsTable, line, fmt::format("versions: {}", e.what()));
      }
    }
    if (f[4].empty()) {
      FailCsvRecord(kFeaturePathsTable, line, "an empty cpu_flag (write \"-\" for none)");
    }
    row.cpu_flag = f[4] == "-" ? "" : f[4];
    row.path = f[5];
    if (row.path.empty()) {
      FailCsvRecord(kFeaturePathsTable, line, "an empty path");
    }
    row.note = f[6];
    row.source = f[7];
    if (!IsCitableSource(row.source)) {
      FailCsvRecord(
          kFeaturePathsTable, line,
          fmt::format("source \"{}\" is neither a URL nor \"commit <id> <file>\"", row.source));
    }
    if (f[8] != "sure" && f[8] != "unsure") {
      FailCsvRecord(kFeaturePathsTable, line,
                    fmt::format("unknown certainty \"{}\" (sure or unsure)", f[8]));
    }
    row.sure = f[8] == "sure";
    if (!row.sure && row.note.empty()) {
      FailCsvRecord(kFeaturePathsTable, line, "an unsure row says in its note what is unsure");
    }
    if (f[9] != "-") {
      const double cpb = ParseCsvNumber(f[9]).value_or(0);
      if (!(cpb > 0)) {
        FailCsvRecord(kFeaturePathsTable, line,
                      fmt::format("path_cpb \"{}\" is neither \"-\" nor a positive number", f[9]));
      }
      row.path_cpb = cpb;
    }
    out.push_back(std::move(row));
  }
  return out;
}

const std::vector<FeaturePath>& FeaturePaths() {
  static const std::vector<FeaturePath> kRows = ParseFeaturePaths(EmbeddedFeaturePathsCsv());
  return kRows;
}

}  // namespace cryptobench::diagnose
