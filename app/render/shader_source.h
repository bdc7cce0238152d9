#pragma once
// Finds a shader's text: <data>/shaders/<name> when present (so a teacher can tweak a shader
// without rebuilding), else the copy compiled into the executable.
#include <filesystem>
#include <string>
#include <string_view>

namespace cudalab::app::render {

struct ShaderText {
  std::string text;    // empty when neither the file nor an embedded copy exists
  std::string origin;  // the file's path, or "embedded copy"
};

ShaderText load_shader(const std::filesystem::path& shader_dir, std::string_view name);

}  // namespace cudalab::app::render
