// `cryptobench tls`: validate, run the transfers and the handshake matrix in a server and a
// client worker, measure the AEAD ceiling, render.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "algorithms/catalog.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/tls_internal.h"
#include "core/errors.h"
#include "core/utc.h"
#include "report/report.h"
#include "report/sanitize.h"
#include "worker/process.h"

#include "app/machine.h"
#include "import/parse_util.h"
#include "tls/ceiling.h"
#include "tls/json.h"
#include "tls/library.h"
#include "tls/pem.h"
#include "tls/render.h"
#include "tls/runner.h"
#include "tls/serve.h"
#include "tls/suites.h"

namespace cryptobench::cli {
namespace {

// Largest --transfer-bytes: 64 GiB, a few minutes per transfer even at 1 GB/s.
constexpr uint64_t kMaxTransferBytes = uint64_t{64} << 30;
// Largest TLS record plaintext (RFC 8446 section 5.1, RFC 5246 section 6.2.1).
constexpr uint64_t kMaxRecordSize = 16384;

std::vector<std::string> SplitList(const std::string& text) {
  std::vector<std::string> items;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) {
      items.push_back(item);
    }
  }
  return items;
}

// "256M", "1G", "16k", "65536": binary multiples.
uint64_t ParseByteCount(const std::string& option, const std::string& text, uint64_t min,
                        uint64_t max) {
  std::string digits = text;
  uint64_t multiplier = 1;
  if (!digits.empty()) {
    switch (digits.back()) {
      case 'k':
      case 'K':
        multiplier = uint64_t{1} << 10;
        break;
      case 'm':
      case 'M':
        multiplier = uint64_t{1} << 20;
        break;
      case 'g':
      case 'G':
        multiplier = uint64_t{1} << 30;
        break;
      default:
        break;
    }
    if (multiplier != 1) {
      digits.pop_back();
    }
  }
  const bool numeric =
      !digits.empty() && digits.size() <= 12 &&
      std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
  const uint64_t value = numeric ? std::stoull(digits) * multiplier : 0;
  if (!numeric || value < min || value > max) {
    throw UsageError(
        fmt::format("{} '{}': expected a byte count from {} to {} (suffixes k, M, G: 1024-based)",
                    option, text, min, max));
  }
  return value;
}

double ParseSeconds(const std::string& option, const std::string& text) {
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || errno != 0 || end != text.c_str() + text.size() || !std::isfinite(value) ||
      value <= 0 || value > 3600) {
    throw UsageError(
        fmt::format("{} '{}': expected seconds, more than 0 and at most 3600", option, text));
  }
  return value;
}

uint16_t ParsePort(const std::string& text) {
  const bool numeric =
      !text.empty() && text.size() <= 5 &&
      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  const unsigned long value = numeric ? std::stoul(text) : 70000;
  if (value > 65535) {
    throw UsageError(fmt::format("--port '{}': expected 0 (any free port) to 65535", text));
  }
  return static_cast<uint16_t>(value);
}

std::string KnownSuites() {
  std::string known;
  for (const tls::SuiteInfo& suite : tls::Suites()) {
    known += (known.empty() ? "" : ", ") + std::string(suite.iana);
  }
  return known;
}

std::vector<const tls::SuiteInfo*> ResolveSuites(const std::string& text) {
  if (text.empty()) {
    return tls::DefaultSuites();
  }
  std::vector<const tls::SuiteInfo*> suites;
  if (text == "all") {
    for (const tls::SuiteInfo& suite : tls::Suites()) {
      suites.push_back(&suite);
    }
    return suites;
  }
  for (const std::string& name : SplitList(text)) {
    const tls::SuiteInfo* suite = tls::FindSuite(name);
    if (suite == nullptr) {
      throw UsageError(
          fmt::format("--suites: unknown suite '{}' (known: {})", name, KnownSuites()));
    }
    if (std::find(suites.begin(), suites.end(), suite) == suites.end()) {
      suites.push_back(suite);
    }
  }
  if (suites.empty()) {
    throw UsageError("--suites: no suite named");
  }
  return suites;
}

