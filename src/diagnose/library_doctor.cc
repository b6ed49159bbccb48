// Library doctor (library_doctor.h): measurements in workers, then one verdict per algorithm
// from the mask experiments, the cycles-per-byte fingerprint and what the library reports.
#include "diagnose/library_doctor.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "backends/openssl/openssl_backend.h"
#include "backends/registry.h"
#include "core/fatal_signals.h"
#include "core/utc.h"
#include "cpu/cpu_info.h"
#include "worker/process.h"
#include "worker/scheduler.h"

#include "diagnose/classifier.h"
#include "diagnose/doctor.h"
#include "diagnose/kernel_drivers.h"
#include "diagnose/verdict_decider.h"
#include "diagnose/verdict_paths.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::Change;
using verdict_internal::Comparison;
using verdict_internal::FormatBytesPerSecond;
using verdict_internal::FormatCpb;
using verdict_internal::FormatRatio;
using verdict_internal::Join;

// Interleaved rounds per configuration, the fastest kept (as in doctor.cc: a burst of load on
// the shared machine slows one round, not all).
constexpr int kRounds = 2;

bool Ok(const LibraryMeasurement& m) {
  return m.status == results::CellStatus::kOk && m.bytes_per_s > 0;
}

Measurement AsMeasurement(const LibraryMeasurement& m) {
  Measurement out;
  out.label = m.label;
  out.status = m.status;
  out.message = m.message;
  out.bytes_per_s = m.bytes_per_s;
  out.ci_low = m.ci_low;
  out.ci_high = m.ci_high;
  return out;
}

std::string LabelWithEnv(const LibraryMeasurement& m) {
  return m.env.empty() ? m.label : fmt::format("{} ({})", m.label, FormatMaskEnv(m.env));
}

// "as is: 4.80 GB/s [4.75-4.85 GB/s], 0.76 cpb; the library reports 'AESNI'".
std::string Describe(const LibraryMeasurement& m, double hz_low, double hz_high) {
  if (!Ok(m)) {
    return fmt::format("{}: measurement failed ({}{}{})", LabelWithEnv(m),
                       results::CellStatusName(m.status), m.message.empty() ? "" : ": ", m.message);
  }
  std::string text = fmt::format("{}: {}", LabelWithEnv(m), FormatBytesPerSecond(m.bytes_per_s));
  if (m.ci_low > 0 && m.ci_high > 0) {
    text += fmt::format(" [95% CI {}-{}]", FormatBytesPerSecond(m.ci_low),
                        FormatBytesPerSecond(m.ci_high));
  }
  text += ", " + FormatCpb(hz_low / m.bytes_per_s, hz_high / m.bytes_per_s);
  if (!m.implementation.empty()) {
    text += fmt::format("; the library reports '{}'", m.implementation);
  }
  return text;
}

std::string ChangeText(const Comparison& c) {
  switch (c.change) {
    case Change::kSlower:
      return fmt::format("{} slower than as is (CIs apart)", FormatRatio(c.ratio));
    case Change::kNone:
      return fmt::format("no significant change ({})", FormatRatio(c.ratio));
    case Change::kInconclusive:
      return fmt::format("{} vs as is, {}: inconclusive", FormatRatio(c.ratio),
                         c.ratio < 1   ? "faster with the mask, so the machine changed"
                         : c.cis_apart ? "a small change"
                                       : "the 95% CIs overlap");
    case Change::kFailed:
      break;
  }
  return "not compared";
}

