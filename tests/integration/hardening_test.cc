// End-to-end tests of what a hostile but realistic user can do (issue 11, docs/security.md):
// inputs that amplify memory or never end, output over an input, a library planted in the
// current directory, escape sequences in result files, a parent killed under its workers,
// libraries that crash, abort, hang, exit or flood at each stage (support/fake_libcrypto.c),
// nonsense figures, empty option values, a FIFO as --lib, a signal before the rename.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "integration/cli_runner.h"

namespace cryptobench::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kBinary = CRYPTOBENCH_BINARY;
const std::string kFakeLibcrypto = CRYPTOBENCH_FAKE_LIBCRYPTO;
const std::string kData = CRYPTOBENCH_TEST_DATA_DIR;

// A fresh directory for one test, removed with it.
class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("cryptobench_hardening_" + std::to_string(getpid()) + "_" + std::to_string(next_++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  const fs::path& path() const { return path_; }

 private:
  static inline int next_ = 0;
  fs::path path_;
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void WriteFile(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

struct SpawnOptions {
  std::string cwd;                       ///< "" = this process's
  std::vector<std::string> env;          ///< NAME=VALUE added to the environment
  std::string stdin_path = "/dev/null";  ///< standard input
  rlim_t address_space = 0;  ///< RLIMIT_AS in bytes (what prlimit --as sets); 0 = unlimited
  rlim_t file_size = 0;      ///< RLIMIT_FSIZE in bytes (ulimit -f); 0 = unlimited
  double kill_after = 180;   ///< a guard: the process group is killed after this many seconds
};

struct Spawned {
  int exit_status = -1;  ///< exit code, or -1 when a signal ended it
  int signal = 0;        ///< that signal
  std::string out;
  std::string err;
  long max_rss_kib = 0;  ///< peak resident set size (getrusage ru_maxrss), KiB
  double seconds = 0;    ///< wall-clock time until it ended
};

// Starts `argv` in a process group of its own; returns its pid. Output goes to `dir`.
pid_t Start(const std::vector<std::string>& argv, const SpawnOptions& options,
            const std::string& dir) {
  std::vector<std::string> args = argv;
  std::vector<char*> raw;
  for (std::string& arg : args) {
    raw.push_back(arg.data());
  }
  raw.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    if (!options.cwd.empty() && chdir(options.cwd.c_str()) != 0) {
      _exit(126);
    }
    for (const std::string& assignment : options.env) {
      const size_t eq = assignment.find('=');
      setenv(assignment.substr(0, eq).c_str(), assignment.substr(eq + 1).c_str(), 1);
    }
    if (options.address_space > 0) {
      const rlimit limit{options.address_space, options.address_space};
      setrlimit(RLIMIT_AS, &limit);
    }
    if (options.file_size > 0) {
      const rlimit limit{options.file_size, options.file_size};
      setrlimit(RLIMIT_FSIZE, &limit);
    }
    const int in = open(options.stdin_path.c_str(), O_RDONLY);
    const int out = open((dir + "/out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open((dir + "/err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) {
      _exit(126);
    }
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    signal(SIGPIPE, SIG_DFL);
    execv(raw[0], raw.data());
    _exit(127);
  }
  return pid;
}

Spawned Wait(pid_t pid, const SpawnOptions& options, const std::string& dir,
             std::chrono::steady_clock::time_point started) {
  Spawned result;
  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t r = wait4(pid, &status, WNOHANG, &usage);
    if (r == pid) {
      break;
    }
    if (std::chrono::steady_clock::now() - started >
        std::chrono::duration<double>(options.kill_after)) {
      kill(-pid, SIGKILL);
      wait4(pid, &status, 0, &usage);
      ADD_FAILURE() << "killed after " << options.kill_after << " s";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (WIFEXITED(status)) {
    result.exit_status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
  result.max_rss_kib = usage.ru_maxrss;
  result.out = ReadFile(dir + "/out");
  result.err = ReadFile(dir + "/err");
  return result;
}

Spawned Spawn(const std::vector<std::string>& argv, const SpawnOptions& options = {}) {
  TempDir dir;
  const auto started = std::chrono::steady_clock::now();
  const pid_t pid = Start(argv, options, dir.path().string());
  return Wait(pid, options, dir.path().string(), started);
}

// cryptobench with `args`.
Spawned Cryptobench(std::vector<std::string> args, const SpawnOptions& options = {}) {
  args.insert(args.begin(), kBinary);
  return Spawn(args, options);
}

size_t Lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

// ----- 1 and 2: memory bounded by the input -------------------------------------------------

// What the process maps before it reads anything (its own code, the libraries, the heap it
// starts with), bytes of virtual memory: `import -` waiting on an open pipe.
size_t BaselineAddressSpace() {
  int fds[2];
  if (pipe(fds) != 0) {
    return 0;
  }
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[0], 0);
    close(fds[1]);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execl(kBinary.c_str(), kBinary.c_str(), "import", "-", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[0]);
  size_t peak = 0;
  // Once it blocks reading, its mappings are all there.
  for (int i = 0; i < 200 && peak == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string stat_line;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::getline(stat, stat_line);
    const size_t close_paren = stat_line.rfind(')');
    const bool sleeping = close_paren != std::string::npos && close_paren + 2 < stat_line.size() &&
                          stat_line[close_paren + 2] == 'S';
    for (std::string line; sleeping && std::getline(status, line);) {
      if (line.rfind("VmPeak:", 0) == 0) {
        peak = std::stoull(line.substr(7)) * 1024;
      }
    }
  }
  close(fds[1]);
  int status = 0;
  waitpid(pid, &status, 0);
  return peak;
}

// The bound docs/security.md states: peak memory at most 8x the input + 64 MiB.
size_t MemoryBound(size_t input_bytes) { return 8 * input_bytes + (size_t{64} << 20); }

// An openssl speed table whose one row is repeated to `bytes`: each row another algorithm
// entry, the amplification issue 11 found (4 MiB reached 1.8 GB).
std::string RepeatedRows(size_t bytes) {
  std::string text =
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 "
      "bytes\n";
  // Each row has a name of its own: a name the table already holds starts another run
  // (speed prints each row once per run), and the run cap would refuse the input first.
  for (size_t i = 0;; ++i) {
    const std::string row = "aes-128-cbc-" + std::to_string(i) +
                            "     910220.41k  1431007.25k  1502110.33k  1520332.80k  "
                            "1524900.12k  1525118.46k\n";
    if (text.size() + row.size() > bytes) {
      return text;
    }
    text += row;
  }
}

// Runs `args` on inputs totalling `input_bytes` under RLIMIT_AS = the bound plus what the
// process maps at start, and checks the peak RSS against the bound.
Spawned WithinMemoryBound(const std::vector<std::string>& args, size_t input_bytes) {
  SpawnOptions options;
  static const size_t baseline = BaselineAddressSpace();
  EXPECT_GT(baseline, 0u);
  options.address_space = baseline + MemoryBound(input_bytes);
  Spawned r = Cryptobench(args, options);
  EXPECT_LE(static_cast<size_t>(r.max_rss_kib) * 1024, MemoryBound(input_bytes))
      << "peak RSS " << r.max_rss_kib << " KiB for " << input_bytes << " bytes of input";
  EXPECT_NE(r.err.find("error:"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("bad_alloc"), std::string::npos) << r.err;
  return r;
}

TEST(HardeningMemoryTest, RepeatedRowsStayWithinTheBoundAndAreRefusedPastTheCap) {
#ifdef CRYPTOBENCH_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space and its own memory";
#endif
  TempDir dir;
  const std::string input = dir / "rows.txt";
  const std::string copy = dir / "rows-copy.txt";
  WriteFile(input, RepeatedRows(size_t{4} << 20));
  fs::copy_file(input, copy);
  const size_t size = fs::file_size(input);
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"import", input},
                                             {"import", input, "--format", "table"},
                                             {"doctor", "--from", input, "--format", "json"},
                                             {"compare", input, copy, "--format", "json"}}) {
    const Spawned r = WithinMemoryBound(args, args[0] == "compare" ? 2 * size : size);
    EXPECT_EQ(r.exit_status, 2) << args[0] << ": " << r.err;
    EXPECT_EQ(Lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(": at most 8192 figures in one input"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

TEST(HardeningMemoryTest, ManyLinesAndDenseJsonAreRefusedWithinTheBound) {
#ifdef CRYPTOBENCH_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space and its own memory";
#endif
  TempDir dir;
  const std::string lines = dir / "lines.txt";
  WriteFile(lines, std::string(size_t{4} << 20, '\n'));
  const std::string dense = dir / "dense.json";
  std::string text = "{\"schema_version\": 1, \"algorithms\": [";
  while (text.size() < (size_t{4} << 20)) {
    text += "{},";
  }
  text += "{}]}";
  WriteFile(dense, text);
  // The same objects inside a tls result (compare reads those too) and inside one object of a
  // bssl speed -json array.
  const std::string dense_tls = dir / "dense-tls.json";
  text.replace(0, 1, "{\"kind\": \"tls\", ");
  WriteFile(dense_tls, text);
  const std::string bssl = dir / "bssl.txt";
  text = "[\n{\"description\": \"AES-128-GCM (16 bytes)\", \"numCalls\": 1, \"x\": [";
  while (text.size() < (size_t{4} << 20)) {
    text += "{},";
  }
  text += "{}]}\n]\n";
  WriteFile(bssl, text);
  // Newlines where a key should be: the JSON parser keeps them and quotes each as 8 bytes.
  const std::string spaced = dir / "spaced.json";
  WriteFile(spaced, "{" + std::string(size_t{4} << 20, '\n') + "x");
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"import", lines},
                                             {"doctor", "--from", dense},
                                             {"compare", dense, lines},
                                             {"compare", dense_tls, lines},
                                             {"import", bssl},
                                             {"import", spaced},
                                             {"doctor", "--from", spaced},
                                             {"compare", spaced, lines}}) {
    const Spawned r = WithinMemoryBound(args, args[0] == "compare"
                                                  ? fs::file_size(args[1]) + fs::file_size(args[2])
                                                  : fs::file_size(args.back()));
    EXPECT_EQ(r.exit_status, 2) << args[0] << ": " << r.err;
    EXPECT_EQ(Lines(r.err), 1u) << r.err.substr(0, 1000);
    EXPECT_LT(r.err.size(), 1000u) << r.err.substr(0, 1000);
  }
}

// Every imported run carries the environment facts read before it: `lsmod` lines between runs
// would cost their size once per run (1,500 modules before each of 63 runs: ~300 MB) unless
// facts are capped.
TEST(HardeningMemoryTest, EnvironmentLinesBetweenRunsAreRefusedWithinTheBound) {
#ifdef CRYPTOBENCH_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space and its own memory";
#endif
  TempDir dir;
  const std::string input = dir / "facts.txt";
  std::string text;
  int module = 0;
  for (int run = 0; run < 63; ++run) {
    text += "$ lsmod\nModule                  Size  Used by\n";
    for (int i = 0; i < 1500; ++i) {
      text += "module_" + std::to_string(module++) + "           16384  0\n";
    }
    text +=
        "$ openssl speed sha256\n"
        "Doing sha256 for 3s on 16 size blocks: 3000000 sha256's in 3.00s\n";
  }
  WriteFile(input, text);
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"import", input}, {"doctor", "--from", input, "--format", "json"}}) {
    const Spawned r = WithinMemoryBound(args, text.size());
    EXPECT_EQ(r.exit_status, 2) << args[0] << ": " << r.err;
    EXPECT_EQ(Lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(": at most 2048 environment facts"), std::string::npos) << r.err;
  }
}