std::vector<const tls::GroupInfo*> ResolveGroups(const std::string& text) {
  std::vector<const tls::GroupInfo*> groups;
  if (text.empty()) {
    for (const tls::GroupInfo& group : tls::Groups()) {
      if (group.default_group) {
        groups.push_back(&group);
      }
    }
    return groups;
  }
  for (const std::string& name : SplitList(text)) {
    const tls::GroupInfo* group = tls::FindGroup(name);
    if (group == nullptr) {
      std::string known;
      for (const tls::GroupInfo& g : tls::Groups()) {
        known += (known.empty() ? "" : ", ") + std::string(g.name);
      }
      throw UsageError(fmt::format("--groups: unknown group '{}' (known: {})", name, known));
    }
    if (std::find(groups.begin(), groups.end(), group) == groups.end()) {
      groups.push_back(group);
    }
  }
  if (groups.empty()) {
    throw UsageError("--groups: no group named");
  }
  return groups;
}

std::string KnownCerts() {
  std::string known;
  for (tls::CertType type : tls::CertTypes()) {
    known += (known.empty() ? "" : ", ") + std::string(tls::CertTypeName(type));
  }
  return known;
}

tls::CertType ParseCert(const std::string& option, const std::string& name) {
  tls::CertType type;
  if (!tls::ParseCertType(name, &type)) {
    throw UsageError(
        fmt::format("{}: unknown certificate type '{}' (known: {})", option, name, KnownCerts()));
  }
  return type;
}

std::vector<tls::CertType> ResolveCerts(const std::string& text) {
  if (text.empty()) {
    return {tls::CertTypes().begin(), tls::CertTypes().end()};
  }
  std::vector<tls::CertType> certs;
  for (const std::string& name : SplitList(text)) {
    const tls::CertType type = ParseCert("--certs", name);
    if (std::find(certs.begin(), certs.end(), type) == certs.end()) {
      certs.push_back(type);
    }
  }
  if (certs.empty()) {
    throw UsageError("--certs: no certificate type named");
  }
  return certs;
}

// One status line on a terminal's stderr.
class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled) {}
  ~Progress() {
    if (enabled_) {
      ClearProgressLine();
    }
  }
  void Show(const std::string& text) {
    if (enabled_) {
      ShowProgressLine(text);
    }
  }

 private:
  bool enabled_;
};

// "HOST:PORT" or "[IPv6]:PORT".
void ParseConnect(const std::string& text, std::string* host, uint16_t* port) {
  const size_t colon = text.rfind(':');
  std::string name = colon == std::string::npos ? "" : text.substr(0, colon);
  if (name.size() >= 2 && name.front() == '[' && name.back() == ']') {
    name = name.substr(1, name.size() - 2);
  }
  const std::string port_text = colon == std::string::npos ? "" : text.substr(colon + 1);
  const bool ok = !name.empty() && !port_text.empty() &&
                  std::all_of(name.begin(), name.end(),
                              [](char c) { return c > ' ' && c < 127 && c != '/'; }) &&
                  std::all_of(port_text.begin(), port_text.end(),
                              [](char c) { return c >= '0' && c <= '9'; }) &&
                  port_text.size() <= 5 && std::stoul(port_text) >= 1 &&
                  std::stoul(port_text) <= 65535;
  if (!ok) {
    throw UsageError(fmt::format("--connect {}: expected HOST:PORT, e.g. localhost:4433",
                                 import::QuoteForError(text)));
  }
  *host = name;
  *port = static_cast<uint16_t>(std::stoul(port_text));
}

// At most one of a list option: --serve and --connect offer one suite and one group, or the
// library's defaults.
template <typename T>
const T* AtMostOne(const std::vector<const T*>& items, bool given, const char* option,
                   const char* mode) {
  if (!given) {
    return nullptr;
  }
  if (items.size() != 1) {
    throw UsageError(
        fmt::format("{} with {}: name one, or none for the library's defaults", option, mode));
  }
  return items.front();
}

