// SIGINT and SIGTERM during `speed`: the real executable, a real signal from outside. The
// first algorithm is measured, the second one's worker hangs on purpose and says so on stderr
// (test fault "hang-announced"); the signal is sent once that line shows, so the test waits
// for an event, not for a time, and holds on a loaded machine.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

namespace cryptobench::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class InterruptTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("cryptobench_interrupt_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Starts `cryptobench speed SHA-256 AES-128-GCM ...` with AES-128-GCM's worker hanging, its
  // stdout and stderr in files of dir_; returns its pid.
  pid_t Start(const std::vector<std::string>& extra) {
    std::vector<std::string> args = {CRYPTOBENCH_BINARY,
                                     "speed",
                                     "SHA-256",
                                     "AES-128-GCM",
                                     "--bytes",
                                     "64,1024",
                                     "--max-seconds",
                                     "0.05",
                                     "--precision",
                                     "0.05",
                                     "--no-progress",
                                     "--worker-timeout",
                                     "3600",
                                     "--test-fault",
                                     "hang-announced:AES-128-GCM"};
    args.insert(args.end(), extra.begin(), extra.end());
    return Exec(std::move(args));
  }

  // Starts cryptobench with `args` (the binary first), stdout and stderr in files of dir_, in
  // dir_; returns its pid.
  pid_t Exec(std::vector<std::string> args) {
    std::vector<char*> argv;
    for (std::string& arg : args) {
      argv.push_back(arg.data());
    }
    argv.push_back(nullptr);
    const std::string out = (dir_ / "stdout").string();
    const std::string err = (dir_ / "stderr").string();
    const pid_t pid = fork();
    if (pid == 0) {
      const int out_fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int err_fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int in_fd = open("/dev/null", O_RDONLY);
      dup2(out_fd, STDOUT_FILENO);
      dup2(err_fd, STDERR_FILENO);
      dup2(in_fd, STDIN_FILENO);
      if (chdir(dir_.c_str()) != 0) {
        _exit(126);
      }
      execv(argv[0], argv.data());
      _exit(127);
    }
    return pid;
  }

  // Waits (up to 5 minutes: a loaded machine) for the hanging worker's line on stderr.
  bool WaitForHang(pid_t pid) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (std::chrono::steady_clock::now() < deadline) {
      if (ReadFile(dir_ / "stderr").find("test fault: this worker hangs now") !=
          std::string::npos) {
        return true;
      }
      int status = 0;
      if (waitpid(pid, &status, WNOHANG) == pid) {
        ADD_FAILURE() << "cryptobench ended before the hang: " << ReadFile(dir_ / "stderr");
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "no hang within 5 minutes: " << ReadFile(dir_ / "stderr");
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    return false;
  }

  // Waits (up to 5 minutes) for `pid` to end; its wait status, or -1 after killing it.
  static int WaitForExit(pid_t pid) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid, &status, WNOHANG) == pid) {
        return status;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    return -1;
  }

  // No temporary file of an atomic write is left in dir_.
  void ExpectNoTemporaryFiles() {
    for (const fs::directory_entry& entry : fs::directory_iterator(dir_)) {
      EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos) << entry.path();
    }
  }

  // The JSON document written: partial, by `signal`, SHA-256 measured, AES-128-GCM left out.
  void ExpectPartialJson(const fs::path& path, const std::string& signal) {
    json doc;
    ASSERT_NO_THROW(doc = json::parse(ReadFile(path))) << ReadFile(path);
    EXPECT_EQ(doc.value("partial", false), true);
    EXPECT_EQ(doc.value("interrupted_by", ""), signal);
    ASSERT_EQ(doc.at("algorithms").size(), 1u) << doc.dump(1);
    const json& sha = doc.at("algorithms")[0];
    EXPECT_EQ(sha.at("algorithm"), "SHA-256");
    ASSERT_EQ(sha.at("cells").size(), 2u);
    for (const json& cell : sha.at("cells")) {
      EXPECT_EQ(cell.at("status"), "ok");
    }
  }

  fs::path dir_;
};

TEST_F(InterruptTest, SigintWritesAPartialReportAndExits130) {
  const pid_t pid = Start({"--output", "run.json", "--output", "run.csv"});
  ASSERT_GT(pid, 0);
  if (!WaitForHang(pid)) {
    return;
  }
  ASSERT_EQ(kill(pid, SIGINT), 0);
  const int status = WaitForExit(pid);
  const std::string out = ReadFile(dir_ / "stdout");
  const std::string err = ReadFile(dir_ / "stderr");
  ASSERT_TRUE(WIFEXITED(status)) << status << "\n" << err;
  EXPECT_EQ(WEXITSTATUS(status), 130) << err;
  // The terminal table: marked partial first, with what was measured.
  EXPECT_EQ(out.rfind("PARTIAL: partial run: interrupted by SIGINT", 0), 0u) << out;
  EXPECT_NE(out.find("SHA-256"), std::string::npos) << out;
  EXPECT_EQ(out.find("AES-128-GCM"), std::string::npos) << out;
  EXPECT_NE(err.find("interrupted by SIGINT: the results above are partial"), std::string::npos)
      << err;
  ExpectPartialJson(dir_ / "run.json", "SIGINT");
  const std::string csv = ReadFile(dir_ / "run.csv");
  EXPECT_EQ(csv.rfind("# partial run: interrupted by SIGINT", 0), 0u) << csv;
  EXPECT_NE(csv.find("SHA-256"), std::string::npos) << csv;
  ExpectNoTemporaryFiles();
}