TEST(HardeningMemoryTest, EndlessInputIsCutAtTheLimit) {
  SpawnOptions options;
#ifndef CRYPTOBENCH_TEST_ASAN
  options.address_space = BaselineAddressSpace() + (size_t{256} << 20);
#endif
  options.kill_after = 60;
  options.stdin_path = "/dev/zero";
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"import", "/dev/zero"}, {"import", "-"}}) {
    const Spawned r = Cryptobench(args, options);
    EXPECT_EQ(r.exit_status, 2) << r.err;
    EXPECT_NE(r.err.find("larger than 64 MiB"), std::string::npos) << r.err;
  }
  // `yes | cryptobench import -`
  const Spawned piped = Spawn({"/bin/sh", "-c", "yes | exec '" + kBinary + "' import -"}, options);
  EXPECT_EQ(piped.exit_status, 2) << piped.err;
  EXPECT_NE(piped.err.find("larger than 64 MiB"), std::string::npos) << piped.err;
}

// ----- 3: no output over an input -----------------------------------------------------------

TEST(HardeningOutputTest, OutputOntoAnInputIsRefused) {
  TempDir dir;
  const std::string fixture = kData + "/fixtures/import/openssl-3.0-cpuinfo.txt";
  const std::string a = dir / "a.txt";
  const std::string b = dir / "b.txt";
  fs::copy_file(fixture, a);
  fs::copy_file(kData + "/fixtures/import/openssl-1.1.1-evp.txt", b);
  fs::create_hard_link(a, dir / "hard.txt");
  fs::create_symlink(a, dir / "link.txt");
  const std::string before = ReadFile(a);
  SpawnOptions in_dir;
  in_dir.cwd = dir.path().string();
  const std::vector<std::vector<std::string>> cases = {
      {"import", "a.txt", "--output", "a.txt"},
      {"import", "a.txt", "--output", "./a.txt"},
      {"import", "a.txt", "-o", "hard.txt"},
      {"import", "link.txt", "--output", "a.txt"},
      {"compare", "a.txt", "b.txt", "--output", "a.txt"},
      {"compare", "b.txt", "a.txt", "--output", dir / "link.txt"},
      {"doctor", "--from", "a.txt", "--output", "a.txt"},
  };
  for (const auto& args : cases) {
    const Spawned r = Cryptobench(args, in_dir);
    EXPECT_EQ(r.exit_status, 2) << args[0] << " " << args.back() << ": " << r.err;
    EXPECT_NE(r.err.find("input"), std::string::npos) << r.err;
    EXPECT_EQ(Lines(r.err), 1u) << r.err;
    EXPECT_EQ(ReadFile(a), before) << args[0];
  }
  // Another file is fine.
  const Spawned ok = Cryptobench({"import", "a.txt", "--output", "out.json"}, in_dir);
  EXPECT_EQ(ok.exit_status, 0) << ok.err;
}

