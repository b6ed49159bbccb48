// Parsing of compare's side arguments.
#include "compare/side_spec.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "core/errors.h"

#include "diagnose/armcap.h"
#include "import/parse_util.h"

namespace cryptobench::compare {
namespace {

// Longest side NAME: labels appear in table headers and sentences.
constexpr size_t kMaxNameLen = 64;

bool IsNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '+' ||
         c == '-';
}

bool IsEnvName(const std::string& name) {
  return !name.empty() && std::isdigit(static_cast<unsigned char>(name[0])) == 0 &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
         });
}

}  // namespace

LiveSpec ParseLibSpec(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos) {
    throw UsageError(fmt::format(
        "--lib '{}': expected NAME=PATH, e.g. system=/usr/lib/x86_64-linux-gnu/libcrypto.so.3",
        text));
  }
  LiveSpec spec;
  spec.name = text.substr(0, eq);
  spec.path = text.substr(eq + 1);
  if (spec.name.empty() || spec.name.size() > kMaxNameLen || spec.name.front() == '-' ||
      !std::all_of(spec.name.begin(), spec.name.end(), IsNameChar)) {
    throw UsageError(fmt::format(
        "--lib '{}': NAME must be 1-{} characters of letters, digits, '.', '_', '+' or '-'", text,
        kMaxNameLen));
  }
  if (spec.path.empty()) {
    throw UsageError(fmt::format("--lib '{}': PATH is empty", text));
  }
  return spec;
}

void ApplyEnvSpecs(const std::vector<std::string>& items, std::vector<LiveSpec>& sides) {
  for (const std::string& item : items) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos) {
      throw UsageError(fmt::format(
          "--env '{}': expected [NAME:]VAR=VALUE, e.g. masked:OPENSSL_ia32cap=~0x200000000000000",
          item));
    }
    const std::string left = item.substr(0, eq);
    const std::string value = item.substr(eq + 1);
    const size_t colon = left.find(':');
    const std::string var = colon == std::string::npos ? left : left.substr(colon + 1);
    if (!IsEnvName(var)) {
      throw UsageError(fmt::format(
          "--env '{}': '{}' is not an environment variable name ([A-Za-z_][A-Za-z0-9_]*)", item,
          var));
    }
    if (sides.empty()) {
      throw UsageError(
          fmt::format("--env '{}': there is no live side (--lib NAME=PATH) to set it in", item));
    }
    if (const auto problem = diagnose::EnvCapabilityProblem(var, value)) {
      throw UsageError(fmt::format("--env {}: {}", import::QuoteForError(item), *problem));
    }
    if (colon == std::string::npos) {
      for (LiveSpec& side : sides) {
        side.env[var] = value;
      }
      continue;
    }
    const std::string name = left.substr(0, colon);
    auto side = std::find_if(sides.begin(), sides.end(),
                             [&name](const LiveSpec& s) { return s.name == name; });
    if (side == sides.end()) {
      std::string names;
      for (const LiveSpec& s : sides) {
        names += (names.empty() ? "" : ", ") + s.name;
      }
      throw UsageError(
          fmt::format("--env '{}': no live side named '{}' (live sides: {})", item, name, names));
    }
    side->env[var] = value;
  }
}

void CheckUniqueNames(const std::vector<LiveSpec>& live) {
  std::set<std::string> seen;
  for (const LiveSpec& spec : live) {
    if (!seen.insert(spec.name).second) {
      throw UsageError(
          fmt::format("--lib: the name '{}' is given twice; give each side its own", spec.name));
    }
  }
}

std::vector<std::string> FileLabels(const std::vector<std::string>& paths,
                                    const std::vector<LiveSpec>& live) {
  std::map<std::string, size_t> base_count;
  std::set<std::string> seen_paths;
  std::vector<std::string> bases;
  for (const std::string& path : paths) {
    if (!seen_paths.insert(path).second) {
      throw UsageError(
          fmt::format("'{}' is given twice; each side must be a different file", path));
    }
    std::string base = std::filesystem::path(path).filename().string();
    if (base.empty()) {
      base = path;
    }
    bases.push_back(base);
    ++base_count[base];
  }
  std::vector<std::string> labels;
  std::set<std::string> seen_labels;
  for (size_t i = 0; i < paths.size(); ++i) {
    std::string label = base_count[bases[i]] > 1 ? paths[i] : bases[i];
    for (const LiveSpec& spec : live) {
      if (spec.name == label) {
        throw UsageError(fmt::format(
            "the file '{}' and --lib {}=... would both be labelled '{}'; rename the live side",
            paths[i], spec.name, label));
      }
    }
    if (!seen_labels.insert(label).second) {
      throw UsageError(fmt::format("two sides would both be labelled '{}'", label));
    }
    labels.push_back(label);
  }
  return labels;
}

void CheckDistinctFiles(const std::vector<std::string>& paths) {
  for (size_t i = 0; i < paths.size(); ++i) {
    for (size_t j = i + 1; j < paths.size(); ++j) {
      if (paths[i] == "-" || paths[j] == "-") {
        continue;
      }
      std::error_code error;  // a missing or unreadable file is reported when it is read
      if (std::filesystem::equivalent(paths[i], paths[j], error) && !error) {
        throw UsageError(
            fmt::format("'{}' and '{}' are the same file; each side must be a different file",
                        paths[i], paths[j]));
      }
    }
  }
}

double ParsePercent(const std::string& text, const std::string& option) {
  std::string number = text;
  if (!number.empty() && number.back() == '%') {
    number.pop_back();
  }
  char* end = nullptr;
  errno = 0;
  const double value = number.empty() ? NAN : std::strtod(number.c_str(), &end);
  if (number.empty() || errno != 0 || end != number.c_str() + number.size() ||
      !std::isfinite(value) || value <= 0 || value >= 100) {
    // 100% or more: B/A < 1 - PCT/100 <= 0 never holds, so nothing could count as slower.
    throw UsageError(fmt::format(
        "{} '{}': expected a percentage above 0 and below 100, e.g. 5 or 5%", option, text));
  }
  return value / 100;
}

}  // namespace cryptobench::compare
