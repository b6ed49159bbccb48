// The result store: every run can be kept and found again (docs/store.md). One schema and one
// implementation over SqlConnection: SQLite on one machine, PostgreSQL for a fleet.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "results/model.h"

#include "store/sql.h"

namespace cryptobench::store {

/// Version of the store's schema; a store of an older version is upgraded in place when
/// opened, one of a newer version is refused (StoreError).
/// Version 2 (this one) added the hosts' CPU features and virtualisation, the library files'
/// SHA-256, and runs of doctor, compare and tls (kept as their documents, without cells).
inline constexpr int kStoreSchemaVersion = 2;

/// How a run is saved besides its result.
struct SaveInfo {
  std::string name{};      ///< --name: a label to find it by (store:NAME); may be empty
  std::string kind{};      ///< "speed", "import", "doctor", "compare", "compare_tls" or "tls"
  std::string command{};   ///< the command line, for the record
  std::string hostname{};  ///< the machine's name; empty for an imported paste (unknown)
  std::string batch{};     ///< runs saved by one command (one per backend) share it
  /// The host's usable CPU features, space-separated (cpu::UsableFeatureList); "" unknown
  /// (an imported run, made elsewhere).
  std::string cpu_features{};
  /// The host's virtualisation (cpu::DetectVirtualization: "none", "kvm", ...); "" unknown.
  std::string virtualization{};
  /// Save: the run's library was loaded on this machine just now, so its file's SHA-256 is
  /// recorded in the build identity. False for imported runs, whose paths name files of
  /// another machine (the hash is then "", unknown). SaveDocument asks each library instead
  /// (DocumentRun::Library::loaded_here).
  bool hash_library_files = false;
};

/// A run of doctor, compare (also compare --tls) or tls: its result is not a speed run, so it is
/// kept whole as its JSON document, without cells. compare's store: sides and trends never select
/// it; history lists and shows it.
struct DocumentRun {
  std::string created_utc{};       ///< when it was made, YYYY-MM-DDTHH:MM:SSZ
  std::string document{};          ///< its result JSON, as the command's --format json writes it
  results::MachineInfo machine{};  ///< the host it ran on
  /// One library the run examined.
  struct Library {
    std::string label{};  ///< compare's side letter ("A", "B", ...); "" for a doctor or tls run
    results::LibraryInfo library{};
    /// Loaded on this machine just now (not a compare side read from a file): its file's
    /// SHA-256 is recorded.
    bool loaded_here = false;
  };
  std::vector<Library> libraries{};
};

/// One stored run, as listed.
struct RunSummary {
  int64_t id = 0;
  std::string name;
  std::string kind;
  std::string created_utc;  ///< when the run was measured (the result's own time)
  std::string stored_utc;   ///< when it was stored
  std::string hostname;
  std::string cpu_model;
  std::string library;  ///< the library's version string
  std::string backend;
  int64_t cells = 0;
  std::string cpu_features;    ///< the host's usable CPU features; "" unknown
  std::string virtualization;  ///< "" unknown
  std::string file_sha256;     ///< the library file's SHA-256 (hex); "" unknown or several
};

/// Which runs to list; empty fields match everything. Text filters match a substring,
/// case-insensitively (SQL LIKE); dates are ISO 8601 prefixes compared as text.
struct RunFilter {
  std::string host{};       ///< hostname or CPU model
  std::string library{};    ///< version string or loaded path
  std::string algorithm{};  ///< runs with a cell of this exact catalogue name
  std::string name{};       ///< exact --name
  std::string since{};      ///< created_utc >= since
  std::string until{};      ///< created_utc < until (a date prefix: up to its end)
  int64_t limit = 0;        ///< at most this many, newest first; 0: all
};

/// One cell of one run: a point of a trend.
struct TrendPoint {
  int64_t run_id = 0;
  std::string created_utc;
  std::string hostname;
  std::string cpu_model;  ///< the host's CPU model ("" unknown)
  std::string library;
  std::string unit;  ///< "bytes_per_s" or "ops_per_s"
  results::Estimate estimate;
  std::vector<double> samples;  ///< per-sample rates in `unit` (empty for imported runs)
};

/// Which cell a trend follows.
struct CellKey {
  std::string algorithm;
  std::string operation;
  uint64_t input_len = 0;
};

/// An open store. Every method throws StoreError; a failed save leaves nothing behind (each
/// run is one transaction).
class Store {
 public:
  /// Takes the connection, creates the schema in an empty database, upgrades an older one,
  /// refuses a newer one ("made by a newer cryptobench (store schema 3; this one knows up to
  /// 1)") and anything that is not a cryptobench store.
  /// With `read_only`, a missing or empty store and one that needs an upgrade are refused
  /// instead (reading never writes).
  explicit Store(std::unique_ptr<SqlConnection> connection, bool read_only = false);

