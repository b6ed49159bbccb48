// The virtual CPU model table and cpu.vm-model-lacks (vm_cpu_models.h).
#include "diagnose/vm_cpu_models.h"

#include <stdexcept>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/cpu_clues.h"
#include "diagnose/doctor_from.h"
#include "diagnose/stated_causes.h"
#include "support/doctor_findings.h"
#include "support/imported_cell.h"

namespace cryptobench::diagnose {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

using cryptobench::testing::FindingOf;
using cryptobench::testing::ImportedFigure;
using cryptobench::testing::ImportedRunOf;
using cryptobench::testing::StatedTags;

constexpr std::string_view kHeader = "model,lacks,source,note\n";

TEST(VmCpuModelsTest, EmbeddedTableParsesAndEveryRowLacksSomething) {
  const std::vector<VmCpuModel>& table = VmCpuModelsTable();
  ASSERT_FALSE(table.empty());
  for (const VmCpuModel& row : table) {
    EXPECT_FALSE(row.lacks.empty()) << row.model;
  }
}

TEST(VmCpuModelsTest, FindsWholeNamesOnly) {
  ASSERT_NE(FindVmCpuModel("epyc-v4"), nullptr);
  EXPECT_EQ(FindVmCpuModel("EPYC-v4")->model, "EPYC-v4");
  EXPECT_THAT(FindVmCpuModel("qemu64")->lacks, Contains("AES-NI"));
  EXPECT_THAT(FindVmCpuModel("EPYC-Milan-v2")->lacks, Not(Contains("VAES")));
  EXPECT_EQ(FindVmCpuModel("EPYC-v9"), nullptr);
  EXPECT_EQ(FindVmCpuModel("EPYC-Genoa"), nullptr);  // has VAES and AVX-512: not a row
  EXPECT_EQ(FindVmCpuModel("host"), nullptr);
  EXPECT_EQ(FindVmCpuModel("EPYC-v4x"), nullptr);
}

TEST(VmCpuModelsTest, RejectsBadRows) {
  const std::string source = "https://example.org/cpu.c";
  EXPECT_NO_THROW(ParseVmCpuModels(std::string(kHeader) + "m,VAES," + source + ",n\n"));
  EXPECT_THROW(ParseVmCpuModels(std::string(kHeader) + "m,AES," + source + ",n\n"),
               std::runtime_error);  // not an extension name of the table
  EXPECT_THROW(ParseVmCpuModels(std::string(kHeader) + "m,," + source + ",n\n"),
               std::runtime_error);
  EXPECT_THROW(ParseVmCpuModels(std::string(kHeader) + "m,VAES,QEMU,n\n"), std::runtime_error);
  EXPECT_THROW(ParseVmCpuModels(std::string(kHeader) + ",VAES," + source + ",n\n"),
               std::runtime_error);
  EXPECT_THROW(
      ParseVmCpuModels(std::string(kHeader) + "m,VAES," + source + ",n\nM,SHA," + source + ",n\n"),
      std::runtime_error);  // the same model twice
}

TEST(VmCpuModelsTest, WhichPathsUseWhichExtension) {
  EXPECT_TRUE(VmFeatureSpeedsUp("VAES", "AES-256-GCM"));
  EXPECT_TRUE(VmFeatureSpeedsUp("VAES", "AES-128-XTS"));
  EXPECT_FALSE(VmFeatureSpeedsUp("VAES", "AES-128-CBC"));
  EXPECT_TRUE(VmFeatureSpeedsUp("AES-NI", "AES-128-CBC"));
  EXPECT_TRUE(VmFeatureSpeedsUp("PCLMULQDQ", "AES-128-GCM"));
  EXPECT_FALSE(VmFeatureSpeedsUp("PCLMULQDQ", "AES-128-CTR"));
  EXPECT_TRUE(VmFeatureSpeedsUp("SHA", "SHA-256"));
  EXPECT_FALSE(VmFeatureSpeedsUp("SHA", "SHA-512"));
  EXPECT_TRUE(VmFeatureSpeedsUp("AVX2", "ChaCha20-Poly1305"));
}

// An imported openssl speed run (-elapsed) after a line naming QEMU's -cpu `model`.
results::RunResult GuestRun(const std::string& model) {
  results::RunResult run = ImportedRunOf("openssl speed", "3.6.0", "wall_clock");
  run.library.version = "OpenSSL 3.6.0";
  if (!model.empty()) {
    run.source.facts.push_back({"vm_cpu_model", model, 3});
  }
  return run;
}

void Add(results::RunResult& run, const std::string& algorithm, double mb_per_s) {
  results::AlgorithmResult alg;
  alg.algorithm = algorithm;
  alg.kind = algorithm.ends_with("GCM") ? "aead" : algorithm.starts_with("SHA") ? "hash" : "cipher";
  alg.cells = {ImportedFigure(alg.kind == "hash" ? "hash" : "encrypt", 8192, mb_per_s)};
  run.algorithms.push_back(std::move(alg));
}

TEST(VmCpuModelsTest, ModelWithoutVaesExplainsAesGcmAndIsNotCryptoFine) {
  results::RunResult run = GuestRun("EPYC-v4");
  Add(run, "AES-256-GCM", 4085);
  const DoctorReport report = DiagnoseReport(run);
  const Finding* finding = FindingOf(report, "cpu.vm-model-lacks");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->severity, Severity::kWarning);
  EXPECT_THAT(finding->summary, HasSubstr("EPYC-v4 has no VAES, VPCLMULQDQ, AVX-512"));
  EXPECT_THAT(finding->evidence, HasSubstr("line 3"));
  EXPECT_THAT(finding->evidence, HasSubstr("github.com/qemu/qemu"));
  EXPECT_THAT(finding->advice, HasSubstr("-cpu host"));
  EXPECT_THAT(finding->advice, HasSubstr("+vaes,+vpclmulqdq,+avx512f"));
  EXPECT_THAT(StatedTags(report), Contains("vm-hides-cpu-features"));
  EXPECT_THAT(StatedTags(report), Not(Contains("crypto-fine")));
}

