// The environment facts import reads from a paste's other lines (env_facts.h): QEMU's -cpu
// option, which names the guest's CPU model, and the label line above each block of a paste that
// compares machines.
#include "import/env_facts.h"

#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "import/import.h"
#include "support/pastes.h"

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

// lscpu's "CPU op-mode(s): 32-bit, 64-bit" and OpenSSL 1.0.2's `openssl version -a` line
// "engines:  rdrand dynamic" are no other program's output (new-user tryout 20, n01: both were
// "belongs to no run import reads; skipped"); the engines line is kept as a fact.
TEST(EnvFactsTest, LscpuOpModesAndVersionEnginesLineAreRead) {
  const std::string paste =
      "[root@app01 ~]# lscpu\n"
      "Architecture:          x86_64\n"
      "CPU op-mode(s):        32-bit, 64-bit\n"
      "Byte Order:            Little Endian\n"
      "[root@app01 ~]# openssl version -a\n"
      "OpenSSL 1.0.2k-fips  26 Jan 2017\n"
      "built on: reproducible build, date unspecified\n"
      "platform: linux-x86_64\n"
      "options:  bn(64,64) md2(int) rc4(16x,int) des(idx,cisc,16,int) idea(int) blowfish(idx) \n"
      "compiler: gcc -I. -I.. -I../include  -fPIC -DOPENSSL_PIC -m64 -DL_ENDIAN -O2 "
      "-DOPENSSL_IA32_SSE2 -DAES_ASM -DVPAES_ASM -DBSAES_ASM -DGHASH_ASM\n"
      "OPENSSLDIR: \"/etc/pki/tls\"\n"
      "engines:  rdrand dynamic \n"
      "[root@app01 ~]# openssl speed -evp aes-128-cbc\n"
      "Doing aes-128-cbc for 3s on 16 size blocks: 17012345 aes-128-cbc's in 2.99s\n"
      "Doing aes-128-cbc for 3s on 8192 size blocks: 37512 aes-128-cbc's in 3.00s\n";
  std::string caveats;
  std::vector<std::string> engines;
  for (const results::RunResult& run : ImportText(paste, "paste.txt")) {
    for (const std::string& caveat : run.source.caveats) {
      caveats += caveat + "\n";
    }
    for (const results::SourceFact& fact : run.source.facts) {
      if (fact.kind == "engine_ids") {
        engines.push_back(fmt::format("{} (line {})", fact.value, fact.line));
      }
    }
  }
  EXPECT_EQ(caveats.find("belongs to no run"), std::string::npos) << caveats;
  EXPECT_EQ(engines, std::vector<std::string>{"rdrand dynamic (line 12)"});
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

// The block_label fact of each run ("" for none), in run order.
std::vector<std::string> Labels(const std::string& text) {
  std::vector<std::string> out;
  for (const results::RunResult& run : ImportText(text, "paste.txt")) {
    std::string label;
    for (const results::SourceFact& fact : run.source.facts) {
      if (fact.kind == "block_label") {
        EXPECT_TRUE(label.empty()) << "two labels on one run";
        label = fmt::format("{}@{}", fact.value, fact.line);
      }
    }
    out.push_back(label);
  }
  return out;
}

constexpr std::string_view kTable =
    "Algorithm |       Key |      Encryption |      Decryption\n"
    "  aes-cbc        128b        76.1 MiB/s        79.8 MiB/s\n"
    "  aes-xts        256b        85.8 MiB/s        89.3 MiB/s\n";

TEST(MachineLabelTest, ShortNameLinesAreLabels) {
  EXPECT_EQ(MachineLabel("Raspberry PI CM4 (BCM2711):"), "Raspberry PI CM4 (BCM2711)");
  EXPECT_EQ(MachineLabel("  StationPC P2 (RK3568):  "), "StationPC P2 (RK3568)");
  EXPECT_EQ(MachineLabel("Raspberry Pi 4 Model B Rev 1.2"), "Raspberry Pi 4 Model B Rev 1.2");
  EXPECT_EQ(MachineLabel("Hardware\t: BCM2835"), "BCM2835");
  EXPECT_EQ(MachineLabel("Model : Raspberry Pi Compute Module 4 Rev 1.0"),
            "Raspberry Pi Compute Module 4 Rev 1.0");
}

TEST(MachineLabelTest, ProseThatMentionsABoardIsNoLabel) {
  EXPECT_EQ(MachineLabel("unlike the Raspberry Pi 4, the CM4 has no fan:"), std::nullopt);
  EXPECT_EQ(MachineLabel("I tested this on a Raspberry Pi 4 and it is slow."), std::nullopt);
  EXPECT_EQ(MachineLabel("Checking the new laptop's disk encryption speed:"), std::nullopt);
  EXPECT_EQ(MachineLabel("Here are the results on my board which is a Raspberry Pi 4 B 8GB:"),
            std::nullopt);                              // more than 8 words
  EXPECT_EQ(MachineLabel("model : 85"), std::nullopt);  // x86's model number
  EXPECT_EQ(MachineLabel("compiler: gcc -O2"), std::nullopt);
  EXPECT_EQ(MachineLabel("Algorithm | Key | Encryption | Decryption"), std::nullopt);
}

TEST(MachineLabelTest, EachBlockKeepsItsOwnLabel) {
  const std::string text = "cryptsetup benchmark\n\nRaspberry PI CM4 (BCM2711):\n" +
                           std::string(kTable) + "\nStationPC P2 (RK3568):\n" + std::string(kTable);
  EXPECT_EQ(Labels(text),
            (std::vector<std::string>{"Raspberry PI CM4 (BCM2711)@3", "StationPC P2 (RK3568)@8"}));
  // The bare output of `cat /proc/device-tree/model` right after the command, then an unlabelled
  // block after prose: the label ends at the prose.
  const std::string after = "$ cryptsetup benchmark -c aes-xts\nRaspberry Pi 4 Model B Rev 1.2\n" +
                            std::string(kTable) + "and on the other machine\n" +
                            std::string(kTable);
  EXPECT_EQ(Labels(after), (std::vector<std::string>{"Raspberry Pi 4 Model B Rev 1.2@2", ""}));
}

TEST(MachineLabelTest, ALabelNotBeforeABlockIsProse) {
  // A name line followed by prose, and a line mentioning a board between blocks, label nothing.
  const std::string text = "Raspberry Pi 4 Model B:\nthe numbers are low\n" + std::string(kTable) +
                           "\nunlike the Raspberry Pi 4, the RK3568 has the extensions:\n" +
                           std::string(kTable);
  EXPECT_EQ(Labels(text), (std::vector<std::string>{"", ""}));
}

TEST(MachineLabelTest, HardwareLinesOfCpuinfoStayFactsOfEveryRun) {
  const std::string text = "$ cat /proc/cpuinfo\nHardware\t: BCM2835\n\n" + std::string(kTable) +
                           "\n" + std::string(kTable);
  EXPECT_EQ(Labels(text), (std::vector<std::string>{"", ""}));
  // Pasted alone before a block, the same line labels that block only.
  EXPECT_EQ(
      Labels("Hardware : BCM2835\n" + std::string(kTable) + "\nRK3568:\n" + std::string(kTable)),
      (std::vector<std::string>{"BCM2835@1", "RK3568@6"}));
}

// The CPU facts (cpu_model, cpu_flags) of each run, "kind=value" each, in run order.
std::vector<std::vector<std::string>> CpuFacts(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  for (const results::RunResult& run : ImportText(text, "paste.txt")) {
    std::vector<std::string> facts;
    for (const results::SourceFact& fact : run.source.facts) {
      if (fact.kind == "cpu_model" || fact.kind == "cpu_flags" || fact.kind == "block_label") {
        facts.push_back(fmt::format("{}={}", fact.kind, fact.value.substr(0, 24)));
      }
    }
    out.push_back(std::move(facts));
  }
  return out;
}

// A board's bare name above the lines that describe the machine and then a block, as `cat
// /proc/device-tree/model; uname -a` prints them (openssl/openssl issue 11377: the board line,
// `uname -a`, then a 1.1.1 speed header trimmed to its compiler line): it names that block. Prose
// that mentions a board, a name whose next lines are prose, and a /proc/cpuinfo "Model :" line
// (a fact of every run, as before) do not.
TEST(MachineLabelTest, ABoardNameAboveTheMachineLinesLabelsTheBlockAfterThem) {
  const std::string uname =
      "Linux 5.15.72-v7l+ #1591 SMP Wed Oct 5 12:05:33 BST 2022 armv7l unknown unknown "
      "GNU/Linux\n";
  const std::string speed =
      "compiler: gcc -O2 -DAES_ASM -DBSAES_ASM\n\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
      "aes-256-cbc      50622.20k    59695.34k    63555.72k    64419.87k    64719.54k    "
      "64738.65k\n";
  EXPECT_EQ(Labels("Raspberry Pi 4 Model B Rev 1.2\n" + uname + "\n" + speed),
            std::vector<std::string>{"Raspberry Pi 4 Model B Rev 1.2@1"});
  EXPECT_EQ(Labels("```\nRaspberry Pi 4 Model B Rev 1.2\n" + uname + "\n" + std::string(kTable)),
            std::vector<std::string>{"Raspberry Pi 4 Model B Rev 1.2@2"});
  // Right above the compiler line that heads the speed output.
  EXPECT_EQ(Labels("Raspberry Pi 4 Model B Rev 1.2\n" + speed),
            std::vector<std::string>{"Raspberry Pi 4 Model B Rev 1.2@1"});
  EXPECT_EQ(Labels("I tested this on a Raspberry Pi 4 and it is slow.\n" + uname + "\n" + speed),
            std::vector<std::string>{""});
  EXPECT_EQ(Labels("Raspberry Pi 4 Model B Rev 1.2\nthe numbers are low\n" + uname + speed),
            std::vector<std::string>{""});
  EXPECT_EQ(Labels("Raspberry Pi 4 Model B Rev 1.2\n" + uname + "and then I ran\n" + speed),
            std::vector<std::string>{""});
  EXPECT_EQ(CpuFacts("Model\t\t: Raspberry Pi 4 Model B Rev 1.2\n" + uname + "\n" + speed),
            std::vector<std::vector<std::string>>{{"cpu_model=model: Raspberry Pi 4 Mo"}});
}

constexpr std::string_view kDesktopCpu =
    "$ grep -m2 -E 'model name|flags' /proc/cpuinfo\n"
    "model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
    "flags\t\t: fpu vme de pse tsc msr pae sse sse2 ssse3 sse4_1 sse4_2 aes avx avx2\n";
constexpr std::string_view kPiCpu =
    "$ grep -E 'Hardware|Model' /proc/cpuinfo\n"
    "Hardware\t: BCM2835\n"
    "Model\t\t: Raspberry Pi 3 Model B Rev 1.2\n";
constexpr std::string_view kSpeedTable =
    "$ openssl speed -evp aes-128-cbc\n"
    "OpenSSL 1.1.1n  15 Mar 2022\n"
    "The 'numbers' are in 1000s of bytes per second processed.\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc      26666.67k    30000.00k    31000.00k    32000.00k    32768.00k    32768.00k\n";

// A paste of two machines, each block with its own CPU lines: one machine's model and flags are
// not facts of the other's run (a desktop's AES flag would call a Raspberry Pi's software AES an
// unused AES-NI path, and its "@ 3.20GHz" would set the Pi's clock).
TEST(MachineLabelTest, CpuLinesOfOneMachineAreNotAnotherBlocksFacts) {
  const std::string two = std::string(kDesktopCpu) + std::string(kSpeedTable) + "\n" +
                          std::string(kPiCpu) + std::string(kSpeedTable);
  const std::vector<std::vector<std::string>> facts = CpuFacts(two);
  ASSERT_EQ(facts.size(), 2u);
  EXPECT_EQ(facts[0], (std::vector<std::string>{"cpu_model=model name: Intel(R) Cor",
                                                "cpu_flags=fpu vme de pse tsc msr p"}));
  EXPECT_EQ(facts[1], (std::vector<std::string>{"cpu_model=hardware: BCM2835",
                                                "cpu_model=model: Raspberry Pi 3 Mo"}));
  // Lines between two tables read as the next block's (a command starts it); a machine's lines
  // after the last table, unlike those before it, join no run rather than mix two machines.
  const std::vector<std::vector<std::string>> after =
      CpuFacts(std::string(kSpeedTable) + std::string(kPiCpu) + "\n" + std::string(kSpeedTable) +
               std::string(kDesktopCpu));
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after[0], std::vector<std::string>{});
  EXPECT_EQ(after[1], (std::vector<std::string>{"cpu_model=hardware: BCM2835",
                                                "cpu_model=model: Raspberry Pi 3 Mo"}));
}

