// The virtual CPU model table and the finding it supports (vm_cpu_models.h).
#include "diagnose/vm_cpu_models.h"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "diagnose/cpu_clues.h"
#include "diagnose/csv_table.h"
#include "diagnose/library_changes.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {

std::string_view EmbeddedVmCpuModelsCsv();  // generated: src/diagnose/CMakeLists.txt

namespace {

constexpr std::string_view kTable = "vm cpu models";

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  });
  return out;
}

bool StartsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// QEMU's property name of an extension (target/i386/cpu.c feature_word_info): what `-cpu
// MODEL,+NAME` takes.
std::string_view QemuFlag(std::string_view feature) {
  if (feature == "AES-NI") {
    return "aes";
  }
  if (feature == "SHA") {
    return "sha-ni";
  }
  if (feature == "AVX-512") {
    return "avx512f";
  }
  if (feature == "PCLMULQDQ") {
    return "pclmulqdq";
  }
  if (feature == "VPCLMULQDQ") {
    return "vpclmulqdq";
  }
  return feature == "VAES" ? "vaes" : "avx2";
}

}  // namespace

std::vector<VmCpuModel> ParseVmCpuModels(std::string_view csv) {
  std::vector<VmCpuModel> out;
  std::set<std::string> seen;
  for (CsvRecord& record : ParseCsvTable(csv, "model,lacks,source,note", kTable)) {
    std::vector<std::string>& f = record.fields;
    if (f[0].empty()) {
      FailCsvRecord(kTable, record.line, "an empty model name");
    }
    if (!seen.insert(Lower(f[0])).second) {
      FailCsvRecord(kTable, record.line, fmt::format("model \"{}\" is listed twice", f[0]));
    }
    VmCpuModel row;
    size_t at = 0;
    while (at < f[1].size()) {
      size_t end = f[1].find(' ', at);
      if (end == std::string::npos) {
        end = f[1].size();
      }
      if (end > at) {
        const std::string name = f[1].substr(at, end - at);
        if (std::find(std::begin(kVmCpuFeatureNames), std::end(kVmCpuFeatureNames), name) ==
            std::end(kVmCpuFeatureNames)) {
          FailCsvRecord(kTable, record.line, fmt::format("unknown extension \"{}\"", name));
        }
        row.lacks.push_back(name);
      }
      at = end + 1;
    }
    if (row.lacks.empty()) {
      FailCsvRecord(kTable, record.line, "an empty lacks list");
    }
    if (!IsCitableSource(f[2])) {
      FailCsvRecord(kTable, record.line, fmt::format("source \"{}\" is not a URL", f[2]));
    }
    row.model = std::move(f[0]);
    row.source = std::move(f[2]);
    row.note = std::move(f[3]);
    row.line = record.line;
    out.push_back(std::move(row));
  }
  return out;
}

const std::vector<VmCpuModel>& VmCpuModelsTable() {
  static const std::vector<VmCpuModel> table = ParseVmCpuModels(EmbeddedVmCpuModelsCsv());
  return table;
}

const VmCpuModel* FindVmCpuModel(std::string_view model) {
  const std::string wanted = Lower(model);
  for (const VmCpuModel& row : VmCpuModelsTable()) {
    if (Lower(row.model) == wanted) {
      return &row;
    }
  }
  return nullptr;
}

bool VmFeatureSpeedsUp(std::string_view feature, std::string_view algorithm) {
  const std::string name = Lower(algorithm);
  const bool aes = StartsWith(name, "aes");
  const bool gcm = aes && Contains(name, "gcm");
  const bool wide = gcm || (aes && (Contains(name, "xts") || Contains(name, "ctr")));
  if (feature == "AES-NI") {
    return aes;
  }
  if (feature == "PCLMULQDQ") {
    return gcm;
  }
  if (feature == "VAES" || feature == "VPCLMULQDQ" || feature == "AVX-512") {
    return wide;
  }
  if (feature == "SHA") {
    return name == "sha-1" || name == "sha-224" || name == "sha-256" || name == "hmac-sha1" ||
           name == "hmac-sha256" || name == "hmac-sha224";
  }
  if (feature == "AVX2") {
    return StartsWith(name, "chacha20") || StartsWith(name, "poly1305");
  }
  return false;
}

