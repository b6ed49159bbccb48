// `openssl version [-a]` output, and the header block `openssl speed` prints before its
// tables (the same strings: OpenSSL_version() and BN_options(), apps/version.c and
// apps/speed.c). Also version-number parsing for the interpretation of speed figures.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/model.h"

#include "import/paste_cleanup.h"
#include "import/speed_evidence.h"

namespace cryptobench::import {

/// A parsed OpenSSL version: "1.1.1q", "3.0.0-alpha3-dev", "0.9.8zh", "4.1.0".
struct OpensslVersion {
  int major = 0;
  int minor = 0;
  int patch = 0;
  std::string letters;  ///< 1.x patch letters ("q", "zh"); empty for 3.x
  std::string suffix;   ///< after '-': "alpha3-dev", "fips", "dev"; empty for a release
  std::string text;     ///< the version token as printed, e.g. "1.1.1q"
  /// The library the version belongs to, from the line's first word: "OpenSSL" (also for a
  /// bare "3.0.8"), "LibreSSL", "BoringSSL" or "Tongsuo". LibreSSL numbers its own releases
  /// (3.8.2 is no OpenSSL 3.x) and its `openssl speed` is the one of OpenSSL 1.0.1, which it
  /// forked.
  std::string product = "OpenSSL";

  /// The version as a label that keeps the product: "3.0.13" for OpenSSL, "LibreSSL 3.8.2".
  std::string Label() const { return product == "OpenSSL" ? text : product + " " + text; }
  /// The OpenSSL major version whose speed app and EVP layer this release's match, for the
  /// interpretation of its figures: `major` for OpenSSL (and Tongsuo, an OpenSSL 3 fork), 1
  /// for LibreSSL.
  int OpensslGeneration() const { return product == "LibreSSL" ? 1 : major; }

  /// OPENSSL_VERSION_NUMBER layout: 3.x 0xMNN00PP0 (include/openssl/opensslv.h.in);
  /// 1.x 0xMNNFFPPS with S = 0xf for a release (crypto/opensslv.h of 1.1.1).
  uint64_t Number() const;
  bool AtLeast(int want_major, int want_minor) const {
    return major > want_major || (major == want_major && minor >= want_minor);
  }
};

/// Finds the version token in "OpenSSL 1.1.1q  5 Jul 2022", "3.0.8", "version: 3.0.8",
/// "OpenSSL 3.0.13 30 Jan 2024 (Library: ...)", "LibreSSL 3.8.2"; std::nullopt if there is
/// none. `product` comes from the text's first word (see IsVersionLine).
std::optional<OpensslVersion> ParseOpensslVersion(std::string_view text);

/// True for a line that starts a version: "OpenSSL 1.1.1q ..." or "LibreSSL 3.8.2".
bool IsVersionLine(std::string_view trimmed);

/// True for a header line that both `openssl speed` 1.x and `openssl version -a` print and that
/// is no version line: "built on:", "options:", "compiler:" and "CPUINFO:" (3.x). A paste
/// trimmed to its compiler line starts with one of them.
bool IsHeaderLabelLine(std::string_view trimmed);

/// The release of the source tree a Debian or Ubuntu package was built from, read from the
/// build path its compiler line records: dpkg-buildflags(1) adds -ffile-prefix-map=BUILDPATH=.
/// (feature `fixfilepath`, reproducible area; dpkg >= 1.19.1) or -fdebug-prefix-map=BUILDPATH=.
/// (`fixdebugpath`) to CFLAGS, BUILDPATH being the package's top-level directory, which
/// dpkg-source names after the upstream tarball: "/build/openssl-lY0Eec/openssl-1.1.1n" is
/// 1.1.1n (source: https://manpages.debian.org/bookworm/dpkg-dev/dpkg-buildflags.1.en.html,
/// section FEATURE AREAS, reproducible; https://reproducible-builds.org/docs/build-path/).
/// Only a last path component that is exactly "openssl-" or "libressl-" and a whole version
/// ParseOpensslVersion reads counts ("openssl-1.1.1n", "libressl-3.8.2"); a path Ubuntu
/// replaced by the word BUILDPATH, another package's tree, or two maps that name different
/// releases give std::nullopt. The release is the upstream one: a distribution's patches
/// (security fixes backported under the same number) are not in it.
std::optional<OpensslVersion> VersionFromBuildPath(std::string_view cflags);

/// Offers a trimmed line to a header: the version line ("OpenSSL x ..." or speed 3.x's
/// "version: x"), "built on:", "platform:", "options:", "compiler:", "CPUINFO:", and the
/// directory and seeding lines of version -a (recognised, not kept). Returns false for any
/// other line. A repeated "built on: built on:" (3.0 speed) is collapsed.
bool ParseHeaderLine(std::string_view trimmed, size_t line_number, HeaderInfo* header);

/// True if lines[index] starts an `openssl version` block rather than the header of speed
/// output: it names the library ("(Library: ...)"), or a "platform:" or directory line
/// follows, or nothing header-like follows at all (plain `openssl version`), or the line comes
/// right after an `openssl version` command (`after_version_command`).
bool StartsVersionBlock(const std::vector<SourceLine>& lines, size_t index,
                        bool after_version_command);

/// Fills library fields from a header: version, version_num, built_on, platform, options,
/// cflags, cpu_info and the capability vector from CPUINFO ("0x...:0x..." without " env:"; none
/// from a line results::Ia32capVectorCut).
/// version_num is OpenSSL's OPENSSL_VERSION_NUMBER for an OpenSSL release and 0 (unknown) for
/// other products, whose releases that layout cannot name (LibreSSL's is a fixed 0x20000000).
void FillLibraryInfo(const HeaderInfo& header, results::LibraryInfo* library);

/// True when an `openssl version` block and the header of a speed run describe the same
/// library: the same version token (the block's "(Library: ...)" part when printed, as speed
/// 3.x prints the library's version), and the same "built on:" and "compiler:" lines where both
/// have them. False when either version cannot be read.
bool SameLibrary(const HeaderInfo& version_block, const HeaderInfo& speed_header);

/// True when a speed header without a version line ("compiler: ..." alone, as people trim a 1.x
/// header) may be the library of an `openssl version` block before it: the block's version can be
/// read, and the header's "built on:", "options:" and "compiler:" lines are the block's where
/// both have them. Nothing else tells two builds apart, so this is "not contradicted", not
/// "the same" (SameLibrary).
bool VersionlessHeaderFits(const HeaderInfo& version_block, const HeaderInfo& speed_header);

/// A speed run's header completed from an `openssl version` block of the same library
/// (SameLibrary): the block's full version strings (release date, "(Library: ...)") and
/// platform, and any field the header lacks; the header's own built on, options, compiler and
/// CPUINFO lines win, as they are what the speed process printed. `line` stays the header's.
HeaderInfo CompleteHeader(const HeaderInfo& version_block, const HeaderInfo& speed_header);

/// The run for an `openssl version` block: library info only, no algorithms.
results::RunResult BuildVersionRun(const HeaderInfo& header, std::string_view file_name);

}  // namespace cryptobench::import
