// `cryptobench list` as report Documents: the algorithm catalogue with what a library supports,
// and the backends compiled in. The command gathers the facts; these lay them out.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "report/document.h"

namespace cryptobench::report {

/// The catalogue (algorithms/catalog.h, in its order) against one library: a "Backend: NAME"
/// line unless `backend` is openssl, "Library: VERSION (PATH)", the legend, then a table of
/// ALGORITHM (a '*' after a default-suite name), KIND, STATUS (supported or unsupported: in
/// `supported` by canonical name or not) and ALIASES.
Document AlgorithmListDocument(const std::string& backend, const std::string& library_version,
                               const std::string& loaded_path,
                               const std::set<std::string>& supported);

/// One compiled-in backend for `list --backends`.
struct BackendListing {
  std::string name;
  std::string description;
  bool usable = false;
  std::string reason;       ///< why not usable, one line
  std::string version;      ///< usable: the library's version ("" = unknown)
  std::string loaded_path;  ///< usable: the file loaded ("" = unknown)
  std::string mask;         ///< the CPU-feature mask variable and what it does, or why none
};

/// The backends, in registry order: a heading line per backend (name, description), then its
/// status (usable, with version and path; or why not) and CPU mask.
Document BackendListDocument(const std::vector<BackendListing>& backends);

}  // namespace cryptobench::report
