// The small SQL surface the result store needs, so one store implementation (store.cc) runs on
// SQLite and on PostgreSQL: statements with positional parameters, typed values, transactions.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace cryptobench::store {

/// A store that cannot be used: corrupt, locked past the busy timeout, made by a newer
/// cryptobench, unreachable, refused credentials, a full disk. what() is one line naming the
/// store and the cause; the CLI prints it and exits with status 2.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A column or parameter value. SQL NULL is std::monostate.
using SqlValue = std::variant<std::monostate, int64_t, double, std::string>;
using SqlRow = std::vector<SqlValue>;

/// The value as an integer (text is parsed; NULL is 0). Throws StoreError for non-numeric text.
int64_t AsInt(const SqlValue& value);
/// The value as a double (text is parsed; NULL is 0). Throws StoreError for non-numeric text.
double AsDouble(const SqlValue& value);
/// The value as text (numbers printed; NULL is "").
std::string AsText(const SqlValue& value);
/// True for SQL NULL.
bool IsNull(const SqlValue& value);

/// One open database connection. Statements use `?` for parameters (the PostgreSQL connection
/// numbers them). Every method throws StoreError on failure.
class SqlConnection {
 public:
  virtual ~SqlConnection() = default;
  /// Runs `sql` (one or more statements without parameters), discarding rows.
  virtual void Execute(std::string_view sql) = 0;
  /// Runs one statement with `params` and returns its rows.
  virtual std::vector<SqlRow> Query(std::string_view sql, const std::vector<SqlValue>& params) = 0;
  /// Starts a transaction that takes the write lock at once (SQLite BEGIN IMMEDIATE), so two
  /// writers queue instead of failing on upgrade.
  virtual void BeginWrite() = 0;
  virtual void Commit() = 0;
  /// Rolls back; never throws (it runs during unwinding).
  virtual void Rollback() noexcept = 0;
  /// Inside a write transaction: keeps other connections from creating or upgrading the
  /// schema until it ends (SQLite's BEGIN IMMEDIATE already does; PostgreSQL takes an
  /// advisory lock).
  virtual void LockSchema() = 0;
  /// True if the database has a table called `name` (any schema visible to this connection).
  virtual bool HasTable(std::string_view name) = 0;
  /// True if the database has no table at all (a new, empty database).
  virtual bool IsEmpty() = 0;
  /// The column type of an auto-numbered primary key in this dialect.
  virtual std::string_view IdColumnType() const = 0;
  /// After rows were copied into `table` with their ids given (a schema upgrade), makes the
  /// next auto-numbered id follow the highest one (SQLite's INTEGER PRIMARY KEY already does;
  /// PostgreSQL's identity sequence is set).
  virtual void ContinueIds(std::string_view table) = 0;
  /// "sqlite:PATH" or "postgresql://HOST/DB" (no password): for messages.
  virtual std::string Describe() const = 0;
};

/// Opens (creating if needed) the SQLite database at `path` in WAL mode with a busy timeout
/// of `busy_timeout_ms` and foreign keys on. Throws StoreError naming the path ("not a
/// database", "permission denied", ...).
/// With `read_only` the file is opened read-only and must exist.
std::unique_ptr<SqlConnection> OpenSqlite(const std::string& path, int busy_timeout_ms = 15000,
                                          bool read_only = false);

/// Connects to the PostgreSQL server of `uri` (postgresql://[user@]host[:port]/db[?...]) with
/// libpq, which takes the password from PGPASSFILE (~/.pgpass) or a service file. Waits at
/// most 10 s to connect (unless the URI sets connect_timeout), 15 s for a lock (as SQLite's
/// busy timeout) and 300 s for a statement. Text parameters that are not UTF-8 get U+FFFD. Throws
/// StoreError for a URI holding a password (refused: `ps` would show it), an unreachable
/// server or failed authentication, and when this build has no libpq.
std::unique_ptr<SqlConnection> OpenPostgres(const std::string& uri);

}  // namespace cryptobench::store
