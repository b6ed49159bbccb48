// The several-backends renderers (RenderBackends): a row per backend, the backend, version and
// implementation columns, "unsupported" in the row of a backend that lacks an algorithm, and the
// JSON and CSV layouts.
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "results/json.h"

namespace cryptobench::report {
namespace {

using results::AlgorithmResult;
using results::Cell;
using results::CellStatus;
using results::RunResult;

Cell Measured(const std::string& operation, uint64_t input_len, double ops_per_s) {
  Cell cell;
  cell.operation = operation;
  cell.input_len = input_len;
  results::WorkerSamples worker;
  for (int i = 0; i < 5; ++i) {
    const auto wall = static_cast<int64_t>(1000 / ops_per_s * 1e9);
    worker.samples.push_back({1000, wall, wall, wall, 0, static_cast<uint64_t>(wall * 3)});
  }
  worker.precision_reached = true;
  cell.workers.push_back(worker);
  return cell;
}

AlgorithmResult Aead(const std::string& name, double ops_16, double ops_16k) {
  AlgorithmResult alg;
  alg.algorithm = name;
  alg.kind = "aead";
  alg.cells = {Measured("encrypt", 16, ops_16), Measured("encrypt", 16384, ops_16k)};
  return alg;
}

AlgorithmResult Unsupported(const std::string& name, const std::string& reason) {
  AlgorithmResult alg;
  alg.algorithm = name;
  alg.kind = "aead";
  alg.supported = false;
  for (uint64_t len : {16u, 16384u}) {
    Cell cell;
    cell.operation = "encrypt";
    cell.input_len = len;
    cell.status = CellStatus::kUnsupported;
    cell.message = reason;
    alg.cells.push_back(cell);
  }
  return alg;
}

RunResult Run(const std::string& backend, const std::string& version) {
  RunResult run;
  run.source.tool_version = "0.1.0";
  run.created_utc = "2026-01-01T00:00:00Z";
  run.machine.cpu_model = "Test CPU";
  run.machine.online_cpus = 2;
  run.library.backend = backend;
  run.library.version = version;
  run.library.loaded_path = "/lib/lib" + backend + ".so";
  run.method.input_sizes = {16, 16384};
  return run;
}

// openssl measures both AEADs and Ed25519; sodium lacks AES-256-GCM here, and its ChaCha20
// row carries an implementation name.
std::vector<RunResult> TwoBackends() {
  RunResult openssl = Run("openssl", "OpenSSL 3.0.19 27 Jan 2026");
  openssl.library.capability_vector = "0x1:0x2";
  openssl.algorithms = {Aead("AES-256-GCM", 1e6, 2e5), Aead("ChaCha20-Poly1305", 5e5, 1e5)};
  AlgorithmResult ed;
  ed.algorithm = "Ed25519";
  ed.kind = "signature";
  ed.cells = {Measured("sign", 32, 20000)};
  openssl.algorithms.push_back(ed);
  RunResult sodium = Run("sodium", "1.0.18");
  sodium.library.cpu_info = "sodium_runtime_has: sse2 avx2";
  sodium.algorithms = {Unsupported("AES-256-GCM", "needs AES-NI, \"none\" here,\nsee docs"),
                       Aead("ChaCha20-Poly1305", 4e5, 9e4)};
  sodium.algorithms.back().implementation = "avx2";
  sodium.algorithms.push_back(ed);
  results::DeriveAllFigures(openssl);
  results::DeriveAllFigures(sodium);
  return {openssl, sodium};
}

std::string Rendered(const std::vector<RunResult>& runs, Format format) {
  std::ostringstream out;
  RenderBackends(runs, format, out);
  return out.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
  }
  return lines;
}

const std::string* LineStartingWith(const std::vector<std::string>& lines,
                                    const std::string& prefix) {
  for (const std::string& line : lines) {
    if (line.rfind(prefix, 0) == 0) {
      return &line;
    }
  }
  return nullptr;
}

TEST(BackendsTableTest, OneRowPerBackendUnderEachAlgorithm) {
  const std::string text = Rendered(TwoBackends(), Format::kTable);
  const std::vector<std::string> lines = Lines(text);
  const std::string* header = LineStartingWith(lines, "algorithm ");
  ASSERT_NE(header, nullptr) << text;
  for (const char* column :
       {"operation", "backend", "version", "implementation", "16 B", "16 KiB"}) {
    EXPECT_NE(header->find(column), std::string::npos) << column << " in " << *header;
  }
  const std::string* gcm = LineStartingWith(lines, "AES-256-GCM ");
  ASSERT_NE(gcm, nullptr) << text;
  EXPECT_NE(gcm->find("openssl  3.0.19"), std::string::npos) << *gcm;
  // The next row is sodium's, without the algorithm repeated, and says "unsupported".
  const auto gcm_at = static_cast<size_t>(gcm - lines.data());
  ASSERT_LT(gcm_at + 1, lines.size());
  const std::string& sodium_row = lines[gcm_at + 1];
  EXPECT_EQ(sodium_row.find("AES-256-GCM"), std::string::npos) << sodium_row;
  EXPECT_NE(sodium_row.find("sodium"), std::string::npos) << sodium_row;
  EXPECT_NE(sodium_row.find("1.0.18"), std::string::npos) << sodium_row;
  EXPECT_NE(sodium_row.find("unsupported"), std::string::npos) << sodium_row;
  // Measured rows show MB/s with CIs; the implementation only where reported.
  const std::string* chacha = LineStartingWith(lines, "ChaCha20-Poly1305 ");
  ASSERT_NE(chacha, nullptr);
  EXPECT_NE(chacha->find("8.00 ±"), std::string::npos) << *chacha;  // 5e5 ops/s x 16 B
  const std::string& chacha_sodium = lines[static_cast<size_t>(chacha - lines.data()) + 1];
  EXPECT_NE(chacha_sodium.find("avx2"), std::string::npos) << chacha_sodium;
  // The environment names each backend with its library, and the notes say whose they are.
  EXPECT_NE(text.find("openssl       OpenSSL 3.0.19 27 Jan 2026, /lib/libopenssl.so"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("sodium_runtime_has: sse2 avx2"), std::string::npos) << text;
  EXPECT_NE(text.find("\nsodium: unsupported by this library: AES-256-GCM"), std::string::npos)
      << text;
  // Public key: a row per backend too.
  const std::string* ed = LineStartingWith(lines, "Ed25519 sign ");
  ASSERT_NE(ed, nullptr) << text;
  EXPECT_NE(lines[static_cast<size_t>(ed - lines.data()) + 1].find("sodium"), std::string::npos);
}

TEST(BackendsTableTest, NoImplementationColumnWhenNoBackendReportsOne) {
  std::vector<RunResult> runs = TwoBackends();
  runs[1].algorithms[1].implementation.clear();
  const std::string text = Rendered(runs, Format::kTable);
  EXPECT_EQ(text.find("implementation"), std::string::npos) << text;
}

TEST(BackendsMarkdownTest, BackendAndVersionColumns) {
  const std::string text = Rendered(TwoBackends(), Format::kMarkdown);
  EXPECT_NE(text.find("| Algorithm | Operation | Backend | Version | Implementation | 16 B | "
                      "16 KiB |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("|  |  | sodium | 1.0.18 | - | unsupported |  |"), std::string::npos) << text;
  EXPECT_NE(text.find("- Backend sodium: 1.0.18"), std::string::npos) << text;
}

TEST(BackendsJsonTest, RunsDocumentRoundTrips) {
  const std::vector<RunResult> runs = TwoBackends();
  const nlohmann::json doc = nlohmann::json::parse(Rendered(runs, Format::kJson));
  EXPECT_EQ(doc.at("schema_version"), results::kSchemaVersion);
  ASSERT_EQ(doc.at("runs").size(), 2u);
  EXPECT_EQ(doc.at("runs")[0].at("library").at("backend"), "openssl");
  EXPECT_EQ(doc.at("runs")[1].at("library").at("backend"), "sodium");
  const RunResult sodium = results::FromJson(doc.at("runs")[1]);
  ASSERT_EQ(sodium.algorithms.size(), 3u);
  EXPECT_FALSE(sodium.algorithms[0].supported);
  EXPECT_EQ(sodium.algorithms[1].implementation, "avx2");
}

TEST(BackendsCsvTest, BackendColumnLeadsEveryRecord) {
  const std::string text = Rendered(TwoBackends(), Format::kCsv);
  std::ostringstream single;
  RenderCsv(TwoBackends()[0], single);
  const std::string single_header = Lines(single.str())[0];
  const std::vector<std::string> lines = Lines(text);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "backend," + single_header);
  size_t openssl_rows = 0;
  size_t sodium_rows = 0;
  for (size_t i = 1; i < lines.size(); ++i) {
    openssl_rows += lines[i].rfind("openssl,", 0) == 0 ? 1 : 0;
    sodium_rows += lines[i].rfind("sodium,", 0) == 0 ? 1 : 0;
  }
  EXPECT_EQ(openssl_rows, 5u);  // 2 + 2 AEAD cells, 1 sign
  EXPECT_EQ(sodium_rows, 5u);
  // The message's line break (from a library) is shown, not obeyed (sanitize.h): the message
  // stays one quoted field on one line.
  EXPECT_NE(text.find("\"needs AES-NI, \"\"none\"\" here,\\u000asee docs\""), std::string::npos)
      << text;
  EXPECT_EQ(lines.size(), 1u + 10u);
}

TEST(BackendsRenderTest, OpensslLayoutHoldsOneLibrary) {
  std::ostringstream out;
  EXPECT_THROW(RenderBackends(TwoBackends(), Format::kOpenssl, out), std::invalid_argument);
}

}  // namespace
}  // namespace cryptobench::report