// doctor and compare take --output several times, as speed, import and report do: each file in
// the format its extension names, else --format's, the table still on the terminal; two naming
// one file are refused before anything is read (exit 2).
TEST(HardeningOutputTest, DoctorAndCompareWriteEveryOutputAndRefuseDuplicates) {
  TempDir dir;
  fs::copy_file(kData + "/fixtures/import/openssl-3.0-cpuinfo.txt", dir / "a.txt");
  fs::copy_file(kData + "/fixtures/import/openssl-1.1.1-evp.txt", dir / "b.txt");
  SpawnOptions in_dir;
  in_dir.cwd = dir.path().string();
  const Spawned compare = Cryptobench(
      {"compare", "a.txt", "b.txt", "-o", "c.json", "-o", "c.md", "--format", "json", "-o", "c"},
      in_dir);
  ASSERT_EQ(compare.exit_status, 0) << compare.err;
  EXPECT_EQ(compare.out.rfind("cryptobench compare: ", 0), 0u) << compare.out;
  EXPECT_EQ(ReadFile(dir / "c.md").rfind("## cryptobench compare\n", 0), 0u);
  EXPECT_TRUE(json::parse(ReadFile(dir / "c.json")).contains("sides"));
  EXPECT_TRUE(json::parse(ReadFile(dir / "c")).contains("sides"));  // --format's
  const Spawned doctor =
      Cryptobench({"doctor", "--from", "a.txt", "-o", "d.json", "-o", "d.md"}, in_dir);
  ASSERT_TRUE(doctor.exit_status == 0 || doctor.exit_status == 1) << doctor.err;
  EXPECT_FALSE(doctor.out.empty());
  EXPECT_EQ(doctor.out.find("## cryptobench doctor"), std::string::npos) << doctor.out;
  EXPECT_EQ(ReadFile(dir / "d.md").rfind("## cryptobench doctor", 0), 0u) << ReadFile(dir / "d.md");
  EXPECT_TRUE(json::accept(ReadFile(dir / "d.json")));
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"compare", "a.txt", "b.txt", "-o", "x.json", "-o", "./x.json"},
           {"doctor", "--from", "a.txt", "-o", "y.md", "-o", "y.md"},
           {"doctor", "--backend", "openssl", "-o", "z.json", "-o", dir / "z.json"}}) {
    const Spawned r = Cryptobench(args, in_dir);
    EXPECT_EQ(r.exit_status, 2) << args[0] << ": " << r.err;
    EXPECT_EQ(Lines(r.err), 1u) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_FALSE(fs::exists(dir / "x.json"));
  EXPECT_FALSE(fs::exists(dir / "y.md"));
  EXPECT_FALSE(fs::exists(dir / "z.json"));
}