// One machine's CPU lines before two of its runs describe both; lines that repeat them (a
// second `grep` of the same cpuinfo) start nothing new.
TEST(MachineLabelTest, CpuLinesOfOneMachineStayFactsOfItsRuns) {
  const std::string one = std::string(kDesktopCpu) + std::string(kSpeedTable) + "\n" +
                          std::string(kSpeedTable) + std::string(kDesktopCpu) +
                          std::string(kSpeedTable);
  const std::vector<std::string> desktop = {"cpu_model=model name: Intel(R) Cor",
                                            "cpu_flags=fpu vme de pse tsc msr p"};
  EXPECT_EQ(CpuFacts(one), (std::vector<std::vector<std::string>>{desktop, desktop, desktop}));
}

constexpr std::string_view kVersionA =
    "$ openssl version -a\n"
    "OpenSSL 1.1.1f  31 Mar 2020\n"
    "built on: Wed Nov 24 13:20:48 2021 UTC\n"
    "platform: debian-amd64\n"
    "options:  bn(64,64) rc4(16x,int) des(int) blowfish(ptr)\n"
    "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -Wall\n"
    "CPUINFO: OPENSSL_ia32cap=0x7ffaf3ffffebffff:0x29c67af\n";
// A table without the header speed prints before it (the version block cut from the paste).
constexpr std::string_view kHeaderlessTable =
    "$ openssl speed -evp aes-128-cbc\n"
    "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes\n"
    "aes-128-cbc      26666.67k    30000.00k    31000.00k    32000.00k    32768.00k    32768.00k\n";

// The library version (and CPUINFO) of each run, "version|cpu_info", in run order.
std::vector<std::string> Versions(const std::string& text) {
  std::vector<std::string> out;
  for (const results::RunResult& run : ImportText(text, "paste.txt")) {
    out.push_back(run.library.version + "|" + run.library.cpu_info);
  }
  return out;
}

// `openssl version -a` printed in one machine's block describes that machine's build: a run of
// another machine's block (its own CPU lines) without a header of its own takes no version or
// CPUINFO from it. Runs of the same machine still do, and so does a version block printed in
// the second machine's block.
TEST(MachineLabelTest, VersionBlockOfOneMachineIsNotAnotherBlocksLibrary) {
  const std::string a =
      "OpenSSL 1.1.1f  31 Mar 2020|CPUINFO: OPENSSL_ia32cap=0x7ffaf3ffffebffff:0x29c67af";
  EXPECT_EQ(
      Versions(std::string(kVersionA) + std::string(kDesktopCpu) + std::string(kHeaderlessTable) +
               "\n" + std::string(kPiCpu) + std::string(kHeaderlessTable)),
      (std::vector<std::string>{a, "|"}));
  EXPECT_EQ(Versions(std::string(kVersionA) + std::string(kDesktopCpu) +
                     std::string(kHeaderlessTable) + "\n" + std::string(kHeaderlessTable)),
            (std::vector<std::string>{a, a}));
  EXPECT_EQ(Versions(std::string(kDesktopCpu) + std::string(kHeaderlessTable) + "\n" +
                     std::string(kVersionA) + std::string(kPiCpu) + std::string(kHeaderlessTable)),
            (std::vector<std::string>{"|", a}));
}

