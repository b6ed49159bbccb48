// OPENSSL_ia32cap bit names, CPUINFO parsing and the environment-variable rules of
// crypto/cpuid.c (cpb-reference.md, section 2).
#include "diagnose/ia32cap.h"

#include <cerrno>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "results/cpuinfo_vectors.h"

namespace cryptobench::diagnose {
namespace {

constexpr int kNumVectors = 5;

// LV0 bit 10: crypto/cpuid.c ORs it in after every setup as an "initialised" marker.
constexpr uint64_t kInitialisedMarker = uint64_t{1} << 10;
// LV0 bit 24 (FXSR). "~" on it also clears the XMM-only features PCLMULQDQ (33), XOP (43),
// AES-NI (57) and AVX (60): crypto/cpuid.c:114-124.
constexpr uint64_t kFxsr = uint64_t{1} << 24;
constexpr uint64_t kXmmOnly =
    (uint64_t{1} << 33) | (uint64_t{1} << 43) | (uint64_t{1} << 57) | (uint64_t{1} << 60);
// LV3 bit 19 = AVX10; when clear, P[9] (upper half of LV4, AVX10 details) is zeroed
// (crypto/cpuid.c:157-159).
constexpr uint64_t kAvx10 = uint64_t{1} << 19;

struct BitSpec {
  std::string_view name;
  int vector;
  int bit;
};

// Pod lines: doc/man3/OPENSSL_ia32cap.pod at master dc8a9299 (cpb-reference.md, 2.2).
constexpr BitSpec kBits[] = {
    {"PCLMULQDQ", 0, 33},     // pod:58
    {"SSSE3", 0, 41},         // pod:60
    {"XOP", 0, 43},           // pod:62 (AMD only; forced 0 elsewhere)
    {"MOVBE", 0, 54},         // pod:64
    {"AES-NI", 0, 57},        // pod:66
    {"AVX", 0, 60},           // pod:73
    {"BMI1", 1, 3},           // pod:87
    {"AVX2", 1, 5},           // pod:89
    {"BMI2", 1, 8},           // pod:91-92
    {"AVX-512F", 1, 16},      // pod:94
    {"AVX-512DQ", 1, 17},     // pod:96
    {"ADX", 1, 19},           // pod:100
    {"AVX-512IFMA", 1, 21},   // pod:102
    {"SHA-NI", 1, 29},        // pod:104
    {"AVX-512BW", 1, 30},     // pod:106
    {"AVX-512VL", 1, 31},     // pod:108
    {"AVX-512VBMI2", 1, 38},  // CPUID.7.0:ECX bit 6; not in the pod, aesni-xts-avx512.pl:1115-1119
    {"VAES", 1, 41},          // pod:110
    {"VPCLMULQDQ", 1, 42},    // pod:112
    {"SHA512", 2, 32},        // pod:128 (SHA512 extensions)
    {"AVX-IFMA", 2, 55},      // pod:134
};

// Parses a whole field as an unsigned number in decimal, octal or hex (strtoull base 0,
// as crypto/cpuid.c's ossl_strtouint64 accepts), but rejects what OpenSSL would silently
// truncate: signs, spaces, trailing characters, overflow.
uint64_t ParseNumber(std::string_view field, std::string_view whole) {
  auto fail = [&](std::string_view why) {
    return std::invalid_argument(
        fmt::format("OPENSSL_ia32cap value \"{}\": {} in field \"{}\"", whole, why, field));
  };
  if (field.empty() || field[0] < '0' || field[0] > '9') {
    throw fail("expected a number");
  }
  const std::string text(field);
  errno = 0;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 0);
  if (errno == ERANGE) {
    throw fail("number out of 64-bit range");
  }
  if (end != text.c_str() + text.size()) {
    throw fail("malformed number");
  }
  return value;
}

EnvField ParseField(std::string_view field, std::string_view whole) {
  if (!field.empty() && field[0] == '~') {
    return {EnvField::Kind::kClear, ParseNumber(field.substr(1), whole)};
  }
  return {EnvField::Kind::kReplace, ParseNumber(field, whole)};
}

bool IsHexDigit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool ConsumePrefix(std::string_view& text, std::string_view prefix) {
  if (text.substr(0, prefix.size()) != prefix) {
    return false;
  }
  text.remove_prefix(prefix.size());
  return true;
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void SkipSpaces(std::string_view& text) {
  while (!text.empty() && IsSpace(text.front())) {
    text.remove_prefix(1);
  }
}

}  // namespace

const std::vector<CapabilityBit>& KnownCapabilityBits() {
  static const std::vector<CapabilityBit> bits = [] {
    std::vector<CapabilityBit> out;
    for (const BitSpec& spec : kBits) {
      out.push_back({spec.name, spec.vector, uint64_t{1} << spec.bit});
    }
    return out;
  }();
  return bits;
}

std::optional<CapabilityVector> ParseCpuInfoVector(std::string_view text) {
  SkipSpaces(text);
  if (ConsumePrefix(text, "CPUINFO:")) {
    SkipSpaces(text);
  }
  if (results::Ia32capVectorCut(text)) {
    return std::nullopt;  // one word after the name: a line cut short (crypto/info.c)
  }
  ConsumePrefix(text, "OPENSSL_ia32cap=");
  CapabilityVector vec{};
  for (int lv = 0;; ++lv) {
    if (lv == kNumVectors) {
      return std::nullopt;  // a sixth word: not a format OpenSSL prints
    }
    if (!ConsumePrefix(text, "0x") && !ConsumePrefix(text, "0X")) {
      return std::nullopt;
    }
    size_t digits = 0;
    uint64_t value = 0;
    while (digits < text.size() && IsHexDigit(text[digits])) {
      const char c = text[digits];
      const int nibble = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
      value = (value << 4) | static_cast<uint64_t>(nibble);
      ++digits;
    }
    if (digits == 0 || digits > 16) {
      return std::nullopt;
    }
    vec[static_cast<size_t>(lv)] = value;
    text.remove_prefix(digits);
    if (!ConsumePrefix(text, ":")) {
      break;
    }
  }
  // Only whitespace (then e.g. "env:...") may follow the last word.
  if (!text.empty() && !IsSpace(text.front())) {
    return std::nullopt;
  }
  return vec;
}

std::array<EnvField, 5> ParseIa32capEnv(std::string_view value, int num_library_vectors) {
  if (num_library_vectors != 2 && num_library_vectors != kNumVectors) {
    throw std::invalid_argument(
        fmt::format("num_library_vectors must be 2 or 5, got {}", num_library_vectors));
  }
  std::vector<std::string_view> fields;
  for (std::string_view rest = value;;) {
    const size_t colon = rest.find(':');
    fields.push_back(rest.substr(0, colon));
    if (colon == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(colon + 1);
  }
  for (size_t i = kNumVectors; i < fields.size(); ++i) {
    if (!fields[i].empty()) {
      throw std::invalid_argument(fmt::format(
          "OPENSSL_ia32cap value \"{}\": more than five fields (\"{}\")", value, fields[i]));
    }
  }

  std::array<EnvField, 5> out{};  // every field kZeroed until reached
  for (size_t lv = 0; lv < fields.size() && lv < kNumVectors; ++lv) {
    const bool followed_by_colon = lv + 1 < fields.size();
    if (!fields[lv].empty()) {
      // Parsed even where the library ignores it (LV2+ on 3.0), so typos still surface.
      const EnvField field = ParseField(fields[lv], value);
      if (lv < static_cast<size_t>(num_library_vectors)) {
        out[lv] = field;
      }
    } else if (followed_by_colon && (lv == 0 || num_library_vectors == kNumVectors)) {
      out[lv].kind = EnvField::Kind::kKeep;
    }
    // else: empty and last (or LV1 on 3.0, which parses "" as 0): stays kZeroed.
  }
  return out;
}

CapabilityVector ApplyIa32capEnv(const CapabilityVector& detected,
                                 const std::array<EnvField, 5>& fields) {
  // A plain (or empty) LV0 means OPENSSL_ia32_cpuid() never runs, so P[2..9] keep their
  // zero initialisation: "keep" and "~X" on LV1+ then act on 0 (crypto/cpuid.c:106-127).
  const bool cpuid_run =
      fields[0].kind == EnvField::Kind::kKeep || fields[0].kind == EnvField::Kind::kClear;
  CapabilityVector out{};
  for (size_t lv = 0; lv < out.size(); ++lv) {
    const uint64_t base = (lv == 0 || cpuid_run) ? detected[lv] : 0;
    const EnvField& field = fields[lv];
    switch (field.kind) {
      case EnvField::Kind::kKeep:
        out[lv] = base;
        break;
      case EnvField::Kind::kClear:
        out[lv] = base & ~field.value;
        if (lv == 0 && (field.value & kFxsr) != 0) {
          out[lv] &= ~kXmmOnly;
        }
        break;
      case EnvField::Kind::kReplace:
        out[lv] = field.value;
        break;
      case EnvField::Kind::kZeroed:
        out[lv] = 0;
        break;
    }
  }
  if ((out[3] & kAvx10) == 0) {
    out[4] &= 0xffffffffu;
  }
  out[0] |= kInitialisedMarker;
  return out;
}

std::vector<std::string> MaskedFeatures(const CapabilityVector& detected,
                                        std::string_view env_value, int num_library_vectors) {
  const CapabilityVector effective =
      ApplyIa32capEnv(detected, ParseIa32capEnv(env_value, num_library_vectors));
  std::vector<std::string> names;
  for (const CapabilityBit& bit : KnownCapabilityBits()) {
    const auto lv = static_cast<size_t>(bit.vector);
    if ((detected[lv] & bit.mask) != 0 && (effective[lv] & bit.mask) == 0) {
      names.emplace_back(bit.name);
    }
  }
  return names;
}

std::string MaskClearing(const std::vector<std::string>& bit_names) {
  CapabilityVector masks{};
  for (const std::string& name : bit_names) {
    const CapabilityBit* found = nullptr;
    for (const CapabilityBit& bit : KnownCapabilityBits()) {
      if (bit.name == name) {
        found = &bit;
        break;
      }
    }
    if (found == nullptr) {
      throw std::invalid_argument(fmt::format("unknown OPENSSL_ia32cap bit name \"{}\"", name));
    }
    masks[static_cast<size_t>(found->vector)] |= found->mask;
  }
  std::string out;
  for (size_t lv = 0; lv < masks.size(); ++lv) {
    if (lv > 0) {
      out += ':';
    }
    // "~0" clears nothing but, unlike an empty field, keeps the word on 3.0 as well.
    out += masks[lv] == 0 ? std::string("~0") : fmt::format("~{:#x}", masks[lv]);
  }
  return out;
}

std::optional<std::string> Ia32capValueProblem(std::string_view value) {
  constexpr const char* kExample = "OPENSSL_ia32cap='~0x200000000000000:~0x60000000000:~0:~0:~0'";
  if (value.find('/') != std::string_view::npos) {
    return fmt::format(
        "holds a '/': the shell expanded an unquoted '~' into a directory; quote the value, "
        "e.g. {}",
        kExample);
  }
  // OpenSSL reads an empty value or word as 0: every capability in it off, seldom what is meant.
  // An empty first word before a ':' is its own form (LV0 kept as detected, ":~0x20000000").
  std::vector<std::string_view> words;
  for (size_t start = 0;;) {
    const size_t colon = value.find(':', start);
    words.push_back(
        value.substr(start, colon == std::string_view::npos ? value.npos : colon - start));
    if (colon == std::string_view::npos) {
      break;
    }
    start = colon + 1;
  }
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i].empty() && !(i == 0 && words.size() > 1)) {
      return fmt::format(
          "has an empty word, which OpenSSL reads as 0 (every capability in it off); write 0 to "
          "clear a word and ~0 to keep it, e.g. {}",
          kExample);
    }
  }
  try {
    ParseIa32capEnv(value);
  } catch (const std::invalid_argument& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace cryptobench::diagnose
