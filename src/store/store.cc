// The result store over SqlConnection (store.h; schema in docs/store.md).
#include "store/store.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>
#include <openssl/evp.h>
#include <sys/stat.h>

#include "core/utc.h"
#include "results/json.h"

namespace cryptobench::store {
namespace {

// Schema version 1 (cryptobench before schema 2): kept to test the upgrade from it. `{id}` is
// the dialect's auto-numbered key.
constexpr std::string_view kSchemaV1 = R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE hosts (
  id {id},
  hostname TEXT NOT NULL, cpu_model TEXT NOT NULL, cpu_vendor TEXT NOT NULL,
  arch TEXT NOT NULL, kernel TEXT NOT NULL, online_cpus INTEGER NOT NULL,
  hypervisor INTEGER NOT NULL,
  UNIQUE (hostname, cpu_model, cpu_vendor, arch, kernel, online_cpus, hypervisor));
CREATE TABLE builds (
  id {id},
  backend TEXT NOT NULL, loaded_path TEXT NOT NULL, version TEXT NOT NULL,
  cflags TEXT NOT NULL, platform TEXT NOT NULL, options TEXT NOT NULL,
  capability_vector TEXT NOT NULL,
  UNIQUE (backend, loaded_path, version, cflags, platform, options, capability_vector));
CREATE TABLE runs (
  id {id},
  name TEXT NOT NULL, kind TEXT NOT NULL, batch TEXT NOT NULL,
  created_utc TEXT NOT NULL, stored_utc TEXT NOT NULL,
  tool_version TEXT NOT NULL, command TEXT NOT NULL, environment TEXT NOT NULL,
  host_id BIGINT NOT NULL REFERENCES hosts (id),
  build_id BIGINT NOT NULL REFERENCES builds (id),
  cell_count INTEGER NOT NULL, document TEXT NOT NULL);
CREATE INDEX runs_by_time ON runs (created_utc, id);
CREATE INDEX runs_by_name ON runs (name, created_utc);
CREATE INDEX runs_by_batch ON runs (batch, id);
CREATE TABLE cells (
  run_id BIGINT NOT NULL REFERENCES runs (id),
  algorithm TEXT NOT NULL, operation TEXT NOT NULL, input_len BIGINT NOT NULL,
  status TEXT NOT NULL, unit TEXT NOT NULL,
  value DOUBLE PRECISION, ci_low DOUBLE PRECISION, ci_high DOUBLE PRECISION,
  samples TEXT NOT NULL,
  PRIMARY KEY (run_id, algorithm, operation, input_len));
CREATE INDEX cells_by_key ON cells (algorithm, operation, input_len);
)sql";

constexpr std::string_view kMetaTable =
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n";

// Schema version 2 but for meta. Hosts and builds are shared by the runs made on them and
// identified by every column (a host whose usable CPU features change, or a library file
// rebuilt under the same version string, is another row). A run keeps its whole result
// document (for `history show` and compare) and, for speed and import runs, one row per cell
// with its figures and per-sample rates (for trends and step tests). runs.build_id is the
// run's library when it has one (NULL for a compare run of several); run_builds lists every
// library a run used, labelled by compare's side letter ("" for the one of other runs).
constexpr std::string_view kTablesV2 = R"sql(
CREATE TABLE hosts (
  id {id},
  hostname TEXT NOT NULL, cpu_model TEXT NOT NULL, cpu_vendor TEXT NOT NULL,
  arch TEXT NOT NULL, kernel TEXT NOT NULL, online_cpus INTEGER NOT NULL,
  hypervisor INTEGER NOT NULL, cpu_features TEXT NOT NULL, virtualization TEXT NOT NULL,
  UNIQUE (hostname, cpu_model, cpu_vendor, arch, kernel, online_cpus, hypervisor,
          cpu_features, virtualization));
CREATE TABLE builds (
  id {id},
  backend TEXT NOT NULL, loaded_path TEXT NOT NULL, version TEXT NOT NULL,
  cflags TEXT NOT NULL, platform TEXT NOT NULL, options TEXT NOT NULL,
  capability_vector TEXT NOT NULL, file_sha256 TEXT NOT NULL,
  UNIQUE (backend, loaded_path, version, cflags, platform, options, capability_vector,
          file_sha256));
CREATE TABLE runs (
  id {id},
  name TEXT NOT NULL, kind TEXT NOT NULL, batch TEXT NOT NULL,
  created_utc TEXT NOT NULL, stored_utc TEXT NOT NULL,
  tool_version TEXT NOT NULL, command TEXT NOT NULL, environment TEXT NOT NULL,
  host_id BIGINT NOT NULL REFERENCES hosts (id),
  build_id BIGINT REFERENCES builds (id),
  cell_count INTEGER NOT NULL, document TEXT NOT NULL);
CREATE INDEX runs_by_time ON runs (created_utc, id);
CREATE INDEX runs_by_name ON runs (name, created_utc);
CREATE INDEX runs_by_batch ON runs (batch, id);
CREATE TABLE run_builds (
  run_id BIGINT NOT NULL REFERENCES runs (id), label TEXT NOT NULL,
  build_id BIGINT NOT NULL REFERENCES builds (id),
  PRIMARY KEY (run_id, label));
CREATE TABLE cells (
  run_id BIGINT NOT NULL REFERENCES runs (id),
  algorithm TEXT NOT NULL, operation TEXT NOT NULL, input_len BIGINT NOT NULL,
  status TEXT NOT NULL, unit TEXT NOT NULL,
  value DOUBLE PRECISION, ci_low DOUBLE PRECISION, ci_high DOUBLE PRECISION,
  samples TEXT NOT NULL,
  PRIMARY KEY (run_id, algorithm, operation, input_len));
CREATE INDEX cells_by_key ON cells (algorithm, operation, input_len);
)sql";