// The machine facts of the last run, "kind=value" each, and its caveats that name CPU lines.
std::pair<std::vector<std::string>, std::vector<std::string>> LastRunMachine(
    const std::string& text) {
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  std::pair<std::vector<std::string>, std::vector<std::string>> out;
  if (runs.empty()) {
    return out;
  }
  for (const results::SourceFact& fact : runs.back().source.facts) {
    if (fact.kind.starts_with("cpu_")) {
      out.first.push_back(fmt::format("{}={}", fact.kind, fact.value.substr(0, 24)));
    }
  }
  for (const std::string& caveat : runs.back().source.caveats) {
    if (caveat.find("CPU lines") != std::string::npos) {
      out.second.push_back(caveat);
    }
  }
  return out;
}

constexpr std::string_view kDesktopLscpu =
    "$ lscpu\n"
    "Architecture:                    x86_64\n"
    "Model name:                      Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
    "CPU max MHz:                     4600.0000\n"
    "CPU min MHz:                     800.0000\n"
    "Flags:                           fpu vme de pse tsc msr pae sse sse2 ssse3 sse4_1 sse4_2 aes "
    "avx avx2\n";

// lscpu pasted after the table of a run whose /proc/cpuinfo lines came before it: the same model
// and flags, so the same machine, and its architecture and clock limits describe the run too.
// Another model of the same key is another machine's (nothing applied); lines that name no model
// to match by (lscpu cut to its clock lines) cannot be told apart: nothing applied, a caveat.
TEST(MachineLabelTest, LscpuAfterTheTableOfOneMachineDescribesItsRun) {
  const std::string run = std::string(kDesktopCpu) + std::string(kSpeedTable);
  const auto same = LastRunMachine(run + std::string(kDesktopLscpu));
  EXPECT_EQ(same.first,
            (std::vector<std::string>{"cpu_model=model name: Intel(R) Cor",
                                      "cpu_flags=fpu vme de pse tsc msr p", "cpu_arch=x86_64",
                                      "cpu_max_mhz=4600.0000", "cpu_min_mhz=800.0000"}));
  EXPECT_EQ(same.second, std::vector<std::string>{});

  std::string other(kDesktopLscpu);
  other.replace(other.find("i7-8700 CPU @ 3.20GHz"), 21, "i5-2400 CPU @ 3.10GHz");
  const auto different = LastRunMachine(run + other);
  EXPECT_EQ(different.first, (std::vector<std::string>{"cpu_model=model name: Intel(R) Cor",
                                                       "cpu_flags=fpu vme de pse tsc msr p"}));
  EXPECT_EQ(different.second, std::vector<std::string>{});

  const auto unknown =
      LastRunMachine(run + "$ lscpu | grep MHz\nCPU max MHz:  4600.0000\nCPU min MHz:  800.0000\n");
  EXPECT_EQ(unknown.first, (std::vector<std::string>{"cpu_model=model name: Intel(R) Cor",
                                                     "cpu_flags=fpu vme de pse tsc msr p"}));
  ASSERT_EQ(unknown.second.size(), 1u);
  EXPECT_NE(unknown.second[0].find("Lines 10-11 "), std::string::npos) << unknown.second[0];
}

// The uname facts of each run, in run order.
std::vector<std::vector<std::string>> Unames(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  for (const results::RunResult& run : ImportText(text, "paste.txt")) {
    std::vector<std::string> unames;
    for (const results::SourceFact& fact : run.source.facts) {
      if (fact.kind == "uname") {
        unames.push_back(fact.value.substr(0, 10));
      }
    }
    out.push_back(std::move(unames));
  }
  return out;
}

constexpr std::string_view kDesktopUname =
    "$ uname -a\n"
    "Linux desk 5.15.0-91-generic #101-Ubuntu SMP Tue Nov 14 13:30:08 UTC 2023 x86_64 x86_64 "
    "x86_64 GNU/Linux\n";
constexpr std::string_view kPiUname =
    "$ uname -a\n"
    "Linux pi 6.1.21-v8+ #1642 SMP PREEMPT Mon Apr  3 17:24:16 BST 2023 aarch64 GNU/Linux\n";

// A `uname -a` line describes one kernel: another one starts another machine's or kernel's
// block, and the earlier line is no fact of the runs after it; one after the last run that had
// its own is not that run's either. The same line again changes nothing, and one after a run
// that had none still describes it.
TEST(MachineLabelTest, UnameOfOneBlockIsNotAnotherBlocksFact) {
  const std::string table(kSpeedTable);
  const std::vector<std::string> desk = {"Linux desk"};
  const std::vector<std::string> pi = {"Linux pi 6"};
  EXPECT_EQ(Unames(std::string(kDesktopUname) + table + std::string(kPiUname) + table),
            (std::vector<std::vector<std::string>>{desk, pi}));
  EXPECT_EQ(Unames(std::string(kDesktopUname) + table + std::string(kPiUname)),
            (std::vector<std::vector<std::string>>{desk}));
  EXPECT_EQ(Unames(table + std::string(kDesktopUname)),
            (std::vector<std::vector<std::string>>{desk}));
}

}  // namespace
}  // namespace cryptobench::import

namespace cryptobench::import {
namespace {

// `openssl list -providers` (apps/list.c list_provider_info: "Providers:", then per provider its
// name indented by two and its "name:", "version:" and "status:" lines by four): the provider's
// facts, never `openssl version` output, so its "version: 1.6.0" is no library release and no
// run of its own, and none of its lines is skipped output.
TEST(EnvFactsTest, ProviderListIsProviderFactsNotALibraryVersion) {
  const std::string text =
      "$ openssl list -providers -provider qatprovider\n"
      "Providers:\n"
      "  qatprovider\n"
      "    name: QAT Provider for OpenSSL\n"
      "    version: 1.6.0\n"
      "    status: active\n"
      "$ openssl speed -elapsed rsa2048\n" +
      std::string(kSpeed);
  const std::vector<results::RunResult> runs = ImportText(text, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool_version, "3.6.0");
  std::vector<std::string> providers;
  for (const results::SourceFact& fact : runs[0].source.facts) {
    if (fact.kind == "provider") {
      providers.push_back(fmt::format("{}@{}", fact.value, fact.line));
    }
  }
  EXPECT_EQ(providers, std::vector<std::string>{
                           "qatprovider: name QAT Provider for OpenSSL, version 1.6.0, status "
                           "active@3"});
  for (const std::string& caveat : runs[0].source.caveats) {
    EXPECT_EQ(caveat.find("line 6"), std::string::npos) << caveat;
    EXPECT_EQ(caveat.find("1.6.0"), std::string::npos) << caveat;
  }

  // The list pasted without its command: "Providers:" names it.
  const std::vector<results::RunResult> bare =
      ImportText(text.substr(text.find("Providers:")), "paste.txt");
  ASSERT_EQ(bare.size(), 1u);
  EXPECT_EQ(bare[0].source.tool_version, "3.6.0");
}

}  // namespace
}  // namespace cryptobench::import

