// libFuzzer target: the result-JSON reader compare and doctor --from use (results::
// ParseJsonBounded, FromJson with its range checks, the caps of results/limits.h) on arbitrary
// text. Seeds: the result documents under tests/golden and tests/fixtures (scripts/fuzz.sh).
// Anything but a clean read or one of the reader's own errors is a bug.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "results/json.h"
#include "results/limits.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const nlohmann::json doc = cryptobench::results::ParseJsonBounded(text);
    std::vector<cryptobench::results::RunResult> runs;
    if (doc.is_object() && doc.contains("runs") && doc.at("runs").is_array()) {
      for (const nlohmann::json& run : doc.at("runs")) {
        runs.push_back(cryptobench::results::FromJson(run));
      }
    } else {
      runs.push_back(cryptobench::results::FromJson(doc));
    }
    cryptobench::results::CheckInputSize(runs);
    for (cryptobench::results::RunResult& run : runs) {
      cryptobench::results::DeriveAllFigures(run);
      // What was read writes back and reads again the same.
      const nlohmann::json written = nlohmann::json::parse(cryptobench::results::ToJson(run).dump(
          -1, ' ', false, nlohmann::json::error_handler_t::replace));
      (void)cryptobench::results::FromJson(written);
    }
  } catch (const nlohmann::json::exception&) {
  } catch (const std::runtime_error&) {  // the reader's errors: a path and what is wrong
  }
  return 0;
}
