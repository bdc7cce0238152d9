#include "cudalab/jit.h"

#include <regex>
#include <sstream>

namespace cudalab {

Status compile_kernel(Device& device, const JitSource& source, std::unique_ptr<JitKernel>* kernel, JitOutput* out,
                      double time_limit_seconds) {
  JitOutput ignored;
  return device.compile(source, kernel, out != nullptr ? out : &ignored, time_limit_seconds);
}

Status launch_compiled(Device& device, const JitKernel& kernel, const LaunchConfig& config,
                       const std::vector<std::vector<std::byte>>& args) {
  // cudaLaunchKernel copies each argument from these pointers before it returns.
  std::vector<void*> gpu_args;
  gpu_args.reserve(args.size() + 1);
  for (const auto& bytes : args) gpu_args.push_back(const_cast<std::byte*>(bytes.data()));
  gpu_args.push_back(nullptr);
  return device.launch(kernel.entry(), config, gpu_args.data(), kernel.emu_invocation(args));
}

std::vector<JitDiagnostic> parse_compiler_messages(const std::string& log) {
  // gcc/clang: "file:12:5: error: text"; NVRTC: "file(12): error: text". "fatal error" counts as an error.
  static const std::regex gnu(R"(^(.+?):(\d+):(?:(\d+):)?\s*(fatal error|error|warning):\s*(.*)$)");
  static const std::regex nvrtc(R"(^(.+?)\((\d+)\):\s*(catastrophic error|error|warning)\s*(?:#\w+-\w)?:?\s*(.*)$)");
  std::vector<JitDiagnostic> diagnostics;
  std::istringstream lines(log);
  std::string line;
  std::smatch match;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    JitDiagnostic diagnostic;
    if (std::regex_match(line, match, gnu)) {
      diagnostic.file = match[1];
      diagnostic.line = std::stoi(match[2]);
      diagnostic.column = match[3].matched ? std::stoi(match[3]) : 0;
      diagnostic.error = match[4] != "warning";
      diagnostic.message = match[5];
    } else if (std::regex_match(line, match, nvrtc)) {
      diagnostic.file = match[1];
      diagnostic.line = std::stoi(match[2]);
      diagnostic.error = match[3] != "warning";
      diagnostic.message = match[4];
    } else {
      continue;
    }
    diagnostics.push_back(std::move(diagnostic));
  }
  return diagnostics;
}

}  // namespace cudalab
