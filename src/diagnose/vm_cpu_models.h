// Named virtual CPU models that leave crypto extensions out of the guest (issue 13, section 2):
// a paste that shows the hypervisor's CPU option (QEMU's `-cpu EPYC-v4`) tells which
// extensions the guest lacks, whatever its host has. Knowledge table: data/vm-cpu-models.csv,
// each row citing the model's definition. Pure functions: no I/O.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/model.h"

#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_model.h"

namespace cryptobench::diagnose {

/// One row of data/vm-cpu-models.csv.
struct VmCpuModel {
  std::string model;  ///< the name the option takes, e.g. "EPYC-v4" (as QEMU spells it)
  std::vector<std::string> lacks;  ///< extensions the model does not give the guest, named as
                                   ///< in kVmCpuFeatureNames
  std::string source;              ///< the model's definition (IsCitableSource)
  std::string note;
  size_t line = 0;  ///< line in the CSV
};

/// The extension names the table may use: "AES-NI", "PCLMULQDQ", "AVX2", "SHA", "VAES",
/// "VPCLMULQDQ", "AVX-512".
inline constexpr std::string_view kVmCpuFeatureNames[] = {"AES-NI", "PCLMULQDQ",  "AVX2",   "SHA",
                                                          "VAES",   "VPCLMULQDQ", "AVX-512"};

/// Parses the table (header "model,lacks,source,note"). Throws std::runtime_error "vm cpu
/// models line N: ..." for a CSV error (csv_table.h), an empty model or lacks list, an
/// extension name not in kVmCpuFeatureNames, a model listed twice or a source that is not
/// citable.
std::vector<VmCpuModel> ParseVmCpuModels(std::string_view csv);

/// The embedded table, parsed once (the build's tests parse it).
const std::vector<VmCpuModel>& VmCpuModelsTable();

/// The row for a model name (case-insensitive, whole name), or nullptr when the table does
/// not know it: an unknown model is unknown, never guessed from a similar name.
const VmCpuModel* FindVmCpuModel(std::string_view model);

/// True when `feature` (kVmCpuFeatureNames) is used by the fastest paths of `algorithm` (a
/// catalogue name): AES-NI by every AES cipher and AEAD; PCLMULQDQ by AES-GCM; VAES,
/// VPCLMULQDQ and AVX-512 by AES-GCM, AES-XTS and AES-CTR (OpenSSL's aes-gcm-avx512 and
/// aesni-xts-avx512 modules, Linux's aes-gcm-avx10 and aes-xts-avx10 drivers); SHA by SHA-1,
/// SHA-224 and SHA-256 and their HMACs; AVX2 by ChaCha20, Poly1305 and ChaCha20-Poly1305.
bool VmFeatureSpeedsUp(std::string_view feature, std::string_view algorithm);

/// "cpu.vm-model-lacks" (a warning, which StatedCauses reads as vm-hides-cpu-features) when a
/// fact of `run` of kind "vm_cpu_model" (import reads QEMU's `-cpu MODEL`) names a model of the
/// table that lacks an extension the fastest path of a figure of `report` uses; nullopt when no
/// model is named, the model is unknown or "host"/"max", no measured algorithm uses what it lacks,
/// or a figure contradicts the model (an AES figure faster than any software AES under a model
/// without AES-NI: the option named is then not the one the run had). Never throws.
std::optional<Finding> VmCpuModelFinding(const DoctorReport& report, const results::RunResult& run);

/// The hypervisor whose settings a remedy for a guest's hidden CPU features names.
enum class GuestHypervisor {
  kQemu,        ///< QEMU/KVM: "KVM" named, or QEMU's own CPU model in the text (CpuClues::vm_model)
  kVmware,      ///< "VMware"
  kHyperV,      ///< "Microsoft"
  kXen,         ///< "Xen"
  kVirtualBox,  ///< "VirtualBox" (CpuClues reads lscpu's "Oracle" and "Innotek GmbH" as it)
  kOther,       ///< another name lscpu prints ("Parallels", "IBM", ...): no sourced setting
  kUnnamed,     ///< the text names no hypervisor and shows no QEMU model
};

/// The hypervisor of the guest `clues` describe, by CpuClues::hypervisor_vendor, else kQemu when
/// the text shows one of QEMU's CPU models, else kUnnamed: unknown, never guessed.
GuestHypervisor GuestHypervisorOf(const CpuClues& clues);

/// How to give a guest the host CPU's `features` (a name list, "AES-NI") that its virtual CPU
/// hides, as a clause starting with a lowercase verb, with its source, by GuestHypervisorOf:
///  - kVmware: the VM's EVC mode (or its cluster's) and any custom CPUID mask hide host
///    features; raise the one, remove the other (VMware vSphere, "CPU compatibility masks"
///    and Enhanced vMotion Compatibility);
///  - kHyperV: processor compatibility mode limits the guest to an older feature set
///    (Set-VMProcessor -CompatibilityForMigrationEnabled, Microsoft Learn);
///  - kXen: the domain's cpuid= setting (xl.cfg(5));
///  - kVirtualBox: the host CPU profile, hardware virtualization and nested paging, without
///    which VirtualBox leaves AES-NI, PCLMULQDQ, AVX and AVX2 out of the guest by default
///    (VirtualBox CPUMR3CpuId.cpp, cpumR3CpuIdReadConfig; VBoxManage modifyvm);
///  - kQemu: QEMU's -cpu host or libvirt's host-passthrough, or a named model with +aes;
///  - kOther, kUnnamed: the hypervisor's CPU settings, no product's flags; for kUnnamed, the
///    command that names the hypervisor.
std::string HostCpuRemedy(const CpuClues& clues, std::string_view features);

/// True when the text names a hypervisor other than QEMU/KVM (GuestHypervisorOf is neither kQemu
/// nor kUnnamed): its own settings are the remedy, and its host may have no /proc/cpuinfo to grep
/// (ESXi, Windows).
bool NonQemuHypervisor(const CpuClues& clues);

/// The product lscpu's vendor name stands for: "Hyper-V" for "Microsoft", else the name.
std::string_view HypervisorName(std::string_view hypervisor_vendor);

/// True when the CPU clues of `facts` (a report's) show a guest hiding its host's AES-NI (issue
/// 13, section 2): the guest's own flags line lacks aes, the text shows a virtual machine, and a
/// sourced model row of data/cpu-clues.csv gives the host's model AES-NI (CpuClues::
/// hidden_by_vm; QEMU's own models, kvm64 and qemu64, name no host and never count); not under
/// emulation, nor for a build without assembly (no AES path to hide). Such a guest's AES rows
/// are NOT accelerated, a problem (exit status 1), where a host without AES-NI would make them
/// "software (expected)": software is the best the guest has, not the best the machine has.
/// StatedCauses reads those verdicts as vm-hides-cpu-features, not as an unused library path.
bool VmHidesHostAes(const DoctorFacts& facts);

/// The reason of such an AES verdict, for its line after the status (VmHidesHostAes): "the
/// virtual machine hides the host's AES-NI: the VMware guest's flags line lacks it, while the
/// host's model Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz has it, so these rows run in
/// software" (the hypervisor named as HypervisorName does, or "guest" alone).
std::string VmHiddenAesReason(const CpuClues& clues);

/// Adds to such a verdict the host model's row (with its source) and the guest's flags line
/// that lacks aes (once) as evidence, and sets its advice: the hypervisor's remedy
/// (HostCpuRemedy) and, for a host whose own listing lacks aes too, its firmware's setting.
void AddVmHiddenAesEvidence(Verdict& verdict, const CpuClues& clues);

/// True when the CPU clues of `facts` (a report's) show AES-NI switched off or hidden on a CPU
/// whose model has it (CpuClues::aes_ni_off: the CPU's own flags line lacks aes, or OpenSSL
/// 3.x's CPUINFO capability vector has the AES-NI bit clear with no mask, a sourced model
/// row of data/cpu-clues.csv gives the model AES-NI, and the text shows no virtual machine);
/// not under emulation, nor for a build without assembly (no AES path to use). Such a CPU's AES
/// rows are NOT accelerated, a problem (exit status 1): they run in software while the hardware
/// could run them; the CPU does not lack AES-NI, so they are not "software (expected)".
/// StatedCauses reads those verdicts as aes-ni-off.
bool ModelAesNiOff(const DoctorFacts& facts);

/// The reason of such an AES verdict, for its line after the status (ModelAesNiOff): "the model
/// Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz has AES-NI, but the CPU's flags line does not show
/// it: it is switched off in the firmware (BIOS setup) or hidden by a hypervisor the paste does
/// not show (cannot tell which), so these rows run in software".
std::string ModelAesNiOffReason(const CpuClues& clues);

/// What to do about it (ModelAesNiOff): the firmware's AES-NI setting, and `systemd-detect-virt`,
/// which tells bare metal ("none") from a guest. The setting is named (Dell PowerEdge's "CPU
/// AES-NI", sourced in vm_cpu_models.cc) for an Intel model only; an AMD or other model is told
/// of the firmware's setting in general, with no vendor's name.
std::string ModelAesNiOffAdvice(const CpuClues& clues);

/// Adds to such a verdict the model's row (with its source), the clue that lacks AES-NI (once:
/// the flags line, or the CPUINFO capability vector) and why the firmware is a cause (Intel's MSR
/// only for an Intel model), and sets its advice (ModelAesNiOffAdvice).
void AddModelAesNiOffEvidence(Verdict& verdict, const CpuClues& clues);

}  // namespace cryptobench::diagnose
