// Names of the comparison model's enumerations, as used in JSON.
#include "compare/model.h"

namespace cryptobench::compare {

const char* SideOriginName(SideOrigin origin) {
  switch (origin) {
    case SideOrigin::kLive:
      return "live";
    case SideOrigin::kResults:
      return "results";
    case SideOrigin::kImported:
      return "imported";
  }
  return "results";
}

const char* DirectionName(Direction direction) {
  switch (direction) {
    case Direction::kWithin:
      return "within";
    case Direction::kSlower:
      return "slower";
    case Direction::kFaster:
      return "faster";
  }
  return "within";
}

const char* VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kWithinThreshold:
      return "within_threshold";
    case Verdict::kSignificant:
      return "significant";
    case Verdict::kNotSignificant:
      return "not_significant";
    case Verdict::kNotTestable:
      return "not_testable";
    case Verdict::kCannotTell:
      return "cannot_tell";
  }
  return "within_threshold";
}

const char* PresenceName(Presence presence) {
  switch (presence) {
    case Presence::kBoth:
      return "both";
    case Presence::kOnlyA:
      return "only_a";
    case Presence::kOnlyB:
      return "only_b";
    case Presence::kNotMeasured:
      return "not_measured";
  }
  return "both";
}

const char* CostChangeName(CostChange change) {
  switch (change) {
    case CostChange::kNone:
      return "none";
    case CostChange::kPerCall:
      return "per-call";
    case CostChange::kPerByte:
      return "per-byte";
    case CostChange::kBoth:
      return "both";
    case CostChange::kFlatPerByte:
      return "flat-per-byte";
  }
  return "none";
}

}  // namespace cryptobench::compare
