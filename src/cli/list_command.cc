// `cryptobench list`: the catalogue, marking what the loaded library supports.
#include <cstdio>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "algorithms/catalog.h"
#include "backends/openssl/openssl_backend.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "results/json.h"
#include "worker/process.h"
#include "worker/scheduler.h"

namespace cryptobench::cli {

int RunList(const ListOptions& options) {
  if (options.format != "table" && options.format != "json") {
    throw UsageError(fmt::format("--format '{}': expected table or json", options.format));
  }
  worker::RunPlan plan;
  plan.executable = worker::SelfExecutable();
  plan.library_path = ResolveLibraryPath(options.library, options.library_given);
  const worker::ProbeResult probe = worker::Probe(plan);

  if (options.format == "json") {
    nlohmann::ordered_json doc;
    doc["library"] = results::LibraryToJson(probe.library);
    doc["library"]["requested_path"] = plan.library_path;
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const AlgorithmInfo& alg : Catalog()) {
      nlohmann::ordered_json aliases = nlohmann::ordered_json::array();
      for (std::string_view alias : alg.aliases) {
        aliases.push_back(std::string(alias));
      }
      list.push_back({{"name", std::string(alg.name)},
                      {"kind", std::string(KindName(alg.kind))},
                      {"default_suite", alg.default_suite},
                      {"supported", probe.supported.count(std::string(alg.name)) > 0},
                      {"aliases", aliases}});
    }
    doc["algorithms"] = list;
    WriteStdout(doc.dump(2) + "\n");
    return kExitOk;
  }

  std::string out =
      fmt::format("Library: {} ({})\n", probe.library.version, probe.library.loaded_path);
  out += "'*' = in the default suite; unsupported = this library does not provide it\n\n";
  out += fmt::format("{:<20} {:<14} {:<12} {}\n", "ALGORITHM", "KIND", "STATUS", "ALIASES");
  for (const AlgorithmInfo& alg : Catalog()) {
    const bool supported = probe.supported.count(std::string(alg.name)) > 0;
    out += fmt::format(
        "{:<20} {:<14} {:<12} {}\n", fmt::format("{}{}", alg.name, alg.default_suite ? " *" : ""),
        KindName(alg.kind), supported ? "supported" : "unsupported", fmt::join(alg.aliases, ", "));
  }
  WriteStdout(out);
  return kExitOk;
}

}  // namespace cryptobench::cli