  /// What Save did: the run's id, and whether an identical run was already stored.
  struct SaveOutcome {
    int64_t id = 0;
    bool already_stored = false;  ///< true: nothing was written; `id` is the earlier run
  };
  /// Stores `run` with its host, library build and cells (figures and per-sample rates) in one
  /// transaction. With `skip_identical`, a run identical to one already stored (the same
  /// result document, host, library build and name: the same file imported twice) is not
  /// stored again: the earlier run's id comes back with already_stored set. A measured run is
  /// never identical to another one (its time is in its document).
  SaveOutcome Save(const results::RunResult& run, const SaveInfo& info, bool skip_identical);
  /// Save without skip_identical: stores `run` and returns its id.
  int64_t SaveRun(const results::RunResult& run, const SaveInfo& info) {
    return Save(run, info, false).id;
  }
  /// Stores a doctor, compare or tls run (`info.kind`) in one transaction: its host, the
  /// builds of its libraries and its document. Returns its id.
  int64_t SaveDocument(const DocumentRun& run, const SaveInfo& info);
  /// SaveDocument; with `skip_identical`, a run of the same kind, host, name, time and document
  /// as one already stored (the same file imported again) is not stored again: the earlier
  /// run's id comes back with already_stored set.
  SaveOutcome SaveDocument(const DocumentRun& run, const SaveInfo& info, bool skip_identical);
  /// Runs matching `filter`, newest (by created_utc, then id) first.
  std::vector<RunSummary> ListRuns(const RunFilter& filter);
  /// The stored speed or import run `id` as it was saved; nullopt if there is none. Throws
  /// StoreError for a doctor, compare or tls run ("run 7 is a doctor run: it holds no cells
  /// to compare") and for a damaged document.
  std::optional<results::RunResult> LoadRun(int64_t id);
  /// A stored run's kind ("speed", "import", "doctor", "compare", "compare_tls", "tls") and its
  /// document
  /// as saved; nullopt if there is none.
  std::optional<std::pair<std::string, std::string>> LoadDocument(int64_t id);
  /// Resolves a side selector: "last" (the newest run of `hostname`, or of any host when it
  /// is empty), a number (a run id) or a name (the newest run saved with that --name). With
  /// `with_cells`, last and NAME pick only runs holding cells (speed and import runs: what
  /// compare can compare), never a doctor, compare or tls run. Returns nullopt when nothing
  /// matches.
  std::optional<int64_t> Resolve(const std::string& selector, const std::string& hostname,
                                 bool with_cells = true);
  /// The runs saved together with run `id` (one command, one per backend), in the order saved;
  /// just `id` for a run saved alone, empty if there is no such run.
  std::vector<int64_t> BatchOf(int64_t id);
  /// The cell `key` over the runs matching `filter`, oldest first.
  std::vector<TrendPoint> Trend(const CellKey& key, const RunFilter& filter);
  /// The distinct cells (operation, input size) stored for `algorithm` over the runs matching
  /// `filter`, with how many runs hold each, by operation then size.
  std::vector<std::pair<CellKey, int64_t>> CellsOf(const std::string& algorithm,
                                                   const RunFilter& filter);
  /// The store's schema version as stored.
  int SchemaVersion();
  /// "sqlite:PATH" or "postgresql://...": for messages.
  std::string Describe() const { return connection_->Describe(); }

