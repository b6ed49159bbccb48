#include "cpu/emulation.h"

#include <map>
#include <string>

#include <gtest/gtest.h>

namespace cryptobench::cpu {
namespace {

class FakeSystemReader : public SystemReader {
 public:
  void Add(std::string path, std::string contents) {
    files_[std::move(path)] = std::move(contents);
  }
  std::optional<std::string> ReadFile(std::string_view path) const override {
    const auto it = files_.find(std::string(path));
    return it == files_.end() ? std::nullopt : std::optional<std::string>(it->second);
  }

 private:
  std::map<std::string, std::string> files_;
};

std::string Fixture(std::string_view name) {
  const std::string path =
      std::string(CRYPTOBENCH_TEST_DATA_DIR) + "/fixtures/cpuinfo/" + std::string(name);
  const std::optional<std::string> contents = RealSystemReader().ReadFile(path);
  EXPECT_TRUE(contents.has_value()) << "missing fixture " << path;
  return contents.value_or("");
}

FakeSystemReader WithCpuinfo(std::string_view fixture) {
  FakeSystemReader reader;
  reader.Add("/proc/cpuinfo", Fixture(fixture));
  return reader;
}

TEST(EmulationTest, TellsTheArchitectureOfACpuinfoFile) {
  EXPECT_EQ(CpuinfoArchitecture(Fixture("x86_64_amd_epyc_kvm.txt")), "x86_64");
  EXPECT_EQ(CpuinfoArchitecture(Fixture("aarch64_neoverse_n1.txt")), "aarch64");
  EXPECT_EQ(CpuinfoArchitecture("vendor_id\t: GenuineIntel\nflags\t\t: fpu vme pae\n"), "x86");
  EXPECT_EQ(CpuinfoArchitecture("processor\t: 0\nCPU implementer\t: 0x41\nCPU architecture: 7\n"),
            "arm");
  // A format it does not know (riscv64's isa/mmu lines): cannot tell.
  EXPECT_EQ(CpuinfoArchitecture("processor\t: 0\nisa\t\t: rv64imafdc\nmmu\t\t: sv39\n"), "");
  EXPECT_EQ(CpuinfoArchitecture(""), "");
}

TEST(EmulationTest, AnArm64BinaryOnAnX86CpuIsUserModeEmulation) {
  const Emulation e = DetectEmulation(WithCpuinfo("x86_64_amd_epyc_kvm.txt"), "aarch64", "", "kvm");
  EXPECT_TRUE(e.emulated);
  EXPECT_EQ(e.reason,
            "this aarch64 binary runs on an x86_64 CPU (/proc/cpuinfo): user-mode emulation "
            "(qemu-user)");
}

TEST(EmulationTest, MatchingArchitecturesAreNotEmulated) {
  EXPECT_FALSE(
      DetectEmulation(WithCpuinfo("x86_64_amd_epyc_kvm.txt"), "x86_64", "", "kvm").emulated);
  EXPECT_FALSE(DetectEmulation(WithCpuinfo("aarch64_neoverse_n1.txt"), "aarch64", "", "").emulated);
  // No /proc/cpuinfo, or a format not known: no evidence, so not emulated.
  EXPECT_FALSE(DetectEmulation(FakeSystemReader(), "aarch64", "", "").emulated);
}

TEST(EmulationTest, QemuWithoutKvmIsEmulated) {
  const Emulation e =
      DetectEmulation(WithCpuinfo("x86_64_amd_epyc_kvm.txt"), "x86_64", "", "qemu-tcg");
  EXPECT_TRUE(e.emulated);
  EXPECT_NE(e.reason.find("TCG"), std::string::npos) << e.reason;
}

TEST(EmulationTest, TheEnvironmentSeamForcesEitherAnswer) {
  const Emulation forced =
      DetectEmulation(WithCpuinfo("x86_64_amd_epyc_kvm.txt"), "x86_64", "1", "kvm");
  EXPECT_TRUE(forced.emulated);
  EXPECT_NE(forced.reason.find("CRYPTOBENCH_ASSUME_EMULATED=1"), std::string::npos);
  EXPECT_FALSE(
      DetectEmulation(WithCpuinfo("x86_64_amd_epyc_kvm.txt"), "aarch64", "0", "").emulated);
  // Any other value is ignored: detection decides.
  EXPECT_TRUE(
      DetectEmulation(WithCpuinfo("x86_64_amd_epyc_kvm.txt"), "aarch64", "yes", "").emulated);
}

}  // namespace
}  // namespace cryptobench::cpu
