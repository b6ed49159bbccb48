// The environment facts import reads from a paste's other lines (env_facts.h): here QEMU's -cpu
// option, which names the guest's CPU model.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/import.h"

namespace cryptobench::import {
namespace {

constexpr std::string_view kSpeed =
    "Doing AES-256-GCM ops for 3s on 8192 size blocks: 1496017 AES-256-GCM ops in 3.00s\n"
    "version: 3.6.0\n";

std::vector<std::string> VmModels(const std::string& before) {
  std::vector<std::string> out;
  for (const results::RunResult& run : ImportText(before + std::string(kSpeed), "paste.txt")) {
    for (const results::SourceFact& fact : run.source.facts) {
      if (fact.kind == "vm_cpu_model") {
        out.push_back(fact.value);
      }
    }
  }
  return out;
}

TEST(EnvFactsTest, QemuCpuOptionNamesTheGuestModel) {
  EXPECT_EQ(VmModels("With `-cpu EPYC-v4`:\n"), std::vector<std::string>{"EPYC-v4"});
  EXPECT_EQ(VmModels("qemu-system-x86_64 -enable-kvm -cpu qemu64,+ssse3 -m 2G disk.img\n"),
            std::vector<std::string>{"qemu64"});
  EXPECT_EQ(VmModels("-cpu host\n"), std::vector<std::string>{"host"});
}

TEST(EnvFactsTest, OtherCpuWordsAreNotTheOption) {
  EXPECT_TRUE(VmModels("docker run --cpus 4 image\n").empty());
  EXPECT_TRUE(VmModels("qemu-cpu EPYC\n").empty());
  EXPECT_TRUE(VmModels("openssl speed -multi 4 -cpu\n").empty());
}

}  // namespace
}  // namespace cryptobench::import
