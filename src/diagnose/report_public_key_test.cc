// Tests of doctor --from on public-key rows read together (report_public_key.cc): the command
// that settles an open public-key verdict, the one P-256 group method, "the crypto is fine" with
// its per-core ceiling, and RSA verify against sign.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/doctor_from.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using cryptobench::testing::FindingOf;
using cryptobench::testing::ImportedFigure;
using cryptobench::testing::ImportedRunOf;
using cryptobench::testing::StatedTags;
using cryptobench::testing::VerdictFor;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

// kVector of doctor_from_test.cc: AES-NI, PCLMULQDQ, AVX2, BMI2, ADX, SHA-NI; no AVX-512.
constexpr const char* kCpuInfo = "CPUINFO: OPENSSL_ia32cap=0x1202020200000400:0x20080128";

// An openssl speed paste of OpenSSL 3.0.11, with `cpu_info` as its CPUINFO line ("" for none).
results::RunResult Paste(const std::string& cpu_info) {
  results::RunResult run = ImportedRunOf("openssl speed", "3.0.11", "user_cpu");
  run.library.version = "OpenSSL 3.0.11";
  run.library.version_num = 0x300000b0;
  run.library.cpu_info = cpu_info;
  if (const size_t eq = cpu_info.find('='); eq != std::string::npos) {
    run.library.capability_vector = cpu_info.substr(eq + 1);
  }
  return run;
}

// Adds `algorithm`'s figures, each in operations per second (as 32-byte cells).
void Add(results::RunResult& run, const std::string& algorithm,
         const std::vector<std::pair<std::string, double>>& ops_per_s) {
  results::AlgorithmResult alg;
  alg.algorithm = algorithm;
  alg.kind = "signature";
  for (const auto& [operation, ops] : ops_per_s) {
    alg.cells.push_back(ImportedFigure(operation, 32, ops * 32 / 1e6));
  }
  run.algorithms.push_back(std::move(alg));
}

// Defect: the command named for open public-key verdicts was lscpu, whose flags cannot say
// whether RSA ran its assembly. Without the build shown it is `openssl version -a`; with an
// assembly build on x86-64 the mask experiment; for another library's tool cryptobench doctor.
TEST(PublicKeyReportTest, OpenVerdictsNameTheCommandThatSettlesTheAssemblyNotLscpu) {
  results::RunResult run = Paste("");
  Add(run, "RSA-2048", {{"sign", 1000}, {"verify", 40000}});
  DoctorReport report = DiagnoseReport(run);
  ASSERT_EQ(VerdictFor(report, "RSA-2048", "sign").status, VerdictStatus::kUndetermined);
  const Finding* open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->advice, HasSubstr("Run `openssl version -a`: its CPUINFO line"));
  EXPECT_THAT(open->advice, HasSubstr("-DOPENSSL_BN_ASM_MONT"));
  EXPECT_THAT(open->advice, Not(HasSubstr("lscpu")));

  results::RunResult asm_build = Paste(kCpuInfo);
  Add(asm_build, "ECDSA-P256", {{"sign", 30000}});
  report = DiagnoseReport(asm_build);
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->advice, HasSubstr("Run `OPENSSL_ia32cap=':~0x280120' openssl speed -elapsed "
                                      "ecdsap256`: beside the same command without the variable"));
  EXPECT_THAT(open->advice, Not(HasSubstr("lscpu")));

  results::RunResult bssl = Paste("");
  bssl.source.tool = "bssl speed";
  bssl.library.version.clear();
  Add(bssl, "RSA-2048", {{"sign", 1400}});
  report = DiagnoseReport(bssl);
  open = FindingOf(report, "report.cannot-tell");
  ASSERT_NE(open, nullptr);
  EXPECT_THAT(open->advice, HasSubstr("Run `cryptobench doctor RSA-2048`"));
  EXPECT_THAT(open->advice, Not(HasSubstr("lscpu")));
}

