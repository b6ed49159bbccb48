// What every backend in the registry must do, checked the same way for each (so a backend added
// to registry.cc is held to it without a test of its own): for every catalogue algorithm it
// offers, all KAT vectors pass, a corrupted output fails the KAT and the Prepare() checks, and
// every operation prepares and runs at two input sizes; its identity names it; every catalogue
// entry is bound or declared absent in its registry table with a reason. Library-specific
// behaviour (what each offers, version formats, masks, special cases) is tested beside each
// backend. Backends run in this process, as in a worker: BoringSSL cannot run in a forked child
// (see cross_backend_test.cc), and once it has been used, a failure or skip that GoogleTest
// reports in the same process crashes it: BoringSSL's copy of the C library, in the link-map
// namespace of its own (common/isolated_load.h), hands out pthread keys that collide with
// GoogleTest's thread-local result reporter. So its checks run in a freshly executed child
// (death-test "threadsafe" style) that reports through its exit status and stderr, and every
// check is written as a function returning what failed. A backend that cannot be opened here
// (AF_ALG missing from the kernel, BoringSSL not installed) skips with the reason.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include "algorithms/catalog.h"
#include "backends/common/backend_test_support.h"
#include "backends/common/test_names.h"
#include "backends/registry.h"

namespace cryptobench::backends {
namespace {

// One registry backend, opened at most once per process.
struct OpenedBackend {
  std::unique_ptr<Backend> backend;
  std::string why_not;  // the open error when backend is null
};

OpenedBackend& Open(const std::string& name) {
  static std::map<std::string, OpenedBackend> opened;
  const auto found = opened.find(name);
  if (found != opened.end()) {
    return found->second;
  }
  OpenedBackend& entry = opened[name];
  const BackendDescriptor* descriptor = FindBackend(name);
  if (descriptor == nullptr) {
    entry.why_not = "not in the registry";
    return entry;
  }
  try {
    entry.backend = descriptor->open("");
  } catch (const std::exception& e) {
    entry.why_not = e.what();
  }
  if (entry.backend == nullptr && entry.why_not.empty()) {
    entry.why_not = "open returned no backend";
  }
  return entry;
}

std::vector<std::string> BackendNames() {
  std::vector<std::string> names;
  for (const BackendDescriptor& descriptor : CompiledBackends()) {
    names.emplace_back(descriptor.name);
  }
  return names;
}

// A backend and one catalogue algorithm ("" for checks of the backend itself).
struct Case {
  std::string backend;
  std::string algorithm;
};

// For gtest's test listings: "botan AES-128-CBC".
void PrintTo(const Case& c, std::ostream* out) { *out << c.backend << " " << c.algorithm; }

std::vector<Case> AllCases() {
  std::vector<Case> cases;
  for (const std::string& backend : BackendNames()) {
    for (const AlgorithmInfo& alg : Catalog()) {
      cases.push_back({backend, std::string(alg.name)});
    }
  }
  return cases;
}

// The input sizes checked, in bytes: a small and a large one; public-key operations take one
// fixed-size input.
std::vector<size_t> SizesFor(const AlgorithmInfo& alg) {
  if (IsSymmetric(alg.kind)) {
    return {16, 1024};
  }
  return {kPublicKeyInputLen};
}

// What a check found wrong, one line each; empty if everything held.
using Failures = std::vector<std::string>;

void Expect(bool holds, Failures* failures, const std::string& what) {
  if (!holds) {
    failures->push_back(what);
  }
}

std::string At(Operation op, size_t len) {
  return std::string(OperationName(op)) + " at " + std::to_string(len) + " bytes: ";
}

// Every KAT vector of `alg` passes.
Failures KatPasses(Backend& backend, const Case& c) {
  const AlgorithmInfo& alg = *FindAlgorithm(c.algorithm);
  Failures failures;
  const results::KatResult kat = backend.RunKat(alg);
  Expect(kat.status == "passed", &failures, "KAT " + kat.status + ": " + kat.detail);
  Expect(!kat.source.empty(), &failures, "the KAT result names no source");
  Expect(kat.detail.empty(), &failures, "a passed KAT has no detail, got: " + kat.detail);
  return failures;
}

// Every operation of `alg` prepares (its correctness check passes) and runs at both sizes.
Failures PreparesAndRunsAtTwoSizes(Backend& backend, const Case& c) {
  const AlgorithmInfo& alg = *FindAlgorithm(c.algorithm);
  Failures failures;
  for (Operation op : backend_testing::AllOperations(alg)) {
    for (size_t len : SizesFor(alg)) {
      PrepareFailure failure = PrepareFailure::kLibraryError;
      std::string error;
      auto prepared = backend.Prepare(alg, op, len, &failure, &error);
      if (prepared == nullptr) {
        failures.push_back(At(op, len) + "Prepare failed: " + error);
        continue;
      }
      Expect(failure == PrepareFailure::kNone, &failures, At(op, len) + "failure is set");
      Expect(prepared->Run(5), &failures, At(op, len) + "Run failed: " + prepared->error());
      Expect(prepared->error().empty(), &failures, At(op, len) + "error: " + prepared->error());
    }
  }
  return failures;
}

// With outputs corrupted, the KAT fails and so does every Prepare() check at both sizes.
Failures CorruptionIsCaught(Backend& backend, const Case& c) {
  const AlgorithmInfo& alg = *FindAlgorithm(c.algorithm);
  Failures failures;
  backend.SetCorruptOutputsForTesting(true);
  const results::KatResult kat = backend.RunKat(alg);
  Expect(kat.status == "failed", &failures, "corrupted KAT: " + kat.status);
  Expect(!kat.detail.empty(), &failures, "a failed KAT says what differed");
  for (Operation op : backend_testing::AllOperations(alg)) {
    for (size_t len : SizesFor(alg)) {
      PrepareFailure failure = PrepareFailure::kNone;
      std::string error;
      Expect(backend.Prepare(alg, op, len, &failure, &error) == nullptr, &failures,
             At(op, len) + "prepared despite a corrupted check");
      Expect(failure == PrepareFailure::kCheckFailed, &failures,
             At(op, len) + "not a check failure: " + error);
      Expect(!error.empty(), &failures, At(op, len) + "no error text");
    }
  }
  backend.SetCorruptOutputsForTesting(false);
  return failures;
}

// The registry entry and Identity() name the backend.
Failures IdentityNamesTheBackend(Backend& backend, const Case& c) {
  const BackendDescriptor& descriptor = *FindBackend(c.backend);
  Failures failures;
  Expect(!descriptor.description.empty(), &failures, "the registry entry has no description");
  Expect(!descriptor.mask_note.empty(), &failures,
         "the mask note must say how the mask works, or that there is none");
  const results::LibraryInfo info = backend.Identity();
  Expect(info.backend == descriptor.name, &failures, "Identity().backend is " + info.backend);
  Expect(!info.version.empty(), &failures, "no run-time version");
  Expect(info.requested_path.empty() == !descriptor.takes_library_path, &failures,
         "requested_path '" + info.requested_path + "' does not match takes_library_path");
  if (!info.loaded_path.empty()) {
    Expect(info.loaded_path[0] == '/', &failures, "loaded_path is relative: " + info.loaded_path);
    Expect(access(info.loaded_path.c_str(), R_OK) == 0, &failures,
           "loaded_path is unreadable: " + info.loaded_path);
  }
  Expect(backend.OneShot() != nullptr, &failures,
         "no one-shot operations (the cross-backend test compares them)");
  return failures;
}

// Every catalogue entry is bound (Supports() is true here) or declared absent in the backend's
// registry table with a reason, or, bound but unavailable on this machine, explained by
// UnsupportedReason(); an entry declared absent that the backend supports is a stale
// declaration. So a catalogue entry added without a binding or a declaration fails here, naming
// the backend and the entry, instead of reading as "unsupported" everywhere.
Failures EveryEntryBoundOrDeclaredAbsent(Backend& backend, const Case& c) {
  const BackendDescriptor& descriptor = *FindBackend(c.backend);
  Failures failures;
  for (const AlgorithmInfo& alg : Catalog()) {
    const auto absence =
        std::find_if(descriptor.absent.begin(), descriptor.absent.end(),
                     [&alg](const DeclaredAbsence& entry) { return entry.algorithm == alg.name; });
    const bool declared = absence != descriptor.absent.end();
    const bool bound = backend.Supports(alg);
    if (bound && declared) {
      failures.push_back(fmt::format(
          "backend {}: catalogue entry {} is declared absent (\"{}\") but Supports() it: drop "
          "the stale declaration",
          c.backend, alg.name, absence->reason));
    } else if (!bound && !declared && backend.UnsupportedReason(alg).empty()) {
      failures.push_back(fmt::format(
          "backend {}: catalogue entry {} is neither bound (Supports() is false) nor declared "
          "absent with a reason (the backend's DeclaredAbsence table in its header, listed in "
          "registry.cc)",
          c.backend, alg.name));
    }
  }
  return failures;
}

using Check = Failures (*)(Backend& backend, const Case& c);

// How a check ended, as the child's exit status says.
enum ChildExit : int { kChecked = 0, kFailed = 1, kCannotOpen = 3, kUnsupported = 4 };

// Opens `c.backend` and runs `check` on it; returns the outcome, with *output the failure lines
// (kFailed) or why the check could not run (kCannotOpen, kUnsupported).
ChildExit RunCheck(const Case& c, Check check, std::string* output) {
  OpenedBackend& opened = Open(c.backend);
  if (opened.backend == nullptr) {
    *output = c.backend + " cannot be opened here: " + opened.why_not;
    return kCannotOpen;
  }
  if (!c.algorithm.empty() && !opened.backend->Supports(*FindAlgorithm(c.algorithm))) {
    *output =
        c.backend + " does not offer " + c.algorithm + " (its own tests check what it offers)";
    return kUnsupported;
  }
  output->clear();
  for (const std::string& failure : check(*opened.backend, c)) {
    *output += failure + "\n";
  }
  return output->empty() ? kChecked : kFailed;
}

// BoringSSL: see the top of this file.
bool NeedsFreshProcess(const std::string& backend) { return backend == "boringssl"; }

class BackendConformanceTest : public testing::TestWithParam<Case> {
 protected:
  // Runs `check` on GetParam() and reports the outcome: a skip when the backend cannot be
  // opened or lacks the algorithm, a failure per line the check returned.
  void RunAndReport(Check check) {
    const Case& c = GetParam();
    ASSERT_TRUE(c.algorithm.empty() || FindAlgorithm(c.algorithm) != nullptr) << c.algorithm;
    std::string output;
    ChildExit outcome = kChecked;
    if (NeedsFreshProcess(c.backend)) {
      int status = -1;
      const auto record_status = [&status](int exit_status) {
        status = exit_status;
        return true;
      };
      const auto record_output = [&output](const std::string& text) {
        output = text;
        return true;
      };
      GTEST_FLAG_SET(death_test_style, "threadsafe");  // a fresh exec, not a fork
      EXPECT_EXIT(
          {
            std::string lines;
            const ChildExit result = RunCheck(c, check, &lines);
            std::fputs(lines.c_str(), stderr);
            std::fflush(stderr);
            std::_Exit(result);  // no exit handlers: the child owns none of them
          },
          record_status, testing::Truly(record_output));
      if (!WIFEXITED(status)) {
        FAIL() << "the " << c.backend << " check's child process died (status " << status
               << "): " << output;
      }
      outcome = static_cast<ChildExit>(WEXITSTATUS(status));
    } else {
      outcome = RunCheck(c, check, &output);
    }
    switch (outcome) {
      case kChecked:
        return;
      case kCannotOpen:
      case kUnsupported:
        GTEST_SKIP() << output;
      case kFailed:
        break;
    }
    ADD_FAILURE() << c.backend << (c.algorithm.empty() ? "" : " " + c.algorithm) << ":\n" << output;
  }
};

TEST_P(BackendConformanceTest, PassesEveryKat) { RunAndReport(&KatPasses); }

TEST_P(BackendConformanceTest, PreparesAndRunsEveryOperationAtTwoSizes) {
  RunAndReport(&PreparesAndRunsAtTwoSizes);
}

TEST_P(BackendConformanceTest, CorruptedOutputsFailKatAndChecks) {
  RunAndReport(&CorruptionIsCaught);
}

INSTANTIATE_TEST_SUITE_P(Registry, BackendConformanceTest, testing::ValuesIn(AllCases()),
                         [](const testing::TestParamInfo<Case>& param_info) {
                           return ParamTestName(param_info.param.backend + "_" +
                                                param_info.param.algorithm);
                         });

// The same checks for the backend itself (Case::algorithm empty): its identity.
class BackendIdentityConformanceTest : public BackendConformanceTest {};

TEST_P(BackendIdentityConformanceTest, RegistryEntryAndIdentityNameTheBackend) {
  RunAndReport(&IdentityNamesTheBackend);
}

TEST_P(BackendIdentityConformanceTest, EveryCatalogueEntryIsBoundOrDeclaredAbsent) {
  RunAndReport(&EveryEntryBoundOrDeclaredAbsent);
}

std::vector<Case> BackendCases() {
  std::vector<Case> cases;
  for (const std::string& backend : BackendNames()) {
    cases.push_back({backend, ""});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Registry, BackendIdentityConformanceTest,
                         testing::ValuesIn(BackendCases()),
                         [](const testing::TestParamInfo<Case>& param_info) {
                           return ParamTestName(param_info.param.backend);
                         });

// The declaration tables themselves, for every backend compiled in, whether or not it opens
// here: each names a catalogue entry by its canonical name, once, with a reason.
TEST(BackendCompletenessTest, DeclaredAbsencesNameCatalogueEntriesOnceWithAReason) {
  for (const BackendDescriptor& descriptor : CompiledBackends()) {
    std::set<std::string_view> seen;
    for (const DeclaredAbsence& absence : descriptor.absent) {
      const AlgorithmInfo* alg = FindAlgorithm(absence.algorithm);
      EXPECT_TRUE(alg != nullptr && alg->name == absence.algorithm)
          << descriptor.name << ": " << absence.algorithm << " is not a catalogue name";
      EXPECT_FALSE(absence.reason.empty()) << descriptor.name << ": " << absence.algorithm;
      EXPECT_TRUE(seen.insert(absence.algorithm).second)
          << descriptor.name << ": " << absence.algorithm << " is declared twice";
    }
    EXPECT_LT(descriptor.absent.size(), Catalog().size()) << descriptor.name << " binds nothing";
  }
}

}  // namespace
}  // namespace cryptobench::backends
