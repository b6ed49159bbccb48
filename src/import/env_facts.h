// Environment lines pasted around benchmark output, turned into facts (results::SourceFact)
// for doctor --from and compare to interpret: `openssl engine -t -c` lists, openssl.cnf lines
// that load engines or providers, `lsmod` modules, /proc/crypto entries (algorithm, driver,
// module, priority), `uname -a`, the CPU model and flags of /proc/cpuinfo or lscpu, and QEMU's
// `-cpu MODEL` option (fact kind "vm_cpu_model", value the model's name), and OpenSSL 1.0.2's
// `openssl version -a` engines line (fact kind "engine_ids", the ids as printed). Import
// does not judge them; it records what they say and on which line.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/model.h"

#include "import/paste_cleanup.h"

namespace cryptobench::import {

/// True for a /proc/cpuinfo or lscpu line that says what it is wherever it stands: "Model name:
/// ...", a flags or Features line that lists the kernel's CPU flags, "Architecture: x86_64".
/// A single such line quoted with "> " reads as a shell prompt; import takes it as this line.
bool IsCpuinfoLine(std::string_view text);

/// The machine a free-standing label line names, or nullopt: a line people write above each run
/// of a paste that compares machines. Only the shape is checked (the caller checks where it
/// stands: right before a block, or for a bare name above its machine's lines):
/// "Raspberry PI CM4 (BCM2711):" (a name of at most 8 words ending in ':'), "Raspberry Pi 4
/// Model B Rev 1.2" (the bare output of `cat /proc/device-tree/model`: at most 8 words with a
/// digit and nothing after them), or /proc/cpuinfo's "Hardware : BCM2835" and "Model : Raspberry
/// Pi 4 Model B" (the value). Lines of at most 60 characters without ',', ';', '|', '=', '`', '"'
/// or a final '.', '!' or '?', so prose that mentions a board ("unlike the Raspberry Pi 4, the
/// CM4 ...") is not one; the name is returned without the ':'.
std::optional<std::string> MachineLabel(std::string_view text);

/// A short heading that names one machine ("old server:", "On machine B:", "host2:", "the
/// other box:"), as people write above each machine's lines of a paste: its name lower-cased,
/// without leading prepositions, articles and possessives ("on the old server:" -> "old
/// server"), or nullopt. The line ends in its only ':', has at most four words after those
/// (letters, digits, '-', '_', '.', '\''), and one word is a machine's noun (server, host,
/// machine, box, node, vm, instance, computer, laptop, desktop, workstation, pc), alone or with a
/// number ("host2", "node-01") or a letter after '-' or '_' ("vm-b"); "node" before a number
/// ("Node 18:", a Node.js version) is none. The name is the machine's identity: '-' and '_' read
/// as spaces, words that describe the lines (output, cpu, lscpu, results, info, details, specs,
/// benchmark, settings, config, ...) left out, so "Server output:" and "Server CPU:" are both
/// "server", "server-a:" and "Server A:" both "server a"; so is a size of the machine (a count
/// and its unit: "2 cores", "4 vCPUs", "16GB", "2.1 GHz", and a "with" before it), which is not
/// among the four words: "Host 2 cores:" is "host", "VM with 4 vCPUs:" "vm". Headings that name
/// nothing ("Output:", "lscpu:", "My CPU:"), several machines ("both servers:", "all hosts:") or
/// the same one again ("same box:") are nullopt.
std::optional<std::string> MachineHeading(std::string_view text);

/// True when a MachineHeading name marks a machine other than one named before: "new", "old",
/// "other", "another", "second", "different" or "remote", a number ("server 2", "host2") or a
/// letter ("machine B", "vm-b"). "my server" or "server details" mark none.
bool MarksAnotherMachine(std::string_view heading);

/// Reads environment lines one at a time; a command line sets what the lines after it are
/// (`lsmod`, `openssl engine`, `cat /proc/crypto`, `lscpu`, OpenVMS `search descrip.mms TEXT`,
/// whose "%SEARCH-I-NOMATCHES" becomes a "build_search" fact "descrip.mms: no aes-ia64.obj"),
/// and some lines say it themselves
/// ("name : ctr(aes)", "openssl_conf = ...", "Linux host 6.1.0 ... GNU/Linux").
class EnvFactReader {
 public:
  /// A command line: the output it introduces, or none. Completes a fact still open; a
  /// command that edits or points at openssl.cnf (`sed ... openssl.cnf`, `OPENSSL_CONF=...`)
  /// is a fact itself.
  void SetCommand(const SourceLine& line, std::vector<results::SourceFact>* facts);

