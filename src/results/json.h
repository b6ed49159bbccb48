// JSON serialisation of the result model (schema documented in docs/json-schema.md).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "results/model.h"

namespace cryptobench::results {

/// Serialises a run, with "schema_version" first. Raw samples are included; derived figures
/// too (readers recompute them from samples where present).
nlohmann::ordered_json ToJson(const RunResult& run);

/// Parses a document written by ToJson. Throws std::runtime_error naming the missing or
/// mistyped field (e.g. "results JSON: algorithms[2].cells[0].input_len: expected a number"), or
/// an unsupported schema_version.
RunResult FromJson(const nlohmann::json& doc);

/// Sample <-> JSON object {"iterations","wall_ns","cpu_ns","user_ns","sys_ns","ticks"}; used by
/// the worker protocol too.
nlohmann::json SampleToJson(const measure::Sample& sample);
measure::Sample SampleFromJson(const nlohmann::json& j);

}  // namespace cryptobench::results

namespace cryptobench::results {

/// LibraryInfo <-> the "library" object of ToJson; used by the worker protocol too. FromJson
/// throws std::runtime_error naming the field, like FromJson(RunResult).
nlohmann::json LibraryToJson(const LibraryInfo& library);
LibraryInfo LibraryFromJson(const nlohmann::json& j);

/// KatResult <-> {"status","source","detail"}.
nlohmann::json KatToJson(const KatResult& kat);
KatResult KatFromJson(const nlohmann::json& j);

}  // namespace cryptobench::results
