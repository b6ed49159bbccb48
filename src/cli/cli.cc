// CLI11 wiring: subcommands, options, and mapping errors to exit statuses.
#include "cli/cli.h"

#include <csignal>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "core/fatal_signals.h"
#include "report/sanitize.h"
#include "results/limits.h"
#include "worker/protocol.h"
#include "worker/worker_main.h"

#include "import/parse_util.h"
#include "store/sql.h"
#include "tls/protocol.h"
#include "tls/worker.h"

namespace cryptobench::cli {

namespace {

// An option given '' would otherwise read as not given (CLI11 keeps the empty string): --bytes
// '' measuring the default sizes, --output '' writing to standard output. Throws UsageError
// for the first such option of a parsed subcommand.
void RejectEmptyValues(const CLI::App& app) {
  for (const CLI::App* command : app.get_subcommands()) {
    RejectEmptyValues(*command);  // store import, history trend, ...
    for (const CLI::Option* option : command->get_options()) {
      if (option->count() == 0 || option->get_expected_min() == 0 || option->get_lnames().empty()) {
        continue;  // not given, a flag, or a positional argument (each checked by its command)
      }
      for (const std::string& value : option->results()) {
        if (value.empty()) {
          throw UsageError(
              fmt::format("--{} '': expected a value (leave the option out for "
                          "its default)",
                          option->get_lnames().front()));
        }
      }
    }
  }
}

// One line for the terminal: an error may quote an input.
std::string ErrorLine(const char* what) { return report::SafeText(what); }

// CLI11's message for a command line it refuses, in this tool's words: "--bytes: At Most 1
// required but received 2" becomes "--bytes given 2 times: give it once". `first` is the first
// argument: the command, or an option given before any; `extras` the arguments left over, in the
// order given (CLI11's own message lists them backwards: "'l.md -o'" for `-o l.md`).
std::string CommandLineError(const CLI::ParseError& error, const std::string& first,
                             const std::vector<std::string>& extras) {
  const std::string message = error.what();
  const std::string command = first.empty() || first[0] == '-' ? "" : first;
  const std::string help =
      command.empty() ? "cryptobench --help" : "cryptobench " + command + " --help";
  // CLI11 2.x names the option, then ": ", then what is wrong with it.
  const size_t colon = message.find(": ");
  const std::string option = colon == std::string::npos ? "" : message.substr(0, colon);
  const std::string rest = colon == std::string::npos ? "" : message.substr(colon + 2);
  const bool one_word = !option.empty() && option.find(' ') == std::string::npos;
  constexpr std::string_view kAtMost = "At Most ";
  constexpr std::string_view kReceived = " required but received ";
  if (one_word && rest.rfind(kAtMost, 0) == 0 && rest.find(kReceived) != std::string::npos) {
    const size_t at = rest.find(kReceived);
    const std::string most = rest.substr(kAtMost.size(), at - kAtMost.size());
    const std::string got = rest.substr(at + kReceived.size());
    if (most == "1") {
      return fmt::format("{} given {} times: give it once", option, got);
    }
    return fmt::format("{}: at most {} values, got {}", option, most, got);
  }
  if (one_word && rest.find(" required ") != std::string::npos && rest.size() >= 8 &&
      rest.compare(rest.size() - 8, 8, " missing") == 0) {
    return fmt::format("{}: expected a value after it ({})", option, help);
  }
  for (const std::string_view prefix : {"The following argument was not expected: ",
                                        "The following arguments were not expected: "}) {
    if (message.rfind(prefix, 0) == 0) {
      // The first one is the mistake; the rest often follow from it (a value after an option
      // the command does not have).
      const std::string unexpected = extras.empty() ? message.substr(prefix.size()) : extras[0];
      return fmt::format("unexpected argument {} ({})", import::QuoteForError(unexpected), help);
    }
  }
  if (message == "A subcommand is required" && !command.empty()) {
    return fmt::format("{}: expected a subcommand ({})", command, help);
  }
  if (message == "A subcommand is required") {
    return fmt::format(
        "unknown option {}: a command comes first (speed, doctor, tls, import, "
        "compare, report, history, store or list; cryptobench --help)",
        import::QuoteForError(first));
  }
  constexpr std::string_view kIsRequired = " is required";
  if (message.size() > kIsRequired.size() &&
      message.compare(message.size() - kIsRequired.size(), kIsRequired.size(), kIsRequired) == 0 &&
      message.find(' ') == message.size() - kIsRequired.size()) {
    return fmt::format("{}: {} is required ({})", command,
                       message.substr(0, message.size() - kIsRequired.size()), help);
  }
  // Anything else: CLI11's words, starting lower case after "error: " as ours do.
  std::string out = message;
  if (out.size() >= 2 && out[0] >= 'A' && out[0] <= 'Z' && (out[1] < 'A' || out[1] > 'Z')) {
    out[0] = static_cast<char>(out[0] - 'A' + 'a');
  }
  return out;
}

// The command a refused command line belongs to, as typed: "history show" when CLI11 had
// entered history's show subcommand, else `first` (the first argument).
std::string CommandPath(const CLI::App& app, const std::string& first) {
  std::string path;
  const CLI::App* at = &app;
  while (true) {
    const std::vector<CLI::App*> entered = at->get_subcommands();  // in the order met
    if (entered.empty()) {
      break;
    }
    const CLI::App* next = entered.front();
    path += path.empty() ? next->get_name() : fmt::format(" {}", next->get_name());
    at = next;
  }
  return path.empty() ? first : path;
}

}  // namespace

int Run(int argc, char** argv) {
  // A worker that dies must not take the parent with it through a write to a closed pipe.
  std::signal(SIGPIPE, SIG_IGN);
  // Ctrl-C, kill, a hang-up or a file-size limit: workers killed, no half-written output left.
  core::InstallFatalSignalCleanup();

  CLI::App app{"cryptobench: honest, KAT-checked throughput of crypto libraries"};
  app.set_version_flag("--version", std::string("cryptobench ") + CRYPTOBENCH_VERSION);
  app.require_subcommand(1);

  SpeedOptions speed;
  CLI::App* speed_cmd = app.add_subcommand(
      "speed", "Measure throughput (wall-clock, with 95% CI) after known-answer tests");
  speed_cmd->add_option("algorithms", speed.algorithms,
                        "Algorithms to measure (names or aliases; default: the default suite)");
  speed_cmd->add_flag("--all", speed.all, "Measure the whole catalogue");
  speed_cmd->add_option("--backend", speed.backend,
                        "Crypto libraries to measure: NAME[,NAME...] or all (default openssl; "
                        "list --backends shows them)");
  speed_cmd
      ->add_option(
          "--lib", speed.libraries,
          "[NAME=]PATH: the library a backend loaded by path opens (openssl: libcrypto.so.3 by "
          "default; boringssl: its android path); NAME=PATH for one backend, PATH for "
          "every one; repeatable")
      ->allow_extra_args(false);
  speed_cmd->add_option(
      "--bytes", speed.bytes,
      "Input sizes in bytes, comma-separated (default: 16,64,256,1024,8192,16384)");
  speed_cmd->add_flag("--decrypt", speed.decrypt,
                      "Measure decryption (AEAD open verifies the tag) instead of encryption");
  speed_cmd->add_option("--threads", speed.threads,
                        "Worker processes measuring each cell in the same wall-clock window; a "
                        "list from 1 (1,2,4) sweeps them and reports the scaling. At most 4 per "
                        "online CPU (and 1024): more only wait for a core; above the online CPUs "
                        "it warns");
  speed_cmd->add_option("--precision", speed.precision,
                        "Target 95% CI half-width of the median, e.g. 0.01 or 1% (0: use budget)");
  speed_cmd->add_option("--max-seconds", speed.max_seconds,
                        "Sampling time budget per cell, seconds (default 0.5)");
  speed_cmd->add_option(
      "--format", speed.format,
      "table (default), openssl, json, csv, markdown, html or gbench-json (a --threads sweep: "
      "not openssl or gbench-json): the terminal's, or with --output the files' whose "
      "extension names none");
  speed_cmd
      ->add_option("--output,-o", speed.outputs,
                   "Also write FILE (atomically) in the format its extension names (.json, .csv, "
                   ".md, .html), else --format's; repeatable")
      ->allow_extra_args(false);
  speed_cmd
      ->add_option("--env", speed.env,
                   "NAME=VALUE set in every worker from process start (e.g. OPENSSL_ia32cap); "
                   "repeatable")
      ->allow_extra_args(false);
  speed_cmd->add_flag_callback(
      "--no-progress", [&] { speed.progress = false; }, "No progress display on stderr");
  speed_cmd->add_flag_callback(
      "--no-pin", [&] { speed.pin = false; },
      "Do not pin each measuring worker to a CPU of its own (default: the idlest allowed CPU)");
  speed_cmd->add_option("--test-fault", speed.test_fault)->group("");
  speed_cmd->add_option("--worker-timeout", speed.worker_timeout)->group("");

  ListOptions list;
  CLI::App* list_cmd =
      app.add_subcommand("list",
                         "List the algorithm catalogue and what a library supports, or "
                         "the backends (--backends)");
  list_cmd->add_flag("--backends", list.backends,
                     "List the backends compiled in: usable here?, version, CPU-feature mask");
  list_cmd->add_option("--backend", list.backend,
                       "Whose support the catalogue shows (default openssl)");
  list_cmd
      ->add_option(
          "--lib", list.libraries,
          "[NAME=]PATH: the library a backend loaded by path opens (openssl: libcrypto.so.3 by "
          "default; boringssl: its android path); NAME=PATH for one backend, PATH for "
          "every one; repeatable")
      ->allow_extra_args(false);
  list_cmd->add_option("--format", list.format, "table (default), json or markdown");

  DoctorCommandOptions doctor;
  CLI::App* doctor_cmd = app.add_subcommand(
      "doctor", "Is each algorithm on its accelerated path? Verdicts with evidence");
  doctor_cmd->add_option("algorithms", doctor.algorithms,
                         "Algorithms to examine (default: every symmetric algorithm)");
  doctor_cmd
      ->add_option(
          "--lib", doctor.libraries,
          "[NAME=]PATH: the library a backend loaded by path opens (openssl: libcrypto.so.3 by "
          "default; boringssl: its android path); NAME=PATH for one backend, PATH for "
          "every one; repeatable")
      ->allow_extra_args(false);
  doctor_cmd->add_option("--backend", doctor.backend,
                         "Libraries to examine: NAME[,NAME...] or all (default openssl); each "
                         "is masked with its own switch where it has one");
  doctor_cmd->add_flag("--quick", doctor.quick,
                       "Examine only the default suite's symmetric algorithms");
  doctor_cmd->add_option(
      "--format", doctor.format,
      "table (default; alias text), json, markdown or html: the terminal's, or with "
      "--output the files' whose extension names none");
  doctor_cmd->add_option("--bytes", doctor.bytes, "Input size measured, bytes (default 16384)");
  doctor_cmd->add_option("--max-seconds", doctor.max_seconds,
                         "Sampling budget per measurement, seconds (default 0.25)");
  doctor_cmd
      ->add_option(
          "--output,-o", doctor.outputs,
          "Also write FILE (atomically) in the format its extension names (.json, .md, .html), "
          "else --format's; repeatable")
      ->allow_extra_args(false);
  doctor_cmd->add_flag_callback(
      "--no-progress", [&] { doctor.progress = false; }, "No progress display on stderr");
  doctor_cmd->add_option("--test-fault", doctor.test_fault)->group("");
  doctor_cmd->add_option("--worker-timeout", doctor.worker_timeout)->group("");
  doctor_cmd->add_option("--from", doctor.from,
                         "Verdicts for a report instead of measuring: a result JSON or openssl "
                         "speed/version output (a file or - for stdin)");

  ImportOptions import_options;
  CLI::App* import_cmd = app.add_subcommand(
      "import",
      "Read pasted benchmark output (openssl speed and version, s_time, bssl, botan, cryptsetup, "
      "tcrypt, kcapi-speed, wolfCrypt, mbedTLS, gnutls-cli; docs/import.md) from a file or - "
      "for stdin as results");
  import_cmd->add_option("input", import_options.input, "File to read, or - for stdin")->required();
  import_cmd->add_option(
      "--format", import_options.format,
      "table (default), openssl, json, csv, markdown or html: the terminal's, or with "
      "--output the files' whose extension names none");
  import_cmd
      ->add_option("--output,-o", import_options.outputs,
                   "Also write FILE (atomically) in the format its extension names (.json, .csv, "
                   ".md, .html), else --format's; repeatable")
      ->allow_extra_args(false);

  ReportOptions report_options;
  CLI::App* report_cmd = app.add_subcommand(
      "report",
      "Render saved speed (also a --threads sweep), tls, doctor or compare JSON without "
      "measuring (docs/report.md)");
  report_cmd
      ->add_option(
          "files", report_options.files,
          "Saved JSON of speed, tls, doctor or compare (- for stdin), one report of them all")
      ->required();
  report_cmd->add_option(
      "--format", report_options.format,
      "table (default), openssl, json, csv, markdown, html or gbench-json, those the saved "
      "file's command writes (a --threads sweep, doctor, compare: not openssl or gbench-json): "
      "the terminal's, or with --output the files' whose extension names none");
  report_cmd
      ->add_option("--output,-o", report_options.outputs,
                   "Also write FILE (atomically) in the format its extension names (.json, .csv, "
                   ".md, .html), else --format's; repeatable")
      ->allow_extra_args(false);

  CompareCommandOptions compare_options;
  CLI::App* compare_cmd = app.add_subcommand(
      "compare",
      "Compare results, pasted openssl speed output or live builds with the first: ratios with "
      "95% CI and what the pattern points to");
  compare_cmd->add_option("sides", compare_options.files,
                          "Result JSON files, importable text (- for stdin) or stored runs "
                          "(store:last, store:ID, store:NAME); the first side is the baseline A");
  compare_cmd
      ->add_option("--lib", compare_options.libs,
                   "NAME=PATH: a libcrypto measured now as side NAME (repeatable)")
      ->allow_extra_args(false);
  compare_cmd
      ->add_option("--env", compare_options.env,
                   "NAME:VAR=VALUE sets VAR in live side NAME's workers; VAR=VALUE in every live "
                   "side's (e.g. masked:OPENSSL_ia32cap=~0x200000000000000)")
      ->allow_extra_args(false);
  compare_cmd->add_option("--algorithms", compare_options.algorithms,
                          "Comma-separated algorithms (live sides measure them; file sides "
                          "are filtered to them)");
  compare_cmd->add_option("--bytes", compare_options.bytes,
                          "Input sizes, bytes, comma-separated: live sides measure them, file "
                          "sides are filtered to them (default: the files' sizes, else "
                          "16,64,256,1024,8192,16384)");
  compare_cmd->add_option("--max-seconds", compare_options.max_seconds,
                          "Sampling budget per cell and round for live sides, seconds "
                          "(default 0.25)");
  compare_cmd->add_option("--precision", compare_options.precision,
                          "Target 95% CI half-width per cell and round, e.g. 0.01 or 1%");
  compare_cmd->add_option("--rounds", compare_options.rounds,
                          "Interleaved rounds per live side and algorithm, pooled (default 2)");
  compare_cmd->add_option("--threshold", compare_options.threshold,
                          "Changes within this percentage are 'within' (default 5)");
  compare_cmd->add_option("--fail-if-slower", compare_options.fail_if_slower,
                          "Exit 1 if a significant slowdown of B (or any later side) against "
                          "A, the baseline, exceeds this percentage; A is the first side given, "
                          "but of two stored runs (store:...) the older");
  compare_cmd->add_option(
      "--format", compare_options.format,
      "table (default), json, csv, markdown or html (--tls: table, json or markdown): the "
      "terminal's, or with --output the files' whose extension names none");
  compare_cmd
      ->add_option(
          "--output,-o", compare_options.outputs,
          "Also write FILE (atomically) in the format its extension names (.json, .csv, .md, "
          ".html), else --format's; repeatable")
      ->allow_extra_args(false);
  compare_cmd->add_flag_callback(
      "--no-progress", [&] { compare_options.progress = false; }, "No progress display on stderr");
  compare_cmd->add_flag("--tls", compare_options.tls,
                        "Compare tls results, or measure TLS transfers and handshakes of the live "
                        "sides (cryptobench tls)");
  compare_cmd
      ->add_option("--libssl", compare_options.libssl,
                   "NAME=PATH: with --tls, the libssl of live side NAME (default: beside its "
                   "libcrypto)")
      ->allow_extra_args(false);
  compare_cmd->add_option("--suites", compare_options.suites,
                          "With --tls: the live sides' suites (as tls --suites)");
  compare_cmd->add_option("--transfer-bytes", compare_options.transfer_bytes,
                          "With --tls: bytes per transfer of the live sides (default 256M)");
  compare_cmd->add_flag_callback(
      "--no-handshakes", [&] { compare_options.handshakes = false; },
      "With --tls: no handshakes on the live sides");

  TlsOptions tls_options;
  CLI::App* tls_cmd = app.add_subcommand(
      "tls",
      "TLS bulk transfers and handshakes over loopback: throughput, CPU per GB of server and "
      "client, against plain TCP and the AEAD's own speed");
  tls_cmd->add_option("--backend", tls_options.backend, "TLS library: openssl (default) or gnutls");
  tls_cmd->add_option("--lib", tls_options.lib, "The libcrypto (openssl; default libcrypto.so.3)");
  tls_cmd->add_option("--libssl", tls_options.libssl,
                      "The libssl (openssl; default: the one beside the libcrypto)");
  tls_cmd->add_option("--suites", tls_options.suites,
                      "Comma-separated suites (IANA or OpenSSL names) or all; default: the three "
                      "TLS 1.3 suites and ECDHE-ECDSA-AES128-GCM-SHA256, "
                      "ECDHE-ECDSA-CHACHA20-POLY1305");
  tls_cmd->add_option("--groups", tls_options.groups,
                      "Handshake groups (default X25519,P-256,X25519MLKEM768)");
  tls_cmd->add_option("--certs", tls_options.certs,
                      "Handshake certificate types (default RSA-2048,ECDSA-P256,Ed25519)");
  tls_cmd->add_option("--cert", tls_options.cert,
                      "Certificate of the bulk transfers (default ECDSA-P256; RSA-2048 for "
                      "ECDHE-RSA suites)");
  tls_cmd->add_option("--transfer-bytes", tls_options.transfer_bytes,
                      "Application bytes per transfer, k/M/G suffixes (default 256M)");
  tls_cmd->add_option("--record-size", tls_options.record_size,
                      "Bytes per write, one TLS record each, at most 16k (default 16k)");
  tls_cmd->add_option("--port", tls_options.port,
                      "Loopback port of the server (default 0: an ephemeral port)");
  tls_cmd->add_option("--precision", tls_options.precision,
                      "Target 95% CI half-width of each median, e.g. 0.02 or 2% (default 2%)");
  tls_cmd->add_option("--max-seconds", tls_options.max_seconds,
                      "Sampling budget per transfer cell, seconds (default 5)");
  tls_cmd->add_option("--handshake-seconds", tls_options.handshake_seconds,
                      "Sampling budget per handshake cell, seconds (default 1)");
  tls_cmd->add_option("--ktls", tls_options.ktls,
                      "auto (default: also with kernel TLS where the kernel has it) or off");
  tls_cmd->add_flag_callback(
      "--no-transfers", [&] { tls_options.transfers = false; }, "Measure no bulk transfers");
  tls_cmd->add_flag_callback(
      "--no-handshakes", [&] { tls_options.handshakes = false; }, "Measure no handshakes");
  tls_cmd->add_flag_callback(
      "--no-tcp", [&] { tls_options.tcp = false; }, "No plain-TCP baseline");
  tls_cmd->add_flag_callback(
      "--no-aead-ceiling", [&] { tls_options.aead = false; },
      "Do not measure the suites' AEADs with speed");
  tls_cmd->add_option(
      "--format", tls_options.format,
      "table (default), json, csv, markdown or html: the terminal's, or with --output the files' "
      "whose extension names none");
  tls_cmd
      ->add_option("--output,-o", tls_options.outputs,
                   "Also write FILE (atomically) in the format its extension names (.json, .csv, "
                   ".md, .html), else --format's; repeatable")
      ->allow_extra_args(false);
  tls_cmd
      ->add_option("--env", tls_options.env,
                   "NAME=VALUE set in both workers from process start; repeatable")
      ->allow_extra_args(false);
  tls_cmd->add_flag_callback(
      "--no-progress", [&] { tls_options.progress = false; }, "No progress display on stderr");
  tls_cmd->add_flag("--serve", tls_options.serve,
                    "Serve real clients (curl, openssl s_client) with the library under test "
                    "on 127.0.0.1 instead of measuring");
  tls_cmd->add_option("--connections", tls_options.connections,
                      "With --serve: exit after this many connections (default 0: on SIGINT)");
  tls_cmd->add_option("--connect", tls_options.connect,
                      "HOST:PORT: measure downloads from a real server instead");
  tls_cmd->add_option("--path", tls_options.path,
                      "With --connect: the GET path (default: a cryptobench --serve stream)");
  tls_cmd->add_option("--cafile", tls_options.cafile,
                      "With --connect: PEM certificates to trust (default: the system's)");
  tls_cmd->add_option("--server-name", tls_options.server_name,
                      "With --connect: the name the certificate must carry (default: HOST)");
  tls_cmd->add_option("--expect-sha256", tls_options.expect_sha256,
                      "With --connect --path: the body's SHA-256 (default: the first's)");
  tls_cmd->add_option("--test-fault", tls_options.test_fault)->group("");
  tls_cmd->add_option("--worker-timeout", tls_options.worker_timeout)->group("");
  tls_cmd->add_option("--io-timeout", tls_options.io_timeout)->group("");

  // The result store (docs/store.md).
  const auto add_store_option = [](CLI::App* cmd, std::string& store) {
    cmd->add_option("--store", store,
                    "Result store: a SQLite file (sqlite:PATH or PATH), postgresql://... or "
                    "'host=... dbname=...' "
                    "(default $CRYPTOBENCH_STORE, else $XDG_DATA_HOME/cryptobench/results.db)");
  };
  const auto add_save_options = [&](CLI::App* cmd, bool& save, std::string& name,
                                    std::string& store) {
    cmd->add_flag("--save", save, "Keep this run in the result store (also CRYPTOBENCH_SAVE=1)");
    cmd->add_option("--name", name, "Save this run under NAME (implies --save)");
    add_store_option(cmd, store);
  };
  speed_cmd->add_flag("--save", speed.store.save,
                      "Keep this run in the result store (also CRYPTOBENCH_SAVE=1)");
  speed_cmd->add_option("--name", speed.store.name,
                        "Save this run under NAME (implies --save; compare store:NAME)");
  add_store_option(speed_cmd, speed.store.store);
  add_save_options(doctor_cmd, doctor.store.save, doctor.store.name, doctor.store.store);
  add_save_options(compare_cmd, compare_options.save, compare_options.name, compare_options.store);
  add_save_options(tls_cmd, tls_options.store.save, tls_options.store.name,
                   tls_options.store.store);

  StoreImportOptions store_import;
  CLI::App* store_cmd = app.add_subcommand("store", "Put saved results and pastes in the store");
  store_cmd->require_subcommand(1);
  CLI::App* store_import_cmd = store_cmd->add_subcommand(
      "import",
      "Store result JSON files (speed, import, doctor, compare, compare --tls, tls) and pasted "
      "outputs "
      "(anything import reads); every file is read before any is stored");
  store_import_cmd->add_option("files", store_import.files, "Files to store (- for stdin)")
      ->required();
  store_import_cmd->add_option("--name", store_import.store.name, "Save the runs under NAME");
  store_import_cmd->add_option("--hostname", store_import.hostname,
                               "The machine the runs were made on (default: unknown)");
  add_store_option(store_import_cmd, store_import.store.store);

  HistoryOptions history;
  CLI::App* history_cmd = app.add_subcommand(
      "history", "Stored runs: list them, show one, or follow one cell over time (trend)");
  history_cmd->fallthrough();
  add_store_option(history_cmd, history.store);
  history_cmd->add_option("--host", history.host, "Only runs of hosts whose name or CPU has TEXT");
  history_cmd->add_option("--library", history.library,
                          "Only runs of libraries whose version, path or backend has TEXT");
  history_cmd->add_option("--algorithm", history.algorithm, "Only runs with this algorithm");
  history_cmd->add_option("--name", history.name, "Only runs saved under this --name");
  history_cmd->add_option("--since", history.since, "Only runs measured from this UTC date on");
  history_cmd->add_option("--until", history.until, "Only runs measured up to this UTC date");
  history_cmd->add_option("--limit", history.limit,
                          "At most this many runs (default 50) or trend points (200), newest");
  history_cmd->add_option("--format", history.format,
                          "table (default), json, csv or markdown (history trend: also html, a "
                          "chart; history show: as speed's): the terminal's, or with --output "
                          "the files' whose extension names none");
  history_cmd
      ->add_option("--output,-o", history.outputs,
                   "Also write FILE (atomically) in the format its extension names (.json, .csv, "
                   ".md; .html for trend), else --format's; repeatable")
      ->allow_extra_args(false);
  CLI::App* history_show_cmd =
      history_cmd->add_subcommand("show", "Show one stored run as speed shows it");
  history_show_cmd->add_option("run", history.run, "Run ID, last (this host's newest) or NAME")
      ->required();
  history_show_cmd->footer(
      "Also history's --store and --format (table, openssl, json, csv, markdown, html or "
      "gbench-json), before "
      "or "
      "after show.");
  CLI::App* history_trend_cmd = history_cmd->add_subcommand(
      "trend",
      "One cell over the stored runs, with step changes marked; a series and a step search per "
      "host");
  history_trend_cmd->footer(
      "Also history's --store, --format (table, json, csv, markdown or html: a chart of the "
      "cell over time, a line and CI band per host, the steps marked), --output, --host, "
      "--library, --name, --since, --until and --limit (points, default 200), before or after "
      "trend.");
  history_trend_cmd->add_option("algorithm", history.trend_algorithm, "Algorithm")->required();
  history_trend_cmd->add_option("--operation", history.operation,
                                "encrypt, decrypt, hash, mac, sign, verify or derive");
  history_trend_cmd->add_option("--bytes", history.bytes, "Input size, bytes");
  history_trend_cmd->add_option("--threshold", history.threshold,
                                "Smallest change marked as a step, percent (default 5)");

  CLI::App* worker_cmd = app.add_subcommand(worker::kWorkerSubcommand, "");
  worker_cmd->group("");
  CLI::App* tls_worker_cmd = app.add_subcommand(tls::kTlsWorkerSubcommand, "");
  tls_worker_cmd->group("");
  // Diagnostic, not in --help: the per-call cost of the timed loop (bench/harness-overhead).
  HarnessOverheadOptions overhead_options;
  CLI::App* overhead_cmd = app.add_subcommand("__harness-overhead", "");
  overhead_cmd->group("");
  overhead_cmd->add_option("--max-seconds", overhead_options.max_seconds);
  overhead_cmd->add_option("--format", overhead_options.format);

  // A first word that is no command would otherwise read "A subcommand is required".
  if (argc < 2) {
    std::fprintf(stderr,
                 "error: a command is required: speed, doctor, tls, import, compare, report, "
                 "history, store or list "
                 "(cryptobench --help)\n");
    return kExitUsage;
  }
  if (argv[1][0] != '-') {
    try {
      app.get_subcommand(argv[1]);
    } catch (const CLI::OptionNotFound&) {
      std::fprintf(
          stderr,
          "error: unknown command %s: expected speed, doctor, tls, import, compare, report, "
          "history, store or list\n",
          import::QuoteForError(argv[1]).c_str());
      return kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      return app.exit(e);  // --help, --version
    }
    std::fprintf(
        stderr, "error: %s\n",
        ErrorLine(CommandLineError(e, CommandPath(app, argv[1]), app.remaining(true)).c_str())
            .c_str());
    return kExitUsage;
  }

  // The command line as typed, for the store's record of a saved run.
  std::string command_line;
  for (int i = 0; i < argc; ++i) {
    command_line += (i == 0 ? "cryptobench" : " " + std::string(argv[i]));
  }
  speed.command_line = command_line;
  doctor.command_line = command_line;
  compare_options.command_line = command_line;
  tls_options.command_line = command_line;
  doctor.from_given = doctor_cmd->get_option("--from")->count() > 0;
  for (const char* name :
       {"--lib", "--backend", "--quick", "--bytes", "--max-seconds", "--save", "--name"}) {
    if (doctor_cmd->get_option(name)->count() > 0) {
      doctor.measuring.emplace_back(name);
    }
  }
  for (const char* name : {"--max-seconds", "--precision", "--rounds"}) {
    if (compare_cmd->get_option(name)->count() > 0) {
      compare_options.live_only_given.emplace_back(name);
    }
  }
  try {
    RejectEmptyValues(app);
    if (worker_cmd->parsed()) {
      return worker::RunWorker();
    }
    if (tls_worker_cmd->parsed()) {
      return tls::RunTlsWorker();
    }
    if (overhead_cmd->parsed()) {
      return RunHarnessOverhead(overhead_options);
    }
    if (tls_cmd->parsed()) {
      tls_options.lib_given = tls_cmd->get_option("--lib")->count() > 0;
      tls_options.libssl_given = tls_cmd->get_option("--libssl")->count() > 0;
      return RunTls(tls_options);
    }
    if (doctor_cmd->parsed()) {
      return RunDoctorCommand(doctor);
    }
    if (list_cmd->parsed()) {
      return RunList(list);
    }
    if (import_cmd->parsed()) {
      return RunImport(import_options);
    }
    if (report_cmd->parsed()) {
      return RunReport(report_options);
    }
    if (store_import_cmd->parsed()) {
      return RunStoreImport(store_import);
    }
    if (history_cmd->parsed()) {
      history.show = history_show_cmd->parsed();
      history.trend = history_trend_cmd->parsed();
      return RunHistory(history);
    }
    if (compare_cmd->parsed()) {
      return RunCompare(compare_options);
    }
    return RunSpeed(speed);
  } catch (const UsageError& e) {
    ClearProgressLineIfShown();
    std::fprintf(stderr, "error: %s\n", ErrorLine(e.what()).c_str());
    return kExitUsage;
  } catch (const store::StoreError& e) {
    // A store that cannot be used: corrupt, locked, newer, unreachable (store/sql.h).
    ClearProgressLineIfShown();
    std::fprintf(stderr, "error: %s\n", ErrorLine(e.what()).c_str());
    return kExitUsage;
  } catch (const results::InputError& e) {
    // An input past a cap or with a figure out of range (results/limits.h).
    ClearProgressLineIfShown();
    std::fprintf(stderr, "error: %s\n", ErrorLine(e.what()).c_str());
    return kExitUsage;
  } catch (const std::exception& e) {
    ClearProgressLineIfShown();
    std::fprintf(stderr, "error: %s\n", ErrorLine(e.what()).c_str());
    return kExitFailure;
  }
}

}  // namespace cryptobench::cli