int Serve(const TlsOptions& options, const std::string& libcrypto, const std::string& libssl,
          uint64_t record_size) {
  tls::ServeOptions serve;
  serve.backend = options.backend;
  serve.libcrypto_path = libcrypto;
  serve.libssl_path = libssl;
  serve.port = ParsePort(options.port);
  serve.cert = options.cert.empty() ? tls::CertType::kEcdsaP256 : ParseCert("--cert", options.cert);
  serve.suite =
      AtMostOne(ResolveSuites(options.suites), !options.suites.empty(), "--suites", "--serve");
  serve.group =
      AtMostOne(ResolveGroups(options.groups), !options.groups.empty(), "--groups", "--serve");
  if (serve.suite != nullptr && !tls::CertFitsSuite(serve.cert, *serve.suite)) {
    throw UsageError(fmt::format("--cert {}: {} needs an {} certificate",
                                 tls::CertTypeName(serve.cert), serve.suite->iana,
                                 serve.suite->auth));
  }
  serve.record_size = record_size;
  serve.connections = ParseByteCount("--connections", options.connections, 0, 1000000000);
  serve.io_timeout_seconds = options.io_timeout > 0 ? options.io_timeout : 30;
  return tls::RunServe(serve, std::cout, std::cerr);
}

std::string CellLabel(const tls::TlsCell& cell) {
  if (cell.kind == "handshake") {
    return fmt::format("handshakes {} {} {}", cell.group, cell.cert, cell.mode);
  }
  return tls::TransferLabel(cell);
}

}  // namespace

