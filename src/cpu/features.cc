// CPU feature detection: CPUID/XGETBV decoding on x86-64, HWCAP decoding on AArch64, and the
// recorded-dump source that lets tests replay other machines.
#include "cpu/features.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

#include <sys/utsname.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif
#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace cryptobench::cpu {
namespace {

bool BitSet(uint64_t value, unsigned bit) { return ((value >> bit) & 1u) != 0; }

// ---- Recorded dumps ----------------------------------------------------------------------

std::string_view Trim(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n\v\f";
  const size_t begin = text.find_first_not_of(kSpace);
  if (begin == std::string_view::npos) {
    return {};
  }
  const size_t end = text.find_last_not_of(kSpace);
  return text.substr(begin, end - begin + 1);
}

std::vector<std::string_view> SplitWords(std::string_view text) {
  std::vector<std::string_view> words;
  constexpr std::string_view kSpace = " \t\r\v\f";
  size_t pos = 0;
  while ((pos = text.find_first_not_of(kSpace, pos)) != std::string_view::npos) {
    const size_t end = text.find_first_of(kSpace, pos);
    words.push_back(text.substr(pos, end == std::string_view::npos ? end : end - pos));
    pos = end;
  }
  return words;
}

// Parses one hex number, with or without a "0x" prefix, that fits in `max`.
std::optional<uint64_t> ParseHex(std::string_view word, uint64_t max) {
  if (word.size() > 2 && word[0] == '0' && (word[1] == 'x' || word[1] == 'X')) {
    word.remove_prefix(2);
  }
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value, 16);
  if (word.empty() || ec != std::errc() || end != word.data() + word.size() || value > max) {
    return std::nullopt;
  }
  return value;
}

[[noreturn]] void ThrowMalformed(size_t line_number, std::string_view line, const char* why) {
  throw std::runtime_error("cpuid dump line " + std::to_string(line_number) + " (" +
                           std::string(line) + "): " + why);
}

// ---- x86 decoding ------------------------------------------------------------------------

enum class Reg { kEbx, kEcx };

// Register state a feature's instructions need the OS to save (XCR0), beyond SSE.
enum class State { kNone, kYmm, kZmm };

struct X86FeatureBit {
  const char* name;
  uint32_t leaf;  // subleaf is 0 for every feature listed
  Reg reg;
  unsigned bit;
  State state;
};

// Bit positions: Intel SDM vol. 2A, CPUID, tables "Feature Information Returned in the ECX
// Register" (leaf 1) and "Structured Extended Feature Flags Enumeration Leaf" (leaf 7.0);
// cross-checked against GCC's <cpuid.h> bit_* constants. VAES and VPCLMULQDQ have VEX-256
// forms, so they need YMM state only.
constexpr X86FeatureBit kX86Features[] = {
    {"AES-NI", 1, Reg::kEcx, 25, State::kNone},   {"PCLMULQDQ", 1, Reg::kEcx, 1, State::kNone},
    {"SSSE3", 1, Reg::kEcx, 9, State::kNone},     {"AVX", 1, Reg::kEcx, 28, State::kYmm},
    {"AVX2", 7, Reg::kEbx, 5, State::kYmm},       {"AVX-512F", 7, Reg::kEbx, 16, State::kZmm},
    {"AVX-512VL", 7, Reg::kEbx, 31, State::kZmm}, {"AVX-512BW", 7, Reg::kEbx, 30, State::kZmm},
    {"AVX-512DQ", 7, Reg::kEbx, 17, State::kZmm}, {"AVX-512IFMA", 7, Reg::kEbx, 21, State::kZmm},
    {"VAES", 7, Reg::kEcx, 9, State::kYmm},       {"VPCLMULQDQ", 7, Reg::kEcx, 10, State::kYmm},
    {"SHA-NI", 7, Reg::kEbx, 29, State::kNone},   {"ADX", 7, Reg::kEbx, 19, State::kNone},
    {"BMI1", 7, Reg::kEbx, 3, State::kNone},      {"BMI2", 7, Reg::kEbx, 8, State::kNone},
    {"MOVBE", 1, Reg::kEcx, 22, State::kNone},
};

