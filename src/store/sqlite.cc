// SqlConnection over SQLite (libsqlite3): the embedded default store.
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>
#include <sqlite3.h>

#include "store/sql.h"

namespace cryptobench::store {

int64_t AsInt(const SqlValue& value) {
  if (const auto* i = std::get_if<int64_t>(&value)) {
    return *i;
  }
  if (const auto* d = std::get_if<double>(&value)) {
    return static_cast<int64_t>(std::llround(*d));
  }
  if (const auto* s = std::get_if<std::string>(&value)) {
    int64_t out = 0;
    const auto [end, ec] = std::from_chars(s->data(), s->data() + s->size(), out);
    if (ec != std::errc() || end != s->data() + s->size()) {
      throw StoreError(fmt::format("store: expected an integer, found '{}'", *s));
    }
    return out;
  }
  return 0;
}

double AsDouble(const SqlValue& value) {
  if (const auto* d = std::get_if<double>(&value)) {
    return *d;
  }
  if (const auto* i = std::get_if<int64_t>(&value)) {
    return static_cast<double>(*i);
  }
  if (const auto* s = std::get_if<std::string>(&value)) {
    double out = 0;
    const auto [end, ec] = std::from_chars(s->data(), s->data() + s->size(), out);
    if (ec != std::errc() || end != s->data() + s->size()) {
      throw StoreError(fmt::format("store: expected a number, found '{}'", *s));
    }
    return out;
  }
  return 0;
}

std::string AsText(const SqlValue& value) {
  if (const auto* s = std::get_if<std::string>(&value)) {
    return *s;
  }
  if (const auto* i = std::get_if<int64_t>(&value)) {
    return std::to_string(*i);
  }
  if (const auto* d = std::get_if<double>(&value)) {
    return fmt::format("{}", *d);
  }
  return "";
}

bool IsNull(const SqlValue& value) { return std::holds_alternative<std::monostate>(value); }

namespace {

// `path` as an SQLite URI filename (https://www.sqlite.org/uri.html, section 3.1): "%", "?"
// and "#" percent-encoded, then `query`.
std::string UriFilename(const std::string& path, const std::string& query) {
  std::string out = "file:";
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out + "?" + query;
}

// A WAL database can be read only where SQLite can create its -shm file, beside the database
// (https://www.sqlite.org/wal.html, "Read-Only Databases"): not in a directory this user cannot
// write (another user's store). Without a -wal file no writer is at work (a writer keeps one
// until the last connection closes), so the file is then read as immutable: no locks, no -shm.
bool ReadableOnlyAsImmutable(const std::string& path) {
  std::error_code ignored;
  const std::filesystem::path file(path);
  const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
  return access(dir.c_str(), W_OK) != 0 && !std::filesystem::exists(path + "-wal", ignored);
}

class SqliteConnection final : public SqlConnection {
 public:
  SqliteConnection(const std::string& path, int busy_timeout_ms, bool read_only) : path_(path) {
    Open(path, busy_timeout_ms, read_only, false);
    if (read_only && db_ == nullptr) {
      Open(UriFilename(path, "immutable=1"), busy_timeout_ms, read_only, true);
    }
  }
  ~SqliteConnection() override { sqlite3_close_v2(db_); }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

 private:
  // Opens `name` and checks it is a database; read-only, a WAL store in a directory this user
  // cannot write leaves db_ null instead of throwing (unless `last`): then it is opened as
  // immutable.
  void Open(const std::string& name, int busy_timeout_ms, bool read_only, bool last) {
    const int flags =
        (read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
        SQLITE_OPEN_NOMUTEX | (last ? SQLITE_OPEN_URI : 0);
    const int rc = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
      const std::string why = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
      sqlite3_close(db_);
      db_ = nullptr;
      throw StoreError(fmt::format("{}: cannot open: {}", Describe(), why));
    }
    sqlite3_busy_timeout(db_, busy_timeout_ms);
    try {
      // WAL: readers do not block the writer and several processes may write (one at a time,
      // queued by the busy timeout). journal_mode is the first statement that reads the file,
      // so a file that is not a database fails here.
      if (read_only) {
        Query("SELECT COUNT(*) FROM sqlite_master", {});  // reads the file: is it a database?
      } else {
        Query("PRAGMA journal_mode=WAL", {});
      }
      Execute("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;");
    } catch (...) {
      const int code = sqlite3_errcode(db_);
      sqlite3_close_v2(db_);  // no destructor runs for a constructor that throws
      db_ = nullptr;
      if (read_only && !last && (code == SQLITE_READONLY || code == SQLITE_CANTOPEN) &&
          ReadableOnlyAsImmutable(path_)) {
        return;
      }
      throw;
    }
  }

