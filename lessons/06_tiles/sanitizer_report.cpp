#include "sanitizer_report.h"

#include <cctype>
#include <cstdlib>
#include <regex>

namespace cudalab::lessons::tiles {
namespace {

constexpr std::string_view kPrefix = "=========";

// "1,600" and "704" alike (the tool groups thousands with commas).
long long number_in(std::string text) {
  std::string digits;
  for (char c : text)
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
  return digits.empty() ? 0 : std::atoll(digits.c_str());
}

// "at mat_mul_tiled_no_barrier(const float *, …)+0x2f0 in broken.cu:17": the kernel's name and
// the file:line (older versions write "at 0x2f0 in /path/broken.cu:17:kernel(…)").
void place(const std::string& line, std::string* kernel, std::string* where) {
  static const std::regex at_kernel(R"(\bat ([A-Za-z_][A-Za-z0-9_:<>, ]*?)(\(|\+0x))");
  static const std::regex in_file(R"( in ([^ \[]+?):([0-9]+)(:|\s|$))");
  std::smatch match;
  if (kernel != nullptr && kernel->empty() && std::regex_search(line, match, at_kernel)) *kernel = match[1];
  if (std::regex_search(line, match, in_file)) {
    std::string file = match[1];
    if (const std::size_t slash = file.rfind('/'); slash != std::string::npos) file = file.substr(slash + 1);
    *where = file + ":" + std::string(match[2]);
  }
  if (kernel != nullptr && kernel->empty()) {
    // The older form names the kernel after the line: "…broken.cu:17:mat_mul_tiled(…)".
    static const std::regex after(R"(:[0-9]+:([A-Za-z_][A-Za-z0-9_:]*)\()");
    if (std::regex_search(line, match, after)) *kernel = match[1];
  }
}

}  // namespace

SanitizerReport parse_sanitizer_output(std::string_view output) {
  static const std::regex race_summary(R"(RACECHECK SUMMARY: ([0-9,]+) hazards? displayed \(([0-9,]+) errors?, ([0-9,]+) warnings?\))");
  static const std::regex error_summary(R"(ERROR SUMMARY: ([0-9,]+) errors?\s*$)");
  static const std::regex race_start(R"(^(Error|Warning): Race reported between (\w+) access at )");
  static const std::regex hazard_start(R"(^(Error|Warning): (\([^)]*\) )?Potential (\w+) hazard detected)");
  static const std::regex and_access(R"(^and (\w+) access at .*\[([0-9,]+) hazards?\])");
  static const std::regex invalid(R"(^(Invalid .*|Out-of-range .*|Misaligned .*|Malloc/Free error.*|Cuda API error.*|Program hit .*))");
  static const std::regex thread_access(R"(^(Write|Read) Thread \([0-9, ]+\) at )");
  static const std::regex by_thread(R"(^by (thread \([0-9, ]+\) in block \([0-9, ]+\)))");

  SanitizerReport report;
  SanitizerFinding* current = nullptr;
  std::size_t start = 0;
  while (start <= output.size()) {
    std::size_t end = output.find('\n', start);
    if (end == std::string_view::npos) end = output.size();
    std::string line(output.substr(start, end - start));
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.starts_with(kPrefix)) continue;  // the program's own output
    std::string body = line.substr(kPrefix.size());
    const std::size_t indent = body.find_first_not_of(' ');
    body = indent == std::string::npos ? "" : body.substr(indent);
    const bool continues = indent != std::string::npos && indent > 1;  // "=========     at …"
    std::smatch match;
    if (body.empty() || body == "COMPUTE-SANITIZER") {
      current = nullptr;
    } else if (std::regex_search(body, match, race_summary)) {
      report.tool = "racecheck";
      report.summary = body;
      report.has_summary = true;
      report.displayed = number_in(match[1]);
      report.errors = number_in(match[2]);
      report.warnings = number_in(match[3]);
    } else if (body.starts_with("ERROR SUMMARY:")) {
      if (report.tool.empty()) report.tool = "memcheck";
      // A second ERROR SUMMARY line says how many were not printed: the summary keeps both.
      report.summary += (report.summary.empty() ? "" : "\n") + body;
      report.has_summary = true;
      if (std::regex_search(body, match, error_summary)) report.errors = number_in(match[1]);
    } else if (!continues && std::regex_search(body, match, race_start)) {
      report.findings.push_back({match[1], std::string(match[2]) == "Write" ? "RAW hazard" : "WAR hazard", "", "", "", "", 0});
      current = &report.findings.back();
      place(body, &current->kernel, &current->where);
    } else if (!continues && std::regex_search(body, match, hazard_start)) {
      report.findings.push_back({match[1], std::string(match[3]) + " hazard", "", "", "", "", 0});
      current = &report.findings.back();
    } else if (!continues && std::regex_search(body, match, invalid)) {
      report.findings.push_back({"", body, "", "", "", "", 0});
      current = &report.findings.back();
    } else if (!continues && (body.starts_with("Target application") || body.starts_with("Error: ") ||
                              body.find("unrecognised option") != std::string::npos ||
                              body.find("unrecognized option") != std::string::npos)) {
      if (report.problem.empty()) report.problem = body;
    } else if (current != nullptr && continues) {
      if (std::regex_search(body, match, and_access)) {
        current->hazards += number_in(match[2]);
        report.hazards += number_in(match[2]);
        // "Race reported between Write access … and Write access …": two writes.
        if (current->kind == "RAW hazard" && std::string(match[1]) == "Write") current->kind = "WAW hazard";
        if (current->other.empty()) place(body, nullptr, &current->other);
      } else if (std::regex_search(body, thread_access)) {
        std::string* where = current->where.empty() ? &current->where : &current->other;
        if (where->empty()) place(body, &current->kernel, where);
      } else if (std::regex_search(body, match, by_thread)) {
        if (current->thread.empty()) current->thread = match[1];
      } else if (body.starts_with("at ") && current->where.empty()) {
        place(body, &current->kernel, &current->where);
      }
    }
  }
  if (report.tool == "memcheck") report.displayed = static_cast<long long>(report.findings.size());
  return report;
}

