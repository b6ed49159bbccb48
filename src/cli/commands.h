// Subcommand implementations, called by cli::Run after parsing.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "results/model.h"

#include "store/store.h"

namespace cryptobench::cli {

/// Where runs are stored and whether this one is: --store, --save, --name, with the
/// environment's CRYPTOBENCH_STORE and CRYPTOBENCH_SAVE=1 as defaults (docs/store.md).
struct StoreOptions {
  std::string store;  ///< --store LOCATION; empty: $CRYPTOBENCH_STORE, else the default SQLite
  bool save = false;  ///< --save
  std::string name;   ///< --name NAME (implies --save)
};

/// Options of `cryptobench speed` as typed (validated by RunSpeed).
struct SpeedOptions {
  std::vector<std::string> algorithms;
  bool all = false;
  std::string backend = "openssl";     ///< --backend: NAME[,NAME...] or all
  std::vector<std::string> libraries;  ///< --lib [NAME=]PATH, repeatable (ParseLibraryOptions)
  std::string bytes;
  bool decrypt = false;
  std::string threads = "1";
  std::string precision = "0.01";
  std::string max_seconds = "0.5";
  /// --format as given: the terminal's without --output, else the format of each --output
  /// whose extension names none ("": table)
  std::string format;
  std::vector<std::string> outputs;  ///< --output FILE, repeatable (ResolveOutputFiles)
  std::vector<std::string> env;
  bool progress = true;
  bool pin = true;           ///< false: --no-pin (workers stay where the scheduler puts them)
  StoreOptions store;        ///< --save, --name, --store
  std::string command_line;  ///< as typed, for the store's record
  // Test-only (hidden): fault injection and a short worker timeout.
  std::string test_fault;  ///< KIND or KIND:ALGORITHM (worker/protocol.h Job::test_fault)
  double worker_timeout = 0;
};

/// Runs `speed`. The terminal gets --format (default table), or the table when --output is
/// given; each --output file the format its extension names, else --format's, written
/// atomically after the measuring. Throws UsageError (exit 2) for bad input, the --output
/// refusals of ResolveOutputFiles included, before anything is measured; returns 0, or 1 when
/// a cell failed or --save could not keep the run.
int RunSpeed(const SpeedOptions& options);

/// Options of the hidden `cryptobench __harness-overhead` (bench/harness-overhead).
struct HarnessOverheadOptions {
  std::string max_seconds = "0.5";  ///< sampling budget per loop shape, seconds
  std::string format;               ///< --format: table (alias text) or json
};

/// Runs `__harness-overhead`: the per-call cost, in ns, of the timed loop around a no-op
/// (measure/harness_overhead.h). Throws UsageError for bad options; returns 0.
int RunHarnessOverhead(const HarnessOverheadOptions& options);

/// Options of `cryptobench list`.
struct ListOptions {
  bool backends = false;               ///< --backends: list the backends instead of algorithms
  std::string backend = "openssl";     ///< --backend: whose support the catalogue shows
  std::vector<std::string> libraries;  ///< --lib [NAME=]PATH, repeatable (ParseLibraryOptions)
  std::string format;  ///< --format as given ("": from --output's extension, else table)
};

/// Runs `list`: the catalogue, each entry marked supported/unsupported by the backend's library;
/// with --backends, the compiled-in backends, whether each can be opened here, its library
/// version and its CPU-feature mask variable (or that it has none).
int RunList(const ListOptions& options);

/// Options of `cryptobench doctor` as typed (validated by RunDoctorCommand).
struct DoctorCommandOptions {
  std::vector<std::string> algorithms;
  std::vector<std::string> libraries;  ///< --lib [NAME=]PATH, repeatable (ParseLibraryOptions)
  std::string backend = "openssl";     ///< --backend NAME[,NAME...]|all
  std::string format;  ///< --format as given ("": from --output's extension, else table)
  bool quick = false;
  std::string bytes = "16384";
  std::string max_seconds = "0.25";
  std::vector<std::string> outputs;  ///< --output FILE, repeatable (ResolveOutputFiles)
  bool progress = true;
  std::string from;                    ///< --from FILE|-: diagnose a report instead of measuring
  bool from_given = false;             ///< --from appeared on the command line
  std::vector<std::string> measuring;  ///< measuring options given (--lib, --quick, ...)
  StoreOptions store;                  ///< --save, --name, --store
  std::string command_line;            ///< as typed, for the store's record
  // Test-only (hidden), the openssl doctor's workers: KIND or KIND:ALGORITHM, as speed's.
  std::string test_fault;
  double worker_timeout = 0;
};

/// Runs `doctor`. Throws UsageError for bad input; returns 0 when every examined algorithm
/// runs as well as expected, 1 when a verdict or finding says otherwise. With --from it reads
/// a report (a result JSON or anything `import` reads) and measures nothing; unreadable input
/// throws UsageError with the import error ("FILE:LINE: expected ...").
int RunDoctorCommand(const DoctorCommandOptions& options);

/// Options of `cryptobench import`.
struct ImportOptions {
  std::string input;  ///< a file, or "-" for standard input
  /// --format as given: the terminal's without --output, else the format of each --output
  /// whose extension names none ("": table)
  std::string format;
  std::vector<std::string> outputs;  ///< --output FILE, repeatable (ResolveOutputFiles)
};

/// Runs `import`: reads `openssl speed` / `openssl version` output and writes it as results:
/// the terminal gets --format (default table), or the table when --output is given; each
/// --output file the format its extension names, else --format's, written atomically.
/// Unreadable input throws UsageError "FILE:LINE: expected ..." and writes nothing, as do the
/// --output refusals of ResolveOutputFiles (before the input is read).
int RunImport(const ImportOptions& options);

/// Options of `cryptobench report`.
struct ReportOptions {
  std::vector<std::string> files;    ///< result JSON files ("-" for standard input), in order
  std::string format;                ///< --format for the terminal ("" = table)
  std::vector<std::string> outputs;  ///< --output FILE, repeatable
};

/// Runs `report`: renders the speed runs of saved result JSON files (one run, or several as
/// {"runs": [...]}) without measuring, all files' runs as one report. The terminal gets
/// --format (default table), or the table when --output is given; each --output file the
/// format its extension names, else --format's, written atomically. Throws UsageError (exit 2) for
/// an unreadable file, a file that is not a speed result, and the --output refusals of
/// ResolveOutputFiles; returns 0.
int RunReport(const ReportOptions& options);

}  // namespace cryptobench::cli

