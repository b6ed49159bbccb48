// `cryptobench doctor --backend NAME` for libraries other than OpenSSL: each algorithm measured
// as is and under the library's own mask switches (library_masks.h) in worker processes, its
// cycles-per-byte fingerprint, and a plain verdict: is the CPU's crypto acceleration in use?
// OpenSSL keeps its own doctor (doctor.h), whose per-bit experiments need its capability vector.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/catalog.h"
#include "cpu/clock_facts.h"
#include "cpu/features.h"
#include "results/model.h"

#include "diagnose/doctor_model.h"
#include "diagnose/library_masks.h"

namespace cryptobench::diagnose {

/// One measurement in a library doctor report: as is (empty env) or under one mask.
struct LibraryMeasurement {
  std::string label;                       ///< "as is" or LibraryMask::label
  std::map<std::string, std::string> env;  ///< mask variables set in the worker
  results::CellStatus status = results::CellStatus::kOk;
  std::string message;             ///< why, when status != ok
  std::string implementation;      ///< what the library says it runs ("AESNI", "aes_ni"), or ""
  double bytes_per_s = 0;          ///< median wall-clock throughput, bytes/s
  double ci_low = 0, ci_high = 0;  ///< 95% CI of the median, bytes/s
};

/// One algorithm's verdict for a library.
struct LibraryVerdict {
  std::string algorithm;   ///< catalogue name
  std::string operation;   ///< "encrypt", "hash", "mac"
  uint64_t input_len = 0;  ///< bytes per operation
  VerdictStatus status = VerdictStatus::kUndetermined;
  std::string line;                   ///< "AES-128-GCM: accelerated: ...", one sentence
  std::vector<std::string> evidence;  ///< one fact per entry
  std::string advice;                 ///< what to do; empty when nothing is needed
  double cpb_low = 0, cpb_high = 0;   ///< as-is cpb over the core frequency range
  std::string fingerprint;            ///< classifier conclusion (OpenSSL's reference classes)
  std::vector<LibraryMeasurement> measurements;  ///< as is first, then each mask in order
};

/// One input size of the kernel-versus-user-space comparison (doctor --backend afalg): the
/// median wall-clock throughput of each side with its 95% CI, bytes/s.
struct KernelVersusUserPoint {
  uint64_t input_len = 0;  ///< bytes per operation
  double kernel_bytes_per_s = 0, kernel_ci_low = 0, kernel_ci_high = 0;
  double user_bytes_per_s = 0, user_ci_low = 0, user_ci_high = 0;
};

/// AF_ALG against a user-space library on the same machine, over input sizes: what each kernel
/// request costs and from which size, if any, the kernel is faster.
struct KernelVersusUserSpace {
  std::string algorithm;                      ///< catalogue name
  std::string operation;                      ///< "encrypt", "hash", ...
  std::string kernel_driver;                  ///< the driver the kernel served, "cbc-aes-aesni"
  std::string user_space;                     ///< "openssl 3.0.19"
  std::vector<KernelVersusUserPoint> points;  ///< both sides measured; ascending input_len
  /// Kernel minus user-space wall-clock time per operation at the smallest size, microseconds:
  /// the cost of a request (system calls, copies) beyond the crypto itself. Negative when the
  /// kernel is faster even there.
  double request_cost_us = 0;
  /// The smallest measured size from which the kernel is significantly faster (CIs apart) at
  /// every larger measured size; 0 = none up to the largest size measured.
  uint64_t crossover = 0;
  std::string line;  ///< one sentence, e.g. "AES-128-CBC: no crossover up to 16384 bytes: ..."
};

/// Decides a comparison from its points (measured, any order; points where either side failed
/// are left out by the caller). Pure. An empty `points` gives a line saying nothing was
/// compared. Never throws.
KernelVersusUserSpace CompareKernelWithUserSpace(std::string algorithm, std::string operation,
                                                 std::string kernel_driver, std::string user_space,
                                                 std::vector<KernelVersusUserPoint> points);

/// A library doctor report.
struct LibraryDoctorReport {
  std::string created_utc;
  std::string tool_version;
  std::string backend;  ///< registry name, e.g. "gnutls"
  results::LibraryInfo library;
  cpu::CpuFeatures cpu;
  cpu::ClockFacts clock;
  double core_hz_low = 0, core_hz_high = 0;  ///< frequency range used for cpb, Hz
  std::string cpb_clock_basis;               ///< why that range (cpu::CpbClockRange::basis)
  std::string mask_variable;                 ///< the registry's mask variable ("" = none)
  std::string mask_note;                     ///< how it works, or why the library has none
  std::vector<LibraryMask> masks;
  /// Variables of the library's switch already set in doctor's environment (e.g. a
  /// GNUTLS_CPUID_OVERRIDE exported in the shell): the "as is" and mask runs leave them out, one
  /// more run keeps them, and a slowdown they cause is a kMasked verdict.
  std::map<std::string, std::string> env_masks;
  std::vector<std::string> not_offered;  ///< algorithms asked for that the library lacks
  std::vector<LibraryVerdict> verdicts;
  /// AF_ALG only: each default-suite algorithm against user-space OpenSSL at several sizes.
  std::vector<KernelVersusUserSpace> kernel_versus_user;
  /// AF_ALG only: why there is no such comparison ("" when there is one).
  std::string kernel_versus_user_note;
  /// The SIGINT or SIGTERM ("SIGINT") that stopped the examination, or "" for a complete
  /// report: the verdicts of the algorithms examined before it are kept, the algorithm being
  /// examined then and those after it are missing. JSON: "partial": true and "interrupted_by".
  std::string interrupted_by;
  /// 1 if a verdict is a problem (IsProblem) or a measurement failed (not unsupported), else 0.
  int ExitStatus() const;
};

/// The dedicated CPU instructions (cpu::FeatureState names) an algorithm's fast path needs on
/// x86-64: {"AES-NI"} for AES modes and CMAC, {"AES-NI", "PCLMULQDQ"} for AES-GCM, {"SHA-NI"}
/// for SHA-1/224/256 and their HMACs; empty where no such instruction exists (ChaCha20,
/// Poly1305, SHA-512, BLAKE2, SHA-3, 3DES, MD5) or on another architecture.
std::vector<std::string> CryptoInstructionsFor(const AlgorithmInfo& alg, std::string_view arch);

/// What an implementation string a library reports (Backend::Implementation()) says.
enum class ImplementationKind {
  kHardware,  ///< names a crypto instruction path: "AESNI", "aesni, pclmulqdq GHASH", "shani",
              ///< Botan's "cpu" (its AES-NI/ARMv8 AES provider), "clmul"
  kSoftware,  ///< names portable or SIMD-only code: "C", "C++", "software", "base", "vperm"
  kUnknown,   ///< empty, or no word either list knows
};

/// Reads an implementation string word by word (case-insensitive; words split at spaces,
/// commas, semicolons, slashes and parentheses): any hardware word wins; else any software word.
ImplementationKind ReadImplementation(std::string_view implementation);

/// Decides one algorithm's verdict from its measurements (as is first, then one per mask in
/// `masks` order, then, when `env_masks` is not empty, one with those variables of doctor's
/// environment kept; the others run without them; any may have failed) over the core frequency
/// range [hz_low, hz_high] (Hz). A significant slowdown caused by `env_masks` makes the verdict
/// kMasked. Pure: tested on synthetic measurements. Never throws.
LibraryVerdict DecideLibraryVerdict(const AlgorithmInfo& alg, const std::string& operation,
                                    uint64_t input_len, const std::string& library_name,
                                    const cpu::CpuFeatures& cpu,
                                    const std::vector<LibraryMask>& masks,
                                    const std::string& mask_note,
                                    const std::map<std::string, std::string>& env_masks,
                                    std::vector<LibraryMeasurement> measurements, double hz_low,
                                    double hz_high);

/// What library doctor examines.
struct LibraryDoctorOptions {
  std::string executable;    ///< cryptobench itself (worker::SelfExecutable())
  std::string backend;       ///< registry name, not "openssl"
  std::string library_path;  ///< --lib for backends loaded by path; "" = the backend's default
  /// Algorithms to examine (symmetric only); empty = every symmetric algorithm the library
  /// offers, or with `quick` those of the default suite.
  std::vector<const AlgorithmInfo*> algorithms;
  bool quick = false;
  uint64_t input_len = 16384;  ///< bytes per operation
  double max_seconds = 0.25;   ///< sampling budget per measurement, seconds
  double precision = 0.02;     ///< CI half-width target per measurement (fraction)
  /// AF_ALG only: the input sizes of the comparison with user-space OpenSSL (bytes); empty =
  /// no comparison.
  std::vector<uint64_t> comparison_sizes = {16, 256, 1024, 4096, 16384};
};

/// Probes the library, measures each algorithm as is and under each mask in interleaved rounds
/// (the fastest round kept), and decides. `progress` (may be empty) is called before each
/// measurement with the algorithm and the label. Throws UsageError when the backend cannot be
/// opened (unknown name, bad --lib, no AF_ALG in the kernel). After a SIGINT or SIGTERM under
/// core::StopOnInterrupt it stops as RunDoctor does (interrupted_by set).
LibraryDoctorReport RunLibraryDoctor(
    const LibraryDoctorOptions& options,
    const std::function<void(const std::string&, const std::string&)>& progress);

/// Renders a library doctor report as plain text, Markdown or JSON (docs/doctor-json.md,
/// "kind": "doctor_backend").
void RenderLibraryDoctorText(const LibraryDoctorReport& report, std::ostream& out);
void RenderLibraryDoctorMarkdown(const LibraryDoctorReport& report, std::ostream& out);
nlohmann::ordered_json LibraryDoctorToJson(const LibraryDoctorReport& report);

}  // namespace cryptobench::diagnose
