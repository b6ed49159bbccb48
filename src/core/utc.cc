// Wall-clock timestamps for reports.
#include "core/utc.h"

#include <time.h>

namespace cryptobench {

std::string UtcTimestamp() { return UtcTimestampAfter(0); }

std::string UtcTimestampAfter(long seconds) {
  const time_t now = time(nullptr) + seconds;
  tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

}  // namespace cryptobench
