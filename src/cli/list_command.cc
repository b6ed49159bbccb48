// `cryptobench list`: the catalogue, marking what a backend's library supports; or, with
// --backends, the backends compiled into this build.
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "algorithms/catalog.h"
#include "backends/registry.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/errors.h"
#include "report/formats.h"
#include "report/listing.h"
#include "results/json.h"
#include "worker/process.h"
#include "worker/scheduler.h"

namespace cryptobench::cli {

namespace {

// One compiled-in backend as `list --backends` reports it.
struct BackendStatus {
  const backends::BackendDescriptor* descriptor = nullptr;
  bool usable = false;
  std::string reason;  ///< why not usable, one line
  results::LibraryInfo library;
};

BackendStatus ProbeBackend(const backends::BackendDescriptor& descriptor,
                           const LibraryChoice& libraries) {
  BackendStatus status;
  status.descriptor = &descriptor;
  worker::RunPlan plan;
  plan.executable = worker::SelfExecutable();
  plan.backend = std::string(descriptor.name);
  plan.library_path = libraries.For(descriptor);
  try {
    status.library = worker::Probe(plan).library;
    status.usable = true;
  } catch (const std::exception& e) {
    status.reason = e.what();
  }
  return status;
}

std::string MaskText(const backends::BackendDescriptor& descriptor) {
  return descriptor.mask_variable.empty()
             ? std::string(descriptor.mask_note)
             : fmt::format("{}: {}", descriptor.mask_variable, descriptor.mask_note);
}

// A list document in `format`: table (report::WriteText) or Markdown; JSON is written apart.
void WriteListDocument(const report::Document& document, report::Format format, std::ostream& out) {
  if (format == report::Format::kMarkdown) {
    report::WriteMarkdown(document, out);
  } else {
    report::WriteText(document, out);
  }
}

int ListBackends(report::Format format, const ListOptions& options) {
  std::vector<BackendStatus> statuses;
  std::vector<const backends::BackendDescriptor*> every;
  for (const backends::BackendDescriptor& descriptor : backends::CompiledBackends()) {
    every.push_back(&descriptor);
  }
  const LibraryChoice libraries = ParseLibraryOptions(options.libraries, every);
  for (const backends::BackendDescriptor* descriptor : every) {
    statuses.push_back(ProbeBackend(*descriptor, libraries));
  }
  if (format == report::Format::kJson) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const BackendStatus& status : statuses) {
      const backends::BackendDescriptor& d = *status.descriptor;
      list.push_back({{"name", std::string(d.name)},
                      {"description", std::string(d.description)},
                      {"takes_library_path", d.takes_library_path},
                      {"usable", status.usable},
                      {"reason", status.reason},
                      {"version", status.library.version},
                      {"loaded_path", status.library.loaded_path},
                      {"mask_variable", std::string(d.mask_variable)},
                      {"mask_note", std::string(d.mask_note)}});
    }
    nlohmann::ordered_json doc;
    doc["schema_version"] = 1;
    doc["backends"] = std::move(list);
    WriteReportOutput(
        "", doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
    return kExitOk;
  }
  std::vector<report::BackendListing> listings;
  for (const BackendStatus& status : statuses) {
    const backends::BackendDescriptor& d = *status.descriptor;
    listings.push_back({std::string(d.name), std::string(d.description), status.usable,
                        status.reason, status.library.version, status.library.loaded_path,
                        MaskText(d)});
  }
  std::ostringstream out;
  WriteListDocument(report::BackendListDocument(listings), format, out);
  WriteReportOutput("", std::move(out).str());
  return kExitOk;
}

}  // namespace

int RunList(const ListOptions& options) {
  const report::Format format = report::ChooseFormat(report::Producer::kList, options.format);
  if (options.backends) {
    return ListBackends(format, options);
  }
  const std::vector<const backends::BackendDescriptor*> selected = ResolveBackends(options.backend);
  if (selected.size() != 1) {
    throw UsageError("list --backend: name one backend (list --backends shows them all)");
  }
  worker::RunPlan plan;
  plan.executable = worker::SelfExecutable();
  plan.backend = std::string(selected.front()->name);
  // Without --lib each backend opens its own default (libcrypto.so.3, BoringSSL's android path).
  plan.library_path = ParseLibraryOptions(options.libraries, selected).For(*selected.front());
  const worker::ProbeResult probe = worker::Probe(plan);
  if (!probe.failure.empty()) {
    // Support unknown for some algorithms: a list would call them unsupported.
    throw std::runtime_error(probe.failure);
  }

  if (format == report::Format::kJson) {
    nlohmann::ordered_json doc;
    doc["schema_version"] = 1;
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
    WriteReportOutput(
        "", doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
    return kExitOk;
  }

  std::ostringstream out;
  WriteListDocument(report::AlgorithmListDocument(plan.backend, probe.library.version,
                                                  probe.library.loaded_path, probe.supported),
                    format, out);
  WriteReportOutput("", std::move(out).str());
  return kExitOk;
}

}  // namespace cryptobench::cli
