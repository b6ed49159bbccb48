#include "store/store.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <utility>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "results/json.h"
#include "stats/stats.h"

#include "store/steps.h"

namespace cryptobench::store {
namespace {

namespace fs = std::filesystem;

// A measured run of one algorithm with `samples` samples around `rate` bytes/s at 16 KiB.
results::RunResult MakeRun(const std::string& created, double rate, int samples = 12,
                           const std::string& version = "OpenSSL 3.0.19 27 Jan 2026") {
  results::RunResult run;
  run.created_utc = created;
  run.machine.cpu_model = "Test CPU @ 2.00GHz";
  run.machine.cpu_vendor = "GenuineIntel";
  run.machine.arch = "x86_64";
  run.machine.kernel = "6.1.0";
  run.machine.online_cpus = 2;
  run.library.backend = "openssl";
  run.library.loaded_path = "/usr/lib/x86_64-linux-gnu/libcrypto.so.3";
  run.library.version = version;
  run.library.worker_env = {{"OPENSSL_ia32cap", "~0x200000000000000"}};
  run.method.input_sizes = {16384};
  results::AlgorithmResult alg;
  alg.algorithm = "AES-128-GCM";
  alg.kind = "aead";
  alg.kat.status = "passed";
  results::Cell cell;
  cell.operation = "encrypt";
  cell.input_len = 16384;
  results::WorkerSamples worker;
  for (int i = 0; i < samples; ++i) {
    // +-1% of spread, deterministic: 1000 iterations of 16 KiB per sample.
    const double jitter = 1 + ((i * 7) % 11 - 5) * 0.002;
    measure::Sample s;
    s.iterations = 1000;
    s.wall_ns = static_cast<int64_t>(1000 * 16384.0 * 1e9 / (rate * jitter));
    s.cpu_ns = s.wall_ns;
    worker.samples.push_back(s);
  }
  cell.workers.push_back(worker);
  alg.cells.push_back(cell);
  run.algorithms.push_back(alg);
  results::DeriveAllFigures(run);
  return run;
}

SaveInfo Info(const std::string& name = "", const std::string& host = "host-a") {
  return SaveInfo{name, "speed", "cryptobench speed aes-128-gcm", host, ""};
}

// The store each test uses: a fresh SQLite file, or, given CRYPTOBENCH_TEST_POSTGRES (a URI;
// .ci/run starts a throw-away server), the PostgreSQL database emptied first.
class StoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") {
      const char* uri = std::getenv("CRYPTOBENCH_TEST_POSTGRES");
      if (uri == nullptr || uri[0] == '\0') {
        GTEST_SKIP() << "CRYPTOBENCH_TEST_POSTGRES is not set (.ci/run sets it)";
      }
      location_ = uri;
      std::unique_ptr<SqlConnection> db = OpenPostgres(location_);
      db->Execute(
          "DROP TABLE IF EXISTS cells, run_builds, runs, builds, hosts, meta, other_table, "
          "cells_v1, runs_v1, builds_v1, hosts_v1 CASCADE");
    } else {
      dir_ = fs::temp_directory_path() /
             ("cryptobench_store_test_" + std::to_string(getpid()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name());
      fs::remove_all(dir_);
      fs::create_directories(dir_);
      location_ = (dir_ / "results.db").string();
    }
  }
  void TearDown() override {
    if (!dir_.empty()) {
      fs::remove_all(dir_);
    }
  }
  std::unique_ptr<SqlConnection> Raw() const {
    return GetParam() == "postgresql" ? OpenPostgres(location_) : OpenSqlite(location_);
  }
  // Every stored run has all its cells: nothing half-written.
  void ExpectEveryRunWhole(int64_t expected_runs) const {
    std::unique_ptr<SqlConnection> db = Raw();
    const std::vector<SqlRow> runs = db->Query("SELECT id, cell_count FROM runs", {});
    EXPECT_EQ(static_cast<int64_t>(runs.size()), expected_runs);
    for (const SqlRow& row : runs) {
      const std::vector<SqlRow> cells =
          db->Query("SELECT COUNT(*) FROM cells WHERE run_id = ?", {AsInt(row[0])});
      EXPECT_EQ(AsInt(cells.at(0).at(0)), AsInt(row[1])) << "run " << AsInt(row[0]);
    }
  }

  fs::path dir_;
  std::string location_;
};

