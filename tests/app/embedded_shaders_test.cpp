// The shaders compiled into the executable must be the files in shaders/: otherwise an install
// without <data>/shaders would draw differently. The copy is generated at build time (cmake/EmbedShaders.cmake).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "render/embedded_shaders.h"
#include "render/shader_source.h"

namespace fs = std::filesystem;
using namespace cudalab::app::render;

namespace {
const fs::path shader_dir = fs::path(CUDALAB_SOURCE_DIR) / "shaders";
}

TEST(EmbeddedShaders, EveryShaderFileIsEmbeddedVerbatim) {
  std::set<std::string> files;
  for (const auto& entry : fs::directory_iterator(shader_dir)) {
    const std::string extension = entry.path().extension().string();
    if (extension != ".vert" && extension != ".frag") continue;
    files.insert(entry.path().filename().string());
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    bool found = false;
    for (const EmbeddedShader& shader : embedded_shaders()) {
      if (shader.name == entry.path().filename().string()) {
        found = true;
        EXPECT_EQ(shader.text, text.str()) << entry.path() << " differs from its embedded copy: cmake/EmbedShaders.cmake lost it";
      }
    }
    EXPECT_TRUE(found) << entry.path() << " is not embedded: cmake/EmbedShaders.cmake lost it";
  }
  EXPECT_GE(files.size(), 4u);
  for (const EmbeddedShader& shader : embedded_shaders()) {
    EXPECT_EQ(files.count(std::string(shader.name)), 1u) << shader.name << " is embedded but has no file";
  }
}

TEST(EmbeddedShaders, LoaderPrefersTheFileAndFallsBack) {
  const ShaderText from_file = load_shader(shader_dir, "cell_grid.vert");
  EXPECT_EQ(from_file.origin, (shader_dir / "cell_grid.vert").string());
  const ShaderText fallback = load_shader("/nonexistent/shaders", "cell_grid.vert");
  EXPECT_EQ(fallback.origin, "embedded copy");
  EXPECT_EQ(fallback.text, from_file.text);
  EXPECT_TRUE(load_shader(shader_dir, "no_such.frag").text.empty());
}
