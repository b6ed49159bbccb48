// Wall-clock timestamps for reports.
#pragma once

#include <string>

namespace cryptobench {

/// The current time in UTC as ISO 8601 with seconds, e.g. "2026-11-30T07:00:00Z".
std::string UtcTimestamp();

/// The time `seconds` from now in UTC, in UtcTimestamp's form.
std::string UtcTimestampAfter(long seconds);

}  // namespace cryptobench