 private:
  void Migrate(bool read_only);
  /// The id of the row of `table` whose `columns` equal `key`, inserted if there is none.
  int64_t RowId(std::string_view table, const std::vector<std::string_view>& columns,
                const std::vector<SqlValue>& key);
  int64_t HostId(const results::MachineInfo& machine, const SaveInfo& info);
  int64_t BuildId(const results::LibraryInfo& library, const std::string& file_sha256);

  std::unique_ptr<SqlConnection> connection_;
};

/// Where the SQLite store lives by default: $XDG_DATA_HOME/cryptobench/results.db, else
/// $HOME/.local/share/cryptobench/results.db (XDG Base Directory Specification 0.8).
/// Throws StoreError when neither variable is set.
std::string DefaultStorePath();

/// How a command uses the store.
enum class StoreAccess {
  kReadWrite,  ///< saving: created (with its directory) and upgraded as needed
  kRead,       ///< history, compare: opened read-only, never created; a missing store is an error
};

/// The SQLite database file that a store location names: DefaultStorePath() for "", PATH for
/// "sqlite:PATH" or a plain PATH; nullopt for a PostgreSQL location (as OpenStore reads it).
/// Opens nothing and throws nothing.
std::optional<std::string> SqliteFileOf(const std::string& location);

/// Opens the store at `location`: empty for the default SQLite store, "sqlite:PATH" or a plain
/// path for SQLite, "postgresql://..." or "postgres://..." (any case) or a libpq keyword/value
/// string whose first word is a libpq connection keyword ("host=db dbname=results") for
/// PostgreSQL. A PostgreSQL location holding a password is refused (it would show in `ps`):
/// passwords come from
/// PGPASSFILE or a service file. Throws StoreError, one line, also for a SQLite path that is a
/// directory, a device, a FIFO or a socket (never opened: SQLite would wait on a FIFO).
std::unique_ptr<Store> OpenStore(const std::string& location,
                                 StoreAccess access = StoreAccess::kReadWrite);

/// True for "YYYY-MM-DDTHH:MM:SSZ" with each field in its range (the form results carry).
bool IsUtcTimestamp(const std::string& text);

/// The machine's host name (gethostname), or "" if unknown.
std::string LocalHostname();

/// The SHA-256 of the file at `path` as 64 lower-case hex digits (libcrypto's EVP digest,
/// read in 64 KiB blocks); nullopt when the file cannot be read or holds more than `max_bytes`
/// bytes (checked on fstat and again while reading, so a growing file stops there too).
std::optional<std::string> FileSha256(const std::string& path, uint64_t max_bytes = UINT64_MAX);

/// Largest library file LibraryFileSha256 hashes: 512 MiB, far above any shared crypto
/// library (libcrypto.so.3 is about 5 MiB), so a huge or endless file costs a run no time.
inline constexpr uint64_t kLibraryFileHashMaxBytes = uint64_t{512} << 20;

/// The SHA-256 a run records for the library file it loaded (results::LibraryInfo::
/// file_sha256): FileSha256 of `loaded_path` up to kLibraryFileHashMaxBytes; "" when the path
/// is empty, the file cannot be read or is larger. Never throws for the file's sake.
std::string LibraryFileSha256(const std::string& loaded_path);

/// The SQL that creates schema `version` (1 or kStoreSchemaVersion) in the dialect of
/// `connection`, without its meta row: for tests of the upgrade from an older store. Throws
/// std::out_of_range for another version.
std::string SchemaSql(int version, const SqlConnection& connection);

}  // namespace cryptobench::store