constexpr unsigned kHypervisorBit = 31;  // CPUID.1:ECX[31], reserved for hypervisors
constexpr unsigned kHybridBit = 15;      // CPUID.(EAX=7,ECX=0):EDX[15], "Hybrid" (Intel SDM 2A)
constexpr unsigned kOsxsaveBit = 27;     // CPUID.1:ECX[27]: the OS set CR4.OSXSAVE
// XCR0 bits (Intel SDM vol. 1, 13.1 "XSAVE-supported features and state-component bitmaps"):
// 1 SSE, 2 AVX (upper YMM), 5 opmask, 6 ZMM_Hi256, 7 Hi16_ZMM.
constexpr uint64_t kXcr0YmmState = 0x6;
constexpr uint64_t kXcr0ZmmState = 0xE6;

void AppendRegister(std::string& out, uint32_t reg) {
  for (unsigned shift = 0; shift < 32; shift += 8) {
    out.push_back(static_cast<char>((reg >> shift) & 0xFF));
  }
}

std::string BrandString(const CpuidSource& source) {
  const uint32_t max_extended = source.Cpuid(0x80000000u, 0).eax;
  if ((max_extended & 0x80000000u) == 0 || max_extended < 0x80000004u) {
    return "";
  }
  std::string raw;
  for (uint32_t leaf = 0x80000002u; leaf <= 0x80000004u; ++leaf) {
    const CpuidRegs regs = source.Cpuid(leaf, 0);
    for (uint32_t reg : {regs.eax, regs.ebx, regs.ecx, regs.edx}) {
      AppendRegister(raw, reg);
    }
  }
  // The 48 bytes are NUL-terminated and often padded with spaces on either side.
  raw.resize(raw.find('\0') == std::string::npos ? raw.size() : raw.find('\0'));
  return std::string(Trim(raw));
}

}  // namespace

// ---- RealCpuidSource ---------------------------------------------------------------------

CpuidRegs RealCpuidSource::Cpuid(uint32_t leaf, uint32_t subleaf) const {
  CpuidRegs regs;
#if defined(__x86_64__)
  __cpuid_count(leaf, subleaf, regs.eax, regs.ebx, regs.ecx, regs.edx);
#else
  (void)leaf;
  (void)subleaf;
#endif
  return regs;
}

uint64_t RealCpuidSource::Xgetbv(uint32_t index) const {
#if defined(__x86_64__)
  uint32_t low = 0;
  uint32_t high = 0;
  // Inline asm rather than _xgetbv(), which would need the whole file built with -mxsave.
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(index));
  return (static_cast<uint64_t>(high) << 32) | low;
#else
  (void)index;
  return 0;
#endif
}

bool RealCpuidSource::Available() const {
#if defined(__x86_64__)
  return true;  // every x86-64 CPU has CPUID
#else
  return false;
#endif
}

// ---- RecordedCpuidSource -----------------------------------------------------------------

RecordedCpuidSource::RecordedCpuidSource(std::string_view dump) {
  size_t line_number = 0;
  while (!dump.empty()) {
    const size_t newline = dump.find('\n');
    std::string_view line = dump.substr(0, newline);
    dump.remove_prefix(newline == std::string_view::npos ? dump.size() : newline + 1);
    ++line_number;
    const std::string_view content = line.substr(0, line.find('#'));
    const std::vector<std::string_view> words = SplitWords(content);
    if (words.empty()) {
      continue;
    }
    if (words[0] == "cpuid") {
      if (words.size() != 7) {
        ThrowMalformed(line_number, line, "expected: cpuid LEAF SUBLEAF EAX EBX ECX EDX");
      }
      uint32_t values[6];
      for (size_t i = 0; i < 6; ++i) {
        const std::optional<uint64_t> value = ParseHex(words[i + 1], 0xFFFFFFFFu);
        if (!value) {
          ThrowMalformed(line_number, line, "not a 32-bit hex number");
        }
        values[i] = static_cast<uint32_t>(*value);
      }
      entries_.push_back({values[0], values[1], {values[2], values[3], values[4], values[5]}});
    } else if (words[0] == "xgetbv") {
      if (words.size() != 3) {
        ThrowMalformed(line_number, line, "expected: xgetbv INDEX VALUE");
      }
      const std::optional<uint64_t> index = ParseHex(words[1], 0xFFFFFFFFu);
      const std::optional<uint64_t> value = ParseHex(words[2], UINT64_MAX);
      if (!index || !value) {
        ThrowMalformed(line_number, line, "not a hex number");
      }
      xcr_.emplace_back(static_cast<uint32_t>(*index), *value);
    } else {
      ThrowMalformed(line_number, line, "unknown record (want cpuid or xgetbv)");
    }
  }
}

