// libFuzzer target: the whole import pipeline (paste cleanup, side-by-side columns, format
// detection, every parser, interpretation) on arbitrary text. Unreadable input must end in
// ImportError, a figure out of range in results::InputError (both one line, exit 2 in the CLI),
// nothing else, and what import writes must be JSON that parses back.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "results/limits.h"

#include "import/import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto runs = cryptobench::import::ImportText(text, "fuzz");
    const std::string json = cryptobench::import::ImportedRunsToJson(runs).dump();
    if (!nlohmann::json::accept(json)) {
      std::abort();  // import wrote something that is not JSON
    }
  } catch (const cryptobench::import::ImportError&) {
  } catch (const cryptobench::results::InputError&) {
  }
  return 0;
}
