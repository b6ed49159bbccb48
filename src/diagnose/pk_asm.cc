// The public-key assembly table (pk_asm.h).
#include "diagnose/pk_asm.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "diagnose/csv_table.h"
#include "diagnose/ia32cap.h"
#include "diagnose/library_changes.h"

namespace cryptobench::diagnose {
namespace {

constexpr std::string_view kTable = "pk asm";
constexpr std::string_view kHeader =
    "algorithms,arch,module,role,bits,versions,path,source,certainty";

// Splits `text` at `sep`, dropping empty parts.
std::vector<std::string> Split(std::string_view text, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find(sep, start), text.size());
    if (end > start) {
      out.emplace_back(text.substr(start, end - start));
    }
    start = end + 1;
  }
  return out;
}

bool KnownBit(std::string_view name) {
  const std::vector<CapabilityBit>& bits = KnownCapabilityBits();
  return std::any_of(bits.begin(), bits.end(),
                     [&](const CapabilityBit& bit) { return bit.name == name; });
}

}  // namespace

bool PkAsmPath::Covers(std::string_view algorithm) const {
  return std::find(algorithms.begin(), algorithms.end(), algorithm) != algorithms.end();
}

std::vector<PkAsmPath> ParsePkAsmPaths(std::string_view csv) {
  std::vector<PkAsmPath> out;
  for (CsvRecord& record : ParseCsvTable(csv, kHeader, kTable)) {
    const std::vector<std::string>& f = record.fields;
    const size_t line = record.line;
    PkAsmPath row;
    row.line = line;
    row.algorithms = Split(f[0], ';');
    if (row.algorithms.empty()) {
      FailCsvRecord(kTable, line, "no algorithm");
    }
    row.arch = f[1];
    if (row.arch != "x86_64" && row.arch != "aarch64") {
      FailCsvRecord(kTable, line, fmt::format("unknown arch \"{}\" (x86_64 or aarch64)", f[1]));
    }
    row.role = f[3];
    if (row.role != "dispatch" && row.role != "baseline" && row.role != "none") {
      FailCsvRecord(kTable, line,
                    fmt::format("unknown role \"{}\" (dispatch, baseline or none)", f[3]));
    }
    if (f[2] != "none") {
      row.modules = Split(f[2], ';');
    }
    if ((row.role == "none") != row.modules.empty()) {
      FailCsvRecord(kTable, line, "module must be \"none\" exactly on a \"none\" row");
    }
    if (f[4] != "-") {
      row.bits = Split(f[4], '+');
    }
    if ((row.role == "dispatch") == row.bits.empty()) {
      FailCsvRecord(kTable, line, "a \"dispatch\" row names its bits, other rows write \"-\"");
    }
    for (const std::string& bit : row.bits) {
      if (row.arch == "x86_64" && !KnownBit(bit)) {
        FailCsvRecord(kTable, line, fmt::format("unknown capability bit \"{}\"", bit));
      }
    }
    if (f[5] != "any") {
      try {
        row.versions = ParseVersionRange(f[5]);
      } catch (const std::invalid_argument& e) {
        FailCsvRecord(kTable, line, fmt::format("versions: {}", e.what()));
      }
    } else {
      row.versions.text = "any";
    }
    row.path = f[6];
    if (row.path.empty()) {
      FailCsvRecord(kTable, line, "an empty path");
    }
    row.source = f[7];
    if (!IsCitableSource(row.source)) {
      FailCsvRecord(
          kTable, line,
          fmt::format("source \"{}\" is neither a URL nor \"commit <id> <file>\"", row.source));
    }
    if (f[8] != "sure" && f[8] != "unsure") {
      FailCsvRecord(kTable, line, fmt::format("unknown certainty \"{}\" (sure or unsure)", f[8]));
    }
    row.sure = f[8] == "sure";
    out.push_back(std::move(row));
  }
  return out;
}

const std::vector<PkAsmPath>& PkAsmPaths() {
  static const std::vector<PkAsmPath> kTableRows = ParsePkAsmPaths(EmbeddedPkAsmCsv());
  return kTableRows;
}

std::vector<const PkAsmPath*> PkAsmPathsFor(const std::vector<PkAsmPath>& table,
                                            std::string_view algorithm, std::string_view arch,
                                            const LibraryVersion* version) {
  std::vector<const PkAsmPath*> out;
  for (const PkAsmPath& row : table) {
    if (row.arch != arch || !row.Covers(algorithm)) {
      continue;
    }
    if (version != nullptr && !row.versions.intervals.empty() && !row.versions.Contains(*version)) {
      continue;
    }
    out.push_back(&row);
  }
  return out;
}

std::optional<LibraryVersion> OpenSslReleaseOf(std::string_view version_text) {
  constexpr std::string_view kPrefix = "OpenSSL ";
  if (!version_text.starts_with(kPrefix)) {
    return std::nullopt;
  }
  version_text.remove_prefix(kPrefix.size());
  return ParseLibraryVersion(version_text.substr(0, version_text.find(' ')));
}

const PkAsmPath* NoAssemblyRow(std::string_view algorithm, std::string_view arch) {
  for (const PkAsmPath* row : PkAsmPathsFor(PkAsmPaths(), algorithm, arch, nullptr)) {
    if (row->role == "none") {
      return row;
    }
  }
  return nullptr;
}

}  // namespace cryptobench::diagnose