namespace cryptobench::cli {

/// Options of `cryptobench compare` as typed (validated by RunCompare; docs/compare.md).
struct CompareCommandOptions {
  std::vector<std::string> files;  ///< positional sides: results JSON or importable text
  std::vector<std::string> libs;   ///< --lib NAME=PATH: live sides, measured now
  std::vector<std::string> env;    ///< --env [NAME:]VAR=VALUE for live sides' workers
  std::string algorithms;          ///< --algorithms a,b,c (live sides; filters file sides)
  std::string bytes;               ///< --bytes (live sides measure them; filters file sides)
  std::string max_seconds = "0.25";
  std::string precision = "0.01";
  std::string rounds = "2";     ///< interleaved rounds per live side and algorithm
  std::string threshold = "5";  ///< percent
  std::string fail_if_slower;   ///< percent; empty = off
  std::string format;           ///< --format as given ("": from --output's extension, else table)
  std::vector<std::string> outputs;  ///< --output FILE, repeatable (ResolveOutputFiles)
  bool progress = true;
  std::string store;  ///< --store: where store:SELECTOR sides are read and --save saves
  bool save = false;  ///< --save: keep this comparison in the store (also CRYPTOBENCH_SAVE=1)
  std::string name;   ///< --name NAME (implies --save)
  std::string command_line;  ///< as typed, for the store's record
  /// Options given that only live sides use (--max-seconds, --precision, --rounds): an error
  /// when there is no --lib.
  std::vector<std::string> live_only_given;
  // --tls: tls results and live TLS measurements (docs/tls.md, "compare --tls").
  bool tls = false;
  std::vector<std::string> libssl;  ///< --libssl NAME=PATH for live side NAME
  std::string suites;               ///< live sides' suites (tls's --suites)
  std::string transfer_bytes = "256M";
  bool handshakes = true;  ///< --no-handshakes clears
};

/// Runs `compare`. Throws UsageError for bad input (exit 2), two sides with no cell in common
/// (compare::FirstPairWithNoCellInCommon) included; returns 1 when --fail-if-slower
/// finds a significant regression beyond its percentage or a live measurement failed, else 0.
/// With --tls, or when a file side is a tls result, runs RunCompareTls.
int RunCompare(const CompareCommandOptions& options);

/// `compare --tls`: tls result files and live builds (--lib NAME=PATH, --libssl NAME=PATH).
/// Throws UsageError for bad input; returns 1 as RunCompare does.
int RunCompareTls(const CompareCommandOptions& options);

/// True when a file among `files` (not "-") holds a tls result.
bool AnyTlsResultFile(const std::vector<std::string>& files);

}  // namespace cryptobench::cli