CpuidRegs RecordedCpuidSource::Cpuid(uint32_t leaf, uint32_t subleaf) const {
  for (const Entry& entry : entries_) {
    if (entry.leaf == leaf && entry.subleaf == subleaf) {
      return entry.regs;
    }
  }
  return {};
}

uint64_t RecordedCpuidSource::Xgetbv(uint32_t index) const {
  for (const auto& [xcr, value] : xcr_) {
    if (xcr == index) {
      return value;
    }
  }
  return 0;
}

// ---- CpuFeatures -------------------------------------------------------------------------

const FeatureState* CpuFeatures::Find(std::string_view name) const {
  for (const FeatureState& feature : features) {
    if (feature.name == name) {
      return &feature;
    }
  }
  return nullptr;
}

bool CpuFeatures::Usable(std::string_view name) const {
  const FeatureState* feature = Find(name);
  return feature != nullptr && feature->usable();
}

// ---- Detection ---------------------------------------------------------------------------

CpuFeatures DetectX86Features(const CpuidSource& source) {
  CpuFeatures out;
  out.arch = "x86_64";
  if (!source.Available()) {
    return out;
  }
  const CpuidRegs leaf0 = source.Cpuid(0, 0);
  const uint32_t max_leaf = leaf0.eax;
  // The vendor string is spelled across EBX, EDX, ECX in that order.
  for (uint32_t reg : {leaf0.ebx, leaf0.edx, leaf0.ecx}) {
    AppendRegister(out.vendor, reg);
  }
  out.vendor.resize(out.vendor.find('\0') == std::string::npos ? out.vendor.size()
                                                               : out.vendor.find('\0'));
  out.brand = BrandString(source);

  const CpuidRegs leaf1 = max_leaf >= 1 ? source.Cpuid(1, 0) : CpuidRegs{};
  const CpuidRegs leaf7 = max_leaf >= 7 ? source.Cpuid(7, 0) : CpuidRegs{};

  // Display family/model: Intel SDM vol. 2A, CPUID, "Feature Information" (EAX of leaf 1).
  const uint32_t stepping = leaf1.eax & 0xF;
  const uint32_t base_model = (leaf1.eax >> 4) & 0xF;
  const uint32_t base_family = (leaf1.eax >> 8) & 0xF;
  const uint32_t extended_model = (leaf1.eax >> 16) & 0xF;
  const uint32_t extended_family = (leaf1.eax >> 20) & 0xFF;
  out.family = base_family == 0xF ? base_family + extended_family : base_family;
  out.model =
      (base_family == 0x6 || base_family == 0xF) ? (extended_model << 4) + base_model : base_model;
  out.stepping = stepping;
  out.hypervisor = BitSet(leaf1.ecx, kHypervisorBit);
  out.hybrid = BitSet(leaf7.edx, kHybridBit);

  // XGETBV faults unless the OS enabled XSAVE; without it no AVX state is saved at all.
  if (BitSet(leaf1.ecx, kOsxsaveBit)) {
    out.xcr0 = source.Xgetbv(0);
  }
  const bool ymm_enabled = (out.xcr0 & kXcr0YmmState) == kXcr0YmmState;
  const bool zmm_enabled = (out.xcr0 & kXcr0ZmmState) == kXcr0ZmmState;

  for (const X86FeatureBit& bit : kX86Features) {
    const CpuidRegs& regs = bit.leaf == 1 ? leaf1 : leaf7;
    FeatureState state;
    state.name = bit.name;
    state.supported = BitSet(bit.reg == Reg::kEbx ? regs.ebx : regs.ecx, bit.bit);
    switch (bit.state) {
      case State::kNone:
        state.os_enabled = true;
        break;
      case State::kYmm:
        state.os_enabled = ymm_enabled;
        break;
      case State::kZmm:
        state.os_enabled = zmm_enabled;
        break;
    }
    out.features.push_back(std::move(state));
  }
  return out;
}