  /// Offers a text line. Returns true if it is an environment line (a fact, or part of one);
  /// completed facts are appended to *facts.
  bool Take(const SourceLine& line, std::vector<results::SourceFact>* facts);

  /// Completes a /proc/crypto entry, or a cpuinfo grep's output, still open at the end of the
  /// text.
  void Finish(std::vector<results::SourceFact>* facts);

  /// True after `cat /proc/cpuinfo` or `lscpu`: its "Hardware" and "Model" lines describe the
  /// machine of every run after them, not one block.
  bool InCpuinfo() const { return context_ == Context::kCpuinfo; }

 private:
  enum class Context {
    kNone,
    kEngineList,
    kProviderList,  ///< `openssl list -providers`: each provider's name, version and status
    kLsmod,
    kProcCrypto,
    kCpuinfo,
    kBuildSearch,
    kUnameMachine,    ///< after `uname -m`: its one-word output is the architecture
    kSysctlValue,     ///< after `sysctl -n KEY` of a CPU name key: its one line is the brand
    kCpufreqFile,     ///< after `cat` of one cpufreq sysfs file: its value (cpufreq_file_)
    kIsainfo,         ///< after isainfo -v's "64-bit ISA applications": its extension lines
    kCpuinfoGrep,     ///< after `grep -o -w 'w1|w2' /proc/cpuinfo`: the words it found
    kVirtName,        ///< after systemd-detect-virt, virt-what or dmidecode -s system-*: a name
    kDmiFiles,        ///< after `cat /sys/class/dmi/id/FILE ...`: one value per file (dmi_files_)
    kImplementations  ///< after an NXP SDK demo's "Using following implementations:"
  };

  void FlushCryptoEntry(std::vector<results::SourceFact>* facts);
  void FlushProvider(std::vector<results::SourceFact>* facts);
  // Ends a `grep -o -w` of /proc/cpuinfo's output (kCpuinfoGrep): its "cpuinfo_grep_end" fact.
  void EndCpuinfoGrep(std::vector<results::SourceFact>* facts);
  // A DMI system manufacturer ("vendor") or product name ("product") as dmidecode or
  // /sys/class/dmi/id print it: Hyper-V's pair ("Microsoft Corporation", "Virtual Machine")
  // within a few lines of each other becomes a "hypervisor_vendor" fact "Microsoft". True when
  // this value completed the pair.
  bool NoteMicrosoftDmi(std::string_view field, std::string_view value, size_t line,
                        const std::string& origin, std::vector<results::SourceFact>* facts);

  Context context_ = Context::kNone;
  // The command whose output names the hypervisor (kVirtName): "systemd-detect-virt",
  // "virt-what" or "dmidecode".
  std::string virt_command_;
  // What `dmidecode -s` printed (kVirtName): "vendor" (system-manufacturer) or "product".
  std::string virt_field_;
  // The /sys/class/dmi/id files a `cat` prints, in order (kDmiFiles): "sys_vendor", ...
  std::vector<std::string> dmi_files_;
  // The lines of a DMI "Microsoft Corporation" manufacturer and a "Virtual Machine" product
  // (NoteMicrosoftDmi), 0 for none.
  size_t dmi_microsoft_line_ = 0;
  size_t dmi_virtual_machine_line_ = 0;
  // The key of a `sysctl -n` command (kSysctlValue): "machdep.cpu.brand_string" or "hw.model".
  std::string sysctl_key_;
  // An engine of an engine list: "(afalg) AFALG engine support", its algorithms and state.
  std::optional<results::SourceFact> engine_;
  // A provider of `openssl list -providers`: "qatprovider: name ..., version 1.6.0, status active".
  std::optional<results::SourceFact> provider_;
  // The words a `grep -o -w` of /proc/cpuinfo asks for (kCpuinfoGrep), joined by '|'.
  std::string grep_words_;
  // The grep's command line, then the last line of its output (kCpuinfoGrep).
  size_t grep_last_line_ = 0;
  // The cpufreq sysfs file a `cat` command prints ("scaling_max_freq"), "" for none.
  std::string cpufreq_file_;
  // A /proc/crypto entry being read.
  std::string crypto_name_;
  std::string crypto_driver_;
  std::string crypto_module_;
  std::string crypto_priority_;
  std::string crypto_type_;
  size_t crypto_line_ = 0;
  // OpenVMS `search descrip.mms aes-ia64.obj`: the file and the text searched for.
  std::string search_file_;
  std::string search_text_;
};

}  // namespace cryptobench::import
