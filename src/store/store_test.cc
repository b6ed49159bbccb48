#include "store/store.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include <fmt/format.h>
#include <gtest/gtest.h>
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
      db->Execute("DROP TABLE IF EXISTS cells, runs, builds, hosts, meta, other_table CASCADE");
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
    EXPECT_NE(std::string(e.what()).find("made by a newer cryptobench (store schema 99; this "
                                         "one knows up to 1)"),
              std::string::npos)
        << e.what();
  }
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