namespace cryptobench::cli {

/// Options of `cryptobench tls` as typed (validated by RunTls; README, "TLS").
struct TlsOptions {
  std::string backend = "openssl";  ///< TLS backend: openssl or gnutls
  std::string lib;                  ///< --lib PATH: the libcrypto (openssl)
  bool lib_given = false;
  std::string libssl;  ///< --libssl PATH (openssl; default: the libssl beside the libcrypto)
  bool libssl_given = false;
  std::string suites;  ///< comma list or "all"; empty = the default five
  std::string groups;  ///< handshake groups; empty = X25519, P-256, X25519MLKEM768
  std::string certs;   ///< handshake certificate types; empty = all three
  std::string cert;    ///< bulk transfers' certificate type; empty = by suite
  std::string transfer_bytes = "256M";
  std::string record_size = "16k";
  std::string port = "0";
  std::string precision = "0.02";
  std::string max_seconds = "5";
  std::string handshake_seconds = "1";
  std::string ktls = "auto";  ///< auto: with and without kTLS where the kernel has it; off
  bool transfers = true;      ///< --no-transfers clears
  bool handshakes = true;     ///< --no-handshakes clears
  bool tcp = true;            ///< --no-tcp clears: no plain-TCP baseline
  bool aead = true;           ///< --no-aead-ceiling clears
  /// --format as given: the terminal's without --output, else the format of each --output
  /// whose extension names none ("": table)
  std::string format;
  std::vector<std::string> outputs;  ///< --output FILE, repeatable (ResolveOutputFiles)
  std::vector<std::string> env;
  bool progress = true;
  // Interop with real peers.
  bool serve = false;             ///< --serve: cryptobench's server for real clients
  std::string connections = "0";  ///< --serve: connections to serve (0: until a signal)
  std::string connect;            ///< --connect HOST:PORT: download from a real server
  std::string path;               ///< --connect: the GET path ("" = cryptobench's stream)
  std::string cafile;             ///< --connect: PEM certificates to trust ("" = the system's)
  std::string server_name;        ///< --connect: the name to verify ("" = HOST)
  std::string expect_sha256;      ///< --connect: the body's SHA-256, hex
  // Test-only (hidden): fault injection and short time limits.
  std::string test_fault;     ///< server-crash, server-hang, client-crash
  double worker_timeout = 0;  ///< longest silence of a worker, seconds
  double io_timeout = 0;      ///< socket timeout, seconds (default 30)
  StoreOptions store;         ///< --save, --name, --store
  std::string command_line;   ///< as typed, for the store's record
};

/// Runs `tls`. Throws UsageError for bad input (before any worker starts, or when the server
/// cannot start: a library that is not one, a libssl that does not match, a port in use);
/// returns 1 when a cell failed, else 0.
int RunTls(const TlsOptions& options);

}  // namespace cryptobench::cli