namespace cryptobench::import {
namespace {

// The clock facts (kind=value@line/origin) of the one run of `before` + a speed run.
std::vector<std::string> ClockFacts(const std::string& before) {
  std::vector<std::string> out;
  const std::vector<results::RunResult> runs =
      ImportText(before + std::string(kSpeed), "paste.txt");
  EXPECT_EQ(runs.size(), 1u);
  for (const results::RunResult& run : runs) {
    for (const results::SourceFact& fact : run.source.facts) {
      if (fact.kind.starts_with("cpu_") && fact.kind != "cpu_arch") {
        out.push_back(fmt::format("{}={}@{}/{}", fact.kind, fact.value, fact.line, fact.origin));
      }
    }
  }
  return out;
}

// `cat` of one cpufreq sysfs file (Documentation/admin-guide/pm/cpufreq.rst): the value on the
// next line, kHz, is the clock limit lscpu prints in MHz (cpuinfo_*/scaling_* min/max), the
// clock when read (*_cur_freq), or the governor; only right after the command naming the file.
TEST(EnvFactsTest, SysfsCpufreqFilesAreClockFacts) {
  EXPECT_EQ(ClockFacts("$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq\n"
                       "1800000\n"
                       "$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor\n"
                       "powersave\n"
                       "$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq\n"
                       "600000\n"
                       "$ sudo cat /sys/devices/system/cpu/cpufreq/policy0/cpuinfo_min_freq\n"
                       "408000\n"),
            (std::vector<std::string>{"cpu_max_mhz=1800.000@2/sysfs cpufreq/scaling_max_freq",
                                      "cpu_governor=powersave@4/sysfs cpufreq/scaling_governor",
                                      "cpu_cur_mhz=600.000@6/sysfs cpufreq/scaling_cur_freq",
                                      "cpu_min_mhz=408.000@8/sysfs cpufreq/cpuinfo_min_freq"}));
  // A number not right after the command, a `cat` of several files, another file: no fact.
  EXPECT_EQ(ClockFacts("$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq\n"
                       "\n"
                       "1800000\n"),
            std::vector<std::string>{});
  EXPECT_EQ(ClockFacts("$ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq "
                       "/sys/devices/system/cpu/cpu0/cpufreq/scaling_min_freq\n"
                       "1800000\n"
                       "600000\n"),
            std::vector<std::string>{});
  EXPECT_EQ(ClockFacts("$ cat /sys/devices/system/cpu/cpu0/cpufreq/related_cpus\n0 1 2 3\n"),
            std::vector<std::string>{});
}

// `grep . /sys/devices/system/cpu/cpu0/cpufreq/*` (grep prefixes each line with its file when it
// reads several: "PATH:VALUE"): the same files as `cat`, one per line; other files, values that
// are not a frequency or a governor's name, and paths outside cpufreq give nothing.
TEST(EnvFactsTest, GrepOfCpufreqFilesGivesPathColonValueClockFacts) {
  EXPECT_EQ(ClockFacts("$ grep . /sys/devices/system/cpu/cpu0/cpufreq/*\n"
                       "/sys/devices/system/cpu/cpu0/cpufreq/affected_cpus:0\n"
                       "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq:4505000\n"
                       "/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq:1397000\n"
                       "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor:powersave\n"
                       "/sys/devices/system/cpu/cpu0/cpufreq/scaling_max_freq:1900000\n"
                       "/sys/devices/system/cpu/cpu1/cpufreq/scaling_cur_freq:abc\n"
                       "/sys/devices/system/cpu/cpu1/online:1\n"),
            (std::vector<std::string>{"cpu_max_mhz=4505.000@3/sysfs cpufreq/cpuinfo_max_freq",
                                      "cpu_cur_mhz=1397.000@4/sysfs cpufreq/scaling_cur_freq",
                                      "cpu_governor=powersave@5/sysfs cpufreq/scaling_governor",
                                      "cpu_max_mhz=1900.000@6/sysfs cpufreq/scaling_max_freq"}));
}

}  // namespace
}  // namespace cryptobench::import

namespace cryptobench::import {
namespace {

// s390x /proc/cpuinfo's "processor N: ... machine = MMMM" line names the IBM Z model by its
// machine type (arch/s390/kernel/processor.c: show_cpu_ids, setup_elf_platform).
TEST(EnvFactsTest, S390MachineTypeIsTheModel) {
  const auto models = [](const std::string& before) {
    std::vector<std::string> out;
    for (const results::RunResult& run : ImportText(before + std::string(kSpeed), "p.txt")) {
      for (const results::SourceFact& fact : run.source.facts) {
        if (fact.kind == "cpu_model") {
          out.push_back(fmt::format("{}@{}", fact.value, fact.line));
        }
      }
    }
    return out;
  };
  EXPECT_EQ(models("$ grep -m1 machine /proc/cpuinfo\n"
                   "processor 0: version = 00,  identification = 0B7C68,  machine = 8561\n"),
            std::vector<std::string>{"machine = 8561 (IBM z15)@2"});
  EXPECT_EQ(models("processor 3: version = FF,  identification = 123456,  machine = 3931\n"),
            std::vector<std::string>{"machine = 3931 (IBM z16)@1"});
  EXPECT_EQ(models("processor 0: version = 00,  identification = 0B7C68,  machine = 1234\n"),
            std::vector<std::string>{"machine = 1234@1"});
  EXPECT_EQ(models("the machine = 8561 is fast\n"), std::vector<std::string>{});
}

}  // namespace
}  // namespace cryptobench::import

namespace cryptobench::import {
namespace {

// Tryout 24 p24: two cryptsetup runs, then the Features line and `uname -m` of the one machine
// the paste shows. Those lines describe both runs, not only the last one.
TEST(EnvFactsTest, TrailingCpuLinesOfOneMachineDescribeEveryRun) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ sudo cryptsetup benchmark -c aes-xts-plain64\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "    aes-xts        256b      1337.6 MiB/s      1354.2 MiB/s\n"
      "$ sudo cryptsetup benchmark -c xchacha12,aes-adiantum-plain64\n"
      "# Tests are approximate using memory only (no storage IO).\n"
      "#            Algorithm |       Key |      Encryption |      Decryption\n"
      "xchacha12,aes-adiantum        256b       736.3 MiB/s       742.9 MiB/s\n"
      "$ grep -m1 Features /proc/cpuinfo\n"
      "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics\n"
      "$ uname -m\n"
      "aarch64\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  for (const results::RunResult& run : runs) {
    bool arch = false;
    bool flags = false;
    for (const results::SourceFact& fact : run.source.facts) {
      arch = arch || (fact.kind == "cpu_arch" && fact.value == "aarch64");
      flags = flags || (fact.kind == "cpu_flags" && fact.line == 10);
    }
    EXPECT_TRUE(arch) << run.source.tool;
    EXPECT_TRUE(flags) << run.source.tool;
  }
}

// Two machines' CPU lines (a model line after each run): each run keeps its own only.
TEST(EnvFactsTest, TrailingCpuLinesOfAnotherMachineStayTheirs) {
  const std::vector<results::RunResult> runs = ImportText(
      "$ cryptsetup benchmark -c aes-xts-plain64\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "    aes-xts        256b      1337.6 MiB/s      1354.2 MiB/s\n"
      "model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
      "$ cryptsetup benchmark -c aes-xts-plain64\n"
      "# Algorithm |       Key |      Encryption |      Decryption\n"
      "    aes-xts        256b      137.6 MiB/s      154.2 MiB/s\n"
      "model name\t: ARMv7 Processor rev 4 (v7l)\n",
      "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  for (const results::SourceFact& fact : runs[0].source.facts) {
    EXPECT_EQ(fact.value.find("ARMv7"), std::string::npos) << fact.value;
  }
}

}  // namespace
}  // namespace cryptobench::import

