#include "cli/options.h"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "core/errors.h"
#include "core/fatal_signals.h"

namespace cryptobench::cli {
namespace {

// Ctrl-C during a measurement: the progress line is erased before the process ends by SIGINT,
// so the shell's prompt starts on a clean line.
TEST(OptionsTest, AFatalSignalErasesTheProgressLine) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], STDERR_FILENO);
    std::signal(SIGINT, SIG_DFL);  // as an interactive shell starts it
    core::InstallFatalSignalCleanup();
    ShowProgressLine("[1/2] AES-128-GCM ...");
    std::raise(SIGINT);
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  char buffer[256];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) {
    text.append(buffer, static_cast<size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << status;
  EXPECT_EQ(WTERMSIG(status), SIGINT);
  EXPECT_EQ(text, "\r\033[K[1/2] AES-128-GCM ...\r\033[K");
}

TEST(OptionsTest, InputSizes) {
  EXPECT_EQ(ParseInputSizes("16,64"), (std::vector<uint64_t>{16, 64}));
  EXPECT_EQ(ParseInputSizes(" 16 , 1k,16K,16"), (std::vector<uint64_t>{16, 1024, 16384}));
  for (const char* bad : {"", "0", "16,", "abc", "-16", "16.5", "2000000000", "1,,2"}) {
    EXPECT_THROW(ParseInputSizes(bad), UsageError) << bad;
  }
}

TEST(OptionsTest, Precision) {
  EXPECT_DOUBLE_EQ(ParsePrecision("0.01"), 0.01);
  EXPECT_DOUBLE_EQ(ParsePrecision("2%"), 0.02);
  EXPECT_DOUBLE_EQ(ParsePrecision("0"), 0.0);
  for (const char* bad : {"", "1", "-0.1", "x", "1%%", "nan", "60%"}) {
    EXPECT_THROW(ParsePrecision(bad), UsageError) << bad;
  }
}

TEST(OptionsTest, ThreadsAndSeconds) {
  EXPECT_EQ(ParseThreads("4"), 4);
  for (const char* bad : {"0", "-1", "1.5", "x", "", "100000"}) {
    EXPECT_THROW(ParseThreads(bad), UsageError) << bad;
  }
  EXPECT_EQ(ParseThreadList("2"), std::vector<int>{2});
  EXPECT_EQ(ParseThreadList("1,2,4"), (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(ParseThreadList(" 1, 2"), (std::vector<int>{1, 2}));
  for (const char* bad : {"2,4", "1,1", "1,4,2", "1,", ",1", "1,,2", "1,0", "1,2000", "0"}) {
    EXPECT_THROW(ParseThreadList(bad), UsageError) << bad;
  }
  // Up to 4 workers per online CPU (a sweep past the CPUs shows oversubscription); beyond it
  // refused, where it only warned (new-user tryout: --threads 1000 on 2 CPUs).
  EXPECT_NO_THROW(CheckThreadsFitCpus({1, 2, 4, 8}, 2));
  EXPECT_NO_THROW(CheckThreadsFitCpus({1000}, 0));  // online CPUs unknown
  try {
    CheckThreadsFitCpus({1000}, 2);
    ADD_FAILURE() << "expected UsageError";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "--threads 1000: at most 8 workers here (4 per online CPU, 2 online): beyond that "
              "the workers mostly wait for a core and the aggregate says little");
  }
  EXPECT_THROW(CheckThreadsFitCpus({1, 9}, 2), UsageError);
  EXPECT_DOUBLE_EQ(ParseMaxSeconds("0.25"), 0.25);
  for (const char* bad : {"0", "-1", "x", "inf", "5000"}) {
    EXPECT_THROW(ParseMaxSeconds(bad), UsageError) << bad;
  }
}

TEST(OptionsTest, EnvAssignments) {
#if defined(__aarch64__)
  auto env = ParseEnvAssignments({"OPENSSL_armcap=0xf9", "A_B=x=y"});
  EXPECT_EQ(env.at("OPENSSL_armcap"), "0xf9");
  EXPECT_THROW(ParseEnvAssignments({"OPENSSL_ia32cap=~0x200000000000000:~0"}), UsageError);
#else
  auto env = ParseEnvAssignments({"OPENSSL_ia32cap=~0x200000000000000:~0", "A_B=x=y"});
  EXPECT_EQ(env.at("OPENSSL_ia32cap"), "~0x200000000000000:~0");
  // The other architecture's variable would have no effect: refused, naming the right one.
  EXPECT_THROW(ParseEnvAssignments({"OPENSSL_armcap=0xf9"}), UsageError);
#endif
  EXPECT_EQ(env.at("A_B"), "x=y");
  EXPECT_THROW(ParseEnvAssignments({"NOVALUE"}), UsageError);
  EXPECT_THROW(ParseEnvAssignments({"=x"}), UsageError);
  // An OPENSSL_ia32cap value must parse: a tilde the shell expanded, or garbage, is refused.
  EXPECT_THROW(ParseEnvAssignments({"OPENSSL_ia32cap=~0x200000000000000:/root"}), UsageError);
  EXPECT_THROW(ParseEnvAssignments({"OPENSSL_ia32cap=garbage"}), UsageError);
  EXPECT_NO_THROW(ParseEnvAssignments({"BOTAN_CLEAR_CPUID=aes_ni/x"}));  // other variables: as is
  EXPECT_THROW(ParseEnvAssignments({"1A=x"}), UsageError);
}

TEST(OptionsTest, ResolveAlgorithmsSuggestsCloseNames) {
  auto algs = ResolveAlgorithms({"aes128", "AES-128-CBC", "sha256"});
  ASSERT_EQ(algs.size(), 2u);
  EXPECT_EQ(algs[0]->name, "AES-128-CBC");
  EXPECT_EQ(algs[1]->name, "SHA-256");
  try {
    ResolveAlgorithms({"aes-129-cbc"});
    FAIL() << "expected UsageError";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("aes-129-cbc"), std::string::npos) << message;
    EXPECT_NE(message.find("AES-128-CBC"), std::string::npos) << message;
  }
}

TEST(OptionsTest, ResolveBackends) {
  const auto openssl = ResolveBackends("openssl");
  ASSERT_EQ(openssl.size(), 1u);
  EXPECT_EQ(openssl[0]->name, "openssl");
  // Case-insensitive, duplicates dropped, order kept.
  EXPECT_EQ(ResolveBackends("OpenSSL,openssl").size(), 1u);
  EXPECT_EQ(ResolveBackends(" openssl , OPENSSL ").size(), 1u);  // spaces around names
  EXPECT_TRUE(IsAllBackends(" All "));
  const auto all = ResolveBackends("all");
  ASSERT_EQ(all.size(), backends::CompiledBackends().size());
  EXPECT_EQ(all[0], &backends::CompiledBackends()[0]);
  for (const char* bad : {"nosuchlib", "openssl,", "", "openssl,,openssl"}) {
    try {
      ResolveBackends(bad);
      FAIL() << "expected UsageError for '" << bad << "'";
    } catch (const UsageError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("compiled in: openssl"), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST(OptionsTest, LibraryOptionsGoToTheBackendsLoadedByPath) {
  const auto openssl = ResolveBackends("openssl");
  const backends::BackendDescriptor& ossl = *openssl.front();
  EXPECT_FALSE(ParseLibraryOptions({}, openssl).given());
  EXPECT_EQ(ParseLibraryOptions({}, openssl).For(ossl), "");  // the backend's own default
  EXPECT_EQ(ParseLibraryOptions({"/opt/ssl/libcrypto.so.3"}, openssl).For(ossl),
            "/opt/ssl/libcrypto.so.3");
  EXPECT_EQ(ParseLibraryOptions({"OpenSSL=/x/libcrypto.so"}, openssl).For(ossl), "/x/libcrypto.so");
  // A path with '=' whose prefix names no backend is a path.
  EXPECT_EQ(ParseLibraryOptions({"/a=b/libcrypto.so"}, openssl).For(ossl), "/a=b/libcrypto.so");
  // A name that is no backend, before '=', is a typo, not a path (unless such a file exists).
  try {
    ParseLibraryOptions({"opensl=/x/libcrypto.so"}, openssl);
    ADD_FAILURE() << "accepted an unknown backend name";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown backend 'opensl'"), std::string::npos)
        << e.what();
  }
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
           {""}, {"a.so", "b.so"}, {"openssl=a.so", "openssl=b.so"}, {"openssl="}}) {
    EXPECT_THROW(ParseLibraryOptions(bad, openssl), UsageError) << bad.front();
  }
  if (backends::FindBackend("boringssl") != nullptr) {
    const auto both = ResolveBackends("openssl,boringssl");
    const LibraryChoice choice = ParseLibraryOptions({"a.so", "boringssl=/b/libcrypto.so"}, both);
    EXPECT_EQ(choice.For(*both[0]), "a.so");
    EXPECT_EQ(choice.For(*both[1]), "/b/libcrypto.so");
    EXPECT_THROW(ParseLibraryOptions({"boringssl=/b.so"}, openssl), UsageError);  // not selected
  }
  if (const backends::BackendDescriptor* sodium = backends::FindBackend("sodium")) {
    const std::vector<const backends::BackendDescriptor*> linked = {sodium};
    EXPECT_THROW(ParseLibraryOptions({"a.so"}, linked), UsageError);
    EXPECT_THROW(ParseLibraryOptions({"sodium=a.so"}, ResolveBackends("openssl,sodium")),
                 UsageError);
    EXPECT_EQ(ParseLibraryOptions({"a.so"}, ResolveBackends("openssl,sodium")).For(*sodium), "");
  }
}

TEST(OptionsTest, SessionBackendsKeepTheOrderAndSayWhoseLibraryWasNamed) {
  const auto openssl = ResolveBackends("openssl");
  std::vector<app::SessionBackend> session =
      SessionBackends(openssl, ParseLibraryOptions({"/opt/ssl/libcrypto.so.3"}, openssl));
  ASSERT_EQ(session.size(), 1U);
  EXPECT_EQ(session[0].descriptor, openssl.front());
  EXPECT_EQ(session[0].library_path, "/opt/ssl/libcrypto.so.3");
  EXPECT_FALSE(session[0].own_library);  // a bare path: under "all" it may be left out
  session = SessionBackends(openssl, ParseLibraryOptions({"openssl=/x/libcrypto.so"}, openssl));
  ASSERT_EQ(session.size(), 1U);
  EXPECT_EQ(session[0].library_path, "/x/libcrypto.so");
  EXPECT_TRUE(session[0].own_library);
  if (const backends::BackendDescriptor* sodium = backends::FindBackend("sodium")) {
    const auto two = ResolveBackends("sodium,openssl");
    session = SessionBackends(two, ParseLibraryOptions({"openssl=/x/libcrypto.so"}, two));
    ASSERT_EQ(session.size(), 2U);
    EXPECT_EQ(session[0].descriptor, sodium);
    EXPECT_EQ(session[0].library_path, "");  // linked in: takes no path
    EXPECT_FALSE(session[0].own_library);
    EXPECT_TRUE(session[1].own_library);
  }
}

TEST(OptionsTest, TestFaultSplitsAtTheFirstColon) {
  std::string kind = "keep";
  std::string algorithm = "keep";
  SplitTestFault("", kind, algorithm);
  EXPECT_EQ(kind, "keep");
  EXPECT_EQ(algorithm, "keep");
  kind.clear();
  algorithm.clear();
  SplitTestFault("crash", kind, algorithm);
  EXPECT_EQ(kind, "crash");
  EXPECT_EQ(algorithm, "");
  SplitTestFault("hang:AES-128-GCM", kind, algorithm);
  EXPECT_EQ(kind, "hang");
  EXPECT_EQ(algorithm, "AES-128-GCM");
  SplitTestFault("exit:a:b", kind, algorithm);
  EXPECT_EQ(kind, "exit");
  EXPECT_EQ(algorithm, "a:b");
}

TEST(OptionsTest, ABareLibraryNameIsASonameNeverALocalFile) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("cryptobench_lib_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path previous = fs::current_path();
  fs::current_path(dir);
  std::ofstream(dir / "libcrypto.so.3") << "planted";
  EXPECT_EQ(ResolveLibraryPath("libcrypto.so.3", true), "libcrypto.so.3");
  EXPECT_EQ(ResolveLibraryPath("./libcrypto.so.3", true), "./libcrypto.so.3");
  EXPECT_EQ(ResolveLibraryPath("", false), "libcrypto.so.3");  // the default soname
  ASSERT_EQ(mkfifo((dir / "fifo.so").c_str(), 0600), 0);
  for (const std::string& bad : {std::string("./fifo.so"), (dir / "fifo.so").string(), dir.string(),
                                 std::string("/dev/null")}) {
    try {
      ResolveLibraryPath(bad, true);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("not a shared library file"), std::string::npos)
          << e.what();
    }
  }
  fs::current_path(previous);
  fs::remove_all(dir);
}

TEST(OptionsTest, ALibraryForAnotherArchitectureIsRefusedByName) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("cryptobench_arch_" + std::to_string(getpid()));
  fs::create_directories(dir);
  // ELF64 little-endian ET_DYN headers; e_machine 62 (EM_X86_64) and 183 (EM_AARCH64).
  const auto write_header = [&](const std::string& name, uint8_t machine) {
    const char header[20] = {
        0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, static_cast<char>(machine),
        0};
    std::ofstream(dir / name, std::ios::binary).write(header, sizeof header);
    return (dir / name).string();
  };
  const std::string x86 = write_header("x86.so", 62);
  const std::string arm = write_header("arm.so", 183);
#if defined(__x86_64__)
  const std::string& own = x86;
  const std::string& other = arm;
  const std::string other_name = "aarch64";
#elif defined(__aarch64__)
  const std::string& own = arm;
  const std::string& other = x86;
  const std::string other_name = "x86_64";
#else
  GTEST_SKIP() << "no ELF target known for this architecture";
#endif
  EXPECT_EQ(ResolveLibraryPath(own, true), own);  // dlopen is left to judge the rest
  try {
    ResolveLibraryPath(other, true);
    ADD_FAILURE() << "accepted " << other;
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("is built for " + other_name), std::string::npos)
        << e.what();
  }
  fs::remove_all(dir);
}