std::optional<Finding> VmCpuModelFinding(const DoctorReport& report,
                                         const results::RunResult& run) {
  const results::SourceFact* named = nullptr;
  const VmCpuModel* model = nullptr;
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "vm_cpu_model") {
      if (const VmCpuModel* row = FindVmCpuModel(fact.value)) {
        named = &fact;
        model = row;
      }
    }
  }
  if (model == nullptr) {
    return std::nullopt;
  }
  const bool lacks_aes_ni =
      std::find(model->lacks.begin(), model->lacks.end(), "AES-NI") != model->lacks.end();
  std::vector<std::string> features;  // what the model lacks that a figure's path uses
  std::vector<std::string> algorithms;
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.measurements.empty() ||
        verdict.measurements.front().status != results::CellStatus::kOk) {
      continue;
    }
    // A figure no software AES reaches under a model without AES-NI: the option pasted is not
    // the model this run had.
    if (lacks_aes_ni &&
        ClassifyAesFigure(verdict.algorithm, verdict.input_len,
                          verdict.measurements.front().bytes_per_s) == AesBound::kAboveSoftware) {
      return std::nullopt;
    }
    bool used = false;
    for (const std::string& feature : model->lacks) {
      if (VmFeatureSpeedsUp(feature, verdict.algorithm)) {
        used = true;
        if (std::find(features.begin(), features.end(), feature) == features.end()) {
          features.push_back(feature);
        }
      }
    }
    if (used &&
        std::find(algorithms.begin(), algorithms.end(), verdict.algorithm) == algorithms.end()) {
      algorithms.push_back(verdict.algorithm);
    }
  }
  if (features.empty()) {
    return std::nullopt;
  }
  std::string flags;
  for (const std::string& feature : features) {
    flags += fmt::format(",+{}", QemuFlag(feature));
  }
  return Finding{
      "cpu.vm-model-lacks", Severity::kWarning,
      fmt::format("The guest's CPU model {} has no {}, so {} cannot take its fastest path here",
                  model->model, verdict_internal::Join(features),
                  verdict_internal::Join(algorithms)),
      fmt::format("the paste names the hypervisor's CPU option -cpu {} (line {}); that model "
                  "lacks {} whatever the host CPU has ({}; source: {})",
                  named->value, named->line, verdict_internal::Join(model->lacks), model->note,
                  model->source),
      fmt::format("If the host's /proc/cpuinfo shows them, give the guest the host's CPU: QEMU "
                  "-cpu host (libvirt <cpu mode='host-passthrough'/>), or add them to the model "
                  "(-cpu {}{}); if the host lacks them too, the model costs nothing.",
                  model->model, flags)};
}

bool VmHidesHostAes(const DoctorFacts& facts) {
  // A build without assembly has no AES path to hide: library.no-asm is that verdict's cause.
  if (!facts.report || !facts.emulation.empty() || facts.no_asm_build) {
    return false;
  }
  const std::vector<std::string>& hidden = facts.report->cpu_clues.hidden_by_vm;
  return std::find(hidden.begin(), hidden.end(), "AES-NI") != hidden.end();
}

std::string VmHiddenAesReason(const CpuClues& clues) {
  const std::string guest = clues.hypervisor_vendor.empty()
                                ? std::string("guest")
                                : fmt::format("{} guest", HypervisorName(clues.hypervisor_vendor));
  return fmt::format(
      "the virtual machine hides the host's AES-NI: the {}'s {} it, while the host's model {} "
      "has it, so these rows run in software",
      guest,
      clues.hidden_by_vm_clue.empty() ? "flags line lacks" : "CPUINFO capability vector lacks",
      clues.hidden_model);
}

