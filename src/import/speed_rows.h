// Gathering the rows of one run when its final table is not there: the -multi children's
// records added up, or figures recomputed from progress lines.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "import/speed_evidence.h"

namespace cryptobench::import {

/// The row name of a public-key row (PkRowName of its parts).
std::string PkName(const PkRow& row);

/// Adds the children's symmetric rows up per name and size (their rates add: the processes ran
/// side by side), as the parent's final table would.
std::vector<SymRow> SumChildRows(const std::vector<SymRow>& rows);

/// Adds the children's public-key rows up per row name and operation.
std::vector<PkRow> SumChildPkRows(const std::vector<PkRow>& rows);

/// Rows recomputed from progress lines with results: symmetric throughput = count × size /
/// time in bytes/s, public-key rate = count / time in ops/s. Adds the sizes seen to *sizes
/// (sorted); a zero time with a positive count gives an infinite rate (flagged later).
/// With `children` > 1 (-multi) the children's rates of each cell are added up, as the
/// parent's summary would; a cell with fewer than `children` results is left out and the line
/// of its first result goes to *incomplete (if given). Without -multi (`children` <= 1) a
/// cell with several results (children whose -multi the paste does not show, runs pasted
/// together, or curves of one size that the progress lines do not name) is left out too, and
/// the lines of all its results go to *repeated (if given): neither a sum nor one of them is
/// the run's figure. With -multi, a cell with more than `children` results (curves of one size
/// that the lines do not name, runs pasted together) is left out the same way, the lines of
/// its results going to *surplus (if given).
void RowsFromProgress(const std::vector<Progress>& progress, std::vector<uint64_t>* sizes,
                      std::vector<SymRow>* sym_rows, std::vector<PkRow>* pk_rows, int children = 1,
                      std::vector<size_t>* incomplete = nullptr,
                      std::vector<size_t>* repeated = nullptr,
                      std::vector<size_t>* surplus = nullptr);

}  // namespace cryptobench::import