TEST(OptionsTest, OutputMayNotBeAnInput) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("cryptobench_out_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string input = (dir / "in.txt").string();
  std::ofstream(input) << "x";
  fs::create_hard_link(input, dir / "hard.txt");
  fs::create_symlink(input, dir / "soft.txt");
  for (const std::string& same : {input, (dir / "." / "in.txt").string(),
                                  (dir / "hard.txt").string(), (dir / "soft.txt").string()}) {
    EXPECT_THROW(CheckOutputIsNotInput(same, {"-", input}), UsageError) << same;
  }
  EXPECT_NO_THROW(CheckOutputIsNotInput((dir / "new.txt").string(), {input}));
  EXPECT_NO_THROW(CheckOutputIsNotInput("/dev/null", {input, "-"}));
  // `import - --output in.txt < in.txt`: standard input is that file.
  const int saved_stdin = dup(STDIN_FILENO);
  const int file = open(input.c_str(), O_RDONLY);
  ASSERT_GE(file, 0);
  ASSERT_EQ(dup2(file, STDIN_FILENO), STDIN_FILENO);
  EXPECT_THROW(CheckOutputIsNotInput(input, {"-"}), UsageError);
  EXPECT_NO_THROW(CheckOutputIsNotInput((dir / "other.txt").string(), {"-"}));
  dup2(saved_stdin, STDIN_FILENO);
  close(saved_stdin);
  close(file);
  fs::remove_all(dir);
}