nlohmann::json to_json(const SanitizerReport& report) {
  nlohmann::json findings = nlohmann::json::array();
  for (const SanitizerFinding& f : report.findings)
    findings.push_back({{"severity", f.severity}, {"kind", f.kind}, {"kernel", f.kernel}, {"where", f.where},
                        {"other", f.other}, {"thread", f.thread}, {"hazards", f.hazards}});
  return {{"tool", report.tool},         {"summary", report.summary}, {"has_summary", report.has_summary},
          {"displayed", report.displayed}, {"errors", report.errors},  {"warnings", report.warnings},
          {"hazards", report.hazards},   {"findings", findings},      {"problem", report.problem}};
}

SanitizerReport sanitizer_report_from_json(const nlohmann::json& j) {
  SanitizerReport report;
  if (!j.is_object()) return report;
  const auto text = [](const nlohmann::json& o, const char* key) {
    const auto found = o.find(key);
    return found != o.end() && found->is_string() ? found->get<std::string>() : std::string();
  };
  const auto count = [](const nlohmann::json& o, const char* key) {
    const auto found = o.find(key);
    return found != o.end() && found->is_number() ? found->get<long long>() : 0LL;
  };
  report.tool = text(j, "tool");
  report.summary = text(j, "summary");
  const auto has_summary = j.find("has_summary");
  report.has_summary = has_summary != j.end() && has_summary->is_boolean() && has_summary->get<bool>();
  report.displayed = count(j, "displayed");
  report.errors = count(j, "errors");
  report.warnings = count(j, "warnings");
  report.hazards = count(j, "hazards");
  report.problem = text(j, "problem");
  if (const auto found = j.find("findings"); found != j.end() && found->is_array())
    for (const auto& f : *found) {
      if (!f.is_object()) continue;
      report.findings.push_back({text(f, "severity"), text(f, "kind"), text(f, "kernel"), text(f, "where"), text(f, "other"),
                                 text(f, "thread"), count(f, "hazards")});
    }
  return report;
}

}  // namespace cudalab::lessons::tiles
