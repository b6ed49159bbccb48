// Public-key verdicts of a pasted report read together (doctor_from.h): the one P-256 group
// method OpenSSL gives every operation on the curve (ShareP256Assembly, P256AssemblyProof), the
// public-key figures that prove the assembly ran (ProvesAssembly), and the command that settles
// an open public-key verdict (PublicKeySettlingCommand).
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "diagnose/doctor_from.h"
#include "diagnose/library_advice.h"
#include "diagnose/pk_bounds.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
namespace {

using verdict_internal::Join;

// OpenSSL builds the P-256 group of every operation on the curve from one entry of its curve
// table: EC_GROUP_new_by_curve_name takes the method of NID_X9_62_prime256v1's curve_list entry,
// EC_GFp_nistz256_method when the build defines ECP_NISTZ256_ASM (a platform with the
// ecp_nistz256 assembly, built with it), else ecp_nistp256.c's with enable-ec_nistp_64_gcc_128,
// else the generic prime-field code. That method's points_mul serves ECDSA signing (k*G),
// ECDSA verification (u1*G + u2*Q) and ECDH (d*Q) alike: EC_GFp_nistz256_method's ECDSA and
// ECDH entries are ossl_ecdsa_simple_* and ossl_ecdh_simple_compute_key, which multiply through
// it.
constexpr std::string_view kP256MethodSource =
    "P-256 method: OpenSSL picks one method for the P-256 group in the curve table, whatever "
    "the operation: EC_GFp_nistz256_method when the build has the assembly (ECP_NISTZ256_ASM), "
    "a C method otherwise (commit 01d901e470d9e035a3bd78e77b9438a4cc0da785 "
    "crypto/ec/ec_curve.c, the curve_list entry of NID_X9_62_prime256v1); that method's "
    "points_mul (ecp_nistz256_points_mul) serves ECDSA sign, ECDSA verify and ECDH alike (commit "
    "0223dfcf1e4d4d6f0a9a671ce570c6a1c057fe93 crypto/ec/ecp_nistz256.c, EC_GFp_nistz256_method: "
    "ossl_ecdsa_simple_sign_setup, ossl_ecdsa_simple_sign_sig, ossl_ecdsa_simple_verify_sig and "
    "ossl_ecdh_simple_compute_key beside it)";

bool SharesP256Method(std::string_view algorithm) {
  return algorithm == "ECDSA-P256" || algorithm == "ECDH-P256";
}

// The verdict's figure (operations per second), or 0 when it has no usable one.
double Figure(const Verdict& verdict) {
  if (verdict.measurements.empty() ||
      verdict.measurements.front().status != results::CellStatus::kOk) {
    return 0;
  }
  return verdict.measurements.front().bytes_per_s;
}

// True when the verdict itself rests on a public-key bound (verdict_report.cc: only an OpenSSL
// build without an engine or provider gets it).
bool AboveItsBound(const Verdict& verdict) {
  return verdict.status == VerdictStatus::kAccelerated &&
         AboveGenericC(verdict.algorithm, verdict.operation, Figure(verdict));
}

// verify/sign of one RSA key size in OpenSSL's builds measured side by side (docs/pk-generic-c.md,
// the asm, asm-masked, no-asm, C-int128 and C-int128-clang columns): the lowest and highest.
struct RsaRatio {
  std::string_view algorithm;
  double lowest = 0;
  double highest = 0;
};
constexpr RsaRatio kRsaRatios[] = {
    {"RSA-2048", 34.4, 41.3},
    {"RSA-3072", 50.1, 55.4},
    {"RSA-4096", 64.9, 73.0},
};
// The band a ratio must fall in to be explained by the exponents alone: a third of the lowest
// (AVX-512 IFMA halves the sign's cycles and not the verify's: rsaz-2k-avx512.pl lines 20-25,
// 0.92-1.02 M cycles per sign against 2.15 M with MULX/ADX, so about 16x at 2048 bits) to twice
// the highest. Outside it something besides the exponent is at work, and nothing is said.
constexpr double kRsaRatioLowFactor = 1.0 / 3;
constexpr double kRsaRatioHighFactor = 2;

}  // namespace

std::string_view P256MethodSource() { return kP256MethodSource; }

const Verdict* P256AssemblyProof(const DoctorReport& report) {
  for (const Verdict& verdict : report.verdicts) {
    if (verdict.algorithm == "ECDSA-P256" && AboveItsBound(verdict)) {
      return &verdict;
    }
  }
  return nullptr;
}

