#include "render/shader_source.h"

#include <optional>
#include <system_error>
#include <utility>

#include "cudalab/files.h"

#include "render/embedded_shaders.h"

namespace cudalab::app::render {

ShaderText load_shader(const std::filesystem::path& shader_dir, std::string_view name) {
  ShaderText shader;
  if (!shader_dir.empty()) {
    const std::filesystem::path file = shader_dir / std::string(name);
    std::error_code error;
    if (std::filesystem::is_regular_file(file, error)) {
      if (std::optional<std::string> text = read_whole_file(file)) {
        shader.text = std::move(*text);
        shader.origin = file.string();
        if (!shader.text.empty()) return shader;
      }
    }
  }
  for (const EmbeddedShader& embedded : embedded_shaders()) {
    if (embedded.name == name) {
      shader.text = std::string(embedded.text);
      shader.origin = "embedded copy";
      return shader;
    }
  }
  shader.origin = "nowhere";
  return shader;
}

}  // namespace cudalab::app::render
