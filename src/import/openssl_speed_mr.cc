// `openssl speed -mr` records.
#include "import/openssl_speed_mr.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "import/import.h"
#include "import/parse_util.h"
#include "import/speed_names.h"
#include "import/speed_progress.h"

namespace cryptobench::import {
namespace {

// Default sizes when +F comes without +H (apps/speed.c lengths[]): 1.0.x had five, 1.1.0+ six.
const std::vector<uint64_t> kSizes5 = {16, 64, 256, 1024, 8192};
const std::vector<uint64_t> kSizes6 = {16, 64, 256, 1024, 8192, 16384};

struct Record {
  size_t line = 0;
  int child = -1;
  std::string tag;                       ///< "F2", "DTP", ...
  std::vector<std::string_view> fields;  ///< after the tag
};

[[noreturn]] void Malformed(const Record& record, std::string_view what) {
  throw ImportError(record.line, fmt::format("expected {} in the +{} record", what, record.tag));
}

double Number(const Record& record, size_t index, std::string_view what) {
  if (index >= record.fields.size()) {
    Malformed(record, what);
  }
  const auto value = ParseDouble(record.fields[index]);
  if (!value) {
    Malformed(record,
              fmt::format("{} (a number), found {}", what, QuoteForError(record.fields[index])));
  }
  return *value;
}

unsigned Index(const Record& record, size_t index, std::string_view what) {
  const auto value =
      index < record.fields.size() ? ParseUnsigned(record.fields[index]) : std::nullopt;
  if (!value || *value > 1000000) {
    Malformed(record, fmt::format("{} (a whole number)", what));
  }
  return static_cast<unsigned>(*value);
}

void RequireFields(const Record& record, size_t count, std::string_view layout) {
  if (record.fields.size() != count) {
    Malformed(record, fmt::format("{} fields ({}), found {}", count, layout, record.fields.size()));
  }
}

// +R1..+R12 before 3.2 and +R1..+R20 from 3.2 (apps/speed.c BIO_printf of each loop).
struct RNumber {
  PkFamily family;
  const char* operation;
};
std::optional<RNumber> FromRNumber(int number, bool numbering_3_2) {
  static constexpr RNumber kBefore32[] = {
      {PkFamily::kRsa, "sign"},    {PkFamily::kRsa, "verify"}, {PkFamily::kDsa, "sign"},
      {PkFamily::kDsa, "verify"},  {PkFamily::kEcdsa, "sign"}, {PkFamily::kEcdsa, "verify"},
      {PkFamily::kEcdh, "derive"}, {PkFamily::kEddsa, "sign"}, {PkFamily::kEddsa, "verify"},
      {PkFamily::kSm2, "sign"},    {PkFamily::kSm2, "verify"}, {PkFamily::kFfdh, "derive"}};
  static constexpr RNumber kFrom32[] = {
      {PkFamily::kRsa, "sign"},    {PkFamily::kRsa, "verify"},   {PkFamily::kRsa, "encrypt"},
      {PkFamily::kRsa, "decrypt"}, {PkFamily::kDsa, "sign"},     {PkFamily::kDsa, "verify"},
      {PkFamily::kEcdsa, "sign"},  {PkFamily::kEcdsa, "verify"}, {PkFamily::kEcdh, "derive"},
      {PkFamily::kEddsa, "sign"},  {PkFamily::kEddsa, "verify"}, {PkFamily::kSm2, "sign"},
      {PkFamily::kSm2, "verify"},  {PkFamily::kFfdh, "derive"},  {PkFamily::kKem, "keygen"},
      {PkFamily::kKem, "encaps"},  {PkFamily::kKem, "decaps"},   {PkFamily::kSig, "keygen"},
      {PkFamily::kSig, "sign"},    {PkFamily::kSig, "verify"}};
  if (numbering_3_2 && number >= 1 && number <= 20) {
    return kFrom32[number - 1];
  }
  if (!numbering_3_2 && number >= 1 && number <= 12) {
    return kBefore32[number - 1];
  }
  return std::nullopt;
}

void AddName(std::vector<std::string>* names, const std::string& name) {
  if (std::find(names->begin(), names->end(), name) == names->end()) {
    names->push_back(name);
  }
}

void TakeSymmetricFigures(const Record& record, SpeedEvidence* evidence) {
  if (record.fields.size() < 3) {
    Malformed(record, "an index, a name and figures");
  }
  Index(record, 0, "the algorithm index");
  std::vector<double> values;
  for (size_t i = 2; i < record.fields.size(); ++i) {
    values.push_back(Number(record, i, "a throughput figure in bytes/s"));
  }
  std::vector<uint64_t>& sizes = record.child >= 0 ? evidence->child_sizes : evidence->sizes;
  if (sizes.empty()) {
    if (evidence->command.multi_block && values.size() == kMultiBlockSizes.size()) {
      sizes = kMultiBlockSizes;  // -mb measures its own five sizes
    } else if (values.size() != 5 && values.size() != 6) {
      Malformed(record, "a +H record with the sizes before it");
    } else {
      sizes = values.size() == 5 ? kSizes5 : kSizes6;
    }
    evidence->sizes_assumed = true;
  }
  if (values.size() < sizes.size()) {
    Malformed(record, fmt::format("{} figures, one per size of the +H record, found {}",
                                  sizes.size(), values.size()));
  }
  if (values.size() > sizes.size()) {
    evidence->notes.push_back(fmt::format(
        "Line {}: the +F record for '{}' has {} figures for {} sizes; the extra ones are ignored.",
        record.line, record.fields[1], values.size(), sizes.size()));
  }
  SymRow row;
  row.line = record.line;
  row.name = std::string(record.fields[1]);
  row.child = record.child;
  for (size_t i = 0; i < sizes.size(); ++i) {
    row.bytes_per_s.emplace_back(values[i]);
  }
  (record.child >= 0 ? evidence->child_sym_rows : evidence->sym_rows).push_back(std::move(row));
}

void TakePkFigures(const Record& record, int number, SpeedEvidence* evidence, MrState* state) {
  MrState::RawPk raw;
  raw.line = record.line;
  raw.record = number;
  raw.child = record.child;
  raw.index = Index(record, 0, "the index");
  size_t first_value = 2;
  switch (number) {
    case 2:
      if (record.fields.size() != 4 && record.fields.size() != 6) {
        Malformed(record, "an index, bits and 2 (3.2+: 4) figures");
      }
      state->numbering_3_2 = state->numbering_3_2 || record.fields.size() == 6;
      break;
    case 3:
    case 4:
    case 5:
    case 8:
      RequireFields(record, 4, "index, bits and 2 figures");
      break;
    case 6:
    case 7:
      RequireFields(record, 5, "index, bits, name and 2 figures");
      raw.name = std::string(record.fields[2]);
      first_value = 3;
      break;
    case 9:
    case 10:
      RequireFields(record, 4, "index and 3 figures");
      first_value = 1;
      break;
    default:
      // A record from a later release: say so rather than fail on the whole paste.
      evidence->notes.push_back(
          fmt::format("Line {}: record +F{} is not known and is ignored.", record.line, number));
      return;
  }
  if (number >= 6) {
    state->ops_units_known = true;
  }
  if (number >= 9) {
    state->numbering_3_2 = true;
  } else {
    raw.bits = Index(record, 1, "the key size in bits");
  }
  for (size_t i = first_value; i < record.fields.size(); ++i) {
    raw.values.push_back(Number(record, i, "a figure"));
  }
  state->raw_pk.push_back(std::move(raw));
}

void TakeDtp(const Record& record, MrState* state) {
  MrState::PendingDtp dtp;
  dtp.valid = true;
  if (record.fields.size() == 4) {
    dtp.bits = Index(record, 0, "the key size in bits");
    dtp.what = std::string(record.fields[1]);
    dtp.what2 = std::string(record.fields[2]);
    dtp.seconds = Number(record, 3, "the seconds");
    const std::string what2 = ToLower(dtp.what2);
    if (what2.find("rsa ") != std::string::npos) {
      state->numbering_3_2 = true;  // "rsa sign", "rsa encrypt": 3.2+ wording
    }
  } else if (record.fields.size() == 3) {
    dtp.by_name = true;
    dtp.what = std::string(record.fields[0]);
    dtp.what2 = std::string(record.fields[1]);
    dtp.seconds = Number(record, 2, "the seconds");
    state->numbering_3_2 = true;
  } else {
    Malformed(record, "bits, two words and seconds (or a name, an operation and seconds)");
  }
  state->dtps.push_back(dtp);
  if (state->dtps.size() > 4096) {
    state->dtps.pop_front();  // announcements never answered: keep memory bounded
  }
}

void TakePkResult(const Record& record, int number, SpeedEvidence* evidence, MrState* state) {
  if (record.fields.size() < 3 || record.fields.size() > 4) {
    Malformed(record, "a count, a size or name, and a time");
  }
  Progress progress;
  progress.line = record.line;
  progress.has_result = true;
  progress.count = Number(record, 0, "the operation count");
  progress.seconds = Number(record, record.fields.size() - 1, "the time in seconds");
  if (number >= 13) {
    state->numbering_3_2 = true;
  }
  if (number >= 8) {
    state->ops_units_known = true;
  }
  MrState::PendingDtp dtp;
  if (!state->dtps.empty() && state->dtps.front().by_name) {
    // 3.2+ KEM/signature records: the record number names the operation, so the result
    // belongs to the oldest announcement of that operation (children interleave, and a paste
    // may start in the middle of their records).
    const auto known = FromRNumber(number, true);
    const auto it = std::find_if(state->dtps.begin(), state->dtps.end(), [&](const auto& d) {
      const std::string op = ToLower(d.what2);
      return d.by_name && known && (op == "signs" ? "sign" : op) == known->operation;
    });
    if (it != state->dtps.end()) {
      dtp = *it;
      state->dtps.erase(it);
    }
  } else if (!state->dtps.empty()) {
    dtp = state->dtps.front();
    state->dtps.pop_front();
  }
  if (dtp.valid) {
    progress.requested_seconds = dtp.seconds;
  }
  if (dtp.valid && !dtp.by_name) {
    DescribePublicKeyProgress(fmt::format("{} bits {} {}", dtp.bits, dtp.what, dtp.what2), "",
                              &progress);
  } else {
    const auto known = FromRNumber(number, state->numbering_3_2);
    if (!known) {
      evidence->notes.push_back(
          fmt::format("Line {}: record +R{} is not known and is ignored.", record.line, number));
      return;
    }
    progress.public_key = true;
    progress.family = known->family;
    progress.operation = known->operation;
    const bool by_name = known->family == PkFamily::kKem || known->family == PkFamily::kSig;
    if (by_name) {
      const std::string name(record.fields[1]);
      AddName(known->family == PkFamily::kKem ? &state->kem_names : &state->sig_names, name);
      progress.curve = name;
      progress.name = PkRowName(known->family, 0, name);
    } else {
      progress.bits = Index(record, 1, "the key size in bits");
      progress.curve = record.fields.size() == 4 ? std::string(record.fields[2]) : "";
      progress.name = PkRowName(known->family, progress.bits, progress.curve);
    }
  }
  if (dtp.valid && dtp.by_name) {
    const std::string op = ToLower(dtp.what2);
    const bool kem = op == "encaps" || op == "decaps" || (op == "keygen" && number <= 17);
    progress.family = kem ? PkFamily::kKem : PkFamily::kSig;
    progress.operation = op == "signs" ? "sign" : op;
    progress.bits = 0;
    progress.curve = dtp.what;
    progress.name = PkRowName(progress.family, 0, dtp.what);
    AddName(kem ? &state->kem_names : &state->sig_names, dtp.what);
  }
  evidence->progress.push_back(std::move(progress));
}

void TakeSymmetricResult(const Record& record, SpeedEvidence* evidence, MrState* state) {
  if (record.fields.size() < 3) {
    Malformed(record, "a count, a name and a time");
  }
  Progress progress;
  progress.line = record.line;
  progress.has_result = true;
  progress.count = Number(record, 0, "the operation count");
  progress.name = std::string(record.fields[1]);
  progress.seconds = Number(record, 2, "the time in seconds");
  for (auto it = state->dts.begin(); it != state->dts.end(); ++it) {
    if (it->name == progress.name) {
      progress.input_len = it->input_len;
      progress.requested_seconds = it->seconds;
      state->dts.erase(it);
      break;
    }
  }
  evidence->progress.push_back(std::move(progress));
}

}  // namespace

bool IsMrLine(std::string_view trimmed) {
  if (trimmed.substr(0, 5) == "Got: ") {
    return true;
  }
  return trimmed.size() >= 2 && trimmed[0] == '+' && trimmed[1] >= 'A' && trimmed[1] <= 'Z';
}

Offer TakeMrLine(const SourceLine& line, SpeedEvidence* evidence, MrState* state) {
  Record record;
  record.line = line.number;
  std::string_view text = Trim(line.text);
  if (text.substr(0, 5) == "Got: ") {
    const size_t from = text.rfind(" from ");
    const auto child =
        from == std::string_view::npos ? std::nullopt : ParseUnsigned(Trim(text.substr(from + 6)));
    if (!child || *child > 100000) {
      throw ImportError(line.number, "expected 'Got: <record> from <child number>'");
    }
    record.child = static_cast<int>(*child);
    evidence->max_child = std::max(evidence->max_child, record.child);
    if (evidence->multi_line == 0) {
      evidence->multi_line = line.number;
    }
    text = Trim(text.substr(5, from - 5));
    if (text.empty() || text[0] != '+') {
      throw ImportError(line.number, "expected a +record after 'Got: '");
    }
  }
  std::vector<std::string_view> parts = SplitFields(text.substr(1), ':');
  record.tag = std::string(parts.front());
  record.fields.assign(parts.begin() + 1, parts.end());

  const bool single = record.child < 0;
  const std::string& tag = record.tag;
  if (single && (tag == "DT" || tag == "DTP" || tag == "H") && evidence->HasFinalFigures()) {
    return Offer::kNewRun;
  }
  evidence->machine_readable = true;

  if (tag == "H") {
    std::vector<uint64_t> sizes;
    for (size_t i = 0; i < record.fields.size(); ++i) {
      sizes.push_back(Index(record, i, "sizes in bytes"));
      if (sizes.back() == 0) {
        Malformed(record, "sizes of at least 1 byte");
      }
    }
    if (sizes.empty()) {
      Malformed(record, "at least one size");
    }
    if (!single && evidence->child_sizes_line == 0) {
      evidence->child_sizes_line = record.line;
    }
    (single ? evidence->sizes : evidence->child_sizes) = std::move(sizes);
  } else if (tag == "F") {
    TakeSymmetricFigures(record, evidence);
  } else if (tag.size() >= 2 && tag[0] == 'F') {
    const auto number = ParseUnsigned(std::string_view(tag).substr(1));
    if (!number || *number > 99) {
      Malformed(record, "a record number after +F");
    }
    TakePkFigures(record, static_cast<int>(*number), evidence, state);
  } else if (tag == "DT") {
    state->last_announcement_line = record.line;
    state->last_announcement_tag = tag;
    if (record.fields.size() != 3) {
      Malformed(record, "a name, seconds and a size");
    }
    state->dts.push_back({true, std::string(record.fields[0]), Number(record, 1, "the seconds"),
                          Index(record, 2, "the size in bytes")});
    if (state->dts.size() > 4096) {
      state->dts.pop_front();  // announcements never answered: keep memory bounded
    }
  } else if (tag == "DTP") {
    state->last_announcement_line = record.line;
    state->last_announcement_tag = tag;
    TakeDtp(record, state);
  } else if (tag == "R") {
    TakeSymmetricResult(record, evidence, state);
  } else if (tag.size() >= 2 && tag[0] == 'R' && ParseUnsigned(std::string_view(tag).substr(1))) {
    const auto number = ParseUnsigned(std::string_view(tag).substr(1));
    TakePkResult(record, static_cast<int>(*number), evidence, state);
  } else if (tag != "DN" && tag != "DNP") {
    evidence->notes.push_back(
        fmt::format("Line {}: record +{} is not known and is ignored.", record.line, tag));
  }
  return Offer::kConsumed;
}

void FinishMr(SpeedEvidence* evidence, MrState* state) {
  if (state->raw_pk.empty()) {
    return;
  }
  // 1.0.x printed seconds per operation in +F2..+F5, later versions operations per second.
  // +F5 (ECDH) prints a figure and its inverse: seconds first in 1.0.x, the rate first later.
  bool seconds_units = false;
  bool inferred = false;
  if (!state->ops_units_known && !state->numbering_3_2) {
    int seconds_votes = 0;
    int ops_votes = 0;
    for (const MrState::RawPk& raw : state->raw_pk) {
      if (raw.record == 5 && raw.values.size() == 2) {
        (raw.values[0] < raw.values[1] ? seconds_votes : ops_votes) += 1;
      }
    }
    if (seconds_votes + ops_votes == 0) {
      // No +F5: a public-key rate below 1/s is implausible; values all below 1 are seconds.
      bool all_below_one = true;
      for (const MrState::RawPk& raw : state->raw_pk) {
        for (double value : raw.values) {
          all_below_one = all_below_one && std::abs(value) < 1;
        }
      }
      seconds_votes = all_below_one ? 1 : 0;
      ops_votes = all_below_one ? 0 : 1;
      inferred = true;
    }
    seconds_units = seconds_votes > ops_votes;
  }
  evidence->mr_seconds_units = seconds_units;
  if (inferred) {
    evidence->notes.push_back(
        fmt::format("The -mr public-key records do not say whether they hold seconds per operation "
                    "(OpenSSL 1.0.x) or operations per second (1.1.0 and later); read as {}.",
                    seconds_units ? "seconds per operation" : "operations per second"));
  }
  const auto rate = [seconds_units](double value) { return seconds_units ? 1.0 / value : value; };
  std::vector<int> kem_seen(1, 0);
  std::vector<int> sig_seen(1, 0);
  std::vector<size_t> unnamed;  // +F9/+F10 lines whose algorithm no +DTP record names
  for (const MrState::RawPk& raw : state->raw_pk) {
    PkRow row;
    row.line = raw.line;
    row.child = raw.child;
    row.bits = raw.bits;
    const auto slot = static_cast<size_t>(raw.child + 1);
    if (kem_seen.size() <= slot) {
      kem_seen.resize(slot + 1, 0);
      sig_seen.resize(slot + 1, 0);
    }
    const std::vector<double>& v = raw.values;
    switch (raw.record) {
      case 2:
        row.family = PkFamily::kRsa;
        row.ops_per_s = {{"sign", rate(v[0])}, {"verify", rate(v[1])}};
        if (v.size() == 4) {
          row.ops_per_s.emplace_back("encrypt", v[2]);
          row.ops_per_s.emplace_back("decrypt", v[3]);
        }
        break;
      case 3:
        row.family = PkFamily::kDsa;
        row.ops_per_s = {{"sign", rate(v[0])}, {"verify", rate(v[1])}};
        break;
      case 4:
        row.family = PkFamily::kEcdsa;
        row.curve = EcCurveFromIndex(raw.index, raw.bits);
        row.ops_per_s = {{"sign", rate(v[0])}, {"verify", rate(v[1])}};
        break;
      case 5:
        row.family = PkFamily::kEcdh;
        row.curve = EcCurveFromIndex(raw.index, raw.bits);
        row.ops_per_s = {{"derive", seconds_units ? v[1] : v[0]}};
        break;
      case 6:
      case 7:
        // 1.1.1 and 3.x print EdDSA as +F6 and SM2 as +F7; forks that drop EdDSA (Tongsuo)
        // print SM2 as +F6: the curve name tells.
        row.family = raw.record == 7 || ToLower(raw.name).find("sm2") != std::string::npos
                         ? PkFamily::kSm2
                         : PkFamily::kEddsa;
        row.curve = raw.name;
        row.ops_per_s = {{"sign", v[0]}, {"verify", v[1]}};
        break;
      case 8:
        row.family = PkFamily::kFfdh;
        row.ops_per_s = {{"derive", v[0]}};
        break;
      case 9:
      case 10: {
        const bool kem = raw.record == 9;
        row.family = kem ? PkFamily::kKem : PkFamily::kSig;
        const std::vector<std::string>& names = kem ? state->kem_names : state->sig_names;
        int& seen = (kem ? kem_seen : sig_seen)[slot];
        if (static_cast<size_t>(seen) >= names.size()) {
          // The record names its algorithm only by an index into the speed app's list, which
          // depends on the providers loaded: without a progress record naming it, it is no
          // figure of any algorithm one could compare.
          unnamed.push_back(raw.line);
          continue;
        }
        row.curve = names[static_cast<size_t>(seen)];
        ++seen;
        row.ops_per_s = {
            {"keygen", v[0]}, {kem ? "encaps" : "sign", v[1]}, {kem ? "decaps" : "verify", v[2]}};
        break;
      }
      default:
        continue;
    }
    (raw.child >= 0 ? evidence->child_pk_rows : evidence->pk_rows).push_back(std::move(row));
  }
  if (!unnamed.empty()) {
    std::string lines;
    for (size_t i = 0; i < unnamed.size(); ++i) {
      lines += fmt::format("{}{}",
                           i == 0                    ? ""
                           : i + 1 == unnamed.size() ? " and "
                                                     : ", ",
                           unnamed[i]);
    }
    evidence->notes.push_back(fmt::format(
        "{} {}: +F9/+F10 records (KEM or signature-algorithm results) name their algorithm only "
        "by an index into the speed app's list, and no progress record in the paste names it; "
        "they are not imported.",
        unnamed.size() == 1 ? "Line" : "Lines", lines));
  }
  state->raw_pk.clear();
}

}  // namespace cryptobench::import
