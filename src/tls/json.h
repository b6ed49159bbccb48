// JSON of tls results: the document `cryptobench tls --format json` writes and `compare` reads
// (docs/json-schema.md, "tls results").
#pragma once

#include <nlohmann/json.hpp>

#include "tls/model.h"

namespace cryptobench::tls {

/// The document: "schema_version" first, "kind": "tls", then the run with every raw sample and
/// the figures derived from them.
nlohmann::ordered_json TlsRunToJson(const TlsRun& run);

/// True when `doc` is a tls result document (an object whose "kind" is "tls").
bool IsTlsDocument(const nlohmann::json& doc);

/// Reads a document written by TlsRunToJson and recomputes the figures from the samples.
/// Throws std::runtime_error naming the JSON path of the first problem ("tls results JSON:
/// transfers[1].samples[0].wall_ns: expected a number") or an unknown schema_version.
TlsRun TlsRunFromJson(const nlohmann::json& doc);

}  // namespace cryptobench::tls
