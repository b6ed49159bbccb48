// The verdict engine: which mask experiments to run for an algorithm, and what the facts and
// measurements say. Pure functions: no clocks, no processes, no environment reads.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "algorithms/catalog.h"

#include "diagnose/doctor_model.h"

namespace cryptobench::diagnose {

/// Slowdown (baseline throughput / masked throughput) from which a mask experiment counts as
/// proof that the masked feature's path was in use; also the two CIs must not overlap.
inline constexpr double kSignificantSlowdown = 1.25;

/// The mask experiments worth running for `alg` on this CPU and library: only features the CPU
/// has usable and the library's capability vector has set (masking an absent bit proves
/// nothing). Empty for a no-asm build and for algorithms without a feature-dispatched path.
/// Masks follow ../shared/reference/cpb-reference.md sec. 2-4 (e.g. AES-GCM takes the VAES path
/// without looking at the AES-NI bit, so the AES-NI experiment masks VAES and VPCLMULQDQ too).
/// Experiment::label is "<features> masked", e.g. "AES-NI, VAES, VPCLMULQDQ masked"; for
/// AES-GCM the GHASH experiment ("PCLMULQDQ GHASH") has `baseline` = the VAES experiment when
/// that is planned. Features the CPU or the vector lacks are left out of `features`.
std::vector<Experiment> PlanExperiments(const AlgorithmInfo& alg, const DoctorFacts& facts);

/// The OPENSSL_ia32cap value for a worker running `experiment`: MaskClearing() of its features
/// plus facts.env_masked_features, so that an experiment keeps what the environment already
/// masks in the "as is" run (all five words written). Throws std::invalid_argument for a
/// feature name KnownCapabilityBits() lacks. On AArch64 (facts.cpu.arch "aarch64") the value
/// is for OPENSSL_armcap instead (MaskVariable): the detected word (its CPUINFO, else derived
/// from the CPU's features) less the experiment's bits (armcap.h ArmcapClearing).
std::string ExperimentIa32cap(const Experiment& experiment, const DoctorFacts& facts);

/// The OPENSSL_armcap word OpenSSL derives from the usable features of facts.cpu
/// (ArmcapFromFeatureNames): what a library that prints no CPUINFO (1.1.1) runs with.
uint32_t ArmcapFromCpu(const DoctorFacts& facts);

/// The variable a mask experiment sets for `arch`: "OPENSSL_armcap" on "aarch64", else
/// "OPENSSL_ia32cap".
std::string_view MaskVariable(std::string_view arch);

/// The label of the measurement doctor adds when `variable` in its own environment masks a
/// feature the algorithm uses: the run with the variable unset, "without OPENSSL_armcap".
/// DecideVerdicts finds it by this label and states the mask's cost against it.
std::string UnsetEnvLabel(std::string_view variable);

/// Verdicts for one algorithm (one; AES-GCM also yields "GHASH (AES-128-GCM)" when its GHASH
/// experiment ran). `measurements[0]` is "as is"; measurements[i] is experiments[i-1].
/// Frequencies in Hz give the cpb range for the fingerprint (diagnose/classifier.h, the class
/// table of facts.cpu.arch). For public-key kinds (RSA sign) the Measurement rate fields hold
/// operations per second instead of bytes per second, and no cpb is computed.
/// A slowdown counts when masked.ci_high < baseline.ci_low and baseline / masked >=
/// kSignificantSlowdown; a measurement whose CI bounds are both 0 (unknown) is judged on the
/// ratio alone.
std::vector<Verdict> DecideVerdicts(const AlgorithmInfo& alg, std::string_view operation,
                                    uint64_t input_len, const DoctorFacts& facts,
                                    const std::vector<Experiment>& experiments,
                                    const std::vector<Measurement>& measurements, double hz_low,
                                    double hz_high);

/// Machine- and library-wide findings: no-asm build, OPENSSL_ia32cap in the environment,
/// powersave governor, turbo off, hypervisor, steal time, load, AVX-512 disabled by the OS,
/// TSC vs core clock difference.
std::vector<Finding> GlobalFindings(const DoctorFacts& facts);

}  // namespace cryptobench::diagnose
