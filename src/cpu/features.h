// CPU features that crypto code dispatches on, with OS support for their register state.
// x86-64: CPUID + XGETBV; AArch64: HWCAP bits. All hardware reads go through CpuidSource so
// tests replay recorded dumps (tests/fixtures/cpuid/).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cryptobench::cpu {

/// Registers returned by one CPUID query.
struct CpuidRegs {
  uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
};

/// Seam for the instructions that report CPU features.
class CpuidSource {
 public:
  virtual ~CpuidSource() = default;
  /// CPUID(leaf, subleaf). Only called when Available().
  virtual CpuidRegs Cpuid(uint32_t leaf, uint32_t subleaf) const = 0;
  /// XGETBV(index); only called when CPUID.1:ECX.OSXSAVE is set.
  virtual uint64_t Xgetbv(uint32_t index) const = 0;
  /// False on architectures without CPUID.
  virtual bool Available() const = 0;
};

/// Executes the real instructions (x86-64); Available() is false elsewhere.
class RealCpuidSource : public CpuidSource {
 public:
  CpuidRegs Cpuid(uint32_t leaf, uint32_t subleaf) const override;
  uint64_t Xgetbv(uint32_t index) const override;
  bool Available() const override;
};

/// Replays a recorded dump. Format (one query per line, '#' comments):
///   cpuid LEAF SUBLEAF EAX EBX ECX EDX      (hex, e.g. "cpuid 0x7 0x0 0x0 0xf1bf07ab ...")
///   xgetbv INDEX VALUE
/// Unlisted queries return zeros. Throws std::runtime_error on a malformed line.
class RecordedCpuidSource : public CpuidSource {
 public:
  explicit RecordedCpuidSource(std::string_view dump);
  CpuidRegs Cpuid(uint32_t leaf, uint32_t subleaf) const override;
  uint64_t Xgetbv(uint32_t index) const override;
  bool Available() const override { return true; }

 private:
  struct Entry {
    uint32_t leaf, subleaf;
    CpuidRegs regs;
  };
  std::vector<Entry> entries_;
  std::vector<std::pair<uint32_t, uint64_t>> xcr_;
};

/// One feature: whether the CPU reports it, and whether the OS saves the register state it
/// needs (XCR0: YMM for AVX/AVX2/VAES-256, ZMM/opmask for AVX-512). Usable = both.
struct FeatureState {
  std::string name;        ///< "AES-NI", "PCLMULQDQ", "SSSE3", "AVX", "AVX2", "AVX-512F",
                           ///< "AVX-512VL", "AVX-512BW", "AVX-512DQ", "AVX-512IFMA", "VAES",
                           ///< "VPCLMULQDQ", "SHA-NI", "ADX", "BMI1", "BMI2", "MOVBE";
                           ///< AArch64: "AES", "PMULL", "SHA1", "SHA2", "SHA512", "SHA3"
  bool supported = false;  ///< CPUID / HWCAP says the CPU has it
  bool os_enabled = true;  ///< the OS enables the needed register state (XCR0)
  bool usable() const { return supported && os_enabled; }
};

/// What doctor reports about the CPU.
struct CpuFeatures {
  std::string arch;                              ///< "x86_64", "aarch64", or other
  std::string vendor;                            ///< "GenuineIntel", "AuthenticAMD", ...
  std::string brand;                             ///< CPUID brand string (0x80000002-4), trimmed
  uint32_t family = 0, model = 0, stepping = 0;  ///< display family/model (extended fields applied)
  bool hypervisor = false;                       ///< CPUID.1:ECX bit 31
  /// CPUID.7.0:EDX bit 15: cores of two types (Alder Lake and later client parts: P- and
  /// E-cores) that run at different clocks.
  bool hybrid = false;
  uint64_t xcr0 = 0;  ///< XGETBV(0), 0 if unavailable
  std::vector<FeatureState> features;

  /// The named feature (FeatureState::name), or nullptr.
  const FeatureState* Find(std::string_view name) const;
  /// True if the named feature exists and is usable.
  bool Usable(std::string_view name) const;
};

/// Decodes x86 features from CPUID/XGETBV (Intel SDM vol. 2A, CPUID; AMD APM vol. 3).
CpuFeatures DetectX86Features(const CpuidSource& source);

/// Decodes AArch64 features from AT_HWCAP / AT_HWCAP2 (Linux arch/arm64/include/uapi/asm/hwcap.h).
CpuFeatures DetectAarch64Features(uint64_t hwcap, uint64_t hwcap2);

/// Features of the machine this runs on.
CpuFeatures DetectCpuFeatures();

/// The hypervisor the machine runs under, by the vendor signature of CPUID leaf 0x40000000
/// (EBX, ECX, EDX), the range CPUID reserves for hypervisors when CPUID.1:ECX bit 31 is set:
/// "none" when that bit is clear; "kvm" (KVMKVMKVM, LKVMLKVMLKVM), "hyperv" (Microsoft Hv),
/// "vmware" (VMwareVMware), "xen" (XenVMMXenVMM), "qemu-tcg" (TCGTCGTCGTCG, QEMU without
/// KVM: emulated, its timings mean nothing), "bhyve" (bhyve bhyve ), "openbsd-vmm"
/// (OpenBSDVMM58), the signatures Red Hat's virt-what knows (virt-what-cpuid-helper.c,
/// https://github.com/jordemort/virt-what/blob/master/virt-what-cpuid-helper.c); "hypervisor"
/// with the bit set and another or no signature; "unknown" when `source` has no CPUID.
std::string DetectVirtualization(const CpuidSource& source);

/// DetectVirtualization of this machine; "unknown" on architectures without CPUID.
std::string DetectMachineVirtualization();

/// The usable features (FeatureState::usable) of `features`, by name, space-separated in
/// detection order, e.g. "AES-NI PCLMULQDQ SSSE3 AVX AVX2"; "" when none is usable.
std::string UsableFeatureList(const CpuFeatures& features);

}  // namespace cryptobench::cpu
