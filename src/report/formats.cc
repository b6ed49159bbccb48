// The format registry: names, aliases, producers, extensions and the one-line refusal.
#include "report/formats.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/errors.h"
#include "report/sanitize.h"

namespace cryptobench::report {
namespace {

struct Name {
  std::string_view name;
  Format format;
};

// Registry names first (FormatName reads the first entry of each format), then aliases.
constexpr Name kNames[] = {
    {"table", Format::kTable},
    {"openssl", Format::kOpenssl},
    {"json", Format::kJson},
    {"csv", Format::kCsv},
    {"markdown", Format::kMarkdown},
    {"html", Format::kHtml},
    {"gbench-json", Format::kGbenchJson},
    // Aliases.
    {"text", Format::kTable},
    {"md", Format::kMarkdown},
};

constexpr Format kSpeed[] = {Format::kTable,    Format::kOpenssl, Format::kJson,      Format::kCsv,
                             Format::kMarkdown, Format::kHtml,    Format::kGbenchJson};
constexpr Format kList[] = {Format::kTable, Format::kJson, Format::kMarkdown};
constexpr Format kDoctor[] = {Format::kTable, Format::kJson, Format::kMarkdown, Format::kHtml};
constexpr Format kCompare[] = {Format::kTable, Format::kJson, Format::kCsv, Format::kMarkdown,
                               Format::kHtml};
constexpr Format kImport[] = {Format::kTable, Format::kOpenssl,  Format::kJson,
                              Format::kCsv,   Format::kMarkdown, Format::kHtml};
constexpr Format kTls[] = {Format::kTable, Format::kJson, Format::kCsv, Format::kMarkdown,
                           Format::kHtml};
constexpr Format kHistory[] = {Format::kTable, Format::kJson, Format::kCsv, Format::kMarkdown};
constexpr Format kHistoryTrend[] = {Format::kTable, Format::kJson, Format::kCsv, Format::kMarkdown,
                                    Format::kHtml};
constexpr Format kHarnessOverhead[] = {Format::kTable, Format::kJson};

struct Extension {
  std::string_view suffix;  // lower case, with the dot
  Format format;
};

constexpr Extension kExtensions[] = {
    {".json", Format::kJson},         {".csv", Format::kCsv},   {".md", Format::kMarkdown},
    {".markdown", Format::kMarkdown}, {".html", Format::kHtml}, {".htm", Format::kHtml},
};  // not .txt: a text file may hold the table or the openssl layout, so --format decides

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

std::string_view FormatName(Format format) {
  for (const Name& entry : kNames) {
    if (entry.format == format) {
      return entry.name;
    }
  }
  return "?";
}

std::optional<Format> FindFormat(std::string_view name) {
  for (const Name& entry : kNames) {
    if (entry.name == name) {
      return entry.format;
    }
  }
  return std::nullopt;
}

std::string_view ProducerName(Producer producer) {
  switch (producer) {
    case Producer::kSpeed:
      return "speed";
    case Producer::kList:
      return "list";
    case Producer::kDoctor:
      return "doctor";
    case Producer::kCompare:
      return "compare";
    case Producer::kImport:
      return "import";
    case Producer::kTls:
      return "tls";
    case Producer::kHistory:
      return "history";
    case Producer::kHistoryTrend:
      return "history trend";
    case Producer::kHarnessOverhead:
      return "__harness-overhead";
    case Producer::kReport:
      return "report";
  }
  return "?";
}

std::span<const Format> FormatsOf(Producer producer) {
  switch (producer) {
    case Producer::kSpeed:
      return kSpeed;
    case Producer::kList:
      return kList;
    case Producer::kDoctor:
      return kDoctor;
    case Producer::kCompare:
      return kCompare;
    case Producer::kImport:
      return kImport;
    case Producer::kTls:
      return kTls;
    case Producer::kHistory:
      return kHistory;
    case Producer::kHistoryTrend:
      return kHistoryTrend;
    case Producer::kHarnessOverhead:
      return kHarnessOverhead;
    case Producer::kReport:
      return kSpeed;  // what speed writes, from its saved JSON
  }
  return {};
}

bool CanProduce(Producer producer, Format format) {
  const std::span<const Format> formats = FormatsOf(producer);
  return std::find(formats.begin(), formats.end(), format) != formats.end();
}

std::string FormatList(Producer producer) {
  const std::span<const Format> formats = FormatsOf(producer);
  std::string out;
  for (size_t i = 0; i < formats.size(); ++i) {
    if (i > 0) {
      out += i + 1 == formats.size() ? " or " : ", ";
    }
    out += FormatName(formats[i]);
  }
  return out;
}

std::optional<Format> FormatForExtension(std::string_view path) {
  const size_t slash = path.find_last_of('/');
  const std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const size_t dot = file.find_last_of('.');
  if (dot == std::string_view::npos || dot == 0) {
    return std::nullopt;  // no extension, or a dot file such as ".json"
  }
  const std::string suffix = Lower(file.substr(dot));
  for (const Extension& entry : kExtensions) {
    if (entry.suffix == suffix) {
      return entry.format;
    }
  }
  return std::nullopt;
}

Format ChooseFormat(Producer producer, std::string_view given, std::string_view output) {
  const std::string_view command = ProducerName(producer);
  if (!given.empty() || output.empty()) {
    const std::optional<Format> format = given.empty() ? Format::kTable : FindFormat(given);
    if (!format) {
      throw UsageError(fmt::format("--format '{}': unknown format; {} writes {}", SafeText(given),
                                   command, FormatList(producer)));
    }
    if (!CanProduce(producer, *format)) {
      throw UsageError(fmt::format("--format '{}': {} cannot write {}; it writes {}",
                                   SafeText(given), command, FormatName(*format),
                                   FormatList(producer)));
    }
    return *format;
  }
  const std::optional<Format> named = FormatForExtension(output);
  if (!named) {
    return Format::kTable;
  }
  if (!CanProduce(producer, *named)) {
    throw UsageError(
        fmt::format("--output '{}': {} cannot write {} (the format its extension "
                    "names); it writes {}: give --format",
                    SafeText(output), command, FormatName(*named), FormatList(producer)));
  }
  return *named;
}

}  // namespace cryptobench::report
