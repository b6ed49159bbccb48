// The cpb class table parser and the throughput → implementation-class matcher.
#include "diagnose/classifier.h"

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "diagnose/csv_table.h"

namespace cryptobench::diagnose {
namespace {

constexpr std::string_view kHeader = "algorithm,operation,class,family,cpb_low,cpb_high,source";
// The same with the optional last column: the OpenSSL releases a row's code ships in.
constexpr std::string_view kHeaderWithKeys =
    "algorithm,operation,class,family,cpb_low,cpb_high,source,releases";

// kHeaderWithKeys when the first non-empty line of `csv` is that header, else kHeader.
std::string_view HeaderOf(std::string_view csv) {
  size_t pos = csv.find_first_not_of("\r\n");
  if (pos == std::string_view::npos) {
    return kHeader;
  }
  std::string_view line = csv.substr(pos, csv.find('\n', pos) - pos);
  if (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  return line == kHeaderWithKeys ? kHeaderWithKeys : kHeader;
}

[[noreturn]] void Fail(size_t line_number, std::string_view what) {
  FailCsvRecord("cpb classes", line_number, what);
}

double ParseCpb(const std::string& text, std::string_view column, size_t line_number) {
  const double value = ParseCsvNumber(text).value_or(0);
  if (value <= 0) {
    Fail(line_number, fmt::format("{} \"{}\" is not a positive number", column, text));
  }
  return value;
}

ClassFamily ParseFamily(const std::string& text, size_t line_number) {
  if (text == "hardware") {
    return ClassFamily::kHardware;
  }
  if (text == "vector") {
    return ClassFamily::kVector;
  }
  if (text == "scalar") {
    return ClassFamily::kScalar;
  }
  if (text == "generic-c") {
    return ClassFamily::kGenericC;
  }
  Fail(line_number,
       fmt::format("family \"{}\" is not one of hardware, vector, scalar, generic-c", text));
}

// "A", "A or B", "A, B or C".
std::string JoinNames(const std::vector<const CpbClass*>& classes) {
  std::string out;
  for (size_t i = 0; i < classes.size(); ++i) {
    if (i > 0) {
      out += i + 1 == classes.size() ? " or " : ", ";
    }
    out += classes[i]->name;
  }
  return out;
}

double WidenedLow(const CpbClass& c) { return c.cpb_low / kCpbTolerance; }
double WidenedHigh(const CpbClass& c) { return c.cpb_high * kCpbTolerance; }

// Verdict when nothing matched: where the measured interval lies relative to the classes.
std::string NoMatchConclusion(const std::vector<const CpbClass*>& candidates, double cpb_low,
                              double cpb_high) {
  const CpbClass* below = nullptr;  // slowest class that is still faster than the measurement
  const CpbClass* above = nullptr;  // fastest class that is still slower than the measurement
  for (const CpbClass* c : candidates) {
    if (WidenedHigh(*c) < cpb_low && (below == nullptr || WidenedHigh(*c) > WidenedHigh(*below))) {
      below = c;
    }
    if (WidenedLow(*c) > cpb_high && (above == nullptr || WidenedLow(*c) < WidenedLow(*above))) {
      above = c;
    }
  }
  if (below == nullptr) {
    return fmt::format("no known class (faster than every known class; fastest is {})",
                       above->name);
  }
  if (above == nullptr) {
    return fmt::format("no known class (slower than every known class; slowest is {})",
                       below->name);
  }
  return fmt::format("no known class (between {} and {})", below->name, above->name);
}

std::string_view HostArchitecture() {
#if defined(__x86_64__) || defined(_M_X64)
  return "x86_64";
#elif defined(__aarch64__) || defined(_M_ARM64)
  return "aarch64";
#else
  return "";
#endif
}

}  // namespace

namespace {

// True for the inside of a parenthesised group that names OpenSSL's code: a function or symbol
// (an underscore), a source file (".c"), or an OPENSSL_ia32cap bit.
bool NamesCode(std::string_view inner) {
  return inner.find('_') != std::string_view::npos || inner.find(".c") != std::string_view::npos ||
         inner.find("ia32cap") != std::string_view::npos;
}

}  // namespace

std::string NeutralClassName(std::string_view name) {
  std::string out;
  for (size_t i = 0; i < name.size();) {
    if (name[i] == '(') {
      const size_t close = name.find(')', i);
      if (close != std::string_view::npos && NamesCode(name.substr(i + 1, close - i - 1))) {
        while (!out.empty() && out.back() == ' ') {
          out.pop_back();
        }
        i = close + 1;
        continue;
      }
    }
    out += name[i++];
  }
  // OpenSSL's module words, longest first, by what the code is.
  static constexpr std::pair<std::string_view, std::string_view> kWords[] = {
      {"vpaes/bsaes NEON CTR", "vector-permute or bit-sliced NEON AES CTR"},
      {"vpaes SSSE3", "constant-time SSSE3 vector-permute AES"},
      {"vpaes NEON", "constant-time NEON vector-permute AES"},
      {"bsaes SSSE3", "bit-sliced SSSE3 AES"},
      {"bsaes NEON", "bit-sliced NEON AES"},
      {"bsaes", "bit-sliced SSSE3 AES"},
      {"aes-x86_64 table asm", "table-based AES"},
      {"scalar asm KECCAK_2X", "scalar Keccak code"},
      {"generic C", "portable C"},
      {"integer asm", "integer code"},
      {"ARMv8 CE", "ARMv8 Crypto Extension instructions"},
      {"4-bit GHASH", "table GHASH"},
  };
  for (const auto& [word, meaning] : kWords) {
    for (size_t at = out.find(word); at != std::string::npos;
         at = out.find(word, at + meaning.size())) {
      out.replace(at, word.size(), meaning);
    }
  }
  return out;
}

std::string_view ClassFamilyName(ClassFamily family) {
  switch (family) {
    case ClassFamily::kHardware:
      return "hardware";
    case ClassFamily::kVector:
      return "vector";
    case ClassFamily::kScalar:
      return "scalar";
    case ClassFamily::kGenericC:
      return "generic C";
  }
  return "unknown";
}

std::vector<CpbClass> ParseCpbClasses(std::string_view csv) {
  std::vector<CpbClass> classes;
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  const std::string_view header = HeaderOf(csv);
  const bool has_keys = header == kHeaderWithKeys;
  for (CsvRecord& record : ParseCsvTable(csv, header, "cpb classes")) {
    const size_t line_number = record.line;
    std::vector<std::string>& fields = record.fields;
    static constexpr std::string_view kTextColumns[] = {"algorithm", "operation", "class"};
    for (size_t i = 0; i < 3; ++i) {
      if (fields[i].empty()) {
        Fail(line_number, fmt::format("empty {}", kTextColumns[i]));
      }
    }
    if (fields[6].empty()) {
      Fail(line_number, "empty source: every range must cite where it comes from");
    }
    CpbClass c;
    c.family = ParseFamily(fields[3], line_number);
    c.cpb_low = ParseCpb(fields[4], "cpb_low", line_number);
    c.cpb_high = ParseCpb(fields[5], "cpb_high", line_number);
    if (c.cpb_low > c.cpb_high) {
      Fail(line_number,
           fmt::format("cpb_low {} is greater than cpb_high {}", fields[4], fields[5]));
    }
    if (!seen.emplace(fields[0], fields[1], fields[2]).second) {
      Fail(line_number,
           fmt::format("duplicate class \"{}\" for {} {}", fields[2], fields[0], fields[1]));
    }
    c.algorithm = std::move(fields[0]);
    c.operation = std::move(fields[1]);
    c.name = std::move(fields[2]);
    c.source = std::move(fields[6]);
    if (has_keys) {
      c.releases = std::move(fields[7]);
    }
    c.line = line_number;
    classes.push_back(std::move(c));
  }
  return classes;
}

bool InRelease(const CpbClass& c, const std::optional<LibraryVersion>& openssl_release) {
  return !openssl_release || c.family == ClassFamily::kHardware ||
         c.release_span.Contains(*openssl_release);
}

std::vector<CpbClass> ParseCpbClasses(std::string_view csv, std::string_view arch) {
  std::vector<CpbClass> classes = ParseCpbClasses(csv);
  for (CpbClass& c : classes) {
    try {
      c.release_span = ReleaseSpanOf(arch, c.releases);
    } catch (const std::runtime_error& e) {
      Fail(c.line, e.what());
    }
  }
  return classes;
}

const std::vector<CpbClass>& CpbClasses() {
  // The embedded text is checked by the unit tests, so a parse failure here is a build defect.
  static const std::vector<CpbClass> kClasses = [] {
    const std::string_view csv = EmbeddedCpbClassesCsv(HostArchitecture());
    return csv.empty() ? std::vector<CpbClass>{} : ParseCpbClasses(csv, HostArchitecture());
  }();
  return kClasses;
}

namespace {

// Sets `result`'s conclusion, hardware and software from its (non-empty) matches.
void Conclude(Fingerprint& result) {
  size_t num_hardware = 0;
  std::set<ClassFamily> software_families;
  for (const CpbClass* c : result.matches) {
    if (c->family == ClassFamily::kHardware) {
      ++num_hardware;
    } else {
      software_families.insert(c->family);
    }
  }
  result.hardware = num_hardware == result.matches.size();
  result.software = num_hardware == 0;
  const std::string names = JoinNames(result.matches);
  if (result.matches.size() == 1) {
    result.conclusion = names;
  } else if (result.hardware) {
    result.conclusion = fmt::format("hardware ({})", names);
  } else if (result.software && software_families.size() == 1) {
    result.conclusion =
        fmt::format("software: {} ({})", ClassFamilyName(*software_families.begin()), names);
  } else if (result.software) {
    result.conclusion = fmt::format("software, class undetermined ({})", names);
  } else {
    result.conclusion = fmt::format("ambiguous: hardware or software ({})", names);
  }
}

}  // namespace

Fingerprint Classify(const std::vector<CpbClass>& classes, std::string_view algorithm,
                     std::string_view operation, double bytes_per_s, double hz_low, double hz_high,
                     const std::function<bool(const CpbClass&)>& keep) {
  Fingerprint result;
  const bool usable = std::isfinite(bytes_per_s) && bytes_per_s > 0 && std::isfinite(hz_low) &&
                      hz_low > 0 && std::isfinite(hz_high) && hz_high >= hz_low;
  if (!usable) {
    result.conclusion = fmt::format(
        "no cpb (need throughput > 0 and 0 < hz_low <= hz_high; got {} bytes/s, {}-{} Hz)",
        bytes_per_s, hz_low, hz_high);
    return result;
  }
  result.cpb_low = hz_low / bytes_per_s;
  result.cpb_high = hz_high / bytes_per_s;

  std::vector<const CpbClass*> candidates;
  for (const CpbClass& c : classes) {
    if (c.algorithm == algorithm && c.operation == operation && (!keep || keep(c))) {
      candidates.push_back(&c);
    }
  }
  if (candidates.empty()) {
    result.conclusion =
        fmt::format("no known class (no reference ranges for {} {})", algorithm, operation);
    return result;
  }
  for (const CpbClass* c : candidates) {
    if (result.cpb_high >= WidenedLow(*c) && result.cpb_low <= WidenedHigh(*c)) {
      result.matches.push_back(c);
    }
  }
  if (result.matches.empty()) {
    result.conclusion = NoMatchConclusion(candidates, result.cpb_low, result.cpb_high);
    return result;
  }

  Conclude(result);
  return result;
}

Fingerprint WithoutHardware(Fingerprint fp) {
  const bool had_hardware = !fp.software && !fp.matches.empty();
  std::erase_if(fp.matches, [](const CpbClass* c) { return c->family == ClassFamily::kHardware; });
  if (!had_hardware) {
    return fp;
  }
  if (fp.matches.empty()) {
    fp.hardware = false;
    fp.conclusion = "no software class fits (only hardware classes, which the CPU lacks)";
    return fp;
  }
  Conclude(fp);
  return fp;
}

}  // namespace cryptobench::diagnose