// `report s.json ./s.json` would show one run twice, as if measured twice.
TEST(OptionsTest, AnInputGivenTwiceIsRefused) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("cryptobench_in2_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string input = (dir / "in.json").string();
  std::ofstream(input) << "{}";
  std::ofstream(dir / "other.json") << "{}";
  fs::create_symlink(input, dir / "soft.json");
  for (const std::string& again :
       {input, (dir / "." / "in.json").string(), (dir / "soft.json").string()}) {
    EXPECT_THROW(CheckInputsAreDistinct({input, "-", again}), UsageError) << again;
  }
  EXPECT_NO_THROW(CheckInputsAreDistinct({input, (dir / "other.json").string(), "-", "-"}));
  EXPECT_NO_THROW(CheckInputsAreDistinct({input, (dir / "missing.json").string()}));
  fs::remove_all(dir);
}

TEST(OptionsTest, OutputsThroughADanglingLinkAreOneFile) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("cryptobench_dangling_" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::create_symlink("a.json", dir / "l.txt");  // a.json does not exist yet
  const std::vector<std::string> outputs = {(dir / "a.json").string(), (dir / "l.txt").string()};
  try {
    ResolveOutputFiles(report::Producer::kReport, "csv", outputs, {});
    ADD_FAILURE() << "two outputs through a dangling link were accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("name one file"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(
      ResolveOutputFiles(report::Producer::kReport, "csv", {(dir / "b.json").string()}, {}));
  fs::remove_all(dir);
}

