#pragma once
// The shaders compiled into the executable: the fallback when <data>/shaders is missing.
// Its definition is generated at build time from shaders/ (cmake/EmbedShaders.cmake).
#include <string_view>
#include <vector>

namespace cudalab::app::render {

struct EmbeddedShader {
  std::string_view name;  // file name: "cell_grid.vert"
  std::string_view text;
};

const std::vector<EmbeddedShader>& embedded_shaders();

}  // namespace cudalab::app::render
