// Doctor orchestration: facts, then measurements in worker processes, then verdicts.
#include "diagnose/doctor.h"

#include <cstdlib>
#include <stdexcept>

#include "core/fatal_signals.h"
#include "core/utc.h"
#include "cpu/clock_facts.h"
#include "cpu/cpu_info.h"
#include "cpu/emulation.h"
#include "cpu/features.h"
#include "report/sanitize.h"
#include "worker/process.h"
#include "worker/scheduler.h"

#include "diagnose/armcap.h"
#include "diagnose/ia32cap.h"
#include "diagnose/library_advice.h"
#include "diagnose/library_facts.h"
#include "diagnose/verdict.h"
#include "diagnose/verdict_paths.h"

namespace cryptobench::diagnose {
namespace {

// Interleaved measurement rounds per configuration (see RunDoctor).
constexpr int kRounds = 2;

// True if `a` is the better measurement to keep: a success over a failure, else the faster.
bool Better(const Measurement& a, const Measurement& b) {
  const bool a_ok = a.status == results::CellStatus::kOk;
  const bool b_ok = b.status == results::CellStatus::kOk;
  if (a_ok != b_ok) {
    return a_ok;
  }
  return a.bytes_per_s > b.bytes_per_s;
}

// Number of 64-bit words the library prints in its CPUINFO (2 on 1.1.1/3.0, 5 on newer),
// which decides how an empty OPENSSL_ia32cap field is read (ia32cap.h).
int VectorWords(const std::string& capability_vector) {
  int words = capability_vector.empty() ? 0 : 1;
  for (char c : capability_vector) {
    words += c == ':' ? 1 : 0;
  }
  return words <= 2 ? 2 : 5;
}

DoctorFacts GatherFacts(const DoctorOptions& options) {
  DoctorFacts facts;
  facts.cpu = cpu::DetectCpuFeatures();
  facts.emulation = cpu::MachineEmulation().reason;
  facts.clock = cpu::GatherClockFacts(
      cpu::RealSystemReader(), *cpu::MakeRealCoreClockProbes(facts.cpu), 0.2, facts.cpu.hybrid);

  worker::RunPlan plan;
  plan.executable = options.executable;
  plan.library_path = options.library_path;
  worker::ProbeResult probe = worker::Probe(plan);  // with doctor's own environment
  facts.library = probe.library;
  facts.library.requested_path = options.library_path;
  facts.detected_capability_vector = facts.library.capability_vector;
  facts.no_asm_build =
      (facts.library.capability_vector == "N/A" && CpuinfoNaMeansNoAsm(facts.cpu.arch)) ||
      !GenericConfigureTarget(facts.library.platform).empty();

  // OPENSSL_armcap on AArch64, OPENSSL_ia32cap elsewhere: the one the library reads here.
  const std::string variable(MaskVariable(facts.cpu.arch));
  if (const char* env = std::getenv(variable.c_str()); env != nullptr) {
    // Shown in findings and verdicts: one line, with any control character escaped.
    facts.env_ia32cap = report::SafeText(env);
    // What the library detects without the variable, to name what the variable masks.
    plan.unset_env.insert(variable);
    const worker::ProbeResult clean = worker::Probe(plan);
    facts.detected_capability_vector = clean.library.capability_vector;
    if (variable == "OPENSSL_armcap") {
      // The library's own word (CPUINFO, 3.0 and later), else the one OpenSSL derives from the
      // CPU's features, as the mask experiments do (verdict.h, ExperimentIa32cap).
      const std::optional<uint32_t> word = ParseArmcapCpuInfo(clean.library.cpu_info);
      facts.env_masked_features = ArmcapMaskedFeatures(word ? *word : ArmcapFromCpu(facts), env);
    } else if (const auto detected = ParseCpuInfoVector(clean.library.capability_vector)) {
      try {
        facts.env_masked_features =
            MaskedFeatures(*detected, env, VectorWords(clean.library.capability_vector));
      } catch (const std::invalid_argument& e) {
        facts.env_masked_features.push_back("(unparsable value: " + report::SafeText(e.what()) +
                                            ")");
      }
    }
  }
  try {
    facts.asm_modules = FindAsmModulesInFile(facts.library.loaded_path);
  } catch (const std::exception&) {
    // An unreadable file leaves the module list empty; the report says none were found.
  }
  facts.asm_defines = AsmDefines(facts.library.cflags);
  return facts;
}

// One cell's figure as a Measurement: bytes/s for symmetric kinds, operations/s for public-key
// kinds (doctor_model.h, Measurement).
Measurement FromWorkerCell(results::Cell& cell, bool symmetric, double confidence) {
  Measurement m;
  results::DeriveFigures(cell, symmetric, confidence);
  m.status = cell.status;
  m.message = cell.message;
  const results::Estimate* rate = nullptr;
  if (cell.figures) {
    rate = symmetric ? (cell.figures->bytes_per_s ? &*cell.figures->bytes_per_s : nullptr)
                     : &cell.figures->ops_per_s;
  }
  if (cell.status == results::CellStatus::kOk && rate != nullptr && rate->value > 0) {
    m.bytes_per_s = rate->value;
    m.ci_low = rate->ci_low;
    m.ci_high = rate->ci_high;
  } else if (m.status == results::CellStatus::kOk) {
    m.status = results::CellStatus::kError;
    m.message = "no throughput figure";
  }
  return m;
}

// One Measurement per timed operation of `alg` (TimedOperations order: the symmetric kinds have
// one, signatures sign then verify); failures come back as statuses.
std::vector<Measurement> MeasureOperations(const AlgorithmInfo& alg, const worker::RunPlan& plan) {
  const size_t count = TimedOperations(alg, false).size();
  results::AlgorithmResult result = worker::MeasureAlgorithm(alg, plan, nullptr);
  std::vector<Measurement> out;
  for (size_t i = 0; i < count; ++i) {
    if (i < result.cells.size()) {
      out.push_back(
          FromWorkerCell(result.cells[i], IsSymmetric(alg.kind), plan.sampler.confidence));
    } else {
      Measurement m;
      m.status = results::CellStatus::kError;
      m.message = "nothing measured";
      out.push_back(std::move(m));
    }
  }
  return out;
}

// Measures `alg` once at options.input_len (public-key kinds: each timed operation once);
// `ia32cap` ("" = doctor's own environment) replaces OPENSSL_ia32cap in the worker from process
// start.
std::vector<Measurement> Measure(const AlgorithmInfo& alg, const DoctorOptions& options,
                                 const std::string& label, const std::vector<std::string>& features,
                                 const std::string& ia32cap, std::string_view variable,
                                 bool unset_variable = false) {
  worker::RunPlan plan;
  if (unset_variable) {
    plan.unset_env.insert(std::string(variable));
  }
  plan.executable = options.executable;
  plan.library_path = options.library_path;
  plan.input_sizes = {options.input_len};
  plan.sampler.max_seconds = options.max_seconds;
  plan.sampler.precision = options.precision;
  plan.test_fault = options.test_fault;
  plan.test_fault_algorithm = options.test_fault_algorithm;
  plan.worker_timeout_seconds = options.worker_timeout_seconds;
  if (!ia32cap.empty()) {
    plan.env[std::string(variable)] = ia32cap;
  }
  std::vector<Measurement> out = MeasureOperations(alg, plan);
  for (Measurement& m : out) {
    m.label = label;
    m.masked_features = features;
    m.ia32cap = ia32cap;
  }
  return out;
}

}  // namespace

Measurement MeasureThroughput(const AlgorithmInfo& alg, const worker::RunPlan& plan,
                              std::string* implementation) {
  Measurement m;
  results::AlgorithmResult result = worker::MeasureAlgorithm(alg, plan, nullptr);
  if (implementation != nullptr) {
    *implementation = result.implementation;
  }
  if (result.cells.empty()) {
    m.status = results::CellStatus::kError;
    m.message = "nothing measured";
    return m;
  }
  return FromWorkerCell(result.cells.front(), true, plan.sampler.confidence);
}

std::vector<const AlgorithmInfo*> DefaultDoctorAlgorithms(bool quick) {
  std::vector<const AlgorithmInfo*> out;
  for (const AlgorithmInfo& alg : Catalog()) {
    // Doctor examines OpenSSL builds: algorithms without an OpenSSL name (XChaCha20-Poly1305)
    // are only examined when named.
    if (IsSymmetric(alg.kind) && (!quick || alg.default_suite) && !alg.openssl_name.empty()) {
      out.push_back(&alg);
    }
  }
  return out;
}

DoctorReport RunDoctor(const DoctorOptions& options, const DoctorProgressFn& progress) {
  DoctorReport report;
  report.created_utc = UtcTimestamp();
  report.tool_version = CRYPTOBENCH_VERSION;
  report.facts = GatherFacts(options);
  // cpb needs the core clock, not the TSC; without a trusted one the range is wide and the
  // verdicts lean on the mask experiments (cpu::CpbClockRangeOf).
  const cpu::CpbClockRange range = cpu::CpbClockRangeOf(report.facts.clock);
  report.core_hz_low = range.low_hz;
  report.core_hz_high = range.high_hz;
  report.cpb_clock_basis = range.basis;
  report.findings = GlobalFindings(report.facts);

  const std::vector<const AlgorithmInfo*> algorithms =
      options.algorithms.empty() ? DefaultDoctorAlgorithms(options.quick) : options.algorithms;
  for (const AlgorithmInfo* alg : algorithms) {
    if (core::InterruptSignal() != 0) {
      break;  // SIGINT or SIGTERM (core::StopOnInterrupt): what was examined is the report
    }
    std::vector<Experiment> experiments = PlanExperiments(*alg, report.facts);
    const std::vector<Operation> operations = TimedOperations(*alg, false);
    // The capability variable in doctor's environment masks a feature this algorithm uses: the
    // verdict compares the run as is with one with the variable unset (DecideVerdicts finds it
    // by its label, UnsetEnvLabel). On x86 the plan already leaves out the masked features and
    // each experiment keeps the environment's masks (ExperimentIa32cap); OPENSSL_armcap
    // replaces the whole word, so an AArch64 experiment would undo the environment's mask and
    // compare two different masks: none runs.
    const std::string variable(MaskVariable(report.facts.cpu.arch));
    const bool env_masks = !verdict_internal::EnvMaskedFeatures(*alg, report.facts).empty();
    if (env_masks && variable == "OPENSSL_armcap") {
      experiments.clear();
    }
    const size_t configurations = experiments.size() + (env_masks ? 2 : 1);
    // Every configuration is measured in kRounds interleaved rounds and the fastest round is
    // kept: on a shared machine a burst of load slows one measurement, and a slowed "as is" run
    // would hide a mask's effect while a slowed masked run would invent one.
    // measurements[op][config]: one worker run times every operation of a configuration.
    std::vector<std::vector<Measurement>> measurements(operations.size(),
                                                       std::vector<Measurement>(configurations));
    for (int round = 0; round < kRounds; ++round) {
      for (size_t i = 0; i < configurations; ++i) {
        const bool unset = env_masks && i == configurations - 1;
        const std::string label = i == 0  ? "as is"
                                  : unset ? UnsetEnvLabel(variable)
                                          : experiments[i - 1].label;
        if (progress) {
          progress(std::string(alg->name), label);
        }
        std::vector<Measurement> ms =
            i == 0  ? Measure(*alg, options, label, {}, "", "")
            : unset ? Measure(*alg, options, label, {}, "", variable, true)
                    : Measure(*alg, options, label, experiments[i - 1].features,
                              ExperimentIa32cap(experiments[i - 1], report.facts), variable);
        for (size_t op = 0; op < operations.size(); ++op) {
          if (round == 0 || Better(ms[op], measurements[op][i])) {
            measurements[op][i] = std::move(ms[op]);
          }
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
    // Public-key operations take a fixed 32-byte input (none for key agreement).
    const uint64_t input_len = IsSymmetric(alg->kind)                      ? options.input_len
                               : alg->kind == AlgorithmKind::kKeyAgreement ? 0
                                                                           : kPublicKeyInputLen;
    for (size_t op = 0; op < operations.size(); ++op) {
      for (Verdict& verdict :
           DecideVerdicts(*alg, OperationName(operations[op]), input_len, report.facts, experiments,
                          measurements[op], report.core_hz_low, report.core_hz_high)) {
        report.verdicts.push_back(std::move(verdict));
      }
    }
  }
  if (const int signal_number = core::InterruptSignal(); signal_number != 0) {
    report.interrupted_by = worker::SignalName(signal_number);
  }
  return report;
}

}  // namespace cryptobench::diagnose
