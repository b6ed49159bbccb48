// cryptobench_import_corpus: what `cryptobench import` makes of the corpus of real reports
// (tests/fixtures/reports), counted against the figures written in each file's header.
// bench/import-corpus builds and runs it.
//
// Usage: cryptobench_import_corpus [--verbose] [DIR]
// Exit status: 0 after printing the counts; 2 when DIR or a fixture header cannot be read.
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "support/corpus_files.h"
#include "support/report_corpus.h"

namespace {

namespace fs = std::filesystem;
using cryptobench::testing::CheckCorpusFixture;
using cryptobench::testing::CorpusFileContent;
using cryptobench::testing::CorpusFileNames;
using cryptobench::testing::CorpusResult;
using cryptobench::testing::ParseCorpusFixture;

std::string Percent(size_t part, size_t whole) {
  return whole == 0 ? "-"
                    : fmt::format("{:.0f}%",
                                  100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

}  // namespace

int main(int argc, char** argv) {
  bool verbose = false;
  fs::path dir = fs::path(CRYPTOBENCH_SOURCE_DIR) / "tests/fixtures/reports";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--verbose" || arg == "-v") {
      verbose = true;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << "usage: cryptobench_import_corpus [--verbose] [DIR]\n";
      return 0;
    } else {
      dir = arg;
    }
  }
  const std::vector<std::string> files = CorpusFileNames(dir);
  if (files.empty()) {
    std::cerr << "error: no *.txt reports in " << dir.string() << "\n";
    return 2;
  }

  std::vector<CorpusResult> results;
  for (const std::string& file : files) {
    try {
      results.push_back(
          CheckCorpusFixture(ParseCorpusFixture(file, CorpusFileContent(dir / file))));
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << "\n";
      return 2;
    }
  }

  CorpusResult total;
  size_t refusals = 0;
  size_t refused_right = 0;
  size_t errors = 0;
  size_t files_right = 0;
  struct FormatCount {
    size_t files = 0;
    size_t blocks = 0;
    size_t blocks_right = 0;
  };
  std::map<std::string, FormatCount> by_format;
  for (const CorpusResult& r : results) {
    refusals += r.refusal_expected ? 1 : 0;
    refused_right += r.refused_right ? 1 : 0;
    errors += !r.refusal_expected && !r.error.empty() ? 1 : 0;
    files_right += r.AllRight() ? 1 : 0;
    total.blocks += r.blocks;
    total.blocks_right += r.blocks_right;
    total.figures += r.figures;
    total.figures_right += r.figures_right;
    total.figures_wrong_value += r.figures_wrong_value;
    total.figures_dropped_caveat += r.figures_dropped_caveat;
    total.figures_dropped_silently += r.figures_dropped_silently;
    total.figures_invented += r.figures_invented;
    total.runs_mixing_machines += r.runs_mixing_machines;
    total.drops_named += r.drops_named;
    total.drops_unnamed += r.drops_unnamed;
    total.caveat_lines_named += r.caveat_lines_named;
    total.caveat_lines_unnamed += r.caveat_lines_unnamed;
    FormatCount& f = by_format[r.format];
    ++f.files;
    f.blocks += r.blocks;
    f.blocks_right += r.blocks_right;
  }

  fmt::print("import corpus: {} ({} files)\n", dir.string(), results.size());
  fmt::print("  files read entirely as their header expects   {:>5} of {:<5} {}\n", files_right,
             results.size(), Percent(files_right, results.size()));
  fmt::print("  blocks read right                             {:>5} of {:<5} {}\n",
             total.blocks_right, total.blocks, Percent(total.blocks_right, total.blocks));
  fmt::print("  files refused with FILE:LINE as expected      {:>5} of {}\n", refused_right,
             refusals);
  fmt::print("  import errors on files with tool output       {:>5}\n", errors);
  fmt::print("  figures expected                              {:>5}\n", total.figures);
  fmt::print("    read right                                  {:>5}\n", total.figures_right);
  fmt::print("    read with a wrong value                     {:>5}\n", total.figures_wrong_value);
  fmt::print("    dropped, a caveat names the line            {:>5}\n",
             total.figures_dropped_caveat);
  fmt::print("    dropped silently                            {:>5}\n",
             total.figures_dropped_silently);
  fmt::print("  figures invented (no header line expects)     {:>5}\n", total.figures_invented);
  fmt::print("  runs holding two machines' figures            {:>5}\n", total.runs_mixing_machines);
  fmt::print("  figures to drop: named in a caveat            {:>5} of {}\n", total.drops_named,
             total.drops_named + total.drops_unnamed);
  fmt::print("  lines a caveat must name: named               {:>5} of {}\n",
             total.caveat_lines_named, total.caveat_lines_named + total.caveat_lines_unnamed);
  fmt::print("  by format (files, blocks read right):\n");
  for (const auto& [format, count] : by_format) {
    fmt::print("    {:<22} {:>3} files  {:>3} of {:<3} blocks\n", format, count.files,
               count.blocks_right, count.blocks);
  }
  bool header = false;
  for (const CorpusResult& r : results) {
    if (r.AllRight()) {
      continue;
    }
    if (!header) {
      fmt::print("  not entirely right{}:\n",
                 verbose ? "" : " (first problem; --verbose lists all)");
      header = true;
    }
    fmt::print("    {}: {}\n", r.name, r.problems.front());
    if (verbose) {
      for (size_t i = 1; i < r.problems.size(); ++i) {
        fmt::print("    {}  {}\n", std::string(r.name.size(), ' '), r.problems[i]);
      }
    }
  }
  return 0;
}
