// One run's AES rows that one code path serves, settled to opposite verdicts by their own
// figures (issue 13, section 5: no false leads from a disturbed row).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "results/model.h"

#include "diagnose/doctor_model.h"

namespace cryptobench::diagnose {

/// The first words of the evidence entry DisputeDisagreeingRows adds to a verdict it disputes.
inline constexpr std::string_view kDisputedEvidence = "its own figure said: ";

/// True when DisputeDisagreeingRows disputed `verdict`.
bool Disputed(const Verdict& verdict);

/// Two settled AES rows of one run that one code path serves, one accelerated and one NOT
/// accelerated by its own figure: the finding "report.rows-disagree" (a warning; stated as
/// "cannot tell") naming both, and the NOT accelerated row becomes undetermined with
/// an evidence entry that begins with kDisputedEvidence, its former line kept in the evidence.
/// Disturbance (a busy or shared machine, a throttled core, a figure cut short) only slows a
/// figure, so the slow row is the one in doubt; the fast one keeps its verdict. Which rows share
/// one path: a library picks its AES code for a mode once per key by the CPU's features, one
/// routine for both directions (OpenSSL's crypto/evp/e_aes.c: AESNI_CAPABLE / HWAES_CAPABLE tested
/// in the mode's init_key; aesni_cbc_encrypt and HWAES_cbc_encrypt take `enc`). So: the encrypt and
/// decrypt rows of one key size in a mode whose two directions are both parallel or both serial
/// (GCM, CTR, ECB, XTS, CCM, OCB), and, on an architecture the text names other than s390x (whose
/// CPACF is picked per key size), rows of those modes or CBC decrypt rows of another key size in
/// the same direction. Never CBC encrypt against CBC decrypt: CBC encryption is serial and runs
/// several times slower than its parallel decryption on the same AES instructions. Rows at
/// different input sizes are not compared. Nothing happens with an engine or provider named, for a
/// kernel tool (an offload driver may serve some key sizes only), under emulation, with 1.x
/// low-level rows beside EVP ones, or when the mode's rows name different implementations.
/// Runs after SettleByCpuFindings and before CpuFindings, which then leaves disputed rows out, and
/// SettleBySiblings does not settle them again.
std::vector<Finding> DisputeDisagreeingRows(DoctorReport& report, const results::RunResult& run);

/// The encrypt and decrypt rows of one AES key size in a mode whose directions run alike (GCM,
/// CTR, ECB, XTS, CCM, OCB), both undetermined, at one input size, whose figures are 4x or more
/// apart: "report.rows-disagree" (a warning; stated as "cannot tell"), saying one figure was
/// likely disturbed and naming the rerun (RerunCommand). One path runs both directions at one
/// rate, and software AES decrypts at most about 1.4x slower than it encrypts. Same conditions
/// on the run as DisputeDisagreeingRows; nullopt otherwise. Runs after the settling steps.
std::optional<Finding> DirectionsDifferFinding(const DoctorReport& report,
                                               const results::RunResult& run);

}  // namespace cryptobench::diagnose