TEST(VmCpuModelsTest, NoFindingForTheHostModelAnUnknownOneOrNone) {
  for (const std::string model : {"host", "EPYC-Genoa", "SomeFutureModel", ""}) {
    results::RunResult run = GuestRun(model);
    Add(run, "AES-256-GCM", 4085);
    EXPECT_EQ(FindingOf(DiagnoseReport(run), "cpu.vm-model-lacks"), nullptr) << model;
  }
}

TEST(VmCpuModelsTest, NoFindingWhenNoFigureUsesWhatTheModelLacks) {
  results::RunResult run = GuestRun("EPYC-v4");  // has AES-NI and SHA: CBC and SHA-256 lose nothing
  Add(run, "AES-128-CBC", 1200);
  Add(run, "SHA-256", 1900);
  EXPECT_EQ(FindingOf(DiagnoseReport(run), "cpu.vm-model-lacks"), nullptr);
}

TEST(VmCpuModelsTest, ModelWithoutAesNiExplainsSoftwareAesButNotAHardwareFigure) {
  results::RunResult slow = GuestRun("qemu64");
  Add(slow, "AES-128-CBC", 150);
  const DoctorReport report = DiagnoseReport(slow);
  const Finding* finding = FindingOf(report, "cpu.vm-model-lacks");
  ASSERT_NE(finding, nullptr);
  EXPECT_THAT(finding->summary, HasSubstr("no AES-NI"));
  EXPECT_THAT(finding->advice, HasSubstr("-cpu qemu64,+aes"));
  // Faster than any software AES: the run did not have the model the paste names.
  results::RunResult fast = GuestRun("qemu64");
  Add(fast, "AES-128-CBC", 20000);
  EXPECT_EQ(FindingOf(DiagnoseReport(fast), "cpu.vm-model-lacks"), nullptr);
}

// The model is a CPU clue like any other: an x86-64 guest without what the model lacks, each
// conclusion naming the -cpu line and the model's definition. Its missing AES-NI is the VM's
// cause (vm-hides-cpu-features), never "the CPU has no AES instructions".
TEST(VmCpuModelsTest, TheModelIsACpuClue) {
  results::RunResult slow = GuestRun("qemu64");
  Add(slow, "AES-128-CBC", 15);
  const CpuClues clues = ReadCpuClues(slow);
  EXPECT_EQ(clues.arch, "x86_64");
  EXPECT_THAT(clues.arch_clue, HasSubstr("-cpu qemu64"));
  EXPECT_TRUE(clues.virtual_machine);
  const CpuFeatureClue* aes = clues.Find("AES-NI");
  ASSERT_NE(aes, nullptr);
  EXPECT_FALSE(aes->present);
  EXPECT_TRUE(aes->from_vm_model);
  EXPECT_THAT(aes->clue, HasSubstr("(line 3)"));
  EXPECT_THAT(aes->source, HasSubstr("github.com/qemu/qemu"));
  ASSERT_NE(clues.Find("SHA-NI"), nullptr);
  EXPECT_FALSE(clues.Find("SHA-NI")->present);
  const DoctorReport report = DiagnoseReport(slow);
  EXPECT_THAT(StatedTags(report), Contains("vm-hides-cpu-features"));
  EXPECT_THAT(StatedTags(report), Not(Contains("no-hw-aes")));
  EXPECT_EQ(FindingOf(report, "cpu.no-hw-aes"), nullptr);

  // The guest's own flags line decides over the model.
  results::RunResult flags = GuestRun("qemu64");
  flags.source.facts.push_back({"cpu_flags", "fpu tsc sse2 ssse3 aes pclmulqdq hypervisor", 5});
  ASSERT_NE(ReadCpuClues(flags).Find("AES-NI"), nullptr);
  EXPECT_TRUE(ReadCpuClues(flags).Find("AES-NI")->present);

  // No clue from "host", an unknown model, or a model a figure contradicts.
  for (const std::string model : {"host", "SomeFutureModel"}) {
    EXPECT_TRUE(ReadCpuClues(GuestRun(model)).arch.empty()) << model;
  }
  results::RunResult fast = GuestRun("qemu64");
  Add(fast, "AES-128-CBC", 20000);
  EXPECT_EQ(ReadCpuClues(fast).Find("AES-NI"), nullptr);
  EXPECT_TRUE(ReadCpuClues(fast).arch.empty());
}

}  // namespace
}  // namespace cryptobench::diagnose
