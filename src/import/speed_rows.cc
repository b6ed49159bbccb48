// Rows from -multi children and from progress lines.
#include "import/speed_rows.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "import/speed_names.h"

namespace cryptobench::import {

std::string PkName(const PkRow& row) { return PkRowName(row.family, row.bits, row.curve); }

std::vector<SymRow> SumChildRows(const std::vector<SymRow>& rows) {
  std::vector<SymRow> sums;
  for (const SymRow& row : rows) {
    auto it =
        std::find_if(sums.begin(), sums.end(), [&](const SymRow& s) { return s.name == row.name; });
    if (it == sums.end()) {
      SymRow sum = row;
      sum.child = -1;
      sums.push_back(std::move(sum));
      continue;
    }
    for (size_t i = 0; i < it->bytes_per_s.size() && i < row.bytes_per_s.size(); ++i) {
      if (it->bytes_per_s[i] && row.bytes_per_s[i]) {
        *it->bytes_per_s[i] += *row.bytes_per_s[i];
      }
    }
  }
  return sums;
}

std::vector<PkRow> SumChildPkRows(const std::vector<PkRow>& rows) {
  std::vector<PkRow> sums;
  for (const PkRow& row : rows) {
    auto it = std::find_if(sums.begin(), sums.end(), [&](const PkRow& s) {
      return s.family == row.family && PkName(s) == PkName(row);
    });
    if (it == sums.end()) {
      PkRow sum = row;
      sum.child = -1;
      sums.push_back(std::move(sum));
      continue;
    }
    for (size_t i = 0; i < it->ops_per_s.size() && i < row.ops_per_s.size(); ++i) {
      it->ops_per_s[i].second += row.ops_per_s[i].second;
    }
  }
  return sums;
}

void RowsFromProgress(const std::vector<Progress>& progress, std::vector<uint64_t>* sizes,
                      std::vector<SymRow>* sym_rows, std::vector<PkRow>* pk_rows, int children,
                      std::vector<size_t>* incomplete, std::vector<size_t>* repeated,
                      std::vector<size_t>* surplus) {
  for (const Progress& p : progress) {
    if (!p.has_result || p.public_key || p.input_len == 0) {
      continue;
    }
    if (std::find(sizes->begin(), sizes->end(), p.input_len) == sizes->end()) {
      sizes->push_back(p.input_len);
    }
  }
  std::sort(sizes->begin(), sizes->end());
  // One entry per cell, in order of first appearance: the rates of its results added up.
  struct Cell {
    const Progress* first = nullptr;
    double rate = 0;
    int results = 0;
    std::vector<size_t> lines;  ///< of its results
  };
  std::vector<Cell> cells;
  const auto same_cell = [](const Progress& a, const Progress& b) {
    return a.public_key == b.public_key && a.name == b.name &&
           (a.public_key ? a.family == b.family && a.operation == b.operation
                         : a.input_len == b.input_len);
  };
  for (const Progress& p : progress) {
    if (!p.has_result || (!p.public_key && p.input_len == 0)) {
      continue;
    }
    // A count of 0 (every operation failed) gives a rate of 0: the cell is kept as an error
    // (speed_run.cc's Assembler), so a rule can see which operation failed.
    const double rate = p.seconds > 0 ? p.count / p.seconds
                                      : (p.count > 0 ? std::numeric_limits<double>::infinity() : 0);
    auto it = std::find_if(cells.begin(), cells.end(),
                           [&](const Cell& c) { return same_cell(*c.first, p); });
    if (it == cells.end()) {
      cells.push_back({&p, rate, 1, {p.line}});
      continue;
    }
    it->rate += rate;
    ++it->results;
    it->lines.push_back(p.line);
  }
  for (const Cell& cell : cells) {
    const Progress& p = *cell.first;
    if (children <= 1 && cell.results > 1) {
      if (repeated != nullptr) {
        repeated->insert(repeated->end(), cell.lines.begin(), cell.lines.end());
      }
      continue;
    }
    if (children > 1 && cell.results < children) {
      if (incomplete != nullptr) {
        incomplete->push_back(p.line);
      }
      continue;
    }
    if (children > 1 && cell.results > children) {
      if (surplus != nullptr) {
        surplus->insert(surplus->end(), cell.lines.begin(), cell.lines.end());
      }
      continue;
    }
    if (!p.public_key) {
      auto it = std::find_if(sym_rows->begin(), sym_rows->end(),
                             [&](const SymRow& r) { return r.name == p.name; });
      if (it == sym_rows->end()) {
        SymRow row;
        row.line = p.line;
        row.name = p.name;
        row.bytes_per_s.assign(sizes->size(), std::nullopt);
        sym_rows->push_back(std::move(row));
        it = sym_rows->end() - 1;
      }
      const size_t index = static_cast<size_t>(
          std::find(sizes->begin(), sizes->end(), p.input_len) - sizes->begin());
      it->bytes_per_s[index] = cell.rate * static_cast<double>(p.input_len);
      continue;
    }
    auto it = std::find_if(pk_rows->begin(), pk_rows->end(), [&](const PkRow& r) {
      return r.family == p.family && PkName(r) == p.name;
    });
    if (it == pk_rows->end()) {
      PkRow row;
      row.line = p.line;
      row.family = p.family;
      row.bits = p.bits;
      row.curve = p.curve;
      pk_rows->push_back(std::move(row));
      it = pk_rows->end() - 1;
    }
    it->ops_per_s.emplace_back(p.operation, cell.rate);
  }
}

}  // namespace cryptobench::import