TEST_P(StoreTest, ARunComesBackAsItWasSaved) {
  const results::RunResult run = MakeRun("2026-11-01T10:00:00Z", 2e9);
  std::unique_ptr<Store> store = OpenStore(location_);
  EXPECT_EQ(store->SchemaVersion(), kStoreSchemaVersion);
  const int64_t id = store->SaveRun(run, Info("baseline"));
  const std::optional<results::RunResult> loaded = store->LoadRun(id);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(results::RunsToJsonText({*loaded}), results::RunsToJsonText({run}));
  EXPECT_FALSE(store->LoadRun(id + 1000).has_value());

  const std::vector<RunSummary> listed = store->ListRuns({});
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].id, id);
  EXPECT_EQ(listed[0].name, "baseline");
  EXPECT_EQ(listed[0].kind, "speed");
  EXPECT_EQ(listed[0].created_utc, "2026-11-01T10:00:00Z");
  EXPECT_EQ(listed[0].hostname, "host-a");
  EXPECT_EQ(listed[0].library, "OpenSSL 3.0.19 27 Jan 2026");
  EXPECT_EQ(listed[0].cells, 1);

  const std::vector<TrendPoint> trend =
      store->Trend({"AES-128-GCM", "encrypt", 16384}, RunFilter{});
  ASSERT_EQ(trend.size(), 1u);
  EXPECT_EQ(trend[0].unit, "bytes_per_s");
  EXPECT_EQ(trend[0].samples.size(), 12u);
  EXPECT_NEAR(trend[0].estimate.value, 2e9, 2e9 * 0.02);
  EXPECT_TRUE(store->Trend({"AES-128-GCM", "encrypt", 64}, RunFilter{}).empty());
}

// The same file stored twice (store import run again) is one run; an imported run without a
// time (a paste) too; another name, host or figure is another run.
TEST_P(StoreTest, AnIdenticalRunIsStoredOnce) {
  std::unique_ptr<Store> store = OpenStore(location_);
  const results::RunResult run = MakeRun("2026-11-01T10:00:00Z", 2e9);
  const Store::SaveOutcome first = store->Save(run, Info(), true);
  EXPECT_FALSE(first.already_stored);
  const Store::SaveOutcome again = store->Save(run, Info(), true);
  EXPECT_TRUE(again.already_stored);
  EXPECT_EQ(again.id, first.id);
  EXPECT_FALSE(store->Save(run, Info("named"), true).already_stored);
  EXPECT_FALSE(store->Save(run, Info("", "host-b"), true).already_stored);
  EXPECT_FALSE(store->Save(MakeRun("2026-11-01T10:00:00Z", 1e9), Info(), true).already_stored);
  results::RunResult paste = MakeRun("", 2e9);
  paste.source.file = "a.txt";
  const Store::SaveOutcome pasted = store->Save(paste, Info(), true);
  EXPECT_FALSE(pasted.already_stored);
  EXPECT_EQ(store->Save(paste, Info(), true).id, pasted.id);
  results::RunResult copy = paste;  // the same paste read from ./a.txt, or from a copy of it
  copy.source.file = "./copy-of-a.txt";
  EXPECT_TRUE(store->Save(copy, Info(), true).already_stored);
  EXPECT_EQ(store->ListRuns({}).size(), 5u);
  EXPECT_FALSE(store->Save(run, Info(), false).already_stored);  // SaveRun's way: always stored
  EXPECT_EQ(store->ListRuns({}).size(), 6u);
}

