// The result model: one run of cryptobench (or one imported report), format-neutral. Reports
// render it; JSON serialises it (schema in docs/json-schema.md). Derived figures are computed
// from the raw samples by DeriveFigures() in one place.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "measure/sampler.h"

namespace cryptobench::results {

/// Version of the JSON document layout; bump on any incompatible change.
inline constexpr int kSchemaVersion = 1;

/// Outcome of one cell (one algorithm, operation and input size).
enum class CellStatus {
  kOk,           ///< measured
  kFailedKat,    ///< the known-answer test or the round-trip check failed: not timed
  kCrashed,      ///< the worker died on a signal (message names it, e.g. "SIGSEGV")
  kTimeout,      ///< the worker exceeded its time limit and was killed
  kError,        ///< the library returned an error, or the worker failed otherwise
  kUnsupported,  ///< the loaded library does not provide this algorithm
};

/// "ok", "failed_kat", "crashed", "timeout", "error", "unsupported".
const char* CellStatusName(CellStatus status);
/// Inverse of CellStatusName; returns false for an unknown name.
bool ParseCellStatus(const std::string& name, CellStatus* out);

/// A median with its confidence interval, in the unit named by the field holding it.
struct Estimate {
  double value = 0;
  double ci_low = 0;
  double ci_high = 0;
};

/// The raw samples of one worker process for one cell.
struct WorkerSamples {
  std::vector<measure::Sample> samples;
  bool precision_reached = false;
  /// --threads: the worker's whole sampling window (measure::SampleRun::window_ns), ns; 0 if
  /// not recorded.
  int64_t window_ns = 0;
  /// Samples per round, in order (measure::SampleInRounds); empty: one stretch (--threads,
  /// results from before rounds).
  std::vector<size_t> round_sizes;
  int pinned_cpu = -1;   ///< the CPU the worker was pinned to; -1: not pinned or not recorded
  std::string pin_note;  ///< why not pinned ("not pinned (--no-pin)"); "" if pinned/unknown
  std::optional<double> warmup_seconds;  ///< time the warm-up took, seconds; nullopt: unknown
  bool warmup_settled = false;           ///< the warm-up ended because the rate settled
  std::optional<double> steal;           ///< share of the worker's CPU stolen during the cell, 0..1
  /// "" when nothing disturbed the cell, else what did ("steal 4.1%"; measure::CellDisturbance)
  std::string disturbed;
  /// "" unless the cell was measured again because an attempt was disturbed: what disturbed
  /// each earlier attempt, joined by " | " (the figures are the last attempt's)
  std::string repeated;
  /// Attempts at the cell (measure::MeasureWatched): 1, or up to measure::kMaxCellAttempts
  /// when earlier ones were disturbed; the samples are the last attempt's
  int attempts = 1;
};

/// Fewest unpreempted samples of a worker for its median to leave the preempted ones out.
inline constexpr size_t kMinUnpreemptedSamples = 5;

/// Figures derived from the samples (DeriveFigures). One worker: throughput is the median of the
/// per-sample rates. For --threads N it is the aggregate of the N workers, each counted as its
/// total work over its total sampled wall time (a worker waiting for a core still produces
/// full-speed samples, so medians would overstate the sum), with its median's relative CI;
/// the bounds are summed. Per-op CPU and tick figures are over all workers' samples, and
/// worker_min/max give the per-worker spread.
struct CellFigures {
  size_t num_samples = 0;  ///< samples over all workers
  /// Samples during which the scheduler preempted the worker (measure::Sample::preemptions).
  /// With one worker they are left out of the median when at least kMinUnpreemptedSamples
  /// others exist: they time the scheduler, not the code. CPU figures still include them.
  size_t num_preempted_samples = 0;
  double confidence = 0.95;  ///< level of the CIs below (attained level may be lower; see
                             ///< ci_confidence)
  double ci_confidence = 0;  ///< confidence actually attained by the CI (the lowest over
                             ///< the workers; below `confidence` with few samples)
  Estimate ops_per_s;        ///< operations per wall-clock second
  std::optional<Estimate> bytes_per_s;  ///< symmetric only: ops_per_s x input_len
  double wall_ns_per_op = 0;            ///< 1e9 / ops_per_s.value
  double cpu_ns_per_op = 0;             ///< process CPU time per operation, nanoseconds
  double user_ns_per_op = 0;
  double sys_ns_per_op = 0;
  double cpu_utilization = 0;      ///< CPU time / wall time over the samples (1.0 = one core busy)
  double ticks_per_op = 0;         ///< tick-counter (TSC) ticks per operation
  bool cpu_wall_mismatch = false;  ///< |cpu_utilization - 1| > 0.10: work outside the process
                                   ///< (kernel offload, other threads) or a contended machine
  bool precision_reached = false;  ///< every worker met the precision target
  size_t num_workers = 0;
  /// Rounds behind the CI (one worker with round_sizes): the CI is then the wider of the
  /// samples' median CI and measure::RoundsInterval of the round medians. 0: one stretch.
  size_t rounds = 0;
  /// "" or what disturbed a worker during the cell ("steal 4.1%"), flagged in every output
  std::string disturbed;
  double worker_min_ops_per_s = 0;  ///< slowest worker's median
  double worker_max_ops_per_s = 0;  ///< fastest worker's median
};

/// A remark an import makes about one cell's figure: how it was read from the pasted text.
/// compare carries it into the cell's verdict (docs/compare.md).
struct CellCaveat {
  /// A clause that completes "the figure was ...", naming the line(s) of the text, e.g.
  /// "read from a row damaged in the paste (line 12)".
  std::string text;
  size_t line = 0;  ///< 1-based line of the text it concerns (the row's); 0 if none
  /// True: the figure itself may be wrong (its size, unit or digits are not settled by the
  /// paste), so no change can be read from it; false: a remark that leaves the figure as good
  /// as the tool's own (recomputed from the progress line the tool's table is computed from).
  bool doubt = false;
  /// With `doubt`: when > 0, the doubt is only which base the printed unit has (wolfCrypt's
  /// "MB": 2^20 or 10^6 bytes), so the figure is right within this factor (the larger base over
  /// the smaller: 1.024 for KB, 1.048576 for MB, 1.073741824 for GB) and every figure of the run
  /// printed in that unit has the same base; 0: the doubt has no such bound.
  double unit_factor = 0;
  /// With `doubt`: when not empty, the doubt is only which sizes the table's columns hold (a row
  /// pasted without its 'type ... bytes' line, read with the sizes that its number of figures or
  /// an earlier 'type' line implies): those sizes, in column order. The figure itself is as
  /// printed, so two figures read under the same list at the same size are the same column of
  /// two tables of one layout and their ratio stands; only the size named may be wrong.
  std::vector<uint64_t> assumed_sizes{};
};

/// One (operation, input size) of an algorithm.
struct Cell {
  /// "encrypt", "decrypt", "hash", "mac", "sign", "verify", "derive"; imported reports also
  /// "generate" (random bytes from an RNG or DRBG: input_len bytes per request) and a foreign
  /// tool's own names ("public", "private", "handshake", "keygen", ...).
  std::string operation;
  /// Bytes per operation (public key: 32, derive: 0). 0 in a throughput cell: an imported
  /// figure whose output does not give the size (figures.ops_per_s is then 0: no count).
  uint64_t input_len = 0;
  CellStatus status = CellStatus::kOk;
  std::string message;  ///< why, when status != kOk (e.g. "worker killed by SIGSEGV")
  std::vector<WorkerSamples> workers;  ///< one entry per worker process (--threads)
  uint64_t batch_iterations = 0;       ///< calibrated operations per sample
  std::optional<CellFigures> figures;  ///< set by DeriveFigures when samples exist
  /// Imported cells: how the figure was read where the text was damaged, cut or left out
  /// (in the order found); empty for measured cells and for figures read as printed.
  std::vector<CellCaveat> caveats;
};

/// True if one of `cell`'s caveats doubts its figure (CellCaveat::doubt).
bool HasDoubt(const Cell& cell);

/// Known-answer test outcome for an algorithm in the loaded library.
struct KatResult {
  std::string status = "not_run";  ///< "passed", "failed", "not_run"
  std::string source;              ///< the vector's published source(s)
  std::string detail;              ///< on failure: what differed
};

/// Everything measured for one algorithm.
struct AlgorithmResult {
  std::string algorithm;  ///< canonical catalogue name, "AES-128-GCM"
  std::string kind;       ///< "cipher", "aead", "hash", "mac", "signature", "key_agreement"
  /// The implementation the library chose, where it tells (backends::Backend::Implementation:
  /// Botan's provider, Crypto++'s AlgorithmProvider(), the kernel's driver; an imported botan
  /// speed line's [provider] tag); empty if unknown or not stated.
  std::string implementation;
  /// "legacy" for an imported openssl speed row timed through the 1.x low-level API
  /// ("aes-128 cbc", not "aes-128-cbc": import::IsLegacyRow); "" otherwise (EVP, or a tool that
  /// has no such notion). One run can hold both rows of a cipher (`openssl speed -evp
  /// aes-128-cbc aes-128-cbc` in 1.x): two entries of one `algorithm` that differ here.
  std::string api;
  bool supported = true;  ///< false: the library lacks it (every cell kUnsupported)
  KatResult kat;
  std::vector<Cell> cells;
};

/// Identity of the measured library (the OpenSSL backend fills it from OpenSSL_version()).
struct LibraryInfo {
  std::string backend = "openssl";
  std::string requested_path;  ///< as given with --lib, or the default soname
  std::string loaded_path;     ///< real path of the shared object actually loaded
  std::string version;         ///< OpenSSL_version(OPENSSL_VERSION), "OpenSSL 3.0.19 27 Jan 2026"
  uint64_t version_num = 0;    ///< OpenSSL_version_num()
  std::string cflags;          ///< OpenSSL_version(OPENSSL_CFLAGS), "compiler: ..."
  std::string built_on;        ///< OpenSSL_version(OPENSSL_BUILT_ON)
  std::string platform;        ///< OpenSSL_version(OPENSSL_PLATFORM)
  std::string options;         ///< BN_options(), e.g. "bn(64,64)" (`openssl version -o`)
  std::string cpu_info;        ///< 3.x OpenSSL_version(OPENSSL_CPU_INFO) verbatim; empty on 1.x
  std::string capability_vector;  ///< "0x...:0x..." as in use, "N/A" (no-asm build), or ""
  std::map<std::string, std::string> worker_env;  ///< environment set for the workers
  /// SHA-256 of the file at loaded_path when the run was measured, 64 lower-case hex digits
  /// (store.h LibraryFileSha256); "" when not recorded (older results, imports, an unreadable
  /// or over-large file). Absent from the JSON when "".
  std::string file_sha256;
};

/// The machine the run happened on.
struct MachineInfo {
  std::string cpu_model;
  std::string cpu_vendor;
  std::string arch;
  std::string kernel;
  int online_cpus = 0;
  bool hypervisor = false;
  std::string tick_counter;  ///< "tsc", "cntvct" or "none"
  double tick_rate_hz = 0;   ///< measured tick-counter rate (TSC: not the core clock)
};

/// How the run measured.
struct MethodInfo {
  std::string clock = "CLOCK_MONOTONIC";  ///< headline: wall-clock time
  std::string direction = "encrypt";      ///< "encrypt" or "decrypt" (--decrypt)
  double precision = 0.01;
  double max_seconds = 0.5;
  size_t min_samples = 5;
  double confidence = 0.95;
  double target_sample_seconds = 0.003;
  int threads = 1;
  std::vector<uint64_t> input_sizes;
  size_t rounds = 0;  ///< rounds per cell (measure::SamplerConfig::rounds); 0: not recorded
  /// "idlest allowed CPU per worker" or "off (--no-pin)"; "": not recorded (older results)
  std::string pinning;
};

/// Where the figures came from: measured now, or imported from another tool's output.
/// A statement about the environment that an imported text makes outside the tool's own
/// output, read by import for doctor --from and compare to interpret: an engine list, an
/// openssl.cnf line, a loaded kernel module, a /proc/crypto driver, CPU pinning, uname, the CPU
/// model or flags.
struct SourceFact {
  std::string kind;   ///< "engine", "engine_load_failed" (value: the engine's name),
                      ///< "openssl_conf", "kernel_module", "kernel_driver",
                      ///< "cpu_pinning", "uname", "cpu_model", "cpu_flags", "build_search",
                      ///< "library_version" (a release read from a compiler line's build path),
                      ///< "build_option" (a CMake option of the build, "OPENSSL_NO_ASM=ON" or
                      ///< "=OFF", from a CMakeCache.txt line or a cmake command line),
                      ///< "configure" (an autoconf configure command line the run's build was
                      ///< evidently made with: "./configure --enable-aesni", as typed),
                      ///< "implementation_claim" (a line of a program's own list of where it
                      ///< runs a family: NXP SDK's "AES: ELE200 HW accelerated ECB, CBC"),
                      ///< "cpu_clock_mhz" (a stated core clock, MHz)
  std::string value;  ///< what the line says, e.g. "afalg: AES-128-CBC, AES-256-CBC; available"
  size_t line = 0;    ///< 1-based line of the text it was read from
  /// What printed the line, where its wording tells: for "cpu_flags", "lscpu" (its "Flags:"
  /// line), "/proc/cpuinfo" (a "flags" or "Features" line) or "botan cpuid" (its "CPUID
  /// flags:" line, Botan's own feature names); for "cpu_arch", "uname -m"
  /// (lscpu's is unmarked); for "library_version", "compiler line build path"; for
  /// "build_option", "CMakeCache.txt" or "cmake command line"; for "configure", "configure
  /// command line"; "" when unknown
  /// (JSON "origin", written only when set).
  std::string origin{};
};

/// How an imported run was invoked, as far as the paste shows it: read from the `$ openssl speed
/// ...` command line when it is pasted, and from speed's own output where that says so (the
/// -elapsed banner, "Doing ... for Ns" progress lines). The -multi process count is
/// SourceInfo::multi (its evidence in `multi_from`). JSON "source.invocation", written only when
/// a field is set (docs/json-schema.md).
struct Invocation {
  size_t command_line = 0;  ///< 1-based line of the pasted command; 0: no command was pasted
  /// Where SourceInfo::multi was read: "command line" (-multi N), "Forked child lines",
  /// "child records" ("Got: ... from N"); "" when -multi was not seen.
  std::string multi_from;
  /// `-seconds N` (openssl speed 1.1.1 and later): every test ran N seconds, seconds; 0: speed's
  /// defaults (3 s per symmetric size, 10 s per public-key operation) or not known.
  double seconds = 0;
  std::string seconds_from;  ///< "command line" or "progress lines"; "" when seconds is 0
  bool elapsed = false;      ///< -elapsed on the command line, or speed's elapsed-time banner
  /// A CPU pinning prefix on the command line ("taskset -c 2", "numactl --physcpubind=0-3"),
  /// verbatim from its program name on; "" when none is shown.
  std::string pinning;
  int pinned_cpus = 0;  ///< CPUs that prefix allows; 0: not pinned, or not countable
  /// The command line shows a `time` wrapper (`time openssl speed ...`); never inferred from
  /// "real"/"user" lines alone.
  bool time_wrapper = false;
  /// `-async_jobs N` on the command line (openssl speed 1.1.0 and later): N jobs ran the loop,
  /// up to N operations in flight where an engine or provider pauses a job while its device
  /// works; 0: not given (one operation at a time).
  int async_jobs = 0;

