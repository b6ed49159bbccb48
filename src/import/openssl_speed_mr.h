// `openssl speed -mr` records (apps/speed.c), including -multi output where the parent echoes
// each child's records as "Got: +F:... from N" and the children's progress records
// interleave:
//   +H:16:64:...            sizes of the symmetric figures
//   +F:k:name:v1:...        symmetric figures, bytes/s per size
//   +F2:k:bits:a:b[:c:d]    RSA (3.2+: sign, verify, encrypt, decrypt)
//   +F3 DSA, +F4 ECDSA, +F5 ECDH, +F6 EdDSA, +F7 SM2, +F8 FFDH, +F9 KEM, +F10 signatures
//   +DT:name:seconds:size, +R:count:name:time            symmetric progress
//   +DTP:bits:what:what:seconds (3.2+ KEM/sig: +DTP:name:op:seconds), +Rn:count:...:time
// +F2..+F5 hold seconds per operation in 1.0.x and operations per second from 1.1.0 on. The
// +Rn numbers changed in 3.2 (RSA encrypt/decrypt took R3/R4, so DSA moved from R3/R4 to
// R5/R6 and so on); the +DTP record before each +Rn names the operation either way.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "import/openssl_speed_text.h"
#include "import/paste_cleanup.h"
#include "import/speed_evidence.h"

namespace cryptobench::import {

/// Per-run state of the -mr parser between records.
struct MrState {
  struct PendingDt {
    bool valid = false;
    std::string name;
    double seconds = 0;
    uint64_t input_len = 0;
  };
  struct PendingDtp {
    bool valid = false;
    bool by_name = false;  ///< 3.2+ KEM/signature form: name and operation, no bits
    unsigned bits = 0;
    std::string what;   ///< "private", "sign", ...; or the KEM/signature name
    std::string what2;  ///< "rsa", "rsa sign", "ecdsa", "Ed25519"; or the operation
    double seconds = 0;
  };
  /// A +F2..+F10 record before unit normalisation.
  struct RawPk {
    size_t line = 0;
    int record = 0;  ///< 2..10
    int child = -1;
    unsigned index = 0;
    unsigned bits = 0;
    std::string name;  ///< +F6/+F7 curve name
    std::vector<double> values;
  };

  /// Announced tests waiting for their results, oldest first. With -multi the children's
  /// records interleave; each child prints a result after its own announcement, and children
  /// run in step (each size is timed by the same alarm), so a result belongs to the oldest
  /// waiting announcement of its algorithm.
  std::deque<PendingDt> dts;
  std::deque<PendingDtp> dtps;
  bool numbering_3_2 = false;    ///< +Rn records numbered as in 3.2+
  bool ops_units_known = false;  ///< a record only 1.1.0+ prints was seen (+F6.., +R8..)
  std::vector<RawPk> raw_pk;
  std::vector<std::string> kem_names;  ///< KEM names in the order their records appear
  std::vector<std::string> sig_names;
  /// The last +DT or +DTP announcement (0: none) and its tag: where the results of output cut
  /// before any of them should have been.
  size_t last_announcement_line = 0;
  std::string last_announcement_tag;
};

/// True if a trimmed line is a -mr record ("+X...") or a -multi echo ("Got: +X... from N").
bool IsMrLine(std::string_view trimmed);

/// Takes one record into `evidence`. Throws ImportError for a malformed record (wrong field
/// count, a figure that is not a number). Returns kNewRun when a single-process run's
/// progress or +H record follows its final figures.
Offer TakeMrLine(const SourceLine& line, SpeedEvidence* evidence, MrState* state);

/// After the last record of a run: converts +F2..+F10 records to public-key rows in
/// operations per second, deciding the 1.0.x seconds-per-operation layout from the records
/// (and noting when it had to be inferred).
void FinishMr(SpeedEvidence* evidence, MrState* state);

}  // namespace cryptobench::import