// ----- 4 and 10: which library is loaded ----------------------------------------------------

const json* FindAlgorithm(const json& doc, const std::string& name) {
  for (const json& alg : doc.at("algorithms")) {
    if (alg.at("algorithm") == name) {
      return &alg;
    }
  }
  return nullptr;
}

std::string StatusOf(const json& doc, const std::string& algorithm) {
  const json* alg = FindAlgorithm(doc, algorithm);
  return alg == nullptr ? "(absent)" : alg->at("cells").at(0).at("status").get<std::string>();
}

bool HaveFakeLibrary() {
#ifdef CRYPTOBENCH_TEST_ASAN
  // Beside the libcrypto.so.3 that linked backends pull in, another library opens with dlmopen
  // (backends/common/isolated_load.h), whose namespace AddressSanitizer does not support.
  return false;
#else
  return !kFakeLibcrypto.empty() && fs::exists(kFakeLibcrypto);
#endif
}

TEST(HardeningLibraryTest, APlantedLibraryInTheCurrentDirectoryIsNotLoaded) {
  if (!HaveFakeLibrary()) {
    GTEST_SKIP() << "no fake library in this build (or AddressSanitizer)";
  }
  TempDir dir;
  fs::copy_file(kFakeLibcrypto, dir / "libcrypto.so.3");
  SpawnOptions in_dir;
  in_dir.cwd = dir.path().string();
  // The README's spelling: a bare soname. The planted library would crash every worker.
  const auto speed = [&](const std::string& lib) {
    return Cryptobench({"speed", "md5", "--bytes", "64", "--format", "json", "--lib", lib, "--env",
                        "CRYPTOBENCH_FAKE_FAULT=crash:load", "--max-seconds", "0.05", "--precision",
                        "0.2", "--no-progress"},
                       in_dir);
  };
  const Spawned bare = speed("libcrypto.so.3");
  ASSERT_EQ(bare.exit_status, 0) << bare.err;
  EXPECT_EQ(StatusOf(json::parse(bare.out), "MD5"), "ok");
  // "./name" still asks for the local file: this one crashes as it loads.
  const Spawned local = speed("./libcrypto.so.3");
  EXPECT_EQ(local.exit_status, 1) << local.err;
  ASSERT_FALSE(local.out.empty()) << local.err;
  EXPECT_EQ(StatusOf(json::parse(local.out), "MD5"), "crashed");
}