// `-o -` reads as standard output, as `-` is standard input; writing a file called '-' instead
// left the terminal with a table and the cwd with a stray file. "./-" still names that file.
TEST(OptionsTest, OutputDashIsRefusedNotAFileCalledDash) {
  try {
    ResolveOutputFiles(report::Producer::kImport, "json", {"-"}, {});
    ADD_FAILURE() << "--output - was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--output '-': "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("without --output"), std::string::npos) << e.what();
  }
}

TEST(OptionsTest, OutputMayNotBeTheResultStore) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("cryptobench_store_out_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string database = (dir / "r.db").string();
  std::ofstream(database) << "SQLite format 3";
  std::ofstream(database + "-wal") << "wal";
  for (const std::string& store : {database, "sqlite:" + database}) {
    for (const std::string& output : {database, database + "-wal", (dir / "." / "r.db").string()}) {
      try {
        ResolveOutputFiles(report::Producer::kSpeed, "", {output}, {}, store);
        ADD_FAILURE() << "--output " << output << " over the store " << store;
      } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("result store"), std::string::npos) << e.what();
      }
    }
  }
  // Through CRYPTOBENCH_STORE when --store is not given.
  const char* saved = std::getenv("CRYPTOBENCH_STORE");
  const std::string saved_value = saved != nullptr ? saved : "";
  setenv("CRYPTOBENCH_STORE", database.c_str(), 1);
  EXPECT_THROW(ResolveOutputFiles(report::Producer::kReport, "", {database}, {}), UsageError);
  if (saved != nullptr) {
    setenv("CRYPTOBENCH_STORE", saved_value.c_str(), 1);
  } else {
    unsetenv("CRYPTOBENCH_STORE");
  }
  EXPECT_NO_THROW(ResolveOutputFiles(report::Producer::kSpeed, "", {(dir / "run.json").string()},
                                     {}, database));
  fs::remove_all(dir);
}