void AddVmHiddenAesEvidence(Verdict& verdict, const CpuClues& clues) {
  const std::string_view aes = "AES-NI";
  std::string source;  // of the host model's row, kept with the clue "hidden by the ..."
  for (const CpuClue& clue : clues.clues) {
    if (clue.conclusion.starts_with("hidden by the virtual machine")) {
      source = clue.source;
    }
  }
  verdict.evidence.push_back(
      fmt::format("the host's model {} has {}{}", clues.hidden_model, aes,
                  source.empty() ? "" : fmt::format(" (source: {})", source)));
  if (!clues.hidden_by_vm_clue.empty()) {
    verdict.evidence.push_back(clues.hidden_by_vm_clue);
  } else if (const CpuFeatureClue* flags = clues.Find(aes); flags != nullptr) {
    std::string shows = fmt::format("{} shows no {}", flags->clue, aes);
    if (std::none_of(verdict.evidence.begin(), verdict.evidence.end(),
                     [&](const std::string& line) { return line.starts_with(shows); })) {
      verdict.evidence.push_back(std::move(shows));
    }
  }
  // The host's firmware may switch AES-NI off (some BIOSes ship with it disabled: the
  // "Supporting x86 CPUs" notes of https://en.wikipedia.org/wiki/AES_instruction_set): the
  // host's own flags then lack it too, and the firmware is the remedy.
  std::string remedy = HostCpuRemedy(clues, aes);
  remedy[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(remedy[0])));
  verdict.advice = fmt::format(
      "{}. If the host's own CPU listing lacks aes as well, its firmware (BIOS) has AES-NI "
      "switched off: enable it there.",
      remedy);
}

bool ModelAesNiOff(const DoctorFacts& facts) {
  // A build without assembly has no AES-NI path to use: library.no-asm is that verdict's cause.
  return facts.report && facts.emulation.empty() && !facts.no_asm_build &&
         facts.report->cpu_clues.aes_ni_off;
}

namespace {

// The CPU vendor of a model name as pasted: Intel's brand strings start "Intel(R)", AMD's "AMD"
// (CPUID leaf 0x80000002-4, as /proc/cpuinfo's model name prints them). "" for others.
std::string_view ModelVendor(std::string_view model) {
  if (model.find("Intel") != std::string_view::npos) {
    return "Intel";
  }
  if (model.starts_with("AMD") || model.find(" AMD ") != std::string_view::npos) {
    return "AMD";
  }
  return "";
}

}  // namespace

std::string ModelAesNiOffReason(const CpuClues& clues) {
  return fmt::format(
      "the model {} has AES-NI, but {}: it is switched off in the firmware (BIOS setup) or hidden "
      "by a hypervisor the paste does not show (cannot tell which), so these rows run in software",
      clues.aes_ni_off_model,
      clues.aes_ni_off_by_vector ? "the library's CPUINFO capability vector has its AES-NI bit "
                                   "clear"
                                 : "the CPU's flags line does not show it");
}

std::string ModelAesNiOffAdvice(const CpuClues& clues) {
  // systemd-detect-virt prints "none" on bare metal and the hypervisor's name in a guest
  // (https://www.freedesktop.org/software/systemd/man/latest/systemd-detect-virt.html).
  // Dell PowerEdge servers name the setting "CPU AES-NI" (Dell OpenManage Server Administrator
  // 10.3 online help, System Security: "CPU AES-NI: Indicates the status of the Processor AES-NI
  // feature", srvadmin-tomcat-10.3.0.0-5081.el8 of Dell's DSU 22.08.26 repository:
  // http://204.157.3.70/pub/linux/dell/hardware/DSU_22.08.26/os_dependent/RHEL8_64/srvadmin/
  // srvadmin-tomcat-10.3.0.0-5081.el8.x86_64.rpm), its Intel platforms' BIOS earlier "Intel(R)
  // AES-NI" (https://www.dell.com/community/PowerEdge-General-HW/
  // R410-510-610-710-BIOS-version-1-4-7-buggy-for-westmere/m-p/3539464/highlight/true). No
  // source names such a setting of AMD platforms' firmware: their advice names none.
  const std::string_view setting =
      ModelVendor(clues.aes_ni_off_model) == "Intel"
          ? "Check the firmware's AES-NI setting (BIOS setup, e.g. Dell PowerEdge's \"CPU "
            "AES-NI\") and enable it"
          : "Check the firmware (BIOS/UEFI setup) for a setting that turns the CPU's AES "
            "instructions off, and enable them";
  return fmt::format(
      "{}; run `systemd-detect-virt` on that machine: `none` means bare metal, so the firmware "
      "is the cause; a hypervisor's name means a guest whose CPU settings hide AES-NI (give the "
      "guest the host's CPU).",
      setting);
}

