// The library-changes table (library_changes.h).
#include "diagnose/library_changes.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "diagnose/csv_table.h"

namespace cryptobench::diagnose {
namespace {

constexpr std::string_view kTable = "library changes";
constexpr std::string_view kHeader = "library,arch,area,versions,kind,change,source,certainty";
constexpr std::string_view kLibraries[] = {"openssl", "libressl", "boringssl", "aws-lc", "botan"};
constexpr std::string_view kArches[] = {"x86_64", "aarch64", "x86", "arm", "ia64", "any"};
constexpr std::string_view kAreas[] = {"AES",      "GHASH",    "SHA-1",      "SHA-2",
                                       "ChaCha20", "Poly1305", "BN-RSA",     "P-256",
                                       "X25519",   "EVP",      "speed-tool", "FrodoKEM"};
constexpr std::string_view kKinds[] = {"added", "removed", "regressed", "restored",    "absent",
                                       "cost",  "gain",    "no-change", "tool-change", "tool-bug"};

template <size_t N>
bool OneOf(std::string_view value, const std::string_view (&allowed)[N]) {
  return std::find(std::begin(allowed), std::end(allowed), value) != std::end(allowed);
}

template <size_t N>
void Require(std::string_view value, const std::string_view (&allowed)[N], std::string_view column,
             size_t line) {
  if (!OneOf(value, allowed)) {
    std::string names;
    for (std::string_view name : allowed) {
      names += (names.empty() ? "" : ", ") + std::string(name);
    }
    FailCsvRecord(kTable, line, fmt::format("unknown {} \"{}\" (one of {})", column, value, names));
  }
}

}  // namespace

std::string SourceLink(std::string_view source, std::string_view github_repo) {
  if (github_repo.empty() || !source.starts_with("commit ") || !IsCitableSource(source)) {
    return std::string(source);
  }
  const std::string_view rest = source.substr(7);
  const size_t space = rest.find(' ');
  const std::string_view id = rest.substr(0, space);
  const std::string_view tail = rest.substr(space + 1);
  const size_t path_end = tail.find(' ');
  const std::string_view path = tail.substr(0, path_end);
  const std::string_view after =
      path_end == std::string_view::npos ? std::string_view() : tail.substr(path_end);
  return fmt::format("https://github.com/{}/blob/{}/{}{}", github_repo, id, path, after);
}

std::string_view LibraryGithubRepo(std::string_view library) {
  if (library == "openssl") {
    return "openssl/openssl";
  }
  if (library == "boringssl") {
    return "google/boringssl";
  }
  if (library == "aws-lc") {
    return "aws/aws-lc";
  }
  return "";
}

bool IsCitableSource(std::string_view source) {
  if (source.starts_with("https://") || source.starts_with("http://")) {
    const size_t host = source.find("://") + 3;
    return source.size() > host && source.find('.', host) != std::string_view::npos;
  }
  if (!source.starts_with("commit ")) {
    return false;
  }
  source.remove_prefix(7);
  const size_t space = source.find(' ');
  if (space == std::string_view::npos) {
    return false;
  }
  const std::string_view id = source.substr(0, space);
  const std::string_view path = source.substr(space + 1);
  const bool hex = std::all_of(id.begin(), id.end(),
                               [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  return hex && id.size() >= 7 && id.size() <= 40 && path.find('/') != std::string_view::npos;
}

std::vector<LibraryChange> ParseLibraryChanges(std::string_view csv) {
  std::vector<LibraryChange> out;
  for (CsvRecord& record : ParseCsvTable(csv, kHeader, kTable)) {
    std::vector<std::string>& f = record.fields;
    LibraryChange row;
    row.line = record.line;
    Require(f[0], kLibraries, "library", record.line);
    Require(f[1], kArches, "arch", record.line);
    Require(f[2], kAreas, "area", record.line);
    Require(f[4], kKinds, "kind", record.line);
    try {
      row.versions = ParseVersionRange(f[3]);
    } catch (const std::invalid_argument& e) {
      FailCsvRecord(kTable, record.line, fmt::format("versions: {}", e.what()));
    }
    if (f[5].empty()) {
      FailCsvRecord(kTable, record.line, "an empty change");
    }
    if (!IsCitableSource(f[6])) {
      FailCsvRecord(kTable, record.line,
                    fmt::format("source \"{}\" is neither a URL nor \"commit <id> <file>\"", f[6]));
    }
    if (f[7] != "sure" && f[7] != "unsure") {
      FailCsvRecord(kTable, record.line,
                    fmt::format("certainty \"{}\" is neither sure nor unsure", f[7]));
    }
    row.library = std::move(f[0]);
    row.arch = std::move(f[1]);
    row.area = std::move(f[2]);
    row.kind = std::move(f[4]);
    row.change = std::move(f[5]);
    row.source = std::move(f[6]);
    row.sure = f[7] == "sure";
    out.push_back(std::move(row));
  }
  return out;
}

const std::vector<LibraryChange>& LibraryChanges() {
  static const std::vector<LibraryChange> table = ParseLibraryChanges(EmbeddedLibraryChangesCsv());
  return table;
}

bool RowSpeaksOf(const LibraryChange& row, std::string_view algorithm, std::string_view operation) {
  if (row.area == "BN-RSA") {
    if (operation.empty()) {
      return true;
    }
    if (row.change.find("decryption") != std::string::npos) {
      return operation == "decrypt";
    }
    return operation == "sign" || operation == "decrypt";
  }
  if (row.area != "AES") {
    return true;
  }
  if (!algorithm.starts_with("AES-")) {
    return false;
  }
  static constexpr std::string_view kModes[] = {"ECB", "CBC", "CTR", "XTS", "GCM",
                                                "CCM", "OCB", "CFB", "OFB"};
  const auto names = [&](std::string_view mode) {
    for (size_t at = row.change.find(mode); at != std::string::npos;
         at = row.change.find(mode, at + 1)) {
      const bool starts = at == 0 || !std::isalnum(static_cast<unsigned char>(row.change[at - 1]));
      const size_t end = at + mode.size();
      const bool ends =
          end == row.change.size() || !std::isalnum(static_cast<unsigned char>(row.change[end]));
      if (starts && ends) {
        return true;
      }
    }
    return false;
  };
  bool any_named = false;
  for (std::string_view mode : kModes) {
    any_named = any_named || names(mode);
  }
  if (!any_named) {
    return true;
  }
  // "AES-128-CBC" -> "CBC"; "AES-256-GCM" -> "GCM".
  const size_t dash = algorithm.find('-', algorithm.find('-') + 1);
  if (dash == std::string_view::npos) {
    return true;
  }
  const std::string_view tail = algorithm.substr(dash + 1);
  const std::string_view mode = tail.substr(0, tail.find('-'));
  return names(mode) || ((mode == "GCM" || mode == "CCM") && names("CTR"));
}

std::vector<const LibraryChange*> ChangesBetween(const std::vector<LibraryChange>& table,
                                                 std::string_view library, std::string_view arch,
                                                 std::string_view area, const LibraryVersion& a,
                                                 const LibraryVersion& b) {
  std::vector<const LibraryChange*> out;
  for (const LibraryChange& row : table) {
    if (row.library != library || (row.arch != "any" && row.arch != arch) ||
        (!area.empty() && row.area != area) || row.kind == "no-change" || row.kind == "absent") {
      continue;
    }
    if (row.versions.Contains(a) != row.versions.Contains(b)) {
      out.push_back(&row);
    }
  }
  return out;
}

std::optional<RowCpuCondition> CpuConditionOfRow(const LibraryChange& row) {
  const std::string_view text = row.change;
  const auto has = [text](std::string_view word) { return text.find(word) != text.npos; };
  // Code for CPUs that lack the feature first: such a text names the hardware path too.
  if (has("without AES-NI")) {
    return RowCpuCondition{"AES-NI", false};
  }
  if (has("without the AES instructions")) {
    return RowCpuCondition{"AES", false};
  }
  if (has("VAES")) {  // before AES-NI: a VAES row may compare itself with the AES-NI code
    return RowCpuCondition{"VAES", true};
  }
  if (has("aesni-") || has("AES-NI through EVP")) {
    return RowCpuCondition{"AES-NI", true};
  }
  if (has("ghash-x86_64") || has("PCLMULQDQ GHASH")) {
    return RowCpuCondition{"PCLMULQDQ", true};
  }
  if (has("aesv8-armx") || has("aes-gcm-armv8")) {
    return RowCpuCondition{"AES", true};
  }
  if (has("ghashv8-armx") || has("PMULL GHASH")) {
    return RowCpuCondition{"PMULL", true};
  }
  return std::nullopt;
}

std::vector<const LibraryChange*> OpensslRowsOfKey(const std::vector<LibraryChange>& table,
                                                   std::string_view arch, std::string_view key) {
  std::vector<const LibraryChange*> out;
  const size_t colon = key.find(':');
  if (colon == std::string_view::npos) {
    return out;
  }
  const std::string_view area = key.substr(0, colon);
  const std::string_view text = key.substr(colon + 1);
  for (const LibraryChange& row : table) {
    if (row.library == "openssl" && row.arch == arch && row.area == area &&
        row.change.find(text) != std::string::npos) {
      out.push_back(&row);
    }
  }
  return out;
}

bool ReleaseSpan::Contains(const LibraryVersion& version) const {
  if (except != nullptr && except->versions.Contains(version)) {
    return false;
  }
  if (from == nullptr) {
    return true;
  }
  return from->versions.Contains(version) &&
         (until == nullptr || !until->versions.Contains(version));
}

std::string_view ReleaseSpan::FirstRelease() const {
  if (from == nullptr || from->versions.intervals.empty() ||
      !from->versions.intervals.front().low) {
    return {};
  }
  return from->versions.intervals.front().low->text;
}

ReleaseSpan ReleaseSpanOf(std::string_view arch, std::string_view spec) {
  ReleaseSpan span;
  if (spec.empty()) {
    return span;
  }
  constexpr std::string_view kExcept = "except ";
  constexpr std::string_view kUntil = " until ";
  const size_t until = spec.find(kUntil);
  const auto one = [&](std::string_view key) {
    const std::vector<const LibraryChange*> rows = OpensslRowsOfKey(LibraryChanges(), arch, key);
    if (rows.size() != 1) {
      throw std::runtime_error(fmt::format(
          "release key \"{}\" names {} OpenSSL {} rows of data/library-changes.csv, not one", key,
          rows.size(), arch));
    }
    return rows.front();
  };
  if (spec.starts_with(kExcept)) {
    span.except = one(spec.substr(kExcept.size()));
    return span;
  }
  span.from = one(spec.substr(0, until));
  if (until != std::string_view::npos) {
    span.until = one(spec.substr(until + kUntil.size()));
  }
  return span;
}

}  // namespace cryptobench::diagnose
