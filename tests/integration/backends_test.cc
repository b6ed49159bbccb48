// End-to-end tests of --backend and `list --backends`: several backends in one run and one
// document, unknown names, --lib where it does not apply, and an algorithm one backend lacks.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "backends/registry.h"

#include "integration/cli_runner.h"

namespace cryptobench::testing {
namespace {

using nlohmann::json;

std::vector<std::string> With(std::vector<std::string> args) {
  const std::vector<std::string> quick = QuickSpeedArgs();
  args.insert(args.end(), quick.begin(), quick.end());
  return args;
}

const json* FindAlgorithm(const json& run, const std::string& name) {
  for (const json& alg : run.at("algorithms")) {
    if (alg.at("algorithm") == name) {
      return &alg;
    }
  }
  return nullptr;
}

bool HaveSodium() { return backends::FindBackend("sodium") != nullptr; }

TEST(BackendsCliTest, UnknownBackendListsTheCompiledInOnes) {
  CliResult r = RunCryptobench({"speed", "--backend", "openssl,nosuchlib", "md5"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("unknown backend 'nosuchlib'"), std::string::npos) << r.err;
  for (const backends::BackendDescriptor& backend : backends::CompiledBackends()) {
    EXPECT_NE(r.err.find(std::string(backend.name)), std::string::npos) << r.err;
  }
}

TEST(BackendsCliTest, ListBackendsSaysWhatEachIsAndWhetherItWorksHere) {
  CliResult r = RunCryptobench({"list", "--backends", "--format", "json"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  ASSERT_EQ(doc.at("backends").size(), backends::CompiledBackends().size());
  const json& openssl = doc.at("backends")[0];
  EXPECT_EQ(openssl.at("name"), "openssl");
  EXPECT_TRUE(openssl.at("usable").get<bool>()) << openssl.dump();
  EXPECT_EQ(openssl.at("version").get<std::string>().rfind("OpenSSL ", 0), 0u);
  EXPECT_EQ(openssl.at("mask_variable"), "OPENSSL_ia32cap");
  for (const json& backend : doc.at("backends")) {
    // A backend that cannot be opened here says why, in one line.
    if (!backend.at("usable").get<bool>()) {
      const std::string reason = backend.at("reason");
      EXPECT_FALSE(reason.empty()) << backend.dump();
      EXPECT_EQ(reason.find('\n'), std::string::npos) << reason;
    }
    EXPECT_FALSE(backend.at("mask_note").get<std::string>().empty()) << backend.dump();
  }

  CliResult text = RunCryptobench({"list", "--backends"});
  ASSERT_EQ(text.exit_status, 0) << text.err;
  EXPECT_NE(text.out.find("openssl   OpenSSL libcrypto"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("CPU mask: OPENSSL_ia32cap: "), std::string::npos) << text.out;
  if (HaveSodium()) {
    EXPECT_NE(text.out.find("CPU mask: none: libsodium"), std::string::npos) << text.out;
  }
}

TEST(BackendsCliTest, TwoBackendsInOneJsonDocument) {
  if (!HaveSodium()) {
    GTEST_SKIP() << "the sodium backend is not compiled in";
  }
  CliResult r = RunCryptobench(
      With({"speed", "--backend", "openssl,sodium", "chacha20-poly1305", "aes-128-gcm",
            "xchacha20-poly1305", "--bytes", "16,1024", "--format", "json"}));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  EXPECT_EQ(doc.at("schema_version"), 1);
  ASSERT_EQ(doc.at("runs").size(), 2u);
  const json& openssl = doc.at("runs")[0];
  const json& sodium = doc.at("runs")[1];
  EXPECT_EQ(openssl.at("library").at("backend"), "openssl");
  EXPECT_EQ(sodium.at("library").at("backend"), "sodium");
  EXPECT_EQ(sodium.at("library").at("requested_path"), "");
  // Both measure ChaCha20-Poly1305 after passing its KAT.
  for (const json* run : {&openssl, &sodium}) {
    const json* chacha = FindAlgorithm(*run, "ChaCha20-Poly1305");
    ASSERT_NE(chacha, nullptr);
    EXPECT_EQ(chacha->at("kat").at("status"), "passed");
    for (const json& cell : chacha->at("cells")) {
      EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    }
  }
  // Each lacks one: libsodium has no AES-128-GCM, OpenSSL no XChaCha20-Poly1305.
  for (const auto& [run, name] :
       {std::pair{&sodium, "AES-128-GCM"}, std::pair{&openssl, "XChaCha20-Poly1305"}}) {
    const json* missing = FindAlgorithm(*run, name);
    ASSERT_NE(missing, nullptr) << name;
    EXPECT_FALSE(missing->at("supported").get<bool>()) << name;
    for (const json& cell : missing->at("cells")) {
      EXPECT_EQ(cell.at("status"), "unsupported") << cell.dump();
    }
  }
  const json* xchacha = FindAlgorithm(sodium, "XChaCha20-Poly1305");
  ASSERT_NE(xchacha, nullptr);
  EXPECT_EQ(xchacha->at("kat").at("status"), "passed");
  EXPECT_NE(xchacha->at("kat").at("source").get<std::string>().find("draft-irtf-cfrg-xchacha"),
            std::string::npos);
}

TEST(BackendsCliTest, TableAndCsvHaveARowPerBackend) {
  if (!HaveSodium()) {
    GTEST_SKIP() << "the sodium backend is not compiled in";
  }
  CliResult table =
      RunCryptobench(With({"speed", "--backend", "all", "sha512", "aes-128-gcm", "--bytes", "64"}));
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_NE(table.out.find("backend"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("\n  sodium "), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("sodium: unsupported by this library: AES-128-GCM"), std::string::npos)
      << table.out;

  CliResult csv = RunCryptobench(
      With({"speed", "--backend", "openssl,sodium", "sha512", "--bytes", "64", "--format", "csv"}));
  ASSERT_EQ(csv.exit_status, 0) << csv.err;
  EXPECT_EQ(csv.out.rfind("backend,algorithm,kind,operation,", 0), 0u) << csv.out;
  EXPECT_NE(csv.out.find("\nopenssl,SHA-512,hash,hash,64,ok,"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find("\nsodium,SHA-512,hash,hash,64,ok,"), std::string::npos) << csv.out;
}

TEST(BackendsCliTest, OneNonDefaultBackendIsAPlainRun) {
  if (!HaveSodium()) {
    GTEST_SKIP() << "the sodium backend is not compiled in";
  }
  CliResult r = RunCryptobench(
      With({"speed", "--backend", "sodium", "sha256", "--bytes", "64", "--format", "json"}));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = ParseJson(r);
  EXPECT_FALSE(doc.contains("runs"));
  EXPECT_EQ(doc.at("library").at("backend"), "sodium");
  EXPECT_NE(doc.at("library").at("loaded_path").get<std::string>().find("libsodium"),
            std::string::npos);

  CliResult list = RunCryptobench({"list", "--backend", "sodium", "--format", "json"});
  ASSERT_EQ(list.exit_status, 0) << list.err;
  const json catalogue = ParseJson(list);
  for (const json& alg : catalogue.at("algorithms")) {
    if (alg.at("name") == "XChaCha20-Poly1305" || alg.at("name") == "Ed25519") {
      EXPECT_TRUE(alg.at("supported").get<bool>()) << alg.dump();
    }
    if (alg.at("name") == "RSA-2048") {
      EXPECT_FALSE(alg.at("supported").get<bool>()) << alg.dump();
    }
  }
}

TEST(BackendsCliTest, OptionsThatCannotApplyExitTwo) {
  if (HaveSodium()) {
    CliResult lib = RunCryptobench({"speed", "--backend", "sodium", "--lib", "x.so", "md5"});
    EXPECT_EQ(lib.exit_status, 2);
    EXPECT_NE(lib.err.find("--lib applies to backends loaded by path"), std::string::npos)
        << lib.err;
    CliResult layout =
        RunCryptobench({"speed", "--backend", "openssl,sodium", "--format", "openssl", "sha256"});
    EXPECT_EQ(layout.exit_status, 2);
    EXPECT_NE(layout.err.find("holds one library"), std::string::npos) << layout.err;
    EXPECT_TRUE(layout.out.empty());
    CliResult other =
        RunCryptobench({"speed", "--backend", "sodium", "--format", "openssl", "sha256"});
    EXPECT_EQ(other.exit_status, 2);
    EXPECT_NE(other.err.find("describes OpenSSL"), std::string::npos) << other.err;
  }
  CliResult empty = RunCryptobench({"speed", "--backend", "", "md5"});
  EXPECT_EQ(empty.exit_status, 2) << empty.err;
}

TEST(BackendsCliTest, TheOpensslBackendRefusesBoringSsl) {
  // Debian's android-libboringssl: /usr/lib/<multiarch>/android/libcrypto.so.0.
  std::string boringssl;
  std::error_code ec;
  for (const auto& dir : std::filesystem::directory_iterator("/usr/lib", ec)) {
    for (const char* name : {"android/libcrypto.so.0", "android/libcrypto.so"}) {
      if (std::filesystem::exists(dir.path() / name, ec)) {
        boringssl = (dir.path() / name).string();
      }
    }
  }
  if (boringssl.empty()) {
    GTEST_SKIP() << "no android-libboringssl installed";
  }
  const CliResult r = RunCryptobench({"speed", "--lib", boringssl, "md5"});
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_NE(r.err.find("is BoringSSL, not OpenSSL: the boringssl backend reads it"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace cryptobench::testing