namespace cryptobench::cli {

/// Options of `cryptobench store import`.
struct StoreImportOptions {
  std::vector<std::string> files;  ///< result JSON or pasted text, each stored as its runs
  std::string hostname;            ///< --hostname: the machine the runs were made on ("": unknown)
  StoreOptions store;
};

/// Runs `store import`: stores every run of every file (each one transaction) and prints one
/// line per run stored. Throws UsageError for an unreadable file (nothing of it stored) and
/// store::StoreError for a store that cannot be used; returns 0.
int RunStoreImport(const StoreImportOptions& options);

/// Options of `cryptobench history` and its `show` and `trend` subcommands.
struct HistoryOptions {
  std::string store;
  std::string host;  ///< filters (store::RunFilter)
  std::string library;
  std::string algorithm;
  std::string name;
  std::string since;
  std::string until;
  std::string limit;   ///< runs listed / points of a trend, newest; empty: 50 and 200
  std::string format;  ///< --format as given ("": from --output's extension, else table)
  std::vector<std::string> outputs;  ///< --output FILE, repeatable (ResolveOutputFiles)
  // show
  bool show = false;
  std::string run;  ///< ID, last or NAME
  // trend
  bool trend = false;
  std::string trend_algorithm;
  std::string operation;
  std::string bytes;
  std::string threshold = "5";  ///< percent: smallest step marked
};

/// Runs `history`: lists stored runs, shows one (`show`, rendered as speed renders it), or
/// follows one cell over time (`trend`) with its step changes marked. Throws UsageError or
/// store::StoreError for bad input; returns 0.
int RunHistory(const HistoryOptions& options);

/// Opens the store `options` name (or the default) when a run is to be saved: --save, --name
/// or CRYPTOBENCH_SAVE=1; nullptr otherwise. Called before measuring, so a store that cannot
/// be used stops the command before any work. `store_only_for_saving`: the command uses the
/// store for nothing else (speed, doctor, tls), so a --store without --save or --name is a
/// UsageError rather than a run silently not kept. Throws store::StoreError.
std::unique_ptr<store::Store> OpenStoreForSaving(const StoreOptions& options,
                                                 bool store_only_for_saving);

/// The run a side selector names (last, ID or NAME; store::Store::Resolve with this host's
/// name; `with_cells`: last and NAME pick only runs holding cells, as compare needs). Throws
/// UsageError naming the store when there is none.
int64_t ResolveRun(store::Store& store, const std::string& selector, bool with_cells = true);

/// The store's location from --store or $CRYPTOBENCH_STORE ("" = the default SQLite store).
std::string StoreLocation(const std::string& given);

/// How a run made on this machine just now is saved: --name, `kind` ("speed", "doctor",
/// "compare", "tls"), the command line, and this host's name, usable CPU features
/// (cpu::UsableFeatureList) and virtualisation (cpu::DetectMachineVirtualization), with the
/// library files' SHA-256 recorded.
store::SaveInfo LocalSaveInfo(const StoreOptions& options, const std::string& kind,
                              const std::string& command);

/// Stores `runs` (a speed run, one per backend) with `info` in `store`, one transaction each,
/// all under one batch token, and prints "saved run N to LOCATION" on stderr. Throws
/// store::StoreError.
void SaveRuns(store::Store& store, const std::vector<results::RunResult>& runs,
              store::SaveInfo info);

/// Stores `runs` (doctor reports, one per backend; a compare; a tls run) with `info` in
/// `store`, one transaction each, under one batch token, and prints "saved run N to LOCATION"
/// on stderr. Throws store::StoreError.
/// With `skip_identical` (store import), a run already stored is not stored again and
/// "already stored as run N" is printed instead.
void SaveDocumentRuns(store::Store& store, const std::vector<store::DocumentRun>& runs,
                      store::SaveInfo info, bool skip_identical = false);

/// SaveDocumentRuns for a command whose output is already written (doctor, compare, tls): a
/// store that fails now is a failure to keep the output (exit 1), not bad input, so a
/// store::StoreError is printed as "error: WHAT (`unsaved`)" on stderr and false is returned.
/// `unsaved` says what was written and what was not kept ("the report was written; this run
/// was not saved").
bool SaveWrittenDocumentRuns(store::Store& store, const std::vector<store::DocumentRun>& runs,
                             store::SaveInfo info, const std::string& unsaved);

}  // namespace cryptobench::cli
