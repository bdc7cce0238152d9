#pragma once
// What NVIDIA compute-sanitizer printed, read into data: its summary line, how many hazards or
// errors it counted, and where its first reports point (kernel, file:line, threads). The text is
// the tool's own (every line starts with "========= "); what is not understood is skipped, never
// guessed: the step shows the whole output as it came beside these numbers.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace cudalab::lessons::tiles {

// One report of the tool: a racecheck "Race reported between …" block (analysis mode), a
// "Potential RAW hazard detected …" (hazard mode), or a memcheck "Invalid __global__ read …".
struct SanitizerFinding {
  std::string severity;  // "Error" / "Warning" (racecheck); "" for memcheck, where each is an error
  std::string kind;      // "RAW hazard", "WAR hazard", "WAW hazard", "Invalid __global__ read of size 4 bytes"…
  std::string kernel;    // "mat_mul_tiled_no_barrier" (the name without its parameter list)
  std::string where;     // the first access's "broken.cu:17" ("" when the code had no line info)
  std::string other;     // racecheck: the second access's "broken.cu:19"
  std::string thread;    // memcheck: "thread (0,4,0) in block (0,1,0)"
  long long hazards = 0; // racecheck analysis mode: the [N hazards] of this block, added up
};

struct SanitizerReport {
  std::string tool;        // "racecheck" / "memcheck", from its summary line
  std::string summary;     // the summary line(s) as printed, without the "========= " prefix
  bool has_summary = false;
  long long displayed = 0;  // racecheck: "N hazards displayed"; memcheck: errors printed
  long long errors = 0;     // racecheck: "(E errors, …)"; memcheck: "ERROR SUMMARY: E errors"
  long long warnings = 0;   // racecheck only
  long long hazards = 0;    // racecheck analysis mode: every [N hazards] added up
  std::vector<SanitizerFinding> findings;  // in the order printed
  std::string problem;      // a line of the tool's that says it could not run the program

  bool found_something() const { return errors > 0 || warnings > 0 || !findings.empty(); }
};

SanitizerReport parse_sanitizer_output(std::string_view output);

nlohmann::json to_json(const SanitizerReport& report);
SanitizerReport sanitizer_report_from_json(const nlohmann::json& j);  // never throws

}  // namespace cudalab::lessons::tiles