  bool operator==(const Invocation&) const = default;
};

struct SourceInfo {
  std::string kind = "measured";     ///< "measured" or "imported"
  std::string tool = "cryptobench";  ///< imported: "openssl speed" or "openssl version"
  std::string tool_version;          ///< imported: the foreign tool's version, e.g. "3.0.13"
  std::string file;                  ///< imported: the file read
  // How to interpret imported figures (measured runs keep the defaults, which describe
  // cryptobench's own method; JSON omits them when all are at their defaults).
  std::string timing_basis = "wall_clock";  ///< "wall_clock", "user_cpu" or "unknown": the clock
                                            ///< the figures divide by
  std::string evp = "evp";           ///< "evp", "legacy" (1.x low-level API rows) or "unknown"
  std::string engine_or_provider;    ///< e.g. "engine qatengine", "provider fips"; empty if none
  int multi = 0;                     ///< `openssl speed -multi N` process count; 0 = not used
  Invocation invocation;             ///< imported: how the run was invoked (Invocation)
  std::vector<std::string> caveats;  ///< human-readable interpretation flags, one sentence each
  std::vector<SourceFact> facts;     ///< imported: environment lines before the run, in order
};

/// One run: the top-level JSON document.
struct RunResult {
  int schema_version = kSchemaVersion;
  std::string created_utc;  ///< ISO 8601, e.g. "2026-11-30T07:00:00Z"
  SourceInfo source;
  MachineInfo machine;
  LibraryInfo library;
  MethodInfo method;
  /// "" for a run that ran to its end; else the signal that stopped it ("SIGINT", "SIGTERM";
  /// `speed` keeps what it measured before it), and the run is partial: algorithms and cells
  /// after the one measuring then are missing. JSON: "partial": true and "interrupted_by".
  std::string interrupted_by;
  std::vector<AlgorithmResult> algorithms;
};

/// Computes cell.figures from cell.workers' samples (no-op if there are none). `symmetric`
/// selects whether bytes_per_s is filled. Uses stats::Summarize on per-sample ops/s.
void DeriveFigures(Cell& cell, bool symmetric, double confidence);

/// True if `cell` of algorithm `algorithm` is measured in bytes/s (cipher, AEAD, hash, MAC), as
/// the catalogue says; for a name the catalogue does not know: an input size (input_len > 0) or
/// a bytes/s figure (an imported throughput of unknown size), and an operation other than sign,
/// verify or derive.
bool IsSymmetricCell(const std::string& algorithm, const Cell& cell);

/// Derives figures for every cell of `run` (confidence: run.method.confidence), using
/// IsSymmetricCell to decide whether bytes_per_s is filled.
void DeriveAllFigures(RunResult& run);

/// True if any cell failed (KAT, crash, timeout, error): the exit status is then kExitFailure.
/// Unsupported cells are not failures.
bool HasFailures(const RunResult& run);

}  // namespace cryptobench::results