// OpenSSL computes every P-256 operation with the one group method of its curve table: a sign
// figure above its bound proves the assembly for verify and ECDH of the same run, and a verify
// figure above its bound proves it for sign.
TEST(PublicKeyReportTest, OneP256FigureAboveItsBoundProvesTheAssemblyForTheOthers) {
  results::RunResult run = Paste("");
  // 54000 sign/s (bound 46.1 k), 17000 verify/s (bound 22.2 k), 15000 ECDH derive/s (no bound).
  Add(run, "ECDSA-P256", {{"sign", 54000}, {"verify", 17000}});
  Add(run, "ECDH-P256", {{"derive", 15000}});
  DoctorReport report = DiagnoseReport(run);
  const Verdict& verify = VerdictFor(report, "ECDSA-P256", "verify");
  EXPECT_EQ(verify.status, VerdictStatus::kAccelerated) << verify.line;
  EXPECT_THAT(verify.line, HasSubstr("but ECDSA-P256 sign in the same run (54000 sign/s) is"));
  EXPECT_THAT(verify.evidence, Contains(HasSubstr("crypto/ec/ec_curve.c")));
  EXPECT_THAT(verify.evidence, Contains(HasSubstr("0223dfcf1e4d4d6f0a9a671ce570c6a1c057fe93")));
  EXPECT_EQ(VerdictFor(report, "ECDH-P256", "derive").status, VerdictStatus::kAccelerated);
  EXPECT_THAT(StatedTags(report), ElementsAre("crypto-fine"));
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_THAT(fine->evidence, HasSubstr("ECDSA-P256 verify, 17000 verify/s: on the P-256 "
                                        "assembly: the one group method of the curve, which "
                                        "ECDSA-P256 sign proves"));
  EXPECT_THAT(fine->evidence, HasSubstr("The P-256 method: OpenSSL picks one method"));

  // Verify above its bound settles sign.
  results::RunResult by_verify = Paste("");
  Add(by_verify, "ECDSA-P256", {{"sign", 40000}, {"verify", 25000}});
  report = DiagnoseReport(by_verify);
  EXPECT_EQ(VerdictFor(report, "ECDSA-P256", "sign").status, VerdictStatus::kAccelerated);
  EXPECT_THAT(VerdictFor(report, "ECDSA-P256", "sign").line,
              HasSubstr("ECDSA-P256 verify in the same "
                        "run (25000 verify/s) is"));
}

// Never the reverse, never without the proof's own conditions, never across runs.
TEST(PublicKeyReportTest, SharedP256MethodNeedsAProofInTheSameRunOfAnOpenSslBuild) {
  // Both below their bounds: neither proves anything about the other.
  results::RunResult below = Paste("");
  Add(below, "ECDSA-P256", {{"sign", 40000}, {"verify", 17000}});
  Add(below, "ECDH-P256", {{"derive", 15000}});
  DoctorReport report = DiagnoseReport(below);
  for (const Verdict& verdict : report.verdicts) {
    EXPECT_EQ(verdict.status, VerdictStatus::kUndetermined) << verdict.line;
  }
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);

  // An engine named, another library's tool or version line: the sign bound does not hold, so
  // nothing is proved for verify either.
  const auto verify_status = [](results::RunResult run) {
    Add(run, "ECDSA-P256", {{"sign", 54000}, {"verify", 17000}});
    return VerdictFor(DiagnoseReport(run), "ECDSA-P256", "verify").status;
  };
  results::RunResult engine = Paste("");
  engine.source.engine_or_provider = "engine pkcs11";
  EXPECT_EQ(verify_status(engine), VerdictStatus::kUndetermined);
  // QAT takes ECDSA-P256 (data/engine-offloads.csv): offloaded, not the library's method.
  engine.source.engine_or_provider = "engine qatengine";
  EXPECT_EQ(verify_status(engine), VerdictStatus::kOffloaded);
  results::RunResult bssl = Paste("");
  bssl.source.tool = "bssl speed";
  EXPECT_EQ(verify_status(bssl), VerdictStatus::kUndetermined);
  results::RunResult libressl = Paste("");
  libressl.library.version = "LibreSSL 3.9.2";
  EXPECT_EQ(verify_status(libressl), VerdictStatus::kUndetermined);

  // The proof in another run of the paste: each run is diagnosed on its own.
  results::RunResult sign_run = Paste("");
  Add(sign_run, "ECDSA-P256", {{"sign", 54000}});
  results::RunResult verify_run = Paste("");
  Add(verify_run, "ECDSA-P256", {{"verify", 17000}});
  EXPECT_EQ(VerdictFor(DiagnoseReport(sign_run), "ECDSA-P256", "sign").status,
            VerdictStatus::kAccelerated);
  EXPECT_EQ(VerdictFor(DiagnoseReport(verify_run), "ECDSA-P256", "verify").status,
            VerdictStatus::kUndetermined);

  // Other curves and RSA do not share P-256's method.
  results::RunResult rsa = Paste("");
  Add(rsa, "ECDSA-P256", {{"sign", 54000}});
  Add(rsa, "RSA-2048", {{"sign", 1000}});
  Add(rsa, "X25519", {{"derive", 20000}});
  report = DiagnoseReport(rsa);
  EXPECT_EQ(VerdictFor(report, "RSA-2048", "sign").status, VerdictStatus::kUndetermined);
  EXPECT_EQ(VerdictFor(report, "X25519", "derive").status, VerdictStatus::kUndetermined);
  EXPECT_EQ(FindingOf(report, "report.crypto-fine"), nullptr);
}

