// The causes a diagnosis states, as tags of one vocabulary (tests/fixtures/reports/README.md,
// "The cause"): what `bench/diagnose-corpus` scores against the causes maintainers established.
// Pure functions over reports already made; they add no judgement of their own.
#pragma once

#include <string>
#include <vector>

#include "diagnose/doctor_model.h"

namespace cryptobench::diagnose {

/// One cause a report states: its tag and the sentence that states it.
struct StatedCause {
  std::string tag;   ///< e.g. "legacy-api-not-evp", "built-without-asm", "crypto-fine"
  std::string text;  ///< the finding's summary or the verdict's line
};

/// The causes `report` states: each warning or error finding that names a cause, and each
/// verdict that calls an algorithm not accelerated or masked. Findings and verdicts that state
/// facts without a cause (no CPUINFO line, -multi, an algorithm without hardware path) give
/// none. Tags: "built-without-asm" (no-asm build, 1.x compiler line without assembly defines),
/// "capability-masked" (OPENSSL_ia32cap/armcap clearing features), "user-cpu-timing-hides-offload"
/// (user CPU time with an engine or provider), "legacy-api-not-evp" (1.x low-level rows),
/// "hw-path-unused" (a figure below every accelerated class although the vector offers one, or
/// an AES figure below every hardware path on a CPU with AES instructions), "no-hw-aes" (such a
/// figure on a CPU the clues show without them), "vm-hides-cpu-features" (a guest's flags lack
/// AES instructions its host's model has), "aes-ni-off" (a CPU's own flags lack the AES-NI its
/// model has, no virtual machine shown: switched off in the firmware or hidden by a hypervisor
/// the paste does not show), "cannot-tell" (software AES on a CPU the text does
/// not describe, a kernel engine's driver the paste does not show, or hardware AES shown only by
/// ECB figures, no workload's mode: "report.ecb-no-ceiling"), "library-lacks-asm-path"
/// (a release without the architecture's assembly, or Botan [base] AES at a hardware speed),
/// "library-inefficiency" (a subset mode far below its superset in one run, e.g. AES-CTR below
/// AES-GCM: SubsetModeFindings in doctor_from.h; the subset mode's own below-class verdict then
/// states nothing more), "engine-does-not-offload-algorithm" (an engine whose list lacks the
/// algorithm measured), "engine-software-driver" (a kernel engine over a software driver);
/// "built-without-asm" also for a build-file search that finds no assembly module; "speed-tool-bug"
/// (the speed tool's -multi summary contradicts its children's
/// records: speed_tool.h), "crypto-fine" (the info finding "report.crypto-fine": every examined
/// figure in its accelerated class, CryptoFineFinding in doctor_from.h). compare states
/// "user-cpu-timing-misleads" (s_time's user-CPU figure ranks two runs against the wall clock) and
/// "speed-tool-change" (a known change of the speed tool explains the difference) itself
/// (diagnose::SpeedToolPairFindings).
std::vector<StatedCause> StatedCauses(const DoctorReport& report);

}  // namespace cryptobench::diagnose
