// The one registry of output formats (issue 16): their names and aliases, which command can
// produce which, the one-line refusal of a format a command cannot produce, and the format an
// --output file's extension names. Every command's --format goes through ChooseFormat, so the
// same name means the same format everywhere.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cryptobench::report {

/// Output formats, by registry name: table (alias text), openssl, json, csv, markdown (alias
/// md), html and gbench-json (Google Benchmark's JSON). JSON is the serialised result model of
/// the command; the others are renderings of it.
enum class Format { kTable, kOpenssl, kJson, kCsv, kMarkdown, kHtml, kGbenchJson };

/// What renders a result, for the registry's table of which formats each can produce.
enum class Producer {
  kSpeed,            ///< speed (and history show: a stored speed run)
  kList,             ///< list, list --backends
  kDoctor,           ///< doctor, doctor --from
  kCompare,          ///< compare, compare --tls
  kImport,           ///< import
  kTls,              ///< tls
  kHistory,          ///< history (the run list)
  kHistoryTrend,     ///< history trend (one cell over time; HTML draws it)
  kHarnessOverhead,  ///< the hidden __harness-overhead
  kReport,           ///< report: saved speed results
};

/// The registry name of `format` ("table", "gbench-json", ...).
std::string_view FormatName(Format format);

/// The format a name or alias stands for (exact, lower case: "table", "text", "md", ...);
/// nullopt for anything else, "" included.
std::optional<Format> FindFormat(std::string_view name);

/// The command name used in messages ("speed", "doctor", ...).
std::string_view ProducerName(Producer producer);

/// The formats `producer` can write, its default (table) first.
std::span<const Format> FormatsOf(Producer producer);

/// True if `producer` can write `format`.
bool CanProduce(Producer producer, Format format);

/// The format an --output path's extension names: .json, .csv, .md or .markdown, .html or
/// .htm; case-insensitive. nullopt for any other or no extension (.txt too: a text file may
/// hold the table or the openssl layout, so --format decides).
std::optional<Format> FormatForExtension(std::string_view path);

/// The format `producer` writes: `given` (the --format value; "" when the option was not
/// given), else the one `output`'s extension names (FormatForExtension; "" for none), else
/// table. Throws UsageError, one line naming the value and the formats `producer` writes, when
/// `given` is no registry name, or the chosen format is one `producer` cannot produce, e.g.
/// "--format 'html': compare cannot write html; it writes table, json or markdown".
Format ChooseFormat(Producer producer, std::string_view given, std::string_view output = "");

/// "table, json or markdown": the formats `producer` writes, for messages.
std::string FormatList(Producer producer);

}  // namespace cryptobench::report