bool ProvesAssembly(const DoctorReport& report, const Verdict& verdict) {
  if (AboveItsBound(verdict)) {
    return true;
  }
  const Verdict* proof = P256AssemblyProof(report);
  return proof != nullptr && proof != &verdict && SharesP256Method(verdict.algorithm) &&
         verdict.status == VerdictStatus::kAccelerated && Figure(verdict) > 0;
}

void ShareP256Assembly(DoctorReport& report) {
  const Verdict* proof = P256AssemblyProof(report);
  if (proof == nullptr) {
    return;
  }
  const std::string proof_name = fmt::format("{} {}", proof->algorithm, proof->operation);
  const double proof_rate = Figure(*proof);
  const std::string proof_op = proof->operation;
  for (Verdict& verdict : report.verdicts) {
    if (&verdict == proof || !SharesP256Method(verdict.algorithm) ||
        verdict.status != VerdictStatus::kUndetermined || !(Figure(verdict) > 0)) {
      continue;
    }
    verdict.status = VerdictStatus::kAccelerated;
    verdict.line = fmt::format(
        "{}: {}: {:.0f} {}/s is not above a generic C bound of its own, but {} in the same run "
        "({:.0f} {}/s) is, and every P-256 operation runs the one group method the build chose "
        "for the curve: the assembly ran for this too.",
        VerdictSubject(verdict), VerdictStatusName(verdict.status), Figure(verdict),
        verdict.operation, proof_name, proof_rate, proof_op);
    verdict.evidence.push_back(
        fmt::format("{} proves the P-256 assembly: above {:.0f} {}/s", proof_name,
                    *GenericCCeiling(proof->algorithm, proof->operation), proof_op));
    verdict.evidence.emplace_back(kP256MethodSource);
    verdict.advice.clear();
  }
}

SettlingCommandText PublicKeySettlingCommand(const DoctorReport& report,
                                             const std::string& algorithm) {
  const ReportOrigin& origin = *report.facts.report;
  const DoctorFacts& facts = report.facts;
  // A wolfSSL or mbedTLS paste: its build's settings (library_advice.h), never openssl speed.
  if (std::optional<SettlingCommandText> own = LibrarySettlingCommand(facts, algorithm, true)) {
    return *own;
  }
  if (origin.tool != "openssl speed" ||
      verdict_internal::OpensslSpeedPublicKeyName(algorithm).empty()) {
    return {fmt::format("cryptobench doctor {}", algorithm),
            "on that machine its mask experiments clear the bits each public-key path needs and "
            "measure which one runs; the CPU's flags only say which paths the library could take"};
  }
  const bool asm_build_shown =
      (!facts.library.capability_vector.empty() && facts.library.capability_vector != "N/A") ||
      !facts.asm_defines.empty();
  if (!asm_build_shown) {
    // OpenSSL 3.x prints CPUINFO: N/A in a build without assembly (crypto/cversion.c,
    // OpenSSL_version(OPENSSL_CPU_INFO), when OPENSSL_info finds no CPU settings; the no-asm
    // builds of docs/pk-generic-c.md), and 1.x Configure adds -D*_ASM to the compiler line
    // whenever assembly is enabled (report_findings.cc, library.no-asm-defines).
    return {"openssl version -a",
            "its CPUINFO line (OpenSSL 3.x: N/A in a build without assembly) or, in 1.x, its "
            "compiler line's -D*_ASM defines (-DOPENSSL_BN_ASM_MONT for RSA, -DECP_NISTZ256_ASM "
            "for P-256) say whether this build has the public-key assembly at all; the CPU's "
            "flags cannot, as the same CPU runs a build with or without it"};
  }
  if (facts.cpu.arch == "x86_64") {
    // The second word's bits 5 (AVX2), 8 (BMI2), 19 (ADX) and 21 (AVX-512 IFMA) select RSA's
    // and P-256's faster assembly (data/pk-asm.csv); clearing them leaves the plain MULQ code,
    // as measured in docs/pk-generic-c.md ('asm-masked').
    return {fmt::format("OPENSSL_ia32cap=':~0x280120' openssl speed -elapsed {}",
                        verdict_internal::OpensslSpeedPublicKeyName(algorithm)),
            "beside the same command without the variable: it clears AVX2, BMI2, ADX and AVX-512 "
            "IFMA, which select the faster public-key assembly (OpenSSL's crypto/bn and crypto/ec "
            "perlasm modules test them in OPENSSL_ia32cap_P); a figure that "
            "drops shows that path ran, one that stays shows the plain MULQ assembly ran"};
  }
  return {fmt::format("cryptobench doctor {}", algorithm),
          "on that machine it measures which public-key path runs; the CPU's flags only say "
          "which paths the library could take"};
}

