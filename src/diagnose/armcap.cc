// OPENSSL_armcap bits and values (armcap.h).
#include "diagnose/armcap.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include <fmt/format.h>

#include "core/elf_target.h"

#include "diagnose/ia32cap.h"

namespace cryptobench::diagnose {
namespace {

constexpr std::string_view kLayout30 =
    "crypto/arm_arch.h, openssl/openssl 0029f786658229b15f98741a336e8091305cbf15";
constexpr std::string_view kLayoutMaster = "crypto/arm_arch.h on master (cpb-reference.md sec. 3)";

}  // namespace

const std::vector<ArmcapBit>& KnownArmcapBits() {
  static const std::vector<ArmcapBit> bits = {
      {"NEON", 1u << 0, "ARMV7_NEON", kLayout30},
      {"AES", 1u << 2, "ARMV8_AES", kLayout30},
      {"SHA1", 1u << 3, "ARMV8_SHA1", kLayout30},
      {"SHA2", 1u << 4, "ARMV8_SHA256", kLayout30},
      {"PMULL", 1u << 5, "ARMV8_PMULL", kLayout30},
      {"SHA512", 1u << 6, "ARMV8_SHA512", kLayout30},
      {"SM3", 1u << 9, "ARMV8_SM3", kLayoutMaster},
      {"SM4", 1u << 10, "ARMV8_SM4", kLayoutMaster},
      {"SHA3", 1u << 11, "ARMV8_SHA3", kLayoutMaster},
  };
  return bits;
}

std::optional<uint32_t> ParseArmcapCpuInfo(std::string_view text) {
  constexpr std::string_view kPrefix = "CPUINFO: ";
  constexpr std::string_view kName = "OPENSSL_armcap=0x";
  if (text.starts_with(kPrefix)) {
    text.remove_prefix(kPrefix.size());
  }
  if (!text.starts_with(kName)) {
    return std::nullopt;
  }
  text.remove_prefix(kName.size());
  uint64_t value = 0;
  size_t digits = 0;
  for (; digits < text.size(); ++digits) {
    const char c = text[digits];
    int v = -1;
    if (c >= '0' && c <= '9') {
      v = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      v = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      v = c - 'A' + 10;
    } else {
      break;
    }
    value = value * 16 + static_cast<uint64_t>(v);
    if (value > 0xffffffffu) {
      return std::nullopt;
    }
  }
  if (digits == 0 || (digits < text.size() && text[digits] != ' ')) {
    return std::nullopt;
  }
  return static_cast<uint32_t>(value);
}

std::string ArmcapClearing(uint32_t detected, const std::vector<std::string>& names) {
  uint32_t value = detected;
  for (const ArmcapBit& bit : KnownArmcapBits()) {
    if (std::find(names.begin(), names.end(), bit.name) != names.end()) {
      value &= ~bit.mask;
    }
  }
  return fmt::format("{:#x}", value);
}

std::vector<std::string> ArmcapMaskedFeatures(uint32_t detected, const std::string& env_value) {
  const auto value = static_cast<uint32_t>(std::strtoul(env_value.c_str(), nullptr, 0));
  std::vector<std::string> masked;
  for (const ArmcapBit& bit : KnownArmcapBits()) {
    if ((detected & bit.mask) != 0 && (value & bit.mask) == 0) {
      masked.emplace_back(bit.name);
    }
  }
  return masked;
}

std::optional<std::string> ArmcapValueProblem(std::string_view value) {
  const std::string text(value);
  bool whole_number = !text.empty() && std::isdigit(static_cast<unsigned char>(text[0])) != 0;
  unsigned long long number = 0;
  if (whole_number) {
    errno = 0;
    char* end = nullptr;
    number = std::strtoull(text.c_str(), &end, 0);
    whole_number = errno == 0 && end != nullptr && *end == '\0';
  }
  if (!whole_number || number > 0xffffffffULL) {
    return fmt::format(
        "OPENSSL_armcap value \"{}\": expected a 32-bit unsigned number such as 0xf9 (OpenSSL "
        "replaces its capability word with it, and reads text that is no such number as 0 or "
        "truncated)",
        text);
  }
  return std::nullopt;
}

std::optional<std::string> CapabilityValueProblem(std::string_view variable,
                                                  std::string_view value) {
  if (variable == "OPENSSL_ia32cap") {
    return Ia32capValueProblem(value);
  }
  if (variable == "OPENSSL_armcap") {
    return ArmcapValueProblem(value);
  }
  return std::nullopt;
}

std::optional<std::string> ForeignCapabilityVariable(std::string_view variable,
                                                     std::string_view arch) {
  const bool x86 = arch == "x86_64" || arch == "i386" || arch == "x32";
  const bool arm = arch == "aarch64" || arch == "arm";
  const std::string_view own = x86 ? "OPENSSL_ia32cap" : arm ? "OPENSSL_armcap" : "";
  const bool foreign =
      (x86 && variable == "OPENSSL_armcap") || (arm && variable == "OPENSSL_ia32cap");
  if (!foreign) {
    return std::nullopt;
  }
  return fmt::format(
      "OpenSSL reads {} only on {}; this cryptobench runs {} code, where it has "
      "no effect (the variable here is {})",
      variable, variable == "OPENSSL_armcap" ? "Arm" : "x86", arch, own);
}

std::optional<std::string> EnvCapabilityProblem(std::string_view variable, std::string_view value) {
  if (std::optional<std::string> problem = CapabilityValueProblem(variable, value)) {
    return problem;
  }
  const std::optional<ElfTarget> self = ThisProgramElfTarget();
  return self ? ForeignCapabilityVariable(variable, ElfTargetName(*self)) : std::nullopt;
}

uint32_t ArmcapFromFeatureNames(const std::vector<std::string>& usable) {
  uint32_t value = 1u << 0;  // NEON: Advanced SIMD is mandatory in AArch64
  for (const ArmcapBit& bit : KnownArmcapBits()) {
    if (std::find(usable.begin(), usable.end(), bit.name) != usable.end()) {
      value |= bit.mask;
    }
  }
  return value;
}

}  // namespace cryptobench::diagnose
