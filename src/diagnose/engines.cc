// The engine-offloads table and the engine facts of a paste (engines.h).
#include "diagnose/engines.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include <fmt/format.h>

#include "diagnose/csv_table.h"
#include "diagnose/library_changes.h"

namespace cryptobench::diagnose {

std::string_view EmbeddedEngineOffloadsCsv();  // generated: src/diagnose/CMakeLists.txt

namespace {

constexpr std::string_view kTable = "engine offloads";

std::string Folded(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
  }
  return out;
}

std::string LowerCopy(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  });
  return out;
}

std::vector<std::string> SplitOn(std::string_view text, char separator) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find(separator, at);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    std::string_view part = text.substr(at, end - at);
    while (!part.empty() && std::isspace(static_cast<unsigned char>(part.front()))) {
      part.remove_prefix(1);
    }
    while (!part.empty() && std::isspace(static_cast<unsigned char>(part.back()))) {
      part.remove_suffix(1);
    }
    if (!part.empty()) {
      out.emplace_back(part);
    }
    at = end + 1;
  }
  return out;
}

}  // namespace

std::vector<EngineOffloads> ParseEngineOffloads(std::string_view csv) {
  std::vector<EngineOffloads> out;
  for (CsvRecord& record : ParseCsvTable(csv, "engine,target,fixed,offloads,source,note", kTable)) {
    std::vector<std::string>& f = record.fields;
    if (f[0].empty()) {
      FailCsvRecord(kTable, record.line, "an empty engine id");
    }
    if (f[1] != "device" && f[1] != "kernel" && f[1] != "cpu") {
      FailCsvRecord(kTable, record.line,
                    fmt::format("target \"{}\" is not device, kernel or cpu", f[1]));
    }
    if (f[2] != "yes" && f[2] != "no") {
      FailCsvRecord(kTable, record.line, fmt::format("fixed \"{}\" is neither yes nor no", f[2]));
    }
    EngineOffloads row;
    row.offloads = SplitOn(f[3], ' ');
    if (row.offloads.empty()) {
      FailCsvRecord(kTable, record.line, "an empty offload list");
    }
    if (!IsCitableSource(f[4])) {
      FailCsvRecord(kTable, record.line, fmt::format("source \"{}\" is not a URL", f[4]));
    }
    row.engine = LowerCopy(f[0]);
    row.target = std::move(f[1]);
    row.fixed = f[2] == "yes";
    row.source = std::move(f[4]);
    row.note = std::move(f[5]);
    row.line = record.line;
    out.push_back(std::move(row));
  }
  return out;
}

const std::vector<EngineOffloads>& EngineOffloadsTable() {
  static const std::vector<EngineOffloads> table = ParseEngineOffloads(EmbeddedEngineOffloadsCsv());
  return table;
}

const EngineOffloads* FindEngineOffloads(std::string_view engine) {
  const std::string id = LowerCopy(engine);
  for (const EngineOffloads& row : EngineOffloadsTable()) {
    if (row.engine == id) {
      return &row;
    }
  }
  return nullptr;
}

bool SameAlgorithmName(std::string_view a, std::string_view b) {
  const std::string fa = Folded(a);
  return !fa.empty() && fa == Folded(b);
}

std::string EngineOfRun(std::string_view engine_or_provider) {
  for (const std::string& part : SplitOn(engine_or_provider, ',')) {
    if (part.starts_with("engine ")) {
      return std::string(SplitOn(part.substr(7), ' ').front());
    }
  }
  return "";
}

const EngineOffloads* CpuEngineOfRun(std::string_view engine_or_provider) {
  const EngineOffloads* row = FindEngineOffloads(EngineOfRun(engine_or_provider));
  return row != nullptr && row->target == "cpu" ? row : nullptr;
}

std::string ProviderOfRun(std::string_view engine_or_provider) {
  std::string found;
  for (const std::string& part : SplitOn(engine_or_provider, ',')) {
    if (part.starts_with("provider ")) {
      if (!found.empty()) {
        return "";
      }
      found = SplitOn(part.substr(9), ' ').front();
    }
  }
  return found;
}

const results::SourceFact* PastedEngineFact(const std::vector<results::SourceFact>& facts,
                                            std::string_view engine) {
  const std::string id = LowerCopy(engine);
  for (const results::SourceFact& fact : facts) {
    const size_t colon = fact.value.find(':');
    if (fact.kind == "engine" && colon != std::string::npos &&
        LowerCopy(fact.value.substr(0, colon)) == id) {
      return &fact;
    }
  }
  return nullptr;
}

std::optional<std::vector<std::string>> PastedEngineAlgorithms(
    const std::vector<results::SourceFact>& facts, std::string_view engine) {
  const std::string id = LowerCopy(engine);
  for (const results::SourceFact& fact : facts) {
    if (fact.kind != "engine") {
      continue;
    }
    const size_t colon = fact.value.find(':');
    if (colon == std::string::npos || LowerCopy(fact.value.substr(0, colon)) != id) {
      continue;
    }
    const size_t open = fact.value.find('[', colon);
    const size_t close = fact.value.find(']', open == std::string::npos ? colon : open);
    if (open == std::string::npos || close == std::string::npos) {
      continue;  // the engine's line without its algorithm list (-c not given)
    }
    return SplitOn(std::string_view(fact.value).substr(open + 1, close - open - 1), ',');
  }
  return std::nullopt;
}

std::string KernelAlgorithmName(std::string_view algorithm) {
  const std::string name = LowerCopy(algorithm);
  if (name.starts_with("aes-") && name.size() > 8) {
    const std::string mode = name.substr(8);  // "aes-128-" is 8 characters
    if (mode == "cbc" || mode == "ctr" || mode == "ecb" || mode == "xts" || mode == "gcm" ||
        mode == "ccm") {
      return fmt::format("{}(aes)", mode);
    }
    return "";
  }
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"des-ede3-cbc", "cbc(des3_ede)"},
      {"md5", "md5"},
      {"sha-1", "sha1"},
      {"sha-224", "sha224"},
      {"sha-256", "sha256"},
      {"sha-384", "sha384"},
      {"sha-512", "sha512"},
      {"chacha20", "chacha20"},
      {"chacha20-poly1305", "rfc7539(chacha20,poly1305)"}};
  for (const auto& [catalogue, kernel] : kNames) {
    if (name == catalogue) {
      return std::string(kernel);
    }
  }
  return "";
}

std::optional<PastedProcCryptoEntry> HighestPriorityProcCryptoEntry(
    const std::vector<results::SourceFact>& facts, const std::string& kernel_name) {
  if (kernel_name.empty()) {
    return std::nullopt;
  }
  const std::string prefix = kernel_name + ": driver ";
  const results::SourceFact* best = nullptr;
  long best_priority = -1;
  for (const results::SourceFact& fact : facts) {
    if (fact.kind != "kernel_driver" || !fact.value.starts_with(prefix)) {
      continue;
    }
    const size_t at = fact.value.find("priority ");
    const long priority = at == std::string::npos ? 0 : std::atol(fact.value.c_str() + at + 9);
    if (priority > best_priority) {
      best = &fact;
      best_priority = priority;
    }
  }
  if (best == nullptr) {
    return std::nullopt;
  }
  std::string_view driver = std::string_view(best->value).substr(prefix.size());
  driver = driver.substr(0, driver.find(','));
  return PastedProcCryptoEntry{std::string(driver), best->line, best_priority};
}

}  // namespace cryptobench::diagnose
