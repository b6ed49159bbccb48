// JSON serialisation of the result model (schema documented in docs/json-schema.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "results/model.h"

namespace cryptobench::results {

/// Serialises a run, with "schema_version" first. Raw samples are included; derived figures
/// too (readers recompute them from samples where present).
nlohmann::ordered_json ToJson(const RunResult& run);

/// The text of one run's document (ToJson(run).dump(2)), or of several wrapped as
/// {"schema_version": 1, "runs": [...]} (as import and speed --backend write them), with a
/// final newline; strings that are not UTF-8 get U+FFFD. Written one algorithm at a time, so a
/// large run costs its text and one algorithm's object tree, not a tree of the whole.
std::string RunsToJsonText(const std::vector<RunResult>& runs);

/// Parses a document written by ToJson and checks its figures (results/limits.h CheckFigures).
/// Throws std::runtime_error naming the missing, mistyped or out-of-range field (e.g. "results
/// JSON: algorithms[2].cells[0].input_len: expected a number"), or an unsupported
/// schema_version.
RunResult FromJson(const nlohmann::json& doc);

/// The runs of a result document as speed, import and report write it: each entry of "runs"
/// (several wrapped), else the document as one run (FromJson), checked together against the
/// input caps (CheckInputSize). Throws std::runtime_error ("results JSON: runs: expected an
/// array", or FromJson's errors) and InputLimitError past a cap.
std::vector<RunResult> RunsFromJson(const nlohmann::json& doc);

/// Parses JSON text with memory bounded by its size, for documents from any input: an object
/// tree of at most kMaxJsonTreeBytes outside raw samples, nested at most kMaxJsonDepth deep
/// (results/limits.h); the raw samples of a result (algorithms[].cells[].workers[].samples[],
/// also under runs[]) are kept packed, which FromJson reads like the objects they were.
/// Throws nlohmann::json::exception for invalid JSON, InputLimitError past a cap.
nlohmann::json ParseJsonBounded(std::string_view text);

/// Throws InputLimitError, naming the line, when `text` holds more than kMaxJsonPunctuationRun
/// bytes in a row outside strings and numbers (results/limits.h); ParseJsonBounded checks it
/// first. For a SAX pass of a JSON parser over text from any input.
void CheckJsonPunctuationRuns(std::string_view text);

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