// Schema 1 -> 2, inside the upgrade's transaction. Neither dialect can widen a UNIQUE
// constraint or drop a NOT NULL in place (SQLite's ALTER TABLE cannot), so the four tables
// are rebuilt, the way https://www.sqlite.org/lang_altertable.html section 7 describes:
// renamed aside (since SQLite 3.26 a rename carries the other tables' foreign keys along, as
// PostgreSQL's does, https://www.sqlite.org/lang_altertable.html), created anew, copied with
// their ids, and dropped children first, so no foreign key is ever broken (SQLite's page
// describes the copy the other way round, which needs foreign keys off outside any
// transaction). Old hosts and builds get "" (unknown) for the new facts.
constexpr std::string_view kRenameV1 = R"sql(
DROP INDEX runs_by_time; DROP INDEX runs_by_name; DROP INDEX runs_by_batch;
DROP INDEX cells_by_key;
ALTER TABLE cells RENAME TO cells_v1;
ALTER TABLE runs RENAME TO runs_v1;
ALTER TABLE builds RENAME TO builds_v1;
ALTER TABLE hosts RENAME TO hosts_v1;
)sql";
constexpr std::string_view kCopyV1 = R"sql(
INSERT INTO hosts (id, hostname, cpu_model, cpu_vendor, arch, kernel, online_cpus, hypervisor,
                   cpu_features, virtualization)
  SELECT id, hostname, cpu_model, cpu_vendor, arch, kernel, online_cpus, hypervisor, '', ''
  FROM hosts_v1;
INSERT INTO builds (id, backend, loaded_path, version, cflags, platform, options,
                    capability_vector, file_sha256)
  SELECT id, backend, loaded_path, version, cflags, platform, options, capability_vector, ''
  FROM builds_v1;
INSERT INTO runs (id, name, kind, batch, created_utc, stored_utc, tool_version, command,
                  environment, host_id, build_id, cell_count, document)
  SELECT id, name, kind, batch, created_utc, stored_utc, tool_version, command, environment,
         host_id, build_id, cell_count, document
  FROM runs_v1;
INSERT INTO run_builds (run_id, label, build_id) SELECT id, '', build_id FROM runs_v1;
INSERT INTO cells (run_id, algorithm, operation, input_len, status, unit, value, ci_low,
                   ci_high, samples)
  SELECT run_id, algorithm, operation, input_len, status, unit, value, ci_low, ci_high, samples
  FROM cells_v1;
DROP TABLE cells_v1; DROP TABLE runs_v1; DROP TABLE builds_v1; DROP TABLE hosts_v1;
)sql";

// Kinds of run kept as a document without cells (Store::SaveDocument).
bool IsDocumentKind(const std::string& kind) {
  return kind == "doctor" || kind == "compare" || kind == "compare_tls" || kind == "tls";
}

std::string WithIdType(std::string_view sql, std::string_view id_type) {
  std::string out(sql);
  for (size_t at; (at = out.find("{id}")) != std::string::npos;) {
    out.replace(at, 4, id_type);
  }
  return out;
}

// Rolls back unless committed: a save that throws leaves nothing behind.
class WriteTransaction {
 public:
  explicit WriteTransaction(SqlConnection& connection) : connection_(connection) {
    connection_.BeginWrite();
  }
  ~WriteTransaction() {
    if (!committed_) {
      connection_.Rollback();
    }
  }
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  void Commit() {
    connection_.Commit();
    committed_ = true;
  }

 private:
  SqlConnection& connection_;
  bool committed_ = false;
};

int ReadVersion(SqlConnection& connection) {
  const std::vector<SqlRow> rows =
      connection.Query("SELECT value FROM meta WHERE key = 'schema_version'", {});
  if (rows.empty()) {
    throw StoreError(
        fmt::format("{}: not a cryptobench store (no schema version)", connection.Describe()));
  }
  int64_t version = 0;
  try {
    version = AsInt(rows[0][0]);
  } catch (const StoreError&) {
    version = 0;
  }
  if (version < 1 || version > 1000000) {
    throw StoreError(fmt::format("{}: not a cryptobench store (schema version '{}')",
                                 connection.Describe(), AsText(rows[0][0])));
  }
  return static_cast<int>(version);
}