CpuFeatures DetectAarch64Features(uint64_t hwcap, uint64_t hwcap2) {
  // AT_HWCAP bits from Linux arch/arm64/include/uapi/asm/hwcap.h. None of the crypto features
  // we report lives in AT_HWCAP2 (SVE2 crypto extensions do, but no library we load uses them).
  (void)hwcap2;
  struct HwcapBit {
    const char* name;
    unsigned bit;
  };
  constexpr HwcapBit kHwcapBits[] = {
      {"AES", 3}, {"PMULL", 4}, {"SHA1", 5}, {"SHA2", 6}, {"SHA512", 21}, {"SHA3", 17},
  };
  CpuFeatures out;
  out.arch = "aarch64";
  for (const HwcapBit& bit : kHwcapBits) {
    // The kernel only reports a HWCAP when the instructions are usable from EL0.
    out.features.push_back({bit.name, BitSet(hwcap, bit.bit), true});
  }
  return out;
}

CpuFeatures DetectCpuFeatures() {
#if defined(__x86_64__)
  return DetectX86Features(RealCpuidSource());
#elif defined(__aarch64__) && defined(__linux__)
  return DetectAarch64Features(getauxval(AT_HWCAP), getauxval(AT_HWCAP2));
#else
  CpuFeatures out;
  struct utsname names {};
  out.arch = uname(&names) == 0 ? names.machine : "unknown";
  return out;
#endif
}

}  // namespace cryptobench::cpu

namespace cryptobench::cpu {

std::string DetectVirtualization(const CpuidSource& source) {
  if (!source.Available()) {
    return "unknown";
  }
  const CpuidRegs leaf0 = source.Cpuid(0, 0);
  const CpuidRegs leaf1 = leaf0.eax >= 1 ? source.Cpuid(1, 0) : CpuidRegs{};
  if (!BitSet(leaf1.ecx, kHypervisorBit)) {
    return "none";
  }
  // The hypervisor's vendor signature, in EBX, ECX, EDX (KVM's is 9 bytes, NUL-padded).
  const CpuidRegs leaf = source.Cpuid(0x40000000, 0);
  std::string signature;
  for (uint32_t reg : {leaf.ebx, leaf.ecx, leaf.edx}) {
    AppendRegister(signature, reg);
  }
  signature.resize(std::min(signature.size(), signature.find('\0')));
  static constexpr std::pair<std::string_view, std::string_view> kSignatures[] = {
      {"KVMKVMKVM", "kvm"},       {"LKVMLKVMLKVM", "kvm"},         {"Microsoft Hv", "hyperv"},
      {"VMwareVMware", "vmware"}, {"XenVMMXenVMM", "xen"},         {"TCGTCGTCGTCG", "qemu-tcg"},
      {"bhyve bhyve ", "bhyve"},  {"OpenBSDVMM58", "openbsd-vmm"},
  };
  for (const auto& [known, name] : kSignatures) {
    if (signature == known) {
      return std::string(name);
    }
  }
  return "hypervisor";
}

std::string DetectMachineVirtualization() {
#if defined(__x86_64__)
  return DetectVirtualization(RealCpuidSource());
#else
  return "unknown";
#endif
}

std::string UsableFeatureList(const CpuFeatures& features) {
  std::string out;
  for (const FeatureState& feature : features.features) {
    if (feature.usable()) {
      out += out.empty() ? "" : " ";
      out += feature.name;
    }
  }
  return out;
}

}  // namespace cryptobench::cpu
