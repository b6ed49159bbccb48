// End-to-end tests of `cryptobench doctor` against the system libcrypto: verdicts with mask
// evidence, an OPENSSL_ia32cap in doctor's own environment, and bad input.
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "integration/cli_runner.h"

namespace cryptobench::testing {
namespace {

using nlohmann::json;

json RunDoctorJson(const std::vector<std::string>& env, const std::vector<std::string>& args,
                   int* exit_status) {
  std::vector<std::string> full = {"doctor", "--format", "json", "--no-progress"};
  full.insert(full.end(), args.begin(), args.end());
  CliResult r = RunCryptobenchWithEnv(env, full);
  *exit_status = r.exit_status;
  try {
    return json::parse(r.out);
  } catch (const json::exception& e) {
    ADD_FAILURE() << "doctor did not print JSON: " << e.what() << "\n" << r.out << r.err;
    return json::object();
  }
}

const json* FindVerdict(const json& doc, const std::string& algorithm) {
  for (const json& verdict : doc.at("verdicts")) {
    if (verdict.at("algorithm") == algorithm) {
      return &verdict;
    }
  }
  return nullptr;
}

TEST(DoctorTest, SystemLibraryIsAcceleratedWithMaskEvidence) {
  if (!CpuHasFlag("aes") || !CpuHasFlag("pclmulqdq") || !CpuHasFlag("sha_ni")) {
    GTEST_SKIP() << "needs a CPU with AES-NI, PCLMULQDQ and SHA-NI";
  }
  // Not SHA-1: masking SHA-NI leaves OpenSSL's AVX2 SHA-1 only 1.3-1.6x slower on some CPUs, too
  // close to doctor's 1.25x threshold for a shared machine; SHA-256 loses 3x and more.
  int exit_status = -1;
  const json doc =
      RunDoctorJson({}, {"aes-128-cbc", "aes-128-ctr", "aes-128-gcm", "sha256"}, &exit_status);
  for (const char* name :
       {"AES-128-CBC", "AES-128-CTR", "AES-128-GCM", "GHASH (AES-128-GCM)", "SHA-256"}) {
    const json* verdict = FindVerdict(doc, name);
    ASSERT_NE(verdict, nullptr) << name << "\n" << doc.dump(2);
    EXPECT_EQ(verdict->at("status"), "accelerated") << verdict->at("line");
    // Mask evidence: the line quotes the slowdown, and a masked measurement was taken.
    EXPECT_NE(verdict->at("line").get<std::string>().find("masking"), std::string::npos)
        << verdict->at("line");
    EXPECT_GE(verdict->at("measurements").size(), 2u) << name;
  }
  // No verdict contradicts itself: a software fingerprint beside a proven hardware path is named
  // as a conflict, never "accelerated ... fits software" (the folded clock probe did that).
  for (const json& verdict : doc.at("verdicts")) {
    const std::string line = verdict.at("line");
    if (line.find("fits software") != std::string::npos) {
      EXPECT_NE(line.find("contradicts the mask experiment"), std::string::npos) << line;
    }
  }
  // The clock section says where the core clock came from, or why none was trusted.
  const json& core_clock = doc.at("facts").at("clock").at("core_clock");
  if (core_clock.at("source") == "none") {
    EXPECT_FALSE(core_clock.at("rejected").get<std::string>().empty()) << core_clock.dump();
  } else {
    EXPECT_GE(core_clock.at("hz").get<double>(), 0.2e9) << core_clock.dump();
    EXPECT_LE(core_clock.at("hz").get<double>(), 7e9) << core_clock.dump();
  }
  EXPECT_EQ(exit_status, 0);
}

TEST(DoctorTest, MaskInDoctorsEnvironmentIsNamed) {
  if (!CpuHasFlag("aes")) {
    GTEST_SKIP() << "needs a CPU with AES-NI";
  }
  const std::string value = "~0x200000000000000:~0x60000000000:~0:~0:~0";
  int exit_status = -1;
  const json doc =
      RunDoctorJson({"OPENSSL_ia32cap=" + value}, {"aes-128-cbc", "sha256"}, &exit_status);
  const json* aes = FindVerdict(doc, "AES-128-CBC");
  ASSERT_NE(aes, nullptr) << doc.dump(2);
  EXPECT_EQ(aes->at("status"), "masked") << aes->at("line");
  EXPECT_NE(aes->at("line").get<std::string>().find("OPENSSL_ia32cap"), std::string::npos)
      << aes->at("line");
  EXPECT_EQ(exit_status, 1);
}

// Issue 13 sec. 4 on whatever x86-64 CPU runs the tests: RSA-2048 sign either proves a path by a
// mask experiment (MULX/ADX or AVX-512 IFMA) or says it cannot tell; a CPU without BMI2 and ADX
// plans no MULX/ADX experiment and never gets a MULX/ADX verdict. 3DES has no x86-64 assembly,
// which doctor calls expected. No verdict here is a problem, so doctor exits 0.
TEST(DoctorTest, Rsa2048NamesTheMaskedPathOrCannotTellAndDesIsExpected) {
  if (!CpuHasFlag("sse2")) {
    GTEST_SKIP() << "needs an x86-64 CPU (the MULX/ADX mask is an OPENSSL_ia32cap experiment)";
  }
  int exit_status = -1;
  const json doc =
      RunDoctorJson({}, {"--max-seconds", "0.1", "rsa2048", "des-ede3-cbc"}, &exit_status);
  const bool mulx = CpuHasFlag("bmi2") && CpuHasFlag("adx");
  int rsa_verdicts = 0;
  for (const json& verdict : doc.at("verdicts")) {
    const std::string line = verdict.at("line");
    const std::string status = verdict.at("status");
    if (verdict.at("algorithm") == "DES-EDE3-CBC") {
      EXPECT_EQ(status, "no_hardware_path") << line;
      EXPECT_NE(line.find("this is expected"), std::string::npos) << line;
      continue;
    }
    ASSERT_EQ(verdict.at("algorithm"), "RSA-2048") << line;
    ++rsa_verdicts;
    EXPECT_TRUE(status == "accelerated" || status == "undetermined" ||
                status == "software_expected")
        << line;
    if (status == "accelerated") {
      EXPECT_TRUE(line.find("MULX/ADX path") != std::string::npos ||
                  line.find("AVX-512 IFMA path") != std::string::npos)
          << line;
    }
    if (!mulx) {
      EXPECT_EQ(line.find("MULX/ADX path"), std::string::npos) << line;
    }
    bool masked_mulx = false;
    for (const json& m : verdict.at("measurements")) {
      masked_mulx = masked_mulx || m.at("label").get<std::string>().starts_with("BMI2, ADX");
    }
    // The experiment runs only where the CPU (and the library's vector) has both bits.
    if (!mulx) {
      EXPECT_FALSE(masked_mulx) << line;
    }
  }
  EXPECT_EQ(rsa_verdicts, 2) << doc.dump(2);  // sign and verify
  EXPECT_EQ(exit_status, 0) << doc.dump(2);
}

// Under emulation (forced here through the seam, cpu/emulation.h) doctor says so and decides
// from the mask ratios alone: no verdict carries cycles per byte, and the AES path is still
// proven by its mask experiment.
TEST(DoctorTest, EmulatedDoctorDecidesFromMaskRatiosOnly) {
  if (!CpuHasFlag("aes")) {
    GTEST_SKIP() << "needs a CPU with AES-NI";
  }
  int exit_status = -1;
  const json doc = RunDoctorJson({"CRYPTOBENCH_ASSUME_EMULATED=1"},
                                 {"aes-128-cbc", "md5", "--max-seconds", "0.05"}, &exit_status);
  ASSERT_TRUE(doc.contains("facts")) << doc.dump(2);
  EXPECT_EQ(doc["facts"].value("emulated", false), true) << doc["facts"].dump(2);
  bool finding = false;
  for (const json& f : doc.at("findings")) {
    finding = finding || f.at("id") == "machine.emulated";
  }
  EXPECT_TRUE(finding) << doc.at("findings").dump(2);
  for (const json& verdict : doc.at("verdicts")) {
    const std::string line = verdict.at("line").get<std::string>();
    EXPECT_EQ(line.find("cpb"), std::string::npos) << line;
    EXPECT_EQ(verdict.value("cpb_low", 0.0), 0.0) << line;
  }
  const json* cbc = FindVerdict(doc, "AES-128-CBC");
  ASSERT_NE(cbc, nullptr) << doc.dump(2);
  EXPECT_NE(cbc->at("line").get<std::string>().find("masking"), std::string::npos)
      << cbc->at("line");
}

TEST(DoctorTest, BadInputExitsTwo) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"doctor", "--backend", "botan", "rsa2048"},
                                             {"doctor", "--format", "xml"},
                                             {"doctor", "aes-129-cbc"},
                                             {"doctor", "--bytes", "16,64"},
                                             {"doctor", "--lib", "/nonexistent/libcrypto.so"}}) {
    CliResult r = RunCryptobench(args);
    EXPECT_EQ(r.exit_status, 2) << args[1] << ": " << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  }
}

}  // namespace
}  // namespace cryptobench::testing