// "The crypto is fine" for public-key figures names what one core gets: full TLS handshakes per
// second for a sign figure (one server signature per full handshake), operations per second for
// the others.
TEST(PublicKeyReportTest, CryptoFineNamesThePerCoreCeilingInHandshakes) {
  results::RunResult run = Paste("");
  Add(run, "RSA-2048", {{"sign", 3000}});
  Add(run, "ECDSA-P256", {{"sign", 54000}, {"verify", 17000}});
  const DoctorReport report = DiagnoseReport(run);
  const Finding* fine = FindingOf(report, "report.crypto-fine");
  ASSERT_NE(fine, nullptr);
  EXPECT_THAT(fine->summary, HasSubstr("The crypto is fine: RSA-2048 sign runs at 3000 sign/s"));
  EXPECT_THAT(fine->summary,
              HasSubstr("per core the workload gets at most 3000 full TLS handshakes/s as a "
                        "server with an RSA-2048 certificate (one RSA-2048 sign each), 54000 "
                        "full TLS handshakes/s as a server with an ECDSA-P256 certificate (one "
                        "ECDSA-P256 sign each), 17000 ECDSA-P256 verify/s; below that the "
                        "public-key operation is not what limits it"));
  EXPECT_THAT(fine->evidence, HasSubstr("RFC 8446 sec. 4.4.3"));

  // One RSA-2048 sign figure below its bound beside them: not shown fine.
  results::RunResult slow = run;
  slow.algorithms[0].cells[0] = ImportedFigure("sign", 32, 1000 * 32 / 1e6);
  EXPECT_EQ(FindingOf(DiagnoseReport(slow), "report.crypto-fine"), nullptr);
}