TEST(HardeningLibraryTest, ALibThatIsNotARegularFileIsRefusedAtOnce) {
  TempDir dir;
  const std::string fifo = dir / "libcrypto.fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& lib : {fifo, dir.path().string(), std::string("/dev/null")}) {
    const Spawned r = Cryptobench({"speed", "md5", "--lib", lib});
    EXPECT_EQ(r.exit_status, 2) << lib << ": " << r.err;
    EXPECT_NE(r.err.find("not a shared library file"), std::string::npos) << r.err;
    EXPECT_EQ(Lines(r.err), 1u) << r.err;
    EXPECT_LT(r.seconds, 10) << lib;
  }
  const Spawned compare = Cryptobench({"compare", "--lib", "a=" + fifo, "--lib", "b=" + fifo});
  EXPECT_EQ(compare.exit_status, 2) << compare.err;
}

// ----- 5: no terminal injection from a result file ------------------------------------------

bool HasRawControl(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
      return true;
    }
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      return true;
    }
  }
  return false;
}

// The golden speed result with escape sequences in the strings a result file carries.
json HostileResult() {
  json doc = json::parse(ReadFile(kData + "/golden/speed.json"));
  doc["library"]["version"] =
      "OpenSSL 3.0.13 \x1b]0;owned\x07\x1b[2J\xc2\x9b"
      "2J";
  doc["machine"]["cpu_model"] = "Xeon\x1b]52;c;ZWNobyBvd25lZA==\x07\nAES-128-GCM: accelerated";
  doc["library"]["worker_env"]["OPENSSL_ia32cap"] = "~0x200000000000000\x1b[1A";
  doc["library"]["cflags"] = "compiler: gcc \u202e-O3\u202c";
  return doc;
}

TEST(HardeningTerminalTest, EscapeSequencesInAResultFileAreNotPrinted) {
  TempDir dir;
  const std::string a = dir / "a.json";
  const std::string b = dir / "b.json";
  WriteFile(a, HostileResult().dump(2));
  WriteFile(b, HostileResult().dump());
  const std::vector<std::vector<std::string>> cases = {
      {"doctor", "--from", a},
      {"doctor", "--from", a, "--format", "markdown"},
      {"doctor", "--from", a, "--format", "json"},
      {"compare", a, b},
      {"compare", a, b, "--format", "markdown"},
      {"compare", a, b, "--format", "json"},
  };
  for (const auto& args : cases) {
    const Spawned r = Cryptobench(args);
    EXPECT_LE(r.exit_status, 1) << r.err;
    EXPECT_FALSE(r.out.empty()) << r.err;
    EXPECT_FALSE(HasRawControl(r.out)) << args[0] << " " << args.back() << "\n" << r.out;
    EXPECT_FALSE(HasRawControl(r.err)) << r.err;
    EXPECT_EQ(r.out.find("\nAES-128-GCM: accelerated"), std::string::npos) << r.out;
  }
  // An error that quotes the file's text is one safe line too.
  json bad = HostileResult();
  bad["algorithms"][0]["cells"][0]["status"] = "ok\x1b]0;x\x07\nforged";
  WriteFile(a, bad.dump());
  const Spawned r = Cryptobench({"doctor", "--from", a});
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_EQ(Lines(r.err), 1u) << r.err;
  EXPECT_FALSE(HasRawControl(r.err)) << r.err;
}

// ----- 6: workers die with their parent ------------------------------------------------------

// The pids whose parent is `parent`.
std::vector<pid_t> ChildrenOf(pid_t parent) {
  std::vector<pid_t> children;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) {
      continue;
    }
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    std::getline(stat, line);
    const size_t close_paren = line.rfind(')');
    if (close_paren == std::string::npos) {
      continue;
    }
    std::istringstream fields(line.substr(close_paren + 2));
    char state = 0;
    pid_t ppid = 0;
    fields >> state >> ppid;
    if (ppid == parent) {
      children.push_back(static_cast<pid_t>(std::stol(name)));
    }
  }
  return children;
}

// True once `pid` has ended (gone, or a zombie nobody reaped yet).
bool Ended(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) {
    return true;
  }
  const size_t close_paren = line.rfind(')');
  return close_paren != std::string::npos && close_paren + 2 < line.size() &&
         (line[close_paren + 2] == 'Z' || line[close_paren + 2] == 'X');
}

