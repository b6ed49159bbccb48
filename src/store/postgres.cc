// SqlConnection over PostgreSQL (libpq): the store a fleet of machines shares.
#include <memory>

#include <fmt/format.h>
#include <libpq-fe.h>

#include "core/utf8.h"

#include "store/sql.h"

namespace cryptobench::store {
namespace {

// `?` placeholders as PostgreSQL's $1, $2, ... (the store's SQL has no '?' in literals).
std::string NumberPlaceholders(std::string_view sql) {
  std::string out;
  int next = 1;
  for (char c : sql) {
    if (c == '?') {
      out += fmt::format("${}", next++);
    } else {
      out += c;
    }
  }
  return out;
}

// The URI without its password part, for messages.
std::string WithoutPassword(const std::string& uri) {
  const size_t scheme = uri.find("://");
  const size_t at = uri.find('@');
  if (scheme == std::string::npos || at == std::string::npos) {
    return uri;
  }
  const size_t colon = uri.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) {
    return uri;
  }
  return uri.substr(0, colon) + uri.substr(at);
}

class PostgresConnection final : public SqlConnection {
 public:
  explicit PostgresConnection(const std::string& uri) : described_(WithoutPassword(uri)) {
    char* parse_error = nullptr;
    PQconninfoOption* options = PQconninfoParse(uri.c_str(), &parse_error);
    if (options == nullptr) {
      const std::string why = parse_error != nullptr ? parse_error : "cannot parse";
      PQfreemem(parse_error);
      // libpq's message may quote the string, and with it a password.
      const std::string detail =
          why.find('"') != std::string::npos ? std::string() : fmt::format(": {}", Trim(why));
      throw StoreError(
          fmt::format("--store: not a PostgreSQL URI or connection string libpq reads{}", detail));
    }
    bool has_password = false;
    for (const PQconninfoOption* o = options; o->keyword != nullptr; ++o) {
      if (std::string_view(o->keyword) == "password" && o->val != nullptr && o->val[0] != '\0') {
        has_password = true;
      }
    }
    PQconninfoFree(options);
    if (has_password) {
      // The URI is not repeated: the password may sit anywhere in it.
      throw StoreError(
          "--store (or CRYPTOBENCH_STORE): the PostgreSQL location holds a password, which `ps` or "
          "the environment would show to other users; put it in PGPASSFILE (~/.pgpass) or a "
          "service file (PGSERVICE) instead");
    }
    // connect_timeout first: a URI's own value, expanded from dbname after it, overrides it.
    const char* const keywords[] = {"connect_timeout", "dbname", nullptr};
    const char* const values[] = {"10", uri.c_str(), nullptr};
    connection_ = PQconnectdbParams(keywords, values, /*expand_dbname=*/1);
    if (connection_ == nullptr || PQstatus(connection_) != CONNECTION_OK) {
      const std::string why = connection_ != nullptr ? PQerrorMessage(connection_) : "no memory";
      PQfinish(connection_);
      connection_ = nullptr;
      throw StoreError(fmt::format("{}: cannot connect: {}", described_, Trim(why)));
    }
    // Notices (CREATE TABLE ... already exists) are not for the user's terminal.
    PQsetNoticeProcessor(
        connection_, [](void*, const char*) {}, nullptr);
  }
  ~PostgresConnection() override { PQfinish(connection_); }
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;

  void Execute(std::string_view sql) override {
    const std::string text(sql);
    Check(PQexec(connection_, text.c_str()), false);
  }

  std::vector<SqlRow> Query(std::string_view sql, const std::vector<SqlValue>& params) override {
    const std::string text = NumberPlaceholders(sql);
    std::vector<std::string> values(params.size());
    std::vector<const char*> pointers(params.size());
    for (size_t i = 0; i < params.size(); ++i) {
      if (IsNull(params[i])) {
        pointers[i] = nullptr;
      } else {
        values[i] = ValidUtf8(AsText(params[i]));  // the server refuses other bytes
        pointers[i] = values[i].c_str();
      }
    }
    PGresult* result = PQexecParams(connection_, text.c_str(), static_cast<int>(params.size()),
                                    nullptr, pointers.data(), nullptr, nullptr, 0);
    std::unique_ptr<PGresult, decltype(&PQclear)> owned(Check(result, true), &PQclear);
    std::vector<SqlRow> rows;
    const int n = PQntuples(result);
    const int columns = PQnfields(result);
    for (int r = 0; r < n; ++r) {
      SqlRow row;
      for (int c = 0; c < columns; ++c) {
        if (PQgetisnull(result, r, c) != 0) {
          row.emplace_back(std::monostate{});
        } else {
          row.emplace_back(std::string(PQgetvalue(result, r, c),
                                       static_cast<size_t>(PQgetlength(result, r, c))));
        }
      }
      rows.push_back(std::move(row));
    }
    return rows;
  }

  void BeginWrite() override { Execute("BEGIN"); }
  void Commit() override { Execute("COMMIT"); }
  void Rollback() noexcept override { PQclear(PQexec(connection_, "ROLLBACK")); }
  void LockSchema() override {
    // Any constant key: every cryptobench creating or upgrading this database waits here.
    Execute("SELECT pg_advisory_xact_lock(4242001)");
  }
  bool HasTable(std::string_view name) override {
    return !Query(
                "SELECT 1 FROM information_schema.tables WHERE table_schema = "
                "current_schema() AND table_name = ?",
                {std::string(name)})
                .empty();
  }
  bool IsEmpty() override {
    return Query(
               "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() "
               "LIMIT 1",
               {})
        .empty();
  }
  std::string_view IdColumnType() const override {
    return "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY";
  }
  void ContinueIds(std::string_view table) override {
    // `table` is one of the store's own names, never input.
    Execute(fmt::format(
        "SELECT setval(pg_get_serial_sequence('{0}', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 "
        "FROM {0}), false)",
        table));
  }
  std::string Describe() const override { return described_; }

 private:
  static std::string Trim(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
      text.pop_back();
    }
    std::string out;
    for (char c : text) {  // libpq's messages span lines, indented by tabs
      if (c == '\n' || c == '\t') {
        if (!out.empty() && out.back() != ' ') {
          out += ' ';
        }
      } else {
        out += c;
      }
    }
    text = std::move(out);
    return text;
  }

  // Returns `result` if it succeeded (kept for the caller when `keep`), else throws.
  PGresult* Check(PGresult* result, bool keep) {
    const ExecStatusType status = result != nullptr ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      const std::string why = Trim(PQerrorMessage(connection_));
      PQclear(result);
      throw StoreError(fmt::format("{}: {}", described_, why));
    }
    if (!keep) {
      PQclear(result);
      return nullptr;
    }
    return result;
  }

  std::string described_;
  PGconn* connection_ = nullptr;
};

}  // namespace

std::unique_ptr<SqlConnection> OpenPostgres(const std::string& uri) {
  return std::make_unique<PostgresConnection>(uri);
}

}  // namespace cryptobench::store