void AddModelAesNiOffEvidence(Verdict& verdict, const CpuClues& clues) {
  verdict.evidence.push_back(fmt::format("the model {} has AES-NI (source: {})",
                                         clues.aes_ni_off_model, clues.aes_ni_off_source));
  if (!clues.aes_ni_off_clue.empty()) {
    const std::string& clue = clues.aes_ni_off_clue;
    const std::string shown = clues.aes_ni_off_by_vector ? clue : clue + " shows no AES-NI";
    // Once: the verdict may name the line already, with its row's source before "shows".
    if (std::none_of(verdict.evidence.begin(), verdict.evidence.end(), [&](const std::string& l) {
          return l.starts_with(clue) &&
                 (clues.aes_ni_off_by_vector || l.find("shows no AES-NI") != std::string::npos);
        })) {
      verdict.evidence.push_back(shown);
    }
  }
  // A Dell BIOS that locked AES-NI off shows firmware can; its MSR 0x13C is Intel's (Westmere
  // and later), so only an Intel model is told of it.
  verdict.evidence.push_back(
      ModelVendor(clues.aes_ni_off_model) == "Intel"
          ? "the text shows no virtual machine (no hypervisor flag, Hypervisor vendor line or "
            "hypervisor named otherwise); firmware can switch AES-NI off: a Dell PowerEdge BIOS "
            "locked it off through MSR 0x13C, and Linux then listed no aes "
            "(https://www.dell.com/community/PowerEdge-General-HW/"
            "R410-510-610-710-BIOS-version-1-4-7-buggy-for-westmere/m-p/3539464/highlight/true)"
          : "the text shows no virtual machine (no hypervisor flag, Hypervisor vendor line or "
            "hypervisor named otherwise)");
  verdict.advice = ModelAesNiOffAdvice(clues);
}

std::string_view HypervisorName(std::string_view hypervisor_vendor) {
  return hypervisor_vendor == "Microsoft" ? std::string_view("Hyper-V") : hypervisor_vendor;
}

GuestHypervisor GuestHypervisorOf(const CpuClues& clues) {
  const std::string_view vendor = clues.hypervisor_vendor;
  if (vendor == "VMware") {
    return GuestHypervisor::kVmware;
  }
  if (vendor == "Microsoft") {
    return GuestHypervisor::kHyperV;
  }
  if (vendor == "Xen") {
    return GuestHypervisor::kXen;
  }
  if (vendor == "VirtualBox") {
    return GuestHypervisor::kVirtualBox;
  }
  if (vendor == "KVM") {
    return GuestHypervisor::kQemu;
  }
  if (!vendor.empty()) {
    return GuestHypervisor::kOther;
  }
  // The model rows marked VM in data/cpu-clues.csv are QEMU's own models (qemu64, kvm64, EPYC).
  return clues.vm_model.empty() ? GuestHypervisor::kUnnamed : GuestHypervisor::kQemu;
}

bool NonQemuHypervisor(const CpuClues& clues) {
  const GuestHypervisor hypervisor = GuestHypervisorOf(clues);
  return hypervisor != GuestHypervisor::kQemu && hypervisor != GuestHypervisor::kUnnamed;
}