// Per-sample rates of a cell in its unit: ops/s, or bytes/s for a symmetric cell.
std::vector<double> SampleRates(const results::Cell& cell, bool bytes) {
  std::vector<double> rates;
  for (const results::WorkerSamples& worker : cell.workers) {
    for (const measure::Sample& sample : worker.samples) {
      if (sample.wall_ns <= 0) {
        continue;
      }
      double rate =
          static_cast<double>(sample.iterations) * 1e9 / static_cast<double>(sample.wall_ns);
      if (bytes) {
        rate *= static_cast<double>(cell.input_len);
      }
      rates.push_back(rate);
    }
  }
  return rates;
}

// LIKE pattern matching `text` anywhere, with LIKE's wildcards in it taken literally.
std::string Contains(const std::string& text) {
  std::string out = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') {
      out += '\\';
    }
    out += c;
  }
  return out + "%";
}

// The WHERE clause (from " WHERE ...", or "") and its parameters for `filter` over runs r,
// hosts h, builds b.
std::string FilterClause(const RunFilter& filter, std::vector<SqlValue>& params, bool has_where) {
  std::vector<std::string> terms;
  if (!filter.host.empty()) {
    terms.emplace_back(
        "(LOWER(h.hostname) LIKE LOWER(?) ESCAPE '\\' OR LOWER(h.cpu_model) LIKE LOWER(?) "
        "ESCAPE '\\')");
    params.emplace_back(Contains(filter.host));
    params.emplace_back(Contains(filter.host));
  }
  if (!filter.library.empty()) {
    // Any library the run used (compare's sides too); a hash prefix names one build.
    terms.emplace_back(
        "EXISTS (SELECT 1 FROM run_builds rb JOIN builds lb ON lb.id = rb.build_id WHERE "
        "rb.run_id = r.id AND (LOWER(lb.version) LIKE LOWER(?) ESCAPE '\\' OR "
        "LOWER(lb.loaded_path) LIKE LOWER(?) ESCAPE '\\' OR LOWER(lb.backend) LIKE LOWER(?) "
        "ESCAPE '\\' OR lb.file_sha256 LIKE LOWER(?) ESCAPE '\\'))");
    for (int i = 0; i < 4; ++i) {
      params.emplace_back(Contains(filter.library));
    }
  }
  if (!filter.algorithm.empty()) {
    terms.emplace_back("EXISTS (SELECT 1 FROM cells x WHERE x.run_id = r.id AND x.algorithm = ?)");
    params.emplace_back(filter.algorithm);
  }
  if (!filter.name.empty()) {
    terms.emplace_back("r.name = ?");
    params.emplace_back(filter.name);
  }
  if (!filter.since.empty()) {
    terms.emplace_back("r.created_utc >= ?");
    params.emplace_back(filter.since);
  }
  if (!filter.until.empty()) {
    // A date prefix covers its whole day (or month): compare that many leading characters,
    // digits and ISO punctuation only, which sort alike under any collation (ICU's ignore
    // control characters, so a "prefix + \x7f" bound fails there).
    terms.emplace_back("SUBSTR(r.created_utc, 1, ?) <= ?");
    params.emplace_back(static_cast<int64_t>(filter.until.size()));
    params.emplace_back(filter.until);
  }
  std::string clause;
  for (const std::string& term : terms) {
    clause += (clause.empty() && !has_where) ? " WHERE " : " AND ";
    clause += term;
  }
  return clause;
}

}  // namespace

Store::Store(std::unique_ptr<SqlConnection> connection, bool read_only)
    : connection_(std::move(connection)) {
  Migrate(read_only);
}

void Store::Migrate(bool read_only) {
  SqlConnection& db = *connection_;
  if (read_only && !db.HasTable("meta") && db.IsEmpty()) {
    throw StoreError(fmt::format("{}: no runs stored yet (speed --save or store import store them)",
                                 db.Describe()));
  }
  if (db.HasTable("meta")) {
    const int version = ReadVersion(db);
    if (version > kStoreSchemaVersion) {
      throw StoreError(fmt::format(
          "{}: made by a newer cryptobench (store schema {}; this one knows up to {}): use that "
          "version, or another --store",
          db.Describe(), version, kStoreSchemaVersion));
    }
    if (version == kStoreSchemaVersion) {
      return;
    }
    if (read_only) {
      throw StoreError(fmt::format(
          "{}: made by an older cryptobench (store schema {}): a command that saves (speed "
          "--save, store import) upgrades it",
          db.Describe(), version));
    }
  } else if (!db.IsEmpty()) {
    throw StoreError(fmt::format(
        "{}: not a cryptobench store (the database has other tables); give another --store",
        db.Describe()));
  }
  WriteTransaction transaction(db);
  db.LockSchema();
  // Another process may have created or upgraded it while this one waited for the lock.
  int version = db.HasTable("meta") ? ReadVersion(db) : 0;
  if (version == 0) {
    db.Execute(SchemaSql(kStoreSchemaVersion, db));
    db.Query("INSERT INTO meta (key, value) VALUES ('schema_version', ?)",
             {std::to_string(kStoreSchemaVersion)});
    version = kStoreSchemaVersion;
  }
  if (version > kStoreSchemaVersion) {  // upgraded by a newer cryptobench meanwhile
    throw StoreError(
        fmt::format("{}: made by a newer cryptobench (store schema {}; this one "
                    "knows up to {}): use that version, or another --store",
                    db.Describe(), version, kStoreSchemaVersion));
  }
  if (version == 1) {
    db.Execute(kRenameV1);
    db.Execute(WithIdType(kTablesV2, db.IdColumnType()));
    db.Execute(kCopyV1);
    for (std::string_view table : {"hosts", "builds", "runs"}) {
      db.ContinueIds(table);
    }
    version = 2;
  }
  db.Query("UPDATE meta SET value = ? WHERE key = 'schema_version'",
           {std::to_string(kStoreSchemaVersion)});
  transaction.Commit();
}