namespace cryptobench::import {
namespace {

// Issue 13, sec. 5 (tryout 25 q10c): a shell prompt names its host ("[root@old-app ~]#",
// "user@host:~$"); lines typed at another host's prompt describe that machine, not a run typed
// at this one's, before or after it.
bool HasMachineFact(const results::RunResult& run) {
  for (const results::SourceFact& fact : run.source.facts) {
    if (fact.kind == "cpu_model" || fact.kind == "cpu_flags" || fact.kind == "cpu_arch" ||
        fact.kind == "cpu_max_mhz") {
      return true;
    }
  }
  return false;
}

// A slow AES-GCM run under the heading `first` (none when empty), then the heading `second`
// and a Xeon Gold's lscpu: whether the lscpu is the run's machine's is the question.
std::string RunThenHeadingThenLscpu(const std::string& first, const std::string& second) {
  return (first.empty() ? "" : first + "\n") + testing::SlowGcmRun("$ ") + "\n" + second + "\n" +
         testing::XeonGoldLscpu("$ ");
}

bool HasCaveatWith(const results::RunResult& run, std::string_view words) {
  for (const std::string& caveat : run.source.caveats) {
    if (caveat.find(words) != std::string::npos) {
      return true;
    }
  }
  return false;
}

TEST(PromptHostTest, CpuLinesTypedOnAnotherHostDescribeNoRunOfThisOne) {
  const std::string after = testing::SlowGcmRun("[root@old-app ~]# ") + "\n" +
                            testing::XeonGoldLscpu("[root@new-app ~]# ");
  const std::vector<results::RunResult> runs = ImportText(after, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_FALSE(HasMachineFact(runs[0]));
  EXPECT_TRUE(HasCaveatWith(runs[0],
                            "Lines 9-12 hold CPU lines typed at the prompt of another host "
                            "(new-app) than this run's (old-app)"))
      << ::testing::PrintToString(runs[0].source.caveats);
  // The other machine's lines before the run are no more its own.
  const std::string before =
      testing::XeonGoldLscpu("root@new-app:~# ") + testing::SlowGcmRun("root@old-app:~# ");
  const std::vector<results::RunResult> second = ImportText(before, "paste.txt");
  ASSERT_EQ(second.size(), 1u);
  EXPECT_FALSE(HasMachineFact(second[0]));
}

// Tryout 26 R4 (q/e03): a run at a1, `ssh b2`, b2's lscpu, `exit`, then a1's prompt again.
// b2's CPU lines describe no run of a1, and the run says so, as it does when they trail it.
TEST(PromptHostTest, CpuLinesOfAHostVisitedAfterTheRunAreNamed) {
  const std::string visit = testing::SlowGcmRun("[root@a1 ~]# ") + "[root@a1 ~]# ssh b2\n" +
                            testing::XeonGoldLscpu("[root@b2 ~]# ") + "[root@b2 ~]# exit\n";
  const std::string named =
      "Lines 9-12 hold CPU lines typed at the prompt of another host (b2) than this run's (a1)";
  for (const std::string& back :
       {std::string("[root@a1 ~]# ./openssl version\nOpenSSL 1.1.1k  FIPS 25 Mar 2021\n"),
        std::string("[root@a1 ~]# uptime\n")}) {
    const std::vector<results::RunResult> runs = ImportText(visit + back, "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << back;
    EXPECT_FALSE(HasMachineFact(runs[0])) << back;
    EXPECT_EQ(runs[0].source.tool_version,
              back.find("version") == std::string::npos ? "" : "1.1.1k");
    EXPECT_TRUE(HasCaveatWith(runs[0], named))
        << back << ::testing::PrintToString(runs[0].source.caveats);
  }
  // Back at a1 and a run there: b2's lines came after the first run, not the second.
  const std::vector<results::RunResult> two =
      ImportText(visit + testing::SlowGcmRun("[root@a1 ~]# "), "paste.txt");
  ASSERT_EQ(two.size(), 2u);
  EXPECT_TRUE(HasCaveatWith(two[0], named)) << ::testing::PrintToString(two[0].source.caveats);
  EXPECT_FALSE(HasCaveatWith(two[1], "another host"));
  EXPECT_FALSE(HasMachineFact(two[1]));
  // A run at b2 takes its lscpu: nothing is named.
  const std::vector<results::RunResult> at_b2 = ImportText(
      visit.substr(0, visit.rfind("[root@b2 ~]# exit")) + testing::SlowGcmRun("[root@b2 ~]# ") +
          "[root@b2 ~]# exit\n" + "[root@a1 ~]# uptime\n",
      "paste.txt");
  ASSERT_EQ(at_b2.size(), 2u);
  EXPECT_TRUE(HasMachineFact(at_b2[1]));
  for (const results::RunResult& run : at_b2) {
    EXPECT_FALSE(HasCaveatWith(run, "another host"))
        << ::testing::PrintToString(run.source.caveats);
  }
}

// One host (another user, or prompts that name no host): the lines describe the run, as before.
TEST(PromptHostTest, OneHostsCpuLinesStillDescribeItsRun) {
  for (const std::string& paste :
       {testing::SlowGcmRun("[root@app ~]# ") + testing::XeonGoldLscpu("[deploy@app ~]$ "),
        testing::SlowGcmRun("$ ") + testing::XeonGoldLscpu("$ ")}) {
    const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_TRUE(HasMachineFact(runs[0])) << paste;
  }
}

// Two runs, each at its host's prompt, then the second host's lscpu: they describe its run only
// (SpreadTrailingMachineFacts gives trailing CPU lines to every run of a one-machine paste).
TEST(PromptHostTest, TrailingCpuLinesOfTheLastHostAreNotSpreadToAnother) {
  const std::vector<results::RunResult> runs = ImportText(
      testing::SlowGcmRun("[root@old-app ~]# ") + testing::SlowGcmRun("[root@new-app ~]# ") +
          testing::XeonGoldLscpu("[root@new-app ~]# "),
      "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_FALSE(HasMachineFact(runs[0]));
  EXPECT_TRUE(HasMachineFact(runs[1]));
  // Without host names the paste still reads as one machine's.
  const std::vector<results::RunResult> one = ImportText(
      testing::SlowGcmRun("$ ") + testing::SlowGcmRun("$ ") + testing::XeonGoldLscpu("$ "),
      "paste.txt");
  ASSERT_EQ(one.size(), 2u);
  EXPECT_TRUE(HasMachineFact(one[0]));
  EXPECT_TRUE(HasMachineFact(one[1]));
}

// `openssl version` typed at another host's prompt names that host's library.
TEST(PromptHostTest, TrailingVersionOfAnotherHostStaysItsOwn) {
  const std::string version = "[root@new-app ~]# ./openssl version\nOpenSSL 1.1.1w  11 Sep 2023\n";
  const std::vector<results::RunResult> runs =
      ImportText(testing::SlowGcmRun("[root@old-app ~]# ") + version, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].source.tool_version, "");
  EXPECT_EQ(runs[1].source.tool_version, "1.1.1w");
  // The same host's still describes the run.
  const std::vector<results::RunResult> one =
      ImportText(testing::SlowGcmRun("[root@new-app ~]# ") + version, "paste.txt");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].source.tool_version, "1.1.1w");
  // So does a version pasted before the run on one host, and not on another.
  const std::vector<results::RunResult> before =
      ImportText(version + testing::SlowGcmRun("[root@old-app ~]# "), "paste.txt");
  ASSERT_EQ(before.size(), 2u);
  EXPECT_EQ(before[1].source.tool_version, "");
}

// `OPENSSL_ia32cap=... /usr/bin/openssl speed`, then `openssl version` of another program or on
// another host (AttachVersionToPrefixedSpeedRun): that version is not the masked run's library.
TEST(PromptHostTest, VersionAfterAMaskedRunMustBeItsProgramsOnItsHost) {
  const std::string run =
      "OPENSSL_ia32cap=~0x200000000 /usr/bin/openssl speed -evp aes-128-gcm\n"
      "Doing aes-128-gcm for 3s on 16 size blocks: 9262718 aes-128-gcm's in 2.99s\n"
      "Doing aes-128-gcm for 3s on 16384 size blocks: 13801 aes-128-gcm's in 3.00s\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes  16384 bytes\n"
      "aes-128-gcm      49566.38k    75370.50k\n";
  const auto version = [](std::string_view prompt, std::string_view program) {
    return std::string(prompt) + "OPENSSL_ia32cap=~0x200000000 " + std::string(program) +
           " version\nOpenSSL 3.3.1 4 Jun 2024\n";
  };
  struct Case {
    std::string paste;
    size_t runs;
  };
  for (const Case& c : {
           Case{"$ " + run + version("$ ", "/usr/bin/openssl"), 1},
           Case{"$ " + run + version("$ ", "/opt/homebrew/bin/openssl"), 2},
           Case{"root@a:~# " + run + version("root@b:~# ", "/usr/bin/openssl"), 2},
       }) {
    const std::vector<results::RunResult> runs = ImportText(c.paste, "paste.txt");
    ASSERT_EQ(runs.size(), c.runs) << c.paste;
    EXPECT_EQ(runs[0].source.tool_version, c.runs == 1 ? "3.3.1" : "") << c.paste;
  }
}

// Tryout 25 q10b: two labelled runs, then `openssl version`, which describes neither for sure.
// The runs do not say the version is not in the paste: it is, but not tied to them.
TEST(PromptHostTest, UntiedVersionIsNamedNotDenied) {
  const std::string paste = "old server:\n" + testing::SlowGcmRun("$ ") + "\nnew server:\n" +
                            testing::SlowGcmRun("$ ") +
                            "$ ./openssl version\nOpenSSL 1.1.1w  11 Sep 2023\n";
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 3u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(runs[i].source.tool_version, "");
    EXPECT_FALSE(HasCaveatWith(runs[i], "version is not in the paste"));
    EXPECT_TRUE(HasCaveatWith(runs[i],
                              "line 17 holds `openssl version` output, which cannot be tied to it"))
        << ::testing::PrintToString(runs[i].source.caveats);
  }
}

// Tryout 25 q10d (F3): a run under "old server:", then "new server:" and another machine's lscpu,
// all at prompts that name no host. A short heading ending in ':' that names a machine (a
// server, host, box, ...) other than the run's ends the run's block as another host's prompt
// does: its CPU lines are not the run's, and a caveat names them.
TEST(MachineHeadingTest, HeadingOfAnotherMachineEndsTheRunsBlock) {
  const std::string paste = "old server:\n" + testing::SlowGcmRun("$ ") + "\nnew server:\n" +
                            testing::XeonGoldLscpu("$ ");
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_FALSE(HasMachineFact(runs[0]));
  EXPECT_TRUE(HasCaveatWith(runs[0],
                            "Lines 11-14 hold CPU lines under the heading 'new server:' (line 9), "
                            "after this run's 'old server:' (line 1)"))
      << ::testing::PrintToString(runs[0].source.caveats);
  // Other ways to name two machines: a letter, a number glued to the noun, a preposition.
  for (const auto& [first, second] : std::vector<std::pair<std::string, std::string>>{
           {"On machine A:", "on machine B:"}, {"host1:", "host2:"}, {"Old box:", "New box:"}}) {
    const std::vector<results::RunResult> two =
        ImportText(first + "\n" + testing::SlowGcmRun("$ ") + "\n" + second + "\n" +
                       testing::XeonGoldLscpu("$ "),
                   "paste.txt");
    ASSERT_EQ(two.size(), 1u) << second;
    EXPECT_FALSE(HasMachineFact(two[0])) << second;
  }
}

// The run has no heading of its own and the heading after it marks another machine ("new",
// "other", a letter or number): whether its lines are the run's cannot be told, so they are not
// applied, and the caveat says so.
TEST(MachineHeadingTest, HeadingThatMarksAnotherMachineAfterAnUnnamedRunIsNotApplied) {
  for (const std::string heading : {"new server:", "The other box:", "node2:"}) {
    const std::vector<results::RunResult> runs =
        ImportText(testing::SlowGcmRun("$ ") + "\n" + heading + "\n" + testing::XeonGoldLscpu("$ "),
                   "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << heading;
    EXPECT_FALSE(HasMachineFact(runs[0])) << heading;
    EXPECT_TRUE(HasCaveatWith(runs[0], "they may describe another machine than this run's"))
        << ::testing::PrintToString(runs[0].source.caveats);
  }
}

// Another machine's CPU lines under its heading before the run's heading: not the run's either.
TEST(MachineHeadingTest, AnotherMachinesLinesBeforeTheRunAreNotItsOwn) {
  const std::vector<results::RunResult> runs =
      ImportText("new server:\n" + testing::XeonGoldLscpu("$ ") + "\nold server:\n" +
                     testing::SlowGcmRun("$ "),
                 "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_FALSE(HasMachineFact(runs[0]));
}

// Two runs, each under its machine's heading, then the second machine's lscpu: its run only.
TEST(MachineHeadingTest, TrailingLinesUnderTheLastHeadingDescribeItsRunOnly) {
  const std::vector<results::RunResult> runs =
      ImportText("old server:\n" + testing::SlowGcmRun("$ ") + "\nnew server:\n" +
                     testing::SlowGcmRun("$ ") + testing::XeonGoldLscpu("$ "),
                 "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_FALSE(HasMachineFact(runs[0]));
  EXPECT_TRUE(HasMachineFact(runs[1]));
}

// Headings that name no machine ("Output:", "lscpu:", "My CPU:"), the same machine again, or a
// machine without a mark of another one after an unnamed run leave the CPU lines the run's.
TEST(MachineHeadingTest, OrdinaryHeadingsDoNotEndTheBlock) {
  for (const auto& [first, second] : std::vector<std::pair<std::string, std::string>>{
           {"Output:", "lscpu:"},
           {"", "My CPU:"},
           {"", "CPU info:"},
           {"old server:", "old server:"},
           {"On the old server:", "old server:"},
           {"", "My server:"},
           {"", "Same box:"},
           {"", "Server details:"},
           {"Results from our server:", "lscpu on the same server:"}}) {
    const std::string paste = RunThenHeadingThenLscpu(first, second);
    const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << paste;
    EXPECT_TRUE(HasMachineFact(runs[0])) << paste;
    EXPECT_FALSE(HasCaveatWith(runs[0], "under the heading")) << paste;
  }
}

// Tryout 27 W4, W5 (q/h01, h02, h04, h05, h06): headings are compared by the machine they name,
// not by their text: case, '-', '_' and spaces alike, words that describe the lines (output, CPU,
// lscpu, results) dropped. "Node 18" (a Node.js version) names no machine; a bare noun after an
// unnamed run ("host:") does not either, but after a run under another machine's heading it does
// (tryout 28 W1: "VM:" then "Host:"), and a YAML key is no heading (YamlKeyOverIndentedKeys...).
TEST(MachineHeadingTest, HeadingsOfOneMachineInOtherWordsDoNotEndTheBlock) {
  for (const auto& [first, second] :
       std::vector<std::pair<std::string, std::string>>{{"Server output:", "Server CPU:"},
                                                        {"server-a:", "Server A:"},
                                                        {"Box 1 results:", "box_1 lscpu:"},
                                                        {"", "Node 18:"},
                                                        {"", "host:"}}) {
    const std::string paste = RunThenHeadingThenLscpu(first, second);
    const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << paste;
    EXPECT_TRUE(HasMachineFact(runs[0])) << paste;
    EXPECT_FALSE(HasCaveatWith(runs[0], "under the heading")) << paste;
  }
  // The run's own lscpu under "Box 1 lscpu:" before "Box 1 results:" and the run (h02).
  const std::vector<results::RunResult> before =
      ImportText("Box 1 lscpu:\n" + testing::XeonGoldLscpu("$ ") + "Box 1 results:\n" +
                     testing::SlowGcmRun("$ "),
                 "paste.txt");
  ASSERT_EQ(before.size(), 1u);
  EXPECT_TRUE(HasMachineFact(before[0]));
}

// Tryout 27 W3 (q/h09): the run under "Server A:", "Server B:" and B's lscpu, then "Server A:"
// again and A's lscpu. A's lines are the run's; B's are named as B's, not applied.
TEST(MachineHeadingTest, BackToTheRunsHeadingAppliesItsLinesAndNamesTheOthers) {
  std::string other = testing::XeonGoldLscpu("$ ");
  other.replace(other.find("6338"), 4, "6130");
  const std::string paste = "Server A:\n" + testing::SlowGcmRun("$ ") + "\nServer B:\n" + other +
                            "\nServer A:\n" + testing::XeonGoldLscpu("$ ");
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  bool own_model = false;
  for (const results::SourceFact& fact : runs[0].source.facts) {
    EXPECT_EQ(fact.value.find("6130"), std::string::npos) << fact.value;
    own_model =
        own_model || (fact.kind == "cpu_model" && fact.value.find("6338") != std::string::npos);
  }
  EXPECT_TRUE(own_model) << paste;
  EXPECT_TRUE(HasCaveatWith(runs[0], "under the heading 'Server B:'"))
      << ::testing::PrintToString(runs[0].source.caveats);
}

// A heading whose words describe the machine's size ("Host 2 cores:", "VM with 4 vCPUs:") names
// no other machine: the number counts cores, it is not a second host (tryout 27 probe). Names
// with a number or a letter of their own still do.
TEST(MachineHeadingTest, SizeOfTheMachineIsNotAnotherMachine) {
  for (const std::string_view heading :
       {"Host 2 cores:", "Host (2 cores):", "VM with 4 vCPUs:", "Server, 8 GB RAM:",
        "A box with 16GB:", "2 core VM:", "Host 2.1 GHz:"}) {
    const std::string paste = testing::SlowGcmRun("$ ") + "\n" + std::string(heading) + "\n" +
                              testing::XeonGoldLscpu("$ ");
    const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << heading;
    EXPECT_TRUE(HasMachineFact(runs[0])) << heading;
    EXPECT_FALSE(HasCaveatWith(runs[0], "under the heading")) << heading;
  }
  EXPECT_EQ(MachineHeading("Host 2 cores:"), "host");
  EXPECT_EQ(MachineHeading("VM with 4 vCPUs:"), "vm");
  EXPECT_EQ(MachineHeading("Server B with 8 cores:"), "server b");
  for (const auto& [first, second] :
       std::vector<std::pair<std::string, std::string>>{{"server-a:", "server-b:"},
                                                        {"box1:", "box2:"},
                                                        {"Server 1 (4 cores):", "node-2:"},
                                                        {"host1 2 cores:", "host2 2 cores:"},
                                                        {"Server 1 CPU:", "Server 2 CPU:"},
                                                        {"", "Server 2 CPU:"},
                                                        // Tryout 28 W1: two machines' nouns.
                                                        {"VM with 4 vCPUs:", "Host 32 cores:"},
                                                        {"VM:", "Host:"},
                                                        {"Guest 4 vCPUs:", "Hypervisor host:"},
                                                        {"Laptop 16GB:", "Server 64 cores:"}}) {
    const std::vector<results::RunResult> two =
        ImportText(RunThenHeadingThenLscpu(first, second), "paste.txt");
    ASSERT_EQ(two.size(), 1u) << second;
    EXPECT_FALSE(HasMachineFact(two[0])) << first << " / " << second;
  }
}

// Tryout 27 h05: a lowercase YAML key ("host:") over indented "key: value" lines heads no
// machine; "Server B:" over an indented lscpu still does.
TEST(MachineHeadingTest, YamlKeyOverIndentedKeysIsNoHeading) {
  const std::vector<results::RunResult> yaml = ImportText(
      "My server:\n" + testing::SlowGcmRun("$ ") +
          "$ cat /etc/myapp/config.yml\nhost:\n  name: web1\n" + testing::XeonGoldLscpu("$ "),
      "paste.txt");
  ASSERT_EQ(yaml.size(), 1u);
  EXPECT_TRUE(HasMachineFact(yaml[0])) << ::testing::PrintToString(yaml[0].source.caveats);
  const std::vector<results::RunResult> indented = ImportText(
      "Server A:\n" + testing::SlowGcmRun("$ ") +
          "\nServer B:\n    Architecture: x86_64\n    Model name: Intel(R) Xeon(R) Gold 6130 "
          "CPU @ 2.10GHz\n",
      "paste.txt");
  ASSERT_EQ(indented.size(), 1u);
  EXPECT_FALSE(HasMachineFact(indented[0]));
}

// Back at the run's heading (A, B, A): what was exported under A before the switch is still
// A's shell's environment, so a run typed there after coming back ran with it; B's exports
// are not A's.
TEST(MachineHeadingTest, BackToTheRunsHeadingRestoresItsExports) {
  const std::string paste = "Server A:\n$ export OPENSSL_ia32cap=~0x200000000\n" +
                            testing::SlowGcmRun("$ ") + "\nServer B:\n$ export FOO=1\n" +
                            testing::XeonGoldLscpu("$ ") + "\nServer A:\n" +
                            testing::SlowGcmRun("$ ");
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  for (const results::RunResult& run : runs) {
    EXPECT_EQ(run.library.worker_env.count("OPENSSL_ia32cap"), 1u)
        << ::testing::PrintToString(run.library.worker_env);
    EXPECT_EQ(run.library.worker_env.count("FOO"), 0u);
  }
}

// Tryout 28 W11 (q11): what was read under A before any run (its export, its lscpu) is still
// A's when the paste comes back to A after B's lines; B's lscpu is not A's.
TEST(MachineHeadingTest, BackToAHeadingWithoutARunRestoresItsLines) {
  std::string other = testing::XeonGoldLscpu("$ ");
  other.replace(other.find("6338"), 4, "6130");
  const std::string paste = "Server A:\n$ export OPENSSL_ia32cap=~0x200000000\n" +
                            testing::XeonGoldLscpu("$ ") + "\nServer B:\n" + other +
                            "\nServer A:\n" + testing::SlowGcmRun("$ ");
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].library.worker_env.count("OPENSSL_ia32cap"), 1u)
      << ::testing::PrintToString(runs[0].library.worker_env);
  bool own_model = false;
  for (const results::SourceFact& fact : runs[0].source.facts) {
    EXPECT_EQ(fact.value.find("6130"), std::string::npos) << fact.value;
    own_model =
        own_model || (fact.kind == "cpu_model" && fact.value.find("6338") != std::string::npos);
  }
  EXPECT_TRUE(own_model) << ::testing::PrintToString(runs[0].source.facts.size());
}

// Tryout 28 W11 (q10): `openssl version` typed under A after B's run (typed with an export,
// which ties a later version to it) is A's library: it is not tied back to B's run across the
// heading, and A's run after it takes it.
TEST(MachineHeadingTest, VersionUnderAnotherHeadingIsNotTheEarlierRunsLibrary) {
  const std::string paste =
      "Server B:\n$ export OPENSSL_ia32cap=~0x200000000\n" + testing::SlowGcmRun("$ ") +
      "\nServer A:\n$ ./openssl version\nOpenSSL 1.1.1f  31 Mar 2020\n" + testing::SlowGcmRun("$ ");
  const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].source.tool_version, "");
  EXPECT_EQ(runs[1].source.tool_version, "1.1.1f");
}

