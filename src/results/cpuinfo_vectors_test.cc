#include "results/cpuinfo_vectors.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace cryptobench::results {
namespace {

using ::testing::HasSubstr;

// crypto/info.c prints a vector in every 3.x assembly build on x86, ARM and s390x (PR 9669,
// PR 12216), so N/A there is a build without assembly; RISC-V, POWER and SPARC vectors came in
// releases not verified here, MIPS has none, and an unknown architecture proves nothing.
TEST(CpuinfoVectorsTest, WhereNaProvesABuildWithoutAssembly) {
  for (const char* arch : {"x86_64", "x86", "aarch64", "arm", "s390x"}) {
    EXPECT_TRUE(CpuinfoNaProvesNoAsm(arch)) << arch;
  }
  for (const char* arch : {"riscv64", "ppc64", "sparcv9", "mips", ""}) {
    EXPECT_FALSE(CpuinfoNaProvesNoAsm(arch)) << arch;
  }
  EXPECT_EQ(CpuinfoNaNoAsmFamilies(), "x86, ARM and s390x");
  EXPECT_EQ(CpuinfoVectorFor("riscv64")->variable, "OPENSSL_riscvcap");
  EXPECT_EQ(CpuinfoVectorFor("mips"), nullptr);
  EXPECT_THAT(CpuinfoNaSaysNothingOn("mips"), HasSubstr("no CPUINFO vector for mips"));
  EXPECT_THAT(CpuinfoNaSaysNothingOn("ppc64"), HasSubstr("before crypto/info.c printed "
                                                         "OPENSSL_ppccap"));
  EXPECT_THAT(CpuinfoNaSaysNothingOn(""), HasSubstr("names no architecture"));
}

}  // namespace
}  // namespace cryptobench::results