int Store::SchemaVersion() { return ReadVersion(*connection_); }

int64_t Store::RowId(std::string_view table, const std::vector<std::string_view>& columns,
                     const std::vector<SqlValue>& key) {
  std::string names;
  std::string placeholders;
  std::string match;
  for (size_t i = 0; i < columns.size(); ++i) {
    names += fmt::format("{}{}", i ? ", " : "", columns[i]);
    placeholders += i ? ", ?" : "?";
    match += fmt::format("{}{} = ?", i ? " AND " : "", columns[i]);
  }
  // Another writer may insert the same row at once: DO NOTHING, then read whichever won.
  connection_->Query(fmt::format("INSERT INTO {} ({}) VALUES ({}) ON CONFLICT DO NOTHING", table,
                                 names, placeholders),
                     key);
  return AsInt(
      connection_->Query(fmt::format("SELECT id FROM {} WHERE {}", table, match), key).at(0).at(0));
}

int64_t Store::HostId(const results::MachineInfo& machine, const SaveInfo& info) {
  return RowId("hosts",
               {"hostname", "cpu_model", "cpu_vendor", "arch", "kernel", "online_cpus",
                "hypervisor", "cpu_features", "virtualization"},
               {info.hostname, machine.cpu_model, machine.cpu_vendor, machine.arch, machine.kernel,
                int64_t{machine.online_cpus}, int64_t{machine.hypervisor ? 1 : 0},
                info.cpu_features, info.virtualization});
}

int64_t Store::BuildId(const results::LibraryInfo& library, const std::string& file_sha256) {
  return RowId("builds",
               {"backend", "loaded_path", "version", "cflags", "platform", "options",
                "capability_vector", "file_sha256"},
               {library.backend, library.loaded_path, library.version, library.cflags,
                library.platform, library.options, library.capability_vector, file_sha256});
}

namespace {

// The SHA-256 of the library file `library` loaded, when `info` says it was loaded here now;
// "" (unknown) otherwise or when the file cannot be read.
std::string LibraryHash(const results::LibraryInfo& library, const SaveInfo& info) {
  if (!info.hash_library_files || library.loaded_path.empty()) {
    return "";
  }
  return FileSha256(library.loaded_path).value_or("");
}

// History orders by the run's time and store:last takes the newest: a bad or future one
// would take that place for good.
void CheckRunTime(const std::string& created_utc, const std::string& store) {
  if (created_utc.empty()) {
    return;
  }
  if (!IsUtcTimestamp(created_utc)) {
    throw StoreError(
        fmt::format("{}: not stored: the run's time '{}' is not a UTC time as YYYY-MM-DDTHH:MM:SSZ",
                    store, created_utc));
  }
  if (created_utc > UtcTimestampAfter(86400)) {
    throw StoreError(
        fmt::format("{}: not stored: the run's time {} is in the future", store, created_utc));
  }
}

}  // namespace

int64_t Store::SaveDocument(const DocumentRun& run, const SaveInfo& info) {
  return SaveDocument(run, info, false).id;
}