TEST_P(StoreTest, SelectorsAndFilters) {
  std::unique_ptr<Store> store = OpenStore(location_);
  const int64_t first = store->SaveRun(MakeRun("2026-11-01T10:00:00Z", 2e9), Info("baseline"));
  const int64_t second = store->SaveRun(MakeRun("2026-11-02T10:00:00Z", 2e9), Info("baseline"));
  const int64_t other = store->SaveRun(
      MakeRun("2026-11-03T10:00:00Z", 1e9, 12, "OpenSSL 3.5.4 30 Sep 2025"), Info("", "host-b"));
  EXPECT_EQ(store->Resolve("baseline", ""), second);  // the newest of that name
  EXPECT_EQ(store->Resolve("last", "host-a"), second);
  EXPECT_EQ(store->Resolve("last", ""), other);
  EXPECT_EQ(store->Resolve(std::to_string(first), ""), first);
  EXPECT_FALSE(store->Resolve("nightly", "").has_value());
  EXPECT_FALSE(store->Resolve("last", "host-z").has_value());

  EXPECT_EQ(store->ListRuns({.host = "HOST-B"}).size(), 1u);
  EXPECT_EQ(store->ListRuns({.host = "test cpu"}).size(), 3u);
  EXPECT_EQ(store->ListRuns({.library = "3.5"}).size(), 1u);
  EXPECT_EQ(store->ListRuns({.algorithm = "AES-128-GCM"}).size(), 3u);
  EXPECT_EQ(store->ListRuns({.algorithm = "SHA-256"}).size(), 0u);
  EXPECT_EQ(store->ListRuns({.since = "2026-11-02"}).size(), 2u);
  EXPECT_EQ(store->ListRuns({.until = "2026-11-02"}).size(), 2u);  // the whole day
  EXPECT_EQ(store->ListRuns({.name = "baseline", .limit = 1}).at(0).id, second);
  EXPECT_EQ(store->ListRuns({.host = "%"}).size(), 0u);  // LIKE wildcards are literal

  // Runs saved by one command (one per backend) are one batch; a run saved alone is its own.
  SaveInfo together = Info("multi");
  together.batch = "speed:1";
  const int64_t a = store->SaveRun(MakeRun("2026-11-04T10:00:00Z", 2e9), together);
  const int64_t b = store->SaveRun(MakeRun("2026-11-04T10:00:00Z", 1e9), together);
  EXPECT_EQ(store->BatchOf(b), (std::vector<int64_t>{a, b}));
  EXPECT_EQ(store->BatchOf(first), (std::vector<int64_t>{first}));
  EXPECT_TRUE(store->BatchOf(9999).empty());

  // A run's time orders history and picks store:last: a malformed or future one is refused.
  for (const char* bad :
       {"zzz", "2026-11-05 08:00", "2026-02-30T00:00:00Z", "2999-01-01T00:00:00Z"}) {
    EXPECT_THROW(store->SaveRun(MakeRun(bad, 2e9), Info()), StoreError) << bad;
  }
  EXPECT_EQ(store->ListRuns({}).size(), 5u);
}

TEST_P(StoreTest, OneCellTenPercentSlowerFromDayFiveIsTheOnlyStep) {
  std::unique_ptr<Store> store = OpenStore(location_);
  for (int day = 1; day <= 7; ++day) {
    for (int run = 0; run < 4; ++run) {
      // Run-to-run drift of up to +-1.5%, then 10% slower from day 5.
      const double drift = 1 + ((day * 4 + run) % 7 - 3) * 0.005;
      const double rate = 2e9 * drift * (day >= 5 ? 0.9 : 1.0);
      store->SaveRun(MakeRun(fmt::format("2026-11-0{}T{:02}:00:00Z", day, run * 6), rate), Info());
    }
  }
  const std::vector<TrendPoint> trend =
      store->Trend({"AES-128-GCM", "encrypt", 16384}, RunFilter{});
  ASSERT_EQ(trend.size(), 28u);
  const std::vector<Step> steps = FindSteps(trend, StepOptions{});
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].index, 16u);
  EXPECT_EQ(trend[steps[0].index].created_utc, "2026-11-05T00:00:00Z");
  EXPECT_NEAR(steps[0].ratio, 0.9, 0.02);
  // The ranks are computed once per segment: the same test as on the two samples directly.
  std::vector<double> before;
  std::vector<double> after;
  for (size_t i = 0; i < trend.size(); ++i) {
    (i < steps[0].index ? before : after)
        .insert((i < steps[0].index ? before : after).end(), trend[i].samples.begin(),
                trend[i].samples.end());
  }
  EXPECT_DOUBLE_EQ(steps[0].p_value, stats::MannWhitney(before, after).p_value);
  EXPECT_DOUBLE_EQ(steps[0].median_before, stats::Median(before));
  EXPECT_DOUBLE_EQ(steps[0].median_after, stats::Median(after));
  // Drift alone, or a real change below the threshold, is no step.
  EXPECT_TRUE(FindSteps({trend.begin(), trend.begin() + 16}, StepOptions{}).empty());
  EXPECT_TRUE(FindSteps(trend, StepOptions{.threshold = 0.2}).empty());
}

TEST_P(StoreTest, ConcurrentWritersLoseNothing) {
  OpenStore(location_);  // the schema first, as the first run on a machine makes it
  constexpr int kWriters = 4;
  constexpr int kRunsEach = 8;
  std::vector<pid_t> children;
  for (int w = 0; w < kWriters; ++w) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int status = 0;
      try {
        std::unique_ptr<Store> store = OpenStore(location_);
        for (int i = 0; i < kRunsEach; ++i) {
          store->SaveRun(MakeRun("2026-11-01T10:00:00Z", 2e9), Info("", "writer"));
        }
      } catch (const std::exception& e) {
        std::fprintf(stderr, "writer %d: %s\n", w, e.what());
        status = 1;
      }
      _exit(status);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  }
  ExpectEveryRunWhole(kWriters * kRunsEach);
  EXPECT_EQ(OpenStore(location_)->ListRuns({.host = "writer"}).size(),
            static_cast<size_t>(kWriters * kRunsEach));
}