 public:
  void Execute(std::string_view sql) override {
    char* error = nullptr;
    const std::string text(sql);
    if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
      const std::string why = error != nullptr ? error : sqlite3_errmsg(db_);
      sqlite3_free(error);
      throw StoreError(fmt::format("{}: {}", Describe(), why));
    }
  }

  std::vector<SqlRow> Query(std::string_view sql, const std::vector<SqlValue>& params) override {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
        SQLITE_OK) {
      throw Failure();
    }
    struct Finalize {
      sqlite3_stmt* s;
      ~Finalize() { sqlite3_finalize(s); }
    } finalize{stmt};
    for (size_t i = 0; i < params.size(); ++i) {
      const int index = static_cast<int>(i) + 1;
      int rc = SQLITE_OK;
      if (const auto* v = std::get_if<int64_t>(&params[i])) {
        rc = sqlite3_bind_int64(stmt, index, *v);
      } else if (const auto* d = std::get_if<double>(&params[i])) {
        rc = sqlite3_bind_double(stmt, index, *d);
      } else if (const auto* s = std::get_if<std::string>(&params[i])) {
        rc = sqlite3_bind_text64(stmt, index, s->data(), s->size(), SQLITE_TRANSIENT, SQLITE_UTF8);
      } else {
        rc = sqlite3_bind_null(stmt, index);
      }
      if (rc != SQLITE_OK) {
        throw Failure();
      }
    }
    std::vector<SqlRow> rows;
    for (;;) {
      const int rc = sqlite3_step(stmt);
      if (rc == SQLITE_DONE) {
        break;
      }
      if (rc != SQLITE_ROW) {
        throw Failure();
      }
      SqlRow row;
      const int columns = sqlite3_column_count(stmt);
      for (int c = 0; c < columns; ++c) {
        switch (sqlite3_column_type(stmt, c)) {
          case SQLITE_INTEGER:
            row.emplace_back(static_cast<int64_t>(sqlite3_column_int64(stmt, c)));
            break;
          case SQLITE_FLOAT:
            row.emplace_back(sqlite3_column_double(stmt, c));
            break;
          case SQLITE_NULL:
            row.emplace_back(std::monostate{});
            break;
          default: {
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, c));
            row.emplace_back(std::string(text != nullptr ? text : "",
                                         static_cast<size_t>(sqlite3_column_bytes(stmt, c))));
          }
        }
      }
      rows.push_back(std::move(row));
    }
    return rows;
  }

  void LockSchema() override {}
  bool HasTable(std::string_view name) override {
    return !Query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                  {std::string(name)})
                .empty();
  }
  bool IsEmpty() override { return Query("SELECT 1 FROM sqlite_master LIMIT 1", {}).empty(); }
  void BeginWrite() override { Execute("BEGIN IMMEDIATE"); }
  void Commit() override { Execute("COMMIT"); }
  void Rollback() noexcept override { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }
  std::string_view IdColumnType() const override { return "INTEGER PRIMARY KEY"; }
  void ContinueIds(std::string_view /*table*/) override {}  // rowid: the highest + 1
  std::string Describe() const override { return "sqlite:" + path_; }

 private:
  StoreError Failure() const {
    return StoreError(fmt::format("{}: {}", Describe(), sqlite3_errmsg(db_)));
  }

  std::string path_;
  sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<SqlConnection> OpenSqlite(const std::string& path, int busy_timeout_ms,
                                          bool read_only) {
  return std::make_unique<SqliteConnection>(path, busy_timeout_ms, read_only);
}

}  // namespace cryptobench::store
