// Cell matching and per-row ratios.
#include "compare/match.h"

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "report/catalog_entry.h"
#include "report/format_util.h"

#include "compare/families.h"
#include "compare/format.h"
#include "compare/ratio.h"
#include "import/s_time.h"

namespace cryptobench::compare {
namespace {

// (canonical algorithm, low-level API, operation, input size): a 1.x low-level row
// ("aes-128 cbc") and the EVP row of the same cipher ("aes-128-cbc") are two keys.
using Key = std::tuple<std::string, bool, std::string, uint64_t>;

struct Entry {
  const results::Cell* cell = nullptr;
  std::string algorithm;  // canonical
  bool symmetric = true;
  bool legacy = false;  // results::AlgorithmResult::api "legacy"
};

// Cells of a run by key, and the keys in first-seen order.
void Index(const results::RunResult& run, std::map<Key, Entry>& by_key, std::vector<Key>& order) {
  for (const results::AlgorithmResult& alg : run.algorithms) {
    const std::string name = report::CanonicalAlgorithmName(alg);
    const bool legacy = alg.api == "legacy";
    for (const results::Cell& cell : alg.cells) {
      const bool symmetric = report::IsThroughputCell(alg, cell);
      const Key key{name, legacy, cell.operation, symmetric ? cell.input_len : 0};
      if (by_key.count(key) != 0) {
        continue;  // the first cell with this key counts
      }
      by_key[key] = Entry{&cell, name, symmetric, legacy};
      order.push_back(key);
    }
  }
}

// The same key through the other API.
Key OtherApi(const Key& key) {
  return Key{std::get<0>(key), !std::get<1>(key), std::get<2>(key), std::get<3>(key)};
}

// Canonical names a run holds through both APIs (a low-level and an EVP entry).
std::set<std::string> NamesOfBothApis(const std::map<Key, Entry>& cells) {
  std::set<std::string> legacy;
  std::set<std::string> evp;
  for (const auto& [key, entry] : cells) {
    (std::get<1>(key) ? legacy : evp).insert(std::get<0>(key));
  }
  std::set<std::string> out;
  for (const std::string& name : legacy) {
    if (evp.count(name) != 0) {
      out.insert(name);
    }
  }
  return out;
}

void AddCaveats(const results::Cell& cell, const std::string& side,
                std::vector<FigureCaveat>* out) {
  for (const results::CellCaveat& caveat : cell.caveats) {
    out->push_back(FigureCaveat{side, caveat});
  }
}

// The sizes `cell` was read under when its only doubt is those sizes
// (results::CellCaveat::assumed_sizes); empty otherwise.
std::vector<uint64_t> OnlyAssumedSizes(const results::Cell& cell) {
  std::vector<uint64_t> sizes;
  for (const results::CellCaveat& caveat : cell.caveats) {
    if (!caveat.doubt) {
      continue;
    }
    if (caveat.assumed_sizes.empty() || (!sizes.empty() && sizes != caveat.assumed_sizes)) {
      return {};
    }
    sizes = caveat.assumed_sizes;
  }
  return sizes;
}

// Whether both cells' only doubt is their sizes and both were read under the same size list:
// then they are the same column of two tables laid out alike, whatever sizes those columns
// really held (tryout 32 D11: two releases' digest rows pasted without their 'type' line).
bool SameAssumedSizes(const results::Cell& a, const results::Cell& b) {
  const std::vector<uint64_t> sizes = OnlyAssumedSizes(a);
  return !sizes.empty() && sizes == OnlyAssumedSizes(b) && a.input_len == b.input_len;
}

std::string NotMeasuredText(const results::Cell& cell) {
  if (cell.status == results::CellStatus::kOk) {
    return "no figure";
  }
  return report::StatusText(cell);
}

// Cells timed in user CPU seconds (openssl s_time) whose paste also gives the elapsed-time rate:
// when the real-seconds ratio ranks the sides otherwise or differs from the user-CPU ratio by more
// than `threshold`, the user-CPU figures settle no change (s_time counts only the client's user
// CPU time; apps/s_time.c, https://github.com/openssl/openssl/issues/2274). Adds a doubt caveat
// per side naming both rates and returns true; false when the two agree or a rate is missing.
bool RealSecondsDisagree(const Side& a, const results::Cell& a_cell, const Side& b,
                         const results::Cell& b_cell, Row* row, double threshold) {
  const std::optional<double> a_real = import::STimeRealRate(a.run, a_cell);
  const std::optional<double> b_real = import::STimeRealRate(b.run, b_cell);
  if (!a_real || !b_real || !row->a || !row->b || row->a->value <= 0) {
    return false;
  }
  const double user = row->ratio.ratio;
  const double real = *b_real / *a_real;
  const bool opposite = JudgeDirection(user, threshold) != JudgeDirection(real, threshold);
  if (!opposite && std::abs(user / real - 1) <= threshold) {
    return false;
  }
  const std::string why = fmt::format("; by user CPU time {}/{} is {}x, by real seconds {}x",
                                      b.letter, a.letter, RatioText(user), RatioText(real));
  const auto add = [row](const std::string& side, double figure, double real_rate,
                         const std::string& tail) {
    row->caveats.push_back(FigureCaveat{
        side, results::CellCaveat{fmt::format("{:.2f} connections/user sec but {:.1f} connections "
                                              "per real second{}",
                                              figure, real_rate, tail),
                                  0, true}});
  };
  add(a.letter, row->a->value, *a_real, "");
  add(b.letter, row->b->value, *b_real, why);
  return true;
}

}  // namespace

std::vector<Row> MatchRows(const Side& a, const Side& b, double threshold) {
  std::map<Key, Entry> a_cells;
  std::map<Key, Entry> b_cells;
  std::vector<Key> a_order;
  std::vector<Key> b_order;
  Index(a.run, a_cells, a_order);
  Index(b.run, b_cells, b_order);

  // Like with like: a key pairs with the same key (API included) of the other side. Only a cell
  // whose other side has no row of its own API (a 1.x run without -evp against an EVP run)
  // pairs across APIs, and its row says so (Row::a_legacy != Row::b_legacy).
  std::map<Key, Key> b_key_of;  // A's key -> B's key
  std::set<Key> b_paired;
  for (const Key& key : a_order) {
    if (b_cells.count(key) != 0) {
      b_key_of[key] = key;
      b_paired.insert(key);
    }
  }
  for (const Key& key : a_order) {
    const Key other = OtherApi(key);
    if (b_key_of.count(key) == 0 && a_cells.count(other) == 0 && b_cells.count(other) != 0 &&
        b_paired.count(other) == 0) {
      b_key_of[key] = other;
      b_paired.insert(other);
    }
  }
  std::vector<std::pair<std::optional<Key>, std::optional<Key>>> order;
  for (const Key& key : a_order) {
    const auto it = b_key_of.find(key);
    order.emplace_back(key, it != b_key_of.end() ? std::optional<Key>(it->second) : std::nullopt);
  }
  for (const Key& key : b_order) {
    if (b_paired.count(key) == 0) {
      order.emplace_back(std::nullopt, key);
    }
  }
  // A name a side holds through both APIs: its low-level rows are named so, apart from the EVP
  // rows of the same name.
  std::set<std::string> both_apis = NamesOfBothApis(a_cells);
  both_apis.merge(NamesOfBothApis(b_cells));

  std::vector<Row> rows;
  for (const auto& [a_key, b_key] : order) {
    const auto a_it = a_key ? a_cells.find(*a_key) : a_cells.end();
    const auto b_it = b_key ? b_cells.find(*b_key) : b_cells.end();
    const Key& key = a_key ? *a_key : *b_key;
    const Entry& any = a_it != a_cells.end() ? a_it->second : b_it->second;
    Row row;
    row.a_legacy = a_it != a_cells.end() && a_it->second.legacy;
    row.b_legacy = b_it != b_cells.end() && b_it->second.legacy;
    const bool low_level_only =
        (a_it == a_cells.end() || row.a_legacy) && (b_it == b_cells.end() || row.b_legacy);
    row.algorithm = low_level_only && both_apis.count(any.algorithm) != 0
                        ? any.algorithm + " (low-level API)"
                        : any.algorithm;
    const FamilyInfo family = FamilyOf(any.algorithm);
    row.family = family.family;
    row.group = family.group;
    row.operation = std::get<2>(key);
    row.input_len = std::get<3>(key);
    row.symmetric = any.symmetric;
    if (a_it == a_cells.end()) {
      row.presence = Presence::kOnlyB;
      row.b = CellFigure(*b_it->second.cell, row.symmetric);
      rows.push_back(std::move(row));
      continue;
    }
    if (b_it == b_cells.end()) {
      row.presence = Presence::kOnlyA;
      row.a = CellFigure(*a_it->second.cell, row.symmetric);
      rows.push_back(std::move(row));
      continue;
    }
    row.a = CellFigure(*a_it->second.cell, row.symmetric);
    row.b = CellFigure(*b_it->second.cell, row.symmetric);
    if (!row.a || !row.b) {
      row.presence = Presence::kNotMeasured;
      std::string note;
      if (!row.a) {
        note = fmt::format("{} in {}", NotMeasuredText(*a_it->second.cell), a.letter);
      }
      if (!row.b) {
        note += fmt::format("{}{} in {}", note.empty() ? "" : "; ",
                            NotMeasuredText(*b_it->second.cell), b.letter);
      }
      row.note = std::move(note);
      rows.push_back(std::move(row));
      continue;
    }
    row.ratio = EstimateRatio(*row.a, *row.b);
    row.direction = JudgeDirection(row.ratio.ratio, threshold);
    row.verdict = JudgeVerdict(row.ratio, threshold);
    AddCaveats(*a_it->second.cell, a.letter, &row.caveats);
    AddCaveats(*b_it->second.cell, b.letter, &row.caveats);
    if (SameAssumedSizes(*a_it->second.cell, *b_it->second.cell)) {
      row.sizes_assumed = true;  // one column of two tables of one layout: the ratio stands
    } else if (results::HasDoubt(*a_it->second.cell) || results::HasDoubt(*b_it->second.cell)) {
      row.verdict = Verdict::kCannotTell;  // a figure in doubt settles no change
    }
    if (RealSecondsDisagree(a, *a_it->second.cell, b, *b_it->second.cell, &row, threshold)) {
      row.verdict = Verdict::kCannotTell;  // user CPU time and elapsed time disagree
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace cryptobench::compare
