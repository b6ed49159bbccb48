// Which catalogue entry a result's algorithm is, for the renderers and for compare. Results
// hold canonical names, but a hand-written document may use an alias ("aes128"), so names are
// looked up with the catalogue's aliases. An imported result keeps a tool's own name where it
// is not exactly a catalogue name (docs/import.md), and such a name can collide with an alias:
// bssl's "AES-128" (kind "other") is one block of the bare cipher in ops/s, while the
// catalogue takes "aes-128" for AES-128-CBC. The result's kind tells them apart.
#pragma once

#include <string>

#include "algorithms/catalog.h"
#include "results/model.h"

namespace cryptobench::report {

/// The catalogue entry `alg` names (FindAlgorithm: canonical name or alias), unless `alg.kind`
/// is set and differs from the entry's kind (KindName); nullptr when there is none.
const AlgorithmInfo* CatalogEntryOf(const results::AlgorithmResult& alg);

/// The canonical name of `alg`: its catalogue entry's name, else its own name verbatim.
std::string CanonicalAlgorithmName(const results::AlgorithmResult& alg);

/// True when `cell` of `alg` is a throughput figure at an input size (bytes/s), false when it
/// is an ops/s figure: by the catalogue entry's kind (CatalogEntryOf); for a name outside the
/// catalogue, a cell with an input size or a bytes/s figure (an imported throughput of unknown
/// size) that is no public-key operation (sign, verify, derive), as results::IsSymmetricCell
/// decides for unknown names.
bool IsThroughputCell(const results::AlgorithmResult& alg, const results::Cell& cell);

/// True when `cell` is a throughput whose input size is unknown: a bytes/s figure with
/// input_len 0 (an imported row whose output does not give the size). A cell of input_len 0
/// without a bytes/s figure (a per-call figure, a failed cell) is not.
bool HasUnknownSize(const results::Cell& cell);

}  // namespace cryptobench::report
