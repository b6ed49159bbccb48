// OpenSSL engines that route work away from the library's own code (issue 13, section 3): which
// algorithms each one takes, and where it sends them (a device, the kernel's crypto API, or
// the engine's own code on CPU instructions the library does not use).
// Knowledge table: data/engine-offloads.csv, each row citing the engine's source. Read with
// what a paste shows (`openssl engine -c` lists, lsmod, /proc/crypto) by EngineFindings
// (doctor_from.h). Pure functions: no I/O.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/model.h"

namespace cryptobench::diagnose {

/// One row of data/engine-offloads.csv.
struct EngineOffloads {
  /// The id `-engine` and `openssl engine` use ("qat", "devcrypto"), or an OpenSSL 3 provider's
  /// `-provider` name ("qatprovider"): EngineOfRun and ProviderOfRun keep the two apart.
  std::string engine;
  /// "device" (an accelerator card), "kernel" (the kernel's crypto API), or "cpu": the engine's
  /// own code on the CPU's own instructions, in the process (VIA PadLock), so user CPU time
  /// counts its work and nothing is offloaded.
  std::string target;
  /// True when the engine's list is compiled in, so an algorithm missing from `offloads` is
  /// never routed by it; false when builds or the kernel change the list (then only a pasted
  /// `openssl engine -c` list shows that an algorithm is not routed).
  bool fixed = false;
  /// Algorithms it takes, as OpenSSL or the catalogue names them: symmetric ones, and the
  /// public-key ones (catalogue names, "RSA-2048") where its source says so.
  std::vector<std::string> offloads;
  std::string source;  ///< a URL (library_changes.h IsCitableSource)
  std::string note;    ///< versions, build options, caveats, in words
  size_t line = 0;     ///< line in the CSV
};

/// Parses the table (header "engine,target,fixed,offloads,source,note"). Throws
/// std::runtime_error "engine offloads line N: ..." for a CSV error (csv_table.h), an unknown
/// target, a fixed value other than yes/no, an empty offload list or a source that is not
/// citable.
std::vector<EngineOffloads> ParseEngineOffloads(std::string_view csv);

/// The embedded table, parsed once (the build's tests parse it).
const std::vector<EngineOffloads>& EngineOffloadsTable();

/// The row for an engine id (case-insensitive), or nullptr when the table does not know it.
const EngineOffloads* FindEngineOffloads(std::string_view engine);

/// True when two algorithm names are the same once case and every character but letters and
/// digits are ignored ("AES-128-CBC" and "aes128cbc", "SHA256" and "sha-256").
bool SameAlgorithmName(std::string_view a, std::string_view b);

/// The engine id a run names in results::SourceInfo::engine_or_provider ("engine qat,
/// provider default" -> "qat"); "" when it names none.
std::string EngineOfRun(std::string_view engine_or_provider);

/// The table row of the engine a run names (EngineOfRun) when its target is "cpu": an engine
/// that works on the CPU's own instructions in the process (VIA PadLock), so nothing it does is
/// offloaded and user CPU time counts it. nullptr for any other engine, or none.
const EngineOffloads* CpuEngineOfRun(std::string_view engine_or_provider);

/// The provider a run names in results::SourceInfo::engine_or_provider when it names exactly
/// one ("provider qatprovider" -> "qatprovider"); "" when it names none or several (then which
/// one served a fetch is not in the text).
std::string ProviderOfRun(std::string_view engine_or_provider);

/// The pasted `openssl engine` line of `engine` (import's fact of kind "engine", "qatengine:
/// Reference implementation ... [RSA, ...]; available"), or nullptr.
const results::SourceFact* PastedEngineFact(const std::vector<results::SourceFact>& facts,
                                            std::string_view engine);

/// The algorithms a pasted `openssl engine -c` list gives `engine` (import's facts of kind
/// "engine": "devcrypto: /dev/crypto engine [DES-CBC, AES-128-CBC]; available"); nullopt when
/// the paste lists no algorithms for that engine.
std::optional<std::vector<std::string>> PastedEngineAlgorithms(
    const std::vector<results::SourceFact>& facts, std::string_view engine);

/// The Linux crypto API name of a catalogue algorithm ("AES-128-CBC" -> "cbc(aes)", "SHA-256"
/// -> "sha256", "AES-128-GCM" -> "gcm(aes)"), or "" when there is none this table knows.
std::string KernelAlgorithmName(std::string_view algorithm);

/// The pasted /proc/crypto entry that serves a kernel algorithm: of import's "kernel_driver"
/// facts ("cbc(aes): driver cbc-aes-neonbs, module aes_neon_bs, priority 250, ..."), the one for
/// `kernel_name` with the highest priority, which the kernel picks (an entry without a priority
/// counts as 0).
struct PastedProcCryptoEntry {
  std::string driver;  ///< e.g. "cbc-aes-neonbs"
  size_t line = 0;     ///< the fact's line in the paste
  long priority = 0;   ///< its priority, 0 when the entry shows none
};
/// nullopt when `kernel_name` is empty or no pasted entry names it.
std::optional<PastedProcCryptoEntry> HighestPriorityProcCryptoEntry(
    const std::vector<results::SourceFact>& facts, const std::string& kernel_name);

}  // namespace cryptobench::diagnose