TEST(HardeningWorkerTest, WorkersDieWithTheirParent) {
  for (const int signal_number : {SIGINT, SIGTERM, SIGKILL}) {
    TempDir dir;
    SpawnOptions options;
    // A worker hung for good (as inside a library) and a long silence limit: only the parent's
    // death can end it.
    const auto started = std::chrono::steady_clock::now();
    const pid_t parent = Start({kBinary, "speed", "md5", "--bytes", "64", "--test-fault", "hang",
                                "--worker-timeout", "600", "--no-progress"},
                               options, dir.path().string());
    // The probe's worker comes and goes; the hung one stays: wait until one has stayed 1 s.
    std::vector<pid_t> workers;
    auto stable_since = std::chrono::steady_clock::now();
    for (int i = 0; i < 1000; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      const std::vector<pid_t> now = ChildrenOf(parent);
      if (now != workers || now.empty()) {
        workers = now;
        stable_since = std::chrono::steady_clock::now();
      } else if (std::chrono::steady_clock::now() - stable_since > std::chrono::seconds(1)) {
        break;
      }
    }
    ASSERT_FALSE(workers.empty()) << "no worker started";
    kill(parent, signal_number);  // the parent alone, not its group
    options.kill_after = 30;
    const Spawned r = Wait(parent, options, dir.path().string(), started);
    if (signal_number == SIGKILL) {
      EXPECT_EQ(r.signal, signal_number) << r.err;
    } else {
      // speed stops at a first SIGINT or SIGTERM and reports what it measured (nothing here):
      // exit status 128 + the signal (docs/formats.md, partial runs).
      EXPECT_EQ(r.exit_status, 128 + signal_number) << r.err;
    }
    for (pid_t worker : workers) {
      bool ended = false;
      for (int i = 0; i < 250 && !ended; ++i) {
        ended = Ended(worker);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
      EXPECT_TRUE(ended) << "worker " << worker << " outlived its parent (signal " << signal_number
                         << ")";
      if (!ended) {
        kill(worker, SIGKILL);
      }
    }
  }
}

TEST(HardeningWorkerTest, AWorkerStopsWhenItsProtocolPipeBreaks) {
  int to_worker[2];
  int from_worker[2];
  ASSERT_EQ(pipe(to_worker), 0);
  ASSERT_EQ(pipe(from_worker), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(to_worker[0], 0);
    dup2(from_worker[1], 1);
    close(to_worker[1]);
    close(from_worker[0]);
    execl(kBinary.c_str(), kBinary.c_str(), "__worker", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(to_worker[0]);
  close(from_worker[1]);
  // One cell sampled for 60 s.
  const std::string job =
      R"({"kind":"measure","backend":"openssl","library_path":"","algorithm":"MD5",)"
      R"("cells":[{"operation":"hash","input_len":64}],"sampler":{"precision":0,)"
      R"("max_seconds":60,"min_samples":5,"max_samples":100000000,)"
      R"("target_sample_seconds":0.003,"warmup_seconds":0.02,"confidence":0.95},)"
      R"("synchronized":false,"window_seconds":0,"test_fault":""})"
      "\n";
  ASSERT_EQ(write(to_worker[1], job.data(), job.size()), static_cast<ssize_t>(job.size()));
  char first[256];
  ASSERT_GT(read(from_worker[0], first, sizeof first), 0);  // "kat": it is running
  const auto closed = std::chrono::steady_clock::now();
  close(from_worker[0]);  // the parent's end of the protocol pipe: gone
  int status = 0;
  bool ended = false;
  while (!ended && std::chrono::steady_clock::now() - closed < std::chrono::seconds(20)) {
    ended = waitpid(pid, &status, WNOHANG) == pid;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!ended) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  close(to_worker[1]);
  EXPECT_TRUE(ended) << "the worker kept sampling with nobody to read its results";
}

// ----- 7: a fault at any stage costs its algorithm only ---------------------------------------

// `speed` of MD5 (a digest: the fake's timed-loop fault hits it) and AES-128-CBC (no digest
// call), with the fake library misbehaving as `fault` says.
Spawned SpeedWithFault(const std::string& fault, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {
      "speed",         "md5",          "sha256",      "aes-128-cbc",
      "--bytes",       "64",           "--format",    "json",
      "--lib",         kFakeLibcrypto, "--env",       "CRYPTOBENCH_FAKE_FAULT=" + fault,
      "--max-seconds", "0.05",         "--precision", "0.2",
      "--no-progress"};
  args.insert(args.end(), extra.begin(), extra.end());
  SpawnOptions options;
  options.kill_after = 120;
#ifndef CRYPTOBENCH_TEST_ASAN
  options.address_space = size_t{4} << 30;  // a flood must not take the machine's memory
#endif
  return Cryptobench(args, options);
}

TEST(HardeningFaultTest, AFaultWhileLoadingIsReportedForEveryAlgorithm) {
  if (!HaveFakeLibrary()) {
    GTEST_SKIP() << "no fake library in this build (or AddressSanitizer)";
  }
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"crash:load", "crashed"}, {"abort:load", "crashed"}, {"exit:load", "error"},
      {"flood:load", "error"},   {"hang:load", "timeout"},
  };
  for (const auto& [fault, status] : cases) {
    const Spawned r = SpeedWithFault(fault, {"--worker-timeout", "2"});
    EXPECT_EQ(r.exit_status, 1) << fault << ": " << r.err;
    ASSERT_FALSE(r.out.empty()) << fault << ": no report; " << r.err;
    const json doc = json::parse(r.out);
    for (const std::string algorithm : {"MD5", "SHA-256", "AES-128-CBC"}) {
      EXPECT_EQ(StatusOf(doc, algorithm), status) << fault << " " << algorithm;
    }
  }
}

TEST(HardeningFaultTest, AFaultWhileProbingCostsThatAlgorithmOnly) {
  if (!HaveFakeLibrary()) {
    GTEST_SKIP() << "no fake library in this build (or AddressSanitizer)";
  }
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"crash:probe", "crashed"}, {"abort:probe", "crashed"}, {"exit:probe", "error"},
      {"flood:probe", "error"},   {"hang:probe", "timeout"},
  };
  for (const auto& [fault, status] : cases) {
    const Spawned r = SpeedWithFault(fault, {"--worker-timeout", "2"});
    EXPECT_EQ(r.exit_status, 1) << fault << ": " << r.err;
    ASSERT_FALSE(r.out.empty()) << fault << ": no report; " << r.err;
    const json doc = json::parse(r.out);
    EXPECT_EQ(StatusOf(doc, "SHA-256"), status) << fault;
    EXPECT_EQ(StatusOf(doc, "MD5"), "ok") << fault;
    EXPECT_EQ(StatusOf(doc, "AES-128-CBC"), "ok") << fault;
    EXPECT_LT(r.max_rss_kib, 512 * 1024) << fault;
  }
}

