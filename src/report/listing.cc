// `cryptobench list` laid out as report Documents.
#include "report/listing.h"

#include <string>
#include <utility>

#include <fmt/format.h>

#include "algorithms/catalog.h"

namespace cryptobench::report {
namespace {

// Adds a heading. Not inlined: GCC 12 takes the heading moved into the document's variant here
// for maybe uninitialised (-Wmaybe-uninitialized, a false positive) when it is.
[[gnu::noinline]] void AddHeading(Document& doc, std::string text, int level, unsigned targets) {
  doc.Add(Heading{std::move(text), level}, targets);
}

}  // namespace

Document AlgorithmListDocument(const std::string& backend, const std::string& library_version,
                               const std::string& loaded_path,
                               const std::set<std::string>& supported) {
  Document doc;
  AddHeading(doc, "cryptobench list", 1, kMarkdownTarget);
  if (backend != "openssl") {
    doc.Add(Paragraph{fmt::format("Backend: {}", backend)});
  }
  doc.Add(Paragraph{fmt::format("Library: {} ({})", library_version, loaded_path)});
  doc.Add(Paragraph{"'*' = in the default suite; unsupported = this library does not provide it"});
  using Align = Column::Align;
  Table table;
  table.gap = std::string(1, ' ');  // one space, as the list always had
  table.columns = {{"ALGORITHM", "Algorithm", Align::kLeft, Column::Kind::kText, "", 20},
                   {"KIND", "Kind", Align::kLeft, Column::Kind::kText, "", 14},
                   {"STATUS", "Status", Align::kLeft, Column::Kind::kText, "", 12},
                   {"ALIASES", "Aliases", Align::kLeft}};
  for (const AlgorithmInfo& alg : Catalog()) {
    table.rows.push_back({fmt::format("{}{}", alg.name, alg.default_suite ? " *" : ""),
                          std::string(KindName(alg.kind)),
                          supported.count(std::string(alg.name)) > 0 ? "supported" : "unsupported",
                          fmt::format("{}", fmt::join(alg.aliases, ", "))});
  }
  doc.Add(Paragraph{""}, kTextTarget);  // the terminal's blank line before the table
  doc.Add(std::move(table));
  return doc;
}

Document BackendListDocument(const std::vector<BackendListing>& backends) {
  Document doc;
  AddHeading(doc, "cryptobench list --backends", 1, kMarkdownTarget);
  doc.Add(Paragraph{"Backends compiled into this build (speed --backend NAME[,NAME...] or all):"});
  for (const BackendListing& b : backends) {
    AddHeading(doc, fmt::format("{:<10}{}", b.name, b.description), 2, kTextTarget);
    AddHeading(doc, fmt::format("{}: {}", b.name, b.description), 2, kMarkdownTarget);
    const std::string status =
        b.usable ? fmt::format("usable: {} ({})", b.version.empty() ? "unknown version" : b.version,
                               b.loaded_path.empty() ? "path unknown" : b.loaded_path)
                 : fmt::format("not usable here: {}", b.reason);
    FieldList fields{{}, "  ", 10, 0, true};
    fields.fields.push_back({"status", {{status}}});
    fields.fields.push_back({"CPU mask", {{b.mask}}});
    doc.Add(std::move(fields));
  }
  return doc;
}

}  // namespace cryptobench::report
