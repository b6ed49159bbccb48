// libFuzzer target: openssl version lines, header lines and version-block detection.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "import/openssl_version.h"
#include "import/parse_util.h"
#include "import/paste_cleanup.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace cryptobench::import;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<SourceLine> lines = CleanPaste(text);
  HeaderInfo header;
  for (size_t i = 0; i < lines.size(); ++i) {
    (void)StartsVersionBlock(lines, i, i % 2 == 0);
    (void)ParseHeaderLine(Trim(lines[i].text), lines[i].number, &header);
    if (const auto version = ParseOpensslVersion(lines[i].text)) {
      (void)version->Number();
    }
  }
  (void)BuildVersionRun(header, "fuzz");
  return 0;
}
