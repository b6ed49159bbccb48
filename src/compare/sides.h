// Sides from files (a results JSON with one run or several, or any text import::ImportText
// reads) and the facts each side needs for interpretation: its clock range for cycles per byte
// and the CPU features its library could use. No I/O: the CLI reads files and gathers the
// machine's facts and passes them in.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/model.h"
#include "diagnose/classifier.h"

namespace cryptobench::compare {

/// Facts about the machine compare runs on (HostFacts{} when unknown).
struct HostFacts {
  std::string arch;       ///< "x86_64", "aarch64", ...
  std::string cpu_model;  ///< cpu::CpuFacts::model, e.g. "AMD EPYC 9R14 96-Core Processor"
  double core_hz = 0;     ///< trusted effective core clock (cpu::MeasureCoreClock), Hz; 0: none
  /// Usable CPU features (cpu::FeatureState names: "AES-NI", "VAES", "SHA-NI", ...).
  std::vector<std::string> cpu_features;
};

/// Reads `text` as one file's sides, labelled `label` (or "label#1", "label#2", ... for a file
/// with several runs; N is the run's position in the file). A run of several whose import
/// recorded a block label (the "block_label" fact: "with:", "openssl-3.0", a board's name) has
/// it added: "label#2 (openssl-3.0)". Runs without algorithms (an
/// `openssl version` block) are left out when the file also has runs with algorithms. Text starting
/// with '{' (after whitespace) is a results JSON: one run document or {"schema_version": 1, "runs":
/// [...]} (origin kResults; figures are recomputed from samples where present). Anything else goes
/// to import::ImportText (origin kImported). Throws UsageError: "FILE:LINE: expected ..." from the
/// importer, "FILE: not valid JSON: ..." or "FILE: results JSON: FIELD: ..." (FILE = `file_name`),
/// or for a file with no runs.
std::vector<Side> LoadFileSides(std::string_view text, const std::string& file_name,
                                const std::string& label);

/// A live side: a run measured now by compare.
Side LiveSide(results::RunResult run, const std::string& label);

/// The architecture of a side's figures and the capability word its library printed.
struct SideArch {
  /// diagnose::ReportArch: machine.arch, else the CPUINFO line's variable (OPENSSL_ia32cap,
  /// OPENSSL_armcap), else the platform line ("debian-arm64", "linux-x86_64"), else the
  /// compiler line or the paste's CPU clues; "" when nothing tells.
  std::string arch;
  /// How to read library.capability_vector: "OPENSSL_ia32cap" (arch "x86_64" or "x86", or an
  /// unknown arch with a vector of several ':'-separated words, which only OPENSSL_ia32cap
  /// prints), "OPENSSL_armcap" (arch "aarch64" or "arm"), else "" (the word cannot be read).
  std::string variable;
};

/// The SideArch of `run`.
SideArch ArchOfRun(const results::RunResult& run);

/// The names of the bits set in `run`'s capability vector, read as ArchOfRun(run).variable
/// says: diagnose::KnownCapabilityBits() names ("AES-NI", "VAES", ...) for OPENSSL_ia32cap,
/// diagnose::KnownArmcapBits() names ("AES", "PMULL", "SHA2", ...) for OPENSSL_armcap; nullopt
/// when the vector is absent, "N/A", does not parse as that variable's word, or the variable is
/// unknown.
std::optional<std::vector<std::string>> CapabilityBitNames(const results::RunResult& run);

/// The cpb class table for `arch` (diagnose's, data/cpb-classes*.csv): x86_64 and aarch64 have
/// one; any other architecture, or "", an empty table.
const std::vector<diagnose::CpbClass>& CpbClassesForArch(std::string_view arch);

/// Fills side.clock and side.cpu_features (see Side):
/// - clock: a live side, or a measured run from a machine with host.cpu_model, uses
///   host.core_hz +-5% (as doctor does, for turbo steps); another measured run, or a live side
///   without a trusted core clock, with a TSC rate: cpu::kTscLowFactor-kTscHighFactor x that
///   rate (the TSC ticks near the base clock; cores run from a little below it up to turbo); an
///   imported run, or no rate at all, cpu::kUnknownHzLow-kUnknownHzHigh;
/// - features: the named bits set in the run's capability vector, read with the bit names of the
///   run's architecture (CapabilityBitNames);
///   else, for a live side, host.cpu_features; else the features the CPU's own flags/Features
///   line shows (lscpu, /proc/cpuinfo: diagnose::ReadCpuClues) less those a mask set for the
///   run clears (LibraryCanUse), source "CPU flags line"; else unknown.
void ResolveSideFacts(Side& side, const HostFacts& host);

/// Letters for side `index`: "A".."Z", then "S27", "S28", ...
std::string SideLetter(size_t index);

}  // namespace cryptobench::compare