PreparedTls PrepareTls(const TlsOptions& options) {
  PreparedTls prepared;
  tls::TlsPlan& plan = prepared.plan;
  const std::vector<std::string> backends = tls::TlsBackendNames();
  if (std::find(backends.begin(), backends.end(), options.backend) == backends.end()) {
    std::string known;
    for (const std::string& name : backends) {
      known += (known.empty() ? "" : ", ") + name;
    }
    throw UsageError(
        fmt::format("--backend '{}': not a TLS backend of this build (compiled in: {})",
                    options.backend, known));
  }
  const bool by_path = tls::TlsBackendTakesPath(options.backend);
  if (!by_path && (options.lib_given || options.libssl_given)) {
    throw UsageError(
        fmt::format("{}: the {} backend is linked in at build time and takes no library path",
                    options.lib_given ? "--lib" : "--libssl", options.backend));
  }
  plan.executable = worker::SelfExecutable();
  plan.backend = options.backend;
  if (by_path) {
    plan.libcrypto_path = ResolveLibraryPath(options.lib, options.lib_given);
    plan.libssl_path = options.libssl_given ? ResolveLibraryPath(options.libssl, true) : "";
  }
  plan.env = ParseEnvAssignments(options.env);
  const uint64_t transfer_bytes =
      ParseByteCount("--transfer-bytes", options.transfer_bytes, 1024, kMaxTransferBytes);
  const uint64_t record_size =
      ParseByteCount("--record-size", options.record_size, 1, kMaxRecordSize);
  plan.port = ParsePort(options.port);
  const double precision = ParsePrecision(options.precision);
  const double max_seconds = ParseMaxSeconds(options.max_seconds);
  const double handshake_seconds = ParseSeconds("--handshake-seconds", options.handshake_seconds);
  if (options.ktls != "auto" && options.ktls != "off") {
    throw UsageError(fmt::format("--ktls '{}': expected auto or off", options.ktls));
  }
  plan.ktls = options.ktls == "auto";
  const std::vector<const tls::SuiteInfo*> suites = ResolveSuites(options.suites);
  const std::vector<const tls::GroupInfo*> groups = ResolveGroups(options.groups);
  const std::vector<tls::CertType> certs = ResolveCerts(options.certs);
  std::optional<tls::CertType> transfer_cert;
  if (!options.cert.empty()) {
    transfer_cert = ParseCert("--cert", options.cert);
  }
  if (!options.transfers && !options.handshakes) {
    throw UsageError("--no-transfers and --no-handshakes leave nothing to measure");
  }
  if (options.serve && !options.connect.empty()) {
    throw UsageError("--serve and --connect cannot be combined: one is a server, one a client");
  }
  for (const auto& [given, name] : {std::pair{!options.path.empty(), "--path"},
                                    {!options.cafile.empty(), "--cafile"},
                                    {!options.server_name.empty(), "--server-name"},
                                    {!options.expect_sha256.empty(), "--expect-sha256"}}) {
    if (given && options.connect.empty()) {
      throw UsageError(fmt::format("{} needs --connect HOST:PORT", name));
    }
  }
  if (options.connections != "0" && !options.serve) {
    throw UsageError("--connections needs --serve");
  }
  if (options.serve) {
    prepared.serve = true;
    prepared.record_size = record_size;
    return prepared;
  }
  const bool downloading = !options.connect.empty();
  prepared.downloading = downloading;
  prepared.by_path = by_path;
  if (downloading) {
    ParseConnect(options.connect, &plan.connect_host, &plan.connect_port);
    plan.server_name = options.server_name.empty() ? plan.connect_host : options.server_name;
    if (!options.path.empty()) {
      if (options.path.front() != '/' || std::any_of(options.path.begin(), options.path.end(),
                                                     [](char c) { return c <= ' ' || c == 127; })) {
        throw UsageError(
            fmt::format("--path {}: expected an absolute path without spaces, "
                        "e.g. /file.bin",
                        import::QuoteForError(options.path)));
      }
      plan.path = options.path;
    }
    if (!options.expect_sha256.empty()) {
      if (options.path.empty() || options.expect_sha256.size() != 64 ||
          !std::all_of(options.expect_sha256.begin(), options.expect_sha256.end(),
                       [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); })) {
        throw UsageError(options.path.empty()
                             ? std::string("--expect-sha256 needs --path (cryptobench's own "
                                           "stream is checked byte for byte)")
                             : "--expect-sha256: expected 64 hexadecimal digits");
      }
      plan.expect_sha256 = options.expect_sha256;
    }
    if (!options.cafile.empty()) {
      try {
        plan.trusted = tls::CertificatesFromPem(
            ReadInputText(options.cafile, fmt::format("--cafile '{}'", options.cafile)));
      } catch (const std::runtime_error& e) {
        if (dynamic_cast<const UsageError*>(&e) != nullptr) {
          throw;
        }
        throw UsageError(fmt::format("--cafile {}: {}", options.cafile, e.what()));
      }
      if (plan.trusted.empty()) {
        throw UsageError(fmt::format("--cafile {}: no PEM certificate in it", options.cafile));
      }
    }
    plan.ktls = false;
    tls::TlsCell cell;
    cell.kind = "transfer";
    const tls::SuiteInfo* suite =
        AtMostOne(ResolveSuites(options.suites), !options.suites.empty(), "--suites", "--connect");
    const tls::GroupInfo* group =
        AtMostOne(ResolveGroups(options.groups), !options.groups.empty(), "--groups", "--connect");
    if (suite != nullptr) {
      cell.protocol = std::string(tls::TlsVersionName(suite->version));
      cell.suite = std::string(suite->iana);
      cell.aead = std::string(suite->aead);
      cell.group = group != nullptr ? std::string(group->name) : "";
    }
    cell.transfer_bytes = plan.path.empty() ? transfer_bytes : 0;
    cell.record_size = record_size;
    cell.url = fmt::format(
        "https://{}:{}{}", options.connect.substr(0, options.connect.rfind(':')), plan.connect_port,
        plan.path.empty() ? "/cryptobench?bytes=" + std::to_string(transfer_bytes) : plan.path);
    plan.transfers.push_back(cell);
  }

  if (options.transfers && !downloading) {
    for (const tls::SuiteInfo* suite : suites) {
      tls::TlsCell cell;
      cell.kind = "transfer";
      cell.protocol = std::string(tls::TlsVersionName(suite->version));
      cell.suite = std::string(suite->iana);
      cell.aead = std::string(suite->aead);
      cell.group = std::string(tls::DefaultGroup().name);
      const tls::CertType cert = transfer_cert.value_or(tls::DefaultCertFor(*suite));
      if (!tls::CertFitsSuite(cert, *suite)) {
        throw UsageError(fmt::format("--cert {}: {} needs an {} certificate",
                                     tls::CertTypeName(cert), suite->iana, suite->auth));
      }
      cell.cert = std::string(tls::CertTypeName(cert));
      cell.transfer_bytes = transfer_bytes;
      cell.record_size = record_size;
      plan.transfers.push_back(cell);
    }
    if (options.tcp) {
      tls::TlsCell tcp;
      tcp.kind = "transfer";
      tcp.transport = "tcp";
      tcp.transfer_bytes = transfer_bytes;
      tcp.record_size = record_size;
      plan.transfers.push_back(tcp);
    }
  }
  if (options.handshakes && !downloading) {
    const tls::SuiteInfo* handshake_suite = tls::FindSuite("TLS_AES_128_GCM_SHA256");
    for (const tls::GroupInfo* group : groups) {
      for (tls::CertType cert : certs) {
        for (const char* mode : {"full", "resumed"}) {
          tls::TlsCell cell;
          cell.kind = "handshake";
          cell.protocol = "TLSv1.3";
          cell.suite = std::string(handshake_suite->iana);
          cell.aead = std::string(handshake_suite->aead);
          cell.group = std::string(group->name);
          cell.cert = std::string(tls::CertTypeName(cert));
          cell.mode = mode;
          cell.record_size = record_size;
          plan.handshakes.push_back(cell);
        }
      }
    }
  }
  plan.transfer_sampler.precision = precision;
  plan.transfer_sampler.max_seconds = max_seconds;
  plan.handshake_sampler.precision = precision;
  plan.handshake_sampler.max_seconds = handshake_seconds;
  plan.handshake_sampler.target_sample_seconds = 0.02;
  plan.handshake_sampler.warmup_seconds = 0.05;
  plan.warmup_bytes = std::min<uint64_t>(transfer_bytes, uint64_t{16} << 20);
  plan.io_timeout_seconds = options.io_timeout > 0 ? options.io_timeout : 30;
  plan.worker_timeout_seconds = options.worker_timeout;
  plan.test_fault = options.test_fault;

  tls::TlsRun& run = prepared.run;
  run.created_utc = UtcTimestamp();
  run.source.tool_version = CRYPTOBENCH_VERSION;
  run.backend = plan.backend;
  run.method.transfer_bytes = transfer_bytes;
  run.method.record_size = record_size;
  run.method.precision = precision;
  run.method.max_seconds = max_seconds;
  run.method.handshake_seconds = handshake_seconds;
  run.method.min_samples = plan.transfer_sampler.min_samples;
  run.method.confidence = plan.transfer_sampler.confidence;
  run.method.warmup_bytes = plan.warmup_bytes;
  run.method.io_timeout_seconds = plan.io_timeout_seconds;
  prepared.record_size = record_size;
  prepared.aead = options.aead && options.transfers &&
                  std::any_of(plan.transfers.begin(), plan.transfers.end(),
                              [](const tls::TlsCell& cell) { return !cell.aead.empty(); });
  return prepared;
}