// RSA verify is tens of times faster than sign by design (e = 65537): explained, as information,
// when one run has both figures of a key size in the band the exponents explain.
TEST(PublicKeyReportTest, RsaVerifyFasterThanSignIsExplainedByTheExponents) {
  results::RunResult run = Paste("");
  Add(run, "RSA-2048", {{"sign", 1479.2}, {"verify", 46028.3}});
  Add(run, "RSA-4096", {{"sign", 196.7}, {"verify", 14392.3}});
  DoctorReport report = DiagnoseReport(run);
  const Finding* rsa = FindingOf(report, "report.rsa-verify-by-design");
  ASSERT_NE(rsa, nullptr);
  EXPECT_EQ(rsa->severity, Severity::kInfo);
  EXPECT_THAT(rsa->summary, HasSubstr("RSA-2048 verify 31x sign"));
  EXPECT_THAT(rsa->evidence, HasSubstr("RSA-4096 verify 14392/s against sign 197/s, 73x"));
  EXPECT_THAT(rsa->evidence, HasSubstr("RFC 8017"));
  EXPECT_THAT(rsa->evidence, HasSubstr("16 squarings and one multiplication"));
  // It is no cause: the open question stays open.
  EXPECT_THAT(StatedTags(report), ElementsAre("cannot-tell"));

  // Sign alone, verify alone, the two in different runs: nothing to explain.
  results::RunResult sign_only = Paste("");
  Add(sign_only, "RSA-2048", {{"sign", 1479.2}});
  EXPECT_EQ(FindingOf(DiagnoseReport(sign_only), "report.rsa-verify-by-design"), nullptr);
  results::RunResult verify_only = Paste("");
  Add(verify_only, "RSA-2048", {{"verify", 46028.3}});
  EXPECT_EQ(FindingOf(DiagnoseReport(verify_only), "report.rsa-verify-by-design"), nullptr);
  // Different key sizes are no pair.
  results::RunResult sizes = Paste("");
  Add(sizes, "RSA-2048", {{"sign", 1479.2}});
  Add(sizes, "RSA-3072", {{"verify", 24407}});
  EXPECT_EQ(FindingOf(DiagnoseReport(sizes), "report.rsa-verify-by-design"), nullptr);
  // A ratio the exponents do not explain (verify 3x sign, or 300x): nothing said.
  results::RunResult odd = Paste("");
  Add(odd, "RSA-2048", {{"sign", 1479.2}, {"verify", 4500}});
  EXPECT_EQ(FindingOf(DiagnoseReport(odd), "report.rsa-verify-by-design"), nullptr);
  odd = Paste("");
  Add(odd, "RSA-2048", {{"sign", 150}, {"verify", 45000}});
  EXPECT_EQ(FindingOf(DiagnoseReport(odd), "report.rsa-verify-by-design"), nullptr);
}

// The reference band is OpenSSL's builds measured side by side: cited as such for an OpenSSL
// paste, and for another library's (a LibreSSL openssl speed, a bssl speed, a wolfCrypt
// benchmark) as OpenSSL's range taken as an approximation, naming the library not measured.
TEST(PublicKeyReportTest, RsaRatioBandIsOpenSslsAndSaysSoForOtherLibraries) {
  results::RunResult openssl = Paste("");
  Add(openssl, "RSA-2048", {{"sign", 1479.2}, {"verify", 46028.3}});
  const DoctorReport own_report = DiagnoseReport(openssl);  // outlives the pointer below
  const Finding* own = FindingOf(own_report, "report.rsa-verify-by-design");
  ASSERT_NE(own, nullptr);
  EXPECT_THAT(own->evidence, HasSubstr("(OpenSSL's builds side by side: "));
  EXPECT_THAT(own->evidence, Not(HasSubstr("approximation")));

  results::RunResult libressl = openssl;
  libressl.library.version = "LibreSSL 3.8.2";
  libressl.library.version_num = 0x20000000;
  results::RunResult bssl = openssl;
  bssl.source.tool = "bssl speed";
  bssl.source.tool_version.clear();
  bssl.library.version.clear();
  bssl.library.version_num = 0;
  results::RunResult wolf = bssl;
  wolf.source.tool = "wolfCrypt benchmark";
  for (const auto& [run, name] :
       {std::pair<const results::RunResult*, std::string>{&libressl, "LibreSSL 3.8.2"},
        {&bssl, "BoringSSL"},
        {&wolf, "wolfSSL"}}) {
    const DoctorReport report = DiagnoseReport(*run);
    const Finding* rsa = FindingOf(report, "report.rsa-verify-by-design");
    ASSERT_NE(rsa, nullptr) << name;
    EXPECT_THAT(rsa->evidence, Not(HasSubstr("(OpenSSL's builds side by side: "))) << name;
    EXPECT_THAT(rsa->evidence, HasSubstr("taken here as an approximation")) << name;
    EXPECT_THAT(rsa->evidence, HasSubstr(name + "'s were not measured")) << name;
  }
}

}  // namespace
}  // namespace cryptobench::diagnose