TEST(OptionsTest, ReadInputTextStopsAtTheLimit) {
  try {
    ReadInputText("/dev/zero", "cannot read '/dev/zero'");
    ADD_FAILURE() << "read /dev/zero";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("larger than 64 MiB"), std::string::npos) << e.what();
  }
  EXPECT_THROW(ReadInputText("/", "x"), UsageError);
  EXPECT_THROW(ReadInputText("/nonexistent/file", "x"), UsageError);
}

TEST(OptionsTest, WriteFileAtomically) {
  const auto dir = std::filesystem::temp_directory_path() / "cryptobench_options_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "out.txt").string();
  WriteFileAtomically(path, "first");
  WriteFileAtomically(path, "second");
  std::ifstream in(path);
  std::stringstream content;
  content << in.rdbuf();
  EXPECT_EQ(content.str(), "second");
  // No temporary files left behind.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                          std::filesystem::directory_iterator()),
            1);
  EXPECT_THROW(WriteFileAtomically((dir / "missing" / "x").string(), "x"), std::runtime_error);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace cryptobench::cli

namespace cryptobench::cli {
namespace {

TEST(OptionsTest, WriteFileAtomicallyKeepsLinksDevicesAndModes) {
  namespace fs = std::filesystem;
  const auto dir = fs::temp_directory_path() / "cryptobench_output_kinds_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  // A symlink: the file it points to is replaced, the link stays a link.
  const fs::path real = dir / "real.txt";
  const fs::path link = dir / "link.txt";
  WriteFileAtomically(real.string(), "old");
  fs::create_symlink(real, link);
  WriteFileAtomically(link.string(), "new");
  EXPECT_TRUE(fs::is_symlink(link));
  std::ifstream in(real);
  std::stringstream content;
  content << in.rdbuf();
  EXPECT_EQ(content.str(), "new");
  // An existing file keeps its permissions.
  fs::permissions(real, fs::perms::owner_read | fs::perms::owner_write);
  WriteFileAtomically(real.string(), "again");
  EXPECT_EQ(fs::status(real).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
  // A device is written into, never replaced by a regular file.
  if (fs::is_character_file("/dev/null")) {
    WriteFileAtomically("/dev/null", "discarded");
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace cryptobench::cli