Store::SaveOutcome Store::SaveDocument(const DocumentRun& run, const SaveInfo& info,
                                       bool skip_identical) {
  CheckRunTime(run.created_utc, Describe());
  const std::string stored = UtcTimestamp();
  std::vector<std::string> hashes;
  for (const DocumentRun::Library& library : run.libraries) {
    SaveInfo hash_it;
    hash_it.hash_library_files = library.loaded_here;
    hashes.push_back(LibraryHash(library.library, hash_it));  // before the write lock is taken
  }
  WriteTransaction transaction(*connection_);
  const int64_t host = HostId(run.machine, info);
  std::vector<int64_t> builds;
  for (size_t i = 0; i < run.libraries.size(); ++i) {
    builds.push_back(BuildId(run.libraries[i].library, hashes[i]));
  }
  if (skip_identical) {
    // The same document (its libraries and time in it) of the same kind, host and name: the
    // same file imported again.
    const std::vector<SqlRow> same = connection_->Query(
        "SELECT id FROM runs WHERE host_id = ? AND kind = ? AND name = ? AND created_utc = ? AND "
        "document = ? ORDER BY id LIMIT 1",
        {host, info.kind, info.name, run.created_utc, run.document});
    if (!same.empty()) {
      transaction.Commit();  // the host and build rows, if new, are harmless and reused
      return {AsInt(same[0][0]), true};
    }
  }
  // The run's build when it has one library; NULL for several (compare's sides).
  const std::string build_value = builds.size() == 1 ? "?" : "NULL";
  std::vector<SqlValue> params = {info.name,    info.kind,
                                  info.batch,   run.created_utc.empty() ? stored : run.created_utc,
                                  stored,       std::string(CRYPTOBENCH_VERSION),
                                  info.command, std::string("{}"),
                                  host};
  if (builds.size() == 1) {
    params.emplace_back(builds.front());
  }
  params.emplace_back(int64_t{0});
  params.emplace_back(run.document);
  const std::vector<SqlRow> inserted = connection_->Query(
      fmt::format("INSERT INTO runs (name, kind, batch, created_utc, stored_utc, tool_version, "
                  "command, environment, host_id, build_id, cell_count, document) VALUES (?, ?, "
                  "?, ?, ?, ?, ?, ?, ?, {}, ?, ?) RETURNING id",
                  build_value),
      params);
  const int64_t id = AsInt(inserted.at(0).at(0));
  for (size_t i = 0; i < builds.size(); ++i) {
    connection_->Query(
        "INSERT INTO run_builds (run_id, label, build_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        {id, run.libraries[i].label, builds[i]});
  }
  transaction.Commit();
  return {id, false};
}

Store::SaveOutcome Store::Save(const results::RunResult& run, const SaveInfo& info,
                               bool skip_identical) {
  const std::string stored = UtcTimestamp();
  CheckRunTime(run.created_utc, Describe());
  const std::string file_sha256 = LibraryHash(run.library, info);  // before the write lock
  const std::string document = results::RunsToJsonText({run});
  nlohmann::json environment = nlohmann::json::object();
  for (const auto& [name, value] : run.library.worker_env) {
    environment[name] = value;
  }
  int64_t cell_count = 0;
  for (const results::AlgorithmResult& alg : run.algorithms) {
    cell_count += static_cast<int64_t>(alg.cells.size());
  }
  WriteTransaction transaction(*connection_);
  const int64_t host = HostId(run.machine, info);
  const int64_t build = BuildId(run.library, file_sha256);
  if (skip_identical) {
    // Identical but for the file it was read from (`a.txt`, `./a.txt`, a copy): the same run.
    const auto without_file = [](results::RunResult r) {
      r.source.file.clear();
      return results::RunsToJsonText({r});
    };
    const std::string wanted = without_file(run);
    std::string sql =
        "SELECT id FROM runs WHERE host_id = ? AND build_id = ? AND name = ? AND cell_count = ?";
    std::vector<SqlValue> params = {host, build, info.name, cell_count};
    if (!run.created_utc.empty()) {
      sql += " AND created_utc = ?";  // runs_by_time narrows the search to that second
      params.emplace_back(run.created_utc);
    }
    for (const SqlRow& candidate : connection_->Query(sql + " ORDER BY id", params)) {
      const int64_t id = AsInt(candidate.at(0));
      const std::optional<results::RunResult> stored_run = LoadRun(id);
      if (stored_run && without_file(*stored_run) == wanted) {
        transaction.Commit();  // the host and build rows, if new, are harmless and reused
        return {id, true};
      }
    }
  }
  const std::vector<SqlRow> inserted = connection_->Query(
      "INSERT INTO runs (name, kind, batch, created_utc, stored_utc, tool_version, command, "
      "environment, host_id, build_id, cell_count, document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
      "?, ?, ?) RETURNING id",
      {info.name, info.kind, info.batch, run.created_utc.empty() ? stored : run.created_utc, stored,
       std::string(CRYPTOBENCH_VERSION), info.command,
       environment.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), host, build,
       cell_count, document});
  const int64_t id = AsInt(inserted.at(0).at(0));
  connection_->Query("INSERT INTO run_builds (run_id, label, build_id) VALUES (?, '', ?)",
                     {id, build});
  for (const results::AlgorithmResult& alg : run.algorithms) {
    for (const results::Cell& cell : alg.cells) {
      const bool bytes = cell.figures && cell.figures->bytes_per_s.has_value();
      SqlValue value;
      SqlValue low;
      SqlValue high;
      if (cell.figures) {
        const results::Estimate& e = bytes ? *cell.figures->bytes_per_s : cell.figures->ops_per_s;
        value = e.value;
        low = e.ci_low;
        high = e.ci_high;
      }
      // An imported paste can repeat a cell (two tables of one run); the first is kept, as
      // compare keeps it.
      connection_->Query(
          "INSERT INTO cells (run_id, algorithm, operation, input_len, status, unit, value, "
          "ci_low, ci_high, samples) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO "
          "NOTHING",
          {id, alg.algorithm, cell.operation, static_cast<int64_t>(cell.input_len),
           std::string(results::CellStatusName(cell.status)),
           std::string(bytes ? "bytes_per_s" : "ops_per_s"), value, low, high,
           nlohmann::json(SampleRates(cell, bytes)).dump()});
    }
  }
  transaction.Commit();
  return {id, false};
}

