// Test fixtures for the verdict engine: recorded facts of the project's build machine (Zen 4 KVM
// guest, Debian OpenSSL 3.0.19) and of a Core 2 without AES-NI, and measurements from
// shared/reference/cpb-reference.md sec. 8 (openssl speed -evp, 16 KiB, 3.66 GHz).
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "cpu/core_clock.h"
#include "cpu/features.h"

#include "diagnose/doctor_model.h"
#include "diagnose/ia32cap.h"

namespace cryptobench::diagnose::testing {

inline constexpr double kZen4Hz = 3.66e9;  // sec. 8: dependent-add chain, 3.59-3.66 GHz
inline constexpr double kZen4TscHz = 2.596e9;
inline constexpr double kCore2Hz = 3.0e9;  // E8400 nominal clock, no turbo
inline constexpr uint64_t kLen = 16384;

// 3.0.19's CPUINFO on the Zen 4 guest prints two words (sec. 8; LV0 and LV1 of the detected
// vector).
inline constexpr const char* kZen4Vector30 = "0xfffa3203078bffff:0x405fc6f1bf07ab";
// master prints five (sec. 8, "Detected OPENSSL_ia32cap").
inline constexpr const char* kZen4VectorMaster =
    "0xfffa3203078bffff:0x405fc6f1bf07ab:0x2000000010:0x0:0x0";

inline cpu::CpuFeatures CpuFromFixture(const std::string& name) {
  const std::string path = std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/cpuid/" + name;
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("cannot open fixture " + path);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return cpu::DetectX86Features(cpu::RecordedCpuidSource(text.str()));
}

/// Zen 4 KVM guest with Debian's OpenSSL 3.0.19 (no VAES GCM code), as probed on the build
/// machine.
inline DoctorFacts Zen4Debian30() {
  DoctorFacts facts;
  facts.cpu = CpuFromFixture("amd-epyc-zen4-vm.txt");
  facts.clock.tsc_hz = kZen4TscHz;
  facts.clock.core_hz = kZen4Hz;
  facts.clock.load_average_1min = 0.2;
  facts.clock.steal_fraction = 0.0;
  facts.clock.online_cpus = 2;
  facts.library.loaded_path = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
  facts.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  facts.library.version_num = 0x30000130;
  facts.library.cpu_info = std::string("CPUINFO: OPENSSL_ia32cap=") + kZen4Vector30;
  facts.library.capability_vector = kZen4Vector30;
  facts.detected_capability_vector = kZen4Vector30;
  // The x86_64 modules whose ID strings Debian's libcrypto.so.3 carries (library_facts.cc).
  for (const char* module :
       {"aesni-x86_64", "aesni-gcm-x86_64", "vpaes-x86_64", "bsaes-x86_64", "ghash-x86_64",
        "sha1-x86_64", "sha256-x86_64", "sha512-x86_64", "chacha-x86_64", "poly1305-x86_64"}) {
    facts.asm_modules.push_back(AsmModule{module, "", ""});
  }
  return facts;
}

/// The same guest with an OpenSSL master build (VAES GCM path present; five capability words).
inline DoctorFacts Zen4Master() {
  DoctorFacts facts = Zen4Debian30();
  facts.library.loaded_path = "/tmp/build-asm/libcrypto.so";
  facts.library.version = "OpenSSL 3.6.0-dev";
  facts.library.version_num = 0x30600000;
  facts.library.cpu_info = std::string("CPUINFO: OPENSSL_ia32cap=") + kZen4VectorMaster;
  facts.library.capability_vector = kZen4VectorMaster;
  facts.detected_capability_vector = kZen4VectorMaster;
  return facts;
}

/// The guest with the no-asm master build of sec. 8 (CPUINFO: N/A, no module ID strings).
inline DoctorFacts Zen4NoAsm() {
  DoctorFacts facts = Zen4Master();
  facts.library.loaded_path = "/tmp/build-noasm/libcrypto.so";
  facts.library.cpu_info = "CPUINFO: N/A";
  facts.library.capability_vector = "N/A";
  facts.detected_capability_vector = "N/A";
  facts.asm_modules.clear();
  facts.no_asm_build = true;
  return facts;
}

/// Zen4Debian30 run with OPENSSL_ia32cap=`env` in doctor's environment: the vector in use, the
/// masked features and the env value as the orchestrator derives them (ia32cap.h).
inline DoctorFacts Zen4WithEnv(const std::string& env) {
  DoctorFacts facts = Zen4Debian30();
  const CapabilityVector detected = *ParseCpuInfoVector(kZen4Vector30);
  const CapabilityVector effective = ApplyIa32capEnv(detected, ParseIa32capEnv(env, 2));
  facts.env_ia32cap = env;
  facts.env_masked_features = MaskedFeatures(detected, env, 2);
  facts.library.capability_vector = fmt::format("{:#x}:{:#x}", effective[0], effective[1]);
  facts.library.cpu_info =
      "CPUINFO: OPENSSL_ia32cap=" + facts.library.capability_vector + " env:" + env;
  return facts;
}

/// Intel Core 2 Duo E8400 (SSSE3, no AES-NI, PCLMULQDQ, AVX or SHA-NI) with OpenSSL 3.0.
/// The vector is CPUID.1 ECX:EDX as OpenSSL stores them (its bit rewrites left out; they do not
/// touch the bits used here) and an empty LV1 (leaf 7 reads as zeros).
inline DoctorFacts Core2() {
  DoctorFacts facts;
  facts.cpu = CpuFromFixture("intel-core2-e8400.txt");
  facts.clock.tsc_hz = kCore2Hz;
  facts.clock.core_hz = kCore2Hz;
  facts.clock.governor = "performance";
  facts.clock.load_average_1min = 0.1;
  facts.clock.online_cpus = 2;
  facts.library.loaded_path = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
  facts.library.version = "OpenSSL 3.0.19 27 Jan 2026";
  facts.library.version_num = 0x30000130;
  facts.library.capability_vector = "0x8e3fdbfebfbff:0x0";
  facts.library.cpu_info = "CPUINFO: OPENSSL_ia32cap=0x8e3fdbfebfbff:0x0";
  facts.detected_capability_vector = facts.library.capability_vector;
  return facts;
}

/// The core clock a machine without a cycle counter gets from its chain probes when the add
/// chain reads `add_hz` and the imul chain (3 cycles a link) `imul_hz` (cpu::DecideCoreClock).
inline cpu::CoreClock ProbedClock(double add_hz, double imul_hz) {
  return cpu::DecideCoreClock(
      std::nullopt, "no hardware cycle counter is exposed (ENOENT)",
      {cpu::ChainProbe{"add", "add %rdx, %rax (64-bit register-register add)", 1, add_hz},
       cpu::ChainProbe{"imul", "imul %eax, %eax (32-bit multiply)", 3, imul_hz / 3}},
      {});
}

/// A measurement of `mb_per_s` (10^6 bytes/s) with a +-`ci_fraction` 95% CI.
inline Measurement Mbps(double mb_per_s, double ci_fraction = 0.01, std::string label = "as is") {
  Measurement m;
  m.label = std::move(label);
  m.bytes_per_s = mb_per_s * 1e6;
  m.ci_low = m.bytes_per_s * (1 - ci_fraction);
  m.ci_high = m.bytes_per_s * (1 + ci_fraction);
  return m;
}

/// Throughput in MB/s of a class running at `cpb` on a `hz` core (cpb-reference.md sec. 1).
inline double MbpsAtCpb(double cpb, double hz) { return hz / cpb / 1e6; }

}  // namespace cryptobench::diagnose::testing