void TakeMeasurement(PreparedTls& prepared, tls::TlsMeasurement measured) {
  tls::TlsRun& run = prepared.run;
  run.library = measured.library;
  if (prepared.by_path) {
    run.library.requested_path = prepared.plan.libcrypto_path;
  }
  run.libssl_requested_path = measured.libssl_requested_path;
  run.libssl_loaded_path = measured.libssl_loaded_path;
  run.ktls = measured.ktls;
  if (prepared.downloading) {
    run.ktls.status = "not_tried";
    run.ktls.reason = "not tried against a real server (--connect)";
  }
  run.transfers = std::move(measured.transfers);
  run.handshakes = std::move(measured.handshakes);
}

void MeasureCeiling(PreparedTls& prepared) {
  if (!prepared.aead) {
    return;
  }
  const tls::TlsPlan& plan = prepared.plan;
  tls::CeilingPlan ceiling;
  ceiling.executable = plan.executable;
  ceiling.backend = plan.backend;
  ceiling.library_path = plan.libcrypto_path;
  ceiling.env = plan.env;
  ceiling.record_size = prepared.record_size;
  for (const tls::TlsCell& cell : plan.transfers) {
    if (!cell.aead.empty() &&
        std::find(ceiling.aeads.begin(), ceiling.aeads.end(), cell.aead) == ceiling.aeads.end()) {
      ceiling.aeads.push_back(cell.aead);
    }
  }
  tls::TlsRun& run = prepared.run;
  run.aead_ceiling = tls::MeasureAeadCeiling(ceiling);
  run.aead_ceiling->created_utc = run.created_utc;
  run.aead_ceiling->source = run.source;
  run.aead_ceiling->machine = run.machine;
  run.aead_ceiling->library.worker_env = plan.env;
}

