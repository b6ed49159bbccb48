// The command-line description of compare's sides, parsed without I/O: file sides and their
// labels, live sides (--lib NAME=PATH) and per-side environments (--env [NAME:]VAR=VALUE).
// Every function throws UsageError with a one-line message naming the bad value.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace cryptobench::compare {

/// A live side: a libcrypto measured now, with its own worker environment.
struct LiveSpec {
  std::string name;                        ///< NAME of --lib NAME=PATH: the side's label
  std::string path;                        ///< PATH as given (a path or a soname)
  std::map<std::string, std::string> env;  ///< set in this side's workers from process start
};

/// Parses --lib NAME=PATH. NAME: 1-64 characters of [A-Za-z0-9._+-], not starting with '-'
/// (it labels the side in reports; ':' is reserved for --env NAME:VAR=VALUE); PATH non-empty.
LiveSpec ParseLibSpec(const std::string& text);

/// Applies --env items to `sides`: "NAME:VAR=VALUE" sets VAR in side NAME's workers only,
/// "VAR=VALUE" in every live side's workers (a later item wins). The split is at the first '=':
/// VALUE may hold ':' and '=' (OPENSSL_ia32cap values do), VAR may not hold ':'. An unknown
/// NAME, a VAR that is not an environment name ([A-Za-z_][A-Za-z0-9_]*), or a missing '=' throws.
void ApplyEnvSpecs(const std::vector<std::string>& items, std::vector<LiveSpec>& sides);

/// Labels for file sides: each file's base name, or the path as given where two files share a
/// base name. The same path given twice, or a label that equals a live side's NAME, throws.
std::vector<std::string> FileLabels(const std::vector<std::string>& paths,
                                    const std::vector<LiveSpec>& live);

/// Checks that no two of the file sides `paths` name one file under different spellings
/// ("./a.json" and "a.json", a symbolic or hard link): comparing a file with itself shows
/// nothing. Unlike the rest of this header it reads the file system
/// (std::filesystem::equivalent); "-" and paths that do not exist are skipped (reading them
/// reports the error). Throws UsageError naming both spellings.
void CheckDistinctFiles(const std::vector<std::string>& paths);

/// Checks that live side NAMEs are unique; throws naming the duplicate.
void CheckUniqueNames(const std::vector<LiveSpec>& live);

/// Parses a percentage ("5", "5%", "12.5"): a finite number in (0, 100), returned as a fraction
/// (0.05); from 100 on no ratio could count as slower (B/A < 1 - PCT/100 <= 0), so a threshold
/// or gate of 100% or more is an error. `option` names the option in the error message.
double ParsePercent(const std::string& text, const std::string& option);

}  // namespace cryptobench::compare