TEST_P(StoreTest, AWriterKilledMidRunLeavesNoHalfRun) {
  OpenStore(location_);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    try {
      std::unique_ptr<Store> store = OpenStore(location_);
      results::RunResult run = MakeRun("2026-11-01T10:00:00Z", 2e9);
      // Many cells per run, so the kill lands inside a transaction most of the time.
      for (int i = 0; i < 200; ++i) {
        results::AlgorithmResult copy = run.algorithms[0];
        copy.algorithm = "AES-128-GCM-" + std::to_string(i);
        run.algorithms.push_back(copy);
      }
      for (;;) {
        store->SaveRun(run, Info());
      }
    } catch (...) {
    }
    _exit(1);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  std::unique_ptr<Store> store = OpenStore(location_);  // opens, not corrupt
  const int64_t runs = static_cast<int64_t>(store->ListRuns({}).size());
  ExpectEveryRunWhole(runs);
  store->SaveRun(MakeRun("2026-11-02T10:00:00Z", 2e9), Info());  // and still takes writes
  ExpectEveryRunWhole(runs + 1);
}

TEST_P(StoreTest, AStoreOfANewerVersionIsRefused) {
  OpenStore(location_);
  Raw()->Execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'");
  try {
    OpenStore(location_);
    FAIL() << "opened a store of schema 99";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  fmt::format("made by a newer cryptobench (store schema 99; this one knows up to "
                              "{})",
                              kStoreSchemaVersion)),
              std::string::npos)
        << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);  // one line
  }
}

// A store as cryptobench with schema 1 left it: its SQL, and rows as its Save wrote them.
void MakeSchemaOneStore(SqlConnection& db, const results::RunResult& run) {
  db.Execute(SchemaSql(1, db));
  db.Execute("INSERT INTO meta (key, value) VALUES ('schema_version', '1')");
  db.Execute(
      "INSERT INTO hosts (hostname, cpu_model, cpu_vendor, arch, kernel, online_cpus, "
      "hypervisor) VALUES ('host-a', 'Test CPU @ 2.00GHz', 'GenuineIntel', 'x86_64', '6.1.0', 2, "
      "0)");
  db.Execute(
      "INSERT INTO builds (backend, loaded_path, version, cflags, platform, options, "
      "capability_vector) VALUES ('openssl', '/usr/lib/x86_64-linux-gnu/libcrypto.so.3', "
      "'OpenSSL 3.0.19 27 Jan 2026', '', '', '', '')");
  for (int i = 0; i < 3; ++i) {
    db.Query(
        "INSERT INTO runs (name, kind, batch, created_utc, stored_utc, tool_version, command, "
        "environment, host_id, build_id, cell_count, document) VALUES (?, 'speed', ?, ?, ?, "
        "'0.1.0', 'cryptobench speed', '{}', 1, 1, 1, ?)",
        {std::string(i == 0 ? "baseline" : ""), fmt::format("b{}", i), run.created_utc,
         run.created_utc, results::RunsToJsonText({run})});
    db.Query(
        "INSERT INTO cells (run_id, algorithm, operation, input_len, status, unit, value, "
        "ci_low, ci_high, samples) VALUES (?, 'AES-128-GCM', 'encrypt', 16384, 'ok', "
        "'bytes_per_s', 2e9, 1.9e9, 2.1e9, '[2e9, 2.01e9]')",
        {int64_t{i + 1}});
  }
}