// The reference range of kRsaRatios said for `facts`' library: OpenSSL's builds, and for another
// library (a bssl speed paste, LibreSSL, wolfSSL ...) that the range is OpenSSL's, taken as an
// approximation: no other library's builds were measured side by side (docs/pk-generic-c.md).
std::string RsaRatioReference(const DoctorFacts& facts, const RsaRatio& expected) {
  const std::string& version = facts.library.version;
  const std::string tool = facts.report ? facts.report->tool : "";
  if (version.starts_with("OpenSSL ") || (version.empty() && tool == "openssl speed")) {
    return fmt::format("OpenSSL's builds side by side: {:.1f}-{:.1f}x", expected.lowest,
                       expected.highest);
  }
  const std::string library = !version.empty()                ? version
                              : tool == "bssl speed"          ? std::string("BoringSSL")
                              : tool == "wolfCrypt benchmark" ? std::string("wolfSSL")
                              : tool == "mbedTLS benchmark"   ? std::string("Mbed TLS")
                                                              : std::string("this library");
  return fmt::format(
      "OpenSSL's builds side by side give {:.1f}-{:.1f}x, taken here as an approximation: "
      "{}'s were not measured",
      expected.lowest, expected.highest, library);
}

std::optional<Finding> RsaVerifyByDesignFinding(const DoctorReport& report) {
  std::vector<std::string> pairs;
  std::string first;
  double first_ratio = 0;
  for (const RsaRatio& expected : kRsaRatios) {
    const Verdict* sign = nullptr;
    const Verdict* verify = nullptr;
    for (const Verdict& verdict : report.verdicts) {
      if (verdict.algorithm != expected.algorithm || !(Figure(verdict) > 0)) {
        continue;
      }
      if (verdict.operation == "sign") {
        sign = &verdict;
      } else if (verdict.operation == "verify") {
        verify = &verdict;
      }
    }
    if (sign == nullptr || verify == nullptr) {
      continue;
    }
    const double ratio = Figure(*verify) / Figure(*sign);
    if (ratio < expected.lowest * kRsaRatioLowFactor ||
        ratio > expected.highest * kRsaRatioHighFactor) {
      continue;
    }
    pairs.push_back(fmt::format("{} verify {:.0f}/s against sign {:.0f}/s, {:.0f}x ({})",
                                expected.algorithm, Figure(*verify), Figure(*sign), ratio,
                                RsaRatioReference(report.facts, expected)));
    if (first.empty()) {
      first = std::string(expected.algorithm);
      first_ratio = ratio;
    }
  }
  if (pairs.empty()) {
    return std::nullopt;
  }
  return Finding{
      "report.rsa-verify-by-design", Severity::kInfo,
      fmt::format("RSA verify is far faster than sign by design ({} verify {:.0f}x sign in this "
                  "report): neither figure is wrong",
                  first, first_ratio),
      fmt::format(
          "{}. Verification raises the signature to the public exponent, s^e mod n (RFC 8017 "
          "sec. 5.2.2, RSAVP1), and with the usual e = 65537 = 2^16 + 1 (RSA_F4 in OpenSSL's "
          "include/openssl/rsa.h, the default exponent of its key generation: "
          "https://docs.openssl.org/3.0/man3/EVP_PKEY_CTX_ctrl/) that is 16 squarings and one "
          "multiplication "
          "modulo n; signing raises to the private exponent d, as long as n, done as two "
          "exponentiations modulo p and q with exponents half that length (RFC 8017 sec. 5.2.1, "
          "RSASP1 with the CRT quintuple), each about a thousand squarings and two hundred "
          "multiplications of half-length numbers at 2048 bits, so sign costs tens of verifies "
          "and the gap grows with the key size",
          Join(pairs)),
      "Compare sign with sign and verify with verify, across machines or builds: the ratio "
      "between them says nothing about either. Whether the sign figures are on the assembly is a "
      "separate question."};
}

}  // namespace cryptobench::diagnose