// True if an implementation string names SIMD code: "AVX2", "ChaCha(20) avx2", "SSSE3".
bool NamesSimd(std::string_view implementation) {
  std::string lower(implementation);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (std::string_view word : {"avx512", "avx2", "avx", "ssse3", "sse4", "sse2", "simd", "neon"}) {
    if (lower.find(word) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// The backend name of "gnutls 3.7.9": its first word.
std::string SpeedBackendName(const std::string& library_name) {
  return library_name.substr(0, library_name.find(' '));
}

// "A", "A and B", "A, B and C".
std::string JoinAnd(const std::vector<std::string>& items) {
  if (items.size() < 2) {
    return items.empty() ? "" : items.front();
  }
  std::vector<std::string> head(items.begin(), items.end() - 1);
  return Join(head) + " and " + items.back();
}

const LibraryMask* FindMask(const std::vector<LibraryMask>& masks, MaskScope scope, size_t* index) {
  for (size_t i = 0; i < masks.size(); ++i) {
    if (masks[i].scope == scope) {
      *index = i + 1;  // measurements[0] is "as is"
      return &masks[i];
    }
  }
  return nullptr;
}

// The verdict without doctor's environment masks (DecideLibraryVerdict's other half).
LibraryVerdict DecideUnmasked(const AlgorithmInfo& alg, const std::string& operation,
                              uint64_t input_len, const std::string& library_name,
                              const cpu::CpuFeatures& cpu, const std::vector<LibraryMask>& masks,
                              const std::string& mask_note,
                              std::vector<LibraryMeasurement> measurements, double hz_low,
                              double hz_high);

}  // namespace

ImplementationKind ReadImplementation(std::string_view implementation) {
  static constexpr std::string_view kHardware[] = {
      "aesni",  "aes-ni",    "aes_ni", "shani",     "sha-ni",     "sha_ni",
      "shaext", "intel_sha", "pclmul", "clmul",     "vaes",       "vpclmulqdq",
      "cpu",    "armv8",     "hw",     "pclmulqdq", "intel-aesni"};
  static constexpr std::string_view kSoftware[] = {"c",       "c++",      "software", "base",
                                                   "generic", "portable", "ref",      "vperm",
                                                   "ssse3",   "sse2",     "avx2",     "simd"};
  bool software = false;
  size_t start = 0;
  while (start < implementation.size()) {
    size_t end = implementation.find_first_of(" ,;/()", start);
    if (end == std::string_view::npos) {
      end = implementation.size();
    }
    std::string token(implementation.substr(start, end - start));
    std::transform(token.begin(), token.end(), token.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    start = end + 1;
    if (token.empty()) {
      continue;
    }
    if (std::find(std::begin(kHardware), std::end(kHardware), token) != std::end(kHardware)) {
      return ImplementationKind::kHardware;
    }
    software = software ||
               std::find(std::begin(kSoftware), std::end(kSoftware), token) != std::end(kSoftware);
  }
  return software ? ImplementationKind::kSoftware : ImplementationKind::kUnknown;
}

std::vector<std::string> CryptoInstructionsFor(const AlgorithmInfo& alg, std::string_view arch) {
  if (arch != "x86_64") {
    return {};
  }
  switch (verdict_internal::FamilyOf(alg)) {
    case verdict_internal::Family::kAesBlock:
    case verdict_internal::Family::kAesXts:
      return {"AES-NI"};
    case verdict_internal::Family::kAesGcm:
      return {"AES-NI", "PCLMULQDQ"};
    case verdict_internal::Family::kSha256:
      return {"SHA-NI"};
    default:
      return {};
  }
}

LibraryVerdict DecideLibraryVerdict(const AlgorithmInfo& alg, const std::string& operation,
                                    uint64_t input_len, const std::string& library_name,
                                    const cpu::CpuFeatures& cpu,
                                    const std::vector<LibraryMask>& masks,
                                    const std::string& mask_note,
                                    const std::map<std::string, std::string>& env_masks,
                                    std::vector<LibraryMeasurement> measurements, double hz_low,
                                    double hz_high) {
  std::optional<LibraryMeasurement> with_environment;
  if (!env_masks.empty() && measurements.size() == masks.size() + 2) {
    with_environment = std::move(measurements.back());
    measurements.pop_back();
  }
  LibraryVerdict v = DecideUnmasked(alg, operation, input_len, library_name, cpu, masks, mask_note,
                                    std::move(measurements), hz_low, hz_high);
  if (!with_environment) {
    return v;
  }
  // What this shell's own setting of the switch does, against the run without it.
  const std::string variables = FormatMaskEnv(env_masks);
  std::string text = Describe(*with_environment, hz_low, hz_high);
  if (!v.measurements.empty() && Ok(v.measurements.front()) && Ok(*with_environment)) {
    const Comparison c = verdict_internal::Compare(AsMeasurement(v.measurements.front()),
                                                   AsMeasurement(*with_environment));
    text += "; " + ChangeText(c);
    if (c.change == Change::kSlower) {
      const std::string prefix = VerdictSubject(v.algorithm, v.operation) + ": ";
      const std::string unmasked =
          v.line.rfind(prefix, 0) == 0 ? v.line.substr(prefix.size()) : v.line;
      v.status = VerdictStatus::kMasked;
      v.line = fmt::format(
          "{}: masked: {} in the environment makes it {} slower ({}); without that setting: "
          "{}",
          VerdictSubject(v.algorithm, v.operation), variables, FormatRatio(c.ratio),
          FormatBytesPerSecond(with_environment->bytes_per_s), unmasked);
      std::vector<std::string> names;
      for (const auto& [variable, value] : env_masks) {
        names.push_back(variable);
      }
      v.advice =
          fmt::format("Unset {} to run {}'s CPU-specific code.", JoinAnd(names), library_name);
    }
  }
  v.evidence.insert(v.evidence.begin() + 1, text);
  v.measurements.push_back(std::move(*with_environment));
  return v;
}

namespace {

LibraryVerdict DecideUnmasked(const AlgorithmInfo& alg, const std::string& operation,
                              uint64_t input_len, const std::string& library_name,
                              const cpu::CpuFeatures& cpu, const std::vector<LibraryMask>& masks,
                              const std::string& mask_note,
                              std::vector<LibraryMeasurement> measurements, double hz_low,
                              double hz_high) {
  LibraryVerdict v;
  v.algorithm = std::string(alg.name);
  v.operation = operation;
  v.input_len = input_len;
  v.measurements = std::move(measurements);
  const std::string& algorithm = v.algorithm;
  const std::string name = VerdictSubject(v.algorithm, v.operation);  // what each line begins with
  if (v.measurements.empty() || !Ok(v.measurements.front())) {
    v.status = VerdictStatus::kUndetermined;
    v.line = fmt::format("{}: undetermined: the as-is measurement failed", name);
    for (const LibraryMeasurement& m : v.measurements) {
      v.evidence.push_back(Describe(m, hz_low, hz_high));
    }
    v.advice = fmt::format("Run `cryptobench speed --backend {} {}` to see the failure.",
                           SpeedBackendName(library_name), alg.name);
    return v;
  }
  const LibraryMeasurement& as_is = v.measurements.front();
  v.cpb_low = hz_low / as_is.bytes_per_s;
  v.cpb_high = hz_high / as_is.bytes_per_s;
  const Fingerprint fingerprint = Classify(verdict_internal::ClassesFor(cpu.arch), algorithm,
                                           operation, as_is.bytes_per_s, hz_low, hz_high);
  v.fingerprint = fingerprint.conclusion;
  const std::string figures = fmt::format("{}, {}", FormatBytesPerSecond(as_is.bytes_per_s),
                                          FormatCpb(v.cpb_low, v.cpb_high));

  // Evidence: every measurement, each mask compared with "as is".
  v.evidence.push_back(Describe(as_is, hz_low, hz_high));
  std::vector<Comparison> comparisons(v.measurements.size());
  for (size_t i = 1; i < v.measurements.size(); ++i) {
    const LibraryMeasurement& m = v.measurements[i];
    comparisons[i] = verdict_internal::Compare(AsMeasurement(as_is), AsMeasurement(m));
    std::string text = Describe(m, hz_low, hz_high);
    if (Ok(m)) {
      text += "; " + ChangeText(comparisons[i]);
    }
    v.evidence.push_back(std::move(text));
  }
  if (input_len < verdict_internal::kLargeInputLen) {
    v.evidence.push_back(fmt::format(
        "cpb fingerprint (OpenSSL's reference classes, large inputs): not applied below {} bytes",
        verdict_internal::kLargeInputLen));
  } else {
    v.evidence.push_back("cpb fingerprint (OpenSSL's reference classes): " + v.fingerprint);
  }
  if (masks.empty()) {
    v.evidence.push_back(fmt::format("no mask experiment: {}", mask_note));
  }
  const bool fingerprint_usable = input_len >= verdict_internal::kLargeInputLen;
  // The kernel (AF_ALG) names the driver it serves; what that driver runs is knowledge
  // (data/kernel-crypto-drivers.csv), not a word in the name.
  const bool kernel = SpeedBackendName(library_name) == "afalg";
  const std::string driver(DriverOfImplementation(as_is.implementation));
  const KernelDriverClass driver_class =
      kernel ? SlowestClass(ReadKernelDriver(driver)) : KernelDriverClass::kUnknown;
  if (kernel && !driver.empty()) {
    std::string sources;
    for (const KernelDriverRead& read : ReadKernelDriver(driver)) {
      if (!read.source.empty() && sources.find(read.source) == std::string::npos) {
        sources += (sources.empty() ? "" : "; ") + read.source;
      }
    }
    v.evidence.push_back(fmt::format("kernel driver {}{}", DescribeKernelDriver(driver),
                                     sources.empty() ? "" : " (source: " + sources + ")"));
  }

  size_t all_index = 0;
  const LibraryMask* all_mask = FindMask(masks, MaskScope::kAllCpuSpecific, &all_index);
  // What masking every CPU feature says about SIMD code, for the algorithms without a
  // dedicated instruction.
  // Without a dedicated instruction, CPU-specific code means SIMD (SSSE3, AVX2, AVX-512): in use
  // when masking every CPU feature slows it, as OpenSSL's doctor calls its AVX2/AVX-512 paths
  // accelerated.
  const std::vector<std::string> instructions = CryptoInstructionsFor(alg, cpu.arch);
  if (instructions.empty()) {
    const Comparison* all =
        all_mask != nullptr && Ok(v.measurements[all_index]) ? &comparisons[all_index] : nullptr;
    if (all != nullptr && all->change == Change::kSlower) {
      v.status = VerdictStatus::kAccelerated;
      v.line = fmt::format(
          "{}: accelerated: its CPU-specific (SIMD) code is in use: masking all CPU features "
          "makes it {} slower (no dedicated instruction exists for it); {}",
          name, FormatRatio(all->ratio), figures);
      return v;
    }
    if (all == nullptr && NamesSimd(as_is.implementation)) {
      // No switch to prove it, but the library says which SIMD code it chose.
      v.status = VerdictStatus::kAccelerated;
      v.line = fmt::format(
          "{}: accelerated: {} reports '{}' (its SIMD code; no dedicated instruction exists for "
          "it); {}",
          name, library_name, as_is.implementation, figures);
      return v;
    }
    v.status = VerdictStatus::kNoHardwarePath;
    v.line = fmt::format("{}: no hardware path: no dedicated CPU instruction exists for it; {}{}",
                         name, figures,
                         all != nullptr && all->change == Change::kNone
                             ? "; masking all CPU features changes nothing: it runs portable code"
                             : "");
    return v;
  }
  std::vector<std::string> missing;
  for (const std::string& feature : instructions) {
    if (!cpu.Usable(feature)) {
      missing.push_back(feature);
    }
  }
  const std::string wanted = JoinAnd(instructions);
  if (!missing.empty()) {
    v.status = VerdictStatus::kSoftwareExpected;
    v.line = fmt::format("{}: software (expected): this CPU has no {}; {}", name, JoinAnd(missing),
                         figures);
    return v;
  }

  size_t crypto_index = 0;
  const LibraryMask* crypto_mask = FindMask(masks, MaskScope::kCryptoInstructions, &crypto_index);
  if (crypto_mask == nullptr) {
    crypto_mask = all_mask;  // a library whose only switch masks everything
    crypto_index = all_index;
  }
  const std::string not_used_advice =
      kernel ? fmt::format(
                   "No kernel driver with {} is loaded for it: load the module that has one "
                   "(on x86-64 aesni_intel for AES and AES-GCM, sha1_ssse3 and sha256_ssse3 for "
                   "SHA-1 and SHA-256: `modprobe aesni_intel`) and the kernel serves it, its "
                   "priority being higher; if the module does not load, the kernel was built "
                   "without it. User-space libraries (`cryptobench speed --backend all {}`) "
                   "do not depend on it.",
                   wanted, alg.name)
             : fmt::format(
                   "{} was built without its {} code, or has none: a build with it, or another "
                   "library (`cryptobench speed --backend all {}`), is faster.",
                   library_name, wanted, alg.name);
  ImplementationKind reported = ReadImplementation(as_is.implementation);
  std::string reports = fmt::format("{} reports '{}'", library_name, as_is.implementation);
  if (kernel) {
    reports = fmt::format("the kernel serves {}", driver);
    switch (driver_class) {
      case KernelDriverClass::kInstructions:
        reported = ImplementationKind::kHardware;
        reports += fmt::format(" ({})", DescribeKernelDriverClass(driver_class, wanted));
        break;
      case KernelDriverClass::kSimd:
      case KernelDriverClass::kAsm:
      case KernelDriverClass::kGeneric:
        reported = ImplementationKind::kSoftware;
        break;
      case KernelDriverClass::kEngine:
        v.status = VerdictStatus::kUndetermined;
        v.line = fmt::format(
            "{}: offloaded: {}, a crypto engine outside the CPU, so the CPU's {} is not used for "
            "it by design, and cycles per byte of the CPU clock do not apply; {}",
            name, reports, wanted, FormatBytesPerSecond(as_is.bytes_per_s));
        v.advice = fmt::format(
            "Whether the engine beats the CPU depends on the input size: compare with "
            "`cryptobench speed --backend afalg,openssl {} --bytes 16,256,4096,16384`.",
            alg.name);
        return v;
      case KernelDriverClass::kLibrary:
      case KernelDriverClass::kUnknown:
        reported = ImplementationKind::kUnknown;  // the fingerprint decides
        break;
    }
  }
  const std::string software_what =
      kernel ? DescribeKernelDriverClass(driver_class, "") : "portable code";
  if (crypto_mask == nullptr) {
    // No switch: what the library reports and the fingerprint are all the evidence there is.
    if (reported == ImplementationKind::kHardware) {
      v.status = VerdictStatus::kAccelerated;
      v.line = fmt::format("{}: accelerated: {}; {}", name, reports, figures);
      if (fingerprint_usable && fingerprint.software) {
        v.line +=
            fmt::format(", as slow as OpenSSL's software classes: its {} path is slow", wanted);
        v.advice = fmt::format(
            "{} is on its hardware path and still slow here: compare other libraries with "
            "`cryptobench speed --backend all {}`.",
            library_name, alg.name);
      }
    } else if (reported == ImplementationKind::kSoftware) {
      if (fingerprint_usable && fingerprint.hardware) {
        v.status = VerdictStatus::kUndetermined;
        v.line = fmt::format("{}: undetermined: {} ({}), yet {} fits only hardware classes", name,
                             reports, software_what, figures);
      } else {
        v.status = VerdictStatus::kNotAccelerated;
        v.line = fmt::format("{}: NOT accelerated: the CPU has {}, but {} ({}); {}", name, wanted,
                             reports, software_what, figures);
        v.advice = not_used_advice;
      }
    } else if (fingerprint_usable && fingerprint.hardware) {
      v.status = VerdictStatus::kAccelerated;
      v.line = fmt::format(
          "{}: accelerated (by its cpb fingerprint): {} fits only hardware classes; {} has no "
          "switch to prove it by masking",
          name, figures, library_name);
    } else if (fingerprint_usable && fingerprint.software) {
      v.status = VerdictStatus::kNotAccelerated;
      v.line = fmt::format(
          "{}: NOT accelerated: the CPU has {}, but {} fits only software "
          "classes",
          name, wanted, figures);
      v.advice = not_used_advice;
    } else {
      v.status = VerdictStatus::kUndetermined;
      const std::string why =
          fingerprint_usable
              ? fmt::format("the cpb fingerprint does not settle it ({})", v.fingerprint)
              : fmt::format(
                    "the cpb fingerprint does not apply below {} bytes; measure at "
                    "--bytes 16384 to use it",
                    verdict_internal::kLargeInputLen);
      v.line = fmt::format(
          "{}: undetermined: {}; {} has no switch to mask its CPU-specific code, and {}", name,
          figures, library_name, why);
    }
    return v;
  }
  const LibraryMeasurement& masked = v.measurements[crypto_index];
  const Comparison& c = comparisons[crypto_index];
  if (!Ok(masked)) {
    v.status = VerdictStatus::kUndetermined;
    v.line = fmt::format("{}: undetermined: the masked measurement failed; {}", name, figures);
    return v;
  }
  switch (c.change) {
    case Change::kSlower:
      v.status = VerdictStatus::kAccelerated;
      v.line = fmt::format("{}: accelerated: {}; masking {}'s {} use makes it {} slower", name,
                           figures, library_name, wanted, FormatRatio(c.ratio));
      break;
    case Change::kNone:
      if (reported == ImplementationKind::kHardware) {
        v.status = VerdictStatus::kUndetermined;
        v.line = fmt::format(
            "{}: undetermined: {}, yet masking changes nothing: the mask may not reach this code",
            name, reports);
      } else if (fingerprint_usable && fingerprint.hardware) {
        v.status = VerdictStatus::kUndetermined;
        v.line = fmt::format(
            "{}: undetermined: {} fits only hardware classes, yet masking changes nothing: the "
            "mask may not reach this code",
            name, figures);
      } else {
        v.status = VerdictStatus::kNotAccelerated;
        v.line = fmt::format(
            "{}: NOT accelerated: the CPU has {}, but masking {}'s use of it changes nothing "
            "({}); {}",
            name, wanted, library_name, FormatRatio(c.ratio), figures);
        v.advice = not_used_advice;
      }
      break;
    case Change::kInconclusive:
    case Change::kFailed:
      v.status = VerdictStatus::kUndetermined;
      v.line =
          fmt::format("{}: undetermined: {}; masking {}: {}", name, figures, wanted, ChangeText(c));
      v.advice = "Re-run on a quieter machine, or with a larger --max-seconds.";
      break;
  }
  return v;
}

}  // namespace

int LibraryDoctorReport::ExitStatus() const {
  for (const LibraryVerdict& v : verdicts) {
    if (IsProblem(v.status)) {
      return 1;
    }
    for (const LibraryMeasurement& m : v.measurements) {
      if (m.status != results::CellStatus::kOk && m.status != results::CellStatus::kUnsupported) {
        return 1;
      }
    }
  }
  return 0;
}

namespace {

LibraryMeasurement MeasureOnce(const AlgorithmInfo& alg, const LibraryDoctorOptions& options,
                               const std::string& label,
                               const std::map<std::string, std::string>& env,
                               const std::set<std::string>& unset) {
  worker::RunPlan plan;
  plan.executable = options.executable;
  plan.backend = options.backend;
  plan.library_path = options.library_path;
  plan.input_sizes = {options.input_len};
  plan.sampler.max_seconds = options.max_seconds;
  plan.sampler.precision = options.precision;
  plan.env = env;
  plan.unset_env = unset;
  LibraryMeasurement m;
  m.label = label;
  m.env = env;
  const Measurement measured = MeasureThroughput(alg, plan, &m.implementation);
  m.status = measured.status;
  m.message = measured.message;
  m.bytes_per_s = measured.bytes_per_s;
  m.ci_low = measured.ci_low;
  m.ci_high = measured.ci_high;
  return m;
}

// The first word with a digit: "2.19.3" of "Botan 2.19.3 (unreleased, ...)", "3.7.9" of "3.7.9".
std::string ShortVersion(const std::string& version) {
  size_t start = 0;
  while (start < version.size()) {
    const size_t end = std::min(version.find(' ', start), version.size());
    const std::string word = version.substr(start, end - start);
    if (std::any_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return word;
    }
    start = end + 1;
  }
  return "";
}

// A run that inherits doctor's environment; `inherited` records what it holds of the switch.
LibraryMeasurement MeasureWithEnvironment(const AlgorithmInfo& alg,
                                          const LibraryDoctorOptions& options,
                                          const std::string& label,
                                          const std::map<std::string, std::string>& inherited) {
  LibraryMeasurement m = MeasureOnce(alg, options, label, {}, {});
  m.env = inherited;
  return m;
}

// One side of the kernel-versus-user-space comparison: `alg` on `backend` at `sizes`, the
// first timed operation's cells, by input size (a failed cell is left out).
std::map<uint64_t, results::Cell> MeasureSizes(const AlgorithmInfo& alg,
                                               const LibraryDoctorOptions& options,
                                               const std::string& backend,
                                               const std::string& library_path,
                                               std::string* implementation) {
  worker::RunPlan plan;
  plan.executable = options.executable;
  plan.backend = backend;
  plan.library_path = library_path;
  plan.input_sizes = options.comparison_sizes;
  plan.sampler.max_seconds = options.max_seconds;
  plan.sampler.precision = options.precision;
  results::AlgorithmResult result = worker::MeasureAlgorithm(alg, plan, nullptr);
  if (implementation != nullptr) {
    *implementation = result.implementation;
  }
  const std::string operation(OperationName(TimedOperations(alg, false).front()));
  std::map<uint64_t, results::Cell> cells;
  for (results::Cell& cell : result.cells) {
    results::DeriveFigures(cell, true, plan.sampler.confidence);
    if (cell.operation == operation && cell.status == results::CellStatus::kOk && cell.figures &&
        cell.figures->bytes_per_s) {
      cells.emplace(cell.input_len, std::move(cell));
    }
  }
  return cells;
}

// doctor --backend afalg: each default-suite algorithm examined, against user-space OpenSSL.
void CompareWithUserSpace(
    const LibraryDoctorOptions& options, LibraryDoctorReport& report,
    const std::function<void(const std::string&, const std::string&)>& progress) {
  if (options.comparison_sizes.empty()) {
    report.kernel_versus_user_note = "no comparison sizes were given";
    return;
  }
  worker::RunPlan probe_plan;
  probe_plan.executable = options.executable;
  probe_plan.backend = "openssl";
  probe_plan.library_path = backends::kDefaultLibcrypto;
  worker::ProbeResult openssl;
  try {
    openssl = worker::Probe(probe_plan);
  } catch (const std::exception& e) {
    report.kernel_versus_user_note =
        fmt::format("user-space OpenSSL could not be opened here: {}", e.what());
    return;
  }
  const std::string version = ShortVersion(openssl.library.version);
  const std::string user_space = version.empty() ? "openssl" : "openssl " + version;
  for (const LibraryVerdict& v : report.verdicts) {
    const AlgorithmInfo* alg = FindAlgorithm(v.algorithm);
    if (core::InterruptSignal() != 0) {
      break;  // stopped: the sizes compared so far are kept
    }
    if (alg == nullptr || !alg->default_suite || openssl.supported.count(v.algorithm) == 0) {
      continue;
    }
    if (progress) {
      progress(v.algorithm, "kernel against user-space OpenSSL");
    }
    std::string implementation;
    const std::map<uint64_t, results::Cell> kernel =
        MeasureSizes(*alg, options, report.backend, options.library_path, &implementation);
    const std::map<uint64_t, results::Cell> user =
        MeasureSizes(*alg, options, "openssl", backends::kDefaultLibcrypto, nullptr);
    std::vector<KernelVersusUserPoint> points;
    for (const auto& [len, k] : kernel) {
      const auto u = user.find(len);
      if (u == user.end()) {
        continue;
      }
      const results::Estimate& kb = *k.figures->bytes_per_s;
      const results::Estimate& ub = *u->second.figures->bytes_per_s;
      points.push_back({len, kb.value, kb.ci_low, kb.ci_high, ub.value, ub.ci_low, ub.ci_high});
    }
    report.kernel_versus_user.push_back(CompareKernelWithUserSpace(
        v.algorithm, v.operation, std::string(DriverOfImplementation(implementation)), user_space,
        std::move(points)));
  }
}

bool Better(const LibraryMeasurement& a, const LibraryMeasurement& b) {
  if (Ok(a) != Ok(b)) {
    return Ok(a);
  }
  return a.bytes_per_s > b.bytes_per_s;
}

}  // namespace

KernelVersusUserSpace CompareKernelWithUserSpace(std::string algorithm, std::string operation,
                                                 std::string kernel_driver, std::string user_space,
                                                 std::vector<KernelVersusUserPoint> points) {
  KernelVersusUserSpace c;
  c.algorithm = std::move(algorithm);
  c.operation = std::move(operation);
  c.kernel_driver = std::move(kernel_driver);
  c.user_space = std::move(user_space);
  std::sort(points.begin(), points.end(),
            [](const KernelVersusUserPoint& a, const KernelVersusUserPoint& b) {
              return a.input_len < b.input_len;
            });
  c.points = std::move(points);
  if (c.points.empty() || c.points.front().kernel_bytes_per_s <= 0 ||
      c.points.front().user_bytes_per_s <= 0) {
    c.line = fmt::format("{}: not compared: no size was measured on both sides", c.algorithm);
    return c;
  }
  const KernelVersusUserPoint& smallest = c.points.front();
  const KernelVersusUserPoint& largest = c.points.back();
  const double len = static_cast<double>(smallest.input_len);
  c.request_cost_us = (len / smallest.kernel_bytes_per_s - len / smallest.user_bytes_per_s) * 1e6;
  // From the largest size down, while the kernel's CI stays above user space's.
  for (auto it = c.points.rbegin(); it != c.points.rend(); ++it) {
    if (!(it->kernel_ci_low > it->user_ci_high)) {
      break;
    }
    c.crossover = it->input_len;
  }
  const std::string kernel = fmt::format("the kernel ({})", c.kernel_driver);
  if (c.crossover == smallest.input_len) {
    c.line = fmt::format("{}: {} is faster than {} at every size measured ({} to {} bytes)",
                         c.algorithm, kernel, c.user_space, smallest.input_len, largest.input_len);
  } else if (c.crossover > 0) {
    c.line = fmt::format(
        "{}: {} is faster than {} from {} bytes per request; below that the cost of each "
        "request ({:.1f} us more at {} bytes) outweighs it",
        c.algorithm, kernel, c.user_space, c.crossover, c.request_cost_us, smallest.input_len);
  } else {
    // Only the largest size is described: a level point below it says nothing more.
    const double ratio = largest.kernel_bytes_per_s / largest.user_bytes_per_s;
    const std::string at_largest =
        largest.kernel_ci_high < largest.user_ci_low
            ? fmt::format("{} is faster at {} bytes (the kernel reaches {} of its throughput)",
                          c.user_space, largest.input_len, FormatRatio(ratio))
            : fmt::format(
                  "at {} bytes the CIs overlap (the kernel at {} of {}'s throughput): cannot "
                  "tell which is faster there",
                  largest.input_len, FormatRatio(ratio), c.user_space);
    c.line = fmt::format(
        "{}: no crossover up to {} bytes: {}; each request to {} costs {:.1f} us more than a "
        "user-space call at {} bytes",
        c.algorithm, largest.input_len, at_largest, kernel, c.request_cost_us, smallest.input_len);
  }
  return c;
}

LibraryDoctorReport RunLibraryDoctor(
    const LibraryDoctorOptions& options,
    const std::function<void(const std::string&, const std::string&)>& progress) {
  LibraryDoctorReport report;
  report.created_utc = UtcTimestamp();
  report.tool_version = CRYPTOBENCH_VERSION;
  report.backend = options.backend;
  report.cpu = cpu::DetectCpuFeatures();
  report.clock = cpu::GatherClockFacts(
      cpu::RealSystemReader(), *cpu::MakeRealCoreClockProbes(report.cpu), 0.2, report.cpu.hybrid);
  const cpu::CpbClockRange range = cpu::CpbClockRangeOf(report.clock);
  report.core_hz_low = range.low_hz;
  report.core_hz_high = range.high_hz;
  report.cpb_clock_basis = range.basis;
  report.masks = LibraryMasks(options.backend);

  worker::RunPlan probe_plan;
  probe_plan.executable = options.executable;
  probe_plan.backend = options.backend;
  probe_plan.library_path = options.library_path;
  const worker::ProbeResult probe = worker::Probe(probe_plan);  // throws UsageError
  report.library = probe.library;

  std::vector<const AlgorithmInfo*> algorithms = options.algorithms;
  if (algorithms.empty()) {
    for (const AlgorithmInfo& alg : Catalog()) {
      if (IsSymmetric(alg.kind) && (!options.quick || alg.default_suite) &&
          probe.MaySupport(std::string(alg.name))) {
        algorithms.push_back(&alg);
      }
    }
  }
  if (const backends::BackendDescriptor* d = backends::FindBackend(options.backend)) {
    report.mask_variable = std::string(d->mask_variable);
    report.mask_note = std::string(d->mask_note);
  }
  // The switch's variables already set in this environment (the registry's, and every one a
  // mask sets: GnuTLS's mask sets Nettle's too).
  std::set<std::string> variables;
  if (!report.mask_variable.empty()) {
    variables.insert(report.mask_variable);
  }
  for (const LibraryMask& mask : report.masks) {
    for (const auto& [name, value] : mask.env) {
      variables.insert(name);
    }
  }
  std::set<std::string> unset;
  for (const std::string& name : variables) {
    if (const char* value = std::getenv(name.c_str()); value != nullptr) {
      report.env_masks[name] = value;
      unset.insert(name);
    }
  }
  std::vector<std::string> unset_names(unset.begin(), unset.end());
  const std::string unset_label = "as is, " + JoinAnd(unset_names) + " unset";
  const std::string environment_label = "with this environment's setting";
  const std::string version = ShortVersion(report.library.version);
  const std::string library_name =
      version.empty() ? options.backend : fmt::format("{} {}", options.backend, version);
  for (const AlgorithmInfo* alg : algorithms) {
    if (core::InterruptSignal() != 0) {
      break;  // SIGINT or SIGTERM (core::StopOnInterrupt): what was examined is the report
    }
    if (!probe.MaySupport(std::string(alg->name))) {
      report.not_offered.emplace_back(alg->name);
      continue;
    }
    std::vector<LibraryMeasurement> measurements(report.masks.size() + 1 +
                                                 (report.env_masks.empty() ? 0 : 1));
    for (int round = 0; round < kRounds; ++round) {
      for (size_t i = 0; i < measurements.size(); ++i) {
        const bool environment = i == report.masks.size() + 1;
        const std::string label = i == 0        ? (unset.empty() ? "as is" : unset_label)
                                  : environment ? environment_label
                                                : report.masks[i - 1].label;
        if (progress) {
          progress(std::string(alg->name), label);
        }
        LibraryMeasurement m = environment
                                   ? MeasureWithEnvironment(*alg, options, label, report.env_masks)
                                   : MeasureOnce(*alg, options, label,
                                                 i == 0 ? std::map<std::string, std::string>{}
                                                        : report.masks[i - 1].env,
                                                 unset);
        if (round == 0 || Better(m, measurements[i])) {
          measurements[i] = std::move(m);
        }
        if (core::InterruptSignal() != 0) {
          break;  // the worker was stopped: this algorithm's runs are incomplete
        }
      }
      if (core::InterruptSignal() != 0) {
        break;
      }
    }
    if (core::InterruptSignal() != 0) {
      break;  // no verdict from an unfinished experiment
    }
    const std::string operation(OperationName(TimedOperations(*alg, false).front()));
    report.verdicts.push_back(DecideLibraryVerdict(*alg, operation, options.input_len, library_name,
                                                   report.cpu, report.masks, report.mask_note,
                                                   report.env_masks, std::move(measurements),
                                                   report.core_hz_low, report.core_hz_high));
  }
  if (options.backend == "afalg" && core::InterruptSignal() == 0) {
    CompareWithUserSpace(options, report, progress);
  }
  if (const int signal_number = core::InterruptSignal(); signal_number != 0) {
    report.interrupted_by = worker::SignalName(signal_number);
  }
  return report;
}

}  // namespace cryptobench::diagnose