std::vector<RunSummary> Store::ListRuns(const RunFilter& filter) {
  std::vector<SqlValue> params;
  std::string sql =
      "SELECT r.id, r.name, r.kind, r.created_utc, r.stored_utc, h.hostname, h.cpu_model, "
      "b.version, b.backend, r.cell_count, h.cpu_features, h.virtualization, b.file_sha256 "
      "FROM runs r JOIN hosts h ON h.id = r.host_id LEFT JOIN builds b ON b.id = r.build_id";
  sql += FilterClause(filter, params, false);
  sql += " ORDER BY r.created_utc DESC, r.id DESC";
  if (filter.limit > 0) {
    sql += " LIMIT ?";
    params.emplace_back(filter.limit);
  }
  std::vector<RunSummary> out;
  for (const SqlRow& row : connection_->Query(sql, params)) {
    RunSummary s;
    s.id = AsInt(row[0]);
    s.name = AsText(row[1]);
    s.kind = AsText(row[2]);
    s.created_utc = AsText(row[3]);
    s.stored_utc = AsText(row[4]);
    s.hostname = AsText(row[5]);
    s.cpu_model = AsText(row[6]);
    s.library = AsText(row[7]);
    s.backend = AsText(row[8]);
    s.cells = AsInt(row[9]);
    s.cpu_features = AsText(row[10]);
    s.virtualization = AsText(row[11]);
    s.file_sha256 = AsText(row[12]);
    if (IsNull(row[7])) {
      // A run of several libraries (compare): each with its side's letter.
      std::vector<std::string> versions;
      std::vector<std::string> backends;
      for (const SqlRow& side : connection_->Query(
               "SELECT rb.label, b.version, b.backend FROM run_builds rb JOIN builds b ON b.id = "
               "rb.build_id WHERE rb.run_id = ? ORDER BY rb.label",
               {s.id})) {
        versions.push_back(fmt::format("{}: {}", AsText(side[0]), AsText(side[1])));
        if (std::find(backends.begin(), backends.end(), AsText(side[2])) == backends.end()) {
          backends.push_back(AsText(side[2]));
        }
      }
      s.library = fmt::format("{}", fmt::join(versions, "; "));
      s.backend = fmt::format("{}", fmt::join(backends, ","));
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::optional<std::pair<std::string, std::string>> Store::LoadDocument(int64_t id) {
  const std::vector<SqlRow> rows =
      connection_->Query("SELECT kind, document FROM runs WHERE id = ?", {id});
  if (rows.empty()) {
    return std::nullopt;
  }
  return std::make_pair(AsText(rows[0][0]), AsText(rows[0][1]));
}

std::optional<results::RunResult> Store::LoadRun(int64_t id) {
  const std::optional<std::pair<std::string, std::string>> stored = LoadDocument(id);
  if (!stored) {
    return std::nullopt;
  }
  if (IsDocumentKind(stored->first)) {
    throw StoreError(fmt::format(
        "{}: run {} is a {} run: it holds no cells to compare (cryptobench history show {} "
        "prints it)",
        Describe(), id, stored->first, id));
  }
  try {
    return results::FromJson(results::ParseJsonBounded(stored->second));
  } catch (const std::exception& e) {
    throw StoreError(fmt::format("{}: run {} is damaged: {}", Describe(), id, e.what()));
  }
}

std::optional<int64_t> Store::Resolve(const std::string& selector, const std::string& hostname,
                                      bool with_cells) {
  const std::string cells = with_cells ? " AND r.cell_count > 0" : "";
  std::vector<SqlRow> rows;
  if (selector == "last") {
    rows = hostname.empty()
               ? connection_->Query(fmt::format("SELECT r.id FROM runs r WHERE 1 = 1{} ORDER BY "
                                                "r.created_utc DESC, r.id DESC LIMIT 1",
                                                cells),
                                    {})
               : connection_->Query(
                     fmt::format("SELECT r.id FROM runs r JOIN hosts h ON h.id = r.host_id WHERE "
                                 "h.hostname = ?{} ORDER BY r.created_utc DESC, r.id DESC LIMIT 1",
                                 cells),
                     {hostname});
  } else if (!selector.empty() && selector.find_first_not_of("0123456789") == std::string::npos &&
             selector.size() <= 18) {
    rows = connection_->Query("SELECT id FROM runs WHERE id = ?", {std::stoll(selector)});
  } else {
    rows = connection_->Query(
        fmt::format("SELECT r.id FROM runs r WHERE r.name = ?{} ORDER BY r.created_utc DESC, "
                    "r.id DESC LIMIT 1",
                    cells),
        {selector});
  }
  if (rows.empty()) {
    return std::nullopt;
  }
  return AsInt(rows[0][0]);
}

std::vector<int64_t> Store::BatchOf(int64_t id) {
  std::vector<int64_t> out;
  for (const SqlRow& row : connection_->Query(
           "SELECT b.id FROM runs r JOIN runs b ON b.batch = r.batch WHERE r.id = ? AND "
           "(r.batch <> '' OR b.id = r.id) ORDER BY b.id",
           {id})) {
    out.push_back(AsInt(row[0]));
  }
  return out;
}

std::vector<TrendPoint> Store::Trend(const CellKey& key, const RunFilter& filter) {
  std::vector<SqlValue> params = {key.algorithm, key.operation,
                                  static_cast<int64_t>(key.input_len)};
  std::string sql =
      "SELECT r.id, r.created_utc, h.hostname, b.version, c.unit, c.value, c.ci_low, c.ci_high, "
      "c.samples, h.cpu_model FROM cells c JOIN runs r ON r.id = c.run_id JOIN hosts h ON h.id = "
      "r.host_id "
      "JOIN builds b ON b.id = r.build_id WHERE c.algorithm = ? AND c.operation = ? AND "
      "c.input_len = ? AND c.status = 'ok' AND c.value IS NOT NULL";
  sql += FilterClause(filter, params, true);
  sql += " ORDER BY r.created_utc, r.id";
  std::vector<TrendPoint> out;
  for (const SqlRow& row : connection_->Query(sql, params)) {
    TrendPoint p;
    p.run_id = AsInt(row[0]);
    p.created_utc = AsText(row[1]);
    p.hostname = AsText(row[2]);
    p.library = AsText(row[3]);
    p.cpu_model = AsText(row[9]);
    p.unit = AsText(row[4]);
    p.estimate = {AsDouble(row[5]), AsDouble(row[6]), AsDouble(row[7])};
    const nlohmann::json samples =
        nlohmann::json::parse(AsText(row[8]), nullptr, /*allow_exceptions=*/false);
    if (samples.is_array()) {
      for (const nlohmann::json& s : samples) {
        if (s.is_number()) {
          p.samples.push_back(s.get<double>());
        }
      }
    }
    out.push_back(std::move(p));
  }
  if (filter.limit > 0 && out.size() > static_cast<size_t>(filter.limit)) {
    out.erase(out.begin(), out.end() - filter.limit);  // the newest `limit` points
  }
  return out;
}

std::vector<std::pair<CellKey, int64_t>> Store::CellsOf(const std::string& algorithm,
                                                        const RunFilter& filter) {
  std::vector<SqlValue> params = {algorithm};
  std::string sql =
      "SELECT c.operation, c.input_len, COUNT(*) FROM cells c JOIN runs r ON r.id = c.run_id "
      "JOIN hosts h ON h.id = r.host_id JOIN builds b ON b.id = r.build_id WHERE c.algorithm = ? "
      "AND c.status = 'ok'";
  sql += FilterClause(filter, params, true);
  sql += " GROUP BY c.operation, c.input_len ORDER BY c.operation, c.input_len";
  std::vector<std::pair<CellKey, int64_t>> out;
  for (const SqlRow& row : connection_->Query(sql, params)) {
    out.push_back(
        {CellKey{algorithm, AsText(row[0]), static_cast<uint64_t>(AsInt(row[1]))}, AsInt(row[2])});
  }
  return out;
}

std::string DefaultStorePath() {
  namespace fs = std::filesystem;
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg != nullptr && xdg[0] == '/') {  // the spec ignores a relative value
    return (fs::path(xdg) / "cryptobench" / "results.db").string();
  }
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0') {
    return (fs::path(home) / ".local" / "share" / "cryptobench" / "results.db").string();
  }
  throw StoreError("no default store: neither XDG_DATA_HOME nor HOME is set; give --store PATH");
}

bool IsUtcTimestamp(const std::string& text) {
  static constexpr std::string_view kShape = "0000-00-00T00:00:00Z";
  if (text.size() != kShape.size()) {
    return false;
  }
  for (size_t i = 0; i < text.size(); ++i) {
    if (kShape[i] == '0' ? (text[i] < '0' || text[i] > '9') : text[i] != kShape[i]) {
      return false;
    }
  }
  const auto field = [&](size_t at, size_t n) { return std::stoi(text.substr(at, n)); };
  const int month = field(5, 2);
  const int day = field(8, 2);
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month >= 1 && month <= 12 && day >= 1 && day <= kDays[month - 1] && field(11, 2) <= 23 &&
         field(14, 2) <= 59 && field(17, 2) <= 60;
}

namespace {

// A libpq keyword/value connection string ("host=db dbname=results"): its first word is one of
// libpq's connection keywords (PostgreSQL 15 documentation, section 34.1.2 "Parameter Key
// Words"). A SQLite file with such a name is still reachable as sqlite:PATH.
bool IsPostgresKeywordString(std::string_view location) {
  static constexpr std::string_view kKeywords[] = {"host",
                                                   "hostaddr",
                                                   "port",
                                                   "dbname",
                                                   "user",
                                                   "password",
                                                   "passfile",
                                                   "service",
                                                   "sslmode",
                                                   "connect_timeout",
                                                   "options",
                                                   "sslcert",
                                                   "sslkey",
                                                   "sslrootcert",
                                                   "application_name",
                                                   "gssencmode",
                                                   "channel_binding",
                                                   "target_session_attrs",
                                                   "require_auth",
                                                   "client_encoding"};
  const size_t start = location.find_first_not_of(" \t");
  if (start == std::string_view::npos) {
    return false;
  }
  const size_t end = location.find_first_of(" \t=", start);
  if (end == std::string_view::npos) {
    return false;
  }
  const size_t equals = location.find_first_not_of(" \t", end);
  if (equals == std::string_view::npos || location[equals] != '=') {
    return false;
  }
  const std::string_view word = location.substr(start, end - start);
  return std::find(std::begin(kKeywords), std::end(kKeywords), word) != std::end(kKeywords);
}

}  // namespace

namespace {

// The scheme of a URI location in lower case ("postgresql:"), or "" when there is none.
std::string LowerScheme(const std::string& location) {
  const size_t end = location.find("://");
  if (end == std::string::npos) {
    return "";
  }
  std::string scheme = location.substr(0, end + 1);
  std::transform(scheme.begin(), scheme.end(), scheme.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return scheme;
}

bool IsPostgresLocation(const std::string& location) {
  const std::string scheme = LowerScheme(location);
  return scheme == "postgresql:" || scheme == "postgres:" || IsPostgresKeywordString(location);
}

}  // namespace

std::optional<std::string> SqliteFileOf(const std::string& location) {
  if (IsPostgresLocation(location)) {
    return std::nullopt;
  }
  if (location.empty()) {
    return DefaultStorePath();
  }
  return location.rfind("sqlite:", 0) == 0 ? location.substr(7) : location;
}

std::unique_ptr<Store> OpenStore(const std::string& location, StoreAccess access) {
  namespace fs = std::filesystem;
  const bool read_only = access == StoreAccess::kRead;
  if (IsPostgresLocation(location)) {
    // libpq reads only a lower-case scheme; anything else it would take for a keyword string
    // and quote, password included, in its parse error.
    const std::string scheme = LowerScheme(location);
    return std::make_unique<Store>(
        OpenPostgres(scheme.empty() ? location : scheme + location.substr(scheme.size())),
        read_only);
  }
  std::string path = SqliteFileOf(location).value_or("");
  if (location.empty()) {
    if (!read_only) {
      std::error_code ec;
      fs::create_directories(fs::path(path).parent_path(), ec);
      if (ec) {
        throw StoreError(
            fmt::format("sqlite:{}: cannot create its directory: {}", path, ec.message()));
      }
    }
  }
  if (path.empty()) {
    throw StoreError("--store: expected a path, sqlite:PATH or postgresql://...");
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    throw StoreError(fmt::format("sqlite:{}: is a directory", path));
  }
  // SQLite would open a FIFO and wait for a writer for ever, and read /dev/zero or /dev/null as
  // an empty store: a store is a regular file (a link to one is followed).
  if (struct stat st{}; stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    const char* what = S_ISFIFO(st.st_mode)                         ? "a FIFO"
                       : S_ISSOCK(st.st_mode)                       ? "a socket"
                       : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                                    : "not a regular file";
    throw StoreError(fmt::format("sqlite:{}: is {}, not a SQLite store file", path, what));
  }
  const bool exists = fs::exists(path, ec);
  if (read_only && ec) {
    // Not "no store here": a directory on the way this user cannot search (EACCES).
    throw StoreError(fmt::format("sqlite:{}: cannot open: {}", path, ec.message()));
  }
  if (read_only && !exists) {
    throw StoreError(
        fmt::format("sqlite:{}: no store here (speed --save or store import make one; --store or "
                    "CRYPTOBENCH_STORE name another)",
                    path));
  }
  return std::make_unique<Store>(OpenSqlite(path, 15000, read_only), read_only);
}

std::string SchemaSql(int version, const SqlConnection& connection) {
  if (version == 1) {
    return WithIdType(kSchemaV1, connection.IdColumnType());
  }
  if (version == kStoreSchemaVersion) {
    return std::string(kMetaTable) + WithIdType(kTablesV2, connection.IdColumnType());
  }
  throw std::out_of_range(fmt::format("no store schema {}", version));
}

std::optional<std::string> FileSha256(const std::string& path, uint64_t max_bytes) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return std::nullopt;
  }
  const std::unique_ptr<int, void (*)(int*)> closer(new int(fd), [](int* f) {
    close(*f);
    delete f;
  });
  struct stat info {};
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    return std::nullopt;  // a directory or a device has no file content to name
  }
  if (static_cast<uint64_t>(info.st_size) > max_bytes) {
    return std::nullopt;
  }
  uint64_t total = 0;
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                        &EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1) {
    return std::nullopt;
  }
  std::vector<unsigned char> block(64 * 1024);
  for (;;) {
    const ssize_t got = read(fd, block.data(), block.size());
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got < 0) {
      return std::nullopt;
    }
    if (got == 0) {
      break;
    }
    total += static_cast<uint64_t>(got);
    if (total > max_bytes) {
      return std::nullopt;
    }
    if (EVP_DigestUpdate(context.get(), block.data(), static_cast<size_t>(got)) != 1) {
      return std::nullopt;
    }
  }
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(context.get(), digest, &length) != 1) {
    return std::nullopt;
  }
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex += fmt::format("{:02x}", digest[i]);
  }
  return hex;
}

std::string LibraryFileSha256(const std::string& loaded_path) {
  if (loaded_path.empty()) {
    return "";
  }
  return FileSha256(loaded_path, kLibraryFileHashMaxBytes).value_or("");
}

std::string LocalHostname() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) {
    return "";
  }
  return name;
}

}  // namespace cryptobench::store