std::string HostCpuRemedy(const CpuClues& clues, std::string_view features) {
  switch (GuestHypervisorOf(clues)) {
    case GuestHypervisor::kVmware:
      // EVC presents every host of a cluster as the baseline CPU generation chosen, and a
      // per-VM CPUID mask hides chosen features from the guest (VMware vSphere "CPU
      // Compatibility Masks"; EVC, vCenter Server and Host Management). A running VM keeps the
      // EVC mode it was powered on with until it is powered off and on again (vSphere 6.5,
      // "Determine EVC Modes of Virtual Machines").
      return fmt::format(
          "raise the VM's EVC mode (or its cluster's) to a CPU generation that has {} and "
          "remove any custom CPUID mask of the VM that hides it, with the VM powered off (VMware "
          "vSphere, CPU compatibility masks: https://docs.vmware.com/en/VMware-vSphere/6.7/"
          "com.vmware.vsphere.vm_admin.doc/GUID-E64FC69D-E845-4562-BB8E-CCAC39E78CEA.html; a VM "
          "keeps its EVC mode until it is powered off and on: https://docs.vmware.com/en/"
          "VMware-vSphere/6.5/com.vmware.vsphere.vcenterhost.doc/"
          "GUID-77A0EE88-779E-4244-A017-2F527740AB9E.html)",
          features);
    case GuestHypervisor::kHyperV:
      // Hyper-V's processor compatibility mode limits the guest to a feature set every host of
      // a migration has (Set-VMProcessor -CompatibilityForMigrationEnabled).
      return fmt::format(
          "turn off the VM's processor compatibility mode, which hides newer features such as "
          "{} (Hyper-V, with the VM off: Set-VMProcessor -VMName NAME "
          "-CompatibilityForMigrationEnabled $false; "
          "https://learn.microsoft.com/powershell/module/hyper-v/set-vmprocessor)",
          features);
    case GuestHypervisor::kXen:
      // xl.cfg's cpuid= option sets or clears CPUID bits the domain sees (xl.cfg(5), "CPUID").
      return fmt::format(
          "check the domain's cpuid= setting in its xl.cfg, which can clear {} from the CPU the "
          "domain sees (xl.cfg(5): https://xenbits.xen.org/docs/unstable/man/xl.cfg.5.html)",
          features);
    case GuestHypervisor::kVirtualBox:
      // VirtualBox exposes AES-NI, PCLMULQDQ, AVX and AVX2 to a guest by default only when it
      // runs with nested paging and AMD-V or VT-x unrestricted guest mode, or on the host's own
      // hypervisor API (cpumR3CpuIdReadConfig: /CPUM/IsaExts/AESNI, PCLMUL, AVX, AVX2 default
      // to fNestedPagingAndFullGuestExec), and its guest CPU is the host's unless another CPU
      // profile is chosen (/CPUM/GuestCpuName, default "host"; VBoxManage modifyvm --cpu-profile).
      return fmt::format(
          "with the VM powered off, give it the host's CPU profile, hardware virtualization and "
          "nested paging (VBoxManage modifyvm VM --cpu-profile=host --hwvirtex=on "
          "--nested-paging=on; on an Intel host also --x86-vtx-ux=on), then check that the guest "
          "sees {}: unless a VM runs with nested paging and AMD-V or VT-x unrestricted guest "
          "mode (or on the host's own hypervisor API), VirtualBox leaves AES-NI, PCLMULQDQ, AVX "
          "and AVX2 out of its CPU by default (VirtualBox "
          "src/VBox/VMM/VMMR3/CPUMR3CpuId.cpp, cpumR3CpuIdReadConfig: "
          "https://github.com/VirtualBox/virtualbox/blob/"
          "25bf3b083577b33c3e4a2918d3c4d8e3f35d37ef/src/VBox/VMM/VMMR3/CPUMR3CpuId.cpp; "
          "VBoxManage modifyvm: https://www.virtualbox.org/manual/topics/vboxmanage.html)",
          features);
    case GuestHypervisor::kQemu:
      break;
    case GuestHypervisor::kOther:
      return fmt::format(
          "give the guest the host's CPU, or a CPU model that has {}, in the CPU settings of its "
          "hypervisor ({})",
          features, HypervisorName(clues.hypervisor_vendor));
    case GuestHypervisor::kUnnamed:
      // Each hypervisor has its own setting (QEMU's -cpu, VMware's EVC, Hyper-V's compatibility
      // mode, VirtualBox's nested paging): a guess would send the user to the wrong one.
      return fmt::format(
          "give the guest the host's CPU, or a CPU model that has {}, in its hypervisor's CPU "
          "settings (the text does not name the hypervisor, and each has its own setting: "
          "`systemd-detect-virt` in the guest names it, and a paste with its output gets that "
          "hypervisor's remedy)",
          features);
  }
  return "give the guest the host's CPU (QEMU -cpu host, libvirt <cpu "
         "mode='host-passthrough'/>, or a model with +aes)";
}

}  // namespace cryptobench::diagnose