std::string TlsCellLabel(const tls::TlsCell& cell) { return CellLabel(cell); }

int RunTls(const TlsOptions& options) {
  // Everything is validated before any worker starts.
  // The terminal gets --format, or the table beside --output files, each in the format its
  // extension names, else --format's (as speed).
  const report::Format terminal = options.outputs.empty()
                                      ? report::ChooseFormat(report::Producer::kTls, options.format)
                                      : report::Format::kTable;
  PreparedTls prepared = PrepareTls(options);
  if (prepared.serve) {
    if (options.store.save || !options.store.name.empty()) {
      throw UsageError("--save: tls --serve measures nothing to save");
    }
    return Serve(options, prepared.plan.libcrypto_path, prepared.plan.libssl_path,
                 prepared.record_size);
  }
  const std::vector<OutputFile> files = ResolveOutputFiles(
      report::Producer::kTls, options.format, options.outputs, {}, options.store.store);
  // A store that cannot be used stops the command before any measuring, not after it.
  const std::unique_ptr<store::Store> store = OpenStoreForSaving(options.store, true);
  tls::TlsRun& run = prepared.run;
  run.machine = app::MachineInfoFrom(cpu::GatherCpuFacts(cpu::RealSystemReader()));
  {
    Progress progress(options.progress && isatty(STDERR_FILENO) != 0);
    TakeMeasurement(
        prepared, tls::RunTlsPlan(prepared.plan, [&](const tls::TlsCell& cell, size_t index,
                                                     size_t total, size_t samples) {
          progress.Show(fmt::format("[{}/{}] {}: {} samples", std::min(index + 1, total), total,
                                    CellLabel(cell), samples));
        }));
    if (prepared.aead) {
      progress.Show("AEAD ceiling (speed at the record size) ...");
    }
    MeasureCeiling(prepared);
  }
  tls::DeriveAllTlsFigures(run);
  const auto rendered = [&run](report::Format format) {
    std::ostringstream out;
    tls::RenderTls(run, format, out);
    return std::move(out).str();
  };
  // The files first: a terminal reader that has gone (`| head`) must not cost them.
  for (const OutputFile& file : files) {
    WriteFileAtomically(file.path, rendered(file.format));
  }
  WriteStdout(rendered(terminal));
  if (store) {
    // One run of the crypto library (the libssl's path is in the document); its file hashed.
    store::DocumentRun saved;
    saved.created_utc = run.created_utc;
    saved.document = tls::TlsRunToJson(run).dump(-1, ' ', false,
                                                 nlohmann::ordered_json::error_handler_t::replace);
    saved.machine = run.machine;
    saved.libraries.push_back({"", run.library, true});
    if (!SaveWrittenDocumentRuns(*store, {saved},
                                 LocalSaveInfo(options.store, "tls", options.command_line),
                                 "the results were written; this run was not saved")) {
      return kExitFailure;
    }
  }
  const bool ceiling_failed = run.aead_ceiling && results::HasFailures(*run.aead_ceiling);
  return tls::HasTlsFailures(run) || ceiling_failed ? kExitFailure : kExitOk;
}

}  // namespace cryptobench::cli
