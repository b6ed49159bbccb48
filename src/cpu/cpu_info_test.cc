#include "cpu/cpu_info.h"

#include <map>
#include <string>

#include <gtest/gtest.h>

namespace cryptobench::cpu {
namespace {

// Serves files from memory; paths it does not hold cannot be read.
class FakeSystemReader : public SystemReader {
 public:
  void Add(std::string path, std::string contents) {
    files_[std::move(path)] = std::move(contents);
  }

  std::optional<std::string> ReadFile(std::string_view path) const override {
    const auto it = files_.find(std::string(path));
    if (it == files_.end()) {
      return std::nullopt;
    }
    return it->second;
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

FakeSystemReader ReaderWithCpuinfo(std::string_view fixture) {
  FakeSystemReader reader;
  reader.Add("/proc/cpuinfo", Fixture(fixture));
  return reader;
}

TEST(CpuInfoTest, ParsesX86Fixture) {
  const CpuFacts facts = GatherCpuFacts(ReaderWithCpuinfo("x86_64_amd_epyc_kvm.txt"));
  EXPECT_EQ(facts.model, "AMD EPYC");
  EXPECT_EQ(facts.vendor, "AuthenticAMD");
  EXPECT_TRUE(facts.hypervisor);
  EXPECT_EQ(facts.flags.substr(0, 19), "fpu vme de pse tsc ");
  EXPECT_TRUE(HasCpuFlag(facts, "aes"));
  EXPECT_TRUE(HasCpuFlag(facts, "avx512f"));
  EXPECT_TRUE(HasCpuFlag(facts, "vaes"));
  EXPECT_TRUE(HasCpuFlag(facts, "fpu"));      // first word
  EXPECT_TRUE(HasCpuFlag(facts, "fsrm"));     // last word
  EXPECT_FALSE(HasCpuFlag(facts, "avx512"));  // only a prefix of avx512f etc.
  EXPECT_FALSE(HasCpuFlag(facts, "sha"));     // only a prefix of sha_ni
  EXPECT_FALSE(HasCpuFlag(facts, "asimd"));
}

TEST(CpuInfoTest, ParsesAarch64Fixture) {
  const CpuFacts facts = GatherCpuFacts(ReaderWithCpuinfo("aarch64_neoverse_n1.txt"));
  EXPECT_EQ(facts.model, "ARM Neoverse-N1");
  EXPECT_EQ(facts.vendor, "ARM");
  EXPECT_FALSE(facts.hypervisor);
  EXPECT_TRUE(HasCpuFlag(facts, "aes"));
  EXPECT_TRUE(HasCpuFlag(facts, "pmull"));
  EXPECT_TRUE(HasCpuFlag(facts, "sha2"));
  EXPECT_TRUE(HasCpuFlag(facts, "ssbs"));
  EXPECT_FALSE(HasCpuFlag(facts, "sha3"));
  EXPECT_FALSE(HasCpuFlag(facts, "sha"));
}

TEST(CpuInfoTest, GatherFillsFactsFromTheRunningSystem) {
  const CpuFacts facts = GatherCpuFacts(ReaderWithCpuinfo("aarch64_neoverse_n1.txt"));
  // arch, kernel and CPU count come from uname()/sysconf() of this machine, not the fixture.
  EXPECT_FALSE(facts.arch.empty());
  EXPECT_EQ(facts.kernel.rfind("Linux ", 0), 0u) << facts.kernel;
  EXPECT_GE(facts.online_cpus, 1);
}

TEST(CpuInfoTest, UnreadableCpuinfoGivesUnknownModel) {
  const CpuFacts facts = GatherCpuFacts(FakeSystemReader());
  EXPECT_EQ(facts.model, "unknown");
  EXPECT_TRUE(facts.vendor.empty());
  EXPECT_TRUE(facts.flags.empty());
  EXPECT_FALSE(facts.arch.empty());
}

TEST(CpuInfoTest, FirstCpuWinsAndGlobalKeysAreFound) {
  // 32-bit Arm style: per-CPU blocks, then a file-wide "Hardware" line after the last CPU.
  const CpuFacts facts = ParseProcCpuinfo(
      "processor\t: 0\nFeatures\t: half thumb vfp neon\nCPU implementer\t: 0x41\n"
      "CPU part\t: 0xc07\n\nprocessor\t: 1\nFeatures\t: half thumb\n\n"
      "Hardware\t: BCM2835\nRevision\t: a02082\n");
  EXPECT_EQ(facts.model, "BCM2835");
  EXPECT_EQ(facts.flags, "half thumb vfp neon");
  EXPECT_TRUE(HasCpuFlag(facts, "neon"));
}

TEST(CpuInfoTest, BuildsModelFromUnknownImplementerAndPart) {
  const CpuFacts facts = ParseProcCpuinfo("CPU implementer\t: 0x99\nCPU part\t: 0x123\n");
  EXPECT_EQ(facts.model, "implementer 0x99 part 0x123");
  EXPECT_EQ(facts.vendor, "0x99");
}

TEST(CpuInfoTest, ToleratesOddInput) {
  EXPECT_EQ(ParseProcCpuinfo("").model, "unknown");
  EXPECT_EQ(ParseProcCpuinfo("no colon here\n:\n: value without key\nmodel name:").model,
            "unknown");
  const CpuFacts crlf = ParseProcCpuinfo("model name\t: Some CPU \r\nflags\t: a b\r\n");
  EXPECT_EQ(crlf.model, "Some CPU");
  EXPECT_TRUE(HasCpuFlag(crlf, "b"));
}

TEST(CpuInfoTest, HasCpuFlagRejectsEmptyFlag) {
  CpuFacts facts;
  facts.flags = "aes  sse2\t avx";
  EXPECT_FALSE(HasCpuFlag(facts, ""));
  EXPECT_TRUE(HasCpuFlag(facts, "sse2"));
  EXPECT_TRUE(HasCpuFlag(facts, "avx"));
  EXPECT_FALSE(HasCpuFlag(facts, "ss"));
}

TEST(RealSystemReaderTest, ReadsProcFilesAndReportsMissingOnes) {
  const RealSystemReader reader;
  const std::optional<std::string> cpuinfo = reader.ReadFile("/proc/cpuinfo");
  ASSERT_TRUE(cpuinfo.has_value());
  EXPECT_NE(cpuinfo->find("processor"), std::string::npos);  // /proc reports size 0
  EXPECT_FALSE(reader.ReadFile("/nonexistent/cryptobench/file").has_value());
}

}  // namespace
}  // namespace cryptobench::cpu