TEST_P(StoreTest, AStoreOfSchemaOneIsUpgradedInPlace) {
  const results::RunResult run = MakeRun("2026-11-01T10:00:00Z", 2e9);
  MakeSchemaOneStore(*Raw(), run);
  // Reading never upgrades: history and compare refuse it until a saving command opens it.
  try {
    OpenStore(location_, StoreAccess::kRead);
    FAIL() << "read a schema-1 store without upgrading it";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("made by an older cryptobench (store schema 1)"),
              std::string::npos)
        << e.what();
  }
  // Three processes open it at once: one upgrades, the others wait and find it done.
  std::vector<pid_t> children;
  for (int i = 0; i < 3; ++i) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      try {
        OpenStore(location_)->SaveRun(MakeRun("2026-11-02T10:00:00Z", 2e9), Info());
        _exit(0);
      } catch (...) {
        _exit(1);
      }
    }
    children.push_back(pid);
  }
  for (const pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  }
  std::unique_ptr<Store> store = OpenStore(location_, StoreAccess::kRead);
  EXPECT_EQ(store->SchemaVersion(), kStoreSchemaVersion);
  ExpectEveryRunWhole(6);
  // The old runs are as they were: documents, names, cells with their samples, selectors.
  for (int64_t id = 1; id <= 3; ++id) {
    const std::optional<results::RunResult> loaded = store->LoadRun(id);
    ASSERT_TRUE(loaded.has_value());
    EXPECT_EQ(results::RunsToJsonText({*loaded}), results::RunsToJsonText({run}));
  }
  EXPECT_EQ(store->Resolve("baseline", ""), 1);
  const std::vector<TrendPoint> trend =
      store->Trend({"AES-128-GCM", "encrypt", 16384}, RunFilter{});
  ASSERT_EQ(trend.size(), 6u);
  EXPECT_EQ(trend[0].samples, (std::vector<double>{2e9, 2.01e9}));
  // New ids follow the old ones (PostgreSQL's identity sequence was moved on).
  std::unique_ptr<Store> writer = OpenStore(location_);
  EXPECT_EQ(writer->SaveRun(MakeRun("2026-11-03T10:00:00Z", 2e9), Info()), 7);
  // The library filter finds old runs through run_builds; old hosts and builds have "" for
  // the new facts.
  RunFilter by_library;
  by_library.library = "3.0.19";
  EXPECT_EQ(writer->ListRuns(by_library).size(), 7u);
  for (const RunSummary& r : writer->ListRuns({})) {
    EXPECT_EQ(r.cpu_features, "");
    EXPECT_EQ(r.file_sha256, "");
  }
  std::unique_ptr<SqlConnection> db = Raw();
  for (const char* table : {"hosts_v1", "builds_v1", "runs_v1", "cells_v1"}) {
    EXPECT_FALSE(db->HasTable(table)) << table;
  }
  EXPECT_EQ(AsInt(db->Query("SELECT COUNT(*) FROM hosts", {}).at(0).at(0)), 1);
}