TEST_F(InterruptTest, SigintBeforeAnyCellIsMeasuredWritesNothing) {
  // The only algorithm hangs: nothing was measured when the signal comes.
  const pid_t pid =
      Exec({CRYPTOBENCH_BINARY, "speed", "AES-128-GCM", "--bytes", "64", "--max-seconds", "0.05",
            "--no-progress", "--worker-timeout", "3600", "--test-fault",
            "hang-announced:AES-128-GCM", "--output", "run.json", "--output", "run.md"});
  ASSERT_GT(pid, 0);
  if (!WaitForHang(pid)) {
    return;
  }
  ASSERT_EQ(kill(pid, SIGINT), 0);
  const int status = WaitForExit(pid);
  const std::string err = ReadFile(dir_ / "stderr");
  ASSERT_TRUE(WIFEXITED(status)) << status << "\n" << err;
  EXPECT_EQ(WEXITSTATUS(status), 130) << err;
  EXPECT_NE(err.find("before anything was measured; nothing written"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(dir_ / "run.json"));
  EXPECT_FALSE(fs::exists(dir_ / "run.md"));
  EXPECT_EQ(ReadFile(dir_ / "stdout"), "");
  ExpectNoTemporaryFiles();
}

TEST_F(InterruptTest, SigtermWritesAPartialReportAndExits143) {
  const pid_t pid = Start({"--output", "run.json", "--output", "run.md"});
  ASSERT_GT(pid, 0);
  if (!WaitForHang(pid)) {
    return;
  }
  ASSERT_EQ(kill(pid, SIGTERM), 0);
  const int status = WaitForExit(pid);
  const std::string err = ReadFile(dir_ / "stderr");
  ASSERT_TRUE(WIFEXITED(status)) << status << "\n" << err;
  EXPECT_EQ(WEXITSTATUS(status), 143) << err;
  EXPECT_EQ(ReadFile(dir_ / "stdout").rfind("PARTIAL: partial run: interrupted by SIGTERM", 0), 0u);
  ExpectPartialJson(dir_ / "run.json", "SIGTERM");
  EXPECT_EQ(ReadFile(dir_ / "run.md").rfind("> **Partial run**: interrupted by SIGTERM", 0), 0u);
  ExpectNoTemporaryFiles();
}

// A second SIGINT ends the process at once, wherever the first left it: it either finished
// writing (exit 130, a whole partial JSON) or died by the signal; no half-written file and no
// temporary file is left either way.
TEST_F(InterruptTest, SecondSigintEndsAtOnceWithoutAHalfWrittenFile) {
  const pid_t pid = Start({"--output", "run.json"});
  ASSERT_GT(pid, 0);
  if (!WaitForHang(pid)) {
    return;
  }
  ASSERT_EQ(kill(pid, SIGINT), 0);
  ASSERT_EQ(kill(pid, SIGINT), 0);
  const int status = WaitForExit(pid);
  ASSERT_NE(status, -1);
  if (WIFEXITED(status)) {
    EXPECT_EQ(WEXITSTATUS(status), 130);
    ExpectPartialJson(dir_ / "run.json", "SIGINT");
  } else {
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGINT);
    if (fs::exists(dir_ / "run.json")) {
      ExpectPartialJson(dir_ / "run.json", "SIGINT");
    }
  }
  ExpectNoTemporaryFiles();
}

// doctor stops the same way: the algorithm examined before the signal has its verdicts, the one
// being examined (its worker hangs) and those after it are left out; every output is marked.
TEST_F(InterruptTest, DoctorWritesAPartialReportAndExits130Or143) {
  for (const int signal_number : {SIGINT, SIGTERM}) {
    const std::string name = signal_number == SIGINT ? "SIGINT" : "SIGTERM";
    for (const char* file : {"stdout", "stderr", "doctor.json", "doctor.md", "doctor.html"}) {
      fs::remove(dir_ / file);  // the run before's "hangs now" must not be read as this one's
    }
    const pid_t pid = Exec({CRYPTOBENCH_BINARY, "doctor", "SHA-256", "AES-128-GCM", "MD5",
                            "--max-seconds", "0.05", "--no-progress", "--worker-timeout", "3600",
                            "--test-fault", "hang-announced:AES-128-GCM", "-o", "doctor.json", "-o",
                            "doctor.md", "-o", "doctor.html"});
    ASSERT_GT(pid, 0);
    if (!WaitForHang(pid)) {
      return;
    }
    ASSERT_EQ(kill(pid, signal_number), 0);
    const int status = WaitForExit(pid);
    const std::string out = ReadFile(dir_ / "stdout");
    const std::string err = ReadFile(dir_ / "stderr");
    ASSERT_TRUE(WIFEXITED(status)) << status << "\n" << err;
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal_number) << err;
    EXPECT_EQ(out.rfind("PARTIAL: partial report: interrupted by " + name, 0), 0u) << out;
    EXPECT_NE(err.find("interrupted by " + name + ": the report above is partial"),
              std::string::npos)
        << err;
    json doc;
    ASSERT_NO_THROW(doc = json::parse(ReadFile(dir_ / "doctor.json")));
    EXPECT_EQ(doc.value("partial", false), true);
    EXPECT_EQ(doc.value("interrupted_by", ""), name);
    ASSERT_FALSE(doc.at("verdicts").empty()) << doc.dump(1);
    for (const json& verdict : doc.at("verdicts")) {
      EXPECT_EQ(verdict.at("algorithm"), "SHA-256");  // AES-128-GCM and MD5 not examined
    }
    EXPECT_EQ(ReadFile(dir_ / "doctor.md").rfind("> **Partial report**: interrupted by " + name, 0),
              0u);
    const std::string html = ReadFile(dir_ / "doctor.html");
    EXPECT_NE(html.find("interrupted by " + name), std::string::npos);
    EXPECT_NE(html.find("<svg"), std::string::npos);
    ExpectNoTemporaryFiles();
  }
}

}  // namespace
}  // namespace cryptobench::testing
