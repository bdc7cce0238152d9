#pragma once
// A linked GL program from vertex + fragment source, owning its GL name. Compile and link errors
// come back as text (with the shader's origin), never as an abort.
#include <string>

#include <glad/gl.h>

namespace cudalab::app::render {

class GlProgram {
 public:
  GlProgram() = default;
  ~GlProgram();
  GlProgram(GlProgram&& other) noexcept;
  GlProgram& operator=(GlProgram&& other) noexcept;
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;

  // Returns "" on success, else the GL log prefixed with `vertex_origin` / `fragment_origin`.
  std::string build(const std::string& vertex_source, const std::string& vertex_origin,
                    const std::string& fragment_source, const std::string& fragment_origin);

  GLuint id() const { return program_; }
  GLint uniform(const char* name) const { return glGetUniformLocation(program_, name); }

 private:
  GLuint program_ = 0;
};

}  // namespace cudalab::app::render