TEST_P(StoreTest, HostsAndBuildsCarryFeaturesVirtualisationAndTheFileHash) {
  const fs::path library =
      dir_.empty() ? fs::temp_directory_path() / fmt::format("cryptobench_hash_{}", getpid())
                   : dir_ / "libcrypto.so.3";
  std::ofstream(library) << "abc";
  results::RunResult run = MakeRun("2026-11-01T10:00:00Z", 2e9);
  run.library.loaded_path = library.string();
  SaveInfo info = Info("", "host-a");
  info.cpu_features = "AES-NI PCLMULQDQ AVX2";
  info.virtualization = "kvm";
  info.hash_library_files = true;
  std::unique_ptr<Store> store = OpenStore(location_);
  store->SaveRun(run, info);
  // The same host with other usable features (an AVX-512 switch in the firmware) is another
  // host; the same path and version rebuilt is another build.
  info.cpu_features = "AES-NI PCLMULQDQ AVX2 AVX-512F";
  run.created_utc = "2026-11-01T11:00:00Z";
  store->SaveRun(run, info);
  std::ofstream(library) << "abd";
  run.created_utc = "2026-11-01T12:00:00Z";
  store->SaveRun(run, info);
  // An import names another machine's file: never hashed here.
  info.hash_library_files = false;
  run.created_utc = "2026-11-01T13:00:00Z";
  store->SaveRun(run, info);
  fs::remove(library);

  const std::vector<RunSummary> runs = store->ListRuns({});
  ASSERT_EQ(runs.size(), 4u);  // newest first
  EXPECT_EQ(runs[3].cpu_features, "AES-NI PCLMULQDQ AVX2");
  EXPECT_EQ(runs[3].virtualization, "kvm");
  // SHA-256("abc"), FIPS 180-2 appendix B.1.
  EXPECT_EQ(runs[3].file_sha256,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(runs[2].file_sha256, runs[3].file_sha256);
  EXPECT_EQ(runs[2].cpu_features, "AES-NI PCLMULQDQ AVX2 AVX-512F");
  EXPECT_NE(runs[1].file_sha256, runs[3].file_sha256);
  EXPECT_EQ(runs[1].file_sha256.size(), 64u);
  EXPECT_EQ(runs[0].file_sha256, "");
  std::unique_ptr<SqlConnection> db = Raw();
  EXPECT_EQ(AsInt(db->Query("SELECT COUNT(*) FROM hosts", {}).at(0).at(0)), 2);
  EXPECT_EQ(AsInt(db->Query("SELECT COUNT(*) FROM builds", {}).at(0).at(0)), 3);
  // A hash prefix is a --library filter naming that build.
  RunFilter by_hash;
  by_hash.library = "ba7816bf";
  EXPECT_EQ(store->ListRuns(by_hash).size(), 2u);
}

TEST_P(StoreTest, DoctorAndCompareRunsAreListedButNeverCompared) {
  std::unique_ptr<Store> store = OpenStore(location_);
  const int64_t speed = store->SaveRun(MakeRun("2026-11-01T10:00:00Z", 2e9), Info("nightly"));
  DocumentRun doctor;
  doctor.created_utc = "2026-11-01T11:00:00Z";
  doctor.document = R"({"kind": "doctor", "verdicts": []})";
  doctor.machine = MakeRun("2026-11-01T10:00:00Z", 2e9).machine;
  doctor.libraries.push_back({"", MakeRun("", 1).library, false});
  SaveInfo doctor_info = Info("nightly");
  doctor_info.kind = "doctor";
  const int64_t doctor_id = store->SaveDocument(doctor, doctor_info);
  DocumentRun compare = doctor;
  compare.created_utc = "2026-11-01T12:00:00Z";
  compare.document = R"({"kind": "compare"})";
  compare.libraries = {{"A", MakeRun("", 1).library, false},
                       {"B", MakeRun("", 1, 12, "OpenSSL 3.5.0 8 Apr 2025").library, false}};
  SaveInfo compare_info = Info();
  compare_info.kind = "compare";
  const int64_t compare_id = store->SaveDocument(compare, compare_info);

  // compare's selectors pass them over; history's take them.
  EXPECT_EQ(store->Resolve("last", "host-a"), speed);
  EXPECT_EQ(store->Resolve("nightly", ""), speed);
  EXPECT_EQ(store->Resolve("last", "host-a", false), compare_id);
  EXPECT_EQ(store->Resolve("nightly", "", false), doctor_id);
  try {
    store->LoadRun(doctor_id);
    FAIL() << "a doctor run loaded as a speed run";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  fmt::format("run {} is a doctor run: it holds no cells to compare", doctor_id)),
              std::string::npos)
        << e.what();
  }
  const auto stored = store->LoadDocument(compare_id);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->first, "compare");
  EXPECT_EQ(stored->second, compare.document);
  EXPECT_EQ(store->BatchOf(speed), std::vector<int64_t>{speed});

  const std::vector<RunSummary> runs = store->ListRuns({});
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].kind, "compare");
  EXPECT_EQ(runs[0].cells, 0);
  EXPECT_EQ(runs[0].library, "A: OpenSSL 3.0.19 27 Jan 2026; B: OpenSSL 3.5.0 8 Apr 2025");
  EXPECT_EQ(runs[1].kind, "doctor");
  EXPECT_EQ(runs[1].library, "OpenSSL 3.0.19 27 Jan 2026");
  RunFilter by_library;
  by_library.library = "3.5.0";  // a compare side
  const std::vector<RunSummary> found = store->ListRuns(by_library);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].id, compare_id);
  ExpectEveryRunWhole(3);
}