TEST(HardeningFaultTest, AFaultInTheTimedLoopCostsThatAlgorithmOnly) {
  if (!HaveFakeLibrary()) {
    GTEST_SKIP() << "no fake library in this build (or AddressSanitizer)";
  }
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"crash:timed", "crashed"}, {"abort:timed", "crashed"}, {"exit:timed", "error"},
      {"flood:timed", "error"},   {"hang:timed", "timeout"},
  };
  for (const auto& [fault, status] : cases) {
    const Spawned r = SpeedWithFault(fault, {"--worker-timeout", "2"});
    EXPECT_EQ(r.exit_status, 1) << fault << ": " << r.err;
    ASSERT_FALSE(r.out.empty()) << fault << ": no report; " << r.err;
    const json doc = json::parse(r.out);
    EXPECT_EQ(StatusOf(doc, "MD5"), status) << fault;
    EXPECT_EQ(StatusOf(doc, "AES-128-CBC"), "ok") << fault;
    EXPECT_LT(r.max_rss_kib, 512 * 1024) << fault;
  }
}

TEST(HardeningFaultTest, TestFaultsWhileProbingAreContainedToo) {
  // The same containment through the worker's own test faults, which also run under
  // AddressSanitizer (the fake library cannot).
  for (const std::string fault : {"probe-crash", "probe-hang", "flood"}) {
    const std::string target = fault == "flood" ? "MD5" : "SHA-256";
    const Spawned r = Cryptobench({"speed", "md5", "sha256", "--bytes", "64", "--format", "json",
                                   "--test-fault", fault + ":" + target, "--worker-timeout", "2",
                                   "--max-seconds", "0.05", "--precision", "0.2", "--no-progress"});
    EXPECT_EQ(r.exit_status, 1) << fault << ": " << r.err;
    ASSERT_FALSE(r.out.empty()) << fault << ": no report; " << r.err;
    const json doc = json::parse(r.out);
    EXPECT_NE(StatusOf(doc, target), "ok") << fault;
    EXPECT_EQ(StatusOf(doc, target == "MD5" ? "SHA-256" : "MD5"), "ok") << fault;
  }
}

