// JSON of tls results: the document `cryptobench tls --format json` writes and `compare` reads
// (docs/json-schema.md, "tls results").
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "tls/model.h"

namespace cryptobench::tls {

/// The document: "schema_version" first, "kind": "tls", then the run with every raw sample and
/// the figures derived from them.
nlohmann::ordered_json TlsRunToJson(const TlsRun& run);

/// True when `doc` is a tls result document (an object whose "kind" is "tls").
bool IsTlsDocument(const nlohmann::json& doc);

/// True when `text` is JSON that IsTlsDocument would accept once parsed: an object whose
/// top-level "kind" is "tls" (the last one, if repeated). Reads in one SAX pass that builds no
/// tree, so memory stays bounded by the longest string and the nesting depth whatever the text
/// holds; text that is not JSON is not a tls document (false, no exception).
bool IsTlsDocumentText(std::string_view text);

/// Reads a document written by TlsRunToJson and recomputes the figures from the samples.
/// Throws std::runtime_error naming the JSON path of the first problem ("tls results JSON:
/// transfers[1].samples[0].wall_ns: expected a number") or an unknown schema_version.
TlsRun TlsRunFromJson(const nlohmann::json& doc);

}  // namespace cryptobench::tls