// A store another process holds locked past the busy timeout: one line, nothing written.
TEST(StoreLockTest, ALockedSqliteStoreIsOneLineAndLosesNothing) {
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("cryptobench_store_lock_{}", getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "results.db").string();
  OpenStore(path)->SaveRun(MakeRun("2026-11-01T10:00:00Z", 2e9), Info());
  std::unique_ptr<SqlConnection> holder = OpenSqlite(path);
  holder->BeginWrite();  // another writer, mid-transaction
  Store waiting(OpenSqlite(path, /*busy_timeout_ms=*/200));
  try {
    waiting.SaveRun(MakeRun("2026-11-02T10:00:00Z", 2e9), Info());
    FAIL() << "saved into a locked store";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("locked"), std::string::npos) << what;
    EXPECT_NE(what.find(path), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
  holder->Rollback();
  EXPECT_EQ(waiting.ListRuns({}).size(), 1u);
  EXPECT_EQ(waiting.SaveRun(MakeRun("2026-11-02T10:00:00Z", 2e9), Info()), 2);
  fs::remove_all(dir);
}

// A full disk, as SQLite reports it (SQLITE_FULL, here from a page limit on the connection,
// https://www.sqlite.org/pragma.html#pragma_max_page_count): one line, and the run that did
// not fit leaves nothing behind.
TEST(StoreFullTest, AFullDiskIsOneLineAndLeavesNoHalfRun) {
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("cryptobench_store_full_{}", getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "results.db").string();
  OpenStore(path)->SaveRun(MakeRun("2026-11-01T10:00:00Z", 2e9), Info());
  std::unique_ptr<SqlConnection> connection = OpenSqlite(path);
  const int64_t pages = AsInt(connection->Query("PRAGMA page_count", {}).at(0).at(0));
  connection->Query(fmt::format("PRAGMA max_page_count = {}", pages + 2), {});
  Store store(std::move(connection));
  results::RunResult big = MakeRun("2026-11-02T10:00:00Z", 2e9);
  for (int i = 0; i < 300; ++i) {  // far more than two pages of cells
    results::AlgorithmResult copy = big.algorithms[0];
    copy.algorithm = fmt::format("AES-128-GCM-{}", i);
    big.algorithms.push_back(copy);
  }
  try {
    store.SaveRun(big, Info());
    FAIL() << "a run larger than the space left was stored";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("full"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
  std::unique_ptr<Store> reopened = OpenStore(path);
  ASSERT_EQ(reopened->ListRuns({}).size(), 1u);
  const std::unique_ptr<SqlConnection> db = OpenSqlite(path);
  EXPECT_EQ(AsInt(db->Query("SELECT COUNT(*) FROM cells", {}).at(0).at(0)), 1);
  fs::remove_all(dir);
}

TEST(StorePostgresTest, ARefusedLoginIsOneLine) {
  const char* uri = std::getenv("CRYPTOBENCH_TEST_POSTGRES");
  if (uri == nullptr || uri[0] == '\0') {
    GTEST_SKIP() << "CRYPTOBENCH_TEST_POSTGRES is not set (.ci/run sets it)";
  }
  // A role the server does not know: refused at login, as a wrong password would be.
  std::string other = uri;
  const size_t user = other.find("user=");
  ASSERT_NE(user, std::string::npos) << other;
  other.insert(user + 5, "nobody_");
  try {
    OpenStore(other, StoreAccess::kRead);
    FAIL() << "logged in as an unknown role";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("nobody_"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(FileSha256Test, DigestsAFileAndSaysWhenItCannot) {
  const fs::path path = fs::temp_directory_path() / fmt::format("cryptobench_sha_{}", getpid());
  std::ofstream(path) << "";
  // SHA-256 of the empty string (FIPS 180-4 examples; `sha256sum /dev/null`).
  EXPECT_EQ(FileSha256(path.string()),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string(200000, 'a');  // more than one 64 KiB block
  }
  // Python's hashlib.sha256(b"a" * 200000).hexdigest().
  EXPECT_EQ(FileSha256(path.string()),
            "2287d207f24a941ff3b56c04c8a25ad56b63e3023207b3bb5b4ac0c9869d74be");
  // A bound at the size still digests; one byte below gives up rather than hash a part.
  EXPECT_EQ(FileSha256(path.string(), 200000),
            "2287d207f24a941ff3b56c04c8a25ad56b63e3023207b3bb5b4ac0c9869d74be");
  EXPECT_EQ(FileSha256(path.string(), 199999), std::nullopt);
  EXPECT_EQ(LibraryFileSha256(path.string()),
            "2287d207f24a941ff3b56c04c8a25ad56b63e3023207b3bb5b4ac0c9869d74be");
  fs::remove(path);
  EXPECT_EQ(LibraryFileSha256(path.string()), "");  // unreadable: absent, never an error
  EXPECT_EQ(LibraryFileSha256(""), "");
  EXPECT_EQ(FileSha256(path.string()), std::nullopt);
  EXPECT_EQ(FileSha256(fs::temp_directory_path().string()), std::nullopt);  // a directory
}

TEST_P(StoreTest, ReadingNeverCreatesOrWrites) {
  if (GetParam() == "sqlite") {
    EXPECT_THROW(OpenStore(location_, StoreAccess::kRead), StoreError);  // no file yet
    EXPECT_FALSE(fs::exists(location_));
  } else {
    EXPECT_THROW(OpenStore(location_, StoreAccess::kRead), StoreError);  // an empty database
  }
  OpenStore(location_)->SaveRun(MakeRun("2026-11-01T10:00:00Z", 2e9), Info());
  if (GetParam() == "sqlite") {
    fs::permissions(location_, fs::perms::owner_read, fs::perm_options::replace);
  }
  EXPECT_EQ(OpenStore(location_, StoreAccess::kRead)->ListRuns({}).size(), 1u);
  if (GetParam() == "sqlite") {
    fs::permissions(location_, fs::perms::owner_read | fs::perms::owner_write,
                    fs::perm_options::replace);
  }
  Raw()->Execute("UPDATE meta SET value = '-5' WHERE key = 'schema_version'");
  try {
    OpenStore(location_, StoreAccess::kRead);
    FAIL() << "opened schema -5";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("not a cryptobench store (schema version '-5')"),
              std::string::npos)
        << e.what();
  }
}

TEST_P(StoreTest, ADatabaseOfSomethingElseIsRefused) {
  Raw()->Execute("CREATE TABLE other_table (x INTEGER)");
  EXPECT_THROW(OpenStore(location_), StoreError);
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& test) { return test.param; });

TEST(StoreOpenTest, AFileThatIsNotADatabaseIsOneLine) {
  const fs::path path = fs::temp_directory_path() / "cryptobench_store_garbage.db";
  std::ofstream(path) << "this is not a database, it is a text file of some length\n"
                      << std::string(4096, 'x');
  try {
    OpenStore(path.string());
    FAIL() << "opened a text file";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("sqlite:" + path.string() + ": ", 0), 0u) << what;
    EXPECT_NE(what.find("not a database"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
  fs::remove(path);
  EXPECT_THROW(OpenStore(fs::temp_directory_path().string()), StoreError);  // a directory
}

// A device or FIFO is no store: SQLite read /dev/zero and /dev/null as empty stores ("no runs
// stored yet") and waited for ever on a FIFO (new-user tryout: history --store /dev/zero).
TEST(StoreOpenTest, ADeviceOrFifoIsRefusedInOneLine) {
  const fs::path fifo =
      fs::temp_directory_path() / ("cryptobench_store_fifo_" + std::to_string(getpid()));
  fs::remove(fifo);
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (const auto& [path, what] : {std::pair<std::string, std::string>{"/dev/zero", "a device"},
                                   {"/dev/null", "a device"},
                                   {fifo.string(), "a FIFO"}}) {
    for (const StoreAccess access : {StoreAccess::kRead, StoreAccess::kReadWrite}) {
      try {
        OpenStore(path, access);
        ADD_FAILURE() << "opened " << path;
      } catch (const StoreError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "sqlite:" + path + ": is " + what + ", not a SQLite store file");
      }
    }
  }
  fs::remove(fifo);
}

TEST(StoreOpenTest, APasswordInAPostgresUriIsRefusedWithoutEchoingIt) {
  try {
    OpenStore("postgresql://bench:s3cret@127.0.0.1:1/results");
    FAIL() << "accepted a password on the command line";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("PGPASSFILE"), std::string::npos) << what;
    EXPECT_EQ(what.find("s3cret"), std::string::npos) << what;
  }
  // Without a password: the connection itself fails (nothing listens on port 1), one line.
  try {
    OpenStore("postgresql://bench@127.0.0.1:1/results?connect_timeout=2");
    FAIL() << "connected to port 1";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
}

TEST(StoreOpenTest, ALibpqKeywordStringIsPostgresAndItsPasswordIsRefused) {
  // Not a SQLite file named after the connection string: the password is refused, unechoed.
  const fs::path dir = fs::temp_directory_path() / fmt::format("store-conninfo-{}", getpid());
  fs::create_directories(dir);
  const fs::path cwd = fs::current_path();
  fs::current_path(dir);
  for (const std::string location : {"host=127.0.0.1 port=1 password=s3cret dbname=results",
                                     " dbname = results password=s3cret"}) {
    try {
      OpenStore(location);
      ADD_FAILURE() << "accepted a password: " << location;
    } catch (const StoreError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("PGPASSFILE"), std::string::npos) << what;
      EXPECT_EQ(what.find("s3cret"), std::string::npos) << what;
    }
  }
  // Without a password: a connection attempt (nothing listens on port 1), not a new file.
  try {
    OpenStore("host=127.0.0.1 port=1 dbname=results connect_timeout=2");
    ADD_FAILURE() << "connected to port 1";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_empty(dir)) << "a file was created for a connection string";
  // A path that merely contains '=' stays a SQLite path.
  OpenStore("a=b.db");
  EXPECT_TRUE(fs::exists(dir / "a=b.db"));
  fs::current_path(cwd);
  fs::remove_all(dir);
}

TEST(StoreOpenTest, DefaultPathFollowsXdg) {
  const char* saved_xdg = std::getenv("XDG_DATA_HOME");
  const std::string keep = saved_xdg != nullptr ? saved_xdg : "";
  setenv("XDG_DATA_HOME", "/srv/data", 1);
  EXPECT_EQ(DefaultStorePath(), "/srv/data/cryptobench/results.db");
  setenv("XDG_DATA_HOME", "relative", 1);  // ignored, as the spec says
  EXPECT_NE(DefaultStorePath(), "relative/cryptobench/results.db");
  if (saved_xdg != nullptr) {
    setenv("XDG_DATA_HOME", keep.c_str(), 1);
  } else {
    unsetenv("XDG_DATA_HOME");
  }
}

}  // namespace
}  // namespace cryptobench::store