// Tryout 29 W3 (q/r14): "Pi 4:", the Pi 4's label and its run, then "Pi 5:" and the Pi 5's
// `uname -a`. A board heading names its machine as a machine heading does ("server B:"), so the
// uname typed under the later one describes that board, not the run before it; a caveat names it.
// Under the run's own heading again, or with no heading between, it is still the run's.
TEST(MachineHeadingTest, BoardHeadingAfterTheRunEndsItsBlock) {
  const std::string run = "Raspberry Pi 4 Model B Rev 1.4\n" + testing::SlowGcmRun("$ ") + "\n";
  const std::string uname =
      "$ uname -a\nLinux pi5 6.6.31+rpt-rpi-2712 #1 SMP PREEMPT Debian 1:6.6.31-1+rpt1 "
      "(2024-05-29) aarch64 GNU/Linux\n";
  const auto unames = [](const results::RunResult& r) {
    size_t n = 0;
    for (const results::SourceFact& fact : r.source.facts) {
      n += fact.kind == "uname" ? 1 : 0;
    }
    return n;
  };
  const std::vector<results::RunResult> runs =
      ImportText("Pi 4:\n" + run + "Pi 5:\n" + uname, "paste.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(unames(runs[0]), 0u) << ::testing::PrintToString(runs[0].source.caveats);
  EXPECT_TRUE(HasCaveatWith(runs[0],
                            "under the heading 'Pi 5:' (line 10), after this run's "
                            "'Pi 4:' (line 1)"))
      << ::testing::PrintToString(runs[0].source.caveats);
  // The run's label is still its own.
  bool label = false;
  for (const results::SourceFact& fact : runs[0].source.facts) {
    label = label || (fact.kind == "block_label" && fact.value == "Raspberry Pi 4 Model B Rev 1.4");
  }
  EXPECT_TRUE(label);
  // Controls: the same heading again, no heading, and a run under the Pi 5's heading after it.
  for (const std::string& paste :
       {"Pi 4:\n" + run + "Pi 4:\n" + uname, "Pi 4:\n" + run + uname, run + uname}) {
    const std::vector<results::RunResult> same = ImportText(paste, "paste.txt");
    ASSERT_EQ(same.size(), 1u) << paste;
    EXPECT_EQ(unames(same[0]), 1u) << paste;
    EXPECT_FALSE(HasCaveatWith(same[0], "under the heading")) << paste;
  }
  const std::vector<results::RunResult> two =
      ImportText("Pi 4:\n" + run + "Pi 5:\n" + uname + testing::SlowGcmRun("$ "), "paste.txt");
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(unames(two[0]), 0u);
  EXPECT_EQ(unames(two[1]), 1u);
}

// Tryout 26 R3 (q/e02): a Docker container's default hostname is its 12-hex short ID, and a
// container runs on its host's kernel and CPU, so the host's lscpu describes the container's run
// when the paste ties the two: the host entered it (`docker exec`), it exited back to the host,
// or the paste calls the other prompt's machine the container's host.
TEST(PromptHostTest, ContainerAndItsHostShareTheCpu) {
  const std::string container = "root@3f2a1b9c0d4e:/# ";
  for (const std::string& paste : {
           testing::SlowGcmRun(container) + "\nand on the docker host:\n" +
               testing::XeonGoldLscpu("deploy@dockerhost:~$ "),
           testing::SlowGcmRun(container) + container + "exit\n" +
               testing::XeonGoldLscpu("deploy@dockerhost:~$ "),
           testing::XeonGoldLscpu("deploy@dockerhost:~$ ") +
               "deploy@dockerhost:~$ docker exec -it 3f2a1b9c0d4e bash\n" +
               testing::SlowGcmRun(container),
       }) {
    const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << paste;
    EXPECT_TRUE(HasMachineFact(runs[0])) << paste;
    EXPECT_FALSE(HasCaveatWith(runs[0], "another host")) << paste;
    EXPECT_TRUE(HasCaveatWith(runs[0], "of dockerhost and of container 3f2a1b9c0d4e"))
        << ::testing::PrintToString(runs[0].source.caveats);
  }
  // Without a tie the other prompt may be any machine; a name that is no short ID is no
  // container; and the host's `openssl version` is not the container's library.
  for (const std::string& paste : {
           testing::SlowGcmRun(container) + testing::XeonGoldLscpu("deploy@laptop:~$ "),
           testing::SlowGcmRun("root@web-frontend1:/# ") + "\nand on the docker host:\n" +
               testing::XeonGoldLscpu("deploy@dockerhost:~$ "),
           testing::SlowGcmRun(container) + "\nOn the new host:\n" +
               testing::XeonGoldLscpu("deploy@dockerhost:~$ "),
       }) {
    const std::vector<results::RunResult> runs = ImportText(paste, "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << paste;
    EXPECT_FALSE(HasMachineFact(runs[0])) << paste;
  }
  // Tryout 28 W2, W10: a container run through ssh, on another engine's host, or emulated for
  // another platform is not on the CPU of the prompt that started it, nor of the one its `exit`
  // returns to.
  for (const std::string& enter :
       {std::string("ssh -t buildsrv docker run --rm -it debian bash"),
        std::string("DOCKER_HOST=ssh://ops@db01 docker exec -it 3f2a1b9c0d4e bash"),
        std::string("docker --context prod exec -it 3f2a1b9c0d4e bash"),
        std::string("docker run --platform linux/arm64 --rm -it debian bash")}) {
    const std::vector<results::RunResult> runs =
        ImportText(testing::XeonGoldLscpu("me@laptop:~$ ") + "me@laptop:~$ " + enter + "\n" +
                       testing::SlowGcmRun(container) + container + "exit\n" +
                       testing::XeonGoldLscpu("me@laptop:~$ "),
                   "paste.txt");
    ASSERT_EQ(runs.size(), 1u) << enter;
    EXPECT_FALSE(HasMachineFact(runs[0])) << enter;
    EXPECT_FALSE(HasCaveatWith(runs[0], "of container")) << enter;
  }
  const std::vector<results::RunResult> version =
      ImportText(testing::SlowGcmRun(container) + container + "exit\n" +
                     "deploy@dockerhost:~$ openssl version\nOpenSSL 1.1.1w  11 Sep 2023\n",
                 "paste.txt");
  ASSERT_EQ(version.size(), 2u);
  EXPECT_EQ(version[0].source.tool_version, "");
}

// Tryout 30 D11 (q/s03, q/s09): two speed commands of one shell, read as one run, then
// `openssl version`: the version is that run's library, as it is after one speed command. Typed
// as another program than one of the speed commands (/usr/local/bin/openssl), it is not.
TEST(PromptHostTest, VersionAfterTwoSpeedCommandsIsTheJoinedRunsLibrary) {
  const auto paste = [](std::string_view second_program, std::string_view version_program) {
    return fmt::format(
        "root@nas:~# openssl speed -evp sha256 2>/dev/null | tail -3\n"
        "The 'numbers' are in 1000s of bytes per second processed.\n"
        "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
        "bytes\n"
        "sha256              57361.43k   174991.35k   359081.80k   487220.48k   543822.33k   "
        "548372.77k\n"
        "root@nas:~# {} speed -evp sha1 2>/dev/null | tail -1\n"
        "sha1                61109.39k   215269.11k   582865.80k  1017046.80k  1299349.49k  "
        "1325632.14k\n"
        "root@nas:~# {} version\n"
        "OpenSSL 3.0.15 3 Sep 2024 (Library: OpenSSL 3.0.15 3 Sep 2024)\n",
        second_program, version_program);
  };
  const std::vector<results::RunResult> runs = ImportText(paste("openssl", "openssl"), "p.txt");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].source.tool_version, "3.0.15");
  EXPECT_EQ(runs[0].algorithms.size(), 2u);
  EXPECT_FALSE(HasCaveatWith(runs[0], "cannot be tied"))
      << ::testing::PrintToString(runs[0].source.caveats);

  for (const auto& [second, version] :
       {std::pair<std::string, std::string>{"/usr/local/bin/openssl", "openssl"},
        std::pair<std::string, std::string>{"openssl", "/usr/local/bin/openssl"}}) {
    const std::vector<results::RunResult> other = ImportText(paste(second, version), "p.txt");
    ASSERT_FALSE(other.empty());
    for (const results::RunResult& run : other) {
      if (!run.algorithms.empty()) {
        EXPECT_EQ(run.source.tool_version, "") << second << " " << version;
      }
    }
  }
}

}  // namespace
}  // namespace cryptobench::import
