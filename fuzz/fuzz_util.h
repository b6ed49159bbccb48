// Shared driver of the foreign-tool fuzz targets: every cleaned line goes to a parser of type
// Parser (a ForeignParser), command lines as its options; where it reports that the next run
// begins, the run is built and serialised and a fresh parser takes the line. A line's
// ImportError ends the input, as it ends an import.
#pragma once

#include <memory>
#include <string_view>

#include "results/json.h"

#include "import/foreign_run.h"
#include "import/import.h"
#include "import/paste_cleanup.h"

namespace cryptobench::fuzz {

template <typename Parser>
void FeedForeignParser(std::string_view text) {
  using cryptobench::import::Offer;
  auto parser = std::make_unique<Parser>("fuzz");
  const auto finish = [&]() {
    if (parser->HasFigures()) {
      (void)cryptobench::results::ToJson(parser->Build()).dump();
    }
  };
  try {
    for (const cryptobench::import::SourceLine& line : cryptobench::import::CleanPaste(text)) {
      if (line.kind == cryptobench::import::LineKind::kCommand) {
        parser->SetCommand(cryptobench::import::ParseForeignCommand(line.text).args, line.number);
      }
      if (parser->Take(line) == Offer::kNewRun) {
        finish();
        parser = std::make_unique<Parser>("fuzz");
        parser->Take(line);
      }
    }
    finish();
  } catch (const cryptobench::import::ImportError&) {
  }
}

}  // namespace cryptobench::fuzz