TEST(HardeningFaultTest, ProgressKeepsALongCellAliveBeyondTheSilenceLimit) {
  // 3 s of sampling with a 1.5 s silence limit: only the worker's progress messages keep it.
  const Spawned r =
      Cryptobench({"speed", "md5", "--bytes", "64", "--format", "json", "--max-seconds", "3",
                   "--precision", "0", "--worker-timeout", "1.5", "--no-progress"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(StatusOf(json::parse(r.out), "MD5"), "ok");
}

TEST(HardeningFaultTest, AHungWorkerIsFoundWithin30SecondsAtAnyBudget) {
  if (!HaveFakeLibrary()) {
    GTEST_SKIP() << "no fake library in this build (or AddressSanitizer)";
  }
  // The default silence limit at the largest budget: before, 20 s + 4 x 3600 s.
  const Spawned r = Cryptobench({"speed", "md5", "--bytes", "64", "--format", "json", "--lib",
                                 kFakeLibcrypto, "--env", "CRYPTOBENCH_FAKE_FAULT=hang:timed",
                                 "--max-seconds", "3600", "--precision", "0", "--no-progress"});
  EXPECT_EQ(r.exit_status, 1) << r.err;
  ASSERT_FALSE(r.out.empty()) << r.err;
  EXPECT_EQ(StatusOf(json::parse(r.out), "MD5"), "timeout");
  EXPECT_LT(r.seconds, 30);
  std::printf("hung worker at --max-seconds 3600 detected after %.1f s\n", r.seconds);
}

// ----- 12: a worker's leak is seen ---------------------------------------------------------

TEST(HardeningWorkerTest, ALeakInAWorkerFailsItsCellsInTheSanitizerBuild) {
#ifndef CRYPTOBENCH_TEST_ASAN
  GTEST_SKIP() << "LeakSanitizer runs in the AddressSanitizer build only";
#else
  const Spawned r =
      Cryptobench({"speed", "md5", "sha1", "--bytes", "64", "--format", "json", "--test-fault",
                   "leak:MD5", "--max-seconds", "0.05", "--precision", "0.2", "--no-progress"});
  EXPECT_EQ(r.exit_status, 1) << r.err;
  ASSERT_FALSE(r.out.empty()) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_NE(StatusOf(doc, "MD5"), "ok");
  EXPECT_EQ(StatusOf(doc, "SHA-1"), "ok");
  EXPECT_NE(r.err.find("LeakSanitizer"), std::string::npos) << r.err;
#endif
}

// ----- 8: nonsense figures ------------------------------------------------------------------

TEST(HardeningFiguresTest, NonsenseFiguresInAResultFileAreRefused) {
  TempDir dir;
  const json base = json::parse(ReadFile(kData + "/golden/speed.json"));
  const auto with = [&](const std::function<void(json&)>& change) {
    json doc = base;
    change(doc);
    return doc;
  };
  ASSERT_TRUE(base.at("algorithms")[0].at("cells")[0].at("figures").contains("bytes_per_s"));
  const std::vector<std::pair<std::string, json>> cases = {
      {"1e300 MB/s", with([](json& d) {
         d["algorithms"][0]["cells"][0]["figures"]["bytes_per_s"]["value"] = 1e300;
       })},
      {"negative throughput",
       with([](json& d) { d["algorithms"][0]["cells"][0]["figures"]["ops_per_s"]["value"] = -5; })},
      {"negative wall_ns", with([](json& d) {
         d["algorithms"][0]["cells"][0]["workers"][0]["samples"][0]["wall_ns"] = -1;
       })},
      {"threads -1", with([](json& d) { d["method"]["threads"] = -1; })},
      {"confidence 2", with([](json& d) { d["method"]["confidence"] = 2; })},
      {"ci confidence 2",
       with([](json& d) { d["algorithms"][0]["cells"][0]["figures"]["confidence"] = 2; })},
      {"CI above its value", with([](json& d) {
         d["algorithms"][0]["cells"][0]["figures"]["ops_per_s"]["ci_low"] = 1e15;
       })},
  };
  for (const auto& [what, doc] : cases) {
    const std::string path = dir / "bad.json";
    WriteFile(path, doc.dump());
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"doctor", "--from", path}, {"compare", path, path + "x"}}) {
      if (args[0] == "compare") {
        fs::copy_file(path, path + "x", fs::copy_options::overwrite_existing);
      }
      const Spawned r = Cryptobench(args);
      EXPECT_EQ(r.exit_status, 2) << what << " (" << args[0] << "): " << r.err << r.out;
      EXPECT_EQ(Lines(r.err), 1u) << what << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << what;
    }
  }
}

// ----- 9: an empty value is no value ----------------------------------------------------------

TEST(HardeningOptionsTest, EmptyValuesAreRefused) {
  TempDir dir;
  const std::string fixture = kData + "/fixtures/import/openssl-3.0-cpuinfo.txt";
  const std::vector<std::vector<std::string>> cases = {
      {"speed", "md5", "--bytes", ""},
      {"speed", "md5", "--output", ""},
      {"speed", "md5", "--format", ""},
      {"speed", "md5", "--max-seconds", ""},
      {"speed", "md5", "--env", ""},
      {"import", fixture, "--output", ""},
      {"compare", fixture, kData + "/fixtures/import/openssl-1.1.1-evp.txt", "--threshold", ""},
      {"doctor", "--from", fixture, "--output", ""},
      {"doctor", "--from", ""},
  };
  for (const auto& args : cases) {
    const Spawned r = Cryptobench(args);
    EXPECT_EQ(r.exit_status, 2) << args[0] << " " << args[args.size() - 2] << ": " << r.err;
    EXPECT_EQ(Lines(r.err), 1u) << r.err;
    EXPECT_TRUE(r.out.empty()) << args[args.size() - 2] << ": " << r.out.substr(0, 200);
  }
}

// ----- 11: no temporary file left by a signal -----------------------------------------------

TEST(HardeningOutputTest, AFileSizeLimitLeavesNoTemporaryFile) {
  TempDir dir;
  SpawnOptions options;
  options.file_size = 4096;  // ulimit -f 4: the report is larger
  const std::string out = dir / "report.json";
  const Spawned r = Cryptobench(
      {"import", kData + "/fixtures/import/openssl-3.0-cpuinfo.txt", "--output", out}, options);
  EXPECT_EQ(r.signal, SIGXFSZ) << r.exit_status << " " << r.err;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir.path())) {
    ADD_FAILURE() << "left behind: " << entry.path();
  }
}

}  // namespace
}  // namespace cryptobench::testing
